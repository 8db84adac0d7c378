"""Every export of the examples satisfies the SHACL shapes in ontology/shapes.ttl."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import SKOS

pyshacl = pytest.importorskip("pyshacl")
SHAPES = ROOT / "ontology" / "shapes.ttl"


def conforms(data: Graph) -> tuple[bool, str]:
    ok, _, text = pyshacl.validate(data, shacl_graph=str(SHAPES), advanced=True)
    return bool(ok), str(text)


@pytest.mark.parametrize(
    ("name", "fmt"), [("graph.ttl", "turtle"), ("graph.nt", "nt"), ("graph.jsonld", "json-ld"), ("graph.rdf", "xml")]
)
def test_example_exports_conform(example_build: Path, name: str, fmt: str):
    ok, text = conforms(Graph().parse(example_build / name, format=fmt))
    assert ok, text


def test_committed_export_conforms():
    ok, text = conforms(Graph().parse(ROOT / "exports" / "graph.ttl", format="turtle"))
    assert ok, text


def test_shapes_catch_a_broken_graph(example_build: Path):
    g = Graph().parse(example_build / "graph.ttl", format="turtle")
    entity = next(g.subjects(SKOS.prefLabel, Literal("sparse autoencoder")))
    g.add((entity, SKOS.prefLabel, Literal("a second preferred label")))
    paper = next(g.subjects(URIRef("https://w3id.org/kg-ml/ontology#mentions"), entity))
    g.add(
        (paper, URIRef("https://w3id.org/kg-ml/ontology#proposes"), URIRef("https://w3id.org/kg-ml/resource/entity/x"))
    )
    ok, text = conforms(g)
    assert not ok
    assert "a paper proposes only what it mentions" in text
    assert "prefLabel" in text
