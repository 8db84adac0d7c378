"""The table of export formats: name -> (writer, file extension). CLI choices come from here."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

import networkx as nx

from kg.export.gexf import write_gexf
from kg.export.graphml import write_graphml
from kg.export.html import write_html
from kg.export.jsongraph import write_json
from kg.export.rdf import write_rdf
from kg.export.tables import write_csv


class Format(NamedTuple):
    write: Callable[[nx.MultiDiGraph, Path], None]
    suffix: str
    about: str


EXPORTERS: dict[str, Format] = {
    "ttl": Format(partial(write_rdf, fmt="ttl"), ".ttl", "RDF Turtle under kg's ontology"),
    "nt": Format(partial(write_rdf, fmt="nt"), ".nt", "RDF N-Triples"),
    "jsonld": Format(partial(write_rdf, fmt="jsonld"), ".jsonld", "RDF JSON-LD"),
    "xml": Format(partial(write_rdf, fmt="xml"), ".rdf", "RDF/XML"),
    "graphml": Format(write_graphml, ".graphml", "GraphML for Gephi, Cytoscape, igraph"),
    "gexf": Format(write_gexf, ".gexf", "GEXF for Gephi"),
    "json": Format(write_json, ".json", "node-link JSON for D3 / Cytoscape.js"),
    "csv": Format(write_csv, ".csv", "node and edge CSVs for Neo4j's importer"),
    "html": Format(write_html, ".html", "interactive page (pyvis / vis-network)"),
}

#: What ``kg build`` writes by default.
BUILD_FORMATS = ("ttl", "html", "graphml")
