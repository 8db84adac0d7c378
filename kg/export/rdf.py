"""RDF files: the graph under kg's ontology as Turtle, N-Triples, JSON-LD or RDF/XML, and back.

The mapping between the kg graph and triples is :mod:`kg.rdf.mapping`; this module only writes
and reads files.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
from rdflib import Graph

from kg.export.atomic import atomic_path
from kg.rdf.formats import RDF_FORMATS, rdf_format_of
from kg.rdf.mapping import from_rdf, rdf_triples
from kg.rdf.serialize import serialize


def write_rdf(graph: nx.MultiDiGraph, path: str | Path, fmt: str = "ttl") -> None:
    """Serialize to ``path`` atomically; ``fmt`` is a key of :data:`~kg.export.formats.RDF_FORMATS`."""
    data = serialize(rdf_triples(graph), fmt)
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)


def read_rdf(path: str | Path, fmt: str | None = None) -> nx.MultiDiGraph:
    """The kg graph of an RDF file kg wrote (rdflib parses it)."""
    g = Graph()
    g.parse(str(path), format=RDF_FORMATS[fmt or rdf_format_of(path)])
    return from_rdf(g)
