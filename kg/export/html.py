"""Interactive, self-contained HTML explorer of a kg graph.

The page is one file: vis-network's JS/CSS (from the ``pyvis`` package, :func:`vis_network_assets`) and the
explorer's own template, script and style (``html_assets/``) are inlined, the graph is embedded
as escaped JSON in a ``<script type="application/json">`` and a Content-Security-Policy allows
only those exact scripts (by hash) and no network request at all.

Scale: positions are computed here, never in the browser. The ``CORE_NODES`` most connected
nodes get a Fruchterman-Reingold layout (dense numpy, seeded); every other node is placed near
its already placed neighbours, which is linear in the number of edges. The page draws the
``INITIAL_NODES`` most connected nodes that pass the filters ("Show more" adds ``STEP_NODES``),
and runs vis physics only for graphs of at most ``PHYSICS_MAX_NODES`` nodes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import os
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

import networkx as nx
import numpy as np

from kg.export.atomic import atomic_open
from kg.graph.model import NODE_TYPES, PAPER_RELATIONS
from kg.graph.model import RELATIONS as GRAPH_RELATIONS

__all__ = ["graph_data", "render_api_page", "render_html", "write_html"]

#: Legend order: node types, then relations, as the graph model defines them.
RELATIONS = (*PAPER_RELATIONS, *GRAPH_RELATIONS)
CORE_NODES = 1200  # nodes laid out by force simulation in Python
INITIAL_NODES = 1500  # nodes drawn when the page opens
STEP_NODES = 1500  # nodes added by "Show more"
PHYSICS_MAX_NODES = 300  # above this the browser runs no physics at all
LAYOUT_ITERATIONS = 30
SEED = 7
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
    return _page(_json_for_script(graph_data(graph, max_nodes=max_nodes)), title=title)


def render_api_page(*, title: str = "kg", api_base: str = "api", map_size: int = 200) -> str:
    """The page without data of its own, as ``kg serve`` serves it: ``html_assets/source_api.js``
    (``window.kgSource``) loads the concept map of the ``map_size`` entities with most papers,
    searches and neighbourhoods from the JSON API at ``api_base`` (relative to the page; see
    :mod:`kg.sparql.explore`). Its CSP allows requests to the page's own origin only.
    """
    settings = {"apiBase": api_base, "mapSize": map_size}
    return _page("null", title=title, source=settings)


def _page(data: str, *, title: str, source: dict[str, Any] | None = None) -> str:
    vis_js, vis_css = vis_network_assets()
    vis_js = _script_safe(vis_js)
    app_js = _script_safe((_ASSETS / "explorer.js").read_text(encoding="utf-8"))
    scripts = [vis_js, app_js]
    source_js = connect = ""
    if source is not None:
        scripts.append(_script_safe((_ASSETS / "source_api.js").read_text(encoding="utf-8")))
        source_js = (
            f'<script type="application/json" id="kg-api">{_json_for_script(source)}</script>\n'
            f"<script>{scripts[-1]}</script>\n"
        )
        connect = "connect-src 'self'; "
    hashes = " ".join(f"'sha256-{_sha256(s)}'" for s in scripts)
    csp = (
        f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; "
        f"img-src data:; {connect}base-uri 'none'; form-action 'none'"
    )
    parts = {
        "TITLE": html.escape(title),
        "CSP": csp,
        "VIS_CSS": vis_css.replace("</", "<\\/"),
        "CSS": (_ASSETS / "explorer.css").read_text(encoding="utf-8"),
        "DATA": data,
        "VIS_JS": vis_js,
        "SOURCE": source_js,
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


def graph_data(graph: nx.MultiDiGraph, *, max_nodes: int | None = None) -> dict[str, Any]:
    """The JSON the page reads: nodes by decreasing degree (their index is their vis id)."""
    all_edges = list(graph.edges(keys=True, data=True))
    degree = dict.fromkeys(graph.nodes, 0)  # as graph.degree(), in one pass over the edges
    for u, v, _, _ in all_edges:
        degree[u] += 1
        degree[v] += 1
    order = sorted(graph.nodes, key=lambda n: (-degree[n], str(n)))
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
    positions = _layout(len(order), [(u, v) for u, v, _, _ in edges_in])

    nodes = []
    for i, n in enumerate(order):
        d = graph.nodes[n]
        kind = _text(d.get("type")) or "Concept"
        node: dict[str, Any] = {
            "i": str(n),
            "l": _text(d.get("label")) or str(n),
            "t": types.index(kind),
            "x": positions[i][0],
            "y": positions[i][1],
        }
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
        nodes.append({k: v for k, v in node.items() if v not in ("", [], None)})
    edges = []
    for (u, v, _, d), rel in zip(edges_in, edge_rels, strict=True):
        edge: list[Any] = [u, v, rel_index[rel], _int(d.get("weight"), 1)]
        evidence = next((t for t in map(_text, _list(d.get("evidence"))) if t), "")
        if evidence:
            edge.append(evidence[:MAX_EVIDENCE_CHARS])
        edges.append(edge)
    config = {"initial": INITIAL_NODES, "step": STEP_NODES, "physicsMax": PHYSICS_MAX_NODES}
    return {"types": types, "rels": rels, "nodes": nodes, "edges": edges, "config": config}


def _layout(n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Integer pixel positions: force layout for the core, neighbour placement for the rest."""
    rng = np.random.default_rng(SEED)
    core = min(n, CORE_NODES)
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        if u != v:
            neighbours[u].append(v)
            neighbours[v].append(u)
    # force layout for core nodes linked inside the core; isolated ones would only fly away
    linked = [i for i in range(core) if any(j < core for j in neighbours[i])]
    local = {i: k for k, i in enumerate(linked)}
    core_edges = np.array(
        [(local[u], local[v]) for u, v in edges if u in local and v in local and u != v], dtype=np.int64
    ).reshape(-1, 2)
    pos = np.zeros((n, 2), dtype=np.float64)
    pos[linked] = _fruchterman_reingold(len(linked), core_edges, rng)
    # The rest, one node at a time, in plain floats (numpy's per-call overhead dominates here);
    # the sums run in the order numpy's mean adds, so the positions are the same to the bit.
    xs, ys = pos[:, 0].tolist(), pos[:, 1].tolist()
    placed = [False] * n
    for i in linked:
        placed[i] = True
    draws = iter(rng.random(2 * (n - len(linked))).tolist())  # the stream rng.random() gives call by call
    spread = 0.5 / math.sqrt(max(core, 1))
    lone = 0
    for i in range(n):  # in decreasing degree: hubs are placed before their leaves
        if placed[i]:
            continue
        near = [j for j in neighbours[i] if placed[j]]
        angle, radius = next(draws) * 2 * math.pi, math.sqrt(next(draws))
        if near:
            cx = cy = 0.0
            for j in near:
                cx += xs[j]
                cy += ys[j]
            step = spread * radius
            xs[i] = cx / len(near) + step * math.cos(angle)
            ys[i] = cy / len(near) + step * math.sin(angle)
        else:  # nothing placed to attach to: a spiral ring around the drawing
            lone += 1
            ring = 0.62 + 0.01 * math.sqrt(lone)
            xs[i], ys[i] = ring * math.cos(lone * 2.39996), ring * math.sin(lone * 2.39996)
        placed[i] = True
    scale = 110.0 * math.sqrt(max(core, 1))
    return [(round(x * scale), round(y * scale)) for x, y in zip(xs, ys, strict=True)]


def _fruchterman_reingold(n: int, edges: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Dense, vectorised Fruchterman-Reingold on a centred unit square (O(n²) per iteration)."""
    pos = rng.random((n, 2), dtype=np.float64) - 0.5
    if n <= 1:
        return pos * 0
    k = 1.0 / math.sqrt(n)
    temp, cool = 0.1, 0.1 / (LAYOUT_ITERATIONS + 1)
    src, dst = edges[:, 0], edges[:, 1]
    delta = np.empty((n, n, 2), dtype=np.float32)
    diff = np.empty((n, n), dtype=np.float64)
    for _ in range(LAYOUT_ITERATIONS):
        # pairwise differences one coordinate at a time, then as float32: the same values as
        # broadcasting over the last axis (of length 2), in a quarter of the time
        for axis in (0, 1):
            coordinate = pos[:, axis].copy()
            np.subtract(coordinate[:, None], coordinate[None, :], out=diff)
            delta[..., axis] = diff
        dx, dy = delta[..., 0], delta[..., 1]
        dist2 = dx * dx
        dist2 += dy * dy  # float32, rounded as einsum("ijk,ijk->ij") rounds it
        np.maximum(dist2, 1e-6, out=dist2)
        disp = np.einsum("ijk,ij->ik", delta, (k * k) / dist2).astype(np.float64)
        vec = pos[src] - pos[dst]
        pull = vec * np.sqrt((vec * vec).sum(axis=1))[:, None] / k
        np.add.at(disp, src, -pull)
        np.add.at(disp, dst, pull)
        disp -= pos * 0.5 * k  # weak gravity keeps components together
        length = np.maximum(np.sqrt((disp * disp).sum(axis=1)), 1e-9)[:, None]
        pos += disp / length * np.minimum(length, temp)
        temp -= cool
    pos -= np.median(pos, axis=0)
    radius = np.sqrt((pos * pos).sum(axis=1))
    pos *= 0.45 / max(float(np.percentile(radius, 95)), 1e-9)  # most nodes within 0.45
    radius = np.maximum(np.sqrt((pos * pos).sum(axis=1)), 1e-9)
    far = radius > 0.55  # small components drifted off: pull them in to a rim
    pos[far] *= ((0.55 + 0.05 * np.tanh(radius[far] - 0.55)) / radius[far])[:, None]
    return pos


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
