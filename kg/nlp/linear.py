"""The linear model kg's span typer and relation classifier share: a multinomial logistic
regression over sparse string features, its scores, and its files."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple, cast

import numpy as np


class LinearModel(NamedTuple):
    """Multinomial logistic regression: ``weights`` (features x classes), ``bias``.

    ``threshold`` is the relation model's decision threshold (unused by the span typer).
    """

    features: dict[str, int]
    labels: list[str]
    weights: np.ndarray
    bias: np.ndarray
    threshold: float


def save_linear(model: LinearModel, path: Path) -> None:
    """Write ``model.json`` (labels, threshold, feature names) and ``weights.bin`` into ``path``."""
    path.mkdir(parents=True, exist_ok=True)
    feats = sorted(model.features, key=model.features.__getitem__)
    meta = {"labels": model.labels, "threshold": model.threshold, "features": feats}
    (path / "model.json").write_text(json.dumps(meta))
    with (path / "weights.bin").open("wb") as fh:
        np.save(fh, np.vstack([model.weights, model.bias]).astype(np.float32))


def load_linear(path: Path) -> LinearModel:
    """Read what :func:`save_linear` wrote."""
    meta = json.loads((path / "model.json").read_text())
    with (path / "weights.bin").open("rb") as fh:
        w = np.load(fh)
    features = {f: i for i, f in enumerate(meta["features"])}
    return LinearModel(features, meta["labels"], w[:-1], w[-1], meta["threshold"])


def linear_scores(model: LinearModel, rows: Iterable[Iterable[str]]) -> np.ndarray:
    """``bias + sum of weight rows`` of each row's known features (rows x classes)."""
    index = model.features
    cols: list[int] = []
    lengths: list[int] = []
    for feats in rows:
        known = set(map(index.get, feats))
        known.discard(None)
        idx = sorted(cast(set[int], known))
        cols.extend(idx)
        lengths.append(len(idx))
    scores = np.tile(model.bias, (len(lengths), 1))
    sizes = np.array(lengths)
    if cols:  # one summed segment of weight rows per row that has features
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])[sizes > 0]
        scores[sizes > 0] += np.add.reduceat(model.weights[cols], starts, axis=0)
    return scores


def linear_probabilities(model: LinearModel, rows: Iterable[Iterable[str]]) -> np.ndarray:
    """The softmax of :func:`linear_scores`: class probabilities (rows x ``model.labels``)."""
    scores = linear_scores(model, rows)
    probs = np.exp(scores - scores.max(axis=1, keepdims=True))
    return cast(np.ndarray, probs / probs.sum(axis=1, keepdims=True))
