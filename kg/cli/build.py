"""``kg build``: abstracts in, exports (and optionally a store) out."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from kg.cli.app import EXTRACTOR_HELP, ExportFormat, Extractor, InputFormat, app, guard
from kg.export.formats import BUILD_FORMATS
from kg.io import FORMATS
from kg.nlp.extractors import DEFAULT_EXTRACTOR
from kg.records import Problem


@app.command()
@guard
def build(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help=f"Files of abstracts or paper records ({', '.join(FORMATS)}): by extension and content.",
            show_default=False,
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the exports.")] = Path("exports"),
    input_format: Annotated[
        InputFormat | None,
        typer.Option("--format", "-f", help="Input format of every file (default: by extension, then content)."),
    ] = None,
    to: Annotated[
        list[ExportFormat] | None,
        typer.Option("--to", "-t", help=f"Export formats (repeatable). Default: {', '.join(BUILD_FORMATS)}."),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(
            "--processes",
            "-j",
            min=0,
            help="Processes for parsing (forked workers). 0 = automatic: both cores from ~300 abstracts up.",
        ),
    ] = 0,
    cache: Annotated[
        Path | None,
        typer.Option(
            help="Cache of parsed abstracts, reused across builds (default: $XDG_CACHE_HOME/kg or ~/.cache/kg).",
            show_default=False,
        ),
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Parse every abstract again; keep no cache.")] = False,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="SCHEDULER_ADDRESS",
            help="Run parsing and extraction on a Dask distributed cluster (e.g. tcp://10.0.0.5:8786).",
        ),
    ] = None,
    link: Annotated[
        bool, typer.Option("--link/--no-link", help="Link entities to the bundled AIO / Papers with Code / ITO terms.")
    ] = True,
    store: Annotated[
        Path | None,
        typer.Option(
            help="Also add the graph to a persistent Oxigraph SPARQL store in this folder (created if new;"
            " adding the same papers twice changes nothing; each build is one atomic batch).",
            show_default=False,
        ),
    ] = None,
    extractor: Annotated[Extractor, typer.Option(help=EXTRACTOR_HELP)] = DEFAULT_EXTRACTOR,  # type: ignore[assignment]
    thesaurus: Annotated[
        list[Path] | None,
        typer.Option(
            "--thesaurus",
            help="Corrections applied to the resolved graph (repeatable; files and their lines in order):"
            " VOSviewer's thesaurus (label<TAB>replace by; .txt, .tsv) or kg's CSV (action,label,value:"
            " merge, rename, retype, drop). The cached extractions stay valid.",
            show_default=False,
        ),
    ] = None,
    min_confidence: Annotated[
        float | None,
        typer.Option(
            "--min-confidence",
            min=0.0,
            max=1.0,
            help="Leave out entities and relations kg is less sure of (0-1; 0 keeps all; a relation is as sure as"
            " its statement times its two ends). Default: 0.33 for entities (the shipped model's threshold), 0.7"
            " for relations' statements; both favour precision.",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing but errors.")] = False,
) -> None:
    """Build the graph from INPUTS and write graph.ttl, graph.html and graph.graphml to --out.

    Shows a progress bar with rate and ETA on a terminal (not in pipes). Abstracts parsed before
    are taken from the cache, so a rebuild after adding a few papers parses only those.
    """
    from kg.api import build as run_build
    from kg.engine.progress import Progress
    from kg.engine.speed import torch_hidden

    formats = [f.value for f in to] if to else list(BUILD_FORMATS)
    progress = Progress("parsing", enabled=False if quiet else None)
    start = time.perf_counter()

    def tell(problem: Problem) -> None:
        typer.echo(f"kg: {'warning' if problem.warning else 'skipped'}: {problem}", err=True)

    try:
        with torch_hidden(extractor.value):  # fast and rules start about a second sooner
            built = run_build(
                inputs,
                out_dir=out,
                input_format=input_format.value if input_format else None,
                formats=formats,
                processes=processes,
                progress=progress,
                on_problem=tell,
                link=link,
                cache=False if no_cache else (cache or True),
                dask=dask,
                extractor=extractor.value,
                thesauri=thesaurus or [],
                min_confidence=min_confidence,
            )
    finally:
        progress.close()
    graph, report = built.graph, built.report
    if report is None:  # a build always reports
        raise RuntimeError("the build gave no report")
    if store is not None:
        from kg.sparql.store import add_graph

        ttl = out / "graph.ttl"
        batch = ttl if "ttl" in formats else graph
        triples = add_graph(store, batch, ",".join(sorted(str(p.resolve()) for p in inputs)), graph=graph)
        if not quiet:
            typer.echo(f"store {store}: {triples:,} triples")
    if quiet:
        return
    total = time.perf_counter() - start
    skipped = len(report.problems)
    typer.echo(
        f"{report.papers} papers ({skipped} records skipped, {report.duplicates} of them duplicates;"
        f" {len(report.warnings)} warnings; {report.parsed} parsed, {report.cached} from cache;"
        f" {report.unsure} entities below the confidence threshold left out)"
    )
    typer.echo("nodes: " + ", ".join(f"{k} {v}" for k, v in sorted(report.nodes_by_type.items())))
    typer.echo("edges: " + ", ".join(f"{k} {v}" for k, v in sorted(report.edges_by_type.items())))
    if thesaurus:
        _tell_rules(report.rules_applied, report.rules_unmatched)
    typer.echo("time:  " + ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items()) + f"; total {total:.1f}s")
    for path in report.outputs:
        typer.echo(f"wrote {path}")


#: Rules listed at most per kind: a VOSviewer thesaurus kept across corpora can have thousands.
SHOWN_RULES = 50


def _tell_rules(applied: list[str], unmatched: list[str]) -> None:
    """The thesaurus rules applied and those that matched nothing, with their FILE:LINE."""
    typer.echo(f"thesaurus: {len(applied)} rules applied, {len(unmatched)} matched nothing")
    for kind, lines in (("applied", applied), ("matched nothing", unmatched)):
        for line in lines[:SHOWN_RULES]:
            typer.echo(f"  {kind}: {line}")
        if len(lines) > SHOWN_RULES:
            typer.echo(f"  ... and {len(lines) - SHOWN_RULES} more {kind}")
