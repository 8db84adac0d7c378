"""Issue 13, eleventh round: what is a kind of what, and what is a method for a family of problems.

Like ``tests/test_relation_descriptions.py``: each sentence is parsed by the rules pipeline, its
mentions are set by hand, and the test checks what the rules state.
"""

from __future__ import annotations

import pytest
from relation_sentences import parsed
from relation_sentences import ruled as _ruled

from kg.nlp.evidence import unstated

pytestmark = pytest.mark.slow  # the rules fixture loads the rules pipeline


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "We introduce QuuxLM, an offline RL method for dialogue.",
            {"QuuxLM": "Method", "offline RL": "Task", "offline RL method": "Method"},
            ("QuuxLM",),
            {("QuuxLM", "addresses", "offline RL")},
            id="X, a <task> method: X addresses the task, no kind of it",
        ),
        pytest.param(
            "QuuxLM is an offline RL method.",
            {"QuuxLM": "Method", "offline RL": "Task", "offline RL method": "Method"},
            (),
            {("QuuxLM", "addresses", "offline RL")},
            id="X is a <task> method: X addresses the task, no kind of it",
        ),
        pytest.param(
            "We introduce ZetaNet, a graph neural network method for molecules.",
            {"ZetaNet": "Method", "graph neural network": "Method", "graph neural network method": "Method"},
            ("ZetaNet",),
            {("ZetaNet", "isA", "graph neural network")},
            id="X, a <method> method: still a kind",
        ),
        pytest.param(
            "In this paper, we propose a principled framework for graph matching, called ZipNet, that adapts quickly.",
            {"graph matching": "Method", "ZipNet": "Method"},
            ("ZipNet",),
            {("ZipNet", "addresses", "graph matching")},
            id="a framework for T, called X: X addresses T, no kind of it",
        ),
        pytest.param(
            "The first flow model is a normalizing flow that transforms a simple density.",
            {"flow model": "Method", "normalizing flow": "Method"},
            (),
            set(),
            id="the first Y is a Z: one part picked out, no kind said of Y",
        ),
    ],
)
def test_issue_13_kinds_and_families(rules, text, mentions, proposed, expected):
    assert _ruled(rules, text, mentions, proposed) == expected


def test_issue_13_a_name_is_no_kind_of_its_own_variant(rules):
    mentions = {"Zeta": "Method", "Zeta_Act": "Method"}
    assert _ruled(rules, "We propose Zeta, a Zeta_Act network.", mentions) == set()
    mentions = {"Zeta": "Method", "Zeta-Act network": "Method"}
    assert _ruled(rules, "Zeta is a Zeta-Act network with two parts.", mentions) == set()


def test_issue_13_no_reader_is_told_a_name_is_a_kind_of_a_task_method(rules):
    """What any finder (rules or learned) may not state: "X, an offline RL method" is no kind-of."""
    text = "We introduce QuuxLM, an offline RL method for dialogue."
    mentions = {"QuuxLM": "Method", "offline RL": "Task", "offline RL method": "Method"}
    _, spans = parsed(rules, text, mentions, ())
    assert unstated("isA", spans["QuuxLM"], spans["offline RL method"])
    assert not unstated("addresses", spans["QuuxLM"], spans["offline RL"])
    text = "We introduce ZetaNet, a graph neural network method for molecules."
    _, spans = parsed(rules, text, {"ZetaNet": "Method", "graph neural network method": "Method"}, ())
    assert not unstated("isA", spans["ZetaNet"], spans["graph neural network method"])


def test_issue_13_one_of_the_task_methods_is_a_kind(rules):
    text = "Multimodal contrastive learning methods like FooCLIP train on noisy data."
    mentions = {"Multimodal contrastive learning": "Task", "Multimodal contrastive learning methods": "Method"}
    _, spans = parsed(rules, text, {**mentions, "FooCLIP": "Method"}, ())
    assert not unstated("isA", spans["FooCLIP"], spans["Multimodal contrastive learning methods"])


def test_issue_13_a_name_is_no_kind_of_its_own_long_form():
    """ "SpaCE: The Spatial Confounding Environment" names one thing twice: the build states no
    SpaCE isA Spatial Confounding Environment, though a name is still a kind of a class it abbreviates
    no part of ("SpaCE, a benchmark suite")."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper, RelationRecord

    text = "SpaCE: The Spatial Confounding Environment. SpaCE is a benchmark suite."
    names = [("SpaCE", 0), ("Spatial Confounding Environment", 11), ("SpaCE", 44), ("benchmark suite", 55)]
    mentions = [Mention(n, "Dataset", s, s + len(n)) for n, s in names]
    relations = [RelationRecord(0, "isA", 1, text, 0.95), RelationRecord(2, "isA", 3, text, 0.95)]
    graph = build_graph([Paper("p", text)], [Extraction(mentions, [0], relations, [])])
    stated = {(graph.nodes[u]["label"], graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "isA"}
    assert stated == {("SpaCE", "benchmark suite")}
