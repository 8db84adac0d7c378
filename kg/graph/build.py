"""Build the networkx graph from papers and their extractions."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence

import networkx as nx

from kg.graph.model import ENTITY_PREFIX, PAPER_PREFIX, new_graph
from kg.graph.resolve import Entity, resolve_entities
from kg.records import Extraction, Paper


def paper_node(paper: Paper) -> str:
    return PAPER_PREFIX + paper.key


def entity_node(key: str) -> str:
    return ENTITY_PREFIX + key


def _paper_label(paper: Paper) -> str:
    if paper.title:
        return paper.title
    words = paper.abstract.split()
    return " ".join(words[:8]) + (" …" if len(words) > 8 else "")


def _entity_attrs(entity: Entity) -> dict[str, object]:
    papers = sorted([PAPER_PREFIX + p for p in entity.papers])
    label = entity.label
    return {
        "type": entity.type,
        "label": label,
        "alt_labels": entity.alt_labels(label),
        "papers": papers,
        "paper_count": len(papers),
        "count": sum(entity.papers.values()),
        "proposed_by": sorted([PAPER_PREFIX + p for p in entity.proposed_by]),
    }


def build_graph(
    papers: Sequence[Paper],
    extractions: Sequence[Extraction],
    definitions: Iterable[tuple[str, str]] = (),
    junk: Collection[str] = (),
) -> nx.MultiDiGraph:
    """One Paper node per paper, one node per resolved entity, and their relations.

    ``definitions`` are abbreviations known beforehand (short, long); ``junk`` the terms that are
    never entities (:attr:`kg.nlp.lexicon.Lexicon.junk`).

    Node and edge insertion is sorted, so the same input always gives the same graph.
    """
    if len(papers) != len(extractions):
        raise ValueError(f"{len(papers)} papers but {len(extractions)} extractions")
    pairs = [(p.key, ex) for p, ex in zip(papers, extractions, strict=True)]
    entities, keys = resolve_entities(pairs, junk=junk, definitions=definitions)
    graph = new_graph()
    for paper in sorted(papers, key=lambda p: p.key):
        graph.add_node(
            paper_node(paper),
            type="Paper",
            label=_paper_label(paper),
            title=paper.title,
            abstract=paper.abstract,
            url=paper.url,
            code=list(paper.code_urls),
            authors=list(paper.authors),
            year=paper.year,
            venue=paper.venue,
            key=paper.key,
        )
    graph.add_nodes_from((entity_node(key), _entity_attrs(entities[key])) for key in sorted(entities))

    edges: dict[tuple[str, str, str], dict[str, set[str]]] = defaultdict(lambda: {"papers": set(), "evidence": set()})
    mention_counts: dict[tuple[str, str], int] = defaultdict(int)
    for paper, ex, paper_keys in zip(papers, extractions, keys, strict=True):
        source = paper_node(paper)
        for i, entity_key in enumerate(paper_keys):
            if entity_key is None:
                continue
            mention_counts[(source, entity_node(entity_key))] += 1
            if i in ex.proposed:
                edges[(source, entity_node(entity_key), "proposes")]["papers"].add(source)
        for rel in ex.relations:
            head, tail = paper_keys[rel.head], paper_keys[rel.tail]
            if head is None or tail is None or head == tail:
                continue
            slot = edges[(entity_node(head), entity_node(tail), rel.label)]
            slot["papers"].add(source)
            slot["evidence"].add(rel.sentence)
    for (source, target), n in sorted(mention_counts.items()):
        graph.add_edge(source, target, key="mentions", type="mentions", weight=n, papers=[source], evidence=[])
    for (u, v, label), slot in sorted(edges.items()):
        weight = len(slot["papers"]) if label != "proposes" else 1
        graph.add_edge(
            u,
            v,
            key=label,
            type=label,
            weight=weight,
            papers=sorted(slot["papers"]),
            evidence=sorted(slot["evidence"]),
        )
    return graph
