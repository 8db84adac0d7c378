"""What the explorer shows of a store, read with Oxigraph's pattern lookups (no SPARQL text).

A node's details come from one scan of the triples it is the subject of; its links from that
scan and one of the triples it is the object of. A neighbourhood is grown breadth first from a
node and capped at every hop: each node of the frontier gets an equal share of the room left,
the entities it is related to first (by the support of the relation, then by paper count), then
the papers that propose it, then the others (most recent first). The result is a kg graph
(:mod:`kg.graph.model`) of those nodes and every edge among them, which
:func:`kg.export.html.graph_data` turns into what the page reads.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, NamedTuple

import networkx as nx
import pyoxigraph as ox

from kg.graph.model import NODE_TYPES, PAPER_RELATIONS, RELATIONS
from kg.rdf.iri import node_of
from kg.rdf.ontology import PREFIXES
from kg.rdf.terms import (
    ABSTRACT,
    ALT,
    CLOSE,
    CODE,
    CREATOR,
    DATE,
    EXACT,
    PREF,
    TITLE,
    TYPE,
    URL,
    T,
    statement_iri,
)
from kg.sparql.labels import text

#: Relations a neighbourhood follows: paper -> entity, then entity -> entity.
FOLLOW = (*PAPER_RELATIONS, *RELATIONS)
#: ``kg:cluster`` (entity -> skos:Collection with a skos:prefLabel), where the store has it.
CLUSTER = str(PREFIXES["kg"]["cluster"])
MAX_EVIDENCE = 3
MAX_EVIDENCE_CHARS = 600

_DEFAULT = ox.DefaultGraph()
_REL = {T[r]: r for r in FOLLOW}
_TYPES = {T[t]: t for t in NODE_TYPES}
_PAPER_FIELDS = {TITLE: "title", ABSTRACT: "abstract", URL: "url", T["venue"]: "venue"}


class Link(NamedTuple):
    """A triple between two nodes, named by their IRIs."""

    source: str
    rel: str
    target: str


def node_id(iri: str) -> str:
    """The graph node id of a kg IRI (``entity/<key>``), else the IRI itself."""
    return node_of(iri) or iri


class Reader:
    """Pattern lookups on one store, each node's scans kept for the request."""

    def __init__(self, store: ox.Store) -> None:
        self.store = store
        self._out: dict[str, list[ox.Quad]] = {}

    def outgoing(self, iri: str) -> list[ox.Quad]:
        if iri not in self._out:
            self._out[iri] = list(self.store.quads_for_pattern(ox.NamedNode(iri), None, None, _DEFAULT))
        return self._out[iri]

    def exists(self, iri: str) -> bool:
        return bool(self.outgoing(iri))

    def label(self, iri: str) -> str:
        """A term's skos:prefLabel (the smallest, if several), or ''."""
        labels = [text(q.object) for q in self.store.quads_for_pattern(ox.NamedNode(iri), ox.NamedNode(PREF), None)]
        return min(labels, default="")

    def links(self, iri: str, follow: Collection[str], *, incoming: bool = True) -> list[Link]:
        """The followed triples from ``iri`` and (if ``incoming``) to it."""
        out = []
        for q in self.outgoing(iri):
            rel = _REL.get(q.predicate.value, "")
            if rel in follow and isinstance(q.object, ox.NamedNode):
                out.append(Link(iri, rel, q.object.value))
        if incoming:
            for q in self.store.quads_for_pattern(None, None, ox.NamedNode(iri), _DEFAULT):
                rel = _REL.get(q.predicate.value, "")
                if rel in follow and isinstance(q.subject, ox.NamedNode):
                    out.append(Link(q.subject.value, rel, iri))
        return out

    def node(self, iri: str) -> dict[str, Any]:
        """The node's attributes as the kg graph model has them (:mod:`kg.graph.model`)."""
        quads = self.outgoing(iri)
        kinds = [_TYPES[text(q.object)] for q in quads if q.predicate.value == TYPE and text(q.object) in _TYPES]
        kind = min(kinds, key=NODE_TYPES.index, default="Concept")
        if kind == "Paper":
            return self._paper(quads)
        values: dict[str, list[Any]] = {}
        for q in quads:
            values.setdefault(q.predicate.value, []).append(q.object)
        data: dict[str, Any] = {
            "type": kind,
            "label": min((text(t) for t in values.get(PREF, ())), default=node_id(iri)),
            "alt_labels": sorted(text(t) for t in values.get(ALT, ())),
            "paper_count": max((_number(t) for t in values.get(T["paperCount"], ())), default=0),
        }
        for match in (EXACT, CLOSE):
            terms = sorted(t.value for t in values.get(match, ()) if isinstance(t, ox.NamedNode))
            if terms:
                data["vocab"] = {"iri": terms[0], "label": self.label(terms[0]) or terms[0]}
                break
        clusters = sorted(t.value for t in values.get(CLUSTER, ()) if isinstance(t, ox.NamedNode))
        if clusters:
            data["cluster"] = (node_id(clusters[0]), self.label(clusters[0]))
        return data

    def _paper(self, quads: list[ox.Quad]) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "Paper", "code": [], "authors": []}
        for q in quads:
            p = q.predicate.value
            value = text(q.object)
            if p in _PAPER_FIELDS:
                data.setdefault(_PAPER_FIELDS[p], value)
            elif p == CREATOR:
                data["authors"].append(value)
            elif p == CODE:
                data["code"].append(value)
            elif p == DATE and value.isdigit():
                data["year"] = int(value)
        data["authors"].sort()
        data["code"].sort()
        words = data.get("abstract", "").split()
        data["label"] = data.get("title") or " ".join(words[:8]) + (" …" if len(words) > 8 else "")
        return data

    def year(self, iri: str) -> int:
        years = self.store.quads_for_pattern(ox.NamedNode(iri), ox.NamedNode(DATE), None, _DEFAULT)
        return max((_number(q.object) for q in years), default=0)

    def statement(self, link: Link) -> tuple[int, list[str]]:
        """The support count and (up to MAX_EVIDENCE) evidence sentences of a relation between kg entities."""
        u, v = node_of(link.source), node_of(link.target)
        if u is None or v is None or link.rel not in RELATIONS:
            return 1, []
        support, evidence = 1, []
        for q in self.store.quads_for_pattern(ox.NamedNode(str(statement_iri(u, link.rel, v))), None, None, _DEFAULT):
            if q.predicate.value == T["supportCount"]:
                support = max(1, _number(q.object))
            elif q.predicate.value == T["evidence"]:
                evidence.append(text(q.object))
        return support, [s[:MAX_EVIDENCE_CHARS] for s in sorted(evidence)[:MAX_EVIDENCE]]


def _number(term: Any) -> int:
    value = text(term)
    return int(value) if value.isdigit() else 0


class Neighbourhood(NamedTuple):
    """The nodes of a neighbourhood (centre first) and whether a cap left some out."""

    nodes: list[str]
    truncated: bool


def _ranked(reader: Reader, centre: str, links: list[Link], papers: dict[str, int]) -> tuple[list[str], list[str]]:
    """The entities and the papers linked to ``centre``, best first."""
    entities: dict[str, tuple[int, int]] = {}
    proposers: set[str] = set()
    paper_links: set[str] = set()
    for link in links:
        other = link.target if link.source == centre else link.source
        if link.rel in PAPER_RELATIONS:
            if other != centre and link.target == centre:
                paper_links.add(other)
                if link.rel == "proposes":
                    proposers.add(other)
            elif other != centre:  # a paper's entities
                entities.setdefault(other, (0, papers.get(other, 0)))
            continue
        support, _ = reader.statement(link)
        best = entities.get(other, (0, 0))[0]
        entities[other] = (max(best, support), papers.get(other, 0))
    ents = sorted(entities, key=lambda e: (-entities[e][0], -entities[e][1], e))
    years = {p: reader.year(p) for p in paper_links}
    paps = sorted(paper_links, key=lambda p: (p not in proposers, -years[p], p))
    return ents, paps


def neighbourhood(
    reader: Reader, centre: str, hops: int, follow: Collection[str], papers: dict[str, int], cap: int
) -> Neighbourhood:
    """The nodes within ``hops`` of ``centre`` along ``follow``, at most ``cap`` of them.

    ``papers`` gives entities' paper counts (for ranking; missing ones count 0).
    """
    chosen: dict[str, None] = {centre: None}
    frontier = [centre]
    truncated = False
    for _ in range(hops):
        room = cap - len(chosen)
        if room <= 0 or not frontier:
            truncated = truncated or bool(frontier)
            break
        share = max(1, room // len(frontier))
        grown: list[str] = []
        for node in frontier:
            ents, paps = _ranked(reader, node, reader.links(node, follow), papers)
            ents = [e for e in ents if e not in chosen]
            paps = [p for p in paps if p not in chosen]
            n_papers = min(len(paps), max(share // 2, share - len(ents)))
            n_ents = min(len(ents), share - n_papers)
            truncated = truncated or n_papers < len(paps) or n_ents < len(ents)
            for other in ents[:n_ents] + paps[:n_papers]:
                if len(chosen) >= cap:
                    truncated = True
                    break
                chosen[other] = None
                grown.append(other)
        frontier = grown
    return Neighbourhood(list(chosen), truncated)


def subgraph(
    reader: Reader, nodes: Iterable[str], follow: Collection[str], max_edges: int
) -> tuple[nx.MultiDiGraph, bool]:
    """The kg graph of ``nodes`` (their details) and the followed edges among them (at most ``max_edges``)."""
    graph = nx.MultiDiGraph()
    ids = {iri: node_id(iri) for iri in nodes}
    for iri, node in ids.items():
        graph.add_node(node, **reader.node(iri))
    truncated, edges = False, 0
    for iri in ids:
        for link in reader.links(iri, follow, incoming=False):
            if link.target not in ids:
                continue
            if edges >= max_edges:
                truncated = True
                break
            edges += 1
            u, v = ids[link.source], ids[link.target]
            support, evidence = reader.statement(link) if link.rel in RELATIONS else (1, [])
            graph.add_edge(u, v, key=link.rel, type=link.rel, weight=support, evidence=evidence)
    for u, v, rel in graph.edges(keys=True):
        if rel in PAPER_RELATIONS:
            target = graph.nodes[v]
            target.setdefault("papers", []).append(u)
            if rel == "proposes":
                target.setdefault("proposed_by", []).append(u)
    for _, data in graph.nodes(data=True):
        for name in ("papers", "proposed_by"):
            if name in data:
                data[name] = sorted(set(data[name]))
    return graph, truncated
