"""One type per entity, learned from readers: a multinomial logistic model over what the build knows.

The rules (:mod:`kg.graph.typing_votes`) decide a type from the mentions' votes and the head word.
Readers type many names differently: "value function" and "latent space" are concepts, "data
augmentation" a method, "computer vision" a task, "MD17" a dataset. This model takes the rules'
type as one feature among the words of the name (head, first word, last two words), its shape
(digits, capitals, hyphens), whether a paper proposes it, the kinds the shipped vocabularies give
it (by source: Papers with Code's methods, tasks and datasets, AIO, ITO) and the relations it ends
(the tail of an ``evaluatedOn`` is a dataset). The weights are fitted on the development set's
readers' types (``scripts/train_type_model.py``) and shipped beside this module; an entity takes
the model's type when the model is sure enough of it (``min_probability``), else keeps the rules'.
A Concept the rules read from a notion's head ("neural tangent kernel", "mutual information") stays.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx

from kg.graph.model import ENTITY_TYPES, PAPER_LINKS
from kg.graph.typing_votes import benchmark_name, head_type, notion_name
from kg.text import singular

MODEL_PATH = Path(__file__).resolve().parent / "data" / "type_model.json"
TYPES = ("Method", "Task", "Dataset", "Metric", "Concept")
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
#: Edges that are no statement of a relation between entities.
_NOT_STATED = frozenset(PAPER_LINKS)


def type_features(data: Mapping[str, Any], vocab_kinds: Iterable[str] = (), roles: Iterable[str] = ()) -> list[str]:
    """The features of one entity: its rules' type, name words and shape, vocabulary kinds, roles.

    >>> type_features({"label": "value function", "type": "Method"})[:4]
    ['rule=Method', 'head=function', 'first=value', 'rule=Method&head=function']
    """
    label = str(data.get("label", ""))
    words = _WORD.findall(label) or [label]
    low = [w.lower() for w in words]
    head = singular(low[-1])
    rule = data.get("type")
    feats = [f"rule={rule}", f"head={head}", f"first={low[0]}", f"rule={rule}&head={head}", f"n={min(len(words), 4)}"]
    if len(low) >= 2:
        feats.append(f"last2={low[-2]} {head}")
    hint = head_type(label)
    if hint:
        feats.append(f"hint={hint}")
    if any(c.isdigit() for c in label):
        feats.append("digit")
    if any(any(c.isupper() for c in w[1:]) for w in words):
        feats.append("inner_capital")
    if label.isupper() and len(label) >= 2:
        feats.append("all_capitals")
    if label[:1].isupper():
        feats.append("capitalized")
    if "-" in label:
        feats.append("hyphen")
    if benchmark_name(label):
        feats.append("benchmark_name")
    if data.get("proposed_by"):
        feats.append("proposed")
    feats += [f"vocab={k}" for k in sorted(set(vocab_kinds))]
    feats += [f"role={r}" for r in sorted(set(roles))]
    return feats


def stated_roles(edges: Iterable[tuple[Hashable, Hashable, str]]) -> dict[Hashable, set[str]]:
    """The ends of stated relations each entity is, from ``(head, tail, label)`` triples:
    "head:uses", "tail:evaluatedOn", ... (``mentions`` and ``proposes`` are no statements)."""
    roles: dict[Hashable, set[str]] = {}
    for u, v, label in edges:
        if label not in _NOT_STATED:
            roles.setdefault(u, set()).add(f"head:{label}")
            roles.setdefault(v, set()).add(f"tail:{label}")
    return roles


def entity_roles(graph: nx.MultiDiGraph, node: Hashable) -> set[str]:
    """The ends of relations the entity is in ``graph`` (:func:`stated_roles`)."""
    edges = [*graph.out_edges(node, keys=True), *graph.in_edges(node, keys=True)]
    return stated_roles(edges).get(node, set())


#: A label's vocabulary kinds ("pwc:method:Method", ...): :func:`kg.vocab.link.vocabulary_kinds`.
KindsOf = Callable[[str], Iterable[str]]


def all_type_features(
    graph: nx.MultiDiGraph, roles: Mapping[Hashable, set[str]] | None = None, kinds: KindsOf | None = None
) -> dict[Hashable, list[str]]:
    """Every entity node's type features (:func:`type_features`); ``roles`` the relation ends each
    entity is (default: read from the graph's edges, :func:`entity_roles`), ``kinds`` its
    vocabulary kinds (default: none)."""
    return {
        node: type_features(
            data,
            kinds(str(data.get("label", ""))) if kinds is not None else (),
            roles.get(node, set()) if roles is not None else entity_roles(graph, node),
        )
        for node, data in graph.nodes(data=True)
        if data.get("type") in ENTITY_TYPES
    }


@dataclass(frozen=True)
class TypeModel:
    weights: Mapping[str, Mapping[str, float]]  # type -> feature -> weight
    bias: Mapping[str, float]
    min_probability: float  # the model's type replaces the rules' one from this probability on

    def probabilities(self, features: Iterable[str]) -> dict[str, float]:
        """The model's probability of each type for ``features``."""
        feats = list(features)
        zeros = [0.0] * len(feats)
        z = {t: self.bias.get(t, 0.0) + sum(map(self.weights.get(t, {}).get, feats, zeros)) for t in TYPES}
        top = max(z.values())
        e = {t: math.exp(v - top) for t, v in z.items()}
        total = sum(e.values())
        return {t: v / total for t, v in e.items()}

    def decide(self, features: Iterable[str], rule_type: str) -> str:
        """The model's type when it is sure enough, else ``rule_type``."""
        probs = self.probabilities(features)
        best = max(TYPES, key=probs.__getitem__)
        return best if probs[best] >= self.min_probability else rule_type

    def to_json(self) -> dict[str, Any]:
        return {
            "bias": dict(self.bias),
            "min_probability": self.min_probability,
            "weights": {t: dict(sorted(w.items())) for t, w in self.weights.items()},
        }


@cache
def load_type_model(path: Path = MODEL_PATH) -> TypeModel:
    data = json.loads(path.read_text(encoding="utf-8"))
    return TypeModel(data["weights"], data["bias"], float(data["min_probability"]))


def retype_entities(
    graph: nx.MultiDiGraph,
    roles: Mapping[Hashable, set[str]] | None = None,
    kinds: KindsOf | None = None,
    model: TypeModel | None = None,
) -> int:
    """Give each entity node the model's type where it is sure of it; the number retyped."""
    model = model or load_type_model()
    changed = 0
    for node, feats in all_type_features(graph, roles, kinds).items():
        data = graph.nodes[node]
        kind = model.decide(feats, data["type"])
        if data["type"] == "Concept" and notion_name(str(data.get("label", ""))):
            continue  # a notion by its head ("neural tangent kernel"): the model learnt few of them
        if kind != data["type"]:
            data["type"] = kind
            changed += 1
    return changed
