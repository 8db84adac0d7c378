"""A persistent, embedded RDF store (Oxigraph) that builds are added to, batch by batch.

Layout: ``DIR/CURRENT`` is a symlink to the live version ``DIR/v-<id>``, an Oxigraph (RocksDB)
directory. The kg graph is its *default graph*; bookkeeping (per paper and entity mention counts,
batches) is in the named graph :data:`META`.

Adding a batch (:func:`add_graph`) is atomic by copy-on-write: the live version is checkpointed
into a new directory (``Store.backup``: hard links, cheap), the batch is bulk-loaded there and the
derived counts are recomputed there, then ``CURRENT`` is switched with one atomic rename. A killed
run leaves ``CURRENT`` on the old version (its half-built copy is removed by the next run), so
re-running completes it. Oxigraph's own transactions (``extend``/``update``) were measured ~10x
slower than bulk loading for big batches, hence this design. Counts are recomputed, not added:

- ``kg:paperCount`` = distinct papers that ``kg:mentions`` the entity,
- ``kg:supportCount`` = distinct papers a statement ``prov:wasDerivedFrom``,
- ``kg:mentionCount`` = sum over papers of that paper's mention count, kept as one record per
  (paper, entity) in :data:`META`, replaced when the paper comes again. Exact for a kg graph
  batch; an RDF batch only has each entity's total, which is split evenly over its papers.

So adding the same batch twice changes nothing, and new papers link to the existing entity IRIs
(minted from normalized keys). An entity keeps its first ``skos:prefLabel``; a different one from
a later batch becomes an ``skos:altLabel``. Old versions are kept until the next add (a server may
still read one), then removed.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import uuid
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeAlias

import networkx as nx
import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef, Variable
from rdflib.query import Result
from rdflib.term import Node

from kg.export.rdf import RDF_FORMATS, to_rdf
from kg.iri import node_iri
from kg.ontology import PREFIXES

KG_NS = str(PREFIXES["kg"])
STORE_NS = "urn:kg:store:"
META = ox.NamedNode(STORE_NS + "meta")
CURRENT = "CURRENT"
_MENTIONS = ox.NamedNode(KG_NS + "mentions")
_MENTION_COUNT = ox.NamedNode(KG_NS + "mentionCount")
_PAPER_COUNT = ox.NamedNode(KG_NS + "paperCount")
_SUPPORT_COUNT = ox.NamedNode(KG_NS + "supportCount")
_PREF_LABEL = ox.NamedNode("http://www.w3.org/2004/02/skos/core#prefLabel")
_ALT_LABEL = ox.NamedNode("http://www.w3.org/2004/02/skos/core#altLabel")
_RDF_TYPE = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
_ENTITY, _COUNT, _TRIPLES, _BATCH = (ox.NamedNode(STORE_NS + n) for n in ("entity", "count", "triples", "Batch"))
_XSD_INTEGER = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")
_OX_FORMATS = {"turtle": ox.RdfFormat.TURTLE, "nt": ox.RdfFormat.N_TRIPLES, "xml": ox.RdfFormat.RDF_XML}

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
    suffix = path.suffix.lstrip(".").lower()
    if suffix == "jsonld":
        return ox.RdfFormat.JSON_LD
    return _OX_FORMATS[RDF_FORMATS.get(suffix, "turtle")]


def _v(term: object) -> str:
    """The IRI, identifier or lexical form of an Oxigraph term."""
    return str(getattr(term, "value", term))


def _record(paper: str, entity: str) -> ox.NamedNode:
    return ox.NamedNode(STORE_NS + "mention:" + hashlib.sha1(f"{paper}\n{entity}".encode()).hexdigest()[:24])


def _spread(papers: dict[str, list[str]], totals: dict[str, int]) -> Iterator[tuple[str, str, int]]:
    """Per-paper mention counts when only an entity's total is known: split it evenly, deterministically."""
    for entity, who in papers.items():
        base, extra = divmod(totals.get(entity, len(who)), len(who))
        for i, paper in enumerate(sorted(who)):
            yield paper, entity, base + (1 if i < extra else 0)


def _source(batch: Batch, graph: nx.MultiDiGraph | None) -> tuple[dict[str, Any], dict[tuple[str, str], int] | None]:
    """``parse``/``bulk_load`` arguments for the batch, and exact per-paper mention counts if a kg graph is known."""
    if isinstance(batch, nx.MultiDiGraph):
        graph, batch = batch, to_rdf(batch)
    exact = None
    if graph is not None:
        exact = {
            (str(node_iri(u)), str(node_iri(v))): int(d.get("weight", 1))
            for u, v, k, d in graph.edges(keys=True, data=True)
            if k == "mentions"
        }
    if isinstance(batch, Graph):
        return {"input": batch.serialize(format="nt", encoding="utf-8"), "format": ox.RdfFormat.N_TRIPLES}, exact
    return {"path": str(batch), "format": rdf_format(Path(batch))}, exact


def _merge(store: ox.Store, batch: Batch, batch_id: str, graph: nx.MultiDiGraph | None) -> None:
    """Merge a batch into a private store copy (bulk, non-transactional: the copy is swapped in after)."""
    source, exact = _source(batch, graph)
    default = ox.DefaultGraph()
    papers: dict[str, list[str]] = defaultdict(list)
    totals: dict[str, int] = {}
    n_triples = 0
    if exact is None:  # an RDF batch: its own mentions and totals give the per-paper counts
        for q in ox.parse(**source):
            n_triples += 1
            if q.predicate == _MENTIONS:
                papers[_v(q.object)].append(_v(q.subject))
            elif q.predicate == _MENTION_COUNT:
                totals[_v(q.subject)] = int(_v(q.object))
    labels = {_v(q.subject): q.object for q in store.quads_for_pattern(None, _PREF_LABEL, None, default)}
    store.bulk_load(**source)
    add: list[ox.Quad] = []
    for q in list(store.quads_for_pattern(None, _PREF_LABEL, None, default)):
        if labels.get(_v(q.subject), q.object) != q.object:  # an entity keeps its first preferred label
            store.remove(q)
            add.append(ox.Quad(q.subject, _ALT_LABEL, q.object, default))
    per_paper = exact.items() if exact is not None else (((p, e), n) for p, e, n in _spread(papers, totals))
    old_counts = {_v(q.subject): q for q in store.quads_for_pattern(None, _COUNT, None, META)}
    for (paper, entity), n in per_paper:
        r = _record(paper, entity)
        old = old_counts.get(r.value)
        if old is not None and int(_v(old.object)) != n:
            store.remove(old)
        add += [
            ox.Quad(r, _ENTITY, ox.NamedNode(entity), META),
            ox.Quad(r, _COUNT, _int(n), META),
        ]
    batch_iri = ox.NamedNode(STORE_NS + "batch:" + hashlib.sha1(batch_id.encode()).hexdigest()[:24])
    for old in list(store.quads_for_pattern(batch_iri, None, None, META)):
        store.remove(old)
    add.append(
        ox.Quad(batch_iri, _TRIPLES, _int(n_triples), META)
        if n_triples
        else ox.Quad(batch_iri, _RDF_TYPE, _BATCH, META)
    )
    store.bulk_extend(add)
    _recount(store)


def _int(n: int) -> ox.Literal:
    return ox.Literal(str(n), datatype=_XSD_INTEGER)


_RECOUNT = {
    _PAPER_COUNT: "SELECT ?s (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x kg:mentions ?s } GROUP BY ?s",
    _SUPPORT_COUNT: "SELECT ?s (COUNT(DISTINCT ?x) AS ?n) WHERE { ?s prov:wasDerivedFrom ?x } GROUP BY ?s",
    _MENTION_COUNT: f"SELECT ?s (SUM(?c) AS ?n) WHERE {{ GRAPH <{META.value}> {{ ?r <{_ENTITY.value}> ?s ; "
    f"<{_COUNT.value}> ?c }} }} GROUP BY ?s",
}


def _recount(store: ox.Store) -> None:
    """Set each count that the merged data derives to its derived value (and only that value)."""
    default = ox.DefaultGraph()
    add: list[ox.Quad] = []
    for prop, sparql in _RECOUNT.items():
        result = store.query(sparql, prefixes=QUERY_PREFIXES)
        assert isinstance(result, ox.QuerySolutions)
        wanted = {_v(row[0]): row[1] for row in result}
        present: set[str] = set()
        for q in list(store.quads_for_pattern(None, prop, None, default)):
            value = wanted.get(_v(q.subject))
            if value is None:
                continue
            if q.object == value:
                present.add(_v(q.subject))
            else:
                store.remove(q)
        add += [ox.Quad(ox.NamedNode(s), prop, n, default) for s, n in wanted.items() if s not in present]
    store.bulk_extend(add)


def add_graph(store_path: str | Path, batch: Batch, batch_id: str, *, graph: nx.MultiDiGraph | None = None) -> int:
    """Add one build (an rdflib Graph, a kg graph, or an RDF file) to the store at ``store_path``.

    ``graph``, the kg graph of an RDF batch, gives exact per-paper mention counts. Atomic (see the
    module docstring); one writer at a time (a lock file); creates the store if needed. Returns
    the number of triples in the store's default graph afterwards.
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
        if old is not None:
            ox.Store.read_only(str(old)).backup(str(version))
        store = ox.Store(str(version))
        _merge(store, batch, batch_id, graph)
        store.flush()
        count = triple_count(store)
        del store
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
    result = store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
    assert isinstance(result, ox.QuerySolutions)
    return int(next(iter(result))[0].value)


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
    """Run a SPARQL query with kg's prefixes bound; the answer as an rdflib Result (see kg.query)."""
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
