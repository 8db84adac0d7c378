"""Terms the development readers rarely take as a paper's node (kg.graph.reader_rates)."""

from __future__ import annotations

import json

import networkx as nx

from kg.graph.confidence import drop_unsure, link_confidence, load_model, score_entities
from kg.graph.model import MENTION_SCORE
from kg.graph.reader_rates import RATES_PATH, capped, load_reader_rates
from kg.text import term_key


def _graph(abstract: str, labels: list[str], scores: dict[str, float]) -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    graph.add_node("paper/p", type="Paper", title="", abstract=abstract)
    for label in labels:
        node = f"entity/{label}"
        graph.add_node(node, type="Concept", label=label, alt_labels=[], papers=["paper/p"], proposed_by=[])
        graph.add_edge("paper/p", node, key="mentions", **{MENTION_SCORE: scores[label]})
    return graph


def test_the_shipped_table_holds_counts_under_its_rule() -> None:
    table = json.loads(RATES_PATH.read_text(encoding="utf-8"))
    assert "reader_rates.py" in table["_about"]
    assert {"machinelearning", "reward", "optimizer"} <= set(table["terms"])
    for linked, listed in table["terms"].values():
        assert linked >= 10 and 0 <= listed <= 0.2 * linked


def test_a_rarely_listed_term_is_capped_at_its_rate_whatever_its_spelling() -> None:
    rates = load_reader_rates()
    assert capped(0.95, "Machine Learning") == rates["machinelearning"] < load_model().threshold
    assert capped(0.95, "optimizers") == rates["optimizer"]
    assert capped(0.95, "time-series") == rates[term_key("time series")]
    assert capped(0.95, "machine translation") == 0.95  # another term: untouched
    assert capped(0.05, "reward") == 0.05  # never raised


def test_a_paper_keeps_a_capped_term_only_when_its_own_mention_is_sure() -> None:
    abstract = "Machine learning needs data. We propose Zorbic decoding, a machine learning method for text."
    graph = _graph(abstract, ["machine learning", "Zorbic decoding"], {"machine learning": 0.5, "Zorbic decoding": 0.9})
    score_entities(graph)
    model = load_model()
    assert graph.nodes["entity/machine learning"]["confidence"] <= load_reader_rates()["machinelearning"]
    assert link_confidence(graph.nodes["entity/machine learning"]["confidence"], 0.5, model) < model.threshold
    assert drop_unsure(graph, model.threshold) == 1 and "entity/Zorbic decoding" in graph
    sure = _graph(abstract, ["machine learning"], {"machine learning": 1.0})
    score_entities(sure)
    confidence = sure.nodes["entity/machine learning"]["confidence"]
    assert link_confidence(confidence, 1.0, model) > link_confidence(confidence, 0.5, model)
