"""Commands over an exported graph or a store: ``kg query``, ``kg export``, ``kg stats``, ``kg serve``."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from kg.cli.app import ExportFormat, app, fail, guard, load_any
from kg.export.formats import EXPORTERS
from kg.io import InputError


class ResultFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


@app.command()
@guard
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
@guard
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
@guard
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


@app.command()
@guard
def serve(
    source: Annotated[Path, typer.Argument(help="A store folder or an exported graph file.", show_default=False)],
    host: Annotated[
        str, typer.Option(help="Address to listen on; loopback unless you mean to share it.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    max_results: Annotated[int, typer.Option(help="Rows returned at most; more are cut (X-KG-Truncated).")] = 10000,
    timeout: Annotated[float, typer.Option(help="Seconds a query may run before it is stopped (HTTP 503).")] = 10.0,
) -> None:
    """Serve SOURCE as a read-only SPARQL 1.1 endpoint at /sparql, with the HTML explorer at /.

    GET and POST (form or application/sparql-query); results as SPARQL JSON/XML, CSV or TSV by
    Accept header. Updates and SERVICE are refused; queries are bounded in time and rows. The
    explorer reads the concept map, search results and neighbourhoods from /api/map, /api/search,
    /api/node (JSON, bounded by the same time limit), built when the server starts.
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
