"""Helpers for mention spans shared by the proposal and relation components."""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from kg.nlp.mentions import SPANS_KEY


def mention_index(doc: Doc) -> dict[int, Span]:
    """Token index → the longest mention covering that token (names win over chunks)."""
    index: dict[int, Span] = {}
    for span in sorted(doc.spans.get(SPANS_KEY, []), key=lambda s: (len(s), -s.start)):
        for i in range(span.start, span.end):
            index[i] = span
    return index


def mention_at(token: Token, index: dict[int, Span]) -> Span | None:
    """The mention a syntactic head token stands for: its own, or the one ending at it."""
    return index.get(token.i)


def region(token: Token, exclude: frozenset[str]) -> list[Token]:
    """``token``'s subtree, leaving out the subtrees of children attached by ``exclude``."""
    out = [token]
    for child in token.children:
        if child.dep_ not in exclude:
            out.extend(region(child, exclude))
    return out
