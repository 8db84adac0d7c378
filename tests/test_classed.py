"""Issue 12, types: what an abstract calls a name says what it is (kg.graph.classed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kg
from kg.graph.classed import class_types, paper_classes
from kg.graph.model import new_graph


@pytest.mark.parametrize(
    ("abstract", "name", "kinds"),
    [
        (
            "It serves tasks such as video restoration, surrogate rendering, and video generation.",
            "surrogate rendering",
            {"Task"},
        ),
        ("We address four document understanding tasks: Doc2Mask, Doc2Box, Doc2Tag, and Doc2Seq.", "Doc2Tag", {"Task"}),
        ("We introduce GAIA, a benchmark for general AI assistants.", "GAIA", {"Dataset"}),
        ("UK Biobank is an extremely large biomedical dataset.", "UK Biobank", {"Dataset"}),
        ("We propose a novel disentanglement metric LSEPIN and study it.", "LSEPIN", {"Metric"}),
        (
            "We propose a novel training algorithm called Conservative Density Estimation (CDE).",
            "Conservative Density Estimation",
            {"Method"},
        ),
        ("Furthermore, we propose a novel metric named TCAS, which assesses tokens.", "TCAS", {"Metric"}),
        (
            "Inspired by deep tempering, an approach introduced for belief networks, we ...",
            "deep tempering",
            {"Method"},
        ),
    ],
)
def test_the_word_an_abstract_classes_a_name_by(abstract: str, name: str, kinds: set[str]) -> None:
    assert paper_classes(abstract, [name]) == kinds


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # the apposition describes the longer phrase the name ends
        (
            "We introduce domain randomization via entropy maximization (DORA), a constrained problem.",
            "entropy maximization",
        ),
        (
            "From the perspective of hallucination detection, a feature clipping approach is explored.",
            "hallucination detection",
        ),
        # a name the class noun only modifies, or another name it introduces
        ("To train NeuroBack, a new dataset called DataBack is built.", "NeuroBack"),
        ("This work introduces MUFFIN, a new scheme of instruction-following dataset curation.", "MUFFIN"),
        # an item that goes on past the name, and systems among applications
        ("We report results on tasks such as image classification on ImageNet.", "ImageNet"),
        ("As seen in applications like AutoGPT and MetaGPT, agents plan.", "MetaGPT"),
        ("We use image classification datasets, e.g. CIFAR-10, and balance realism and faithfulness.", "faithfulness"),
        # a class noun before a word, not before a name written as one
        ("This is helpful to task adaptation in general.", "adaptation"),
        # what a class noun calls a name goes past the start of it
        ("We are led to an alternative approach called Diffusion Time Estimation (DTE).", "diffusion time"),
    ],
)
def test_what_classes_another_phrase_classes_no_name(abstract: str, name: str) -> None:
    assert paper_classes(abstract, [name]) == set()


def _graph(abstracts: list[str], kind: str = "Concept"):
    graph = new_graph()
    papers = [f"paper/{i}" for i in range(len(abstracts))]
    for paper, abstract in zip(papers, abstracts, strict=True):
        graph.add_node(paper, type="Paper", abstract=abstract)
    graph.add_node("entity/outpainting", type=kind, label="outpainting", alt_labels=[], papers=papers)
    return graph


def test_an_entity_takes_the_class_its_papers_agree_on() -> None:
    graph = _graph(["It enables applications such as retargeting and outpainting.", "We study outpainting."])
    assert class_types(graph) == 1
    assert graph.nodes["entity/outpainting"]["type"] == "Task"


def test_one_paper_of_many_or_papers_that_disagree_leave_the_type() -> None:
    few = _graph(
        ["It enables applications such as retargeting and outpainting.", "We use outpainting.", "Outpainting."]
    )
    disagree = _graph(["Applications such as outpainting.", "We use outpainting, a technique for editing."])
    assert class_types(few) == class_types(disagree) == 0
    assert few.nodes["entity/outpainting"]["type"] == disagree.nodes["entity/outpainting"]["type"] == "Concept"


@pytest.mark.slow
def test_a_build_types_what_its_abstract_lists_as_tasks(tmp_path: Path) -> None:
    record = {
        "id": "a",
        "title": "Video models",
        "abstract": "We study video diffusion models. Our model also facilitates applications such as retargeting, "
        "outpainting and local editing.",
    }
    source = tmp_path / "r.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    graph = kg.build([source], cache=False).graph
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["outpainting"] == types["retargeting"] == "Task"
