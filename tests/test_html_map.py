"""What the explorer's concept map and year views hold, without a browser (kg/export/html_map.py)."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from fixtures.topics import TOPICS, topic_graph
from test_html import make_graph

from kg.export import html as kg_html
from kg.export import html_map
from kg.graph.clusters import add_clusters
from kg.graph.trends import add_years


@pytest.fixture(scope="module")
def topics() -> nx.MultiDiGraph:
    graph = topic_graph()
    add_years(graph)
    add_clusters(graph)
    return graph


def test_html_map_entities_most_papers_first_without_rare_or_generic() -> None:
    g = nx.MultiDiGraph()
    for key, label, papers in [
        ("a", "diffusion model", 5),
        ("b", "training data", 9),  # generic phrase
        ("c", "score matching", 5),
        ("d", "one-off method", 1),  # one paper
        ("e", "flagged", 7),
        ("f", "RepoBench consists of three interconnected evaluation tasks", 4),  # a sentence
    ]:
        g.add_node(key, type="Method", label=label, papers=[f"p{k}" for k in range(papers)], paper_count=papers)
    g.nodes["e"]["confidence"] = html_map.min_confidence() - 0.01  # kg doubts it is an entity
    g.nodes["a"]["confidence"] = html_map.min_confidence()
    g.add_node("p0", type="Paper", label="a paper")
    assert html_map.map_entities(g) == ["a", "c"]  # ties by id
    assert html_map.map_entities(g, limit=1) == ["a"]


@pytest.mark.parametrize(
    ("label", "generic"),
    [
        ("accuracy", True),
        ("large number", True),
        ("downstream task", True),
        ("computational cost", True),
        ("world model", False),
        ("sample efficiency", False),
        ("large language model", False),
        ("GPT-4", False),
        ("", True),
    ],
)
def test_html_map_is_generic(label: str, generic: bool) -> None:
    assert html_map.is_generic(label) is generic


def test_html_map_layout_is_deterministic_and_keeps_areas_together(topics: nx.MultiDiGraph) -> None:
    nodes = html_map.map_entities(topics)
    first = html_map.map_layout(topics, nodes)
    shuffled = nx.MultiDiGraph(**topics.graph)
    shuffled.add_nodes_from(reversed(list(topics.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(topics.edges(keys=True, data=True))))
    assert html_map.map_layout(shuffled, nodes) == first
    assert all(type(x) is int and type(y) is int for x, y in first.values())
    assert max(abs(c) for xy in first.values() for c in xy) <= 1.5 * html_map.MAP_SCALE  # spread a little
    by_cluster: dict[int, list[tuple[int, int]]] = {}
    for n in nodes:
        by_cluster.setdefault(topics.nodes[n]["cluster"], []).append(first[n])
    centre = {c: (sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)) for c, xy in by_cluster.items()}
    own = [math.dist(first[n], centre[topics.nodes[n]["cluster"]]) for n in nodes]
    others = [math.dist(first[n], centre[c]) for n in nodes for c in centre if c != topics.nodes[n]["cluster"]]
    assert max(own) < min(others)  # each area is a region of its own


def test_html_map_years_and_emerging(topics: nx.MultiDiGraph) -> None:
    years = html_map.year_summary(topics)
    assert years == {"first": 2020, "last": 2024, "papers": {str(y): 64 for y in range(2020, 2025)}}
    rows = html_map.emerging(topics, years)
    assert rows[0]["l"] == "diffusion model"  # the planted rise
    assert [r["rise"] for r in rows] == sorted((r["rise"] for r in rows), reverse=True)
    assert len(rows) <= html_map.EMERGING_MAX
    first = rows[0]
    counts = topics.nodes[first["i"]]["years"]
    assert first["first"] == round(counts.get(2020, 0) / 64, 4) and first["last"] == round(counts[2024] / 64, 4)
    assert all(r["l"] in TOPICS["diffusion"] for r in rows[:3])


def test_html_map_no_years_for_one_year_or_thin_years() -> None:
    g = make_graph()  # papers of 2023 and 2024, one each
    assert html_map.year_summary(g) is None
    assert html_map.emerging(g, None) == []


def test_html_graph_data_opens_big_graphs_on_the_map(topics: nx.MultiDiGraph) -> None:
    data = kg_html.graph_data(topics)
    config = data["config"]
    assert config["view"] == "map" and config["papers"] is False  # 320 papers: hidden at first
    on_map = [data["nodes"][i] for i in data["map"]]
    assert [n["i"] for n in on_map] == html_map.map_entities(topics)
    assert all("x" in n and "y" in n for n in on_map)
    assert not any("x" in n for k, n in enumerate(data["nodes"]) if k not in set(data["map"]))
    assert [c["id"] for c in data["clusters"]] == sorted(topics.graph["clusters"])
    assert {"id", "label", "terms", "size"} == set(data["clusters"][0])
    sae = next(n for n in on_map if n["l"] == "diffusion model")
    assert "cluster_label" not in sae  # the page takes it from data["clusters"]: smaller
    assert data["clusters"][sae["cluster"]]["label"] == topics.nodes[sae["i"]]["cluster_label"]
    assert set(sae["years"]) == {str(y) for y in range(2020, 2025)} and 2020 < sae["mean_year"] < 2025
    assert data["emerging"][0]["i"] == sae["i"]
    assert data["years"]["first"] == 2020


def test_html_map_page_same_bytes_for_the_same_graph(topics: nx.MultiDiGraph) -> None:
    shuffled = nx.MultiDiGraph(**topics.graph)
    shuffled.add_nodes_from(reversed(list(topics.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(topics.edges(keys=True, data=True))))
    assert kg_html.render_html(shuffled) == kg_html.render_html(topics)


def test_html_graph_data_years_only_when_the_corpus_spans_years(topics: nx.MultiDiGraph) -> None:
    one_year = nx.MultiDiGraph(topics)
    for _, d in one_year.nodes(data=True):
        if d.get("type") == "Paper":
            d["year"] = 2024
    data = kg_html.graph_data(one_year)
    assert data["years"] is None and data["emerging"] == []
    assert not any("years" in n or "mean_year" in n for n in data["nodes"])


def test_html_graph_data_small_graph_without_clusters() -> None:
    data = kg_html.graph_data(make_graph())
    assert data["config"]["view"] == "all" and data["config"]["papers"] is True
    assert data["map"] == [] and data["clusters"] == [] and data["years"] is None and data["emerging"] == []
    assert not any(key in n for n in data["nodes"] for key in ("cluster", "cluster_label", "years", "mean_year"))
