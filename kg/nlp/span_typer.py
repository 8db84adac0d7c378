"""The span typer: a linear model over a span's words and context that gives a voted span its
SciERC type (the NER models vote on the span only)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from spacy.tokens import Span

from kg.nlp.linear import LinearModel, linear_probabilities, linear_scores


def span_type_features(sp: Span) -> list[str]:
    """Sparse string features for typing one mention span (needs tags, lemmas, dependencies)."""
    doc, s, e = sp.doc, sp.start, sp.end
    root, last = sp.root, sp[-1].lower_
    return [
        f"h={root.lemma_.lower()}",
        f"l={last}",
        f"f={sp[0].lower_}",
        f"suf={last[-3:]}",
        f"suf4={last[-4:]}",
        f"len={min(len(sp), 5)}",
        f"dep={root.dep_}",
        f"hd={root.head.lemma_.lower()}|{root.dep_}",
        f"hdl={root.head.lemma_.lower()}",
        f"prev={doc[s - 1].lower_ if s > 0 else '<s>'}",
        f"next={doc[e].lower_ if e < len(doc) else '</s>'}",
        f"prev2={doc[s - 2].lower_ if s > 1 else '<s>'}",
        f"next2={doc[e + 1].lower_ if e + 1 < len(doc) else '</s>'}",
        f"shape={sp[-1].shape_}",
        f"pos={sp[-1].pos_}",
        f"fpos={sp[0].pos_}",
        f"upper={any(t.is_upper for t in sp)}",
        *(f"w={t.lower_}" for t in sp),
        *(f"ws={t.lower_[-3:]}" for t in sp),
    ]


def predict_types(model: LinearModel, spans: Sequence[Span]) -> list[str]:
    """Most likely type of each span under the span typer ``model``."""
    if not spans:
        return []
    scores = linear_scores(model, (span_type_features(sp) for sp in spans))
    return [model.labels[k] for k in scores.argmax(axis=1)]


def type_probabilities(model: LinearModel, spans: Sequence[Span], labels: Sequence[str]) -> np.ndarray:
    """The span typer's probability of each of ``labels`` (columns) for each span (rows)."""
    if not spans:
        return np.zeros((0, len(labels)))
    probs = linear_probabilities(model, (span_type_features(sp) for sp in spans))
    return probs[:, [model.labels.index(lab) for lab in labels]]
