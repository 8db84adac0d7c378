"""Persons' names that name no node alone: the names before the noun they qualify ("Kullback-Leibler"
of "Kullback-Leibler divergence", "Cauchy" of "a Cauchy integral", "Wasserstein-2" of "the
Wasserstein-2 distance") and the authors a sentence cites ("Rubinfeld and Vasilyan [2022]", "Jain,
Netrapalli and Sanghavi showed"). The term with its head is a mention of its own; a name that is a
method's says so by its head ("Gauss-Newton method") or by standing alone. The graph drops an
entity every mention of which a citation follows (:mod:`kg.graph.citations`: "Uria et al. (2014)");
this reads what that pattern does not, authors listed before a bracketed year or a finding
("Rubinfeld and Vasilyan [2022]", "Jain, Netrapalli and Sanghavi showed"), before any mention is made.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from kg.nlp.span_edges import ROLE_HEADS, STRIPPABLE_HEADS
from kg.nlp.variants import DATASET_HEADS
from kg.text import YEAR, singular

#: Mathematical objects named after a person: the name before one of them only qualifies it.
MATH_HEADS = frozenset(
    """distance divergence integral inequality theorem lemma norm transform equation identity bound
    constant coefficient space metric operator conjecture formula dimension noise barycenter flow
    geodesic sampling regression process dynamics""".split()
)
#: One person's name, possibly with an order: "Cauchy", "Wasserstein-2" (not "GPT-2", "ImageNet").
_PERSON = re.compile(r"[A-Z][a-z]{2,}(?:-\d)?")
#: What a list of cited authors goes on with: a year ("2023", "[2022]"), "et al.", or a finding.
_CITING_VERBS = frozenset({"showed", "proved", "proposed", "introduced", "established", "conjectured"})
_LIST_WORDS = frozenset({",", "and", "&"})
#: One surname in a list of authors, two letters or more ("Hu").
_NAME = re.compile(r"[A-Z][a-z]+")
#: A year as a citation writes it: "2023", "2023a".
_CITED_YEAR = re.compile(YEAR.pattern + r"[a-z]?")


def names_before_head(span: Span) -> bool:
    """Whether ``span`` is a hyphenated pair of names cut off the noun they qualify: "Pauli-Liouville"
    of "Pauli-Liouville basis", "Kullback-Leibler" of "Kullback-Leibler divergence" (not the
    "Gauss-Newton" of "Gauss-Newton method", whose head says what Gauss-Newton is)."""
    words = [t for t in span if t.text != "-"]
    if len(words) < 2 or len(words) == len(span) or any(t.whitespace_ for t in span[:-1]):
        return False
    if not all(t.is_title and t.is_alpha for t in words):
        return False
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    heads = ROLE_HEADS | STRIPPABLE_HEADS | DATASET_HEADS
    return nxt is not None and nxt.is_lower and nxt.pos_ == "NOUN" and nxt.lemma_.lower() not in heads


def eponym_before_head(span: Span) -> bool:
    """Whether ``span`` is one person's name before the mathematical object it names.

    >>> import spacy
    >>> doc = spacy.blank("en")("via a Cauchy integral in the Wasserstein-2 distance of GPT-2 space")
    >>> [eponym_before_head(doc[k : k + 1]) for k in (2, 6, 9)]
    [True, True, False]
    >>> [eponym_before_head(d[0:1]) for d in map(spacy.blank("en"), ("Langevin dynamics", "Hawkes processes"))]
    [True, True]
    """
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    one = len(span) == 1 and _PERSON.fullmatch(span.text) is not None
    return one and nxt is not None and nxt.is_lower and singular(nxt.lower_) in MATH_HEADS


def cited_author(span: Span) -> bool:
    """Whether ``span`` is one of the authors a sentence cites by name: a list of persons' names
    that goes on with a year, "et al." or a finding.

    >>> import spacy
    >>> doc = spacy.blank("en")("by Rubinfeld and Vasilyan [2022]. Jain, Ng and Sanghavi showed (Hu, and Lee 2023)")
    >>> [doc[k].text for k in range(len(doc)) if cited_author(doc[k : k + 1])]
    ['Rubinfeld', 'Vasilyan', 'Jain', 'Ng', 'Sanghavi', 'Hu', 'Lee']
    >>> [cited_author(d[0:1]) for d in map(spacy.blank("en"), ("Hopper and Walker tasks", "Adam and Lion"))]
    [False, False]
    """
    if len(span) != 1 or not _name(span[0].text):
        return False
    doc = span.doc
    start, end = span.start, span.end
    while start >= 2 and doc[start - 1].lower_ in _LIST_WORDS and _name(doc[start - 2].text):
        start -= 2
    while end + 1 < len(doc) and doc[end].lower_ in _LIST_WORDS:
        end += 1 + (doc[end].text == "," and doc[end + 1].lower_ in {"and", "&"})  # "A, B, and C"
        if end >= len(doc) or not _name(doc[end].text):
            return False
        end += 1
    if end - start < 3:  # one name alone is no list of authors
        return _year_at(doc, end) or (end + 1 < len(doc) and doc[end].lower_ == "et" and doc[end + 1].lower_ == "al.")
    return _year_at(doc, end) or (end < len(doc) and doc[end].lower_ in _CITING_VERBS)


def _name(text: str) -> bool:
    return _NAME.fullmatch(text) is not None


def _year_at(doc: Doc, k: int) -> bool:
    """A year at ``doc[k]``, bare or in brackets: "2023", "[2022]", "(2021)"."""
    if k < len(doc) and doc[k].text in {"[", "("}:
        k += 1
    return k < len(doc) and _CITED_YEAR.fullmatch(doc[k].text) is not None
