"""A paper's "X technique" where it names X too is not one of its entities (issue 12: generic
phrases; held-out readers: "regularization technique", "clustering approach", "denoising method")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kg
from kg.graph.build import build_graph
from kg.graph.generic_heads import drop_generic_heads
from kg.records import Extraction, Mention, Paper


def _entities(abstract: str, *mentions: tuple[str, str], proposed: tuple[int, ...] = ()) -> set[str]:
    """The labels of the entities the paper still mentions after :func:`drop_generic_heads`."""
    placed, at = [], 0
    for text, kind in mentions:
        start = abstract.index(text, at)
        placed.append(Mention(text, kind, start, start + len(text)))
        at = start + 1
    graph = build_graph([Paper("p1", abstract, title="A Study")], [Extraction(placed, list(proposed), [], [])])
    drop_generic_heads(graph)
    return {graph.nodes[v]["label"] for _, v, k in graph.edges("paper/p1", keys=True) if k == "mentions"}


def test_a_name_plus_a_generic_head_goes_where_the_paper_names_the_name() -> None:
    text = "We add an additional regularization technique. The regularization helps. We compare clustering approaches."
    mentions = (("regularization technique", "Method"), ("regularization", "Method"), ("clustering approach", "Method"))
    # "clustering approaches" stays: the paper names no "clustering" of its own
    assert _entities(text, *mentions) == {"regularization", "clustering approach"}


def test_what_a_name_is_able_to_do_or_a_step_of_it_goes_too() -> None:
    text = "Generalization matters. We test the generalization ability on a summarization task. Summarization is hard."
    mentions = (("Generalization", "Concept"), ("generalization ability", "Concept"), ("summarization task", "Task"))
    assert _entities(text, *mentions, ("Summarization", "Task")) == {"Generalization", "Summarization"}
    text = "Hessians are costly. We avoid the Hessian computation of each layer."
    assert _entities(text, ("Hessians", "Concept"), ("Hessian computation", "Concept")) == {"Hessian"}
    text = "Proteins fold. We study protein design for every protein."
    assert _entities(text, ("Proteins", "Concept"), ("protein design", "Task")) == {"Protein", "protein design"}


def test_what_the_paper_proposes_or_a_head_that_ends_established_names_stays() -> None:
    text = "We propose a new interpolation operator. The interpolation is fast."
    mentions = (("interpolation operator", "Method"), ("interpolation", "Method"))
    assert _entities(text, *mentions, proposed=(0,)) == {"interpolation operator", "interpolation"}
    text = "Transformer models are large. The transformer is old."
    assert _entities(text, ("Transformer models", "Method"), ("transformer", "Method")) == {
        "Transformer model",
        "transformer",
    }


@pytest.mark.slow
def test_a_build_leaves_the_generic_head_out(tmp_path: Path) -> None:
    abstract = (
        "Deep networks overfit small datasets. We add an additional regularization technique to the training loss."
        " Regularization improves generalization on CIFAR-10."
    )
    source = tmp_path / "r.jsonl"
    source.write_text(json.dumps({"id": "a", "title": "A study", "abstract": abstract}) + "\n", encoding="utf-8")
    labels = {d["label"] for _, d in kg.build([source], cache=False).graph.nodes(data=True)}
    assert "regularization" in labels and "regularization technique" not in labels
