"""How sure kg is that one mention names a node a reader wants: a score per mention.

The entity confidence (:mod:`kg.graph.confidence`) judges a node from its label and how the
corpus uses it; it cannot tell "clustering" that a paper evaluates on from "clustering" said in
passing, nor a reader's "sparse reward" from the "feature value" of the next sentence. The score
of a mention reads its own sentence: its words, its syntactic role (the word it hangs on, the
words around it, where the abstract says it) and the tagger's context vectors (``doc.tensor``) of
its tokens and of the tokens on either side. A logistic regression fitted on the readers' entities
and not-nodes of kg's development samples (``scripts/train_mention_scores.py``), shipped as data
beside this module.

The graph moves the confidence of a paper's link to an entity by the score of the paper's best
mention of it (:func:`kg.graph.confidence.link_confidence`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from spacy.tokens import Span

MODEL_PATH = Path(__file__).resolve().parent / "data" / "mention_scores.json"
#: The context vectors read per mention: the mean of its tokens, its root, the token before and
#: the token after (zeros at the edges of the abstract).
CONTEXT_PARTS = 4


def mention_features(span: Span) -> list[str]:
    """The words and the syntactic role of a mention.

    >>> import spacy
    >>> nlp = spacy.blank("en")
    >>> doc = nlp("We evaluate on clustering tasks.")
    >>> mention_features(doc[3:5])[:5]
    ['w=clustering', 'w=tasks', 'head=tasks', 'first=clustering', 'type=']
    """
    words = [t.lower_ for t in span] or [""]
    root, doc = span.root, span.doc
    before = doc[span.start - 1].lower_ if span.start > 0 else "<s>"
    after = doc[span.end].lower_ if span.end < len(doc) else "</s>"
    where = int(4 * span.start_char / max(1, doc[-1].idx + len(doc[-1])))
    try:
        opening = span.sent.start == 0
    except ValueError:  # no sentence boundaries (a blank pipeline)
        opening = False
    return [
        *(f"w={w}" for w in dict.fromkeys(words)),
        f"head={words[-1]}",
        f"first={words[0]}",
        f"type={span.label_}",
        f"n={min(len(words), 4)}",
        f"type&head={span.label_}&{words[-1]}",
        f"dep={root.dep_}",
        f"governor={root.head.lemma_.lower()}",
        f"governor_pos={root.head.pos_}",
        f"dep&governor={root.dep_}&{root.head.lemma_.lower()}",
        f"before={before}",
        f"after={after}",
        f"first_sentence={int(opening)}",
        f"quarter={min(where, 3)}",
    ]


def context_vector(span: Span) -> np.ndarray | None:
    """The tagger's context vectors around a mention (``CONTEXT_PARTS`` of them end to end);
    None when the pipeline leaves no ``doc.tensor``."""
    tensor = span.doc.tensor
    if tensor is None or tensor.ndim != 2 or tensor.shape[0] != len(span.doc) or not len(span):
        return None
    zero = np.zeros(tensor.shape[1], dtype=np.float32)
    before = tensor[span.start - 1] if span.start > 0 else zero
    after = tensor[span.end] if span.end < len(span.doc) else zero
    return np.concatenate([tensor[span.start : span.end].mean(axis=0), tensor[span.root.i], before, after])


@dataclass(frozen=True)
class MentionModel:
    weights: Mapping[str, float]  # one per feature name of mention_features
    context: np.ndarray  # one per context_vector value, after standardizing
    mean: np.ndarray
    scale: np.ndarray
    bias: float

    def score(self, span: Span) -> float | None:
        """The probability that a reader wants ``span`` as a node; None without context vectors
        of the width the model was fitted on (another pipeline)."""
        return self.scores([span])[0]

    def scores(self, spans: Sequence[Span]) -> list[float | None]:
        """:meth:`score` of each span, computed together (one product for a Doc's mentions)."""
        vectors = [
            (k, v) for k, v in enumerate(map(context_vector, spans)) if v is not None and v.shape == self.mean.shape
        ]
        out: list[float | None] = [None] * len(spans)
        if vectors:
            features = [mention_features(spans[k]) for k, _ in vectors]
            probs = self.probabilities(features, np.stack([v for _, v in vectors]))
            for (k, _), p in zip(vectors, probs, strict=True):
                out[k] = float(p)
        return out

    def probabilities(self, features: Sequence[Sequence[str]], vectors: np.ndarray) -> np.ndarray:
        """The probability of each mention given its features (:func:`mention_features`) and its
        row of ``vectors`` (:func:`context_vector`)."""
        z = np.array([self.bias + sum(self.weights.get(f, 0.0) for f in row) for row in features])
        z += ((vectors - self.mean) / self.scale) @ self.context
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))

    def to_json(self) -> dict[str, Any]:
        return {
            "bias": self.bias,
            "weights": dict(sorted(self.weights.items())),
            "context": [round(float(x), 6) for x in self.context],
            "mean": [round(float(x), 6) for x in self.mean],
            "scale": [round(float(x), 6) for x in self.scale],
        }


def model_from_json(data: Mapping[str, Any]) -> MentionModel:
    return MentionModel(
        dict(data["weights"]),
        np.asarray(data["context"], dtype=np.float32),
        np.asarray(data["mean"], dtype=np.float32),
        np.asarray(data["scale"], dtype=np.float32),
        float(data["bias"]),
    )


@cache
def load_mention_model(path: Path = MODEL_PATH) -> MentionModel | None:
    """The shipped model, or None when there is none (the score is then left out)."""
    if not path.is_file():
        return None
    return model_from_json(json.loads(path.read_text(encoding="utf-8")))


def mention_scores(spans: Sequence[Span]) -> list[float | None]:
    """The shipped model's score of each span (three decimals), or None each."""
    model = load_mention_model()
    scores = [None] * len(spans) if model is None else model.scores(spans)
    return [None if score is None else round(score, 3) for score in scores]
