"""Each relation weighed against what readers state: the readers' relation model.

The rules and the SciERC classifier relate many pairs of mentions that share a sentence; readers
of kg's development samples state fewer ("uses" between two things a sentence only names
together, "featureOf" the wrong way round) and some the rules miss. This module keeps a
multinomial logistic regression (:mod:`kg.nlp.linear`) over pairs of kg's own mentions in one
sentence, fitted on the relations those readers wrote (``scripts/train_relation_check.py``;
classes: NONE, each label, and each asymmetric label the other way round, ``L<``), with the SciERC
classifier's pair features (:func:`kg.nlp.relation_classifier.pair_features`). Its probability
``p`` for a relation's label and direction is combined with the relation's own confidence ``c``:

* ``p`` below the model's ``threshold``: the relation's confidence falls to ``p`` (under 0.01), so
  the build leaves it out at any confidence a user would ask for, while the graph still reads its
  ends' roles from it when it types them (:func:`kg.graph.type_model.stated_roles`), as the type
  model was fitted to;
* otherwise its confidence becomes the noisy-or ``1 - (1 - c)(1 - p)``, so a relation the rules
  are unsure of and readers would state can reach the build's default (0.7).

The threshold keeps 90% of the relations the readers stated and the pipeline emits, cross-validated
over the development samples, and drops about 40% of the others (``scripts/train_relation_check.py``).
Relations the model reads between pairs no component relates are not added: built with a model
fitted without them, two samples of 60 papers gained 2 of their readers' relations that way, and
scoring every pair of mentions costs 7% of the pipeline's CPU.
``kg_relation_check`` is the pipeline's last component: it rewrites ``doc._.kg_relations``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.linear import LinearModel, linear_probabilities, load_linear
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.relation_classifier import pair_features, token_table
from kg.nlp.spans import Relation, relations_of

MODEL_DIR = Path(__file__).resolve().parent / "models" / "readers_relations"
#: Labels stated either way round: one class, no reversed one.
SYMMETRIC = frozenset({"conjoinedWith", "comparedWith"})


def pair_class(label: str, head_first: bool) -> str:
    """The model's class for a relation ``label`` whose head comes first in the text or not.

    >>> pair_class("uses", True), pair_class("uses", False), pair_class("conjoinedWith", False)
    ('uses', 'uses<', 'conjoinedWith')
    """
    return label if head_first or label in SYMMETRIC else f"{label}<"


@cache
def load_check(path: Path = MODEL_DIR) -> LinearModel | None:
    """The shipped model (None when there is none, as while it is being trained)."""
    return load_linear(path) if (path / "model.json").exists() else None


def _ordered(a: Span, b: Span) -> tuple[Span, Span]:
    return (a, b) if (a.start, a.end) <= (b.start, b.end) else (b, a)


def readers_probabilities(model: LinearModel, doc: Doc, relations: Sequence[Relation]) -> list[float | None]:
    """Each relation's probability under ``model`` (None: an end is none of the doc's mentions)."""
    mentions = {(s.start, s.end): s for s in doc.spans.get(SPANS_KEY, [])}
    bounds, tokens = sorted(mentions), token_table(doc)
    rows, where = [], []
    for k, rel in enumerate(relations):
        head = mentions.get((rel.head_start, rel.head_end))
        tail = mentions.get((rel.tail_start, rel.tail_end))
        if head is None or tail is None or head.sent.start != tail.sent.start:
            continue
        a, b = _ordered(head, tail)
        rows.append(pair_features(a, b, bounds, tokens))
        where.append((k, pair_class(rel.label, a is head)))
    out: list[float | None] = [None] * len(relations)
    for (k, _), p in zip(where, class_probabilities(model, rows, [c for _, c in where]), strict=True):
        out[k] = p
    return out


def class_probabilities(model: LinearModel, rows: Sequence[Sequence[str]], classes: Sequence[str]) -> list[float]:
    """The probability ``model`` gives each row's class (0 for a class it does not know)."""
    if not rows:
        return []
    column = {label: j for j, label in enumerate(model.labels)}
    return [
        float(p[column[c]]) if c in column else 0.0
        for p, c in zip(linear_probabilities(model, rows), classes, strict=True)
    ]


def checked_relations(doc: Doc, model: LinearModel | None) -> list[Relation]:
    """``doc._.kg_relations`` weighed by the readers' ``model`` (see the module's description)."""
    relations = relations_of(doc._.kg_relations)
    if model is None:
        return relations
    out = []
    for rel, p in zip(relations, readers_probabilities(model, doc, relations), strict=True):
        if p is None:
            out.append(rel)
        elif p < model.threshold:  # kept at p, under any threshold a user would set: its ends' roles still count
            out.append(rel._replace(score=round(min(rel.score, p), 4)))
        else:
            out.append(rel._replace(score=round(1 - (1 - rel.score) * (1 - p), 4)))
    return out


class RelationCheck:
    """Thin component over :func:`checked_relations`."""

    def __init__(self, path: Path = MODEL_DIR) -> None:
        self.model = load_check(path)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_relations = checked_relations(doc, self.model)
        return doc


@Language.factory("kg_relation_check", assigns=["doc._.kg_relations"], requires=["doc.spans"])
def make_relation_check(nlp: Language, name: str) -> RelationCheck:
    return RelationCheck()
