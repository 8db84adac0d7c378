"""RDF export: the contract other issues and users rely on, round trips, minted IRIs."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import ROOT
from hypothesis import given
from hypothesis import strategies as st
from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, OWL, SKOS

from kg.rdf.iri import decode, encode, node_iri, node_of
from kg.rdf.mapping import from_rdf, to_rdf
from kg.rdf.ontology import KG, SCHEMA

ONTOLOGY = ROOT / "ontology" / "kg.ttl"


@pytest.fixture(scope="module")
def ttl(example_build: Path) -> Graph:
    g = Graph()
    g.parse(example_build / "graph.ttl", format="turtle")
    return g


def test_rdf_contract_on_examples(ttl: Graph):
    papers = set(ttl.subjects(RDF.type, KG.Paper))
    assert len(papers) == 19
    for paper in papers:
        assert ttl.value(paper, DCTERMS.title) and ttl.value(paper, DCTERMS.abstract)
    assert len(set(ttl.objects(None, SCHEMA.codeRepository))) == 6
    sae = next(ttl.subjects(SKOS.prefLabel, Literal("sparse autoencoder")))
    assert (sae, RDF.type, KG.Method) in ttl and (sae, SKOS.altLabel, Literal("SAE")) in ttl
    assert len(set(ttl.subjects(KG.mentions, sae))) == 2
    spo = next(ttl.subjects(SKOS.altLabel, Literal("SPO")))
    assert any(ttl.subjects(KG.proposes, spo))


def test_every_relation_statement_has_evidence(ttl: Graph):
    statements = set(ttl.subjects(RDF.type, KG.RelationStatement))
    assert statements
    for st_ in statements:
        assert ttl.value(st_, KG.evidence) is not None
        assert ttl.value(st_, KG.supportCount).toPython() >= 1
        s, p, o = (ttl.value(st_, x) for x in (RDF.subject, RDF.predicate, RDF.object))
        assert (s, p, o) in ttl


def test_ontology_defines_every_class_and_property_used(ttl: Graph):
    onto = Graph().parse(ONTOLOGY, format="turtle")
    defined = (
        set(onto.subjects(RDF.type, OWL.Class))
        | set(onto.subjects(RDF.type, OWL.ObjectProperty))
        | set(onto.subjects(RDF.type, OWL.DatatypeProperty))
        | set(onto.subjects(RDF.type, OWL.AnnotationProperty))
    )
    used = {p for p in ttl.predicates() if p != RDF.type} | set(ttl.objects(None, RDF.type))
    ours_or_reused = {u for u in used if not str(u).startswith(str(RDF))}
    assert ours_or_reused <= defined, ours_or_reused - defined
    for term in onto.subjects(RDF.type, None):
        if str(term).startswith(str(KG)):
            assert onto.value(term, RDFS.label) is not None and onto.value(term, RDFS.comment) is not None


def test_closed_namespace_matches_ontology_and_rejects_typos():
    onto = Graph().parse(ONTOLOGY, format="turtle")
    in_file = {str(s) for s in onto.subjects() if str(s).startswith(str(KG))}
    in_code = {str(KG[name]) for name in KG.__annotations__}
    assert in_code == in_file
    with pytest.raises(AttributeError):
        KG.usess  # noqa: B018


def test_rdf_round_trip_rebuilds_the_graph(example_graph, example_build: Path):
    again = from_rdf(to_rdf(example_graph))
    assert sorted(again.nodes(data=True), key=str) == sorted(example_graph.nodes(data=True), key=str)
    assert sorted(again.edges(keys=True, data=True), key=str) == sorted(
        example_graph.edges(keys=True, data=True), key=str
    )


@pytest.mark.parametrize("fmt", ["nt", "jsonld", "xml"])
def test_serializations_parse_back_isomorphic(example_build: Path, ttl: Graph, fmt: str):
    suffix = {"nt": "nt", "jsonld": "jsonld", "xml": "rdf"}[fmt]
    other = Graph().parse(
        example_build / f"graph.{suffix}",
        format={"nt": "nt", "jsonld": "json-ld", "xml": "xml"}[fmt],
    )
    assert isomorphic(other, ttl)


@pytest.mark.parametrize("suffix", ["nt", "jsonld", "rdf"])
def test_every_export_kg_writes_is_read_by_query_and_store(example_build: Path, ttl: Graph, suffix: str):
    """`kg query` and the store took an RDF/XML export (graph.rdf) for Turtle and failed on it."""
    from kg.sparql.query import load_graph
    from kg.sparql.store import rdf_format

    path = example_build / f"graph.{suffix}"
    assert isomorphic(load_graph(path), ttl)
    store = ox.Store()
    store.bulk_load(path=str(path), format=rdf_format(path))
    assert len(store) == len(ttl)


@given(st.text(max_size=40))
def test_minted_iris_are_safe_and_reversible(key: str):
    iri = node_iri("entity/" + key)
    assert all(c.isascii() and (c.isalnum() or c in ":/.-%") for c in iri)
    assert node_of(str(iri)) == "entity/" + key
    assert decode(encode(key)) == key


@given(st.text(max_size=12), st.text(max_size=12))
def test_minted_iris_are_injective(a: str, b: str):
    if a != b:
        assert node_iri("entity/" + a) != node_iri("entity/" + b)


def test_hostile_labels_survive_turtle_round_trip():
    import networkx as nx

    hostile = 'x" ; <a> . \\ \n é $\\sqrt{2}$ </script> '
    g = nx.MultiDiGraph()
    g.add_node(
        "entity/" + hostile,
        type="Concept",
        label=hostile,
        alt_labels=[hostile + "2"],
        papers=[],
        paper_count=0,
        count=1,
        proposed_by=[],
    )
    rdf = to_rdf(g)
    for fmt in ("turtle", "nt", "json-ld", "xml"):
        back = Graph().parse(data=rdf.serialize(format=fmt), format=fmt)
        assert isomorphic(back, rdf), fmt
    assert from_rdf(rdf).nodes["entity/" + hostile]["label"] == hostile
    assert URIRef  # imported for type clarity
