"""Abbreviations tied to their long forms: "Sparse Autoencoders (SAEs)", "Key-Value (KV)".

Which words a short form abbreviates is decided by :func:`kg.nlp.long_forms.long_form_start`.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.nlp.hyphened import modifier_word
from kg.nlp.long_forms import long_form_start, spelled_out, spelled_start
from kg.text import MAPPING_WORD, english_zipf

#: Below this frequency in English (Zipf scale) a capitalized word is a person's name, not a term's word.
_RARE_ZIPF = 2.5
#: Endings of English words rare or technical, none a person's name: "Maximization", "Polyadic".
_WORD_ENDINGS = ("tion", "sion", "ment", "ing", "ity", "ness", "ic", "al", "ive", "ous", "ance", "ence", "ism", "ics")
_SHORT = re.compile(r"^(?=.*[A-Z])[A-Za-z][A-Za-z0-9&./+-]{0,11}$")


def find_definitions(doc: Doc) -> list[tuple[Span, Span]]:
    """``(short, long)`` span pairs for each "long form (SHORT)", "long form, or SHORT," and
    "SHORT (long form)" in the doc."""
    pairs: list[tuple[Span, Span]] = []
    for open_tok in doc:
        if open_tok.text != "(" or open_tok.i == 0:
            continue
        close = next((t for t in doc[open_tok.i + 1 : open_tok.i + 5] if t.text == ")"), None)
        if close is None or close.i == open_tok.i + 1:
            continue
        short = doc[open_tok.i + 1 : close.i]
        if " " in short.text or not _SHORT.match(short.text):
            continue
        sent_start = open_tok.sent.start
        window = [t for t in doc[sent_start : open_tok.i]]
        words = [t.text for t in window]
        start = long_form_start(short.text, words)
        if start is None:
            continue
        long = doc[window[start].i : open_tok.i]
        while len(long) and not long[-1].text[:1].isalnum():
            long = long[:-1]
        if len(long) and long.text != short.text:
            pairs.append((short, long))
    return pairs + _unbracketed(doc) + _short_first(doc)


def _short_token(token: Token) -> bool:
    return bool(_SHORT.match(token.text)) and sum(c.isupper() for c in token.text) >= 2


def _unbracketed(doc: Doc) -> list[tuple[Span, Span]]:
    """ "Low-Rank Adaptation, or LoRA, freezes ...", "Latent Action Q-learning or LAQ, an
    offline method": the long form before "or", its initials spelling the short form."""
    pairs: list[tuple[Span, Span]] = []
    for tok in doc[3:]:
        after = doc[tok.i + 1].text if tok.i + 1 < len(doc) else "."
        if not (_short_token(tok) and doc[tok.i - 1].lower_ == "or") or after not in {",", ".", ";", ":", ")"}:
            continue  # "X, or LoRA-based models": no definition
        end = tok.i - 2 if doc[tok.i - 2].text == "," else tok.i - 1
        starts, words = _words(doc[tok.sent.start : end])
        start = spelled_start(tok.text, words)
        if start is not None:
            pairs.append((doc[tok.i : tok.i + 1], doc[starts[start] : end]))
    return pairs


def _short_first(doc: Doc) -> list[tuple[Span, Span]]:
    """ "LoRA (Low-Rank Adaptation)": the whole bracket is the long form of the word before it."""
    pairs: list[tuple[Span, Span]] = []
    for tok in doc[1:]:
        if tok.text != "(" or not _short_token(doc[tok.i - 1]):
            continue
        close = next((t for t in doc[tok.i + 2 : tok.i + 12] if t.text == ")"), None)
        inside = doc[tok.i + 1 : close.i] if close is not None else None
        if inside is not None and len(inside) >= 2 and spelled_out(doc[tok.i - 1].text, _words(inside)[1]):
            pairs.append((doc[tok.i - 1 : tok.i], inside))
    return pairs


def _words(span: Span) -> tuple[list[int], list[str]]:
    """The whitespace-separated words of ``span`` ("Q-learning" is one) and where each starts."""
    starts: list[int] = []
    words: list[str] = []
    for tok in span:
        if not starts or span.doc[tok.i - 1].whitespace_:
            starts.append(tok.i)
            words.append(tok.text)
        else:
            words[-1] += tok.text
    return starts, words


SHORT_KEY = "kg_abbr_short"
LONG_KEY = "kg_abbr_long"


def definitions(doc: Doc) -> list[tuple[Span, Span]]:
    """The ``(short, long)`` pairs the component found, kept as two aligned span groups so that
    docs serialize (and cross process boundaries in ``nlp.pipe(n_process=...)``)."""
    if SHORT_KEY not in doc.spans:
        return []
    return list(zip(doc.spans[SHORT_KEY], doc.spans[LONG_KEY], strict=True))


def defined_inside(short: Span, long: Span) -> Span | None:
    """ "out-of-distribution (OOD) generalization": an abbreviation defined inside a term; the
    span runs to the nouns after the bracket (its text drops the bracket: :func:`unbracketed`)."""
    doc = short.doc
    if short.end >= len(doc) or doc[short.end].text != ")" or long.end > short.start:
        return None
    end = short.end + 1
    while end < len(doc) and doc[end].pos_ in {"NOUN", "PROPN"} and not doc[end].is_sent_start:
        end += 1
    return doc[long.start : end] if end > short.end + 1 and end - long.start <= 10 else None


def _only_qualifies(short: Span, long: Span) -> bool:
    """Whether the long form, a name of persons ("Kullback-Leibler"), modifies the noun after its
    bracket and the abstract writes the short form only before a noun: "KL" of "the KL divergence"
    after "the Kullback-Leibler (KL) divergence", "SW" of "the SW distance" (not "Reinforcement
    Learning (RL) offers", a verb the tagger took for a noun)."""
    doc = short.doc
    after = doc[short.end + 1]  # the noun after the bracket (:func:`defined_inside`)
    if len(short) != 1 or not (long.root.head == after or after.head == long.root):
        return False
    last = long[-1]  # a name's word English lacks ("Leibler", "Wasserstein"): the long form names no term
    rare = english_zipf(last.lower_) < _RARE_ZIPF and not last.lower_.endswith(_WORD_ENDINGS)
    if not last.text[:1].isupper() or not rare:
        return False  # "Open Graph Benchmark (OGB) datasets", "Information Maximization (IM) algorithm"
    uses = [t.i for t in doc if t.text in {short.text, short.text + "s"} and t.i != short.start]
    return all(k + 1 < len(doc) and doc[k + 1].is_lower and doc[k + 1].pos_ in {"NOUN", "PROPN"} for k in uses)


def without_qualifiers(doc: Doc, found: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """``found`` (mention spans and their types) without the forms of an abbreviation defined for
    a word that qualifies the noun after it: no "out-of-distribution" nor OOD node from
    "out-of-distribution (OOD) detection", whose term is the whole ("OOD detection" stays); nor a
    "Kullback-Leibler" node from "the Kullback-Leibler (KL) divergence ... the KL divergence", where
    the abbreviation only ever qualifies (the readers of held-out samples f and g: fragments); nor a
    "text-to-image" node from "text-to-image (T2I) diffusion models", a pair "X-to-Y" that says what
    the thing it qualifies maps (the readers of held-out samples e, f and h: fragments)."""
    forms = {
        form
        for short, long in definitions(doc)
        if defined_inside(short, long) is not None
        and (modifier_word(long) or _only_qualifies(short, long) or MAPPING_WORD.fullmatch(long.text) is not None)
        for form in (short.text, long.text.lower())
    }
    if not forms:
        return found
    return {
        k: v
        for k, v in found.items()
        if doc[k[0] : k[1]].text not in forms and doc[k[0] : k[1]].text.lower() not in forms
    }


@Language.factory("kg_abbreviations", assigns=["doc.spans"], requires=["token.sent_start"])
def make_abbreviations(nlp: Language, name: str) -> AbbreviationDetector:
    return AbbreviationDetector()


class AbbreviationDetector:
    """Thin component over :func:`find_definitions`; read its output with :func:`definitions`."""

    def __call__(self, doc: Doc) -> Doc:
        pairs = find_definitions(doc)
        doc.spans[SHORT_KEY] = [short for short, _ in pairs]
        doc.spans[LONG_KEY] = [long for _, long in pairs]
        return doc
