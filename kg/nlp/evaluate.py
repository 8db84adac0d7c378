"""Score predicted entity mentions and relations against gold (SciERC conventions).

Entities: exact span and type; nested/overlapping spans are counted individually.
Relations: strict (both argument spans exact, both argument types right, label right), once
with predicted entities and once with gold entities given to the relation classifier.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.spans import Relation, relations_of

SpanKey = tuple[int, int, str]  # a mention as scored: start, end (exclusive), label
RelationKey = tuple[int, int, str, int, int, str, str]  # a relation as scored: head span+type, tail span+type, label


def prf(tp: int, n_pred: int, n_gold: int) -> dict[str, float]:
    """Precision, recall and F1 from counts (0.0 when undefined)."""
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f}


def score_sets(pred: Iterable[set[Any]], gold: Iterable[set[Any]]) -> dict[str, float]:
    """Micro P/R/F1 over parallel per-document sets of hashable items."""
    tp = n_pred = n_gold = 0
    for p, g in zip(pred, gold, strict=True):
        tp += len(p & g)
        n_pred += len(p)
        n_gold += len(g)
    return prf(tp, n_pred, n_gold)


def score_entities(pred: Sequence[set[SpanKey]], gold: Sequence[set[SpanKey]]) -> dict[str, Any]:
    """Exact span+type P/R/F1 overall and per type (``per_type``)."""
    result: dict[str, Any] = score_sets(pred, gold)
    counts: Counter[tuple[str, str]] = Counter()
    for p, g in zip(pred, gold, strict=True):
        for m in p:
            counts[m[2], "pred"] += 1
            counts[m[2], "tp"] += m in g
        for m in g:
            counts[m[2], "gold"] += 1
    labels = sorted({lab for lab, _ in counts})
    result["per_type"] = {lab: prf(counts[lab, "tp"], counts[lab, "pred"], counts[lab, "gold"]) for lab in labels}
    return result


def typed_relations(rels: Iterable[Relation], mentions: set[SpanKey]) -> set[RelationKey]:
    """Attach argument types to relations.

    Each argument takes every type its span has in ``mentions`` (normally one); an argument whose
    span is not a mention gets type ``""`` so it can never match gold.
    """
    types: dict[tuple[int, int], list[str]] = {}
    for s, e, lab in mentions:
        types.setdefault((s, e), []).append(lab)
    out: set[RelationKey] = set()
    for hs, he, lab, ts, te, *_ in rels:
        for ht in types.get((hs, he), [""]):
            for tt in types.get((ts, te), [""]):
                out.add((hs, he, ht, ts, te, tt, lab))
    return out


def doc_mentions(doc: Doc, key: str) -> set[SpanKey]:
    return {(s.start, s.end, s.label_) for s in doc.spans[key]} if key in doc.spans else set()


def doc_relations(doc: Doc) -> list[Relation]:
    return relations_of(doc._.relations) if doc.has_extension("relations") else []


def evaluate_scierc(nlp: Language, path: str | Path, batch_size: int = 32) -> dict[str, Any]:
    """Run ``nlp`` on SciERC docs (tokens and sentences as given) and score it.

    The pipeline must write mentions to ``doc.spans[SPAN_KEY]`` and relations to
    ``doc._.relations`` (see :mod:`kg.nlp.relation_classifier`). For the gold-entity
    score the relation component is run again with the gold mentions in place.
    """
    from kg.nlp.relation_classifier import RELATION_COMPONENT
    from kg.nlp.scierc import SPAN_KEY, blank_copy, read_scierc

    examples = read_scierc(path, nlp.vocab)
    gold_docs = [ex.doc for ex in examples]
    gold_m = [doc_mentions(d, SPAN_KEY) for d in gold_docs]
    gold_r = [typed_relations(ex.relations, m) for ex, m in zip(examples, gold_m, strict=True)]
    docs = [blank_copy(d) for d in gold_docs]
    docs = list(nlp.pipe(docs, batch_size=batch_size))
    pred_m = [doc_mentions(d, SPAN_KEY) for d in docs]
    pred_r = [typed_relations(doc_relations(d), m) for d, m in zip(docs, pred_m, strict=True)]
    result: dict[str, Any] = {
        "entities": score_entities(pred_m, gold_m),
        "relations": score_sets(pred_r, gold_r),
    }
    if RELATION_COMPONENT in nlp.pipe_names:
        rel_pipe = nlp.get_pipe(RELATION_COMPONENT)
        for d, g in zip(docs, gold_docs, strict=True):
            d.spans[SPAN_KEY] = [Span(d, s.start, s.end, label=s.label_) for s in g.spans[SPAN_KEY]]
        docs = [rel_pipe(d) for d in docs]
        gold_pred_r = [typed_relations(doc_relations(d), m) for d, m in zip(docs, gold_m, strict=True)]
        result["relations_gold_entities"] = score_sets(gold_pred_r, gold_r)
    return result


def format_scores(scores: dict[str, Any]) -> str:
    """The scores of :func:`evaluate_scierc` as a table: P, R, F1 per row."""
    lines = [f"{'':22}{'P':>7}{'R':>7}{'F1':>7}"]
    rows = [("entities", scores["entities"])]
    rows += [(f"  {kind}", s) for kind, s in sorted(scores["entities"]["per_type"].items())]
    rows += [("relations (strict)", scores["relations"]), ("relations, gold ents", scores["relations_gold_entities"])]
    lines += [f"{name:22}{s['precision']:7.3f}{s['recall']:7.3f}{s['f1']:7.3f}" for name, s in rows]
    return "\n".join(lines)
