"""GEXF, Gephi's own format."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_path
from kg.export.flat import flatten


def write_gexf(graph: nx.MultiDiGraph, path: str | Path) -> None:
    flat = flatten(graph)
    with atomic_path(path) as tmp:
        nx.write_gexf(flat, tmp, encoding="utf-8", prettyprint=True)
