"""A name many papers of the corpus use is no paper's proposal (issue 12: contributions marked
``proposes``): "we propose a graph neural network that ..." proposes a GNN of the paper's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kg
from kg.graph.build import build_graph
from kg.graph.titles import MAX_PAPERS
from kg.records import Extraction, Mention, Paper

_GNN = "graph neural network"


def _proposals(papers: int) -> set[tuple[str, str]]:
    """(paper, label) of every ``proposes`` edge when ``papers`` papers name a GNN and the first
    also proposes one and a new name."""
    built, extractions = [], []
    for n in range(papers):
        abstract = f"We study a {_GNN} and ZorbNet." if n == 0 else f"We study a {_GNN}."
        built.append(Paper(f"p{n}", abstract, title=f"Paper {n}"))
        names = [_GNN, "ZorbNet"] if n == 0 else [_GNN]
        mentions = [Mention(name, "Method", abstract.index(name), abstract.index(name) + len(name)) for name in names]
        extractions.append(Extraction(mentions, list(range(len(names))) if n == 0 else [], [], []))
    graph = build_graph(built, extractions)
    return {(graph.nodes[u]["key"], graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "proposes"}


def test_a_name_more_than_a_few_papers_use_is_not_proposed() -> None:
    assert _proposals(MAX_PAPERS + 1) == {("p0", "ZorbNet")}


def test_a_name_few_papers_use_is_proposed_as_the_paper_says() -> None:
    assert _proposals(MAX_PAPERS) == {("p0", _GNN), ("p0", "ZorbNet")}
    assert _proposals(1) == {("p0", _GNN), ("p0", "ZorbNet")}


_TEXTS = [
    "We propose a graph neural network that counts substructures of molecules. It outperforms message passing "
    "baselines on ZINC.",
    "Graph neural networks are widely used for node classification. We study their expressive power.",
    "We analyse the oversmoothing of graph neural networks and propose PairNorm, a normalization layer.",
    "Graph neural networks learn representations of graphs. We propose GraphZorb, a pooling operator for graph "
    "neural networks.",
    "We benchmark graph neural networks on citation networks and find that simple baselines are competitive.",
]


def _built(tmp_path: Path, texts: list[str]) -> set[tuple[str, str]]:
    source = tmp_path / "papers.jsonl"
    source.write_text(
        "".join(json.dumps({"id": f"p{i}", "title": f"Paper {i}", "abstract": t}) + "\n" for i, t in enumerate(texts)),
        encoding="utf-8",
    )
    graph = kg.build([source], cache=False).graph
    return {(graph.nodes[u]["key"], graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "proposes"}


@pytest.mark.slow
def test_a_built_corpus_proposes_the_new_names_not_the_shared_one(tmp_path: Path) -> None:
    assert _built(tmp_path, _TEXTS[:1]) == {("p0", _GNN)}  # alone, the paper's words decide
    assert _built(tmp_path, _TEXTS) == {("p2", "PairNorm"), ("p3", "GraphZorb")}
