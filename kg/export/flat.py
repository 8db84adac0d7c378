"""Flat attributes for formats without lists or nulls (GraphML, GEXF, CSV).

Lists are joined with `` | ``; missing values and mappings (``years``) are left out; every node and edge gets a
``label``, a ``type`` and a numeric ``weight`` (papers for an entity, 1 for a paper).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import networkx as nx

from kg.graph.model import LIST_SEPARATOR
from kg.text import safe_text

Flat = str | int | float | bool


def flat_value(value: object) -> Flat | None:
    if type(value) is str:  # the common cases first, by exact type: this runs for every value
        return safe_text(value)
    if type(value) is int or type(value) is float or type(value) is bool:
        return value
    if value is None or isinstance(value, dict):  # a mapping (an entity's years) has no flat form
        return None
    if isinstance(value, list | tuple | set):
        value = LIST_SEPARATOR.join(str(v) for v in value)
    if isinstance(value, str):
        return safe_text(value)  # XML 1.0 cannot hold control characters at all
    if isinstance(value, int | float | bool):
        return value
    return safe_text(str(value))


def _flat(data: dict[str, Any]) -> dict[str, Flat]:
    return {k: f for k, v in data.items() if (f := flat_value(v)) is not None}


def flat_nodes(graph: nx.MultiDiGraph) -> Iterator[tuple[str, dict[str, Flat]]]:
    for node, data in graph.nodes(data=True):
        attrs = _flat(data)
        attrs["weight"] = int(data.get("paper_count", 1) or 1)
        attrs.setdefault("label", str(node))
        yield node, attrs


def flat_edges(graph: nx.MultiDiGraph) -> Iterator[tuple[str, str, str, dict[str, Flat]]]:
    for u, v, key, data in graph.edges(keys=True, data=True):
        attrs = _flat(data)
        attrs["label"] = attrs["type"] = key
        attrs["weight"] = int(data.get("weight", 1))
        yield u, v, key, attrs


def flatten(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy of the graph with flat attributes."""
    flat = nx.MultiDiGraph()
    for node, attrs in flat_nodes(graph):
        flat.add_node(node, **attrs)
    for u, v, key, attrs in flat_edges(graph):
        flat.add_edge(u, v, key=key, **attrs)
    return flat
