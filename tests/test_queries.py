"""Every query in examples/queries runs on the example graph and gives the expected answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import EXAMPLES

from kg.sparql.query import load_graph, rows, run_query

QUERIES = sorted((EXAMPLES / "queries").glob("*.rq"))


@pytest.fixture(scope="module")
def rdf(example_build: Path):
    return load_graph(example_build / "graph.ttl")


def answer(rdf, name: str) -> tuple[list[str], list[list[str]]]:
    return rows(run_query(rdf, (EXAMPLES / "queries" / name).read_text(encoding="utf-8")))


def test_every_example_query_is_tested():
    tested = {
        "contributions.rq",
        "shared-entities.rq",
        "datasets.rq",
        "improves-on-ppo.rq",
        "beats-ppo-on.rq",
        "code-links.rq",
        "abbreviations.rq",
        "methods-for-task.rq",
        "under-broader.rq",
        "co-occurring.rq",
        "contribution-evidence.rq",
        "sure-evaluations.rq",
    }
    assert {q.name for q in QUERIES} == tested


def test_query_contributions(rdf):
    _, table = answer(rdf, "contributions.rq")
    pairs = {(title.split(":")[0], what) for title, what, _ in table}
    assert ("DriveGPT", "DriveGPT") in pairs and ("LaCache", "LaCache") in pairs
    assert ("Simple Policy Optimization", "Simple Policy Optimization") in pairs


def test_query_shared_entities(rdf):
    _, table = answer(rdf, "shared-entities.rq")
    shared = {label: int(n) for label, _, n in table}
    assert shared["sparse autoencoder"] == 2 and shared["large language model"] >= 5
    assert all(n >= 2 for n in shared.values()) and len(table) <= 25
    assert table[0][0] == "large language model"


def test_query_datasets(rdf):
    _, table = answer(rdf, "datasets.rq")
    assert {"CIFAR-10", "CIFAR-100", "ImageNet", "D4RL", "MuJoCo"} <= {r[0] for r in table}
    assert all(int(n) >= 1 for _, n in table) and len(table) <= 25


def test_query_improves_on_ppo(rdf):
    _names, table = answer(rdf, "improves-on-ppo.rq")
    assert table[0][0] == "Simple Policy Optimization" and "SPO outperforms PPO" in table[0][1]


def test_query_beats_ppo_on(rdf):
    names, table = answer(rdf, "beats-ppo-on.rq")
    assert names == ["better", "dataset", "metric", "confidence", "evidence"]
    better = {row[0]: row for row in table}
    assert "SPO outperforms PPO" in better["Simple Policy Optimization"][4]
    assert all(0 < float(row[3]) <= 1 for row in table)


def test_query_code_links(rdf):
    _, table = answer(rdf, "code-links.rq")
    assert len(table) == 6 and all(code.startswith("https://github.com/") for _, code in table)


def test_query_abbreviations(rdf):
    _, table = answer(rdf, "abbreviations.rq")
    found = dict(table)
    assert found["PPO"] == "Proximal Policy Optimization"
    assert found["SAE"] == "sparse autoencoder"
    assert found["RL"] == "reinforcement learning"


def test_query_methods_for_task(rdf):
    _, table = answer(rdf, "methods-for-task.rq")
    assert [m for m, _ in table] == ["Directly Forecasting Belief Transformer", "Simple Policy Optimization"]


def test_query_under_broader(rdf):
    _, table = answer(rdf, "under-broader.rq")
    assert {e for e, _ in table} == {"Proximal Policy Optimization", "Trust Region Policy Optimization"}


def test_query_co_occurring(rdf):
    _, table = answer(rdf, "co-occurring.rq")
    assert {other: int(n) for other, n in table} == {
        "interpretability": 2,
        "large language model": 2,
    }  # "model behavior", a generic phrase, is below the default --min-confidence


def test_query_contribution_evidence(rdf):
    _, table = answer(rdf, "contribution-evidence.rq")
    assert table[0][:3] == ["Simple Policy Optimization", "improvesOn", "Proximal Policy Optimization"]
    assert "SPO outperforms PPO" in table[0][3]


def test_query_sure_evaluations(rdf):
    """The evaluations kg is surest of first, each at 0.5 or more: a relation is as sure as its
    statement and its two ends (kg.graph.relation_weights)."""
    _, table = answer(rdf, "sure-evaluations.rq")
    pairs = [(method, dataset) for method, dataset, _, _ in table]
    assert ("BRONet", "Tiny-ImageNet") in pairs and ("Directly Forecasting Belief Transformer", "D4RL") in pairs
    confidences = [float(c) for _, _, c, _ in table]
    assert confidences == sorted(confidences, reverse=True) and min(confidences) >= 0.5
    assert all(evidence for *_, evidence in table)
