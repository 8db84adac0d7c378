"""The judged-sample scorer (benchmarks/judged.py): the figures the closing notes report."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from judged import score_paper, summarize
from kg_cli import Entity, Graph, Relation

PAPER = {
    "id": "p1",
    "title": "VAEBM",
    "entities": [
        {"label": "VAEBM", "types": ["Method"], "proposed": True},
        {"label": "energy-based model", "alt": ["EBM"], "types": ["Method"]},
        {"label": "variational autoencoder", "types": ["Method"]},
        {"label": "CIFAR-10", "types": ["Dataset"]},
    ],
    "not_nodes": ["short MCMC chains"],
    "relations": [
        {"head": "VAEBM", "type": "uses", "tail": "energy-based model"},
        {"head": "VAEBM", "type": "uses", "tail": "variational autoencoder"},
        {"head": "VAEBM", "type": "evaluatedOn", "tail": "CIFAR-10"},
    ],
}


def graph() -> Graph:
    g = Graph()
    for key, label, kind, alts in [
        ("vaebm", "VAEBM", "Method", ()),
        ("ebm", "energy-based models", "Method", ("EBM",)),
        ("vae", "Variational Autoencoder", "Concept", ()),
        ("mcmc", "short MCMC chain", "Method", ("short MCMC chains",)),
    ]:
        g.entities[f"entity/{key}"] = Entity(f"entity/{key}", label, kind, alts)
        g.mentions["paper/p1"].add(f"entity/{key}")
    g.proposes["paper/p1"].add("entity/vaebm")
    g.relations = [
        Relation("entity/vaebm", "uses", "entity/ebm", ("paper/p1",)),
        Relation("entity/vae", "uses", "entity/vaebm", ("paper/p1",)),  # the wrong way round
        Relation("entity/mcmc", "partOf", "entity/vaebm", ("paper/p1",)),
    ]
    return g


def test_entities_are_matched_by_name_and_typed_by_the_readers_types() -> None:
    g = graph()
    s = score_paper(PAPER, "paper/p1", g, g.relations_by_paper()["paper/p1"], marked=False)
    assert (s.expected, s.found, s.typed) == (4, 3, 2)  # CIFAR-10 has no node; the VAE is a Concept
    assert s.proposals_found == 1 and s.missed == ["CIFAR-10 (Dataset)"]
    assert (s.proposes, s.proposes_right) == (1, 1)
    assert s.important_missed == ["CIFAR-10"]  # a dataset, in a sample without `important` marks
    assert [n.label for n in s.unmatched_nodes] == ["short MCMC chain"]
    assert s.not_nodes_as_nodes == ["short MCMC chains"]


def test_relations_found_as_pairs_and_those_an_extractor_could_find() -> None:
    g = graph()
    s = score_paper(PAPER, "paper/p1", g, g.relations_by_paper()["paper/p1"], marked=False)
    assert (s.gold_relations, s.relations_found, s.relations_as_pair) == (3, 1, 2)
    # CIFAR-10 has no node, so "VAEBM evaluatedOn CIFAR-10" is out of any relation extractor's reach
    assert s.relations_with_nodes == 2
    assert s.relations == 3 and len(s.unmatched_relations) == 2
    figures = summarize([s], None)
    assert figures["relations_with_nodes"] == 2 and figures["relation_precision"] == 1 / 3


def test_proposals_proxy_counts_what_kg_proposes_that_no_reader_proposed() -> None:
    g = graph()
    g.proposes["paper/p1"].add("entity/ebm")  # mentioned by the reader, not proposed
    g.proposes["paper/p1"].add("entity/mcmc")  # not an entity of the reader's at all
    s = score_paper(PAPER, "paper/p1", g, g.relations_by_paper()["paper/p1"], marked=False)
    assert (s.proposals_found, s.proposes, s.proposes_right) == (1, 3, 1)
    figures = summarize([s], None)
    assert (figures["proposes_right"], figures["proposes"]) == (1, 3)
