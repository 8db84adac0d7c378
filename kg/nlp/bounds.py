"""Bounds the tagger breaks: in "the evidence lower bound" and "a variational upper bound on the
loss" it reads "bound" as a verb, so no noun chunk holds the term and the span stops at "lower"
("variational upper"). A bound is a term of its own: the words before "lower/upper bound" that
describe it and the bound itself are one mention."""

from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.nlp.span_edges import trim

_SIDES = frozenset({"lower", "upper"})
_BOUNDS = frozenset({"bound", "bounds"})
#: Words a bound's description is made of: "evidence", "variational", "information-theoretic".
_DESCRIBING = frozenset({"NOUN", "PROPN", "ADJ"})


def with_bounds(doc: Doc, found: dict[tuple[int, int], str], lexicon: Lexicon) -> dict[tuple[int, int], str]:
    """``found`` (token bounds -> label) with each "<words> lower/upper bound" the tagger broke as
    one Concept mention, and without the mention it cut before "bound" ("variational upper")."""
    out = dict(found)
    ids = doc.vocab.strings  # the lower-case forms read from the Doc's array: no Token made per word
    bounds, sides = {ids[w] for w in _BOUNDS}, {ids[w] for w in _SIDES}
    lower = doc.to_array(LOWER).tolist()
    for i in [i for i in range(1, len(lower)) if lower[i] in bounds and lower[i - 1] in sides]:
        if doc[i].pos_ == "NOUN":
            continue
        start = i - 1
        while start > doc[i].sent.start and (
            doc[start - 1].pos_ in _DESCRIBING or (doc[start - 1].text == "-" and not doc[start - 1].whitespace_)
        ):
            start -= 1
        span = trim(doc[start : i + 1], lexicon)
        if len(span) < 3 or span.end != i + 1:
            continue  # "a lower bound", "tight upper bounds": no term but the bound itself
        for key in [k for k in out if span.start <= k[0] and k[1] == i]:
            del out[key]  # "variational upper": the span the broken parse cut
        out.setdefault((span.start, span.end), "Concept")
    return out
