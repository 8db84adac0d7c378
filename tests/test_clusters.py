"""Clusters of entities: two obvious communities found and named, deterministic, carried by every export."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from rdflib import RDF, Graph
from rdflib.namespace import SKOS

from kg.graph.clusters import UNCLUSTERED, add_clusters, cluster_entities, name_terms
from kg.graph.model import int_keys, new_graph
from kg.graph.trends import add_years
from kg.rdf.mapping import from_rdf, to_rdf
from kg.rdf.ontology import KG


def entity(graph: nx.MultiDiGraph, label: str, papers: list[int], kind: str = "Method") -> str:
    node = f"entity/{label.lower()}"
    ids = sorted(f"paper/p{i}" for i in papers)
    graph.add_node(node, type=kind, label=label, alt_labels=[], papers=ids, paper_count=len(ids), count=len(ids))
    for paper in ids:
        graph.add_edge(paper, node, key="mentions", type="mentions", weight=1, papers=[paper], evidence=[])
    return node


def two_fields() -> nx.MultiDiGraph:
    """Papers 0-5 on reinforcement learning, 6-11 on diffusion; "deep learning" in all, "LoRA" in one
    diffusion paper only, "PPO" improves on "TRPO" (a stated relation)."""
    g = new_graph()
    for i in range(12):
        g.add_node(f"paper/p{i}", type="Paper", label=f"p{i}", key=f"p{i}", abstract="a", year=2020 + i % 4, venue="v")
    rl, diffusion = list(range(6)), list(range(6, 12))
    entity(g, "reinforcement learning", rl, "Task")
    entity(g, "PPO", rl[:4])
    entity(g, "TRPO", rl[2:])
    entity(g, "MuJoCo", rl[::2], "Dataset")
    entity(g, "reward", rl[1::2], "Concept")
    entity(g, "diffusion model", diffusion)
    entity(g, "image generation", diffusion[:5], "Task")
    entity(g, "FID", diffusion[1:], "Metric")
    entity(g, "U-Net", diffusion[::2])
    entity(g, "deep learning", list(range(12)), "Concept")
    entity(g, "LoRA", [7])
    entity(g, "alone", [99])  # its paper names nothing else
    g.add_node("paper/p99", type="Paper", label="p99", key="p99", abstract="a", year=2023, venue="v")
    g.add_edge("entity/ppo", "entity/trpo", key="improvesOn", type="improvesOn", weight=2, papers=[], evidence=["x"])
    return g


def members(graph: nx.MultiDiGraph, cluster: int) -> set[str]:
    return {graph.nodes[n]["label"] for n, d in graph.nodes(data=True) if d.get("cluster") == cluster}


def test_clusters_find_two_obvious_communities():
    g = two_fields()
    table = add_clusters(g, min_cluster_size=2)
    assert len(table) == 2
    rl = {"reinforcement learning", "PPO", "TRPO", "MuJoCo", "reward"}
    diffusion = {"diffusion model", "image generation", "FID", "U-Net", "LoRA"}
    found = {frozenset(members(g, c) - {"deep learning"}) for c in table}
    assert found == {frozenset(rl), frozenset(diffusion)}
    assert g.nodes["entity/lora"]["cluster"] == g.nodes["entity/diffusion model"]["cluster"]  # joined its neighbours
    assert g.nodes["entity/alone"]["cluster"] == UNCLUSTERED and g.nodes["entity/alone"]["cluster_label"] == ""
    for c, info in table.items():
        assert info["size"] == len(members(g, c))
    assert [info["size"] for info in table.values()] == sorted((i["size"] for i in table.values()), reverse=True)


def test_clusters_are_named_by_their_top_terms_without_generic_ones():
    g = two_fields()
    table = add_clusters(g, min_cluster_size=2)
    labels = {info["label"] for info in table.values()}
    assert labels == {"reinforcement learning, PPO, TRPO", "diffusion model, FID, image generation"}
    for c, info in table.items():
        assert "deep learning" not in info["terms"]
        assert info["label"].split(", ") == info["terms"][:3]
        for node, data in g.nodes(data=True):
            if data.get("cluster") == c:
                assert data["cluster_label"] == info["label"], node


def test_clusters_name_falls_back_to_generic_terms_when_nothing_else():
    g = new_graph()
    a, b = entity(g, "deep learning", [1, 2]), entity(g, "neural network", [1])
    assert name_terms(g.nodes, [a, b]) == (["deep learning", "neural network"], "deep learning, neural network")


def test_clusters_are_deterministic_whatever_the_insertion_order():
    g = two_fields()
    rng = random.Random(7)
    for _ in range(60):  # noise: entities in two random papers each
        entity(g, f"noise {rng.randrange(10**6)}", rng.sample(range(12), 2), "Concept")
    expected = cluster_entities(g, min_cluster_size=2)
    shuffled = new_graph()
    nodes = list(g.nodes(data=True))
    rng.shuffle(nodes)
    shuffled.add_nodes_from(nodes)
    edges = list(g.edges(keys=True, data=True))
    rng.shuffle(edges)
    shuffled.add_edges_from(edges)
    assert cluster_entities(shuffled, min_cluster_size=2) == expected
    assert cluster_entities(g, min_cluster_size=2) == expected


def test_clusters_small_ones_merge_into_their_neighbour():
    g = two_fields()
    table = add_clusters(g, min_cluster_size=50)  # no cluster is that big: all merge into one
    assert len(table) == 1 and table[0]["size"] == 11


def test_clusters_on_a_graph_without_entities():
    g = new_graph()
    g.add_node("paper/p", type="Paper", label="p", year=None)
    assert add_clusters(g) == {} and g.graph["clusters"] == {}


def test_clusters_rdf_round_trip():
    g = two_fields()
    add_years(g)
    add_clusters(g, min_cluster_size=2)
    rdf = to_rdf(g)
    collections = set(rdf.subjects(RDF.type, SKOS.Collection))
    assert len(collections) == 2
    for c in collections:
        assert rdf.value(c, SKOS.prefLabel) is not None and rdf.value(c, SKOS.notation) is not None
        for member in rdf.objects(c, SKOS.member):
            assert (member, KG.cluster, c) in rdf
    back = from_rdf(rdf)
    assert back.graph["clusters"] == g.graph["clusters"]
    for node, data in g.nodes(data=True):
        if data["type"] != "Paper":
            for key in ("cluster", "cluster_label", "years", "mean_year"):
                assert back.nodes[node].get(key) == data.get(key), (node, key)


def test_clusters_rdf_without_clusters_is_clustered_on_reading():
    g = two_fields()
    rdf = to_rdf(g)  # no clusters yet
    assert not any(rdf.subjects(RDF.type, SKOS.Collection))
    back = from_rdf(rdf)
    assert all("cluster" in d for _, d in back.nodes(data=True) if d["type"] != "Paper")
    assert back.graph["clusters"]


def test_clusters_cluster_iri_is_safe_and_follows_the_members():
    g = two_fields()
    add_clusters(g, min_cluster_size=2)
    first = {str(c) for c in to_rdf(g).subjects(RDF.type, SKOS.Collection)}
    assert all(c.startswith("https://w3id.org/kg-ml/resource/cluster/") and c[-20:].isalnum() for c in first)
    entity(g, "new", [0, 1], "Concept")
    add_clusters(g, min_cluster_size=2)
    second = {str(c) for c in to_rdf(g).subjects(RDF.type, SKOS.Collection)}
    assert len(first & second) == 1  # the cluster "new" joined changed its IRI, the other kept it


def test_clusters_in_flat_formats_and_json(tmp_path):
    from kg.export.flat import flatten
    from kg.export.jsongraph import write_json

    g = two_fields()
    add_years(g)
    add_clusters(g, min_cluster_size=2)
    flat = flatten(g)
    ppo = flat.nodes["entity/ppo"]
    assert ppo["cluster"] == g.nodes["entity/ppo"]["cluster"] and ppo["cluster_label"]
    assert "years" not in ppo and ppo["mean_year"] == g.nodes["entity/ppo"]["mean_year"]
    write_json(g, tmp_path / "g.json")
    import json

    back = int_keys(nx.node_link_graph(json.loads((tmp_path / "g.json").read_text()), edges="links"))
    assert back.graph["clusters"] == g.graph["clusters"]
    assert back.nodes["entity/ppo"]["years"] == g.nodes["entity/ppo"]["years"]


def test_clusters_every_entity_of_the_example_has_one(example_graph):
    table = example_graph.graph["clusters"]
    assert table and list(table) == list(range(len(table)))
    for _, data in example_graph.nodes(data=True):
        if data["type"] != "Paper":
            assert data["cluster"] in table or data["cluster"] == UNCLUSTERED
            assert data["cluster_label"] == (table[data["cluster"]]["label"] if data["cluster"] in table else "")


@pytest.mark.parametrize("name", ["graph.graphml", "graph.csv", "graph.gexf"])
def test_clusters_in_the_example_flat_exports(example_build, name):
    text = (example_build / name).read_text(encoding="utf-8")
    assert "cluster_label" in text and "mean_year" in text


def test_clusters_example_rdf_has_collections(example_build):
    g = Graph().parse(example_build / "graph.ttl", format="turtle")
    assert set(g.subjects(RDF.type, SKOS.Collection))
