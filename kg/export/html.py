"""Interactive, self-contained HTML explorer of a kg graph.

The page is one file: vis-network's JS/CSS (from the ``pyvis`` package, :func:`vis_network_assets`) and the
explorer's own template, scripts and style (``html_assets/``) are inlined, the graph is embedded
as escaped JSON in a ``<script type="application/json">`` and a Content-Security-Policy allows
only those exact scripts (by hash) and no network request at all.

Views. A graph of more than ``MAP_MIN_NODES`` nodes opens on its concept map
(:mod:`kg.export.html_map`: the most important entities coloured by cluster, positions computed
here); a smaller one opens on all its nodes (positions from networkx's ``spring_layout``, then
vis physics up to ``PHYSICS_MAX_NODES`` nodes). Selecting a node shows only its neighbourhood.
Papers are drawn by default up to ``PAPERS_SHOWN_MAX`` papers. Every view is in the URL fragment:
``#map&n=200``, ``#node=<id>&hops=2&rel=uses,isA&papers=1``, each with an optional ``color=``
(``cluster``, ``year`` or ``type``).

Data shapes. The page reads every view through one function, ``loadView(kind, params)`` in
``html_assets/views.js``, which slices the embedded JSON; a server can answer the same requests
from JSON endpoints (``/api/map?n=``, ``/api/node?id=&hops=&rel=&papers=&limit=``,
``/api/search?q=``) with the same shapes. Each answer is an object with:

- ``types``: node type names; ``rels``: relation names (``mentions``, ``proposes`` and ``about`` first).
- ``nodes``: objects. Every node: ``i`` id, ``l`` label, ``t`` index in ``types``; ``x``, ``y``
  integer position when the node has one (map entities; every node of a small graph).
  Entities: ``n`` papers, ``a`` other labels, ``p`` papers that mention it and ``pb`` papers that
  propose it (indices in ``nodes``, only those present), ``v`` vocabulary terms
  (``[[label, http(s) link or ""]]``), ``cluster`` (int), ``cluster_label``, ``mean_year``
  (float), ``years`` (``{"2024": papers}``). Papers: ``ti`` title, ``ab`` abstract, ``u`` link,
  ``c`` code links, ``au`` authors, ``yr`` year, ``ve`` venue. Empty fields are left out.
- ``edges``: ``[source, target, relation index in rels, weight, evidence sentence (optional)]``,
  sources and targets being indices in ``nodes``.

and, by kind:

- ``map`` (params ``n``, ``papers``): the first ``n`` map entities, most important first, with the
  edges between them; with ``papers``, the papers mentioning them after them (and those edges).
  Also ``clusters`` (``[{"id", "label", "terms", "size"}]``, ``[]`` without clusters), ``years``
  (``{"first", "last", "papers": {"2024": papers}}`` or ``null``) and ``emerging``
  (``[{"i": id, "l": label, "first": share, "last": share, "rise": last - first}]``, largest
  rise first; shares of that year's papers).
- ``node`` (params ``id``, ``hops`` 1 or 2, ``rel`` relation names or all, ``papers``, ``limit``):
  ``centre`` (index, 0), ``draw`` (the view draws ``nodes[:draw]``: the node and, hop by hop,
  its neighbours over the allowed relations, strongest links first, hop h of H filling the view
  up to ``limit * h / H`` nodes; papers only with ``papers`` or as a paper's own entities),
  ``total`` (neighbours found before the limit); ``nodes[draw:]`` are the node's papers that are
  not drawn, for its details.
- ``search`` (param ``q``): up to 15 hits, best first (exact label, exact other label, prefix,
  substring), no edges.

The embedded JSON is the whole graph in this shape (every node, every edge) plus ``clusters``,
``years``, ``emerging``, ``map`` (the map's node indices, most important first) and ``config``,
except that, to keep the page small, its nodes leave out a ``cluster_label`` equal to their
cluster's label in ``clusters`` (answers carry it) and ``years``/``mean_year`` when the corpus
does not span years (then neither do answers).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

import networkx as nx

from kg.export import html_map
from kg.export.atomic import atomic_open
from kg.graph.model import HIDDEN_LABELS, NODE_TYPES, PAPER_LINKS
from kg.graph.model import RELATIONS as GRAPH_RELATIONS

__all__ = ["graph_data", "render_html", "render_served_html", "write_html"]

#: Legend order: node types, then relations, as the graph model defines them.
RELATIONS = (*PAPER_LINKS, *GRAPH_RELATIONS)
MAP_MIN_NODES = 500  # bigger graphs open on the concept map, smaller ones on every node
PAPERS_SHOWN_MAX = 300  # more papers than this are hidden until asked for
PHYSICS_MAX_NODES = 300  # the whole-graph view of at most this many nodes runs vis physics
FOCUS_MAX_NODES = 50  # a neighbourhood draws at most this many nodes unless asked for more
SMALL_LAYOUT_SCALE = 900
MAX_EVIDENCE_CHARS = 600

_ASSETS = Path(__file__).with_name("html_assets")
_URL = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def write_html(
    graph: nx.MultiDiGraph,
    path_or_stream: str | os.PathLike[str] | TextIO,
    *,
    title: str = "kg",
    max_nodes: int | None = None,
) -> None:
    """Write ``graph`` as one self-contained interactive HTML page.

    ``max_nodes`` keeps only that many of the most connected nodes in the file (``None``: all).
    The same graph always gives the same bytes.
    """
    page = render_html(graph, title=title, max_nodes=max_nodes)
    if isinstance(path_or_stream, str | os.PathLike):
        with atomic_open(path_or_stream) as out:  # temp file beside the target + os.replace
            out.write(page)
    else:
        path_or_stream.write(page)


def render_html(graph: nx.MultiDiGraph, *, title: str = "kg", max_nodes: int | None = None) -> str:
    """The page as a string (see ``write_html``)."""
    return _page(graph_data(graph, max_nodes=max_nodes), ("views.js", "explorer.js"), title)


def render_served_html(summary: dict[str, Any], *, title: str = "kg") -> str:
    """The same explorer as a page that reads every view from a server's JSON API (``kg serve``).

    It embeds only ``summary``: ``types``, ``rels``, ``typeCounts`` and ``relCounts`` (the number
    of nodes of each type and edges of each relation in the whole graph, in the same order) and
    ``config`` (as :func:`graph_data`'s, with ``nodes``, ``edges``, ``mapSize`` and
    ``paperCount``). Its policy allows requests to its own origin only.
    """
    return _page(summary, ("views_api.js", "explorer.js"), title, connect="'self'")


def _page(data: dict[str, Any], scripts: tuple[str, ...], title: str, *, connect: str | None = None) -> str:
    vis_js, vis_css = vis_network_assets()
    vis_js = _script_safe(vis_js)
    app_js = "\n".join(_script_safe((_ASSETS / name).read_text(encoding="utf-8")) for name in scripts)
    hashes = " ".join(f"'sha256-{_sha256(s)}'" for s in (vis_js, app_js))
    csp = (
        f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; "
        f"img-src data:; {f'connect-src {connect}; ' if connect else ''}base-uri 'none'; form-action 'none'"
    )
    parts = {
        "TITLE": html.escape(title),
        "CSP": csp,
        "VIS_CSS": vis_css.replace("</", "<\\/"),
        "CSS": (_ASSETS / "explorer.css").read_text(encoding="utf-8"),
        "DATA": _json_for_script(data),
        "VIS_JS": vis_js,
        "JS": app_js,
    }
    template = (_ASSETS / "template.html").read_text(encoding="utf-8")
    return re.sub(r"@@KG_([A-Z_]+)@@", lambda m: parts[m.group(1)], template)


#: The vis-network release the page draws with. kg takes it from the pyvis package (pinned in
#: pyproject.toml), which ships it for its own pages; tests/test_html.py fails if pyvis moves it.
VIS_NETWORK = "vis-9.1.2"


def vis_network_assets() -> tuple[str, str]:
    """vis-network's minified script and style sheet, read from inside the installed pyvis."""
    folder = resources.files("pyvis") / "lib" / VIS_NETWORK
    try:
        return (
            (folder / "vis-network.min.js").read_text(encoding="utf-8"),
            (folder / "vis-network.css").read_text(encoding="utf-8"),
        )
    except FileNotFoundError:
        raise ImportError(
            f"vis-network is not where kg expects it in pyvis ({folder}): pip install pyvis==0.3.2"
        ) from None


def graph_data(
    graph: nx.MultiDiGraph,
    *,
    max_nodes: int | None = None,
    order: list[Any] | None = None,
    concept_map: bool | None = None,
    layout: bool = True,
) -> dict[str, Any]:
    """The JSON the page embeds (see the module's docstring): nodes by decreasing degree, or in
    ``order`` (every node of the graph once: a server's answer keeps its own order); the page
    opens on the concept map when ``concept_map`` says so, or by default when the graph has more
    than ``MAP_MIN_NODES`` nodes. Without ``layout``, a small graph's nodes get no positions (the
    page's physics places them: a server's neighbourhood)."""
    all_edges = list(graph.edges(keys=True, data=True))
    if order is None:
        degree = dict.fromkeys(graph.nodes, 0)  # as graph.degree(), in one pass over the edges
        for u, v, _, _ in all_edges:
            degree[u] += 1
            degree[v] += 1
        order = sorted(graph.nodes, key=lambda n: (-degree[n], str(n)))
    elif len(order) != graph.number_of_nodes() or set(order) != set(graph.nodes):
        raise ValueError("order must list every node of the graph once")
    if max_nodes is not None:
        order = order[: max(0, max_nodes)]
    index = {n: i for i, n in enumerate(order)}
    types = list(NODE_TYPES) + sorted({_text(graph.nodes[n].get("type")) or "Concept" for n in order} - set(NODE_TYPES))
    # by (source index, target index, key): two stable sorts, the second on one integer
    edges_in = [(index[u], index[v], k, d) for u, v, k, d in all_edges if u in index and v in index]
    edges_in.sort(key=lambda e: str(e[2]))
    edges_in.sort(key=lambda e: e[0] * len(order) + e[1])
    edge_rels = [_rel(k, d) for _, _, k, d in edges_in]
    rels = list(RELATIONS) + sorted(set(edge_rels) - set(RELATIONS))
    rel_index = {r: i for i, r in enumerate(rels)}
    kept = graph.subgraph(order) if max_nodes is not None else graph
    small = len(order) <= MAP_MIN_NODES if concept_map is None else not concept_map
    on_map = [] if small else [n for n in html_map.map_entities(kept) if n in index]
    positions = (_small_layout(kept) if layout else {}) if small else html_map.map_layout(kept, on_map)

    clusters = html_map.cluster_table(kept)
    years = html_map.year_summary(kept)
    named = {c["id"]: c["label"] for c in clusters}
    nodes = [_node(graph.nodes[n], n, index, types, positions.get(n), named, years is not None) for n in order]
    edges = []
    for (u, v, _, d), rel in zip(edges_in, edge_rels, strict=True):
        edge: list[Any] = [u, v, rel_index[rel], _int(d.get("weight"), 1)]
        evidence = next((t for t in map(_text, _list(d.get("evidence"))) if t), "")
        confidence = d.get("confidence")
        if evidence or confidence is not None:
            edge.append(evidence[:MAX_EVIDENCE_CHARS])
        if confidence is not None:  # [u, v, rel, weight, evidence, confidence]
            edge.append(round(float(confidence), 2))
        edges.append(edge)
    n_papers = sum(1 for n in order if graph.nodes[n].get("type") == "Paper")
    config = {
        "view": "all" if small else "map",
        "mapDefault": min(html_map.MAP_DEFAULT, len(on_map)),
        "mapNodeSize": html_map.NODE_RADIUS,
        "papers": n_papers <= PAPERS_SHOWN_MAX,
        "physicsMax": PHYSICS_MAX_NODES,
        "focusMax": FOCUS_MAX_NODES,
    }
    return {
        "types": types,
        "rels": rels,
        "nodes": nodes,
        "edges": edges,
        "clusters": clusters,
        "years": years,
        "emerging": [row for row in html_map.emerging(kept, years) if row["i"] in index],
        "map": [index[n] for n in on_map],
        "config": config,
    }


def _node(
    d: dict[str, Any],
    n: Any,
    index: dict[Any, int],
    types: list[str],
    xy: tuple[int, int] | None,
    named: dict[int, str],
    years: bool,
) -> dict[str, Any]:
    kind = _text(d.get("type")) or "Concept"
    node: dict[str, Any] = {"i": str(n), "l": _text(d.get("label")) or str(n), "t": types.index(kind)}
    if xy is not None:
        node["x"], node["y"] = xy
    if kind == "Paper":
        code = [u for u in map(_url, _list(d.get("code"))) if u]
        node |= {
            "ti": _text(d.get("title")),
            "ab": _text(d.get("abstract")),
            "u": _url(d.get("url")),
            "c": code,
            "au": [_text(a) for a in _list(d.get("authors"))],
            "yr": _text(d.get("year")),
            "ve": _text(d.get("venue")),
        }
    else:
        papers = [index[p] for p in _list(d.get("papers")) if p in index]
        node |= {
            "n": _int(d.get("paper_count"), len(_list(d.get("papers")))),
            "a": sorted({_text(a) for a in _list(d.get("alt_labels"))} - {""}),
            "p": sorted(papers),
            "pb": sorted(index[p] for p in _list(d.get("proposed_by")) if p in index),
            "v": _vocab(d.get("vocab")),
        }
        hidden = sorted({_text(h) for h in _list(d.get(HIDDEN_LABELS))} - {""})
        if hidden:  # found by the search, never shown as a name (skos:hiddenLabel)
            node["h"] = hidden
        cluster = d.get("cluster")
        if type(cluster) is int and cluster >= 0:  # -1: unclustered
            node["cluster"] = cluster
            label = _text(d.get("cluster_label"))
            if label != named.get(cluster):  # else views.js sets it from the cluster table
                node["cluster_label"] = label
        if years and ("years" in d or "mean_year" in d):
            node["years"], node["mean_year"] = html_map.node_years(d)
    return {k: v for k, v in node.items() if v not in ("", [], {}, None)}


def _small_layout(graph: nx.MultiDiGraph) -> dict[Any, tuple[int, int]]:
    """Positions of every node of a small graph (networkx's spring layout, seeded)."""
    simple = nx.Graph()
    simple.add_nodes_from(sorted(graph.nodes, key=str))
    simple.add_edges_from(sorted(((u, v) for u, v in graph.edges() if u != v), key=lambda e: (str(e[0]), str(e[1]))))
    if simple.number_of_nodes() == 0:
        return {}
    pos = nx.spring_layout(simple, seed=html_map.SEED, scale=SMALL_LAYOUT_SCALE, method="force")
    return {n: (round(float(x)), round(float(y))) for n, (x, y) in pos.items()}


def _json_for_script(data: Any) -> str:
    """JSON that cannot end its <script> element or be read as markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return re.sub("[<>&\u2028\u2029]", lambda m: _JSON_ESCAPES[m.group(0)], text)


def _script_safe(source: str) -> str:
    if re.search(r"</script|<!--", source, re.IGNORECASE):
        raise ValueError("an inlined script contains '</script' or '<!--'")
    return source


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _text(value: Any) -> str:
    if type(value) is str:  # the common case first: this runs for every value
        return value.strip()
    return "" if value is None else str(value).strip()


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _list(value: Any) -> list[Any]:
    if type(value) is list:  # the common case first (the caller only reads it)
        return value
    if value is None or value == "":
        return []
    if isinstance(value, str | dict):
        return [value]
    if isinstance(value, Iterable):
        return sorted(value, key=str) if isinstance(value, set | frozenset) else list(value)
    return [value]


def _url(value: Any) -> str:
    text = _text(value)
    return text if _URL.fullmatch(text) else ""


def _rel(key: Any, data: dict[str, Any]) -> str:
    return _text(data.get("type")) or _text(key) or "related"


def _vocab(value: Any) -> list[list[str]]:
    """``vocab`` as ``[[text, http(s) link or ""], ...]``; a str, dict or list of them."""
    out = []
    for item in _list(value):
        if isinstance(item, dict):
            iri = _text(item.get("iri") or item.get("uri") or item.get("id"))
            label = _text(item.get("label") or item.get("name")) or iri
        else:
            iri = label = _text(item)
        if label:
            out.append([label, _url(iri)])
    return out
