"""The explorer's JSON API over a store: the concept map, label search, a node's neighbourhood.

``kg serve`` serves the explorer page at ``/`` (:func:`kg.export.html.render_served_html`) and
routes its requests, ``GET /api/<name>?...``, here; they are answered in its query workers, so the
per-query time limit applies to them as to SPARQL queries. Every answer has the shape the page's
embedded views have (documented once, in :mod:`kg.export.html`), made by the same
:func:`kg.export.html.graph_data`:

- ``/api/map?n=200[&papers=1]``: the first ``n`` entities of the concept map (``n`` up to the
  map's size; 0 gives only its ``clusters``, ``years`` and ``emerging``), with the relations among
  them, and with ``papers`` the papers that mention most of them (:mod:`kg.sparql.overview`).
- ``/api/all``: every node and edge, for a store small enough to open on them (the page's
  config says which: ``view`` is ``all`` or ``map``, as for a file export).
- ``/api/search?q=text[&limit=15]``: entities with a preferred or alternative label equal to, then
  starting with, then containing ``q`` (case-insensitive), each group by decreasing paper count.
- ``/api/node?id=entity/<key>[&hops=1|2][&rel=uses,isA][&papers=1][&limit=50]``: the node (an
  entity or paper id, or its IRI) and, hop by hop, its strongest neighbours along the given
  relations (default: all), ``limit`` nodes drawn (:func:`kg.sparql.neighbourhood.neighbourhood`),
  then up to :data:`OWN_PAPERS` of its papers for its details (titles and links, no abstracts).

Also in map and search answers: ``total`` (search: entities that qualify, at least) and
``truncated`` (a cap left something out). Entities carry ``years`` and ``mean_year`` when the
store's papers have years.

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

from kg.export import html_map
from kg.export.html import FOCUS_MAX_NODES, graph_data
from kg.rdf.iri import node_iri, node_of
from kg.sparql.labels import LabelIndex, build_index
from kg.sparql.neighbourhood import FOLLOW, Reader, neighbourhood, node_id, subgraph
from kg.sparql.overview import Overview, build_overview

Reply = tuple[int, str, bytes, dict[str, str]]

MAP_DEFAULT = 200
SEARCH_DEFAULT, SEARCH_MAX = 15, 100
MAX_QUERY_CHARS = 200
MAX_ID_CHARS = 1000
MAX_HOPS = 2
MAX_NODES = 400  # the page offers 25 to 400 nodes in a neighbourhood
OWN_PAPERS = 30  # of a node's papers, those listed in its details (as many as the page lists)
MAX_EDGES = 4000
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
    if name not in ("map", "search", "node", "all"):
        raise KeyError(name)
    try:
        params = parse_qs(query, keep_blank_values=True, max_num_fields=16, errors="strict")
    except (ValueError, UnicodeDecodeError) as err:
        raise BadRequest(f"malformed parameters: {err}") from None
    if name == "all":
        return Request(name, {})
    if name == "map":
        return Request(name, {"n": _int(params, "n", MAP_DEFAULT, 0, html_map.MAP_MAX), "papers": _flag(params)})
    if name == "search":
        q = " ".join((_one(params, "q") or "").split())
        if len(q) > MAX_QUERY_CHARS:
            raise BadRequest(f"'q' must have at most {MAX_QUERY_CHARS} characters")
        return Request(name, {"q": q, "limit": _int(params, "limit", SEARCH_DEFAULT, 1, SEARCH_MAX)})
    rels = _one(params, "rel")
    follow = tuple(dict.fromkeys(r for r in (rels or "").split(",") if r)) or FOLLOW
    if unknown := [r for r in follow if r not in FOLLOW]:
        raise BadRequest(f"unknown relation {unknown[0]!r} in 'rel': use {', '.join(FOLLOW)}")
    iri = entity_iri(_one(params, "id") or "")
    return Request(
        name,
        {
            "iri": iri,
            "hops": _int(params, "hops", 1, 1, MAX_HOPS),
            "rels": follow,
            "papers": _flag(params),
            "limit": _int(params, "limit", FOCUS_MAX_NODES, 1, MAX_NODES),
        },
    )


def _flag(params: dict[str, list[str]], name: str = "papers") -> bool:
    text = _one(params, name, "0")
    if text not in ("0", "1"):
        raise BadRequest(f"'{name}' must be 0 or 1")
    return text == "1"


def _dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def error(status: int, message: str) -> Reply:
    return status, "application/json", _dumps({"error": message}), dict(_HEADERS)


class Explorer:
    """Answers API requests from one store (opened read-only) with its label index and overview
    (each built on first use if not given)."""

    def __init__(self, store: ox.Store, index: LabelIndex | None = None, overview: Overview | None = None) -> None:
        self.store = store
        self._index = index
        self._overview = overview
        self._all: dict[str, Any] | None = None

    @property
    def index(self) -> LabelIndex:
        if self._index is None:
            self._index = build_index(self.store)
        return self._index

    @property
    def overview(self) -> Overview:
        if self._overview is None:
            self._overview = build_overview(self.store, self.index)
        return self._overview

    def reply(self, request: Request) -> Reply:
        """The HTTP reply to a checked request."""
        handlers: dict[str, Callable[..., dict[str, Any]]] = {
            "map": self.map,
            "search": self.search,
            "node": self.node,
            "all": self.all,
        }
        try:
            data = handlers[request.name](**request.params)
        except NotFound as err:
            return error(404, str(err))
        except BadRequest as err:
            return error(400, str(err))
        except Exception as err:  # a bug or a store error: the worker goes on serving
            return error(500, f"the {request.name} request failed: {type(err).__name__}: {err}")
        return 200, "application/json", _dumps(data), dict(_HEADERS)

    def _reader(self) -> Reader:
        return Reader(self.store, self.index.years)

    def map(self, n: int = MAP_DEFAULT, papers: bool = False) -> dict[str, Any]:
        """The first ``n`` entities of the concept map and the relations among them (see the module's docstring)."""
        data = self.overview.map_view(n, papers, self._reader())
        return data | {"total": len(self.overview.data["map"]), "truncated": n < len(self.overview.data["map"])}

    def all(self) -> dict[str, Any]:
        """Every node and edge, laid out, as the page's first view of a small store (at most
        ``MAP_MIN_NODES`` nodes; else the map); refused for a bigger one."""
        if self.overview.summary["config"]["view"] != "all":
            raise BadRequest("this graph is too big to show whole: use /api/map")
        if self._all is None:
            reader = self._reader()
            nodes = [*self.index.iris, *self.overview.papers]
            graph, _ = subgraph(reader, nodes, FOLLOW, MAX_EDGES)
            for node in nodes:
                graph.nodes[node_id(node)].update(self._with_years(node, graph.nodes[node_id(node)]))
            self._all = graph_data(graph, concept_map=False) | {
                k: self.overview.data[k] for k in ("clusters", "years", "emerging")
            }
        return self._all

    def search(self, q: str, limit: int = SEARCH_DEFAULT) -> dict[str, Any]:
        """Entities whose labels match ``q``, best first (see the module's docstring)."""
        hits, more = self.index.search(q, limit)
        graph = nx.MultiDiGraph()
        for iri, attributes in self._reader().details([e.iri for e in hits]).items():
            graph.add_node(node_id(iri), **self._with_years(iri, attributes))
        data = _nodes_and_edges(graph_data(graph, order=[node_id(e.iri) for e in hits], layout=False))
        return data | {"total": len(hits) + more, "truncated": more}

    def node(
        self,
        iri: str,
        hops: int = 1,
        rels: tuple[str, ...] = FOLLOW,
        papers: bool = False,
        limit: int = FOCUS_MAX_NODES,
    ) -> dict[str, Any]:
        """The neighbourhood of the node ``iri``, as the page's node view (see the module's docstring)."""
        reader = self._reader()
        if not reader.exists(iri):
            raise NotFound(f"no node {node_id(iri)!r} in this graph")
        found = neighbourhood(
            reader, iri, hops, rels, self.index.papers, limit, with_papers=papers, own_papers=OWN_PAPERS
        )
        nodes = found.nodes + found.papers
        graph, cut = subgraph(reader, nodes, FOLLOW, MAX_EDGES)  # papers' links give p and pb
        graph.remove_edges_from([(u, v, k) for u, v, k in graph.edges(keys=True) if k not in rels])
        for node in nodes:
            data = graph.nodes[node_id(node)]
            data.update(self._with_years(node, data))
        data = _nodes_and_edges(graph_data(graph, order=[node_id(n) for n in nodes], layout=False))
        for listed in data["nodes"][len(found.nodes) :]:  # papers listed in the details, not drawn
            for key in ("ab", "au"):
                listed.pop(key, None)
        return data | {"centre": 0, "draw": len(found.nodes), "total": found.total, "truncated": cut}

    def _with_years(self, iri: str, data: dict[str, Any]) -> dict[str, Any]:
        if data.get("type") == "Paper":
            return data
        years, mean = self.overview.entity_years(iri)
        return data | ({"years": years, "mean_year": mean} if years else {})


def _nodes_and_edges(data: dict[str, Any]) -> dict[str, Any]:
    """A :func:`graph_data` answer without what only a whole graph has (map, clusters, years, config)."""
    return {key: data[key] for key in ("types", "rels", "nodes", "edges")}
