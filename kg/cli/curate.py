"""``kg curate``: suggest corrections to an exported graph, as a thesaurus to edit and build with."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kg.cli.app import app, fail, guard, load_any


@app.command()
@guard
def curate(
    graph: Annotated[
        Path,
        typer.Argument(help="An exported graph (.ttl, .nt, .jsonld, .rdf or node-link .json).", show_default=False),
    ],
    suggest: Annotated[
        bool,
        typer.Option("--suggest", help="Suggest merges of entities that look like one and drops of noise."),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write the thesaurus to this file (default: print it).", show_default=False),
    ] = None,
    rare: Annotated[
        bool,
        typer.Option(
            "--rare/--no-rare",
            help="Also suggest dropping entities mentioned once, in one paper, in no relation, not proposed.",
        ),
    ] = True,
) -> None:
    """Suggest corrections to GRAPH as a VOSviewer thesaurus (label<TAB>replace by) to edit and
    pass back to kg build --thesaurus. Why each line was suggested is printed beside it (on stderr
    when the thesaurus itself goes to stdout): VOSviewer's format has no comments.
    """
    from kg.graph.curate import suggest as suggest_rules
    from kg.io.thesaurus import format_vosviewer

    if not suggest:
        raise fail("nothing to do: pass --suggest (kg curate GRAPH --suggest --out thesaurus.txt)")
    if out is not None and out.resolve() == graph.resolve():
        raise fail(f"{out}: would overwrite the input; choose another --out")
    suggestions = suggest_rules(load_any(graph), rare=rare)
    text = format_vosviewer((s.label, s.replace_by) for s in suggestions)
    if out is not None:
        out.write_text(text, encoding="utf-8", newline="")
    to_stderr = out is None
    merges = sum(1 for s in suggestions if s.replace_by)
    typer.echo(f"{len(suggestions)} suggestions: {merges} merges, {len(suggestions) - merges} drops", err=to_stderr)
    for s in suggestions:
        action = f"{s.label!r} -> {s.replace_by!r}" if s.replace_by else f"drop {s.label!r}"
        typer.echo(f"  {action}: {s.reason}", err=to_stderr)
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"wrote {out}")
