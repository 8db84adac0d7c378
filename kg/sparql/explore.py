"""The explorer's JSON API over a store: the concept map, label search, a node's neighbourhood.

``kg serve`` routes ``GET /api/<name>?...`` here; the answers are computed in its query workers,
so the per-query time limit applies to them as to SPARQL queries.

- ``/api/map?n=200[&type=Method]``: the ``n`` entities with most papers (``kg:paperCount``; of one
  type if given) and the relations among them.
- ``/api/search?q=text&limit=20``: entities with a preferred or alternative label equal to, then
  starting with, then containing ``q`` (case-insensitive), each group by decreasing paper count.
- ``/api/node?id=entity/<key>&hops=1[&rel=uses,isA]``: the node (an entity or paper id, or its
  IRI) and what lies within ``hops`` (1 or 2) along the given relations (default: all, papers'
  ``mentions`` and ``proposes`` included), capped at :data:`MAX_NODES` nodes.

Every answer is the JSON object :func:`kg.export.html.graph_data` makes for the embedded page,
computed by that same function: ``types`` and ``rels`` (names; the same lists in every answer, so
indices agree across calls), ``nodes`` (``i`` id, ``l`` label, ``t`` type index, ``x``/``y``
position; entities: ``n`` paper count, ``a`` other labels, ``p``/``pb`` indices of the papers in
this answer that mention/propose it, ``v`` vocabulary ``[[label, url]]``; papers: ``ti`` title,
``ab`` abstract, ``u`` url, ``c`` code links, ``au`` authors, ``yr`` year, ``ve`` venue), ``edges``
(``[source index, target index, rel index, support count, first evidence sentence]``, the
sentence only when there is one) and ``config``. Added here:

- ``clusters``: ``[[id, label], ...]``, and ``k`` on a node: the index of its ``kg:cluster``;
- ``total`` (map, search: entities that qualify, search: at least), ``truncated`` (a cap left
  something out);
- node: ``focus``, the index of the requested node; ``edges[j][5]``, the edge's further evidence
  sentences (up to :data:`kg.sparql.neighbourhood.MAX_EVIDENCE` in all).

Errors are ``{"error": message}`` with status 400 (bad parameters), 404 (no such node) or 500.
Request text never becomes query text: search text is matched in memory (:mod:`kg.sparql.labels`),
an id must be an IRI kg mints (minting it again gives it back) and reaches the store only as an
Oxigraph term, written into batched queries by ``NamedNode``, which refuses anything but an IRI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple
from urllib.parse import parse_qs

import networkx as nx
import pyoxigraph as ox

from kg.export.html import graph_data
from kg.graph.model import ENTITY_TYPES, RELATIONS
from kg.rdf.iri import node_iri, node_of
from kg.sparql.labels import LabelIndex, build_index
from kg.sparql.neighbourhood import FOLLOW, Reader, neighbourhood, node_id, subgraph

Reply = tuple[int, str, bytes, dict[str, str]]

MAP_DEFAULT, MAP_MAX = 200, 1000
SEARCH_DEFAULT, SEARCH_MAX = 20, 100
MAX_QUERY_CHARS = 200
MAX_ID_CHARS = 1000
MAX_HOPS = 2
MAX_NODES = 150  # readable, and within the page's physics limit (kg.export.html.PHYSICS_MAX_NODES)
MAX_EDGES = 4000
MAX_MAPS = 16  # map answers kept (the store a server reads does not change)
_NODE_KINDS = ("entity/", "paper/")
_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


class Request(NamedTuple):
    """A checked API request: the endpoint's name and its parameters."""

    name: str
    params: dict[str, Any]


class BadRequest(ValueError):
    """A request the API refuses (status 400)."""


class NotFound(Exception):
    """A request for a node the store does not have (status 404)."""


def _one(params: dict[str, list[str]], name: str, default: str | None = None) -> str | None:
    values = params.get(name, [])
    if len(values) > 1:
        raise BadRequest(f"give '{name}' once")
    return values[0] if values else default


def _int(params: dict[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    text = _one(params, name)
    if text is None:
        return default
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise BadRequest(f"'{name}' must be a whole number from {low} to {high}")
    return int(text)


def entity_iri(text: str) -> str:
    """The IRI of a node id (``entity/<key>``, ``paper/<key>``) or of a kg IRI; BadRequest otherwise.

    >>> entity_iri("entity/sparse autoencoder")
    'https://w3id.org/kg-ml/resource/entity/sparse%20autoencoder'
    >>> entity_iri("https://w3id.org/kg-ml/resource/entity/x> } ; DROP ALL")
    Traceback (most recent call last):
    ...
    kg.sparql.explore.BadRequest: 'id' is not a kg entity or paper
    """
    if not text or len(text) > MAX_ID_CHARS:
        raise BadRequest(f"'id' must have 1 to {MAX_ID_CHARS} characters")
    if text.startswith(_NODE_KINDS):
        return str(node_iri(text))
    node = node_of(text)
    # only IRIs kg itself mints: minting the id again must give the same text
    if node is None or not node.startswith(_NODE_KINDS) or str(node_iri(node)) != text:
        raise BadRequest("'id' is not a kg entity or paper")
    return text


def parse_request(name: str, query: str) -> Request:
    """Check the parameters of ``/api/<name>?<query>``; raises BadRequest (or KeyError for no such endpoint)."""
    if name not in ("map", "search", "node"):
        raise KeyError(name)
    try:
        params = parse_qs(query, keep_blank_values=True, max_num_fields=16, errors="strict")
    except (ValueError, UnicodeDecodeError) as err:
        raise BadRequest(f"malformed parameters: {err}") from None
    if name == "map":
        kind = _one(params, "type")
        if kind is not None and kind not in ENTITY_TYPES:
            raise BadRequest(f"'type' must be one of {', '.join(ENTITY_TYPES)}")
        return Request(name, {"n": _int(params, "n", MAP_DEFAULT, 1, MAP_MAX), "type": kind})
    if name == "search":
        q = " ".join((_one(params, "q") or "").split())
        if not q or len(q) > MAX_QUERY_CHARS:
            raise BadRequest(f"'q' must have 1 to {MAX_QUERY_CHARS} characters")
        return Request(name, {"q": q, "limit": _int(params, "limit", SEARCH_DEFAULT, 1, SEARCH_MAX)})
    rels = _one(params, "rel")
    follow = tuple(dict.fromkeys(r for r in (rels or "").split(",") if r)) or FOLLOW
    if unknown := [r for r in follow if r not in FOLLOW]:
        raise BadRequest(f"unknown relation {unknown[0]!r} in 'rel': use {', '.join(FOLLOW)}")
    iri = entity_iri(_one(params, "id") or "")
    return Request(name, {"iri": iri, "hops": _int(params, "hops", 1, 1, MAX_HOPS), "rels": follow})


def _dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def error(status: int, message: str) -> Reply:
    return status, "application/json", _dumps({"error": message}), dict(_HEADERS)


class Explorer:
    """Answers API requests from one store (opened read-only) with its label index (built on first use if not given)."""

    def __init__(self, store: ox.Store, index: LabelIndex | None = None) -> None:
        self.store = store
        self._index = index
        self._maps: dict[tuple[int, str | None], dict[str, Any]] = {}  # every page opens with a map

    @property
    def index(self) -> LabelIndex:
        if self._index is None:
            self._index = build_index(self.store)
        return self._index

    def reply(self, request: Request) -> Reply:
        """The HTTP reply to a checked request."""
        handlers: dict[str, Callable[..., dict[str, Any]]] = {"map": self.map, "search": self.search, "node": self.node}
        try:
            data = handlers[request.name](**request.params)
        except NotFound as err:
            return error(404, str(err))
        except Exception as err:  # a bug or a store error: the worker goes on serving
            return error(500, f"the {request.name} request failed: {type(err).__name__}: {err}")
        return 200, "application/json", _dumps(data), dict(_HEADERS)

    def _reader(self) -> Reader:
        return Reader(self.store, self.index.years)

    def map(self, n: int = MAP_DEFAULT, type: str | None = None) -> dict[str, Any]:
        """The ``n`` entities with most papers and the relations among them."""
        if (n, type) in self._maps:
            return self._maps[n, type]
        top = self.index.top(n, type)
        total = len(self.index) if type is None else self.index.types[type]
        graph, cut = subgraph(self._reader(), [e.iri for e in top], tuple(RELATIONS), MAX_EDGES)
        data = _answer(graph) | {"total": total, "truncated": cut or len(top) < total}
        if len(self._maps) < MAX_MAPS:
            self._maps[n, type] = data
        return data

    def search(self, q: str, limit: int = SEARCH_DEFAULT) -> dict[str, Any]:
        """Entities whose labels match ``q``, best first (see the module's docstring)."""
        hits, more = self.index.search(q, limit)
        graph = nx.MultiDiGraph()
        for iri, attributes in self._reader().details([e.iri for e in hits]).items():
            graph.add_node(node_id(iri), **attributes)
        data = _answer(graph, order=[node_id(e.iri) for e in hits])
        return data | {"total": len(hits) + more, "truncated": more}

    def node(self, iri: str, hops: int = 1, rels: tuple[str, ...] = FOLLOW) -> dict[str, Any]:
        """The neighbourhood of the node ``iri``."""
        reader = self._reader()
        if not reader.exists(iri):
            raise NotFound(f"no node {node_id(iri)!r} in this graph")
        found = neighbourhood(reader, iri, hops, rels, self.index.papers, MAX_NODES)
        graph, cut = subgraph(reader, found.nodes, rels, MAX_EDGES)
        data = _answer(graph, evidence=True)
        centre = node_id(iri)
        data["focus"] = next(k for k, n in enumerate(data["nodes"]) if n["i"] == centre)
        return data | {"truncated": found.truncated or cut}


def _answer(graph: nx.MultiDiGraph, *, order: list[str] | None = None, evidence: bool = False) -> dict[str, Any]:
    """:func:`graph_data` of ``graph``, with clusters, nodes in ``order`` (only when there are no
    edges and no papers, whose indices would move) and further evidence on edges (``evidence``).
    """
    data = graph_data(graph)
    nodes = data["nodes"]
    if order is not None:
        assert not data["edges"], "reordering would break the edges' indices"
        rank = {n: k for k, n in enumerate(order)}
        nodes.sort(key=lambda n: rank[n["i"]])
    clusters: dict[tuple[str, str], int] = {}
    for node in nodes:
        cluster = graph.nodes[node["i"]].get("cluster")
        if cluster is not None:
            node["k"] = clusters.setdefault(tuple(cluster), len(clusters))
    data["clusters"] = [list(c) for c in clusters]
    if evidence:
        for edge in data["edges"]:
            u, v, rel = nodes[edge[0]]["i"], nodes[edge[1]]["i"], data["rels"][edge[2]]
            more = graph.edges[u, v, rel].get("evidence", [])[1:]
            if more:
                edge.append(more)
    return data
