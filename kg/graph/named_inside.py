"""What a paper names only inside a longer name: it is about it, it does not mention it.

A paper on "offline reinforcement learning (RL)" is about reinforcement learning, and "papers about
reinforcement learning" should find it (issue 12 asks for both links); but "reinforcement learning"
is not one of the paper's own entities: a reader of its abstract calls it a fragment of the longer
name. The held-out readers judged 219 such links of the twelve ICLR 2024 samples, and only 89 right
(.41): most of the fragments they found.

:func:`link_about` turns such a ``mentions`` edge into an ``about`` edge (:data:`kg.graph.model.ABOUT`;
``kg:about`` in RDF, of which ``kg:mentions`` is a sub-property): where every place the paper's title
and abstract write one of the entity's names lies inside a longer name of another entity the paper
mentions. What the paper proposes, and what it names nowhere kg can see (a form the text does not
spell), stay mentioned. An entity no paper mentions any more is a fragment wherever it was found and
is removed with its edges.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache

import networkx as nx

from kg.graph.confidence import prune_vocabulary
from kg.graph.model import ABOUT, ENTITY_TYPES

Place = tuple[int, int]


@lru_cache(maxsize=1 << 16)
def _pattern(name: str) -> re.Pattern[str] | None:
    """A name as a text writes it, in lower case: a space or a hyphen between words, a plural."""
    words = re.split(r"[\s-]+", name.lower().strip())
    if not words or len("".join(words)) < 2:
        return None
    body = r"[\s-]?".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![\w-]){body}(?:e?s)?(?![\w-])")


def places(text: str, names: list[str]) -> list[Place]:
    """Where ``text`` (lower case) writes one of ``names``.

    >>> places("offline reinforcement learning (offline rl) and model-based rl", ["reinforcement learning", "RL"])
    [(8, 30), (40, 42), (60, 62)]
    """
    found = {m.span() for name in names if (p := _pattern(name)) for m in p.finditer(text)}
    return sorted(found)


def only_inside(own: list[Place], longer: list[Place]) -> bool:
    """Whether every one of ``own`` places (at least one) ends a longer one of ``longer``: the
    name is the head of a longer name there ("reinforcement learning" of "offline reinforcement
    learning"), not its modifier ("ImageNet" of "ImageNet classification", which names the dataset
    used: the development readers' entity).

    >>> only_inside([(8, 30)], [(0, 30)]), only_inside([(8, 30), (50, 72)], [(0, 30)]), only_inside([], [(0, 9)])
    (True, False, False)
    >>> only_inside([(0, 8)], [(0, 23)])
    False
    """
    return bool(own) and all(any(a < s and e == b for a, b in longer) for s, e in own)


def inside_names(graph: nx.MultiDiGraph, paper: str) -> list[str]:
    """The entities ``paper`` mentions, does not propose, and names only as the head of a longer
    name of another entity it mentions."""
    data = graph.nodes[paper]
    text = f"{data.get('title') or ''}\n{data.get('abstract') or ''}".lower()
    mentioned = [v for _, v, k in graph.out_edges(paper, keys=True) if k == "mentions"]
    proposed = {v for _, v, k in graph.out_edges(paper, keys=True) if k == "proposes"}
    where = {
        node: places(text, [str(graph.nodes[node].get("label", "")), *graph.nodes[node].get("alt_labels", ())])
        for node in mentioned
    }
    inside = []
    for node in mentioned:
        if node in proposed:
            continue
        longer = [place for other, found in where.items() if other != node for place in found]
        if only_inside(where[node], longer):
            inside.append(node)
    return inside


def link_about(graph: nx.MultiDiGraph) -> int:
    """Turn each ``mentions`` edge of what a paper names only inside a longer name it mentions into
    an ``about`` edge (the entity's ``papers``, ``paper_count`` and ``count`` are of its mentions),
    then remove the entities no paper mentions any more; how many edges were turned."""
    turned = 0
    for paper in [n for n, d in graph.nodes(data=True) if d.get("type") == "Paper"]:
        for node in inside_names(graph, paper):
            mention = graph.edges[paper, node, "mentions"]
            graph.remove_edge(paper, node, "mentions")
            graph.add_edge(paper, node, key=ABOUT, type=ABOUT, weight=1, papers=[paper], evidence=[])
            entity = graph.nodes[node]
            entity["papers"] = [p for p in entity.get("papers", ()) if p != paper]
            entity["paper_count"] = len(entity["papers"])
            entity["count"] = max(0, int(entity.get("count", 0)) - int(mention.get("weight", 1)))
            turned += 1
    mentioned: dict[str, bool] = defaultdict(bool)
    for _, v, k in graph.edges(keys=True):
        if k == "mentions":
            mentioned[v] = True
    gone = [n for n, d in graph.nodes(data=True) if d.get("type") in ENTITY_TYPES and not mentioned[n]]
    if gone:
        graph.remove_nodes_from(gone)
        prune_vocabulary(graph)
    return turned
