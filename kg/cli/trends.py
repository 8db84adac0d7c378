"""``kg trends``: the entities rising and falling most over the years (or venues) of a graph or store."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from kg.cli.app import app, fail, guard


class TrendFormat(StrEnum):
    table, csv, json, png, svg = "table", "csv", "json", "png", "svg"


@app.command()
@guard
def trends(
    source: Annotated[Path, typer.Argument(help="A store folder (kg build --store) or a graph.", show_default=False)],
    by: Annotated[str, typer.Option(help="Compare papers by year or by venue.")] = "year",
    top: Annotated[int, typer.Option(min=0, help="How many rising and how many falling entities.")] = 15,
    kind: Annotated[str | None, typer.Option("--type", help="Only entities of this type (Method, Task...).")] = None,
    min_papers: Annotated[int, typer.Option(min=1, help="Rank only entities named by this many papers.")] = 10,
    output: Annotated[TrendFormat, typer.Option("--format", "-f", help="Text, or a chart.")] = TrendFormat.table,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here (charts need it).")] = None,
) -> None:
    """The entities rising and falling most: their share of each year's (or venue's) papers, the
    last year(s) against the first (one year each for up to four years, two for five to seven)."""
    from kg.export.trends import render_trends
    from kg.graph.trends import trends as rank
    from kg.sparql.mentions import papers_graph

    if output.value in ("png", "svg") and out is None:
        raise fail(f"--format {output.value} draws a chart: give --out PATH")
    result = rank(papers_graph(source), by=by, top=top, type=kind, min_papers=min_papers)
    text = render_trends(result, output.value, out)
    typer.echo(f"wrote {out}" if out is not None else text, nl=out is not None)
