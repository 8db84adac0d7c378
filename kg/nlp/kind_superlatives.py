"""Superlatives that make a term with the noun after them: "nearest neighbor", "least squares",
"shortest path", "steepest descent" (not a degree, as "best results" is): a mention keeps them."""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.text import singular

#: Superlatives that make a term with the noun after them (singular), not a degree ("best results").
_KIND_SUPERLATIVES = frozenset(
    {"nearest neighbor", "nearest neighbour", "least square", "shortest path", "steepest descent"}
)
_KIND_NOUNS = frozenset(term.split()[1] for term in _KIND_SUPERLATIVES)


def names_kind(token: Token) -> bool:
    """Whether the superlative ``token`` makes a term with the next word ("nearest[-]neighbor")."""
    doc, i = token.doc, token.i + 1
    if i < len(doc) - 1 and doc[i].text == "-" and not token.whitespace_:
        i += 1
    return i < len(doc) and f"{token.lower_} {singular(doc[i].lower_)}" in _KIND_SUPERLATIVES


def superlative_start(token: Token) -> int:
    """Where the superlative of ``token``'s term starts ("least" of "least[-]squares loss"), or -1."""
    if token.lower_.rstrip("s") not in _KIND_NOUNS:  # asked of every chunk: the cheap test first
        return -1
    doc, i = token.doc, token.i - 1
    if i > 0 and doc[i].text == "-" and not doc[i - 1].whitespace_:
        i -= 1
    return i if i >= 0 and names_kind(doc[i]) else -1


def with_superlative(span: Span) -> Span:
    """``span`` grown back over the superlative the parse or the NER left out ("use [least] squares")."""
    start = superlative_start(span[0]) if len(span) else -1
    return span.doc[start : span.end] if start >= 0 else span
