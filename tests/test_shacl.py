"""Every export of the examples satisfies the SHACL shapes in ontology/shapes.ttl."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import SKOS

from kg.rdf.ontology import KG

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


def test_shapes_catch_a_broken_cluster(example_build: Path):
    g = Graph().parse(example_build / "graph.ttl", format="turtle")
    cluster = next(g.subjects(RDF.type, SKOS.Collection))
    member = next(g.objects(cluster, SKOS.member))
    g.remove((member, KG.cluster, cluster))
    g.add((cluster, SKOS.notation, Literal(-1)))
    ok, text = conforms(g)
    assert not ok
    assert "a cluster's members name it as their kg:cluster" in text
    assert "notation" in text
