"""A persistent, embedded RDF store (Oxigraph) that builds are added to, batch by batch.

Layout: ``DIR/CURRENT`` is a symlink to the live version ``DIR/v-<id>``, an Oxigraph (RocksDB)
directory. The kg graph is its *default graph*; bookkeeping (each paper's mention counts, batches)
is in the named graph :data:`META`.

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
import functools
import hashlib
import itertools
import json
import os
import shutil
import tempfile
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

import networkx as nx
import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef, Variable
from rdflib.query import Result
from rdflib.term import Node

from kg.collector import collector_paused
from kg.export.formats import rdf_format_of
from kg.export.rdf import ALT, DERIVED, OX_FORMATS, PREF, TYPE, T, statement_iri, write_rdf
from kg.graph.model import RELATIONS
from kg.iri import node_iri, node_of
from kg.ontology import PREFIXES

STORE_NS = "urn:kg:store:"
META = ox.NamedNode(STORE_NS + "meta")
CURRENT = "CURRENT"
_MENTIONS, _MENTION_COUNT, _PAPER_COUNT, _SUPPORT_COUNT = (
    ox.NamedNode(T[name]) for name in ("mentions", "mentionCount", "paperCount", "supportCount")
)
_DERIVED, _PREF_LABEL, _ALT_LABEL, _RDF_TYPE = (ox.NamedNode(iri) for iri in (DERIVED, PREF, ALT, TYPE))
#: META: a paper's mention counts other than 1, as JSON {entity node id (its IRI if not kg's): count}; batches.
_PAPER_MENTIONS, _TRIPLES, _BATCH = (ox.NamedNode(STORE_NS + n) for n in ("mentions", "triples", "Batch"))
_OLD_FORMAT = ox.NamedNode(STORE_NS + "entity")  # the per (paper, entity) records of the first stores
_COUNTS = (_PAPER_COUNT, _MENTION_COUNT, _SUPPORT_COUNT)
_XSD_INTEGER = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")
_DEFAULT = ox.DefaultGraph()

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


def _v(term: object) -> str:
    """The IRI, identifier or lexical form of an Oxigraph term."""
    return str(getattr(term, "value", term))


def _int(n: int) -> ox.Literal:
    return ox.Literal(str(n), datatype=_XSD_INTEGER)


def _spread(papers: dict[str, list[str]], totals: dict[str, int]) -> Iterator[tuple[str, str, int]]:
    """Per-paper mention counts when only an entity's total is known: split it evenly, deterministically."""
    for entity, who in papers.items():
        base, extra = divmod(totals.get(entity, len(who)), len(who))
        for i, paper in enumerate(sorted(who)):
            yield paper, entity, base + (1 if i < extra else 0)


@dataclass
class _Facts:
    """What a batch states that the store keeps per entity or derives its counts from.

    Keys are IRIs for an RDF batch. For a kg graph they are node ids and statement keys, which
    :attr:`iri` makes IRIs only where one is needed (minting them all costs more than the rest).
    Papers' mention counts name entities by node id (:func:`kg.iri.node_of`), or by IRI if not kg's.
    """

    iri: Callable[[str], str] = str
    node: Callable[[str], str] = str  # key -> the name of an entity in the papers' mention counts
    mentions: dict[tuple[str, str], int] = field(default_factory=dict)  # (paper, entity) -> mentions
    derived: set[tuple[str, str]] = field(default_factory=set)  # (statement, paper)
    written: dict[ox.NamedNode, dict[str, int]] = field(
        default_factory=lambda: {p: {} for p in _COUNTS}
    )  # count property -> subject -> the value the batch states
    odd: list[tuple[str, ox.NamedNode, Any]] = field(default_factory=list)  # other stated count values
    labels: dict[str, set[Any]] = field(default_factory=lambda: defaultdict(set))  # skos:prefLabel
    triples: int = 0  # in an RDF batch (0 for a kg graph)


_SEP = "\x00"  # in a statement key: u, relation, v


def _graph_iri(key: str) -> str:
    if _SEP in key:
        u, rel, v = key.split(_SEP)
        return str(statement_iri(u, rel, v))
    return str(node_iri(key))


def _graph_facts(graph: nx.MultiDiGraph) -> _Facts:
    """The facts of a kg graph, as :func:`kg.export.rdf.rdf_triples` writes them."""
    f = _Facts(iri=functools.cache(_graph_iri))
    labels, paper_count, mention_count = f.labels, f.written[_PAPER_COUNT], f.written[_MENTION_COUNT]
    for node, d in graph._node.items():  # networkx's own dicts: its views cost more than the rest here
        if d["type"] != "Paper":
            labels[node] = {ox.Literal(d["label"])}
            paper_count[node] = int(d["paper_count"])
            mention_count[node] = int(d["count"])
    mentions, support, derived = f.mentions, f.written[_SUPPORT_COUNT], f.derived
    for u, neighbours in graph._adj.items():
        for v, edges in neighbours.items():
            for rel, d in edges.items():
                if rel == "mentions":
                    mentions[(u, v)] = int(d.get("weight", 1))
                elif rel in RELATIONS:
                    st = _SEP.join((u, rel, v))
                    support[st] = int(d["weight"])
                    derived.update((st, p) for p in d.get("papers", []))
    return f


def _rdf_facts(source: dict[str, Any]) -> _Facts:
    """The facts of an RDF batch, from one pass over its triples."""
    f = _Facts(node=_rdf_node)
    papers: dict[str, list[str]] = defaultdict(list)
    counts = {p.value: p for p in _COUNTS}
    watch = {_MENTIONS.value, _DERIVED.value, _PREF_LABEL.value, *counts}
    n = 0
    for n, q in enumerate(ox.parse(**source), 1):  # noqa: B007 (n is the count)
        p = q.predicate.value
        if p not in watch:
            continue
        s, o = _v(q.subject), q.object
        if p == _MENTIONS.value:
            papers[_v(o)].append(s)
        elif p == _DERIVED.value:
            f.derived.add((s, _v(o)))
        elif p == _PREF_LABEL.value:
            f.labels[s].add(o)
        else:
            written = f.written[counts[p]]
            value = _integer(o)
            if value is None or written.get(s, value) != value:
                f.odd.append((s, counts[p], o))
            else:
                written[s] = value
    f.triples = n
    totals = f.written[_MENTION_COUNT]
    f.mentions = {(paper, entity): k for paper, entity, k in _spread(papers, totals)}
    return f


def _first(values: list[Any] | None) -> int:
    """The first of a subject's old count values (0 if none or not a number)."""
    return values[0] if values and isinstance(values[0], int) else 0


def _literal(value: Any) -> Any:
    return _int(value) if isinstance(value, int) else value


def _rdf_node(iri: str) -> str:
    return node_of(iri) or iri


def _integer(term: Any) -> int | None:
    """The value of a canonical xsd:integer literal (as kg writes counts), else None."""
    if isinstance(term, ox.Literal) and term.datatype == _XSD_INTEGER and term.value.isdigit():
        value = int(term.value)
        return value if str(value) == term.value else None
    return None


@dataclass
class _Old:
    """What the old version holds about the papers, entities and statements a batch touches (by the batch's keys)."""

    papers: dict[str, dict[str, int]] = field(default_factory=dict)  # paper -> {entity: mentions other than 1}
    records: dict[str, list[ox.Quad]] = field(default_factory=dict)  # paper -> the META quads of its counts
    batch: list[ox.Quad] = field(default_factory=list)  # the META quads of an earlier batch with this id
    mentions: set[tuple[str, str]] = field(default_factory=set)  # the batch's (paper, entity) already there
    derived: set[tuple[str, str]] = field(default_factory=set)  # the batch's (statement, paper) already there
    values: dict[ox.NamedNode, dict[str, list[Any]]] = field(
        default_factory=lambda: {p: {} for p in _COUNTS}
    )  # count property -> subject -> its values (see _value)
    labels: dict[str, Any] = field(default_factory=dict)  # entity -> its prefLabel, where the batch states another


def _exists(store: ox.Store, node: ox.NamedNode) -> bool:
    return next(iter(store.quads_for_pattern(node, None, None, _DEFAULT)), None) is not None


def _batch_iri(batch_id: str) -> str:
    return STORE_NS + "batch:" + hashlib.sha1(batch_id.encode()).hexdigest()[:24]


def _old_state(old: ox.Store, f: _Facts, batch_id: str) -> _Old:
    """Lookups in the old version (read-only) of only what the batch touches: nothing is scanned."""
    if next(iter(old.quads_for_pattern(None, _OLD_FORMAT, None, META)), None) is not None:
        raise RuntimeError("this store was made by an older kg with other bookkeeping: build it again")
    o = _Old()
    named = functools.cache(lambda key: ox.NamedNode(f.iri(key)))
    for paper in {p for p, _ in f.mentions} | {p for _, p in f.derived}:
        if _exists(old, named(paper)):
            o.records[paper] = list(old.quads_for_pattern(named(paper), _PAPER_MENTIONS, None, META))
            o.papers[paper] = {e: int(n) for r in o.records[paper] for e, n in json.loads(_v(r.object)).items()}
    o.batch = list(old.quads_for_pattern(ox.NamedNode(_batch_iri(batch_id)), None, None, META))
    o.mentions = {(p, e) for p, e in f.mentions if p in o.papers and ox.Quad(named(p), _MENTIONS, named(e)) in old}
    o.derived = {(s, p) for s, p in f.derived if p in o.papers and ox.Quad(named(s), _DERIVED, named(p)) in old}
    statements = {s for s, _ in f.derived} | set(f.written[_SUPPORT_COUNT])
    entities = {e for _, e in f.mentions} | set(f.written[_PAPER_COUNT]) | set(f.written[_MENTION_COUNT])
    entities |= {s for s, p, _ in f.odd if p != _SUPPORT_COUNT}
    statements |= {s for s, p, _ in f.odd if p == _SUPPORT_COUNT}
    for subject in entities | statements | set(f.labels):
        node = named(subject)
        props = ((_SUPPORT_COUNT,) if subject in statements else ()) + (
            (_PAPER_COUNT, _MENTION_COUNT) if subject in entities else ()
        )
        # what the batch states is most often there already (a paper added again): cheap membership tests
        unsure = []
        for prop in props:
            stated = f.written[prop].get(subject)
            if stated is not None and ox.Quad(node, prop, _int(stated)) in old:
                o.values[prop][subject] = [stated]  # counts have one value
            else:
                unsure.append(prop)
        labels = f.labels.get(subject, ())
        same_label = not labels or any(ox.Quad(node, _PREF_LABEL, label) in old for label in labels)
        if (not unsure and same_label) or (len(unsure) == len(props) and not _exists(old, node)):
            continue
        for prop in unsure:
            if values := [_value(q.object) for q in old.quads_for_pattern(node, prop, None, _DEFAULT)]:
                o.values[prop][subject] = values
        if not same_label and (first := list(old.quads_for_pattern(node, _PREF_LABEL, None, _DEFAULT))):
            o.labels[subject] = first[0].object
    return o


def _value(term: Any) -> Any:
    """A count's value: its int if a canonical xsd:integer, else the term."""
    value = _integer(term)
    return term if value is None else value


def _changes(f: _Facts, o: _Old, batch_id: str) -> tuple[list[ox.Quad], list[ox.Quad]]:
    """The quads to remove from and add to the store once the batch is bulk-loaded into it."""
    iri = f.iri
    # counts: the old value plus what the batch adds, where the batch derives them; else as they were
    delta: dict[ox.NamedNode, dict[str, int]] = {p: {} for p in _COUNTS}
    papers, mentions = delta[_PAPER_COUNT], delta[_MENTION_COUNT]
    for (paper, entity), n in f.mentions.items():
        if (paper, entity) in o.mentions:
            papers[entity] = papers.get(entity, 0)
            n -= o.papers[paper].get(f.node(entity), 1)
        else:
            papers[entity] = papers.get(entity, 0) + 1
        mentions[entity] = mentions.get(entity, 0) + n
    support = delta[_SUPPORT_COUNT]
    for pair in f.derived:
        support[pair[0]] = support.get(pair[0], 0) + (pair not in o.derived)
    odd: dict[ox.NamedNode, dict[str, set[Any]]] = {p: defaultdict(set) for p in _COUNTS}
    for s, p, value in f.odd:
        odd[p][s].add(value)
    remove: list[ox.Quad] = []
    add: list[ox.Quad] = []
    for prop in _COUNTS:
        old, written = o.values[prop], f.written[prop]
        final = {s: _first(old.get(s)) + d for s, d in delta[prop].items()} if old else delta[prop]
        final |= {s: _first(old[s]) for s in old.keys() - final.keys()}
        for s in [s for s, n in final.items() if written.get(s, n) != n or old.get(s, [n]) != [n] or s in odd[prop]]:
            value = _int(final[s])
            stated = {_literal(v) for v in old.get(s, ())} | odd[prop].get(s, set())
            if s in written:
                stated.add(_int(written[s]))
            subject = ox.NamedNode(iri(s))
            remove += [ox.Quad(subject, prop, v) for v in stated if v != value]
            add += [] if value in stated else [ox.Quad(subject, prop, value)]
    # labels: an entity keeps its first preferred label; the batch's becomes an alternative one
    for entity in o.labels:
        subject = ox.NamedNode(iri(entity))
        remove += [ox.Quad(subject, _PREF_LABEL, label) for label in f.labels[entity]]
        add += [ox.Quad(subject, _ALT_LABEL, label) for label in f.labels[entity]]
    # bookkeeping: each paper's mention counts other than 1, the batch
    per_paper: dict[str, dict[str, int]] = defaultdict(dict)
    for (paper, entity), n in f.mentions.items():
        if n != 1 or paper in o.papers:
            per_paper[paper][f.node(entity)] = n
    for paper, counts in per_paper.items():
        after = {e: n for e, n in (o.papers.get(paper, {}) | counts).items() if n != 1}
        kept = [ox.Quad(ox.NamedNode(iri(paper)), _PAPER_MENTIONS, _json(after), META)] if after else []
        remove += [q for q in o.records.get(paper, []) if q not in kept]
        add += [q for q in kept if q not in o.records.get(paper, [])]
    batch = ox.NamedNode(_batch_iri(batch_id))
    record = ox.Quad(batch, _TRIPLES, _int(f.triples), META) if f.triples else ox.Quad(batch, _RDF_TYPE, _BATCH, META)
    remove += [q for q in o.batch if q != record]
    add += [record] if record not in o.batch else []
    return remove, add


def _json(counts: dict[str, int]) -> ox.Literal:
    return ox.Literal(json.dumps(dict(sorted(counts.items())), separators=(",", ":")))


def _source(batch: Batch, tmp: Path) -> dict[str, Any]:
    """``bulk_load``/``parse`` arguments for the batch."""
    if isinstance(batch, nx.MultiDiGraph):
        write_rdf(batch, tmp / "batch.nt", "nt")
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
            facts = _graph_facts(graph) if graph is not None else _rdf_facts(source)
            remove, add = _changes(facts, _old_state(old, facts, batch_id) if old is not None else _Old(), batch_id)
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
