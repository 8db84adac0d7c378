"""What the explorer shows of a store: a node's neighbourhood, and any set of nodes as a kg graph.

A neighbourhood is grown as the page's own view grows it (``views.js``): hop by hop, the
neighbours of the frontier ranked by the summed support of their links to it, then paper count,
then id, hop h of H filling the view up to ``limit * h / H`` nodes; papers are neighbours only when
asked for (a paper's own entities always are), and then the centre's papers are listed for its
details, those that propose it first, then the most recent. Growing reads the links of the
frontier's nodes with pattern lookups (one per relation: a hub's incoming triples are mostly
statements about it, not worth reading; without papers, an entity's paper links are not read),
and the supports of a hop's links in one batch. The nodes found are then read in a few batched
SPARQL queries (their details, the edges among them, the statements of those edges): Oxigraph
filters the rows, and Python converts only the ones kept. Beyond the first hop, a node's links
are sampled (:data:`SAMPLE`).

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

from kg.graph.model import NODE_TYPES, PAPER_LINKS, PAPER_RELATIONS, RELATIONS
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
    HIDDEN,
    NOTATION,
    PREF,
    TITLE,
    TYPE,
    URL,
    T,
    statement_iri,
)
from kg.sparql.labels import text

#: Relations a neighbourhood follows: paper -> entity (``about`` too: the entities a paper names only
#: inside a longer name), then entity -> entity.
FOLLOW = (*PAPER_LINKS, *RELATIONS)
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
_DETAILS = (
    TYPE,
    PREF,
    ALT,
    HIDDEN,
    T["paperCount"],
    T["confidence"],
    EXACT,
    CLOSE,
    CLUSTER,
    *_PAPER_FIELDS,
    CREATOR,
    CODE,
    DATE,
)


class Link(NamedTuple):
    """A triple between two nodes, named by their IRIs."""

    source: str
    rel: str
    target: str


def node_id(iri: str) -> str:
    """The graph node id of a kg IRI (``entity/<key>``), else the IRI itself."""
    return node_of(iri) or iri


def _is_paper(iri: str) -> bool:
    """Whether ``iri`` is a paper's, as kg mints them (``paper/<key>``)."""
    return (node_of(iri) or "").startswith("paper/")


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

    def links(self, iri: str, follow: Collection[str], limit: int | None = None) -> list[Link]:
        """The followed triples from and to ``iri`` (at most ``limit`` to it per relation, in the store's order)."""
        out = []
        for q in self.outgoing(iri):
            rel = _REL.get(q.predicate.value, "")
            if rel in follow and isinstance(q.object, ox.NamedNode):
                out.append(Link(iri, rel, q.object.value))
        if not _is_paper(iri):  # nothing points to a paper
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
        numbers: dict[str, int] = {}
        keep = f"FILTER(?p IN (<{PREF}>, <{NOTATION}>))"
        for batch in _batches(sorted(terms)):
            for term, p, o in self._select(
                f"SELECT ?t ?p ?o WHERE {{ VALUES ?t {{ {_iris(batch)} }} ?t ?p ?o {keep} }}"
            ):
                if p == PREF:
                    labels[term] = min(labels.get(term, o), o)
                elif o.isdigit():
                    numbers[term] = int(o)
        return {iri: _attributes(iri, v, labels, numbers) for iri, v in values.items()}

    def edges(self, iris: Collection[str], follow: Collection[str]) -> list[Link]:
        """The followed triples among ``iris``."""
        among = f"FILTER(?o IN ({', '.join(str(ox.NamedNode(iri)) for iri in iris)}))"
        out = []
        for batch in _batches(iris):
            for s, p, o in self._select(f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s ?p ?o {among} }}"):
                if _REL.get(p, "") in follow:
                    out.append(Link(s, _REL[p], o))
        return sorted(out)

    def statements(self, links: Iterable[Link]) -> dict[Link, Statement]:
        """Support count, (up to MAX_EVIDENCE, the first in sorted order) evidence sentences and
        confidence of relations between kg entities."""
        named = dict(_statements(links))
        found: dict[str, dict[str, list[str]]] = {st: {} for st in named}
        wanted = {T["supportCount"]: "n", T["evidence"]: "e", T["confidence"]: "c"}
        keep = f"FILTER(?p IN ({', '.join(f'<{p}>' for p in wanted)}))"
        for batch in _batches(named):
            for st, p, o in self._select(f"SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_iris(batch)} }} ?s ?p ?o {keep} }}"):
                found[st].setdefault(wanted[p], []).append(o)
        out = {}
        for st, link in named.items():
            values = found[st]
            support = max([1, *(int(n) for n in values.get("n", ()) if n.isdigit())])
            evidence = [s[:MAX_EVIDENCE_CHARS] for s in sorted(values.get("e", ()))[:MAX_EVIDENCE]]
            confidence = max((float(c) for c in values.get("c", ())), default=None)
            out[link] = Statement(support, evidence, confidence)
        return out


class Statement(NamedTuple):
    """What the store says of one relation: in how many papers, in which sentences, how sure."""

    support: int
    evidence: list[str]
    confidence: float | None


def _statements(links: Iterable[Link]) -> Iterator[tuple[str, Link]]:
    """The kg:RelationStatement IRI of each relation between kg entities (minted from theirs)."""
    for link in links:
        u, v = node_of(link.source), node_of(link.target)
        if u is not None and v is not None and link.rel in RELATIONS:
            yield str(statement_iri(u, link.rel, v)), link


def _attributes(
    iri: str, values: dict[str, list[str]], labels: dict[str, str], numbers: dict[str, int]
) -> dict[str, Any]:
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
        **({"hidden_labels": sorted(values[HIDDEN])} if values.get(HIDDEN) else {}),
        "paper_count": max((int(n) for n in values.get(T["paperCount"], ()) if n.isdigit()), default=0),
    }
    for match in (EXACT, CLOSE):
        if match in values:
            term = min(values[match])
            data["vocab"] = {"iri": term, "label": labels.get(term, term)}
            break
    if T["confidence"] in values:
        data["confidence"] = max(float(c) for c in values[T["confidence"]])
    if CLUSTER in values:  # its number (skos:notation) and name, as a built graph has them
        cluster = min(values[CLUSTER])
        data |= {"cluster": numbers.get(cluster, -1), "cluster_label": labels.get(cluster, ""), "cluster_iri": cluster}
    return data


class Neighbourhood(NamedTuple):
    """A node's neighbourhood: what a view draws, how many neighbours were found, its papers for its details."""

    nodes: list[str]  # the centre, then hop by hop the neighbours drawn
    total: int  # neighbours found before the limit
    papers: list[str]  # the centre's papers that are not drawn, proposers then most recent first


def neighbourhood(
    reader: Reader,
    centre: str,
    hops: int,
    follow: Collection[str],
    papers: Mapping[str, int],
    limit: int,
    *,
    with_papers: bool = False,
    own_papers: int = 0,
) -> Neighbourhood:
    """The node and, hop by hop, its neighbours over ``follow``, strongest first, ``limit`` nodes in all.

    As the page's own view (``views.js``): a neighbour's strength is the sum of the supports of its
    links to the frontier (a paper link counts 1), ties broken by paper count (``papers``, missing
    ones 0) then id; hop h of ``hops`` fills the view up to ``limit * h / hops`` nodes; papers are
    neighbours only ``with_papers`` (a paper's own entities always are). ``own_papers``: how many
    of the centre's papers to list after the view, for its details.
    """
    chosen: dict[str, None] = {centre: None}
    frontier = [centre]
    total = 0
    entity_relations = [r for r in follow if r not in PAPER_LINKS]
    for hop in range(hops):
        score: dict[str, int] = {}
        found_links: list[tuple[str, Link]] = []
        for node in frontier:
            # without papers, an entity's paper links lead nowhere: not read (a hub has thousands)
            along = follow if with_papers or _is_paper(node) else entity_relations
            found_links += ((node, link) for link in reader.links(node, along, None if hop == 0 else SAMPLE))
        weights = reader.supports([link for _, link in found_links if link.rel not in PAPER_LINKS])
        for node, link in found_links:
            other = link.target if link.source == node else link.source
            if other in chosen or (_is_paper(other) and not with_papers):
                continue
            score[other] = score.get(other, 0) + weights.get(link, 1)
        found = sorted(score, key=lambda v: (-score[v], -papers.get(v, 0), node_of(v) or v))
        total += len(found)
        room = max(0, round(limit * (hop + 1) / hops) - len(chosen))
        frontier = found[:room]
        chosen.update(dict.fromkeys(frontier))
    own: list[str] = []
    if own_papers > 0 and not _is_paper(centre):
        links = [link for link in reader.links(centre, PAPER_RELATIONS) if link.target == centre]
        proposers = {link.source for link in links if link.rel == "proposes"}
        years = reader.years
        ranked = sorted(
            {link.source for link in links} - chosen.keys(), key=lambda p: (p not in proposers, -years.get(p, 0), p)
        )
        own = ranked[:own_papers]
    return Neighbourhood(list(chosen), total, own)


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
        said = statements.get(link, Statement(1, [], None))
        extra = {} if said.confidence is None else {"confidence": said.confidence}
        graph.add_edge(u, v, key=link.rel, type=link.rel, weight=said.support, evidence=said.evidence, **extra)
        if link.rel in PAPER_RELATIONS:
            graph.nodes[v].setdefault("papers", []).append(u)
            if link.rel == "proposes":
                graph.nodes[v].setdefault("proposed_by", []).append(u)
    for _, data in graph.nodes(data=True):
        for name in ("papers", "proposed_by"):
            if name in data:
                data[name] = sorted(set(data[name]))
    return graph, truncated
