"""Issue 13: what a paper's own method is a kind of, by the name it gives it ("Local Vision
Transformer" is a Vision Transformer), through the whole graph build, with the paper's mentions
set by hand."""

from __future__ import annotations

from kg.graph.build import build_graph
from kg.graph.model import PAPER_LINKS
from kg.graph.named_kinds import NAMED_KIND_CONFIDENCE, head_of
from kg.records import Extraction, Mention, Paper
from kg.vocab.link import vocabulary_kinds


def _edges(abstract: str, mentions: list[tuple[str, str]], proposed: list[int]) -> dict[tuple[str, str, str], dict]:
    """The entity-entity relations the graph of one paper states: (head, label, tail) in lower
    case -> the edge's data."""
    found, at = [], 0
    for text, kind in mentions:
        start = abstract.index(text, at)
        found.append(Mention(text, kind, start, start + len(text)))
        at = start + 1
    paper = Paper("p1", abstract, title="A Study")
    graph = build_graph([paper], [Extraction(found, proposed, [], [])], kinds=vocabulary_kinds)
    return {
        (graph.nodes[u]["label"].lower(), k, graph.nodes[v]["label"].lower()): d
        for u, v, k, d in graph.edges(keys=True, data=True)
        if k not in PAPER_LINKS
    }


def _statements(abstract: str, mentions: list[tuple[str, str]], proposed: list[int]) -> set[tuple[str, str, str]]:
    return set(_edges(abstract, mentions, proposed))


VIT = "We propose Local Vision Transformer for images. Vision Transformers are strong but slow."


def test_a_proposal_named_after_a_family_is_a_kind_of_it() -> None:
    mentions = [("Local Vision Transformer", "Method"), ("Vision Transformers", "Method")]
    edges = _edges(VIT, mentions, [0])
    assert set(edges) == {("local vision transformer", "isA", "vision transformer")}
    edge = edges["local vision transformer", "isA", "vision transformer"]
    assert edge["evidence"] == ["We propose Local Vision Transformer for images."]
    assert edge["confidence"] == NAMED_KIND_CONFIDENCE


def test_only_the_paper_s_own_method_and_only_its_nearest_head() -> None:
    mentions = [("Local Vision Transformer", "Method"), ("Vision Transformers", "Method")]
    assert _statements(VIT, mentions, []) == set()  # a name the paper does not propose: skos:broader's job
    text = (
        "We propose physics-regulated deep reinforcement learning. "
        "Deep reinforcement learning is reinforcement learning."
    )
    mentions = [
        ("physics-regulated deep reinforcement learning", "Method"),
        ("Deep reinforcement learning", "Method"),
        ("reinforcement learning", "Method"),
    ]
    assert _statements(text, mentions, [0]) == {
        ("physics-regulated deep reinforcement learning", "isA", "deep reinforcement learning")
    }


def test_no_kind_of_what_is_not_the_head() -> None:
    text = "We propose Value Iteration with Negative Sampling. Negative sampling is common."
    assert (
        _statements(text, [("Value Iteration with Negative Sampling", "Method"), ("Negative sampling", "Method")], [0])
        == set()
    )
    text = "We propose DifferentiAble pRompT. A prompt is written."
    assert _statements(text, [("DifferentiAble pRompT", "Method"), ("prompt", "Method")], [0]) == set()
    text = "We propose the labeling trick. A trick is used."
    assert _statements(text, [("labeling trick", "Method"), ("trick", "Concept")], [0]) == set()
    # a family the paper writes only inside the proposal's name is none: the parse cut it out
    text = "We present mollified interaction energy descent for sampling."
    mentions = [("mollified interaction energy descent", "Method"), ("interaction energy descent", "Method")]
    assert _statements(text, mentions, [0]) == set()
    assert not head_of("pre-trained TP-BERTa", "TP-BERTa")  # the same thing
    assert not head_of("Generalized CCNNs", "CCNN")  # a family that holds CCNNs
    assert not head_of("self-supervised learning", "supervised learning")
    assert not head_of("inverse reinforcement learning", "reinforcement learning")
    assert not head_of("non-autoregressive model", "autoregressive model")


def test_a_method_named_after_its_task_addresses_it() -> None:
    text = "We propose Cost-Free Incremental Learning. Incremental learning forgets."
    mentions = [("Cost-Free Incremental Learning", "Method"), ("Incremental learning", "Task")]
    assert _statements(text, mentions, [0]) == {("cost-free incremental learning", "addresses", "incremental learning")}


def test_a_pair_the_paper_relates_keeps_that_relation_only() -> None:
    from kg.records import RelationRecord

    mentions = [Mention("Local Vision Transformer", "Method", 11, 35), Mention("Vision Transformers", "Method", 48, 67)]
    said = RelationRecord(0, "improvesOn", 1, "We propose Local Vision Transformer for images.", 0.9)
    graph = build_graph([Paper("p1", VIT, title="A Study")], [Extraction(mentions, [0], [said], [])])
    assert {k for _, _, k in graph.edges(keys=True)} == {"mentions", "proposes", "improvesOn"}


def test_a_kind_given_by_a_name_is_no_evidence_of_the_family_s_type() -> None:
    """ "Fast LoRA" is a kind of LoRA by its name only: LoRA's type is what it is without that."""
    first = "We fine-tune with low-rank adaptation and prefix tuning."
    second = "We propose fast low-rank adaptation. Low-rank adaptation is slow."

    def family_type(proposed: list[int]) -> str:
        def at(text: str, name: str) -> Mention:
            start = text.index(name)
            return Mention(name, "Method", start, start + len(name))

        extractions = [
            Extraction([at(first, "low-rank adaptation"), at(first, "prefix tuning")], [], [], []),
            Extraction([at(second, "fast low-rank adaptation"), at(second, "Low-rank adaptation")], proposed, [], []),
        ]
        papers = [Paper("p1", first, title="One"), Paper("p2", second, title="Two")]
        graph = build_graph(papers, extractions, kinds=vocabulary_kinds)
        node = {d.get("label", "").lower(): n for n, d in graph.nodes(data=True)}
        if proposed:
            assert graph.has_edge(node["fast low-rank adaptation"], node["low-rank adaptation"], "isA")
        return str(graph.nodes[node["low-rank adaptation"]]["type"])

    assert family_type([0]) == family_type([])
