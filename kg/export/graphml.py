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


class _Keys:
    """The GraphML keys of one domain, in order of first use, and the value types each had."""

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self.tags: dict[str, str] = {}  # attribute name -> opening <data> tag
        self.types: dict[str, set[type]] = {}

    def kind(self, name: str) -> str:
        """The GraphML type; a name with values of mixed types is a string."""
        types = self.types[name]
        return _TYPES[next(iter(types))] if len(types) == 1 else "string"

    def declarations(self) -> list[str]:
        return [
            f'  <key id="{self.domain[0]}{i}" for="{self.domain}" attr.name={quoteattr(name)}'
            f' attr.type="{self.kind(name)}" />\n'
            for i, name in enumerate(self.tags)
        ]


def _data(out: list[str], attrs: dict[str, Flat], keys: _Keys, booleans: list[tuple[int, str, bool]]) -> None:
    """Append one ``<data>`` element per attribute. A boolean is written as a boolean key's value
    ("true"); where it is noted to be rewritten if its key turns out to hold other types too."""
    tags, types = keys.tags, keys.types
    for name, value in attrs.items():
        tag = tags.get(name)
        if tag is None:
            tag = tags[name] = f'      <data key="{keys.domain[0]}{len(tags)}">'
            types[name] = set()
        types[name].add(type(value))
        if type(value) is str:
            text = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")  # saxutils.escape
            if "\r" in text:  # an XML parser reads a raw carriage return as a newline
                text = text.replace("\r", "&#13;")
        elif type(value) is bool:
            booleans.append((len(out), name, value))
            text = "true" if value else "false"
        else:
            text = str(value)  # numbers need no escaping
        out.append(f"{tag}{text}</data>\n")


def write_graphml(graph: nx.MultiDiGraph, path: str | Path) -> None:
    """One pass over the graph: the key declarations, which come first, are known at its end."""
    node_keys, edge_keys = _Keys("node"), _Keys("edge")
    booleans: list[tuple[int, str, bool]] = []
    body = ['  <graph edgedefault="directed">\n']
    ids: dict[str, str] = {}
    for node, attrs in flat_nodes(graph):
        ids[node] = quoted = quoteattr(str(node))
        body.append(f"    <node id={quoted}>\n")
        _data(body, attrs, node_keys, booleans)
        body.append("    </node>\n")
    node_booleans = len(booleans)
    edge_ids: dict[str, str] = {}
    for u, v, key, attrs in flat_edges(graph):
        source = ids.get(u) or quoteattr(str(u))
        target = ids.get(v) or quoteattr(str(v))
        edge_id = edge_ids.get(key) or edge_ids.setdefault(key, quoteattr(key))
        body.append(f"    <edge id={edge_id} source={source} target={target}>\n")
        _data(body, attrs, edge_keys, booleans)
        body.append("    </edge>\n")
    body.append("  </graph>\n</graphml>\n")
    for n, (i, name, value) in enumerate(booleans):
        keys = node_keys if n < node_booleans else edge_keys
        if keys.kind(name) != "boolean":
            body[i] = f"{keys.tags[name]}{value}</data>\n"
    head = [
        '<?xml version="1.0" encoding="utf-8"?>\n',
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
        *node_keys.declarations(),
        *edge_keys.declarations(),
    ]
    with atomic_open(path) as handle:
        handle.write("".join(head))
        for start in range(0, len(body), 1 << 16):  # in pieces: one string of it all is 150 MB for 8k papers
            handle.write("".join(body[start : start + (1 << 16)]))
