"""Node-link JSON for D3 and Cytoscape.js (``nodes`` and ``links`` arrays)."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_open
from kg.graph.model import VOCABULARY, int_keys


def write_json(graph: nx.MultiDiGraph, path: str | Path) -> None:
    """Nodes and links with their attributes. The linked vocabulary terms (the ``vocabulary``
    graph attribute) are left out: they follow from the nodes' ``vocab`` and ``broader``, and
    reading the file back attaches them again (:func:`kg.vocab.link.attach_terms`)."""
    data = nx.node_link_data(graph, edges="links")
    data["graph"] = {k: v for k, v in data["graph"].items() if k != VOCABULARY}
    with atomic_open(path) as out:
        json.dump(data, out, ensure_ascii=False, indent=1, sort_keys=True)
        out.write("\n")


def read_json(path: str | Path) -> nx.MultiDiGraph:
    """The graph :func:`write_json` wrote, with the int keys JSON turned into strings made ints
    again (:func:`kg.graph.model.int_keys`); the vocabulary terms are not in the file."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return int_keys(nx.node_link_graph(data, edges="links"))
