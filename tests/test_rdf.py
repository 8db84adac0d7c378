"""RDF export: the contract other issues and users rely on, round trips, minted IRIs."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import networkx as nx
import pyoxigraph as ox
import pytest
from conftest import EXAMPLES, ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import RDF, RDFS, Graph, Literal
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, OWL, SKOS

from kg.export.rdf import read_rdf, write_rdf
from kg.graph.clusters import add_clusters
from kg.graph.model import MENTION_SCORE, VOCABULARY, new_graph
from kg.graph.trends import add_years
from kg.rdf.formats import RDF_SUFFIXES
from kg.rdf.iri import decode, encode, node_iri, node_of
from kg.rdf.ontology import KG, SCHEMA
from kg.sparql.store import rdf_format
from kg.text import safe_text

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


# kg's writer and reader for every RDF serialization: write_rdf, then read_rdf (by the file's suffix).
RDF_WRITTEN = sorted(RDF_SUFFIXES)


def rdf_round_trip(graph: nx.MultiDiGraph, folder: Path, fmt: str) -> nx.MultiDiGraph:
    path = folder / f"graph{RDF_SUFFIXES[fmt]}"
    write_rdf(graph, path, fmt)
    return read_rdf(path)


def hostile_graph(text: str, url: str | None = None) -> nx.MultiDiGraph:
    """A kg graph, in the form read_rdf gives back, whose every string holds ``text``: keys,
    labels, title, abstract, authors, venue, evidence, and the paper's URL unless ``url`` is given."""
    g = new_graph()
    paper, entity, other = "paper/" + text, "entity/" + text, "entity/other " + text
    g.add_node(
        paper,
        type="Paper",
        label="Title " + text,
        title="Title " + text,
        abstract=text,
        url="https://example.org/?q=" + text if url is None else url,
        code=[],
        authors=sorted(["A " + text, "B " + text]),
        year=2025,
        venue=text,
        key=text,
    )
    for node, kind, label in ((entity, "Concept", text), (other, "Method", "other " + text)):
        g.add_node(
            node,
            type=kind,
            label=label,
            alt_labels=[label + " 2"],
            papers=[paper],
            paper_count=1,
            count=3,
            proposed_by=[paper] if node == other else [],
        )
        g.add_edge(paper, node, key="mentions", type="mentions", weight=1, papers=[paper], evidence=[])
    g.add_edge(paper, other, key="proposes", type="proposes", weight=1, papers=[paper], evidence=[])
    evidence = sorted([text, "Second sentence: " + text])
    g.add_edge(other, entity, key="uses", type="uses", weight=2, papers=[paper], evidence=evidence)
    add_years(g)  # as a build does; reading RDF back computes them when they are missing
    add_clusters(g)
    return g


def assert_same_graph(back: nx.MultiDiGraph, graph: nx.MultiDiGraph) -> None:
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert {(u, v, k): d for u, v, k, d in back.edges(keys=True, data=True)} == {
        (u, v, k): d for u, v, k, d in graph.edges(keys=True, data=True)
    }
    assert back.graph == graph.graph


HOSTILE = 'x" ; <a> . \\ \n é $\\sqrt{2}$ </script> ]]> &amp; \'\'\' """ @prefix : <x> . {"@id": 1} \t '
XML_CR = "RDF/XML turns a carriage return into a newline: Oxigraph writes it unescaped and XML parsers normalize it"


@pytest.mark.parametrize("fmt", RDF_WRITTEN)
@pytest.mark.parametrize(
    "text",
    [
        pytest.param(HOSTILE, id="hostile"),
        pytest.param("line\r\nbreak\r", id="carriage-return"),
    ],
)
def test_rdf_hostile_labels_survive_round_trip(tmp_path: Path, fmt: str, text: str, request: pytest.FixtureRequest):
    if fmt == "xml" and "\r" in text:
        request.applymarker(pytest.mark.xfail(strict=True, reason=XML_CR))
    graph = hostile_graph(text)
    assert_same_graph(rdf_round_trip(graph, tmp_path, fmt), graph)


# What a graph can hold: the build passes every input string through safe_text. Carriage
# returns are left to the test above (RDF/XML loses them).
graph_text = st.text(max_size=30).map(lambda text: safe_text(text).replace("\r", " "))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=graph_text)
@pytest.mark.parametrize("fmt", RDF_WRITTEN)
def test_rdf_any_text_survives_round_trip(tmp_path: Path, fmt: str, text: str):
    graph = hostile_graph(text, url="https://example.org/?q=" + quote(text))  # odd URLs: see the next test
    assert_same_graph(rdf_round_trip(graph, tmp_path, fmt), graph)


@pytest.mark.parametrize("fmt", RDF_WRITTEN)
@pytest.mark.parametrize(
    "url",
    [
        pytest.param("https://example.org/?q=a%20b", id="well-formed"),
        pytest.param("https://example.org/?q=100%", id="stray-percent"),
        pytest.param("https://example.org/?filter[0]=x", id="square-bracket"),
        pytest.param("https://example.org/#a#b", id="second-hash"),
    ],
)
def test_rdf_paper_url_round_trips_and_parses_strictly(tmp_path: Path, fmt: str, url: str):
    """A URL that is not a valid IRI as it is (a stray %, brackets, a second #) is written as an
    xsd:anyURI literal, so every serialization parses strictly (Oxigraph, as the store reads it)."""
    graph = hostile_graph("x", url=url)
    back = rdf_round_trip(graph, tmp_path, fmt)
    path = tmp_path / f"graph{RDF_SUFFIXES[fmt]}"
    list(ox.parse(path=str(path), format=rdf_format(path)))  # Oxigraph, as the store and `kg serve` read it
    assert_same_graph(back, graph)


# A paper with no title, URL, year or venue, and two code links (the record's own first), beside the examples.
ODD_PAPER = {
    "id": "no-title",
    "authors": ["Zoe Zhang", "Adam Abel"],
    "code": "https://github.com/zz/official",
    "abstract": "We propose FooNet, a convolutional network for image segmentation, and evaluate it on "
    "CIFAR-10. A reimplementation is at https://github.com/aa/unofficial",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, nlp) -> nx.MultiDiGraph:
    """The graph a build returns for the examples and ODD_PAPER (not read back from a file)."""
    from kg.engine.build import build

    folder = tmp_path_factory.mktemp("built")
    odd = folder / "odd.jsonl"
    odd.write_text(json.dumps(ODD_PAPER) + "\n", encoding="utf-8")
    graph, _ = build([EXAMPLES / "icml2025.jsonl", odd], folder / "out", formats=["ttl"], nlp=nlp)
    assert graph.nodes["paper/no-title"]["code"] == [
        "https://github.com/zz/official",
        "https://github.com/aa/unofficial",
    ]
    return graph


@pytest.fixture(scope="module")
def read_back(built: nx.MultiDiGraph, tmp_path_factory: pytest.TempPathFactory) -> dict[str, nx.MultiDiGraph]:
    """``built`` written by kg's writer and read back by read_rdf, in every RDF serialization."""
    folder = tmp_path_factory.mktemp("read-back")
    return {fmt: rdf_round_trip(built, folder, fmt) for fmt in RDF_WRITTEN}


def _papers(graph: nx.MultiDiGraph) -> dict[str, dict]:
    return {n: d for n, d in graph.nodes(data=True) if d["type"] == "Paper"}


def _vocabulary(graph: nx.MultiDiGraph) -> dict[str, dict]:
    return graph.graph.get(VOCABULARY, {})


#: What a comparison looks at, from a kg graph.
ASPECTS = {
    "papers": lambda g: {
        n: {**d, "authors": sorted(d["authors"]), "code": sorted(d["code"])} for n, d in _papers(g).items()
    },
    "author order": lambda g: {n: d["authors"] for n, d in _papers(g).items()},
    "code link order": lambda g: {n: d["code"] for n, d in _papers(g).items()},
    "entities": lambda g: {n: d for n, d in g.nodes(data=True) if d["type"] != "Paper"},
    "edges": lambda g: {(u, v, k): d for u, v, k, d in g.edges(keys=True, data=True)},
    "graph attributes": lambda g: {
        **g.graph,
        VOCABULARY: {iri: {**t, "broader": sorted(t["broader"])} for iri, t in _vocabulary(g).items()},
    },
    "vocabulary parent order": lambda g: {iri: t["broader"] for iri, t in _vocabulary(g).items()},
}
UNORDERED = "RDF has no order for a property's values: read_rdf sorts them"


def without_mention_counts(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """``graph`` as its RDF can hold it: per-paper mention counts and scores are not in the RDF,
    so a ``mentions`` edge comes back with weight 1 and no score (the documented loss of from_rdf)."""
    copy = graph.copy()
    for _u, _v, key, data in copy.edges(keys=True, data=True):
        if key == "mentions":
            data["weight"] = 1
            data.pop(MENTION_SCORE, None)
    return copy


@pytest.mark.parametrize("fmt", RDF_WRITTEN)
@pytest.mark.parametrize(
    "aspect",
    [
        "papers",
        "author order",  # kg:authorList
        "code link order",  # kg:codeList
        "entities",
        "edges",
        "graph attributes",
        pytest.param(
            "vocabulary parent order",
            marks=pytest.mark.xfail(strict=True, reason=f"{UNORDERED} (kg.graph.model.ancestors sorts them too)"),
        ),
    ],
)
def test_rdf_round_trip_gives_back_the_built_graph(built, read_back, fmt: str, aspect: str):
    """The graph the build returned, written by kg's writer and read by read_rdf, is the same
    graph attribute by attribute, but for the mention counts."""
    expected = without_mention_counts(built)
    assert set(read_back[fmt].nodes) == set(expected.nodes)
    assert ASPECTS[aspect](read_back[fmt]) == ASPECTS[aspect](expected)
