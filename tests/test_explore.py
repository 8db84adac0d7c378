"""The explorer's JSON API (kg.sparql.explore) on stores of the committed example export and of a
hand-built hostile graph: answers, their shape, ranking, caps, refusals, and the HTTP routes."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from conftest import serving
from test_html import HOSTILE, make_graph

from kg.export.html import graph_data
from kg.export.rdf import read_rdf
from kg.graph.model import ABOUT, RELATIONS
from kg.sparql import explore
from kg.sparql.explore import BadRequest, Explorer, entity_iri, parse_request
from kg.sparql.labels import Entity, LabelIndex
from kg.sparql.serve import SparqlApp, make_app
from kg.sparql.store import add_graph, open_store

ROOT = Path(__file__).resolve().parents[1]
EXPORT = ROOT / "exports" / "graph.ttl"
SAE = "entity/sparseautoencoder"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example's store."""
    folder = tmp_path_factory.mktemp("explore") / "store"
    add_graph(folder, EXPORT, "example")
    return folder


@pytest.fixture(scope="module")
def ex(store: Path) -> Explorer:
    return Explorer(open_store(store))


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Explorer:
    folder = tmp_path_factory.mktemp("explore-hostile") / "store"
    add_graph(folder, make_graph(), "hostile")
    return Explorer(open_store(folder))


def by_id(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n["i"]: n for n in data["nodes"]}


def edge_set(data: dict[str, Any]) -> set[tuple[str, str, str]]:
    nodes, rels = data["nodes"], data["rels"]
    return {(nodes[e[0]]["i"], nodes[e[1]]["i"], rels[e[2]]) for e in data["edges"]}


def test_explore_map_is_the_export_s_concept_map(ex: Explorer) -> None:
    """The map a store serves is the one a file export of its graph embeds: same entities, order,
    positions and clusters (the same code makes both), whatever order the store reads them in."""
    embedded = graph_data(read_rdf(EXPORT), concept_map=True)
    on_map = [embedded["nodes"][i] for i in embedded["map"]]
    data = ex.map(n=len(on_map))
    assert len(on_map) >= 5 and not data["truncated"] and data["total"] == len(on_map)
    assert [(n["i"], n["x"], n["y"], n.get("cluster")) for n in data["nodes"]] == [
        (n["i"], n["x"], n["y"], n.get("cluster")) for n in on_map
    ]
    counts = [n["n"] for n in data["nodes"]]
    assert counts == sorted(counts, reverse=True) and min(counts) >= 2  # one-paper entities are no area
    assert all(data["rels"][e[2]] in RELATIONS for e in data["edges"])  # relations among entities only
    # the store names a cluster's terms by its members in most papers
    assert [(c["id"], c["label"], c["size"]) for c in data["clusters"]] == [
        (c["id"], c["label"], c["size"]) for c in embedded["clusters"]
    ]
    assert data["years"] == embedded["years"]
    assert ex.map(n=2)["nodes"] == data["nodes"][:2] and ex.map(n=2)["truncated"]
    empty = ex.map(n=0)
    assert empty["nodes"] == [] and empty["clusters"] == data["clusters"]
    with_papers = ex.map(n=3, papers=True)
    papers = [n for n in with_papers["nodes"] if with_papers["types"][n["t"]] == "Paper"]
    assert papers and all(n["ti"] for n in papers)
    size = len(with_papers["nodes"])
    named = {(e[0], e[1]) for e in with_papers["edges"] if with_papers["rels"][e[2]] == "mentions"}
    assert {(p, k) for k, n in enumerate(with_papers["nodes"][:3]) for p in n.get("p", [])} == named
    assert all(0 <= e[0] < size and 0 <= e[1] < size for e in with_papers["edges"])


def test_explore_answers_have_graph_data_shape(ex: Explorer) -> None:
    """The same keys and values as the embedded page's data for the same node (vocabulary: its label)."""
    embedded = graph_data(read_rdf(EXPORT))
    page = by_id(embedded)
    data = ex.node(entity_iri(SAE), hops=1)
    assert set(data) == {"types", "rels", "nodes", "edges", "centre", "draw", "total", "truncated"}
    assert data["types"] == embedded["types"] and data["rels"] == embedded["rels"]
    for k, node in enumerate(data["nodes"]):
        mine, theirs = dict(node), dict(page[node["i"]])
        if k >= data["draw"]:  # papers listed in the details, not drawn: no abstract or authors
            assert "ab" not in mine and "au" not in mine
            theirs.pop("ab", None), theirs.pop("au", None)
        for n in (mine, theirs):
            # positions and paper lists depend on what else is in the answer; the embedded page
            # leaves out a cluster label its cluster table has
            for key in ("x", "y", "p", "pb", "cluster_label"):
                n.pop(key, None)
        assert [url for _, url in mine.pop("v", [])] == [url for _, url in theirs.pop("v", [])]
        assert mine == theirs
    sae = by_id(data)[SAE]
    papers = {data["nodes"][p]["i"] for p in sae["p"]}
    assert papers == {embedded["nodes"][p]["i"] for p in page[SAE]["p"]} and sae["v"][0][0] == "Sparse Autoencoder"
    assert edge_set(data) <= edge_set(embedded)


def test_explore_clusters_come_with_every_entity(ex: Explorer) -> None:
    """The export's clusters (kg:cluster collections, numbered by skos:notation) on every answer's entities."""
    graph = read_rdf(EXPORT)
    data = ex.node(entity_iri(SAE), hops=2, limit=30)
    entities = [n for n in data["nodes"] if data["types"][n["t"]] != "Paper"]
    assert entities and all(n["cluster"] == graph.nodes[n["i"]]["cluster"] for n in entities if "cluster" in n)
    sae = by_id(data)[SAE]
    assert sae["cluster_label"] == graph.nodes[SAE]["cluster_label"] and sae["cluster"] >= 0
    table = {c["id"]: c for c in ex.map(n=0)["clusters"]}
    assert table[sae["cluster"]]["label"] == sae["cluster_label"] and table[sae["cluster"]]["size"] >= 1


def test_explore_search_exact_then_prefix_then_contains(ex: Explorer) -> None:
    hits = ex.search("sae")
    labels = [n["l"] for n in hits["nodes"]]
    assert labels[0] == "sparse autoencoder"  # an exact alternative label
    assert labels == [n["l"] for n in ex.search("  SAE ")["nodes"]]
    assert all("sae" in " ".join([n["l"], *n.get("a", [])]).casefold() for n in hits["nodes"])
    starts = [n for n in ex.search("reinforcement")["nodes"]]
    papers = [n["n"] for n in starts if n["l"].casefold().startswith("reinforcement")]
    assert papers == sorted(papers, reverse=True)
    one = ex.search("learning", limit=1)
    assert len(one["nodes"]) == 1 and one["truncated"] and not ex.search("sparse autoencoder")["truncated"]
    assert ex.search("no such label anywhere")["nodes"] == []


@pytest.mark.parametrize("q", ['"', "'}", "} UNION { ?s ?p ?o", "a\nb", "\\", ".*", "%", "\u2028", "<script>"])
def test_explore_search_takes_any_text(ex: Explorer, q: str) -> None:
    data = ex.search(q)
    assert isinstance(data["nodes"], list)
    folded = " ".join(q.casefold().split())
    assert all(folded in " ".join([n["l"], *n.get("a", [])]).casefold() for n in data["nodes"])


def test_explore_label_index_ranks_and_stops() -> None:
    index = LabelIndex(
        [
            Entity("urn:1", "Method", "Sparse Autoencoder", ("SAE",), 2),
            Entity("urn:2", "Task", "sae", (), 1),
            Entity("urn:3", "Concept", "autoencoder", ("AE",), 9),
            Entity("urn:4", "Concept", "transaero", (), 50),
        ]
    )
    assert [e.iri for e in index.search("SAE", 10)[0]] == ["urn:1", "urn:2", "urn:4"]
    assert [e.iri for e in index.search("auto", 10)[0]] == ["urn:3", "urn:1"]
    assert index.search("e", 2) == ([index[0], index[1]], True)
    assert [e.iri for e in index.top(2)] == ["urn:4", "urn:3"] and index.top(5, "Task")[0].iri == "urn:2"


def _widest(graph: nx.MultiDiGraph) -> str:
    """The entity of the example graph with most entities two hops away (then by name)."""
    entities = graph.subgraph(n for n in graph if not n.startswith("paper/")).to_undirected()
    return max(
        entities,
        key=lambda n: (sum(d == 2 for d in nx.single_source_shortest_path_length(entities, n, cutoff=2).values()), n),
    )


def test_explore_node_one_and_two_hops(ex: Explorer, store: Path) -> None:
    """As the page's own view: the node, its strongest neighbours hop by hop up to ``limit``
    (papers only when asked), then its papers for its details."""
    graph = read_rdf(EXPORT)
    node = _widest(graph)
    one = ex.node(entity_iri(node), hops=1)
    drawn = [n["i"] for n in one["nodes"][: one["draw"]]]
    near = {n for n in nx.all_neighbors(graph, node) if not n.startswith("paper/")}
    assert drawn[0] == node and set(drawn[1:]) == near and one["total"] == len(near)
    mentions = explore_papers_of(store, node)
    assert mentions and {n["i"] for n in one["nodes"][one["draw"] :]} == mentions  # its papers, not drawn
    assert {one["nodes"][p]["i"] for p in by_id(one)[node]["p"]} == mentions
    two = ex.node(entity_iri(node), hops=2, limit=40)
    drawn2 = [n["i"] for n in two["nodes"][: two["draw"]]]
    far = nx.single_source_shortest_path_length(
        graph.subgraph(n for n in graph if not n.startswith("paper/")).to_undirected(), node, cutoff=2
    )
    assert set(drawn2) <= set(far) and any(far[n] == 2 for n in drawn2) and len(drawn2) <= 40
    evidence = [e for e in two["edges"] if two["rels"][e[2]] in RELATIONS]
    assert evidence and all(len(e) >= 5 and isinstance(e[4], str) for e in evidence)
    kind = next(r for _, _, r in sorted(edge_set(one)) if r in RELATIONS)
    only = ex.node(entity_iri(node), hops=1, rels=(kind,))
    assert {r for _, _, r in edge_set(only)} == {kind}
    with_papers = ex.node(entity_iri(node), hops=1, papers=True)
    assert mentions <= {n["i"] for n in with_papers["nodes"][: with_papers["draw"]]}
    paper = ex.node(entity_iri(next(iter(mentions))), hops=1)
    assert node in [n["i"] for n in paper["nodes"][: paper["draw"]]]  # a paper's own entities are its neighbours


def test_explore_follows_what_a_paper_is_about(ex: Explorer) -> None:
    """A paper's view shows what it names only inside a longer name (``about``), as the static page
    does; an entity's view with papers shows the papers about it."""
    graph = read_rdf(EXPORT)
    paper, entity = next((u, v) for u, v, k in graph.edges(keys=True) if k == ABOUT)
    view = ex.node(entity_iri(paper), hops=1)
    assert (paper, entity, ABOUT) in edge_set(view)
    with_papers = ex.node(entity_iri(entity), hops=1, papers=True)
    assert paper in {n["i"] for n in with_papers["nodes"][: with_papers["draw"]]}


def explore_papers_of(store: Path, node: str) -> set[str]:
    from kg.rdf.iri import node_of

    query = f"SELECT ?p WHERE {{ ?p kg:mentions <{entity_iri(node)}> }}"
    result = open_store(store).query(query, prefixes={"kg": "https://w3id.org/kg-ml/ontology#"})
    return {node_of(row[0].value) or "" for row in result}  # type: ignore[union-attr]


def test_explore_node_is_capped(ex: Explorer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore, "OWN_PAPERS", 2)
    monkeypatch.setattr(explore, "MAX_EDGES", 2)
    graph = read_rdf(EXPORT)
    entities = [n for n, d in graph.nodes(data=True) if d["type"] != "Paper"]
    near = {n: {m for m in nx.all_neighbors(graph, n) if not m.startswith("paper/")} for n in entities}
    papers = {n: len(graph.nodes[n]["papers"]) for n in entities}
    hub = max(entities, key=lambda n: (len(near[n]), papers[n], n))  # related to most others
    assert len(near[hub]) >= 2
    data = ex.node(entity_iri(hub), hops=1, limit=2)
    assert data["draw"] == 2 and data["total"] == len(near[hub]) and len(data["nodes"]) == 2 + min(papers[hub], 2)
    assert len(data["edges"]) <= 2 and data["truncated"]
    assert data["nodes"][0]["i"] == hub


def test_explore_node_unknown_is_404(ex: Explorer) -> None:
    status, _, body, _ = ex.reply(parse_request("node", "id=entity/nothing%22%7D"))
    assert status == 404 and json.loads(body) == {"error": "no node 'entity/nothing\"}' in this graph"}


def test_explore_failure_is_a_500_not_a_dead_worker(ex: Explorer, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**_: Any) -> dict[str, Any]:
        raise KeyError("bug")

    monkeypatch.setattr(ex, "map", broken)
    status, _, body, _ = ex.reply(parse_request("map", "n=3"))
    assert status == 500 and json.loads(body)["error"].startswith("the map request failed: KeyError")


def test_explore_hostile_text_comes_back_as_data(hostile: Explorer) -> None:
    hits = hostile.search("</script>")
    assert [n["l"] for n in hits["nodes"]] == [HOSTILE]
    data = hostile.node(entity_iri("entity/hostile"), hops=1)
    assert by_id(data)["entity/hostile"]["a"] == ["<b>alt</b>"]
    assert any(len(e) > 4 and e[4] == HOSTILE for e in data["edges"])
    status, media, body, headers = hostile.reply(parse_request("search", "q=" + urllib.parse.quote("<b>alt")))
    assert status == 200 and media == "application/json" and headers["X-Content-Type-Options"] == "nosniff"
    assert json.loads(body)["nodes"][0]["a"] == ["<b>alt</b>"]


BAD = [
    ("map", "n=abc"),
    ("map", "n=-1"),
    ("map", "n=301"),
    ("map", "papers=2"),
    ("map", "n=%EF%BC%91"),  # a full-width digit
    ("map", "n=1&n=2"),
    ("search", "q=" + "x" * 201),
    ("search", "q=a&limit=0"),
    ("search", "q=a&limit=101"),
    ("search", "q=%FF"),
    ("node", ""),
    ("node", "id=sparseautoencoder"),
    ("node", "id=entity/x&hops=3"),
    ("node", "id=entity/x&hops=0"),
    ("node", "id=entity/x&limit=0"),
    ("node", "id=entity/x&limit=401"),
    ("node", "id=entity/x&rel=uses,knows"),
    ("node", "id=vocab/x"),
    ("node", "id=" + urllib.parse.quote("https://w3id.org/kg-ml/resource/entity/a> } ; DROP ALL ; <x")),
    ("node", "id=" + urllib.parse.quote('https://w3id.org/kg-ml/resource/entity/a"\n{')),
    ("node", "id=" + urllib.parse.quote("https://example.org/entity/a")),
    ("node", "id=entity/" + "x" * 1000),
]


@pytest.mark.parametrize(("name", "query"), BAD)
def test_explore_bad_requests_are_refused(name: str, query: str) -> None:
    with pytest.raises(BadRequest):
        parse_request(name, query)


def test_explore_ids_and_iris() -> None:
    iri = entity_iri('entity/a"} ; DROP ALL\n')
    assert iri == "https://w3id.org/kg-ml/resource/entity/a%22%7D%20%3B%20DROP%20ALL%0A"
    assert entity_iri(iri) == iri and parse_request("node", "id=" + urllib.parse.quote(iri)).params["iri"] == iri
    request = parse_request("node", "id=paper/p1&hops=2&rel=uses,isA,uses")
    assert request.params["hops"] == 2 and request.params["rels"] == ("uses", "isA")
    assert parse_request("map", "").params == {"n": 200, "papers": False}
    assert parse_request("search", "q=%20").params == {"q": "", "limit": 15}  # the page clears its search


@pytest.fixture(scope="module")
def server(store: Path) -> Iterator[tuple[str, SparqlApp]]:
    app = make_app(store, timeout_s=20.0, workers=1)
    with serving(app) as url:
        yield url, app


def fetch(url: str, data: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=60) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_explore_http_routes(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    status, headers, body = fetch(url + "/api/search?q=SAE&limit=3")
    assert status == 200 and headers["Content-Type"] == "application/json; charset=utf-8"
    assert json.loads(body)["nodes"][0]["i"] == SAE
    status, _, body = fetch(url + "/api/node?" + urllib.parse.urlencode({"id": SAE, "hops": 2, "rel": "uses,mentions"}))
    assert status == 200 and json.loads(body)["nodes"][0]["i"] == SAE
    assert fetch(url + "/api/map?n=3")[0] == 200 and len(json.loads(fetch(url + "/api/map?n=3")[2])["nodes"]) == 3
    for name, query in BAD[:3] + BAD[-4:]:
        status, headers, body = fetch(f"{url}/api/{name}?{query}")
        assert status == 400 and "error" in json.loads(body), (name, query)
    assert fetch(url + "/api/node?id=entity/unknown")[0] == 404
    assert fetch(url + "/api/nodes?id=" + SAE)[0] == 404
    assert fetch(url + "/api/map", data=b"n=1")[0] == 405


def test_explore_served_page(server: tuple[str, SparqlApp]) -> None:
    url, _ = server
    status, headers, body = fetch(url + "/")
    assert status == 200 and b'id="kg-data"' in body and b"kgViews" in body
    assert "connect-src 'self'" in headers["Content-Security-Policy"]  # its own API, nothing else
    embedded = json.loads(body.split(b'id="kg-data">')[1].split(b"</script>")[0])
    assert set(embedded) == {"types", "rels", "typeCounts", "relCounts", "config"}
    graph = read_rdf(EXPORT)
    assert embedded["config"]["nodes"] == graph.number_of_nodes() and embedded["config"]["view"] == "all"
    status, _, body = fetch(url + "/api/all")
    assert status == 200 and len(json.loads(body)["nodes"]) == graph.number_of_nodes()
    status, _, body = fetch(url + "/sparql")
    assert status == 200 and b"<form" in body


def test_explore_time_limit_applies(store: Path) -> None:
    # 1 ms let a fast 2-hop answer (from the index) arrive in time on a busy machine; 1 µs cannot.
    app = make_app(store, timeout_s=1e-6, workers=1)
    try:
        status, _, body, _ = app.handle(
            {"PATH_INFO": "/api/node", "QUERY_STRING": f"id={_widest(read_rdf(EXPORT))}&hops=2"}
        )
        assert status == 503 and b"time limit" in body
    finally:
        app.close()
