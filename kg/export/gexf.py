"""GEXF, Gephi's own format.

The flat graph (:mod:`kg.export.flat`) written by networkx, with two attributes renamed so the
file is valid GEXF and nothing is lost on the way: an edge's ``type`` (kg's relation) is written as
``relation``, since GEXF's own edge ``type`` may only be directed, undirected or mutual; a paper's
``key`` is written as ``paper_key``, since networkx's writer renames a node attribute ``key`` to
``networkx_key``.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_path
from kg.export.flat import flatten

#: kg's attribute name -> the name it has in GEXF, for nodes and for edges.
NODE_RENAMED = {"key": "paper_key"}
EDGE_RENAMED = {"type": "relation"}


def write_gexf(graph: nx.MultiDiGraph, path: str | Path) -> None:
    flat = flatten(graph)
    for _, data in flat.nodes(data=True):
        _rename(data, NODE_RENAMED)
    for _, _, data in flat.edges(data=True):
        _rename(data, EDGE_RENAMED)
    with atomic_path(path) as tmp:
        nx.write_gexf(flat, tmp, encoding="utf-8", prettyprint=True)


def _rename(data: dict[str, object], names: dict[str, str]) -> None:
    for old, new in names.items():
        if old in data:
            data[new] = data.pop(old)
