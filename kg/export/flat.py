"""A flat copy of the graph for formats without lists or nulls (GraphML, GEXF, CSV).

Lists are joined with `` | ``; missing values are left out; every node and edge gets a
``label``, a ``type`` and a numeric ``weight`` (papers for an entity, 1 for a paper).
"""

from __future__ import annotations

import networkx as nx

from kg.graph.model import LIST_SEPARATOR


def flat_value(value: object) -> str | int | float | bool | None:
    if value is None:
        return None
    if isinstance(value, (list, tuple, set)):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _clean_text(value: object) -> object:
    # XML 1.0 cannot hold most control characters; GraphML and GEXF are XML.
    if isinstance(value, str):
        return "".join(c for c in value if c in "\t\n\r" or ord(c) >= 0x20)
    return value


def flatten(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    flat = nx.MultiDiGraph()
    for node, data in graph.nodes(data=True):
        attrs = {k: _clean_text(flat_value(v)) for k, v in data.items()}
        attrs = {k: v for k, v in attrs.items() if v is not None}
        attrs["weight"] = int(data.get("paper_count", 1) or 1)
        attrs.setdefault("label", str(node))
        flat.add_node(node, **attrs)
    for u, v, key, data in graph.edges(keys=True, data=True):
        attrs = {k: _clean_text(flat_value(x)) for k, x in data.items()}
        attrs = {k: x for k, x in attrs.items() if x is not None}
        attrs["label"] = key
        attrs["type"] = key
        attrs["weight"] = int(data.get("weight", 1))
        flat.add_edge(u, v, key=key, **attrs)
    return flat
