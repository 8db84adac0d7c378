"""Clusters of entities: the topics a field's papers talk about together, found the way VOSviewer
finds them (a co-occurrence map, association strength, the Leiden algorithm).

1. Entities named by at least :data:`MIN_PAPERS` papers take part ("core"); the rest join later.
2. Two core entities are linked by the papers that name both, plus the papers that state a
   relation between them (a stated relation counts as a second co-occurrence in its paper).
3. Links are normalized by association strength (van Eck & Waltman 2009, VOSviewer's default):
   ``s_ij = 2m c_ij / (c_i c_j)``, ``c_i`` an entity's total link strength and ``m`` the total of
   all links, so ``s_ij`` is 1 where two entities co-occur as often as chance predicts. Without it
   the entities most papers name ("large language model") would glue everything into one cluster.
4. The Leiden algorithm (Traag, Waltman & van Eck 2019; VOSviewer's since 1.6.11), as igraph's C
   core implements it, maximizes modularity on these strengths, at resolution :data:`RESOLUTION`,
   until no step improves it. Leiden's clusters are connected (Louvain's may not be). igraph draws
   its random numbers from a ``random.Random(SEED)`` for the call, and entities and links go in
   sorted: the same graph gives the same clusters on every run and machine.
5. Clusters under :data:`MIN_CLUSTER_SIZE` core entities (or 2% of the core, at least 2, when
   that is fewer: a small corpus keeps several clusters) are merged into the cluster they are most
   strongly linked to (VOSviewer's "merge small clusters"), smallest first; one linked to no
   other cluster becomes unclustered, but for the largest, which stays whatever its size.
6. Every other entity joins the cluster it is most strongly associated with: over the clustered
   entities named in its papers, each counts ``1 / c_j`` (its association strength with them, up
   to a constant), so a paper's specific terms weigh more than the ones every paper names. Ties go
   to the lower cluster id; an entity that shares no paper with a clustered one is unclustered
   (``cluster`` -1, ``cluster_label`` "").
7. Clusters are numbered 0.. by decreasing size, ties by label. Each is named by its
   :data:`NAME_TERMS` entities named by most papers, leaving out generic ones: the labels in
   ``kg/graph/data/generic.txt`` ("performance", "large number") and the entities that are not
   the cluster's own, those with less than :data:`OWN_SHARE` of their links inside it.

The attributes this sets are listed in :mod:`kg.graph.model`. On ICLR 2024 (2,271 papers, 4,791
core entities, 105k links) it takes 1.4 s of CPU (Leiden 0.45 s, igraph's import 0.24 s, the rest
counting links, attaching and naming), measured on a busy 2-core machine; years take 0.2 s more.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypedDict

import networkx as nx

from kg.graph.model import ENTITY_TYPES, RELATIONS

MIN_PAPERS = 2
RESOLUTION = 1.0
MIN_CLUSTER_SIZE = 10
SEED = 42
NAME_TERMS = 3
OWN_SHARE = 0.25
UNCLUSTERED = -1
CLUSTERS = "clusters"  # the graph attribute

Links = dict[tuple[int, int], int]
Nodes = Mapping[str, dict[str, Any]]  # node -> its attributes: graph.nodes, or a plain dict of it (faster)


class Cluster(TypedDict):
    label: str
    terms: list[str]
    size: int


@cache
def generic_terms() -> frozenset[str]:
    """Labels too broad to name a topic ("neural network", "performance"), lower case."""
    lines = (Path(__file__).with_name("data") / "generic.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(t.strip().lower() for t in lines if t.strip() and not t.startswith("#"))


def entity_nodes(graph: nx.MultiDiGraph) -> list[str]:
    return sorted(n for n, d in graph.nodes(data=True) if d.get("type") in ENTITY_TYPES)


def links_between(graph: nx.MultiDiGraph, entities: Sequence[str], nodes: Nodes | None = None) -> Links:
    """Link strength between entities (by index, ``i < j``, sorted): papers naming both, plus
    papers stating a relation between them."""
    index = {e: i for i, e in enumerate(entities)}
    nodes, adjacency = nodes or dict(graph.nodes(data=True)), graph.adj
    by_paper: dict[str, list[int]] = defaultdict(list)
    for i, e in enumerate(entities):
        for paper in nodes[e].get("papers", ()):
            by_paper[paper].append(i)
    links: Links = defaultdict(int)
    for members in by_paper.values():
        for a, i in enumerate(members):
            for j in members[a + 1 :]:
                links[(i, j)] += 1
    for i, e in enumerate(entities):  # relations go out of entities: their few edges, not every mention
        for v, keyed in adjacency[e].items():
            other = index.get(v)
            if other is None or other == i:
                continue
            for key, data in keyed.items():
                if key in RELATIONS:
                    links[(min(i, other), max(i, other))] += int(data.get("weight", 1))
    return dict(sorted(links.items()))


def totals(links: Links, n: int) -> list[int]:
    """Each entity's total link strength ``c_i``."""
    total = [0] * n
    for (i, j), c in links.items():
        total[i] += c
        total[j] += c
    return total


def association_strength(links: Links, n: int) -> dict[tuple[int, int], float]:
    """``2m c_ij / (c_i c_j)``: 1 where two entities co-occur as often as chance predicts.

    >>> association_strength({(0, 1): 2, (1, 2): 2}, 3)
    {(0, 1): 2.0, (1, 2): 2.0}
    """
    total = totals(links, n)
    twice_m = sum(total)
    return {(i, j): twice_m * c / (total[i] * total[j]) for (i, j), c in links.items()}


def import_igraph() -> Any:
    """igraph, imported without the ``matplotlib.pyplot`` its drawing code imports when matplotlib is
    installed (kg never draws with igraph): 0.24 s instead of 2.2 s (1.8 s of it pyplot), measured
    on a busy 2-core machine. Only when matplotlib is not imported yet; igraph's own plotting then
    stays unavailable in this process (matplotlib itself is untouched)."""
    if "igraph" in sys.modules or "matplotlib" in sys.modules:
        import igraph

        return igraph
    sys.modules["matplotlib"] = None  # type: ignore[assignment]  # makes "import matplotlib" fail
    try:
        import igraph
    finally:
        del sys.modules["matplotlib"]
    return igraph


def leiden(
    n: int, strengths: dict[tuple[int, int], float], resolution: float = RESOLUTION, seed: int = SEED
) -> list[int]:
    """Cluster of each of ``n`` nodes: Leiden, maximizing modularity on ``strengths``, until stable."""
    ig = import_igraph()
    pairs = list(strengths)
    g = ig.Graph(n=n, edges=pairs, directed=False)
    g.es["weight"] = list(strengths.values())
    ig.set_random_number_generator(random.Random(seed))
    try:
        found = g.community_leiden(
            objective_function="modularity", weights="weight", resolution=resolution, n_iterations=-1
        )
    finally:
        ig.set_random_number_generator(random)  # igraph's default
    return list(found.membership)


def _merge_small(membership: list[int], strengths: dict[tuple[int, int], float], min_size: int) -> list[int]:
    """Clusters smaller than ``min_size`` merged into their most strongly linked cluster, smallest
    first (ties: the lower id); one with no link out becomes unclustered, but for the largest."""
    membership = list(membership)
    neighbours: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for (i, j), s in strengths.items():
        neighbours[i].append((j, s))
        neighbours[j].append((i, s))
    members: dict[int, list[int]] = defaultdict(list)
    for i, c in enumerate(membership):
        members[c].append(i)
    while True:
        largest = min(members, key=lambda c: (-len(members[c]), c), default=None)
        small = sorted((len(m), c) for c, m in members.items() if len(m) < min_size and c != largest)
        if not small:
            return membership
        victim = small[0][1]
        towards: dict[int, float] = defaultdict(float)
        for i in members[victim]:
            for j, s in neighbours[i]:
                if membership[j] not in (victim, UNCLUSTERED):
                    towards[membership[j]] += s
        target = min(towards, key=lambda c: (-towards[c], c)) if towards else UNCLUSTERED
        moved = members.pop(victim)
        for i in moved:
            membership[i] = target
        if target != UNCLUSTERED:
            members[target] = sorted(members[target] + moved)


def _attach(nodes: Nodes, others: Sequence[str], clustered: dict[str, tuple[int, int]]) -> dict[str, int]:
    """The cluster each of ``others`` is most strongly associated with (see the module's step 6);
    ``clustered`` maps an entity to its cluster and its total link strength."""
    by_paper: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for e, (c, total) in clustered.items():
        if c != UNCLUSTERED and total:
            for paper in nodes[e].get("papers", ()):
                by_paper[paper].append((c, 1 / total))
    out = {}
    for e in others:
        votes: dict[int, float] = defaultdict(float)
        for paper in nodes[e].get("papers", ()):
            for c, weight in by_paper.get(paper, ()):
                votes[c] += weight
        out[e] = min(votes, key=lambda c: (-votes[c], c)) if votes else UNCLUSTERED
    return out


def cluster_entities(
    graph: nx.MultiDiGraph,
    *,
    min_papers: int = MIN_PAPERS,
    resolution: float = RESOLUTION,
    min_cluster_size: int | None = None,
    seed: int = SEED,
) -> dict[str, int]:
    """Each entity node's cluster, numbered by decreasing size (see the module's docstring)."""
    return _cluster(graph, min_papers, resolution, min_cluster_size, seed)[0]


def _cluster(
    graph: nx.MultiDiGraph, min_papers: int, resolution: float, min_cluster_size: int | None, seed: int
) -> tuple[dict[str, int], dict[int, Cluster]]:
    """Each entity's cluster, and the table of clusters."""
    nodes = dict(graph.nodes(data=True))
    entities = entity_nodes(graph)
    core = [e for e in entities if nodes[e].get("paper_count", 0) >= min_papers]
    links = links_between(graph, core, nodes)
    strengths = association_strength(links, len(core))
    membership = leiden(len(core), strengths, resolution, seed) if links else [UNCLUSTERED] * len(core)
    if min_cluster_size is None:
        min_cluster_size = min(MIN_CLUSTER_SIZE, max(2, round(len(core) / 50)))
    membership = _merge_small(membership, strengths, min_cluster_size)
    total = totals(links, len(core))
    clustered = {e: (c, t) for e, c, t in zip(core, membership, total, strict=True) if c != UNCLUSTERED}
    raw = {e: c for e, (c, _) in clustered.items()}
    raw |= _attach(nodes, [e for e in entities if e not in raw], clustered)
    return _renumber(nodes, raw, own_shares(raw, links, core))


def _renumber(nodes: Nodes, raw: dict[str, int], own: dict[str, float]) -> tuple[dict[str, int], dict[int, Cluster]]:
    """Clusters numbered 0.. by decreasing size, ties by label (then by their first entity), and named."""
    members: dict[int, list[str]] = defaultdict(list)
    for e, c in raw.items():
        if c != UNCLUSTERED:
            members[c].append(e)
    names = {c: name_terms(nodes, m, own) for c, m in members.items()}
    order = sorted(members, key=lambda c: (-len(members[c]), names[c][1], min(members[c])))
    new = {old: i for i, old in enumerate(order)}
    table: dict[int, Cluster] = {
        new[c]: {"label": names[c][1], "terms": names[c][0], "size": len(members[c])} for c in order
    }
    return {e: new.get(c, UNCLUSTERED) for e, c in sorted(raw.items())}, table


def own_shares(cluster: dict[str, int], links: Links, core: Sequence[str]) -> dict[str, float]:
    """The share of each core entity's link strength that stays inside its own cluster."""
    inside = [0] * len(core)
    total = totals(links, len(core))
    for (i, j), c in links.items():
        if cluster.get(core[i], UNCLUSTERED) == cluster.get(core[j], UNCLUSTERED) != UNCLUSTERED:
            inside[i] += c
            inside[j] += c
    return {e: inside[i] / total[i] for i, e in enumerate(core) if total[i]}


def name_terms(
    nodes: Nodes, members: Iterable[str], own: dict[str, float] | None = None, k: int = NAME_TERMS
) -> tuple[list[str], str]:
    """The cluster's top terms and its label (the first ``k`` joined): the labels of its entities
    named by most papers (ties by label), leaving out generic terms and entities with less than
    :data:`OWN_SHARE` of their links in the cluster (``own``), unless nothing else is left.
    The terms are the first ``2 * k``, for a legend that wants more than the name.

    >>> from kg.graph.model import new_graph
    >>> g = new_graph()
    >>> g.add_node("a", label="performance", paper_count=9)
    >>> g.add_node("b", label="PPO", paper_count=3)
    >>> name_terms(g.nodes, ["a", "b"])
    (['PPO'], 'PPO')
    """
    generic = generic_terms()
    own = own or {}
    papers = {e: nodes[e].get("paper_count", 0) for e in members}
    ranked = sorted(papers, key=lambda e: (-papers[e], nodes[e].get("label", e), e))
    specific = [e for e in ranked if nodes[e].get("label", e).lower() not in generic and own.get(e, 1.0) >= OWN_SHARE]
    terms = list(dict.fromkeys(nodes[e].get("label", e) for e in specific or ranked))[: 2 * k]
    return terms, ", ".join(terms[:k])


def add_clusters(
    graph: nx.MultiDiGraph,
    *,
    min_papers: int = MIN_PAPERS,
    resolution: float = RESOLUTION,
    min_cluster_size: int | None = None,
    seed: int = SEED,
) -> dict[int, Cluster]:
    """Cluster the entities; set ``cluster`` and ``cluster_label`` on every entity node and
    ``graph.graph["clusters"]``, which it returns."""
    assignment, table = _cluster(graph, min_papers, resolution, min_cluster_size, seed)
    nodes = graph.nodes
    for e, c in assignment.items():
        nodes[e]["cluster"] = c
        nodes[e]["cluster_label"] = table[c]["label"] if c in table else ""
    graph.graph[CLUSTERS] = table
    return table


def summarize(graph: nx.MultiDiGraph, *, min_papers: int = MIN_PAPERS) -> dict[int, Cluster]:
    """``graph.graph["clusters"]`` and each entity's ``cluster_label``, from the entities' ``cluster``
    (-1 where missing), named as :func:`add_clusters` names them: for a graph read back from RDF."""
    members: dict[int, list[str]] = defaultdict(list)
    for node, data in graph.nodes(data=True):
        if data.get("type") in ENTITY_TYPES:
            members[data.setdefault("cluster", UNCLUSTERED)].append(node)
    nodes = dict(graph.nodes(data=True))
    core = [e for e in entity_nodes(graph) if nodes[e].get("paper_count", 0) >= min_papers]
    own = own_shares({e: nodes[e]["cluster"] for e in core}, links_between(graph, core, nodes), core)
    table: dict[int, Cluster] = {}
    for c in sorted(members.keys() - {UNCLUSTERED}):
        terms, label = name_terms(nodes, members[c], own)
        table[c] = {"label": label, "terms": terms, "size": len(members[c])}
    for _, data in graph.nodes(data=True):
        if data.get("type") in ENTITY_TYPES:
            data["cluster_label"] = table[data["cluster"]]["label"] if data["cluster"] in table else ""
    graph.graph[CLUSTERS] = table
    return table
