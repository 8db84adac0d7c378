"""Node and edge CSV tables in the shape of Neo4j's ``neo4j-admin import``.

``PATH`` names the nodes file; the edges go beside it as ``<stem>-edges.csv``
(``graph.csv`` -> ``graph.csv`` + ``graph-edges.csv``).
"""

from __future__ import annotations

import csv
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flat import flatten

NODE_FIELDS = (
    "id:ID",
    ":LABEL",
    "label",
    "weight:int",
    "alt_labels",
    "hidden_labels",
    "paper_count:int",
    "count:int",
    "cluster:int",
    "cluster_label",
    "mean_year:float",
    "title",
    "url",
    "code",
    "authors",
    "year",
    "venue",
    "abstract",
)
EDGE_FIELDS = (":START_ID", ":END_ID", ":TYPE", "weight:int", "papers", "evidence")


def edges_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}-edges{path.suffix or '.csv'}")


def write_csv(graph: nx.MultiDiGraph, path: str | Path) -> None:
    path = Path(path)
    flat = flatten(graph)
    with atomic_open(path) as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(NODE_FIELDS)
        for node, d in flat.nodes(data=True):
            writer.writerow([node, d.get("type", ""), *(d.get(f.split(":")[0], "") for f in NODE_FIELDS[2:])])
    with atomic_open(edges_path(path)) as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(EDGE_FIELDS)
        for u, v, key, d in flat.edges(keys=True, data=True):
            writer.writerow([u, v, key, d.get("weight", 1), d.get("papers", ""), d.get("evidence", "")])
