"""The persistent Oxigraph store: idempotent adds, linking across batches, counts, crash safety."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest
from rdflib import Graph
from rdflib.namespace import SKOS
from spacy.language import Language

from kg.engine.build import build
from kg.export.rdf import write_rdf
from kg.rdf.iri import node_iri
from kg.rdf.mapping import to_rdf
from kg.rdf.ontology import RESOURCE_BASE
from kg.sparql.counts import META
from kg.sparql.query import rows, run_query
from kg.sparql.store import _pieces, add_graph, open_store, query_store, run, triple_count

ROOT = Path(__file__).resolve().parents[1]
QUERIES = sorted((ROOT / "examples" / "queries").glob("*.rq"))
COUNTS = """SELECT ?s ?p ?n WHERE { ?s ?p ?n FILTER(?p IN (kg:paperCount, kg:mentionCount, kg:supportCount)) }"""


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory, nlp: Language) -> dict[str, tuple[nx.MultiDiGraph, Path]]:
    """The example corpus built whole and in two disjoint halves: name -> (graph, graph.ttl)."""
    lines = (ROOT / "examples" / "icml2025.jsonl").read_text().splitlines()
    out: dict[str, tuple[nx.MultiDiGraph, Path]] = {}
    for name, part in {"all": lines, "a": lines[:10], "b": lines[10:]}.items():
        folder = tmp_path_factory.mktemp(f"build-{name}")
        (folder / "in.jsonl").write_text("\n".join(part) + "\n")
        graph, _ = build([folder / "in.jsonl"], folder, formats=["ttl"], nlp=nlp)
        out[name] = graph, folder / "graph.ttl"
    return out


def answers(store_dir: Path) -> list[tuple[list[str], list[list[str]]]]:
    store = open_store(store_dir, read_only=True)
    return [rows(run(store, q.read_text())) for q in QUERIES]


def counts(store_dir: Path) -> dict[tuple[str, str], int]:
    names, table = rows(query_store(store_dir, COUNTS))
    assert names == ["s", "p", "n"]
    found = {(s, p.rpartition("#")[2]): int(n) for s, p, n in table}
    assert len(found) == len(table), "a count with two values"
    return found


def test_store_answers_like_rdflib(tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]) -> None:
    _, ttl = builds["all"]
    add_graph(tmp_path / "s", ttl, "all")
    g = Graph().parse(ttl)
    for q in QUERIES:
        expected = rows(run_query(g, q.read_text()))
        for source in (tmp_path / "s", ttl):
            names, table = rows(query_store(source, q.read_text()))
            assert names == expected[0], q.name
            assert sorted(table) == sorted(expected[1]), q.name
    assert triple_count(open_store(tmp_path / "s", read_only=True)) == len(g)


@pytest.mark.parametrize("kind", ["file", "rdflib", "networkx"])
def test_adding_twice_changes_nothing(
    tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]], kind: str
) -> None:
    graph, ttl = builds["all"]
    batch = {"file": ttl, "rdflib": to_rdf(graph), "networkx": graph}[kind]
    store = tmp_path / "s"
    first = add_graph(store, batch, "all")
    before_answers, before_counts = answers(store), counts(store)
    assert add_graph(store, batch, "all") == first
    assert add_graph(store, batch, "again") == first
    assert answers(store) == before_answers
    assert counts(store) == before_counts
    # recomputed counts equal the ones the build wrote
    expected = {(s, p.rpartition("#")[2]): int(n) for s, p, n in rows(run_query(Graph().parse(ttl), COUNTS))[1]}
    assert before_counts == expected


def test_new_papers_link_to_existing_entities(tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]) -> None:
    (ga, ta), (gb, _) = builds["a"], builds["b"]
    store = tmp_path / "s"
    n_a = add_graph(store, ga, "a")
    n_ab = add_graph(store, gb, "b")
    assert n_ab > n_a
    shared = {n for n, d in ga.nodes(data=True) if d["type"] != "Paper"} & set(gb.nodes)
    assert shared, "the halves should share some entities"
    got = counts(store)
    for node in shared:
        iri = str(node_iri(node))
        q = f"SELECT DISTINCT ?p WHERE {{ ?p kg:mentions <{iri}> }}"
        papers = {r[0] for r in rows(query_store(store, q))[1]}
        assert papers == {
            str(node_iri(p)) for g in (ga, gb) for p, _, k in g.in_edges(node, keys=True) if k == "mentions"
        }
        assert got[(iri, "paperCount")] == ga.nodes[node]["paper_count"] + gb.nodes[node]["paper_count"]
        assert got[(iri, "mentionCount")] == ga.nodes[node]["count"] + gb.nodes[node]["count"]
    # re-adding the first half (as a file this time) changes nothing, counts included
    assert add_graph(store, ta, "a-again") == n_ab
    assert counts(store) == got
    for (s, p), n in got.items():
        prop = {"paperCount": "?x kg:mentions ?s", "supportCount": "?s prov:wasDerivedFrom ?x"}.get(p)
        if prop:
            q = f"SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE {{ BIND(<{s}> AS ?s) {prop} }}"
            assert int(rows(query_store(store, q))[1][0][0]) == n, (s, p)


def _big_batch(src: Path, dest: Path, copies: int) -> Path:
    """``copies`` copies of a graph under fresh IRIs (``kgr:`` rebound per copy): a batch big enough to kill midway."""
    text = src.read_text()
    head = "\n".join(line for line in text.splitlines() if line.startswith("@prefix"))
    body = "\n".join(line for line in text.splitlines() if not line.startswith("@prefix"))
    parts = [head] + [
        f"@prefix kgr: <{RESOURCE_BASE}c{i}/> .\n" + body.replace(RESOURCE_BASE, f"{RESOURCE_BASE}c{i}/")
        for i in range(copies)
    ]
    dest.write_text("\n".join(parts) + "\n")
    return dest


@pytest.mark.slow
def test_sigkill_mid_batch_leaves_old_or_new(tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]) -> None:
    _, ttl = builds["all"]
    big = _big_batch(ttl, tmp_path / "big.ttl", 150)
    script = "import sys; from kg.sparql.store import add_graph; add_graph(sys.argv[1], sys.argv[2], 'big')"
    reference = tmp_path / "reference"
    old = add_graph(reference, ttl, "small")
    old_answers = answers(reference)
    new = add_graph(reference, big, "big")
    seen = set()
    for i, delay in enumerate((0.5, 1.5, 3.0, 5.0)):
        store = tmp_path / f"s{i}"
        assert add_graph(store, ttl, "small") == old
        proc = subprocess.Popen([sys.executable, "-c", script, str(store), str(big)])
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        after = triple_count(open_store(store))
        assert after in (old, new), (delay, after)
        seen.add(after)
        if after == old:
            assert answers(store) == old_answers
        assert add_graph(store, big, "big") == new  # re-running completes it
        assert counts(store) == counts(reference)
    assert old in seen, "no kill landed before the batch committed; make the batch bigger"


def test_query_store_is_read_only(tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]) -> None:
    _, ttl = builds["all"]
    store = tmp_path / "s"
    n = add_graph(store, ttl, "all")
    names, table = rows(query_store(store, "ASK { ?p a kg:Paper }"))
    assert (names, table) == (["ask"], [["true"]])
    graph = query_store(store, "CONSTRUCT { ?p a kg:Paper } WHERE { ?p a kg:Paper }").graph
    assert graph is not None and len(graph) == 19
    with pytest.raises((OSError, RuntimeError)):
        open_store(store, read_only=True).update("INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    assert triple_count(open_store(store)) == n


_PREFIXES = """@prefix kg: <https://w3id.org/kg-ml/ontology#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix : <urn:x:> .
"""


def _ttl(path: Path, body: str) -> Path:
    path.write_text(_PREFIXES + body)
    return path


def test_rdf_batches_keep_first_label_and_count_over_the_store(tmp_path: Path) -> None:
    a = _ttl(
        tmp_path / "a.ttl",
        """:e a kg:Method ; skos:prefLabel "Sparse Autoencoder" ; kg:paperCount 1 ; kg:mentionCount 3 .
        :p1 a kg:Paper ; kg:mentions :e .
        :st a kg:RelationStatement ; rdf:subject :e ; kg:supportCount 1 ; prov:wasDerivedFrom :p1 .""",
    )
    b = _ttl(
        tmp_path / "b.ttl",
        """:e a kg:Method ; skos:prefLabel "sparse autoencoder" ; kg:paperCount 2 ; kg:mentionCount 4 .
        :p1 a kg:Paper ; kg:mentions :e .
        :p2 a kg:Paper ; kg:mentions :e .
        :st a kg:RelationStatement ; rdf:subject :e ; kg:supportCount 2 ; prov:wasDerivedFrom :p1 , :p2 .""",
    )
    store = tmp_path / "s"
    add_graph(store, a, "a")
    add_graph(store, b, "b")  # p1 again (its 3 mentions replaced by b's even split: 2 + 2), p2 new
    labels = "SELECT ?p ?l WHERE { <urn:x:e> ?p ?l FILTER(?p IN (skos:prefLabel, skos:altLabel)) }"
    assert sorted(rows(query_store(store, labels))[1]) == [
        [str(SKOS.altLabel), "sparse autoencoder"],
        [str(SKOS.prefLabel), "Sparse Autoencoder"],
    ]
    expected = {("urn:x:e", "paperCount"): 2, ("urn:x:e", "mentionCount"): 4, ("urn:x:st", "supportCount"): 2}
    assert counts(store) == expected
    add_graph(store, a, "a")  # p1's count back to 3: 3 + 2; nothing else changes
    assert counts(store) == expected | {("urn:x:e", "mentionCount"): 5}


def test_store_with_older_bookkeeping_is_refused(
    tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]
) -> None:
    _, ttl = builds["a"]
    store = tmp_path / "s"
    n = add_graph(store, ttl, "a")
    writable = open_store(store, read_only=False)
    writable.add(
        ox.Quad(
            ox.NamedNode("urn:kg:store:mention:0"), ox.NamedNode("urn:kg:store:entity"), ox.NamedNode("urn:x:e"), META
        )
    )
    del writable
    with pytest.raises(RuntimeError, match="older kg"):
        add_graph(store, ttl, "a")
    assert triple_count(open_store(store)) == n


def test_pieces_for_parallel_loading_hold_the_same_triples(
    tmp_path: Path, builds: dict[str, tuple[nx.MultiDiGraph, Path]]
) -> None:
    graph, ttl = builds["all"]
    write_rdf(graph, tmp_path / "graph.nt", "nt")
    for path, fmt in ((ttl, ox.RdfFormat.TURTLE), (tmp_path / "graph.nt", ox.RdfFormat.N_TRIPLES)):
        source = {"path": str(path), "format": fmt}
        pieces = _pieces(source, 3, piece_size=1)
        assert len(pieces) == 3
        whole, parts = ox.Store(), ox.Store()
        whole.bulk_load(**source)
        for piece in pieces:
            parts.bulk_load(**piece)
        assert set(parts) == set(whole)
    blank = _ttl(tmp_path / "blank.ttl", ":p kg:mentions _:e .\n:q kg:mentions _:e .\n")  # one node: no cut
    assert _pieces({"path": str(blank), "format": ox.RdfFormat.TURTLE}, 3, piece_size=1) == [
        {"path": str(blank), "format": ox.RdfFormat.TURTLE}
    ]
