"""GraphML, GEXF, JSON and CSV: flat attributes that open as-is in Gephi, Cytoscape and igraph."""

from __future__ import annotations

import csv
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


def _edges(graph: nx.MultiDiGraph) -> dict[tuple[str, str, str], dict]:
    return {(u, v, k): d for u, v, k, d in graph.edges(keys=True, data=True)}


def test_graphml_round_trips_through_kgs_writer(example_built, tmp_path: Path):
    """The graph a build returns, written by kg's GraphML writer, reads back (networkx) as its flat form."""
    graph, _ = example_built
    path = tmp_path / "g.graphml"
    EXPORTERS["graphml"].write(graph, path)
    back = nx.read_graphml(path, force_multigraph=True)
    flat = flatten(graph)
    assert back.number_of_nodes() == graph.number_of_nodes() and back.number_of_edges() == graph.number_of_edges()
    assert dict(back.nodes(data=True)) == dict(flat.nodes(data=True))
    assert _edges(back) == _edges(flat)


HOSTILE = 'x" <a> & ]]> </graph> é $\\sqrt{2}$ \n\t end '


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(HOSTILE, id="hostile"),
        pytest.param("line\r\nbreak\r", id="carriage-return"),
    ],
)
def test_graphml_hostile_text_round_trips(tmp_path: Path, text: str):
    g = nx.MultiDiGraph()
    g.add_node("paper/" + text, type="Paper", label=text, authors=[text, text + "2"], year=2025)
    g.add_node("entity/" + text, type="Concept", label=text, alt_labels=[text], paper_count=1)
    g.add_edge("entity/" + text, "paper/" + text, key="uses", type="uses", weight=2, evidence=[text, text])
    path = tmp_path / "g.graphml"
    EXPORTERS["graphml"].write(g, path)
    back = nx.read_graphml(path, force_multigraph=True)
    flat = flatten(g)
    assert dict(back.nodes(data=True)) == dict(flat.nodes(data=True))
    assert _edges(back) == _edges(flat)


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


def _without(attrs: dict, *names: str) -> dict:
    return {k: v for k, v in attrs.items() if k not in names}


#: What a comparison of the GEXF read back (networkx) with the graph's flat form looks at.
GEXF_PARTS = {
    "nodes": lambda back, flat: (
        {n: _without(d, "paper_key") for n, d in back.nodes(data=True)},
        {n: _without(d, "key") for n, d in flat.nodes(data=True)},
    ),
    "paper key attribute": lambda back, flat: (  # written as paper_key (networkx would rename "key")
        {n: d.get("paper_key") for n, d in back.nodes(data=True)},
        {n: d.get("key") for n, d in flat.nodes(data=True)},
    ),
    "edges": lambda back, flat: (
        {e: _without(d, "id", "relation") for e, d in _edges(back).items()},
        {e: _without(d, "type") for e, d in _edges(flat).items()},
    ),
    "edge relation type": lambda back, flat: (  # written as relation (GEXF's type is directed or not)
        {e: d.get("relation") for e, d in _edges(back).items()},
        {e: d["type"] for e, d in _edges(flat).items()},
    ),
}


@pytest.mark.parametrize("part", sorted(GEXF_PARTS))
def test_gexf_round_trips_through_kgs_writer(example_built, part: str):
    """The GEXF the build wrote reads back (networkx) as the built graph's flat form."""
    graph, folder = example_built
    back = nx.read_gexf(folder / "graph.gexf")
    assert back.number_of_nodes() == graph.number_of_nodes() and back.number_of_edges() == graph.number_of_edges()
    got, expected = GEXF_PARTS[part](back, flatten(graph))
    assert got == expected


def test_gexf_is_valid_gexf(example_built):
    """Every edge's GEXF type is one GEXF allows, and no attribute is renamed by networkx."""
    import xml.etree.ElementTree as ET

    _, folder = example_built
    root = ET.parse(folder / "graph.gexf").getroot()
    ns = {"g": root.tag.split("}")[0].strip("{")}
    edges = root.findall(".//g:edge", ns)
    assert edges and {e.get("type", "directed") for e in edges} <= {"directed", "undirected", "mutual"}
    titles = {
        c.get("class"): {a.get("title") for a in c.findall("g:attribute", ns)}
        for c in root.iter(f"{{{ns['g']}}}attributes")
    }
    assert "paper_key" in titles["node"] and not any(t.startswith("networkx_") for t in titles["node"])
    assert "relation" in titles["edge"]  # networkx_key there is networkx's own multigraph edge key


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
