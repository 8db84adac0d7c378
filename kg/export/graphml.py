"""GraphML for Gephi, Cytoscape and igraph: flat attributes, label/type/weight everywhere."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_path
from kg.export.flat import flatten


def write_graphml(graph: nx.MultiDiGraph, path: str | Path) -> None:
    with atomic_path(path) as tmp:
        nx.write_graphml(flatten(graph), tmp, encoding="utf-8", prettyprint=True)
