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

from kg.rdf.formats import RDF_SUFFIXES

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


EXPORTERS: dict[str, Format] = {
    "ttl": _format("rdf", "write_rdf", RDF_SUFFIXES["ttl"], "RDF Turtle under kg's ontology", fmt="ttl"),
    "nt": _format("rdf", "write_rdf", RDF_SUFFIXES["nt"], "RDF N-Triples", fmt="nt"),
    "jsonld": _format("rdf", "write_rdf", RDF_SUFFIXES["jsonld"], "RDF JSON-LD", fmt="jsonld"),
    "xml": _format("rdf", "write_rdf", RDF_SUFFIXES["xml"], "RDF/XML", fmt="xml"),
    "graphml": _format("graphml", "write_graphml", ".graphml", "GraphML for Gephi, Cytoscape, igraph"),
    "gexf": _format("gexf", "write_gexf", ".gexf", "GEXF for Gephi"),
    "json": _format("jsongraph", "write_json", ".json", "node-link JSON for D3 / Cytoscape.js"),
    "csv": _format("tables", "write_csv", ".csv", "node and edge CSVs for Neo4j's importer"),
    "html": _format("html", "write_html", ".html", "interactive page (pyvis / vis-network)"),
}


#: What ``kg build`` writes by default.
BUILD_FORMATS = ("ttl", "html", "graphml")
