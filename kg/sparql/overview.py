"""What a served explorer knows of its store before any request: the concept map, years, counts.

``kg serve`` builds one :class:`Overview` when it starts, beside the label index
(:mod:`kg.sparql.labels`), and hands it to its query workers in a file. It is made with the code
of a file export, so a served page and ``graph.html`` of the same graph show the same map:

- a kg graph (:mod:`kg.graph.model`) is read from the store: the ``CANDIDATES`` entities in most
  papers (their details, their papers, their clusters and the relations among them) and every
  paper with its year; :func:`kg.export.html.graph_data` of that graph picks the map's entities,
  lays them out and names its areas, years and emerging entities;
- each entity's papers per year, for every entity of the store (a table of counts, one row per
  entity of the label index): the year colours and the per-year chart of any view;
- the page's summary (:func:`kg.export.html.render_served_html`): nodes by type, edges by
  relation, config.

One pass over the ``kg:mentions`` and ``kg:proposes`` triples gives the papers of every entity;
the rest are batched reads of a few thousand nodes.
"""

from __future__ import annotations

from array import array
from collections import Counter, defaultdict
from typing import Any

import networkx as nx
import pyoxigraph as ox

from kg.export import html_map
from kg.export.html import MAP_MIN_NODES, graph_data
from kg.graph.model import PAPER_RELATIONS, RELATIONS
from kg.rdf.iri import node_iri
from kg.rdf.terms import MEMBER, TYPE, T
from kg.sparql.labels import LabelIndex, text
from kg.sparql.neighbourhood import Reader, node_id

#: Entities read for the map: the map keeps ``html_map.MAP_MAX`` of them once the generic, the
#: unsure and those of one paper are left out, and the emerging entities are found among them.
CANDIDATES = 4 * html_map.MAP_MAX
CLUSTER_TERMS = 5
MAP_PAPERS_MAX = 300  # papers a map view shows with its entities, most connected first

_DEFAULT = ox.DefaultGraph()


class Overview:
    """The map in the page's shapes, papers per year of every entity, and the page's summary."""

    def __init__(
        self,
        index: LabelIndex,
        data: dict[str, Any],
        papers: list[str],
        table: tuple[list[int], array],
        summary: dict[str, Any],
    ) -> None:
        self.data = data  # graph_data of the map's graph: nodes, edges, clusters, years, emerging, map
        self.papers = papers  # every paper's IRI
        self.summary = summary
        self._years, self._counts = table  # the table's columns; len(index) rows of len(years) counts
        self._row = index.rows

    def entity_years(self, iri: str) -> tuple[dict[str, int], float | None]:
        """An entity's papers per year (``{"2024": papers}``) and their mean year, as the page has them."""
        row = self._row.get(iri)
        if row is None or not self._years:
            return {}, None
        width = len(self._years)
        counts = {y: self._counts[row * width + k] for k, y in enumerate(self._years)}
        return html_map.node_years({"years": counts, "mean_year": _mean(counts)})

    def map_view(self, n: int, papers: bool, reader: Reader) -> dict[str, Any]:
        """The first ``n`` map entities with the edges among them, and with ``papers`` the papers
        that mention most of them (up to ``MAP_PAPERS_MAX``), as ``views.js``'s map view."""
        data = self.data
        chosen = data["map"][: max(0, n)]
        answer = slice_view(data, chosen)
        if papers and chosen:
            _add_papers(answer, reader, self.data["rels"].index("mentions"))
        return answer | {"clusters": data["clusters"], "years": data["years"], "emerging": data["emerging"]}


def slice_view(data: dict[str, Any], indices: list[int]) -> dict[str, Any]:
    """The nodes at ``indices`` of a :func:`graph_data` answer and the edges among them, renumbered
    (``p`` and ``pb`` too); cluster labels filled in from the cluster table."""
    local = {g: k for k, g in enumerate(indices)}
    named = {c["id"]: c["label"] for c in data["clusters"]}
    nodes = []
    for g in indices:
        node = dict(data["nodes"][g])
        if "cluster" in node and "cluster_label" not in node and node["cluster"] in named:
            node["cluster_label"] = named[node["cluster"]]
        for key in ("p", "pb"):
            kept = sorted(local[q] for q in node.pop(key, ()) if q in local)
            if kept:
                node[key] = kept
        nodes.append(node)
    edges = [[local[e[0]], local[e[1]], *e[2:]] for e in data["edges"] if e[0] in local and e[1] in local]
    edges.sort(key=lambda e: (e[0], e[1], e[2]))
    return {"types": data["types"], "rels": data["rels"], "nodes": nodes, "edges": edges}


def _add_papers(answer: dict[str, Any], reader: Reader, mentions: int) -> None:
    """The papers of the answer's entities, those naming most of them first, with their links."""
    iris = {str(node_iri(node["i"])): k for k, node in enumerate(answer["nodes"])}
    links: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for iri, k in iris.items():
        for link in reader.links(iri, PAPER_RELATIONS):
            if link.target == iri:
                links[link.source].append((k, link.rel))
    ranked = sorted(links, key=lambda p: (-len({k for k, _ in links[p]}), -reader.years.get(p, 0), p))
    kept = ranked[:MAP_PAPERS_MAX]
    details = reader.details(kept)
    found = [iri for iri in kept if details[iri].get("type") == "Paper"]
    graph = nx.MultiDiGraph()
    for iri in found:
        graph.add_node(node_id(iri), **details[iri])
    nodes = graph_data(graph, order=[node_id(i) for i in found], layout=False)["nodes"] if found else []
    paper = answer["types"].index("Paper")
    for iri, node in zip(found, nodes, strict=True):
        k = len(answer["nodes"])
        node["t"] = paper  # the answer's own type list
        answer["nodes"].append(node)
        for entity, rel in sorted(set(links[iri])):
            key = "pb" if rel == "proposes" else "p"
            answer["nodes"][entity].setdefault(key, []).append(k)
            if rel == "mentions":
                answer["edges"].append([k, entity, mentions, 1])
    for node in answer["nodes"]:
        for key in ("p", "pb"):
            if key in node:
                node[key] = sorted(set(node[key]))
    answer["edges"].sort(key=lambda e: (e[0], e[1], e[2]))


def _mean(counts: dict[int, int]) -> float | None:
    total = sum(counts.values())
    return sum(y * n for y, n in counts.items()) / total if total else None


def build_overview(store: ox.Store, index: LabelIndex) -> Overview:
    """The overview of ``store`` (see the module's docstring); ``index`` is its label index."""
    reader = Reader(store, index.years)
    row = index.rows
    candidates = set(index.iris[:CANDIDATES])
    papers_of: dict[str, set[str]] = defaultdict(set)
    pairs: set[tuple[int, str]] = set()
    for rel in PAPER_RELATIONS:
        for quad in store.quads_for_pattern(None, ox.NamedNode(T[rel]), None, _DEFAULT):
            entity, paper = text(quad.object), text(quad.subject)
            k = row.get(entity)
            if k is None:
                continue
            pairs.add((k, paper))
            if entity in candidates:
                papers_of[entity].add(paper)
    years = sorted(set(index.years.values()))
    column = {y: c for c, y in enumerate(years)}
    counts = array("l", bytes(8 * len(index) * len(years))) if years else array("l")
    for k, paper in pairs:
        year = index.years.get(paper)
        if year is not None:
            counts[k * len(years) + column[year]] += 1

    graph = _map_graph(reader, index, sorted(candidates), papers_of)
    for iri in sorted(candidates):
        node = graph.nodes[node_id(iri)]
        k = row[iri]
        found = {y: counts[k * len(years) + c] for c, y in enumerate(years) if counts[k * len(years) + c]}
        if found:
            node["years"], node["mean_year"] = found, _mean(found)
    for paper in {p for ps in papers_of.values() for p in ps} | set(index.years):
        node_name = node_id(paper)
        if node_name not in graph:
            graph.add_node(node_name, type="Paper", label=node_name)
        if paper in index.years:
            graph.nodes[node_name]["year"] = index.years[paper]
    data = graph_data(graph, concept_map=True)
    # only the map's entities are ever shown from here: drop the rest (papers, other candidates)
    keep = sorted(set(data["map"]) | {i for i, n in enumerate(data["nodes"]) if data["types"][n["t"]] != "Paper"})
    sliced = slice_view(data, keep)
    local = {g: k for k, g in enumerate(keep)}
    sliced |= {
        "clusters": data["clusters"],
        "years": data["years"],
        "emerging": data["emerging"],
        "map": [local[i] for i in data["map"]],
        "config": data["config"],
    }
    papers = sorted(
        text(q.subject) for q in store.quads_for_pattern(None, ox.NamedNode(TYPE), ox.NamedNode(T["Paper"]), _DEFAULT)
    )
    return Overview(index, sliced, papers, (years, counts), _summary(store, index, data, len(papers)))


def _map_graph(
    reader: Reader, index: LabelIndex, candidates: list[str], papers_of: dict[str, set[str]]
) -> nx.MultiDiGraph:
    """The candidates as kg graph nodes (details, papers, clusters) and the relations among them."""
    graph = nx.MultiDiGraph()
    details = reader.details(candidates)
    cluster_iris: dict[int, str] = {}
    for iri in candidates:
        data = details[iri]
        data["papers"] = sorted(node_id(p) for p in papers_of.get(iri, ()))
        if "cluster_iri" in data:
            cluster_iris[data["cluster"]] = data.pop("cluster_iri")
        graph.add_node(node_id(iri), **data)
    links = reader.edges(candidates, RELATIONS)
    for link, support in reader.supports(links).items():
        graph.add_edge(node_id(link.source), node_id(link.target), key=link.rel, type=link.rel, weight=support)
    graph.graph["clusters"] = _cluster_table(reader, index, graph, cluster_iris)
    return graph


def _cluster_table(
    reader: Reader, index: LabelIndex, graph: nx.MultiDiGraph, iris: dict[int, str]
) -> dict[int, dict[str, Any]]:
    """Each cluster's label (from the store), size (its members) and terms (its members in most papers)."""
    named = {d["cluster"]: d.get("cluster_label", "") for _, d in graph.nodes(data=True) if "cluster" in d}
    label = dict(zip(index.iris, index.labels, strict=True))
    table: dict[int, dict[str, Any]] = {}
    for cluster, iri in sorted(iris.items()):
        pattern = reader.store.quads_for_pattern(ox.NamedNode(iri), ox.NamedNode(MEMBER), None, _DEFAULT)
        members = sorted((text(q.object) for q in pattern), key=lambda m: (-index.papers.get(m, 0), m))
        terms = [label[m] for m in members if m in label][:CLUSTER_TERMS]
        table[cluster] = {"label": named[cluster], "terms": terms, "size": len(members)}
    return table


def _summary(store: ox.Store, index: LabelIndex, data: dict[str, Any], papers: int) -> dict[str, Any]:
    """What the served page embeds: names, counts of the whole store, config."""
    by_type = Counter(index.kinds) + Counter({"Paper": papers})
    by_rel = {
        r: sum(1 for _ in store.quads_for_pattern(None, ox.NamedNode(T[r]), None, _DEFAULT))
        for r in data["rels"]
        if r in T
    }
    types = list(data["types"])
    types += sorted(set(by_type) - set(types))
    config = dict(data["config"])
    small = papers + len(index) <= MAP_MIN_NODES  # the page opens on every node, as a file export would
    config |= {
        "view": "all" if small else "map",
        "nodes": papers + len(index),
        "edges": sum(by_rel.values()),
        "mapSize": len(data["map"]),
        "paperCount": papers,
    }
    return {
        "types": types,
        "rels": data["rels"],
        "typeCounts": [by_type.get(t, 0) for t in types],
        "relCounts": [by_rel.get(r, 0) for r in data["rels"]],
        "config": config,
    }
