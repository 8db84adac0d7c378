"""Rising and falling entities (:func:`kg.graph.trends.trends`) as a table, CSV, JSON, or a chart.

Charts are drawn by matplotlib on its Agg canvas (no display, no pyplot state) and come out the
same bytes every time: SVG ids from a fixed ``svg.hashsalt``, no creation date in the metadata.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from kg.export.atomic import atomic_open, atomic_path
from kg.graph.trends import Trend, Trends

TEXT_FORMATS = ("table", "csv", "json")
CHART_FORMATS = ("png", "svg")
FORMATS = TEXT_FORMATS + CHART_FORMATS
#: Lines per panel in a chart: more cannot be told apart.
CHART_LINES = 10


def _span(result: Trends, first: bool) -> str:
    periods = result.periods[: result.window] if first else result.periods[-result.window :]
    return periods[0] if len(periods) == 1 else f"{periods[0]}-{periods[-1]}"


def describe(result: Trends) -> str:
    """What the rise compares, in words."""
    if len(result.periods) < 2:
        return f"one {result.by} only ({', '.join(result.periods) or 'none'}): nothing to compare"
    return (
        f"rise = share of the papers of {_span(result, False)} minus share of the papers of"
        f" {_span(result, True)}, in percentage points"
    )


def rows(result: Trends) -> list[dict[str, Any]]:
    """One record per ranked entity: direction, rank, label, type, papers, per period counts and shares, rise."""
    out = []
    for direction, ranked in (("rising", result.rising), ("falling", result.falling)):
        for rank, t in enumerate(ranked, 1):
            out.append(
                {
                    "direction": direction,
                    "rank": rank,
                    "entity": t.node,
                    "label": t.label,
                    "type": t.type,
                    "papers": t.papers,
                    "counts": dict(zip(result.periods, t.counts, strict=True)),
                    "shares": {p: round(s, 6) for p, s in zip(result.periods, t.shares, strict=True)},
                    "rise": round(t.rise, 6),
                }
            )
    return out


def format_trends(result: Trends, fmt: str = "table") -> str:
    """The trends as ``table`` (for people), ``csv`` (one row per entity) or ``json``."""
    if fmt == "json":
        data = {
            "by": result.by,
            "periods": result.periods,
            "papers": dict(zip(result.periods, result.totals, strict=True)),
            "window": result.window,
            "rule": describe(result),
            "entities": rows(result),
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(
            ["direction", "rank", "entity", "label", "type", "papers"]
            + [f"papers {p}" for p in result.periods]
            + [f"share {p}" for p in result.periods]
            + ["rise"]
        )
        for r in rows(result):
            writer.writerow(
                [r["direction"], r["rank"], r["entity"], r["label"], r["type"], r["papers"]]
                + list(r["counts"].values())
                + [f"{s:.6f}" for s in r["shares"].values()]
                + [f"{r['rise']:.6f}"]
            )
        return buf.getvalue()
    if fmt == "table":
        return _table(result)
    raise ValueError(f"format must be one of {', '.join(TEXT_FORMATS)}, not {fmt!r}")


def _table(result: Trends) -> str:
    totals = ", ".join(f"{p}: {n}" for p, n in zip(result.periods, result.totals, strict=True))
    lines = [f"papers by {result.by}: {totals}", describe(result), ""]
    for title, ranked in (("rising", result.rising), ("falling", result.falling)):
        lines.append(f"{title}:" if ranked else f"{title}: none")
        if not ranked:
            lines.append("")
            continue
        width = min(40, max(len(t.label) for t in ranked))
        cells = [f"{p:>13}" for p in result.periods]
        lines.append(f"  {'entity':<{width}}  {'type':<8} {''.join(cells)}  {'rise':>7}")
        for t in ranked:
            per = "".join(f"{f'{c} ({100 * s:.1f}%)':>13}" for c, s in zip(t.counts, t.shares, strict=True))
            lines.append(f"  {t.label[:width]:<{width}}  {t.type:<8} {per}  {100 * t.rise:+7.2f}")
        lines.append("")
    return "\n".join(lines)


def render_trends(result: Trends, fmt: str, out: str | Path | None = None) -> str:
    """The trends in ``fmt`` (one of :data:`FORMATS`): text returned, and written to ``out`` if
    given; a chart is written to ``out`` (required) and "" returned."""
    if fmt in CHART_FORMATS:
        if out is None:
            raise ValueError(f"a {fmt} chart needs a file to go to")
        write_chart(result, out, fmt)
        return ""
    text = format_trends(result, fmt)
    if out is not None:
        with atomic_open(out) as handle:
            handle.write(text)
    return text


def write_chart(result: Trends, path: str | Path, fmt: str | None = None) -> None:
    """A chart of the shares per period: rising entities on the left, falling on the right."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fmt = fmt or Path(path).suffix.lstrip(".").lower()
    if fmt not in CHART_FORMATS:
        raise ValueError(f"chart format must be one of {', '.join(CHART_FORMATS)}, not {fmt!r}")
    with rc_context({"svg.hashsalt": "kg", "font.size": 8}):
        figure = Figure(figsize=(11, 5), layout="constrained")
        FigureCanvasAgg(figure)
        panels = figure.subplots(1, 2, sharey=True)
        for axes, title, ranked in zip(panels, ("rising", "falling"), (result.rising, result.falling), strict=True):
            _panel(axes, result, title, ranked[:CHART_LINES])
        figure.suptitle(describe(result))
        metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {}
        with atomic_path(path) as tmp:
            figure.savefig(tmp, format=fmt, metadata=metadata, dpi=100)


def _panel(axes: Any, result: Trends, title: str, ranked: list[Trend]) -> None:
    x = list(range(len(result.periods)))
    for t in ranked:
        axes.plot(x, [100 * s for s in t.shares], marker="o", label=t.label[:40])
    axes.set_xticks(x, result.periods)
    axes.set_title(title)
    axes.set_xlabel(result.by)
    axes.set_ylabel("share of papers (%)")
    axes.grid(alpha=0.3)
    if ranked:
        axes.legend(loc="best", fontsize=7, framealpha=0.8)
