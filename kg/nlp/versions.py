"""A name goes on through its version: "OpenLane-V2", "Speech Commands V2", "Llama 2", "GPT-3.5",
"StarCraft II", "Caltech 101", "COCO 2017" are names of their own, not OpenLane, Speech Commands,
Llama, GPT, StarCraft, Caltech or COCO; a version alone ("II", the "v2" of "v1 and v2") is no
mention. Not a score ("FID 1.92"), an amount ("ImageNet 1K", "ImageNet 0-shot"), nor the year of a
citation ("Kidger 2020")."""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from kg.nlp.word_pieces import is_named
from kg.text import YEAR

_VERSION = re.compile(r"[vV]\d+(?:\.\d+)*|\d(?:\.\d+)*|\d{3,}|I{2,3}|IV|VI{1,3}")
#: One letter after a name and a hyphen names a variant of its own: "ImageNet-C" (corrupted
#: images) is not ImageNet, "ROUGE-L" not ROUGE, "CATER-h" not CATER.
_LETTER = re.compile(r"[A-Za-z]")


def version_like(text: str) -> bool:
    """Whether ``text`` is written as a version: "V2", "v1.5", "3.0", "II"."""
    return _VERSION.fullmatch(text) is not None


def is_version(token: Token) -> bool:
    """A version written after a name: the "V2" of "OpenLane-V2" and "Speech Commands V2", the "2"
    of "Llama 2", the "II" of "StarCraft II", the "101" of "Caltech 101" and "2017" of "COCO 2017"
    (a name goes on through its version); not the year of a citation ("Kidger 2020")."""
    i = token.i
    if i >= 2 and _LETTER.fullmatch(token.text):  # "ImageNet-C", "ROUGE-L", "GPT-J": a variant's letter
        hyphen, name = token.doc[i - 1], token.doc[i - 2]
        return hyphen.text == "-" and not hyphen.whitespace_ and not name.whitespace_ and is_named(name)
    if i == 0 or not version_like(token.text):
        return False
    before = token.doc[i - 1]
    if before.text == "-" and not before.whitespace_ and i >= 2:
        before = token.doc[i - 2]
    return is_named(before) or (before.is_title and not YEAR.fullmatch(token.text))


def version_end(doc: Doc, end: int) -> int:
    """Where a name ending before token ``end`` ends with its version: after "V2" in "OpenLane-V2"
    and "Speech Commands V2", after "2" in "Llama 2"; ``end`` when no version follows."""
    after = end + 1 if end < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ else end
    if after >= len(doc) or not is_version(version := doc[after]):
        return end
    nxt = doc[after + 1] if after + 1 < len(doc) else None
    if not version.whitespace_ and nxt is not None and (nxt.text[0].isalnum() or nxt.text == "-"):
        return end  # "ImageNet 1K", "ImageNet 0-shot": an amount, not a version
    return after + 1


def ends_named(span: Span) -> bool:
    """Whether ``span`` ends on a name or a name's version: "CircuitNet", "CircuitNet 2.0"."""
    return bool(len(span)) and (is_named(span[-1]) or is_version(span[-1]))


def with_versions(doc: Doc, found: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """A name goes on through its version: "OpenLane-V2" and "Speech Commands V2" are datasets of
    their own, not OpenLane and Speech Commands; "Llama 2" is not Llama. A version alone ("II" of
    "StarCraft II", the "v2" of "v1 and v2") or a phrase opening with it ("II benchmark") is no mention."""
    out: dict[tuple[int, int], str] = {}
    for (s, e), lab in found.items():
        if is_version(doc[s]) or (e - s == 1 and version_like(doc[s].text)):
            continue
        whole = version_end(doc, e)
        if lab == "Metric" and whole > e and not _LETTER.fullmatch(doc[whole - 1].text):
            whole = e  # "FID 1.92" is a score; "ROUGE-L" a metric of its own
        if whole == e:
            out.setdefault((s, e), lab)
        elif (s, whole) in found:
            out[(s, whole)] = found[(s, whole)]
        else:
            out[(s, whole)] = lab
    return out
