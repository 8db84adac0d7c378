"""The bundled example, end to end: what a researcher expects to find in its graph."""

from __future__ import annotations

import filecmp
from collections import Counter
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from kg.engine.build import build
from kg.export.formats import BUILD_FORMATS, EXPORTERS
from kg.graph.model import PAPER_LINKS, RELATIONS


def node(graph, label):
    """The entity whose preferred or alternative label is ``label`` (case-insensitive)."""
    label = label.lower()
    found = [
        n
        for n, d in graph.nodes(data=True)
        if d["type"] != "Paper" and label in {d["label"].lower(), *(a.lower() for a in d["alt_labels"])}
    ]
    assert len(found) == 1, f"{label!r}: {found}"
    return found[0]


def paper(graph, title_start):
    return next(n for n, d in graph.nodes(data=True) if d["type"] == "Paper" and d["title"].startswith(title_start))


def test_example_key_terms_are_nodes(example_graph):
    g = example_graph
    assert g.nodes[node(g, "speculative decoding")]["type"] == "Method"
    kv = g.nodes[node(g, "KV cache")]
    assert "Key-Value cache" in kv["alt_labels"]
    sae = g.nodes[node(g, "sparse autoencoder")]
    assert "SAE" in sae["alt_labels"] and sae["label"] == "sparse autoencoder"
    assert set(sae["papers"]) == {paper(g, "Analyze Feature Flow"), paper(g, "SAE-V")}


def test_example_policy_optimization_methods(example_graph):
    g = example_graph
    for name in ("PPO", "TRPO", "SPO"):
        assert g.nodes[node(g, name)]["type"] == "Method"
    spo_paper = paper(g, "Simple Policy Optimization")
    assert g.has_edge(spo_paper, node(g, "SPO"), key="proposes")
    assert not g.has_edge(spo_paper, node(g, "PPO"), key="proposes")
    assert g.has_edge(node(g, "SPO"), node(g, "PPO"), key="improvesOn")


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("CoS", "Speculative Ensemble"),
        ("LaCache", "LaCache"),
        ("DriveGPT", "DriveGPT"),
        ("DFBT", "Directly Forecasting Belief"),
        ("SAE-V", "SAE-V"),
        ("BRONet", "Enhancing Certified"),
        ("STD-FD", "STD-FD"),
        ("TopoTune", "TopoTune"),
    ],
)
def test_example_contributions_are_proposed_by_their_papers(example_graph, name, title):
    g = example_graph
    entity = node(g, name)
    assert g.nodes[entity]["proposed_by"] == [paper(g, title)]


def test_example_datasets(example_graph):
    g = example_graph
    for name in ("CIFAR-10", "CIFAR-100", "ImageNet", "Tiny-ImageNet", "D4RL", "MuJoCo"):
        assert g.nodes[node(g, name)]["type"] == "Dataset"
    assert g.has_edge(node(g, "DFBT"), node(g, "MuJoCo"), key="evaluatedOn")


def test_example_every_code_link_is_kept(example_graph):
    text = (EXAMPLES / "icml2025_abstracts.txt").read_text(encoding="utf-8")
    kept = {c for _, d in example_graph.nodes(data=True) if d["type"] == "Paper" for c in d["code"]}
    assert kept == {
        "https://github.com/Kamichanw/CoS/",
        "https://github.com/HengruiLou/STDFD",
        "https://github.com/GATECH-EIC/LaCache",
        "https://github.com/thunlp/SparsingLaw/",
        "https://github.com/QingyuanWuNothing/DFBT",
        "https://github.com/ntuaislab/BRONet",
    }
    assert all(url.rstrip("/") in text for url in kept)


def test_example_abbreviations_resolve_across_papers(example_graph):
    g = example_graph
    llm = g.nodes[node(g, "LLMs")]
    assert llm["label"] == "large language model" and llm["paper_count"] >= 5
    assert g.nodes[node(g, "RL")]["label"] == "reinforcement learning"


def test_example_has_no_junk_nodes(example_graph):
    labels = {d["label"].lower() for _, d in example_graph.nodes(data=True) if d["type"] != "Paper"}
    for junk in (
        "this paper",
        "our approach",
        "extensive experiments",
        "we",
        "it",
        "sota",
        "state-of-the-art",
        "our method",
        "experiments",
        "results",
    ):
        assert junk not in labels
    assert not any(label.replace(".", "").replace("%", "").isdigit() for label in labels)


def test_example_relations_keep_their_sentence(example_graph):
    for _u, _v, k, d in example_graph.edges(keys=True, data=True):
        if k not in PAPER_LINKS:
            assert d["evidence"] and all(len(s.split()) > 3 for s in d["evidence"])


def test_example_has_relations_between_entities(example_graph):
    found = Counter(k for _u, _v, k in example_graph.edges(keys=True) if k in RELATIONS)
    # floors under what the build states now: 24 relations of 8 kinds at the default confidences
    # (104 of 10 kinds before unsure entities and relations were left out)
    assert found.total() >= 22, found
    assert len(found) >= 7, found


#: Relations the build states whose sentence, read by hand, says just that: (head, relation, tail, sentence).
STATED = [
    pytest.param(
        "DriveGPT",
        "isA",
        "behavior model",
        "We present DriveGPT, a scalable behavior model for autonomous driving.",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'behavior model' has confidence 0.21, below the default 0.26 (issue 12: a generic head)",
        ),
    ),
    ("DFBT", "evaluatedOn", "D4RL", "In experiments with D4RL offline datasets, DFBT reduces compounding errors"),
    (
        "DFBT",
        "measuredBy",
        "prediction accuracy",
        "DFBT reduces compounding errors with remarkable prediction accuracy",
    ),
    (
        "SAE-V",
        "uses",
        "cross-modal feature weighting",
        "by utilizing cross-modal feature weighting, SAE-V provides",
    ),
    pytest.param(
        "LaCache",
        "isA",
        "training-free method",
        "paradigm called LaCache, a training-free method for",
        marks=pytest.mark.xfail(
            strict=True,
            reason="'training-free method' has confidence 0.07, below the default 0.26 (issue 12: a generic head)",
        ),
    ),
    # "a mechanistic interpretability framework" says what SAE-V is for, not a kind (issue 13, round 11)
    pytest.param(
        "SAE-V",
        "addresses",
        "mechanistic interpretability",
        "we introduce SAE-V, a mechanistic interpretability",
        marks=pytest.mark.xfail(
            strict=True,
            reason="the type model refitted in session 16 makes 'mechanistic interpretability' a Concept (the"
            " development samples' readers type '... interpretability' so); addresses wants a Task (issue 13)",
        ),
    ),
    ("GNNs", "uses", "graph symmetry", "learn from relational data by leveraging graph symmetries"),
    pytest.param(
        "feed-forward network",
        "partOf",
        "LLMs",
        "neurons within feed-forward networks of large language models",
        marks=pytest.mark.xfail(strict=True, reason="confidence 0.63, below the default 0.7 (issue 13: recall lost)"),
    ),
]


@pytest.mark.parametrize(
    ("head", "relation", "tail", "sentence"),
    [row if isinstance(row, type(pytest.param())) else pytest.param(*row, id=" ".join(row[:3])) for row in STATED],
)
def test_example_relation_is_stated_with_its_sentence(example_graph, head, relation, tail, sentence):
    g = example_graph
    u, v = node(g, head), node(g, tail)
    assert g.has_edge(u, v, key=relation), sorted(k for k in g[u][v]) if g.has_edge(u, v) else "no edge"
    assert any(sentence in s for s in g.edges[u, v, relation]["evidence"])


def test_build_is_deterministic(tmp_path: Path, nlp, example_build: Path):
    build([EXAMPLES / "icml2025.jsonl"], tmp_path, formats=list(EXPORTERS), nlp=nlp)
    for path in sorted(example_build.iterdir()):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_committed_exports_are_current(example_build: Path):
    """exports/ holds the example's build so visitors need not install; it must not go stale.

    Regenerate with: kg build examples/icml2025.jsonl
    """
    for name in BUILD_FORMATS:
        suffix = EXPORTERS[name].suffix
        committed = ROOT / "exports" / f"graph{suffix}"
        assert committed.exists(), committed
        assert filecmp.cmp(committed, example_build / f"graph{suffix}", shallow=False), (
            f"{committed} is stale; run: kg build examples/icml2025.jsonl"
        )
