"""Spans given relations: a candidate mention becomes a mention when a confident relation holds.

The MiniLM mention component (:mod:`kg.nlp.transformer_mentions`) keeps spans scoring between
its ``candidate_threshold`` and its ``threshold`` aside in ``doc.spans["sc_candidates"]``. The
MiniLM relation component reads them together with the mentions; a relation with a candidate
argument is kept only when its probability is at least ``min_prob``, and the candidates that
kept relations use join the mentions (the others are dropped). A span the tagger was unsure of
is then a mention because the sentence relates it to another, which is how a reader decides too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spacy.tokens import Doc, Span

from kg.nlp.scierc import CANDIDATE_KEY
from kg.nlp.spans import Relation


def supported(
    relations: Iterable[Relation], candidates: set[tuple[int, int]], min_prob: float
) -> tuple[list[Relation], set[tuple[int, int]]]:
    """The relations to keep and the candidate (start, end) spans they use.

    A relation between two mentions is kept as it is; one with a candidate argument only when
    its ``score`` is at least ``min_prob``.
    """
    kept = []
    for r in relations:
        args = {(r.head_start, r.head_end), (r.tail_start, r.tail_end)}
        if r.score >= min_prob or not args & candidates:
            kept.append(r)
    used = {(r.head_start, r.head_end) for r in kept} | {(r.tail_start, r.tail_end) for r in kept}
    return kept, used & candidates


def _ordered(spans: Iterable[Span]) -> list[Span]:
    return sorted(spans, key=lambda s: (s.start, s.end, s.label_))


def relations_with_candidates(
    doc: Doc, span_key: str, predict: Callable[[Doc], list[Relation]], min_prob: float | None
) -> list[Relation]:
    """``predict(doc)`` over the mentions and the candidates, filtered by :func:`supported`.

    The candidates are consumed: ``doc.spans[CANDIDATE_KEY]`` is removed, and the ones a kept
    relation uses are added to ``doc.spans[span_key]``. With ``min_prob`` None (or no candidates)
    this is ``predict(doc)`` over the mentions alone.
    """
    candidates = list(doc.spans[CANDIDATE_KEY]) if CANDIDATE_KEY in doc.spans else []
    if CANDIDATE_KEY in doc.spans:
        del doc.spans[CANDIDATE_KEY]
    if not candidates or min_prob is None:
        return predict(doc)
    mentions = list(doc.spans[span_key]) if span_key in doc.spans else []
    doc.spans[span_key] = _ordered([*mentions, *candidates])
    relations, used = supported(predict(doc), {(c.start, c.end) for c in candidates}, min_prob)
    doc.spans[span_key] = _ordered([*mentions, *(c for c in candidates if (c.start, c.end) in used)])
    return relations
