"""Load and query benchmark: Oxigraph store (kg.sparql.store) against rdflib's in-memory Graph (issue 4).

Builds the kg graph of the airas-papers-db corpus (ICLR 2020-2024, NeurIPS 2020: 8,396 papers)
and the 19 examples once and caches it in ``--cache`` (rebuilt when the number of papers changes;
delete it after changing the extraction), copies it under fresh IRIs until it has at least
``--target`` triples, and writes that graph's Turtle as ``kg build`` does. Then times, each
``--load-runs`` times (median; wall and CPU seconds of all threads):

- ``add_graph(DIR, graph.ttl, graph=...)`` into a new store: what ``kg build --store DIR`` runs,
- ``add_graph(DIR, graph.ttl)``: the same file without its kg graph (kg parses it for the counts),
- Oxigraph's raw ``bulk_load`` of the file into a new store,
- rdflib's ``Graph.parse`` of the file, in a new interpreter;

then each query of ``examples/queries/*.rq`` on the store and on rdflib (median of ``--runs``),
then adding one more copy (new papers, the same vocabularies) to that store as a second batch, and
adding it again (nothing changes, every entity is looked up).

    flock /tmp/kg-cpu.lock .venv/bin/python benchmarks/store_load.py [--target 1000000] [--runs 3]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import pickle
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
from rdflib import Graph

from kg.export.rdf import write_rdf
from kg.graph.model import papers as paper_nodes
from kg.io.read import read_papers
from kg.sparql.query import run_query
from kg.sparql.store import QUERY_PREFIXES, add_graph, open_store

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpora" / "airas-papers-db"
#: The corpus, and the 19 example abstracts the example queries ask about (so they find something).
INPUTS = [
    *(CORPUS / "iclr" / f"{y}.json" for y in range(2020, 2025)),
    CORPUS / "neurips" / "2020.json",
    ROOT / "examples" / "icml2025.jsonl",
]


def corpus_graph(cache: Path) -> nx.MultiDiGraph:
    """The kg graph of the corpus, built once (extractions cached) and pickled in ``cache``."""
    pickled = cache / "graph.pickle"
    papers = len(read_papers(INPUTS).papers)
    if pickled.exists():
        graph = pickle.loads(pickled.read_bytes())
        if len(paper_nodes(graph)) == papers:
            return graph
    from kg.engine.build import build

    cache.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    # n_process=2 fails in spaCy's multiprocessing (a Span in the docs' user data does not pickle)
    graph, report = build(INPUTS, cache, formats=["ttl"], n_process=1, cache_dir=cache / "extractions")
    print(f"built {report.papers} papers in {time.perf_counter() - start:.0f} s")
    pickled.write_bytes(pickle.dumps(graph))
    return graph


def relabel(graph: nx.MultiDiGraph, new: Callable[[str], str]) -> nx.MultiDiGraph:
    """The graph with node ids ``new(id)``, the lists of paper ids in its attributes too."""
    out = nx.relabel_nodes(graph, new, copy=True)
    for _, d in out.nodes(data=True):
        for name in ("papers", "proposed_by"):
            if name in d:
                d[name] = [new(p) for p in d[name]]
    for *_, d in out.edges(keys=True, data=True):
        d["papers"] = [new(p) for p in d.get("papers", [])]
    return out


def copy_of(graph: nx.MultiDiGraph, i: int) -> nx.MultiDiGraph:
    """The graph under fresh node ids (``paper/c{i}:<key>``...): a disjoint copy, linked to the same vocabularies."""
    if i == 0:
        return graph

    def new(node: str) -> str:
        kind, _, key = node.partition("/")
        return f"{kind}/c{i}:{key}"

    return relabel(graph, new)


def rdf_triples_count(ttl: Path) -> int:
    store = ox.Store()
    store.bulk_load(path=str(ttl), format=ox.RdfFormat.TURTLE)
    return len(store)


@dataclass
class Clock:
    """Wall and CPU seconds (all threads of this process)."""

    wall: float
    cpu: float


def clock(fn: Callable[[], object]) -> Clock:
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    end = resource.getrusage(resource.RUSAGE_SELF)
    return Clock(wall, end.ru_utime + end.ru_stime - cpu.ru_utime - cpu.ru_stime)


def median(clocks: list[Clock]) -> Clock:
    """The clock of median wall time."""
    return sorted(clocks, key=lambda c: c.wall)[len(clocks) // 2]


def median_clock(fn: Callable[[], object], runs: int) -> Clock:
    return median([clock(fn) for _ in range(runs)])


def median_time(fn: Callable[[], object], runs: int) -> float:
    return statistics.median(clock(fn).wall for _ in range(runs))


RDFLIB_PARSE = """
import sys, time
from rdflib import Graph
start, cpu = time.perf_counter(), time.process_time()
Graph().parse(sys.argv[1], format="turtle")
print(time.perf_counter() - start, time.process_time() - cpu)
"""


def rdflib_parse(ttl: Path) -> Clock:
    """rdflib parsing ``ttl`` in a new interpreter (no big heap of ours to slow its garbage collector)."""
    out = subprocess.run([sys.executable, "-c", RDFLIB_PARSE, str(ttl)], check=True, capture_output=True, text=True)
    wall, cpu = out.stdout.split()
    return Clock(float(wall), float(cpu))


def _rdflib_child(graph: Graph, sparql: str, runs: int, conn: Connection) -> None:
    conn.send(median_time(lambda: list(run_query(graph, sparql)), runs))


def rdflib_time(graph: Graph, sparql: str, runs: int, budget: float) -> float | None:
    """Median rdflib time in a forked child (rdflib cannot be interrupted), or None past ``budget`` s."""
    ctx = mp.get_context("fork")
    mine, theirs = ctx.Pipe()
    child = ctx.Process(target=_rdflib_child, args=(graph, sparql, runs, theirs))
    child.start()
    result = mine.recv() if mine.poll(budget) else None
    child.kill()
    child.join()
    return result


def bulk_load(path: Path, ttl: Path) -> None:
    """Oxigraph's raw bulk load into a fresh store, closed afterwards (an open one slowed later queries)."""
    store = ox.Store(str(path))
    store.bulk_load(path=str(ttl), format=ox.RdfFormat.TURTLE)
    store.flush()


def ox_rows(store: ox.Store, sparql: str) -> list[object]:
    result = store.query(sparql, prefixes=QUERY_PREFIXES)
    return [bool(result)] if isinstance(result, ox.QueryBoolean) else list(result)


def fresh(tmp: Path, name: str) -> Callable[[], Path]:
    """A new directory name under ``tmp`` at each call."""
    n = 0

    def next_dir() -> Path:
        nonlocal n
        n += 1
        return tmp / f"{name}-{n}"

    return next_dir


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=1_000_000, help="at least this many triples")
    parser.add_argument("--runs", type=int, default=3, help="runs per query (median)")
    parser.add_argument("--load-runs", type=int, default=1, help="runs per load (median)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per rdflib query before giving up")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/kg-bench"))
    args = parser.parse_args()
    corpus = corpus_graph(args.cache)
    with tempfile.TemporaryDirectory(prefix="kg-store-bench-") as name:
        tmp = Path(name)
        one = tmp / "one.ttl"
        write_rdf(corpus, one, "ttl")
        copies = max(1, math.ceil(args.target / rdf_triples_count(one)))
        parts = [copy_of(corpus, i) for i in range(copies)]
        graph = nx.union_all(parts) if copies > 1 else corpus
        big = tmp / "graph.ttl"
        write_rdf(graph, big, "ttl")
        papers = len(paper_nodes(graph))
        print(f"{copies} cop{'ies' if copies > 1 else 'y'} of the corpus graph: {papers:,} papers, ", end="")
        print(f"{big.stat().st_size / 1e6:.0f} MB Turtle", flush=True)

        triples = 0

        def kg_build_store(path: Path) -> None:
            nonlocal triples
            triples = add_graph(path, big, "bench", graph=graph)

        loads = {
            "kg add_graph (kg build --store)": (kg_build_store, fresh(tmp, "store")),
            "kg add_graph (file only)": (lambda path: add_graph(path, big, "bench"), fresh(tmp, "file")),
            "oxigraph bulk_load": (lambda path: bulk_load(path, big), fresh(tmp, "raw")),
        }
        clocks = {
            label: median_clock(lambda fn=fn, new=new: fn(new()), args.load_runs)  # type: ignore[misc]
            for label, (fn, new) in loads.items()
        }
        rdflib_clock = median([rdflib_parse(big) for _ in range(args.load_runs)])
        rdf = Graph().parse(str(big), format="turtle")  # for the queries
        print(f"{triples:,} triples in the store's default graph, {len(rdf):,} in rdflib's\n")
        print(f"{'load':34} {'wall s':>7} {'CPU s':>7} {'rdflib/this: wall':>18} {'CPU':>5}")
        for label, c in [*clocks.items(), ("rdflib Graph.parse", rdflib_clock)]:
            ratios = f"{rdflib_clock.wall / c.wall:17.1f}x {rdflib_clock.cpu / c.cpu:4.1f}x"
            print(f"{label:34} {c.wall:7.2f} {c.cpu:7.2f} {ratios}")

        store_dir = tmp / "store-1"
        kg_store = open_store(store_dir)  # the kg store, read-only, as `kg query` opens it
        queries = {p.stem: p.read_text() for p in sorted((ROOT / "examples" / "queries").glob("*.rq"))}
        n_rows = {name: len(ox_rows(kg_store, q)) for name, q in queries.items()}
        t_ox = {name: median_time(lambda q=q: ox_rows(kg_store, q), args.runs) for name, q in queries.items()}  # type: ignore[misc]
        print(f"\n{'query':24} {'oxigraph ms':>12} {'rdflib ms':>12} {'rows':>7}", flush=True)
        for name, q in queries.items():
            t_rd = rdflib_time(rdf, q, args.runs, args.budget)
            rd = f"{t_rd * 1000:12.1f}" if t_rd is not None else f"{'>' + str(args.budget) + ' s':>12}"
            print(f"{name:24} {t_ox[name] * 1000:12.1f} {rd} {n_rows[name]:7}", flush=True)

        extra = copy_of(corpus, copies)  # one more copy: a disjoint batch of new papers
        extra_ttl = tmp / "extra.ttl"
        write_rdf(extra, extra_ttl, "ttl")
        added = clock(lambda: add_graph(store_dir, extra_ttl, "extra", graph=extra))
        again = clock(lambda: add_graph(store_dir, extra_ttl, "extra", graph=extra))
        print(f"\n{'add one more copy to that store':34} {added.wall:7.2f} {added.cpu:7.2f}")
        print(f"{'add it again (nothing changes)':34} {again.wall:7.2f} {again.cpu:7.2f}")


if __name__ == "__main__":
    main()
