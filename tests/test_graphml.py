"""GraphML, GEXF, JSON and CSV: flat attributes that open as-is in Gephi, Cytoscape and igraph."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import networkx as nx
import pytest

from kg.export.flat import flatten
from kg.export.formats import EXPORTERS
from kg.graph.model import LIST_SEPARATOR


def test_graphml_has_label_type_weight_everywhere(example_build: Path):
    g = nx.read_graphml(example_build / "graph.graphml")
    assert g.number_of_nodes() > 100
    for _, d in g.nodes(data=True):
        assert {"label", "type", "weight"} <= set(d)
    for *_, d in g.edges(data=True):
        assert {"label", "type", "weight"} <= set(d)


def test_graphml_lists_are_joined(example_build: Path):
    g = nx.read_graphml(example_build / "graph.graphml")
    sae = next(d for _, d in g.nodes(data=True) if d["label"] == "sparse autoencoder")
    assert "SAE" in sae["alt_labels"].split(LIST_SEPARATOR)


def test_graphml_round_trips_in_memory(example_graph):
    flat = flatten(example_graph)
    buf = io.BytesIO()
    nx.write_graphml(flat, buf)
    buf.seek(0)
    back = nx.read_graphml(buf, force_multigraph=True)
    assert back.number_of_nodes() == flat.number_of_nodes()
    assert back.number_of_edges() == flat.number_of_edges()
    assert dict(back.nodes(data=True)) == dict(flat.nodes(data=True))


def test_graphml_key_types_booleans_and_mixed_values(tmp_path: Path):
    g = nx.MultiDiGraph()
    g.add_node("a", type="Paper", flag=True, mixed=True, score=0.5, n=3)
    g.add_node("b", type="Paper", flag=False, mixed="x<y", score=1.0, n=4)
    g.add_edge("a", "b", key="uses", type="uses", weight=2, ok=True)
    path = tmp_path / "g.graphml"
    EXPORTERS["graphml"].write(g, path)
    text = path.read_text()
    assert 'attr.name="flag" attr.type="boolean"' in text and ">true</data>" in text and ">false</data>" in text
    assert 'attr.name="mixed" attr.type="string"' in text and ">True</data>" in text and "x&lt;y" in text
    assert 'attr.name="score" attr.type="double"' in text and 'attr.name="n" attr.type="long"' in text
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.nodes["a"]["flag"] is True and back.nodes["b"]["mixed"] == "x<y" and back.nodes["a"]["n"] == 3
    assert next(iter(back.edges(data=True)))[2]["ok"] is True


def test_graphml_and_gexf_open_in_igraph(example_build: Path):
    igraph = pytest.importorskip("igraph")
    g = igraph.Graph.Read_GraphML(str(example_build / "graph.graphml"))
    assert g.vcount() == nx.read_graphml(example_build / "graph.graphml").number_of_nodes()
    assert "label" in g.vs.attributes() and "weight" in g.es.attributes()


def test_gexf_reads_back(example_build: Path):
    g = nx.read_gexf(example_build / "graph.gexf")
    assert g.number_of_nodes() > 100


def test_node_link_json_and_csv(example_build: Path, example_graph):
    data = json.loads((example_build / "graph.json").read_text(encoding="utf-8"))
    assert {"nodes", "links"} <= set(data)
    assert len(data["nodes"]) == example_graph.number_of_nodes()
    with open(example_build / "graph.csv", encoding="utf-8") as f:
        nodes = list(csv.DictReader(f))
    with open(example_build / "graph-edges.csv", encoding="utf-8") as f:
        edges = list(csv.DictReader(f))
    assert len(nodes) == example_graph.number_of_nodes()
    assert len(edges) == example_graph.number_of_edges()
    assert {":START_ID", ":END_ID", ":TYPE"} <= set(edges[0])


@pytest.mark.parametrize("name", sorted(EXPORTERS))
def test_every_exporter_writes_utf8_with_final_newline(example_build: Path, name: str):
    path = example_build / f"graph{EXPORTERS[name].suffix}"
    data = path.read_bytes()
    assert data and data.endswith(b"\n")
    data.decode("utf-8")
