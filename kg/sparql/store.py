"""A persistent, embedded RDF store (Oxigraph) that builds are added to, batch by batch.

Layout: ``DIR/CURRENT`` is a symlink to the live version ``DIR/v-<id>``, an Oxigraph (RocksDB)
directory. The kg graph is its *default graph*; bookkeeping (each paper's mention counts, batches)
is in the named graph :data:`kg.sparql.counts.META`.

Adding a batch (:func:`add_graph`) is atomic by copy-on-write: the live version is checkpointed
into a new directory (``Store.backup``: hard links, cheap), the batch is bulk-loaded there and the
derived counts are set right there, then ``CURRENT`` is switched with one atomic rename. A killed
run leaves ``CURRENT`` on the old version (its half-built copy is removed by the next run), so
re-running completes it. Oxigraph's own transactions (``extend``/``update``) were measured ~10x
slower than bulk loading for big batches, hence this design. The counts are those of the whole store:

- ``kg:paperCount`` = distinct papers that ``kg:mentions`` the entity,
- ``kg:supportCount`` = distinct papers a statement ``prov:wasDerivedFrom``,
- ``kg:mentionCount`` = sum over papers of that paper's mention count, kept per paper in
  :data:`META` and replaced when the paper comes again. Exact for a kg graph batch; an RDF batch
  only has each entity's total, which is split evenly over its papers.

They are maintained, not recomputed over the store: what the batch states is read from the batch
itself (its kg graph, or one parse of its file, while Oxigraph bulk-loads it), and only the
entities, statements and papers it touches are looked up in the old version. Into a new store that
is no lookup at all. So adding the same batch twice changes nothing, and new papers link to the
existing entity IRIs (minted from normalized keys). An entity keeps its first ``skos:prefLabel``; a
different one from a later batch becomes an ``skos:altLabel``. Old versions are kept until the next
add (a server may still read one), then removed.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import shutil
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeAlias

import networkx as nx
import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef, Variable
from rdflib.query import Result
from rdflib.term import Node

from kg.engine.speed import collector_paused
from kg.rdf.formats import rdf_format_of
from kg.rdf.mapping import rdf_triples
from kg.rdf.ontology import PREFIXES
from kg.rdf.serialize import OX_FORMATS, serialize
from kg.sparql.counts import Old, changes, graph_facts, old_state, rdf_facts

CURRENT = "CURRENT"

#: Prefixes bound in every query: rdflib's usual ones (rdf, rdfs, skos, dcterms, prov...) and kg's.
QUERY_PREFIXES: dict[str, str] = {p: str(ns) for p, ns in Graph().namespaces() if p} | {
    p: str(ns) for p, ns in PREFIXES.items()
}

Batch: TypeAlias = Graph | nx.MultiDiGraph | Path | str


def resolve(path: str | Path) -> Path:
    """The Oxigraph directory holding the current version of the store at ``path``."""
    current = Path(path) / CURRENT
    if not current.exists():
        raise FileNotFoundError(f"{path} is not a kg store (no {CURRENT})")
    return current.resolve()


def open_store(path: str | Path, *, read_only: bool = True) -> ox.Store:
    """Open the current version of a store; read-only by default (writes go through :func:`add_graph`)."""
    version = str(resolve(path))
    return ox.Store.read_only(version) if read_only else ox.Store(version)


def open_source(source: str | Path) -> ox.Store:
    """A store directory opened read-only, or an RDF file loaded into an in-memory store."""
    source = Path(source)
    if source.is_dir():
        return open_store(source)
    store = ox.Store()
    store.bulk_load(path=str(source), format=rdf_format(source))
    return store


def rdf_format(path: Path) -> ox.RdfFormat:
    return OX_FORMATS[rdf_format_of(path)]


def _source(batch: Batch, tmp: Path) -> dict[str, Any]:
    """``bulk_load``/``parse`` arguments for the batch."""
    if isinstance(batch, nx.MultiDiGraph):
        (tmp / "batch.nt").write_bytes(serialize(rdf_triples(batch), "nt"))
        return {"path": str(tmp / "batch.nt"), "format": ox.RdfFormat.N_TRIPLES}
    if isinstance(batch, Graph):
        return {"input": batch.serialize(format="nt", encoding="utf-8"), "format": ox.RdfFormat.N_TRIPLES}
    return {"path": str(batch), "format": rdf_format(Path(batch))}


def _pieces(source: dict[str, Any], n: int, *, piece_size: int = 1 << 23) -> list[dict[str, Any]]:
    """The batch file cut into up to ``n`` pieces of ``piece_size`` bytes or more that parse on
    their own, to bulk-load in parallel.

    For kg's own Turtle and N-Triples: ``@prefix`` lines at the top (repeated in each piece), then
    statements that start in the first column and end with `` .`` at the end of a line; no blank
    node labels (they would name two nodes), no multi-line strings. Cut elsewhere, a piece would
    end in an unfinished statement: a parse error, never other data. Anything else stays whole.
    With two free cores, adding 1.1M triples so took less time than Oxigraph's bulk load of the
    whole file alone (benchmarks/README.md); on one busy core, about 3% more CPU.
    """
    path, fmt = source.get("path"), source["format"]
    if path is None or fmt not in (ox.RdfFormat.TURTLE, ox.RdfFormat.N_TRIPLES):
        return [source]
    n = min(n, Path(path).stat().st_size // piece_size)
    if n < 2:
        return [source]
    data = Path(path).read_bytes()
    if any(mark in data for mark in (b"_:", b'"""', b"'''")):
        return [source]
    start = 0
    while data.startswith(b"@prefix ", start):
        start = data.index(b"\n", start) + 1
    if any(data.find(mark, start) != -1 for mark in (b"@prefix", b"@base", b"\nPREFIX", b"\nBASE")):
        return [source]
    bounds = [start]
    for i in range(1, n):
        cut = data.find(b" .\n", max(bounds[-1], start + (len(data) - start) * i // n))
        while cut != -1 and data[cut + 3 : cut + 4] in (b" ", b"\t"):  # a continuation line: not a statement's end
            cut = data.find(b" .\n", cut + 3)
        if cut == -1:
            break
        bounds.append(cut + 3)
    bounds.append(len(data))
    head = data[:start]
    return [{"input": head + data[a:b], "format": fmt} for a, b in itertools.pairwise(bounds) if b > a]


def _merge(store: ox.Store, old: ox.Store | None, batch: Batch, batch_id: str, graph: nx.MultiDiGraph | None) -> None:
    """Merge a batch into a private copy of the old version (bulk, non-transactional: the copy is swapped in after).

    Oxigraph bulk-loads the batch in threads (it releases the GIL; kg's own files in one piece per
    CPU, up to 4) while this one reads the batch's facts, looks them up in the old version and works out
    the changes.
    """
    if graph is None and isinstance(batch, nx.MultiDiGraph):
        graph = batch
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="kg-batch-") as tmp, ThreadPoolExecutor(cpus) as pool, collector_paused():
        source = _source(batch, Path(tmp))
        pieces = _pieces(source, min(cpus, 4) if graph is not None else 1)
        loading = [pool.submit(store.bulk_load, **piece) for piece in pieces]
        try:
            facts = graph_facts(graph) if graph is not None else rdf_facts(source)
            remove, add = changes(facts, old_state(old, facts, batch_id) if old is not None else Old(), batch_id)
        finally:
            for piece in loading:
                piece.result()
    for q in remove:
        store.remove(q)
    store.extend(add)


def add_graph(store_path: str | Path, batch: Batch, batch_id: str, *, graph: nx.MultiDiGraph | None = None) -> int:
    """Add one build (an rdflib Graph, a kg graph, or an RDF file) to the store at ``store_path``.

    ``graph`` is the kg graph an RDF file was written from (``kg build`` passes it): its facts are
    then read from it instead of parsing the file, and per-paper mention counts are exact. Atomic
    (see the module docstring); one writer at a time (a lock file); creates the store if needed.
    Returns the number of triples in the store's default graph afterwards.
    """
    root = Path(store_path)
    root.mkdir(parents=True, exist_ok=True)
    with (root / "LOCK").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        current = root / CURRENT
        old = current.resolve() if current.exists() else None
        for stale in [*root.glob("v-*"), *root.glob(f".{CURRENT}.*")]:  # killed runs, versions before the live one
            if stale != old:
                stale.unlink() if stale.is_symlink() else shutil.rmtree(stale, ignore_errors=True)
        version = root / f"v-{uuid.uuid4().hex}"
        previous = None
        if old is not None:
            previous = ox.Store.read_only(str(old))
            previous.backup(str(version))
        store = ox.Store(str(version))
        _merge(store, previous, batch, batch_id, graph)
        store.flush()
        count = triple_count(store)
        del store, previous
        link = root / f".{CURRENT}.{uuid.uuid4().hex}"
        link.symlink_to(version.name)
        os.replace(link, current)  # the commit point: one atomic rename
        fd = os.open(root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return count


def triple_count(store: ox.Store) -> int:
    """Triples in the default graph (the kg graph, without bookkeeping)."""
    result = store.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")
    assert isinstance(result, ox.QuerySolutions)
    return len(store) - int(next(iter(result))[0].value)


def to_rdflib(term: ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple | None) -> Node | None:
    """The rdflib term of an Oxigraph term."""
    if term is None:
        return None
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    raise TypeError(f"unsupported term {term!r}")


def run(store: ox.Store, sparql: str) -> Result:
    """Run a SPARQL query with kg's prefixes bound; the answer as an rdflib Result (see kg.sparql.query)."""
    answer = store.query(sparql, prefixes=QUERY_PREFIXES)
    if isinstance(answer, ox.QueryBoolean):
        result = Result("ASK")
        result.askAnswer = bool(answer)
        return result
    if isinstance(answer, ox.QuerySolutions):
        result = Result("SELECT")
        names = [v.value for v in answer.variables]
        result.vars = [Variable(n) for n in names]
        result.bindings = [
            {Variable(n): t for n, value in zip(names, row, strict=True) if (t := to_rdflib(value)) is not None}  # type: ignore[misc]
            for row in answer
        ]
        return result
    result = Result("CONSTRUCT")
    g = Graph()
    for prefix, ns in QUERY_PREFIXES.items():
        g.bind(prefix, ns)
    for t in answer:
        g.add((to_rdflib(t.subject), to_rdflib(t.predicate), to_rdflib(t.object)))  # type: ignore[arg-type]
    result.graph = g
    return result


def query_store(source: str | Path, sparql: str) -> Result:
    """Query a store directory (opened read-only) or an RDF file (loaded into memory)."""
    return run(open_source(source), sparql)
