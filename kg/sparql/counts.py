"""The store's counts, kept up to date batch by batch: what a batch states, what the old
version holds about what it touches, and the quads that change (see :mod:`kg.sparql.store`).

- ``kg:paperCount`` = distinct papers that ``kg:mentions`` the entity,
- ``kg:supportCount`` = distinct papers a statement ``prov:wasDerivedFrom``,
- ``kg:mentionCount`` = sum over papers of that paper's mention count, kept per paper in
  :data:`META` and replaced when the paper comes again. Exact for a kg graph batch; an RDF batch
  only has each entity's total, which is split evenly over its papers.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import pyoxigraph as ox

from kg.graph.model import RELATIONS
from kg.rdf.iri import node_iri, node_of
from kg.rdf.terms import ALT, DERIVED, PREF, TYPE, T, statement_iri

STORE_NS = "urn:kg:store:"
META = ox.NamedNode(STORE_NS + "meta")
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
class Facts:
    """What a batch states that the store keeps per entity or derives its counts from.

    Keys are IRIs for an RDF batch. For a kg graph they are node ids and statement keys, which
    :attr:`iri` makes IRIs only where one is needed (minting them all costs more than the rest).
    Papers' mention counts name entities by node id (:func:`kg.rdf.iri.node_of`), or by IRI if not kg's.
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


def graph_facts(graph: nx.MultiDiGraph) -> Facts:
    """The facts of a kg graph, as :func:`kg.rdf.mapping.rdf_triples` writes them."""
    f = Facts(iri=functools.cache(_graph_iri))
    labels, paper_count, mention_count = f.labels, f.written[_PAPER_COUNT], f.written[_MENTION_COUNT]
    for node, d in graph.nodes.items():
        if d["type"] != "Paper":
            labels[node] = {ox.Literal(d["label"])}
            paper_count[node] = int(d["paper_count"])
            mention_count[node] = int(d["count"])
    mentions, support, derived = f.mentions, f.written[_SUPPORT_COUNT], f.derived
    for u, neighbours in graph.adjacency():
        for v, edges in neighbours.items():
            for rel, d in edges.items():
                if rel == "mentions":
                    mentions[(u, v)] = int(d.get("weight", 1))
                elif rel in RELATIONS:
                    st = _SEP.join((u, rel, v))
                    support[st] = int(d["weight"])
                    derived.update((st, p) for p in d.get("papers", []))
    return f


def rdf_facts(source: dict[str, Any]) -> Facts:
    """The facts of an RDF batch, from one pass over its triples."""
    f = Facts(node=_rdf_node)
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
class Old:
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


def old_state(old: ox.Store, f: Facts, batch_id: str) -> Old:
    """Lookups in the old version (read-only) of only what the batch touches: nothing is scanned."""
    if next(iter(old.quads_for_pattern(None, _OLD_FORMAT, None, META)), None) is not None:
        raise RuntimeError("this store was made by an older kg with other bookkeeping: build it again")
    o = Old()
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


def changes(f: Facts, o: Old, batch_id: str) -> tuple[list[ox.Quad], list[ox.Quad]]:
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
