"""The typer app every ``kg`` command registers on, and what the commands share: the choices
that come from kg's tables, one-line errors, and reading an exported graph."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kg.export.formats import EXPORTERS
from kg.io import FORMATS, InputError
from kg.nlp.extractors import EXTRACTORS

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
    " three learned models combined with MiniLM span scores, and MiniLM relations (~10x the CPU of"
    " fast; needs pip install 'kg[transformer]'); rules: the rules only."
)


class State:
    debug = False


@app.callback()
def main(
    debug: Annotated[bool, typer.Option("--debug", help="Show the full traceback on errors.")] = False,
) -> None:
    State.debug = debug


def fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"kg: error: {message}", err=True)
    return typer.Exit(code)


def guard(fn: Callable[..., None]) -> Callable[..., None]:
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
