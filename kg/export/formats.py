"""The table of export formats: name -> (writer, file extension). CLI choices come from here.

Each writer's module is imported when it first writes, so the table costs nothing to import:
``kg --help`` and the start of a build (when the pipeline starts loading ahead) skip rdflib,
numpy and networkx.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import networkx as nx

Writer = Callable[["nx.MultiDiGraph", Path], None]


class Format(NamedTuple):
    write: Writer
    suffix: str
    about: str
    module: str  # where the writer is


def _format(module: str, function: str, suffix: str, about: str, **options: str) -> Format:
    """A format written by ``kg.export.<module>.<function>(graph, path, **options)``."""
    module = f"kg.export.{module}"

    def write(graph: nx.MultiDiGraph, path: Path) -> None:
        getattr(importlib.import_module(module), function)(graph, path, **options)

    return Format(write, suffix, about, module)


def import_writers(names: Iterable[str]) -> None:
    """Import the writers of these formats now (a build does it while the model loads)."""
    for name in names:
        importlib.import_module(EXPORTERS[name].module)


#: kg's names for the RDF serializations, and rdflib's.
RDF_FORMATS = {"ttl": "turtle", "nt": "nt", "jsonld": "json-ld", "xml": "xml"}

EXPORTERS: dict[str, Format] = {
    "ttl": _format("rdf", "write_rdf", ".ttl", "RDF Turtle under kg's ontology", fmt="ttl"),
    "nt": _format("rdf", "write_rdf", ".nt", "RDF N-Triples", fmt="nt"),
    "jsonld": _format("rdf", "write_rdf", ".jsonld", "RDF JSON-LD", fmt="jsonld"),
    "xml": _format("rdf", "write_rdf", ".rdf", "RDF/XML", fmt="xml"),
    "graphml": _format("graphml", "write_graphml", ".graphml", "GraphML for Gephi, Cytoscape, igraph"),
    "gexf": _format("gexf", "write_gexf", ".gexf", "GEXF for Gephi"),
    "json": _format("jsongraph", "write_json", ".json", "node-link JSON for D3 / Cytoscape.js"),
    "csv": _format("tables", "write_csv", ".csv", "node and edge CSVs for Neo4j's importer"),
    "html": _format("html", "write_html", ".html", "interactive page (pyvis / vis-network)"),
}


def rdf_format_of(path: str | Path) -> str:
    """The RDF serialization of the file at ``path`` (a key of :data:`RDF_FORMATS`), by its suffix:
    the names above, and the files ``kg export`` writes (``.rdf`` is RDF/XML). Turtle otherwise."""
    suffix = Path(path).suffix.lower()
    by_suffix = {f.suffix: name for name, f in EXPORTERS.items() if name in RDF_FORMATS}
    name = by_suffix.get(suffix, suffix.lstrip("."))
    return name if name in RDF_FORMATS else "ttl"


#: What ``kg build`` writes by default.
BUILD_FORMATS = ("ttl", "html", "graphml")
