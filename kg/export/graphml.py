"""GraphML for Gephi, Cytoscape and igraph: flat attributes, label/type/weight everywhere.

A streaming writer: networkx's builds an ElementTree of the whole graph first, which takes
seconds at conference scale. The output is the same dialect networkx reads back.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flat import Flat, flat_edges, flat_nodes

_TYPES = {bool: "boolean", int: "long", float: "double", str: "string"}


def _keys(domain: str, rows: list[dict[str, Flat]]) -> dict[str, tuple[str, str]]:
    """Attribute name -> (key id, GraphML type); a name with mixed value types is a string."""
    kinds: dict[str, set[type]] = {}
    for attrs in rows:
        for name, value in attrs.items():
            seen = kinds.get(name)
            if seen is None:
                kinds[name] = {type(value)}
            elif type(value) not in seen:
                seen.add(type(value))
    return {
        name: (f"{domain[0]}{i}", _TYPES[next(iter(t))] if len(t) == 1 else "string")
        for i, (name, t) in enumerate(kinds.items())
    }


def _data(out: list[str], attrs: dict[str, Flat], tags: dict[str, tuple[str, bool]]) -> None:
    """Append one ``<data>`` element per attribute; ``tags`` maps a name to its opening tag and
    whether it is a boolean key. Numbers need no escaping."""
    for name, value in attrs.items():
        tag, boolean = tags[name]
        if type(value) is str:
            text = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")  # saxutils.escape
        elif boolean:
            text = "true" if value else "false"
        else:
            text = str(value)
        out.append(f"{tag}{text}</data>\n")


def write_graphml(graph: nx.MultiDiGraph, path: str | Path) -> None:
    nodes = list(flat_nodes(graph))
    edges = list(flat_edges(graph))
    node_keys = _keys("node", [a for _, a in nodes])
    edge_keys = _keys("edge", [a for *_, a in edges])
    out = [
        '<?xml version="1.0" encoding="utf-8"?>\n',
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
    ]
    for domain, keys in (("node", node_keys), ("edge", edge_keys)):
        for name, (key, kind) in keys.items():
            out.append(f'  <key id="{key}" for="{domain}" attr.name={quoteattr(name)} attr.type="{kind}" />\n')
    out.append('  <graph edgedefault="directed">\n')
    node_tags = {name: (f'      <data key="{key}">', kind == "boolean") for name, (key, kind) in node_keys.items()}
    edge_tags = {name: (f'      <data key="{key}">', kind == "boolean") for name, (key, kind) in edge_keys.items()}
    ids: dict[str, str] = {}
    for node, attrs in nodes:
        ids[node] = quoted = quoteattr(str(node))
        out.append(f"    <node id={quoted}>\n")
        _data(out, attrs, node_tags)
        out.append("    </node>\n")
    for u, v, key, attrs in edges:
        source = ids.get(u) or quoteattr(str(u))
        target = ids.get(v) or quoteattr(str(v))
        out.append(f"    <edge id={quoteattr(key)} source={source} target={target}>\n")
        _data(out, attrs, edge_tags)
        out.append("    </edge>\n")
    out.append("  </graph>\n</graphml>\n")
    with atomic_open(path) as handle:
        handle.write("".join(out))
