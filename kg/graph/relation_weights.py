"""How sure kg is of a relation, once it knows how sure it is of the relation's two ends.

A relation statement is scored from its sentence (:mod:`kg.graph.build`: each paper's statement,
papers combined by noisy-or). That score says whether the sentence states the relation; it cannot
say whether the two nodes it joins are right ones, and most wrong relations have a wrong end (a
generic phrase, a cut span, a mistyped name). The held-out readers of issue 13 judged 84% of the
relations between two nodes they had judged right right, and 3% of the others. So a relation's
``confidence`` is its statement's score times the confidences of its head and tail entities
(:mod:`kg.graph.confidence`): the chance that the sentence states it and that both ends are nodes
a researcher wants. Ranked so, the judged relations of the held-out samples sort far better
(benchmarks/README.md, session 61) and ``kg build --min-confidence X`` leaves out what is less
sure than ``X``.

Only stated relations are weighed (those with papers): a relation kg derives from names (an
``isA`` from "LoRA fine-tuning" to "fine-tuning") keeps its own confidence.
"""

from __future__ import annotations

from collections.abc import Hashable

import networkx as nx

from kg.graph.model import RELATIONS


def end_confidence(graph: nx.MultiDiGraph, node: Hashable) -> float:
    """An entity's ``confidence`` (1.0 where the build set none: a thesaurus rule's, a vocabulary's)."""
    value = graph.nodes[node].get("confidence", 1.0)
    return float(value) if isinstance(value, int | float) else 1.0


def weigh_relations(graph: nx.MultiDiGraph, min_confidence: float = 0.0) -> int:
    """Set each stated relation's ``confidence`` to its statement's times its two ends' confidences
    and remove the relations whose confidence is then below ``min_confidence``; how many were removed.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("a", type="Method", confidence=0.9)
    >>> g.add_node("b", type="Task", confidence=0.5)
    >>> _ = g.add_edge("a", "b", key="addresses", type="addresses", papers=["p"], confidence=0.8)
    >>> weigh_relations(g), g.edges["a", "b", "addresses"]["confidence"]
    (0, 0.36)
    >>> weigh_relations(g, 0.4), g.number_of_edges()
    (1, 0)
    """
    weak = []
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key not in RELATIONS or not data.get("papers") or not isinstance(data.get("confidence"), int | float):
            continue
        data["confidence"] = round(float(data["confidence"]) * end_confidence(graph, u) * end_confidence(graph, v), 4)
        if data["confidence"] < min_confidence:
            weak.append((u, v, key))
    graph.remove_edges_from(weak)
    return len(weak)
