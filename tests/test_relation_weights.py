"""A relation is as sure as its statement and its two ends (issue 13: a confidence per relation that
ranks; the held-out readers judged most wrong relations wrong for a wrong end)."""

from __future__ import annotations

import networkx as nx
import pytest
from conftest import EXAMPLES
from spacy.language import Language

from kg.engine.build import build
from kg.graph.model import RELATIONS
from kg.graph.relation_weights import weigh_relations


def _graph() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    g.add_node("sure", type="Method", confidence=0.9)
    g.add_node("generic", type="Task", confidence=0.4)
    g.add_node("kept by a thesaurus rule", type="Task")
    for head, tail in (("sure", "generic"), ("sure", "kept by a thesaurus rule")):
        g.add_edge(head, tail, key="addresses", type="addresses", papers=["p"], confidence=0.8)
    g.add_edge("generic", "sure", key="isA", type="isA", papers=[], confidence=0.9)  # derived from names
    return g


def test_a_relation_is_as_sure_as_its_statement_and_its_two_ends() -> None:
    g = _graph()
    assert weigh_relations(g) == 0
    assert g.edges["sure", "generic", "addresses"]["confidence"] == pytest.approx(0.8 * 0.9 * 0.4)
    assert g.edges["sure", "kept by a thesaurus rule", "addresses"]["confidence"] == pytest.approx(0.72)
    assert g.edges["generic", "sure", "isA"]["confidence"] == 0.9  # no paper states it: its own confidence


def test_a_relation_less_sure_than_asked_is_left_out() -> None:
    g = _graph()
    assert weigh_relations(g, 0.5) == 1
    assert not g.has_edge("sure", "generic", "addresses") and g.has_edge("sure", "kept by a thesaurus rule")


@pytest.mark.slow
def test_a_build_weighs_each_relation_by_its_ends_and_min_confidence_cuts_there(
    example_built: tuple[nx.MultiDiGraph, object], nlp: Language
) -> None:
    graph = example_built[0]
    stated = [(u, v, d) for u, v, k, d in graph.edges(keys=True, data=True) if k in RELATIONS and d.get("papers")]
    assert stated
    for u, v, data in stated:
        ends = graph.nodes[u].get("confidence", 1.0) * graph.nodes[v].get("confidence", 1.0)
        assert data["confidence"] <= ends + 1e-4, (u, v, data["confidence"], ends)
    sure, _ = build([EXAMPLES / "icml2025.jsonl"], None, min_confidence=0.5, nlp=nlp)
    kept = [d["confidence"] for _, _, k, d in sure.edges(keys=True, data=True) if k in RELATIONS and d.get("papers")]
    assert kept and min(kept) >= 0.5 and len(kept) < len(stated)
