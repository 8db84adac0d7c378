"""Node-link JSON for D3 and Cytoscape.js (``nodes`` and ``links`` arrays)."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_open


def write_json(graph: nx.MultiDiGraph, path: str | Path) -> None:
    data = nx.node_link_data(graph, edges="links")
    with atomic_open(path) as out:
        json.dump(data, out, ensure_ascii=False, indent=1, sort_keys=True)
        out.write("\n")
