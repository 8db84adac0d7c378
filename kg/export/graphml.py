"""GraphML for Gephi, Cytoscape and igraph: flat attributes, label/type/weight everywhere.

A streaming writer: networkx's builds an ElementTree of the whole graph first, which takes
seconds at conference scale. The output is the same dialect networkx reads back.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape, quoteattr

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flat import Flat, flat_edges, flat_nodes

_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}


def _keys(domain: str, rows: list[dict[str, Flat]]) -> dict[str, tuple[str, str]]:
    """Attribute name -> (key id, GraphML type); a name with mixed value types is a string."""
    kinds: dict[str, set[str]] = {}
    for attrs in rows:
        for name, value in attrs.items():
            kinds.setdefault(name, set()).add(_TYPES[type(value)])
    return {
        name: (f"{domain[0]}{i}", t.pop() if len(t) == 1 else "string") for i, (name, t) in enumerate(kinds.items())
    }


def _value(value: Flat, kind: str) -> str:
    if kind == "boolean":
        return "true" if value else "false"
    return escape(str(value))


def _data(out: IO[str], attrs: dict[str, Flat], keys: dict[str, tuple[str, str]]) -> None:
    for name, value in attrs.items():
        key, kind = keys[name]
        out.write(f'      <data key="{key}">{_value(value, kind)}</data>\n')


def write_graphml(graph: nx.MultiDiGraph, path: str | Path) -> None:
    nodes = list(flat_nodes(graph))
    edges = list(flat_edges(graph))
    node_keys = _keys("node", [a for _, a in nodes])
    edge_keys = _keys("edge", [a for *_, a in edges])
    with atomic_open(path) as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n')
        out.write(
            '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
            'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n'
        )
        for domain, keys in (("node", node_keys), ("edge", edge_keys)):
            for name, (key, kind) in keys.items():
                out.write(f'  <key id="{key}" for="{domain}" attr.name={quoteattr(name)} attr.type="{kind}" />\n')
        out.write('  <graph edgedefault="directed">\n')
        for node, attrs in nodes:
            out.write(f"    <node id={quoteattr(str(node))}>\n")
            _data(out, attrs, node_keys)
            out.write("    </node>\n")
        for u, v, key, attrs in edges:
            out.write(f"    <edge id={quoteattr(key)} source={quoteattr(str(u))} target={quoteattr(str(v))}>\n")
            _data(out, attrs, edge_keys)
            out.write("    </edge>\n")
        out.write("  </graph>\n</graphml>\n")
