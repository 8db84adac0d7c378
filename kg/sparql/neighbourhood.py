"""What the explorer shows of a store: a node's neighbourhood, and any set of nodes as a kg graph.

A neighbourhood is grown breadth first from a node and capped at every hop: each node of the
frontier gets an equal share of the room left, the entities it is related to first (by the
support of the relation, then by paper count), then the papers that propose it, then the others
(most recent first). Growing reads the links of the frontier's nodes with pattern lookups (one per
relation: a hub's incoming triples are mostly statements about it, not worth reading). The nodes
found are then read in a few batched SPARQL queries (their details, the edges among them, the
statements of those edges): Oxigraph filters the rows, and Python converts only the ones kept.
Beyond the first hop, a node's links are sampled (:data:`SAMPLE`).

The result is a kg graph (:mod:`kg.graph.model`) that :func:`kg.export.html.graph_data` turns into
what the page reads. The queries name only IRIs that the store returned or kg minted, each written
by Oxigraph's ``NamedNode`` (which refuses anything that is not an IRI): no request text reaches them.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

import networkx as nx
import pyoxigraph as ox

from kg.graph.model import NODE_TYPES, PAPER_RELATIONS, RELATIONS
from kg.rdf.iri import node_of
from kg.rdf.ontology import PREFIXES
from kg.rdf.terms import ABSTRACT, ALT, CLOSE, CODE, CREATOR, DATE, EXACT, PREF, TITLE, TYPE, URL, T, statement_iri
from kg.sparql.labels import text

#: Relations a neighbourhood follows: paper -> entity, then entity -> entity.
FOLLOW = (*PAPER_RELATIONS, *RELATIONS)
#: ``kg:cluster`` (entity -> skos:Collection with a skos:prefLabel), where the store has it.
CLUSTER = str(PREFIXES["kg"]["cluster"])
MAX_EVIDENCE = 3
MAX_EVIDENCE_CHARS = 600
BATCH = 250  # IRIs per query
#: Beyond the first hop, links read per node and relation: a hub (1,000 papers mention "reinforcement
#: learning") gives a sample, in the store's order, instead of costing ~1,000 lookups for a few places.
SAMPLE = 200

_DEFAULT = ox.DefaultGraph()
_REL = {T[r]: r for r in FOLLOW}
_TYPES = {T[t]: t for t in NODE_TYPES}
_PAPER_FIELDS = {TITLE: "title", ABSTRACT: "abstract", URL: "url", T["venue"]: "venue"}
_DETAILS = (TYPE, PREF, ALT, T["paperCount"], EXACT, CLOSE, CLUSTER, *_PAPER_FIELDS, CREATOR, CODE, DATE)


class Link(NamedTuple):
    """A triple between two nodes, named by their IRIs."""

    source: str
    rel: str
    target: str


def node_id(iri: str) -> str:
    """The graph node id of a kg IRI (``entity/<key>``), else the IRI itself."""
    return node_of(iri) or iri


def _iris(iris: Iterable[str]) -> str:
    return " ".join(str(ox.NamedNode(iri)) for iri in iris)


def _batches(items: Iterable[str]) -> Iterator[list[str]]:
    batch: list[str] = []
    for item in items:
        batch.append(item)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


class Reader:
    """Reads from one store for one request; pattern lookups are kept for the request."""

    def __init__(self, store: ox.Store, years: Mapping[str, int] | None = None) -> None:
        self.store = store
        self.years = years or {}
        self._out: dict[str, list[ox.Quad]] = {}
        self._support: dict[Link, int] = {}

    def _select(self, query: str) -> list[list[str]]:
        rows = self.store.query(query)
        assert isinstance(rows, ox.QuerySolutions)
        return [[text(term) if term is not None else "" for term in row] for row in rows]

    def outgoing(self, iri: str) -> list[ox.Quad]:
        if iri not in self._out:
            self._out[iri] = list(self.store.quads_for_pattern(ox.NamedNode(iri), None, None, _DEFAULT))
        return self._out[iri]

    def exists(self, iri: str) -> bool:
        return bool(self.outgoing(iri))

    def is_paper(self, iri: str) -> bool:
        return any(q.predicate.value == TYPE and text(q.object) == T["Paper"] for q in self.outgoing(iri))

    def links(self, iri: str, follow: Collection[str], limit: int | None = None) -> list[Link]:
        """The followed triples from and to ``iri`` (at most ``limit`` to it per relation, in the store's order)."""
        out = []
        for q in self.outgoing(iri):
            rel = _REL.get(q.predicate.value, "")
            if rel in follow and isinstance(q.object, ox.NamedNode):
                out.append(Link(iri, rel, q.object.value))
        if not self.is_paper(iri):  # nothing points to a paper
            node = ox.NamedNode(iri)
            for rel in follow:
                pattern = self.store.quads_for_pattern(None, ox.NamedNode(T[rel]), node, _DEFAULT)
                for q in itertools.islice(pattern, limit):
                    if isinstance(q.subject, ox.NamedNode):
                        out.append(Link(q.subject.value, rel, iri))
        return out

    def supports(self, links: Iterable[Link]) -> dict[Link, int]:
        """The number of papers each relation between kg entities is found in (1 if unknown), batched."""
        named = {st: link for st, link in _statements(links) if link not in self._support}
        keep = f"<{T['supportCount']}>"
        for batch in _batches(named):
            for st, count in self._select(f"SELECT ?s ?n WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s {keep} ?n }}"):
                if count.isdigit():
                    self._support[named[st]] = max(self._support.get(named[st], 1), int(count))
        return {link: self._support.setdefault(link, 1) for link in links}

    def details(self, iris: Collection[str]) -> dict[str, dict[str, Any]]:
        """Each node's attributes as the kg graph model has them (:mod:`kg.graph.model`)."""
        values: dict[str, dict[str, list[str]]] = {iri: {} for iri in iris}
        keep = f"FILTER(?p IN ({', '.join(str(ox.NamedNode(p)) for p in _DETAILS)}))"
        for batch in _batches(iris):
            for s, p, o in self._select(f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s ?p ?o {keep} }}"):
                values[s].setdefault(p, []).append(o)
        terms = {min(v[match]) for v in values.values() for match in (EXACT, CLOSE, CLUSTER) if match in v}
        labels: dict[str, str] = {}
        for batch in _batches(sorted(terms)):
            for term, label in self._select(f"SELECT ?t ?l WHERE {{ VALUES ?t {{ {_iris(batch)} }} ?t <{PREF}> ?l }}"):
                labels[term] = min(labels.get(term, label), label)
        return {iri: _attributes(iri, v, labels) for iri, v in values.items()}

    def edges(self, iris: Collection[str], follow: Collection[str]) -> list[Link]:
        """The followed triples among ``iris``."""
        among = f"FILTER(?o IN ({', '.join(str(ox.NamedNode(iri)) for iri in iris)}))"
        out = []
        for batch in _batches(iris):
            for s, p, o in self._select(f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s ?p ?o {among} }}"):
                if _REL.get(p, "") in follow:
                    out.append(Link(s, _REL[p], o))
        return sorted(out)

    def statements(self, links: Iterable[Link]) -> dict[Link, tuple[int, list[str]]]:
        """Support count and (up to MAX_EVIDENCE, the first in sorted order) evidence sentences of relations."""
        named = dict(_statements(links))
        found: dict[str, tuple[list[int], list[str]]] = {st: ([], []) for st in named}
        keep = f"FILTER(?p IN (<{T['supportCount']}>, <{T['evidence']}>))"
        for batch in _batches(named):
            for st, p, o in self._select(f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s ?p ?o {keep} }}"):
                if p == T["evidence"]:
                    found[st][1].append(o)
                elif o.isdigit():
                    found[st][0].append(int(o))
        return {
            link: (max([*found[st][0], 1]), [s[:MAX_EVIDENCE_CHARS] for s in sorted(found[st][1])[:MAX_EVIDENCE]])
            for st, link in named.items()
        }


def _statements(links: Iterable[Link]) -> Iterator[tuple[str, Link]]:
    """The kg:RelationStatement IRI of each relation between kg entities (minted from theirs)."""
    for link in links:
        u, v = node_of(link.source), node_of(link.target)
        if u is not None and v is not None and link.rel in RELATIONS:
            yield str(statement_iri(u, link.rel, v)), link


def _attributes(iri: str, values: dict[str, list[str]], labels: dict[str, str]) -> dict[str, Any]:
    kinds = [_TYPES[t] for t in values.get(TYPE, ()) if t in _TYPES]
    kind = min(kinds, key=NODE_TYPES.index, default="Concept")
    if kind == "Paper":
        data: dict[str, Any] = {_PAPER_FIELDS[p]: min(values[p]) for p in _PAPER_FIELDS if p in values}
        data |= {"type": "Paper", "authors": sorted(values.get(CREATOR, ())), "code": sorted(values.get(CODE, ()))}
        years = [int(y) for y in values.get(DATE, ()) if y.isdigit()]
        if years:
            data["year"] = max(years)
        words = data.get("abstract", "").split()
        data["label"] = data.get("title") or " ".join(words[:8]) + (" …" if len(words) > 8 else "")
        return data
    data = {
        "type": kind,
        "label": min(values.get(PREF, [node_id(iri)])),
        "alt_labels": sorted(values.get(ALT, ())),
        "paper_count": max((int(n) for n in values.get(T["paperCount"], ()) if n.isdigit()), default=0),
    }
    for match in (EXACT, CLOSE):
        if match in values:
            term = min(values[match])
            data["vocab"] = {"iri": term, "label": labels.get(term, term)}
            break
    if CLUSTER in values:
        cluster = min(values[CLUSTER])
        data["cluster"] = (node_id(cluster), labels.get(cluster, ""))
    return data


class Neighbourhood(NamedTuple):
    """The nodes of a neighbourhood (centre first) and whether a cap left some out."""

    nodes: list[str]
    truncated: bool


def _ranked(reader: Reader, centre: str, links: list[Link], papers: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """The entities and the papers linked to ``centre``, best first."""
    entities: dict[str, tuple[int, int]] = {}
    proposers: set[str] = set()
    paper_links: set[str] = set()
    support = reader.supports([link for link in links if link.rel not in PAPER_RELATIONS])
    for link in links:
        other = link.target if link.source == centre else link.source
        if other == centre:
            continue
        if link.rel not in PAPER_RELATIONS:
            best = entities.get(other, (0, 0))[0]
            entities[other] = (max(best, support[link]), papers.get(other, 0))
        elif link.target == centre:  # a paper that mentions or proposes the centre
            paper_links.add(other)
            if link.rel == "proposes":
                proposers.add(other)
        else:  # an entity of the paper at the centre
            entities.setdefault(other, (0, papers.get(other, 0)))
    ents = sorted(entities, key=lambda e: (-entities[e][0], -entities[e][1], e))
    years = reader.years
    paps = sorted(paper_links, key=lambda p: (p not in proposers, -years.get(p, 0), p))
    return ents, paps


def neighbourhood(
    reader: Reader, centre: str, hops: int, follow: Collection[str], papers: Mapping[str, int], cap: int
) -> Neighbourhood:
    """The nodes within ``hops`` of ``centre`` along ``follow``, at most ``cap`` of them.

    ``papers`` gives entities' paper counts (for ranking; missing ones count 0).
    """
    chosen: dict[str, None] = {centre: None}
    frontier = [centre]
    truncated = False
    for hop in range(hops):
        room = cap - len(chosen)
        if room <= 0 or not frontier:
            truncated = truncated or bool(frontier)
            break
        share = max(1, room // len(frontier))
        grown: list[str] = []
        for node in frontier:
            links = reader.links(node, follow, None if hop == 0 else SAMPLE)
            ents, paps = _ranked(reader, node, links, papers)
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
    reader: Reader, nodes: Collection[str], follow: Collection[str], max_edges: int
) -> tuple[nx.MultiDiGraph, bool]:
    """The kg graph of ``nodes`` (their details) and the followed edges among them (at most ``max_edges``)."""
    graph = nx.MultiDiGraph()
    for iri, data in reader.details(nodes).items():
        graph.add_node(node_id(iri), **data)
    links = reader.edges(nodes, follow)
    truncated = len(links) > max_edges
    links = links[:max_edges]
    statements = reader.statements(link for link in links if link.rel in RELATIONS)
    for link in links:
        u, v = node_id(link.source), node_id(link.target)
        support, evidence = statements.get(link, (1, []))
        graph.add_edge(u, v, key=link.rel, type=link.rel, weight=support, evidence=evidence)
        if link.rel in PAPER_RELATIONS:
            graph.nodes[v].setdefault("papers", []).append(u)
            if link.rel == "proposes":
                graph.nodes[v].setdefault("proposed_by", []).append(u)
    for _, data in graph.nodes(data=True):
        for name in ("papers", "proposed_by"):
            if name in data:
                data[name] = sorted(set(data[name]))
    return graph, truncated
