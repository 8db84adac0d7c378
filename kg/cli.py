"""The ``kg`` command: a thin typer layer over :mod:`kg.engine.build`, :mod:`kg.sparql.query` and the exporters."""

from __future__ import annotations

import shutil
import time
import traceback
from collections import Counter
from collections.abc import Callable
from enum import Enum, StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kg.export.formats import BUILD_FORMATS, EXPORTERS
from kg.io import FORMATS, InputError
from kg.nlp.extractors import DEFAULT_EXTRACTOR, EXTRACTORS, RELATION_MODELS
from kg.records import Problem

if TYPE_CHECKING:  # networkx, rdflib and spaCy load only where a command needs them
    import networkx as nx


app = typer.Typer(
    help="Build a knowledge graph of ML research from paper abstracts, and query or convert it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Choices come from the reader and exporter tables, so a new format needs no CLI change.
InputFormat = Enum("InputFormat", {name: name for name in FORMATS}, type=str)  # type: ignore[misc]
ExportFormat = Enum("ExportFormat", {name: name for name in EXPORTERS}, type=str)  # type: ignore[misc]
Extractor = Enum("Extractor", {name: name for name in EXTRACTORS}, type=str)  # type: ignore[misc]
EXTRACTOR_HELP = (
    "fast: the rules plus one learned SciERC model (default); accurate: the rules plus the vote of"
    " three learned models and MiniLM relations (~4.5x the CPU of fast; needs pip install"
    " 'kg[transformer]'); rules: the rules only."
)


class ResultFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


class State:
    debug = False


@app.callback()
def main(
    debug: Annotated[bool, typer.Option("--debug", help="Show the full traceback on errors.")] = False,
) -> None:
    from kg.engine.speed import freeze_at_exit

    State.debug = debug
    freeze_at_exit()


def fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"kg: error: {message}", err=True)
    return typer.Exit(code)


def _guard(fn: Callable[..., None]) -> Callable[..., None]:
    """Turn expected failures into one line on stderr and a non-zero exit."""

    def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            typer.echo("kg: interrupted; earlier outputs are left as they were", err=True)
            raise typer.Exit(130) from None
        except Exception as err:
            if State.debug:
                traceback.print_exc()
            message = str(err).splitlines()[0] if str(err) else type(err).__name__
            if not isinstance(err, InputError | OSError | ValueError | ImportError):  # kg says what to install
                message = f"{type(err).__name__}: {message} (run with --debug for details)"
            raise fail(message) from None

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__annotations__ = fn.__annotations__
    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


def load_any(path: Path) -> nx.MultiDiGraph:
    """An exported graph: RDF (ttl, nt, jsonld, rdf) or node-link JSON (:func:`kg.api.load`)."""
    from kg.api import load

    return load(path).graph


@app.command()
@_guard
def build(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help="Files of abstracts: .txt (blank-line separated), .json, .jsonl or .csv.",
            show_default=False,
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the exports.")] = Path("exports"),
    input_format: Annotated[
        InputFormat | None,
        typer.Option("--format", "-f", help="Input format, when the extension does not say."),
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
            )
    finally:
        progress.close()
    graph, report = built.graph, built.report
    assert report is not None  # a build always reports
    if store is not None:
        from kg.sparql.store import add_graph

        ttl = out / "graph.ttl"
        batch = ttl if "ttl" in formats else graph
        triples = add_graph(store, batch, ",".join(sorted(str(p.resolve()) for p in inputs)), graph=graph)
        html = out / "graph.html"
        if html.exists():
            shutil.copyfile(html, store / "graph.html")
        if not quiet:
            typer.echo(f"store {store}: {triples:,} triples")
    if quiet:
        return
    total = time.perf_counter() - start
    skipped = len(report.problems)
    typer.echo(
        f"{report.papers} papers ({skipped} records skipped, {report.duplicates} of them duplicates;"
        f" {len(report.warnings)} warnings; {report.parsed} parsed, {report.cached} from cache)"
    )
    typer.echo("nodes: " + ", ".join(f"{k} {v}" for k, v in sorted(report.nodes_by_type.items())))
    typer.echo("edges: " + ", ".join(f"{k} {v}" for k, v in sorted(report.edges_by_type.items())))
    typer.echo("time:  " + ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items()) + f"; total {total:.1f}s")
    for path in report.outputs:
        typer.echo(f"wrote {path}")


@app.command()
@_guard
def query(
    graph: Annotated[
        Path,
        typer.Argument(help="An exported graph (.ttl, .nt, .jsonld, .rdf).", show_default=False),
    ],
    sparql: Annotated[str | None, typer.Argument(help="The SPARQL query text.", show_default=False)] = None,
    file: Annotated[Path | None, typer.Option("--file", help="Read the query from a .rq file.")] = None,
    output: Annotated[
        ResultFormat, typer.Option("--format", "-f", help="How to print the results.")
    ] = ResultFormat.table,
) -> None:
    """Run a SPARQL query over an exported graph file or a store folder (Oxigraph's SPARQL engine).

    Prefixes kg:, kgr:, skos:, dcterms:, schema:, prov:, rdf:, xsd: are bound.
    """
    from kg.sparql.query import format_result
    from kg.sparql.store import query_store

    if (sparql is None) == (file is None):
        raise fail("give the query as an argument or with --file, not both")
    text = file.read_text(encoding="utf-8") if file is not None else str(sparql)
    if not graph.exists():
        raise InputError(f"{graph}: no such file or store")
    typer.echo(format_result(query_store(graph, text), output.value), nl=False)


@app.command("export")
@_guard
def export_cmd(
    graph: Annotated[
        Path,
        typer.Argument(
            help="An exported graph (.ttl, .nt, .jsonld, .rdf or node-link .json).",
            show_default=False,
        ),
    ],
    to: Annotated[ExportFormat, typer.Option("--to", "-t", help="Target format.", show_default=False)],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Output file (default: GRAPH with the new extension)."),
    ] = None,
) -> None:
    """Convert an exported graph to another format (graphml, gexf, json, csv, nt, jsonld, ...)."""
    exporter = EXPORTERS[to.value]
    target = out or graph.with_suffix(exporter.suffix)
    if target.resolve() == graph.resolve():
        raise fail(f"{target}: would overwrite the input; pass --out")
    exporter.write(load_any(graph), target)
    typer.echo(f"wrote {target}")


@app.command()
@_guard
def stats(
    graph: Annotated[
        Path,
        typer.Argument(
            help="An exported graph (.ttl, .nt, .jsonld, .rdf or node-link .json).",
            show_default=False,
        ),
    ],
    top: Annotated[int, typer.Option(help="How many of the most mentioned entities to list.")] = 10,
) -> None:
    """Summarize an exported graph: nodes and edges by type, most mentioned entities."""
    g = load_any(graph)
    nodes = Counter(d.get("type", "?") for _, d in g.nodes(data=True))
    edges = Counter(k for _, _, k in g.edges(keys=True))
    typer.echo(f"{g.number_of_nodes()} nodes, {g.number_of_edges()} edges")
    typer.echo("nodes: " + ", ".join(f"{k} {v}" for k, v in sorted(nodes.items())))
    typer.echo("edges: " + ", ".join(f"{k} {v}" for k, v in sorted(edges.items())))
    ranked = sorted(
        (
            (d.get("paper_count", 0), d.get("label", n), d.get("type"))
            for n, d in g.nodes(data=True)
            if d.get("type") != "Paper"
        ),
        key=lambda t: (-t[0], t[1]),
    )[:top]
    if ranked:
        typer.echo("most mentioned:")
        for count, label, kind in ranked:
            typer.echo(f"  {count:4d}  {label}  ({kind})")


class Benchmark(StrEnum):
    scierc = "scierc"


@app.command()
@_guard
def evaluate(
    benchmark: Annotated[Benchmark, typer.Argument(help="The annotation scheme of FILE.", show_default=False)],
    file: Annotated[Path, typer.Argument(help="Gold annotations, e.g. SciERC's dev.json.", show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    extractor: Annotated[
        Extractor, typer.Option(help="The learned extractor to score (fast or accurate; see kg build --help).")
    ] = "accurate",  # type: ignore[assignment]
) -> None:
    """Score kg's learned extractor against gold annotations (SciERC: entity and relation P/R/F1).

    Entities count when span and type are exact (nested spans included); relations are strict:
    both argument spans, their types and the relation label must be right, with predicted
    entities ("relations") and with gold entities ("relations_gold_entities").
    """
    import json

    import spacy

    from kg.nlp import tokenizers
    from kg.nlp.evaluate import evaluate_scierc
    from kg.nlp.extractors import english_model
    from kg.nlp.learned import add_learned

    models = EXTRACTORS[extractor.value]
    if models is None:
        raise InputError(f"the {extractor.value} extractor has no SciERC types to score; choose fast or accurate")
    if not file.is_file():
        raise InputError(f"{file}: no such file")
    base = spacy.load(english_model(), exclude=["ner"], config=tokenizers.SAVED)
    nlp = add_learned(base, models or None, relations=RELATION_MODELS[extractor.value])
    scores = evaluate_scierc(nlp, file)
    if as_json:
        typer.echo(json.dumps(scores, indent=1, sort_keys=True))
        return
    typer.echo(f"{'':22}{'P':>7}{'R':>7}{'F1':>7}")
    rows = [("entities", scores["entities"])]
    rows += [(f"  {kind}", s) for kind, s in sorted(scores["entities"]["per_type"].items())]
    rows += [("relations (strict)", scores["relations"]), ("relations, gold ents", scores["relations_gold_entities"])]
    for name, s in rows:
        typer.echo(f"{name:22}{s['precision']:7.3f}{s['recall']:7.3f}{s['f1']:7.3f}")


@app.command()
@_guard
def serve(
    source: Annotated[Path, typer.Argument(help="A store folder or an exported graph file.", show_default=False)],
    host: Annotated[
        str, typer.Option(help="Address to listen on; loopback unless you mean to share it.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    max_results: Annotated[int, typer.Option(help="Rows returned at most; more are cut (X-KG-Truncated).")] = 10000,
    timeout: Annotated[
        float, typer.Option(help="Seconds a query or API call may run before it is stopped (HTTP 503).")
    ] = 10.0,
) -> None:
    """Serve SOURCE as a read-only SPARQL 1.1 endpoint at /sparql, with the HTML explorer at /.

    GET and POST (form or application/sparql-query); results as SPARQL JSON/XML, CSV or TSV by
    Accept header. Updates and SERVICE are refused; queries are bounded in time and rows. The
    explorer reads the graph on demand from /api/map, /api/search and /api/node (JSON).
    """
    import ipaddress

    from kg.sparql.serve import serve as run_server

    if not source.exists():
        raise InputError(f"{source}: no such file or store")
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        typer.echo(f"kg: warning: serving on {host}, reachable from other machines", err=True)
    typer.echo(f"kg: SPARQL endpoint at http://{host}:{port}/sparql (Ctrl-C stops)", err=True)
    run_server(source, host=host, port=port, max_results=max_results, timeout_s=timeout)
