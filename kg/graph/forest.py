"""Gradient-boosted decision trees shipped as data and scored with numpy.

The entity confidence model (:mod:`kg.graph.confidence`) averages a logistic regression with a
forest of shallow trees: the trees read what a linear model cannot, such as a common head word
that is fine in a title and wrong in passing. scikit-learn's ``HistGradientBoostingClassifier``
fits them (``scripts/train_entity_confidence.py``, which checks that :meth:`Forest.log_odds`
gives scikit-learn's own predictions); kg stores every tree as parallel arrays and needs no
scikit-learn to score.

A row is a mapping of feature names to values (absent: 0). At a node, a row goes left when its
value of the node's feature is at most the node's threshold; a leaf adds its value to the
forest's baseline, and the sum is the log-odds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

LEAF = -1


@dataclass(frozen=True)
class Tree:
    feature: np.ndarray  # column of each node's feature, LEAF at a leaf
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray  # what a leaf adds

    def leaves(self, matrix: np.ndarray) -> np.ndarray:
        """The leaf each row of ``matrix`` ends in."""
        rows = np.arange(len(matrix))
        node = np.zeros(len(matrix), dtype=np.int64)
        while True:
            feature = self.feature[node]
            inner = feature != LEAF
            if not inner.any():
                return node
            go_left = matrix[rows, np.maximum(feature, 0)] <= self.threshold[node]
            node = np.where(inner, np.where(go_left, self.left[node], self.right[node]), node)

    def to_json(self) -> dict[str, list[Any]]:
        return {
            "feature": self.feature.tolist(),
            "threshold": [round(float(t), 6) for t in self.threshold],
            "left": self.left.tolist(),
            "right": self.right.tolist(),
            "value": [round(float(v), 6) for v in self.value],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Sequence[Any]]) -> Tree:
        ints = {k: np.asarray(data[k], dtype=np.int64) for k in ("feature", "left", "right")}
        return cls(
            ints["feature"],
            np.asarray(data["threshold"], dtype=np.float64),
            ints["left"],
            ints["right"],
            np.asarray(data["value"], dtype=np.float64),
        )


@dataclass(frozen=True)
class Forest:
    features: tuple[str, ...]  # the names of the columns the trees read
    baseline: float
    trees: tuple[Tree, ...]

    def matrix(self, rows: Sequence[Mapping[str, float]]) -> np.ndarray:
        """The rows as a dense matrix over the forest's columns (features it never reads are dropped)."""
        column = {name: i for i, name in enumerate(self.features)}
        out = np.zeros((len(rows), len(self.features)), dtype=np.float64)
        for i, row in enumerate(rows):
            for name, value in row.items():
                j = column.get(name)
                if j is not None:
                    out[i, j] = value
        return out

    def log_odds(self, rows: Sequence[Mapping[str, float]]) -> np.ndarray:
        """The forest's log-odds of every row.

        >>> stump = Tree(*(np.array(a) for a in ([0, LEAF, LEAF], [0.5, 0, 0], [1, 0, 0], [2, 0, 0], [0, -1.0, 2.0])))
        >>> Forest(("proposed",), 0.25, (stump,)).log_odds([{}, {"proposed": 1.0}, {"other": 3.0}]).tolist()
        [-0.75, 2.25, -0.75]
        """
        matrix = self.matrix(rows)
        total = np.full(len(rows), self.baseline, dtype=np.float64)
        for tree in self.trees:
            total += tree.value[tree.leaves(matrix)]
        return total

    def probabilities(self, rows: Sequence[Mapping[str, float]]) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-self.log_odds(rows)))

    def to_json(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "baseline": round(self.baseline, 6),
            "trees": [t.to_json() for t in self.trees],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Forest:
        return cls(tuple(data["features"]), float(data["baseline"]), tuple(Tree.from_json(t) for t in data["trees"]))


def from_sklearn(model: Any, names: Sequence[str]) -> Forest:
    """A fitted binary ``HistGradientBoostingClassifier`` (numeric features named ``names``) as a
    :class:`Forest` that keeps only the columns its trees read. Needs scikit-learn's fitted
    predictors (``_predictors``, ``_baseline_prediction``): training only."""
    used = sorted({int(n["feature_idx"]) for [p] in model._predictors for n in p.nodes if not n["is_leaf"]})
    column = {old: new for new, old in enumerate(used)}
    trees = []
    for [predictor] in model._predictors:
        nodes = predictor.nodes
        trees.append(
            Tree(
                np.array([LEAF if n["is_leaf"] else column[int(n["feature_idx"])] for n in nodes], dtype=np.int64),
                np.array([float(n["num_threshold"]) for n in nodes]),
                np.array([int(n["left"]) for n in nodes], dtype=np.int64),
                np.array([int(n["right"]) for n in nodes], dtype=np.int64),
                np.array([float(n["value"]) if n["is_leaf"] else 0.0 for n in nodes]),
            )
        )
    baseline = float(np.ravel(model._baseline_prediction)[0])
    return Forest(tuple(names[i] for i in used), baseline, tuple(trees))
