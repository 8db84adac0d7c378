from __future__ import annotations

import networkx as nx
from test_type_model import _built

from kg.graph.field_terms import field_type, field_types
from kg.graph.model import new_graph


def _graph(label: str, kind: str, papers: int) -> nx.MultiDiGraph:
    graph = new_graph()
    graph.add_node("entity/x", type=kind, label=label, paper_count=papers)
    return graph


def test_the_field_types_a_term_only_when_it_agrees_on_one_type() -> None:
    terms = {"gaussianprocess": {"Method": 11, "Task": 5}, "policygradient": {"Method": 26}, "wgan": {"Method": 2}}
    assert field_type("policy gradients", terms) == "Method"
    assert field_type("Gaussian process", terms) is None  # 11 of 16: the field is split
    assert field_type("WGAN", terms) is None  # too few papers to tell
    assert field_type("some new name", terms) is None


def test_a_term_a_corpus_names_rarely_takes_the_fields_type_and_a_common_one_keeps_its_own() -> None:
    assert field_type("Jacobian") == "Concept"  # the shipped table, from ICLR 2021-2022 (no reader typed it)
    rare, common = _graph("Jacobian", "Task", 1), _graph("Jacobian", "Task", 3)
    assert field_types(rare) == 1 and rare.nodes["entity/x"]["type"] == "Concept"
    assert field_types(common) == 0 and common.nodes["entity/x"]["type"] == "Task"


def test_a_build_of_a_few_papers_types_the_fields_terms_as_the_field_does() -> None:
    graph = _built(([("catastrophic forgetting", "Task"), ("policy gradient", "Concept")], []))
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types == {"catastrophic forgetting": "Concept", "policy gradient": "Method"}


def test_the_readers_type_overrides_one_they_never_accepted_however_many_papers() -> None:
    common = _graph("double descent", "Method", 40)  # the builds of ICLR 2021-2022 made it a method
    assert field_types(common) == 1 and common.nodes["entity/x"]["type"] == "Concept"
    accepted = _graph("representation learning", "Method", 40)  # readers accept a task or a method
    assert field_types(accepted) == 0 and accepted.nodes["entity/x"]["type"] == "Method"


def test_the_readers_type_overrides_one_they_rarely_accepted_over_many_votes() -> None:
    # readers of the development samples: "catastrophic forgetting" a concept 36 times, a task twice
    common = _graph("catastrophic forgetting", "Task", 40)
    assert field_types(common) == 1 and common.nodes["entity/x"]["type"] == "Concept"
    # "deep learning": a method 133 times, a concept 24, a task 20 (the builds of ICLR 2021-2022 make it a task)
    field = _graph("deep learning", "Task", 160)
    assert field_types(field) == 1 and field.nodes["entity/x"]["type"] == "Method"
