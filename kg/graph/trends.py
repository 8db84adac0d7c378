"""Years and trends: when the papers naming an entity appeared, and which entities rise or fall.

Per entity (:func:`add_years`): ``years`` = {year: papers of that year naming it} and
``mean_year``, the mean over those papers, rounded to 2 decimals; set only where some of its
papers have a year.

Rising and falling (:func:`trends`): papers are grouped into periods, by year or by venue; an
entity's *share* of a group of papers is the number naming it over the number in the group. Its
*rise* is its share of the papers of the last ``w`` periods minus its share of the papers of the
first ``w`` periods (pooled: papers naming it over all papers of those periods), with
``w = max(1, (k + 1) // 3)`` for ``k`` periods: one period against one for up to four, the first
two against the last two for five to seven (so ICLR 2020-21 against 2023-24). Only entities named
by at least ``min_papers`` papers in all are ranked, so one paper more or less in a small period
does not make a trend. Years are ordered by time; venues by their papers' mean year, then name.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx

from kg.graph.model import ENTITY_TYPES

MIN_PAPERS = 10
TOP = 15
BY = ("year", "venue")


def add_years(graph: nx.MultiDiGraph) -> None:
    """Set ``years`` and ``mean_year`` on every entity some of whose papers have a year."""
    year_of = {
        n: int(d["year"]) for n, d in graph.nodes(data=True) if d.get("type") == "Paper" and d.get("year") is not None
    }
    if not year_of:
        return
    for _, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        counts = Counter(year_of[p] for p in data.get("papers", ()) if p in year_of)
        data.pop("years", None)
        data.pop("mean_year", None)
        if counts:
            data["years"] = dict(sorted(counts.items()))
            data["mean_year"] = round(sum(y * n for y, n in counts.items()) / sum(counts.values()), 2)


@dataclass(frozen=True)
class Trend:
    """One entity's papers per period (counts, and shares of the period's papers) and its rise."""

    node: str
    label: str
    type: str
    papers: int
    counts: tuple[int, ...]
    shares: tuple[float, ...]
    rise: float


@dataclass
class Trends:
    """The periods (years or venues, in order), their paper totals, and the ranked entities."""

    by: str
    periods: list[str]
    totals: list[int]
    window: int
    rising: list[Trend] = field(default_factory=list)
    falling: list[Trend] = field(default_factory=list)


def window(k: int) -> int:
    """How many periods at each end are compared.

    >>> [window(k) for k in range(1, 9)]
    [1, 1, 1, 1, 2, 2, 2, 3]
    """
    return max(1, (k + 1) // 3)


def _periods(graph: nx.MultiDiGraph, by: str) -> tuple[list[str], dict[str, str]]:
    """The periods in order and the period of each paper that has one."""
    if by not in BY:
        raise ValueError(f"by must be one of {', '.join(BY)}, not {by!r}")
    of: dict[str, str] = {}
    years: dict[str, list[int]] = defaultdict(list)
    for n, d in graph.nodes(data=True):
        if d.get("type") != "Paper":
            continue
        value = d.get(by)
        if value is None or value == "":
            continue
        of[n] = str(value)
        if d.get("year") is not None:
            years[str(value)].append(int(d["year"]))
    if by == "year":
        return sorted(set(of.values()), key=int), of
    mean = {v: sum(ys) / len(ys) if ys else float("inf") for v, ys in years.items()}
    return sorted(set(of.values()), key=lambda v: (mean.get(v, float("inf")), v)), of


def trends(
    graph: nx.MultiDiGraph,
    *,
    by: str = "year",
    top: int = TOP,
    type: str | None = None,
    min_papers: int = MIN_PAPERS,
) -> Trends:
    """The ``top`` rising and falling entities (of ``type``, if given) between the first and the
    last periods (see the module's docstring); ties by label."""
    if type is not None and type not in ENTITY_TYPES:
        raise ValueError(f"type must be one of {', '.join(ENTITY_TYPES)}, not {type!r}")
    if top < 0 or min_papers < 1:
        raise ValueError("top must be >= 0 and min_papers >= 1")
    periods, of = _periods(graph, by)
    position = {p: i for i, p in enumerate(periods)}
    totals = [0] * len(periods)
    for period in of.values():
        totals[position[period]] += 1
    w = window(len(periods))
    first, last = range(w), range(len(periods) - w, len(periods))
    found: list[Trend] = []
    for node, d in graph.nodes(data=True):
        if d.get("type") not in ENTITY_TYPES or (type is not None and d["type"] != type):
            continue
        counts = [0] * len(periods)
        for paper in d.get("papers", ()):
            if paper in of:
                counts[position[of[paper]]] += 1
        if sum(counts) < min_papers:
            continue
        found.append(
            Trend(
                node=node,
                label=d.get("label", node),
                type=d["type"],
                papers=sum(counts),
                counts=tuple(counts),
                shares=tuple(c / t if t else 0.0 for c, t in zip(counts, totals, strict=True)),
                rise=_share(counts, totals, last) - _share(counts, totals, first) if len(periods) > 1 else 0.0,
            )
        )
    return Trends(
        by=by,
        periods=periods,
        totals=totals,
        window=w,
        rising=sorted((t for t in found if t.rise > 0), key=lambda t: (-t.rise, t.label, t.node))[:top],
        falling=sorted((t for t in found if t.rise < 0), key=lambda t: (t.rise, t.label, t.node))[:top],
    )


def _share(counts: Sequence[int], totals: Sequence[int], which: range) -> float:
    papers = sum(totals[i] for i in which)
    return sum(counts[i] for i in which) / papers if papers else 0.0
