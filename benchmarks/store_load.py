"""Load and query benchmark: Oxigraph store (kg.store) against rdflib's in-memory Graph (issue 4).

Builds the graph of the airas-papers-db corpus (ICLR 2020-2024, NeurIPS 2020) once and caches
its Turtle in /tmp, replicates it under fresh IRIs up to ~1M triples, then times loading it into
a fresh Oxigraph store (raw ``bulk_load`` and kg's atomic ``add_graph``) and into rdflib, and each
query of ``examples/queries/*.rq`` on both (median of a few runs).

    .venv/bin/python benchmarks/store_load.py [--target 1000000] [--runs 3] [--cache /tmp/kg-bench]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import statistics
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from kg.query import run_query
from kg.store import QUERY_PREFIXES, add_graph, open_store, triple_count

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpora" / "airas-papers-db"
INPUTS = [CORPUS / "iclr" / f"{y}.json" for y in range(2020, 2025)] + [CORPUS / "neurips" / "2020.json"]
BASE = "/kg-ml/resource/"


def corpus_ttl(cache: Path) -> Path:
    ttl = cache / "graph.ttl"
    if not ttl.exists():
        from kg.build import build

        cache.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        # n_process=2 fails in spaCy's multiprocessing (a Span in the docs' user data does not pickle)
        _, report = build(INPUTS, cache, formats=["ttl"], n_process=1)
        print(f"built {report.papers} papers in {time.perf_counter() - start:.0f} s")
    return ttl


def replicate(ttl: Path, target: int, out: Path) -> tuple[Path, int]:
    """``ttl`` repeated under fresh resource IRIs until it has about ``target`` triples."""
    store = ox.Store()
    store.bulk_load(path=str(ttl), format=ox.RdfFormat.TURTLE)
    n = triple_count(store)
    copies = max(1, math.ceil(target / n))
    lines = ttl.read_text().splitlines()
    head = [line for line in lines if line.startswith("@prefix")]
    body = "\n".join(line for line in lines if not line.startswith("@prefix"))
    with out.open("w") as f:
        f.write("\n".join(head) + "\n")
        for i in range(copies):
            f.write((body if i == 0 else body.replace(BASE, f"{BASE}c{i}/")) + "\n")
    return out, n * copies


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median_time(fn: Callable[[], object], runs: int) -> float:
    return statistics.median(timed(fn) for _ in range(runs))


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per rdflib query before giving up")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/kg-bench"))
    args = parser.parse_args()
    ttl = corpus_ttl(args.cache)
    with tempfile.TemporaryDirectory(prefix="kg-store-bench-") as tmp:
        big, triples = replicate(ttl, args.target, Path(tmp) / "big.ttl")
        print(f"corpus graph {ttl} replicated to {triples:,} triples ({big.stat().st_size / 1e6:.0f} MB Turtle)")
        t_raw = timed(lambda: bulk_load(Path(tmp) / "raw", big))
        t_add = timed(lambda: add_graph(Path(tmp) / "store", big, "bench"))
        store = open_store(Path(tmp) / "store")  # the kg store, read-only, as `kg query` opens it
        queries = {p.stem: p.read_text() for p in sorted((ROOT / "examples" / "queries").glob("*.rq"))}
        n_rows = {name: len(ox_rows(store, q)) for name, q in queries.items()}
        t_ox = {name: median_time(lambda q=q: ox_rows(store, q), args.runs) for name, q in queries.items()}  # type: ignore[misc]
        graph = Graph()
        t_rdflib = timed(lambda: graph.parse(str(big), format="turtle"))
        print(f"load  oxigraph bulk_load {t_raw:7.2f} s   ({t_rdflib / t_raw:5.1f}x faster than rdflib)")
        print(f"load  kg add_graph       {t_add:7.2f} s   ({t_rdflib / t_add:5.1f}x faster than rdflib)")
        print(f"load  rdflib Graph.parse {t_rdflib:7.2f} s   ({len(graph):,} triples)")
        print(f"\n{'query':24} {'oxigraph ms':>12} {'rdflib ms':>12} {'rows':>7}", flush=True)
        for name, q in queries.items():
            t_rd = rdflib_time(graph, q, args.runs, args.budget)
            rd = f"{t_rd * 1000:12.1f}" if t_rd is not None else f"{'>' + str(args.budget) + ' s':>12}"
            print(f"{name:24} {t_ox[name] * 1000:12.1f} {rd} {n_rows[name]:7}", flush=True)


if __name__ == "__main__":
    main()
