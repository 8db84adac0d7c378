"""What the HTML explorer's concept map and year views show, computed once in Python.

The concept map is a term map in the manner of VOSviewer: the ``MAP_MAX`` most important entities
(by papers; entities of one paper only, generic phrases such as "training data" or "large
number", and entities of low ``confidence`` left out), laid out so that entities mentioned by
the same papers sit together. The page shows the first N of them (``MAP_DEFAULT`` when it opens,
adjustable up to ``MAP_MAX``).

The layout is networkx's ``spring_layout`` (Fruchterman-Reingold, seeded, so the same graph gives
the same positions) on a co-occurrence graph: each entity linked to its ``LAYOUT_NEIGHBOURS``
strongest co-mentioned entities, cosine-normalised (papers mentioning both / sqrt(papers of each))
so that big entities do not pull everything to themselves, and links inside one cluster
(the ``cluster`` node attribute) weighted ``CLUSTER_PULL`` times so clusters read as areas.

Years: the corpus's papers per year, and the "emerging" entities, those whose share of a year's
papers rose most between the first and the last year (each with at least ``YEAR_MIN_PAPERS``
papers), from the entities' ``years`` attribute ({year: papers}); generic and low-confidence
entities are left out, as on the map.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np

from kg.graph.confidence import load_model

__all__ = ["cluster_table", "emerging", "is_generic", "map_entities", "map_layout", "year_summary"]

MAP_MAX = 300  # entities laid out; the page's N goes up to this
MAP_DEFAULT = 200  # entities on the map when the page opens
MAP_MIN_PAPERS = 2  # an entity of one paper is no area of the field
MAP_MAX_WORDS = 6  # longer "labels" are sentences the extractor took for a name
LAYOUT_NEIGHBOURS = 6
LAYOUT_ITERATIONS = 100
CLUSTER_PULL = 4.0
LAYOUT_SPACING = 3.0  # networkx's optimal distance between nodes, times its default 1/sqrt(n)
MAP_SCALE = 500  # half the width of the map in vis pixels (about the screen's, zoomed to fit)
NODE_RADIUS = (3, 15)  # the page draws a map entity r0 + r1 * sqrt(papers / most papers) wide
SPREAD_GAP = 4
SEED = 7
YEAR_MIN_PAPERS = 10  # years with fewer papers give shares too noisy to compare
EMERGING_MAX = 15
EMERGING_MIN_PAPERS = 5  # papers in the last year

_GENERIC = Path(__file__).with_name("html_assets") / "generic_terms.json"
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")


@cache
def _generic_words() -> tuple[frozenset[str], frozenset[str]]:
    raw = json.loads(_GENERIC.read_text(encoding="utf-8"))
    return frozenset(raw["words"]), frozenset(raw["terms"])


def is_generic(label: str) -> bool:
    """True for a label that names no area of the field: made only of generic words, or a sentence.

    >>> [is_generic(s) for s in ("training data", "large number", "accuracy", "world model")]
    [True, True, True, False]
    """
    words, terms = _generic_words()
    found = _WORD.findall(label.lower())
    if not found or len(found) > MAP_MAX_WORDS:
        return True
    return " ".join(found) in terms or all(w in words for w in found)


def _papers(data: dict[str, Any]) -> int:
    count = data.get("paper_count")
    return int(count) if isinstance(count, int | float) else len(data.get("papers") or [])


def map_entities(graph: nx.MultiDiGraph, limit: int = MAP_MAX) -> list[Any]:
    """The map's entities, most papers first (ties by id): ``limit`` of them at most.

    Entities in fewer than ``MAP_MIN_PAPERS`` papers, generic ones (:func:`is_generic`) and those
    kg is not sure are entities (``confidence`` under :func:`min_confidence`) are left out.
    """
    chosen = [
        (n, _papers(d))
        for n, d in graph.nodes(data=True)
        if d.get("type") != "Paper"
        and _papers(d) >= MAP_MIN_PAPERS
        and _confident(d)
        and not is_generic(str(d.get("label") or n))
    ]
    chosen.sort(key=lambda item: (-item[1], str(item[0])))
    return [n for n, _ in chosen[: max(0, limit)]]


@cache
def min_confidence() -> float:
    """kg's default cut on an entity's ``confidence`` (that of ``kg build``): a graph built with a
    lower ``--min-confidence`` keeps entities that the map still leaves out. A stricter cut left
    out real topics on ICLR 2024 (RLHF 0.15, LoRA 0.28, regret 0.20: half the top 400 are < 0.5)."""
    return load_model().threshold


def _confident(data: dict[str, Any]) -> bool:
    confidence = data.get("confidence")
    return not isinstance(confidence, int | float) or confidence >= min_confidence()


def map_layout(graph: nx.MultiDiGraph, nodes: list[Any]) -> dict[Any, tuple[int, int]]:
    """Integer positions of ``nodes`` (see the module's docstring); deterministic."""
    if not nodes:
        return {}
    rank = {n: i for i, n in enumerate(nodes)}
    by_paper: dict[Any, list[int]] = defaultdict(list)
    for n in nodes:
        for p in graph.nodes[n].get("papers") or []:
            by_paper[p].append(rank[n])
    together: Counter[tuple[int, int]] = Counter()
    for members in by_paper.values():
        together.update(combinations(sorted(members), 2))
    size = [max(1, len(graph.nodes[n].get("papers") or [])) for n in nodes]
    cluster = [_cluster(graph.nodes[n]) for n in nodes]
    strongest: list[list[tuple[float, int]]] = [[] for _ in nodes]
    for (a, b), count in together.items():
        weight = count / math.sqrt(size[a] * size[b])
        if cluster[a] is not None and cluster[a] == cluster[b]:
            weight *= CLUSTER_PULL
        strongest[a].append((weight, b))
        strongest[b].append((weight, a))
    links = nx.Graph()
    links.add_nodes_from(range(len(nodes)))
    for a, near in enumerate(strongest):
        for weight, b in sorted(near, key=lambda item: (-item[0], item[1]))[:LAYOUT_NEIGHBOURS]:
            links.add_edge(min(a, b), max(a, b), weight=weight)
    ordered = nx.Graph()  # edges in one order whatever the insertion order: same floats each time
    ordered.add_nodes_from(range(len(nodes)))
    ordered.add_edges_from(sorted(links.edges(data=True), key=lambda e: (e[0], e[1])))
    pos = nx.spring_layout(
        ordered,
        k=LAYOUT_SPACING / math.sqrt(len(nodes)),
        weight="weight",
        iterations=LAYOUT_ITERATIONS,
        seed=SEED,
        scale=MAP_SCALE,
        method="force",
    )
    xy = np.array([pos[i] for i in range(len(nodes))], dtype=np.float64)
    most = max(size)
    radius = np.array([NODE_RADIUS[0] + NODE_RADIUS[1] * math.sqrt(s / most) for s in size])
    xy = _spread(xy, radius)
    return {n: (round(float(xy[i][0])), round(float(xy[i][1]))) for i, n in enumerate(nodes)}


def _spread(xy: np.ndarray, radius: np.ndarray, passes: int = 60) -> np.ndarray:
    """Push apart the nodes whose discs (``radius`` plus a gap) overlap, half the overlap each.

    Force layouts ignore node sizes, so big entities end up on top of their neighbours; this
    leaves the layout's shape and moves only the nodes in each other's way.
    """
    need = radius[:, None] + radius[None, :] + SPREAD_GAP
    np.fill_diagonal(need, 0.0)
    for _ in range(passes):
        delta = xy[:, None, :] - xy[None, :, :]
        dist = np.sqrt((delta**2).sum(axis=2))
        overlap = np.where(dist < need, need - dist, 0.0)
        if not overlap.any():
            break
        dist = np.maximum(dist, 1e-6)
        push = (delta / dist[:, :, None] * (overlap / 2)[:, :, None]).sum(axis=1)
        xy = xy + push
    return xy


def _cluster(data: dict[str, Any]) -> int | None:
    cluster = data.get("cluster")
    return cluster if type(cluster) is int and cluster >= 0 else None  # -1: unclustered


def cluster_table(graph: nx.MultiDiGraph) -> list[dict[str, Any]]:
    """``graph.graph["clusters"]`` as a list by id: ``[{"id", "label", "terms", "size"}]``."""
    table = graph.graph.get("clusters") or {}
    rows = []
    for key, row in table.items():
        try:
            cid = int(key)
        except (TypeError, ValueError):
            continue
        if cid < 0:
            continue
        row = row if isinstance(row, dict) else {}
        terms = row.get("terms") or []
        rows.append(
            {
                "id": cid,
                "label": str(row.get("label") or "").strip() or f"cluster {cid}",
                "terms": [str(t) for t in (terms if isinstance(terms, list) else [terms])],
                "size": int(row.get("size") or 0),
            }
        )
    return sorted(rows, key=lambda r: r["id"])


def year_summary(graph: nx.MultiDiGraph) -> dict[str, Any] | None:
    """``{"first", "last", "papers": {year: papers}}`` over the years with enough papers, or None
    when the corpus does not span at least two such years."""
    per_year: Counter[int] = Counter()
    for _, d in graph.nodes(data=True):
        if d.get("type") == "Paper":
            year = _year(d.get("year"))
            if year is not None:
                per_year[year] += 1
    kept = sorted(y for y, c in per_year.items() if c >= YEAR_MIN_PAPERS)
    if len(kept) < 2:
        return None
    return {"first": kept[0], "last": kept[-1], "papers": {str(y): per_year[y] for y in sorted(per_year)}}


def emerging(graph: nx.MultiDiGraph, years: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The entities whose share of papers rose most from the first to the last year, largest first.

    Each row: ``{"i": node id, "l": label, "first": share, "last": share, "rise": last - first}`` (shares of
    that year's papers, rounded to 4 digits). Generic entities are left out, as on the map.
    """
    if not years:
        return []
    first, last = str(years["first"]), str(years["last"])
    total_first, total_last = years["papers"][first], years["papers"][last]
    rows = []
    for n, d in graph.nodes(data=True):
        counts = d.get("years")
        if d.get("type") == "Paper" or not isinstance(counts, dict):
            continue
        counts = {str(k): v for k, v in counts.items()}
        in_last = int(counts.get(last) or 0)
        if in_last < EMERGING_MIN_PAPERS or not _confident(d) or is_generic(str(d.get("label") or n)):
            continue
        before, after = int(counts.get(first) or 0) / total_first, in_last / total_last
        if after > before:
            rows.append((after - before, str(n), str(d.get("label") or n), before, after))
    rows.sort(key=lambda r: (-r[0], r[1]))
    return [
        {"i": n, "l": label, "first": round(before, 4), "last": round(after, 4), "rise": round(rise, 4)}
        for rise, n, label, before, after in rows[:EMERGING_MAX]
    ]


def node_years(data: dict[str, Any]) -> tuple[dict[str, int], float | None]:
    """An entity's ``years`` as ``{"2024": papers}`` sorted by year, and its ``mean_year``."""
    counts = data.get("years")
    out: dict[int, int] = {}
    if isinstance(counts, dict):
        for key, value in counts.items():
            year = _year(key)
            if year is not None and isinstance(value, int | float) and value > 0:
                out[year] = out.get(year, 0) + int(value)
    mean = data.get("mean_year")
    mean_year = round(float(mean), 2) if isinstance(mean, int | float) and math.isfinite(mean) else None
    return {str(y): out[y] for y in sorted(out)}, mean_year


def _year(value: Any) -> int | None:
    try:
        year = int(str(value).strip()[:4])
    except (TypeError, ValueError):
        return None
    return year if 1000 <= year <= 9999 else None
