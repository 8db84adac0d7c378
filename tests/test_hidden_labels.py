"""A paper's own short form that names a better-known entity is a hidden label (issue 12: a
concept is one node; "COCO" for one paper's controllable counterfactuals is not a second COCO)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rdflib import Graph, Literal
from rdflib.namespace import SKOS

import kg
from kg.export.html import write_html
from kg.export.rdf import read_rdf, write_rdf
from kg.graph.hidden_labels import hide_colliding_short_forms
from kg.graph.model import new_graph
from kg.graph.thesaurus import apply_thesaurus
from kg.io.thesaurus import read_thesauri
from kg.sparql.labels import build_index
from kg.sparql.store import open_source

ABSTRACTS = [
    ("a", "Detection at scale", "We study object detection on COCO and Pascal VOC. Our detector improves on COCO."),
    ("b", "Fast detectors", "We train a detector on COCO with fewer labels and report results on COCO and LVIS."),
    (
        "c",
        "Counterfactual dialogue",
        "We propose controllable counterfactuals (COCO), a method that edits dialogue states to test dialogue "
        "state tracking models. COCO exposes failures of strong trackers.",
    ),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> kg.KnowledgeGraph:
    folder = tmp_path_factory.mktemp("hidden")
    source = folder / "papers.jsonl"
    source.write_text("".join(json.dumps({"id": i, "title": t, "abstract": a}) + "\n" for i, t, a in ABSTRACTS))
    return kg.build([source], out_dir=folder / "out", cache=False, min_confidence=0)


def _entity(g: kg.KnowledgeGraph, label: str) -> kg.Entity:
    return next(e for e in g.entities() if e.label == label)


def test_a_papers_own_short_form_of_a_known_name_is_hidden(built: kg.KnowledgeGraph) -> None:
    own = _entity(built, "controllable counterfactual")
    assert own.hidden_labels == ("COCO",) and "COCO" not in own.alt_labels
    coco = _entity(built, "COCO")
    assert coco.hidden_labels == () and coco.type == "Dataset"
    # the defining paper is not linked to the dataset by the name it gives its own method
    assert sorted(coco.papers) == ["paper/a", "paper/b"]


def test_a_short_form_shared_by_two_spellings_of_one_thing_stays_an_alt_label() -> None:
    g = new_graph()
    g.add_node("entity/vit", type="Method", label="vision transformer", alt_labels=["ViT"], paper_count=9)
    g.add_node(
        "entity/vitm", type="Method", label="ViT model", alt_labels=["ViT", "vision transformers"], paper_count=1
    )
    g.add_node("entity/rl", type="Task", label="reinforcement learning", alt_labels=["RL"], paper_count=30)
    g.add_node("entity/rlb", type="Concept", label="Riemann-Lipschitz bound", alt_labels=["RL"], paper_count=1)
    assert hide_colliding_short_forms(g) == 1
    assert g.nodes["entity/rlb"]["hidden_labels"] == ["RL"] and g.nodes["entity/rlb"]["alt_labels"] == []
    assert g.nodes["entity/vitm"]["alt_labels"] == ["ViT", "vision transformers"]  # one thing split: merge it
    assert "hidden_labels" not in g.nodes["entity/rl"]


def test_a_short_form_of_a_name_sharing_words_with_a_better_known_one_is_hidden() -> None:
    # one paper's "Forward Learning (FL)" and "distributional RL (DRL)" share a word with federated
    # learning and deep RL, yet are other things; "low-rank adapter" is LoRA's low-rank adaptation
    g = new_graph()
    g.add_node("entity/fl", type="Task", label="federated learning", alt_labels=["FL"], paper_count=40)
    g.add_node("entity/fwl", type="Method", label="Forward Learning", alt_labels=["FL"], paper_count=1)
    g.add_node("entity/drl", type="Method", label="deep reinforcement learning", alt_labels=["DRL"], paper_count=30)
    g.add_node("entity/dist", type="Task", label="distributional reinforcement learning", alt_labels=["DRL"])
    g.add_node("entity/lora", type="Method", label="low-rank adaptation", alt_labels=["LoRA"], paper_count=20)
    g.add_node("entity/lrad", type="Method", label="low-rank adapter", alt_labels=["LoRA"], paper_count=1)
    g.add_node("entity/sgd", type="Method", label="stochastic gradient descent", alt_labels=["SGD"], paper_count=50)
    g.add_node("entity/sgm", type="Method", label="stochastic gradient method", alt_labels=["SGD"], paper_count=1)
    assert hide_colliding_short_forms(g) == 2
    assert g.nodes["entity/fwl"]["hidden_labels"] == ["FL"] and g.nodes["entity/dist"]["hidden_labels"] == ["DRL"]
    assert g.nodes["entity/lrad"]["alt_labels"] == ["LoRA"]  # one thing split: shown, for a merge to find
    assert g.nodes["entity/sgm"]["alt_labels"] == ["SGD"]  # "method" says what kind, not which


def test_hidden_labels_go_to_rdf_and_come_back(built: kg.KnowledgeGraph, tmp_path: Path) -> None:
    path = tmp_path / "graph.ttl"
    write_rdf(built.graph, path)
    triples = Graph().parse(path, format="turtle")
    subject = next(triples.subjects(SKOS.prefLabel, Literal("controllable counterfactual")))
    assert list(triples.objects(subject, SKOS.hiddenLabel)) == [Literal("COCO")]
    assert Literal("COCO") not in set(triples.objects(subject, SKOS.altLabel))
    back = read_rdf(path)
    assert back.nodes["entity/controllablecounterfactual"]["hidden_labels"] == ["COCO"]
    assert "hidden_labels" not in back.nodes["entity/coco"]


def test_hidden_labels_are_searched_not_shown_in_the_page_and_kept_in_flat_exports(
    built: kg.KnowledgeGraph, tmp_path: Path
) -> None:
    page = tmp_path / "graph.html"
    write_html(built.graph, page)
    blob = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page.read_text(), re.S)
    assert blob is not None
    node = next(n for n in json.loads(blob.group(1))["nodes"] if n["i"] == "entity/controllablecounterfactual")
    assert node["h"] == ["COCO"] and "COCO" not in node["a"]
    assert built.report is not None
    graphml = next(p for p in built.report.outputs if p.suffix == ".graphml").read_text()
    key = re.search(r'<key id="(\w+)" for="node" attr.name="hidden_labels"', graphml)
    assert key is not None and f'<data key="{key.group(1)}">COCO</data>' in graphml


def test_a_thesaurus_merge_keeps_hidden_labels(built: kg.KnowledgeGraph, tmp_path: Path) -> None:
    rules = tmp_path / "thesaurus.txt"
    rules.write_text("label\treplace by\ncontrollable counterfactual\tcounterfactual editing\n")
    graph = built.graph.copy()
    graph.add_node("entity/x", type="Method", label="counterfactual editing", alt_labels=[], paper_count=1, papers=[])
    apply_thesaurus(graph, read_thesauri([rules]).rules)
    assert graph.nodes["entity/x"]["hidden_labels"] == ["COCO"]


def test_the_served_search_finds_hidden_labels(built: kg.KnowledgeGraph, tmp_path: Path) -> None:
    path = tmp_path / "graph.ttl"
    write_rdf(built.graph, path)
    index = build_index(open_source(path))
    found = [e.label for e in index.search("COCO", 10)[0]]
    assert found[:1] == ["COCO"] and "controllable counterfactual" in found
    entity = next(e for e in index.search("COCO", 10)[0] if e.label == "controllable counterfactual")
    assert entity.alt == ("controllable counterfactuals",) and entity.hidden == ("COCO",)
