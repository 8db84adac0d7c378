"""The read-only SPARQL endpoint, on 127.0.0.1 only: protocol, formats, refusals, limits, load."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import serving
from rdflib import Graph
from spacy.language import Language
from SPARQLWrapper import JSON, POST, POSTDIRECTLY, TURTLE, XML, SPARQLWrapper

from kg.engine.build import build
from kg.sparql.serve import SparqlApp, make_app
from kg.sparql.store import add_graph

ROOT = Path(__file__).resolve().parents[1]
CROSS_JOIN = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"


@pytest.fixture(scope="module")
def graph_ttl(tmp_path_factory: pytest.TempPathFactory, nlp: Language) -> Path:
    out = tmp_path_factory.mktemp("serve-build")
    build([ROOT / "examples" / "icml2025.jsonl"], out, formats=["ttl"], nlp=nlp)
    return out / "graph.ttl"


@pytest.fixture(scope="module")
def server(graph_ttl: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, SparqlApp]]:
    store = tmp_path_factory.mktemp("serve-store") / "store"
    add_graph(store, graph_ttl, "example")
    app = make_app(store, max_results=50, timeout_s=2.0)
    with serving(app) as url:
        yield url, app
    assert all(w.process.poll() is not None for w in app.pool._all) or not app.pool._all
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{url}/", timeout=2)


def get(url: str, query: str, accept: str = "application/sparql-results+json") -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(
        url + "/sparql?" + urllib.parse.urlencode({"query": query}), headers={"Accept": accept}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_sparqlwrapper_get_post_json_xml(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    w = SPARQLWrapper(url + "/sparql")
    w.setQuery("SELECT ?p ?t WHERE { ?p a kg:Paper ; dcterms:title ?t } ORDER BY ?t")
    w.setReturnFormat(JSON)
    got: Any = w.queryAndConvert()
    assert len(got["results"]["bindings"]) == 19
    w.setReturnFormat(XML)
    xml: Any = w.queryAndConvert()
    assert len(xml.getElementsByTagName("result")) == 19
    w.setMethod(POST)
    xml = w.queryAndConvert()
    assert len(xml.getElementsByTagName("result")) == 19
    w.setRequestMethod(POSTDIRECTLY)
    w.setReturnFormat(JSON)
    got = w.queryAndConvert()
    assert len(got["results"]["bindings"]) == 19
    w.setQuery("ASK { ?e skos:altLabel ?l }")
    got = w.queryAndConvert()
    assert got["boolean"] is True


def test_construct_turtle_and_csv(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    w = SPARQLWrapper(url + "/sparql")
    w.setQuery("CONSTRUCT { ?p a kg:Paper } WHERE { ?p a kg:Paper }")
    w.setReturnFormat(TURTLE)
    data: Any = w.queryAndConvert()
    assert len(Graph().parse(data=data, format="turtle")) == 19
    status, headers, body = get(url, "SELECT ?t WHERE { ?p dcterms:title ?t } LIMIT 2", "text/csv")
    assert status == 200 and headers["Content-Type"].startswith("text/csv")
    assert body.decode().splitlines()[0] == "t" and len(body.decode().splitlines()) == 3


def test_updates_and_service_are_refused(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    insert = "INSERT DATA { <urn:a> <urn:b> <urn:c> }"
    status, _, body = get(url, insert)
    assert status == 403 and b"read-only" in body
    for ctype, data in [
        ("application/x-www-form-urlencoded", urllib.parse.urlencode({"update": insert})),
        ("application/sparql-update", insert),
    ]:
        req = urllib.request.Request(url + "/sparql", data=data.encode(), headers={"Content-Type": ctype})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code == 403
    status, _, body = get(url, "DROP ALL")
    assert status == 403
    assert get(url, "SELECT * WHERE { SERVICE <http://127.0.0.1:1/> { ?s ?p ?o } }")[0] == 403
    assert get(url, "SELECT ?x WHERE { ?x")[0] == 400
    assert get(url, "ASK { <urn:a> <urn:b> <urn:c> }")[2] == b'{"head": {}, "boolean": false}'


def test_timeout_then_still_serving(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    status, _, body = get(url, CROSS_JOIN)
    assert status == 503 and b"time limit" in body
    assert get(url, "ASK { ?p a kg:Paper }")[0] == 200


def test_result_size_cap(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    status, headers, _ = get(url, "SELECT * WHERE { ?s ?p ?o }")
    assert status == 200 and headers.get("X-KG-Truncated") == "true" and headers["X-KG-Result-Count"] == "50"
    status, headers, _ = get(url, "SELECT * WHERE { ?s ?p ?o } LIMIT 5")
    assert "X-KG-Truncated" not in headers and headers["X-KG-Result-Count"] == "5"


def test_explorer_page(server: tuple[str, SparqlApp], graph_ttl: Path, tmp_path: Path) -> None:
    """``/`` is the explorer reading the API (the query form is at ``/sparql``); the graph's name,
    a file name here, is escaped in it."""
    url, _ = server
    with urllib.request.urlopen(url + "/", timeout=10) as r:
        assert r.status == 200 and b"kgViews" in r.read()
    odd = tmp_path / "<b>.ttl"
    odd.write_bytes(graph_ttl.read_bytes())
    app = make_app(odd, workers=1)
    try:
        assert b"<title>&lt;b&gt;.ttl</title>" in app.page and b"<title><b>" not in app.page
    finally:
        app.close()


def test_burst_of_1000_queries(server: tuple[str, SparqlApp]) -> None:
    url, _ = server

    def one(i: int) -> int:
        return get(url, f"SELECT ?l WHERE {{ ?e skos:prefLabel ?l }} LIMIT {i % 7 + 1}")[0]

    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(one, range(1000)))
    assert statuses == [200] * 1000
