"""The ``kg`` command: a thin typer layer over :mod:`kg.engine.build`, :mod:`kg.sparql` and the
exporters. Each module registers its commands on :data:`kg.cli.app.app` when imported here."""

from kg.cli import build, curate, graphs, scierc, trends  # noqa: F401  (registers the commands)
from kg.cli.app import app

__all__ = ["app"]
