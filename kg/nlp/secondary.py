"""Contributions a paper adds to its main one: "Additionally, we introduce a lognormal noise
schedule", "We also propose a regularizer". When such an addition is all the proposal finder
found, "we" and "our method" stand for a contribution the abstract leaves unnamed ("improved
techniques for consistency training"), not for the addition.
"""

from __future__ import annotations

import re

from spacy.tokens import Span

from kg.nlp.mentions import SPANS_KEY
from kg.nlp.proposals import main_proposal

#: Words that add a contribution to another: at the opening of its sentence or on its verb.
_ADDING = frozenset({"additionally", "also", "further", "furthermore", "moreover", "besides"})


def secondary(span: Span) -> bool:
    """Whether ``span`` is proposed as an addition: its sentence opens with "Additionally", "In
    addition", "Moreover" ..., or the verb it is the object of says "also" or "further"."""
    opening = [t.lower_ for t in span.sent[:3] if t.is_alpha]
    if opening[:1] and (opening[0] in _ADDING or opening[:2] == ["in", "addition"]):
        return True
    verb = span.root.head
    return span.root.dep_ in {"dobj", "nsubjpass"} and any(c.lower_ in _ADDING for c in verb.children)


def main_contribution(proposed: list[Span]) -> Span | None:
    """What "we" and "our method" stand for (:func:`~kg.nlp.proposals.main_proposal`), never an
    addition to a contribution the abstract names in no other way; a size of a method the abstract
    names ("our EfficientMod-s" of EfficientMod) stands for the method."""
    main = main_proposal([s for s in proposed if not secondary(s)])
    return _sized(main) or main


#: The size a variant's name ends with: "EfficientMod-s", "ViT-B", "Swin-T", "BERT-large".
_SIZE = re.compile(r"(.{3,})-(?:[smlbtSMLBT]|XL|XS|xl|xs|tiny|small|base|large|Tiny|Small|Base|Large)")


def _sized(span: Span | None) -> Span | None:
    """The mention of the method whose size ``span`` names, when the abstract names it apart."""
    match = _SIZE.fullmatch(span.text) if span is not None else None
    if span is None or match is None:
        return None
    base = match.group(1)
    named = (m for m in span.doc.spans.get(SPANS_KEY, []) if m.text == base and m.label_ in {"Method", "Concept"})
    return next(named, None)
