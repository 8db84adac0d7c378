"""Build the networkx graph from papers and their extractions."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence

import networkx as nx

from kg.graph import type_model
from kg.graph.bracketed import bracketed_definitions
from kg.graph.classed import class_types
from kg.graph.coined_names import coined_proposals, spelled_out
from kg.graph.field_terms import field_types
from kg.graph.fragments import whole_names
from kg.graph.model import ENTITY_PREFIX, MENTION_SCORE, PAPER_PREFIX, new_graph
from kg.graph.name_types import dataset_variants, retype_by_names
from kg.graph.named_kinds import named_kinds
from kg.graph.proposal_variants import variant_proposals
from kg.graph.relation_ends import ends_fit, one_name
from kg.graph.resolve import Entity, resolve_entities
from kg.graph.result_datasets import RESULT_DATASET_CONFIDENCE, evaluations
from kg.graph.shown_names import shown_proposals
from kg.graph.terms import term_key
from kg.graph.titles import (
    MAX_PAPERS,
    TITLE_CONFIDENCE,
    TOPIC_CONFIDENCE,
    kind_of,
    main_named,
    presented_dataset,
    title_aliases,
    title_means,
    title_openings,
    title_proposals,
    title_tasks,
    title_topics,
    title_ways,
    titled_dataset,
    topic_names,
)
from kg.records import DEFAULT_MIN_CONFIDENCE, Extraction, Mention, Paper


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


def noisy_or(confidences: Iterable[float]) -> float:
    """The confidence that at least one of independent statements is right: 1 - prod(1 - c_i).

    >>> round(noisy_or([0.5, 0.5]), 3), noisy_or([]), noisy_or([1.0, 0.2])
    (0.75, 0.0, 1.0)
    """
    doubt = 1.0
    for c in confidences:
        doubt *= 1.0 - c
    return 1.0 - doubt


def _results(ex: Extraction, keys: Sequence[str | None]) -> dict[tuple[int, str, str], set[str]]:
    """(head, sentence, kind) -> entity keys: what each sentence evaluates its head on (``evaluatedOn``,
    ``measuredBy``), so "X outperforms Y on D in M" names D and M on X improvesOn Y."""
    out: dict[tuple[int, str, str], set[str]] = defaultdict(set)
    for rel in ex.relations:
        tail = keys[rel.tail]
        if rel.label in {"evaluatedOn", "measuredBy"} and tail is not None:
            out[(rel.head, rel.sentence, rel.label)].add(tail)
    return out


def title_relations(
    papers: Sequence[Paper],
    extractions: Sequence[Extraction],
    keys: Sequence[Sequence[str | None]],
    entities: dict[str, Entity],
) -> list[tuple[tuple[str, str, str], tuple[str, str, float]]]:
    """ "Hybrid Local SGD for Federated Learning": the method a title opens with, when the paper
    proposes it, addresses what the title says it is for (:func:`kg.graph.titles.title_tasks`) and
    uses what it says it works by ("Adversarial Unlearning of Backdoors via Implicit Hypergradient",
    :func:`kg.graph.titles.title_means`), when the abstract names that too; what the paper proposes
    addresses the tasks its title names elsewhere too (:func:`kg.graph.titles.title_topics`), at a
    lower confidence. ((head, tail, label), (paper node, title, confidence)) per statement."""
    out: list[tuple[tuple[str, str, str], tuple[str, str, float]]] = []
    for paper, ex, paper_keys in zip(papers, extractions, keys, strict=True):
        said = {"addresses": set(title_tasks(paper.title)), "uses": set(title_means(paper.title))}
        openings = title_openings(paper.title)
        proposed = set(ex.proposed)
        own = {k for i, k in enumerate(paper_keys) if k and (i in proposed or paper.key in entities[k].proposed_by)}
        heads = [k for k in sorted(own) if any(term_key(n) in openings for n in entities[k].surface)]
        named = sorted({k for k in paper_keys if k})
        found: dict[tuple[str, str, str], float] = {}
        for label, ends in said.items():
            for t in (k for k in named if any(term_key(n) in ends for n in entities[k].surface)):
                found.update({(h, t, label): TITLE_CONFIDENCE for h in heads})
        # what follows "for" when the title says what it is for ("B-Coder: Value-Based Deep RL for
        # Program Synthesis" is not for RL), else the tasks it names; never by an abbreviation ("SE(n)")
        topics = said["addresses"] or set(title_topics(paper.title))
        topical = [k for k in named if any(term_key(n) in topics for n in topic_names(entities[k]))]
        # the longest: "machine translation", not "translation" too
        topical = [t for t in topical if not any(t != o and t in o for o in topical)]
        ways = set(title_ways(paper.title))
        means = [k for k in named if any(term_key(n) in ways for n in entities[k].surface)]
        for h in heads or main_named(own, ex, paper_keys, entities):
            for label, tails in (("addresses", topical), ("uses", means)):
                for t in (t for t in tails if not kind_of(h, t, entities, own)):
                    found.setdefault((h, t, label), TOPIC_CONFIDENCE)
        out += [
            ((entity_node(h), entity_node(t), label), (paper_node(paper), paper.title, confidence))
            for (h, t, label), confidence in found.items()
            # not "PoSE uses PoSE training" nor "NeurRev framework for DST uses NeurRev"
            if h not in t and not h.startswith(t)
        ]
    return out


def stands_in(abstract: str, mention: Mention, sentence: str) -> bool:
    """Whether ``mention`` is written outside ``sentence`` of ``abstract``: a relation of the
    sentence has it for "we" or "our method" (:class:`kg.nlp.relation_finder.Finder`).

    >>> text = "We propose FooNet. Our method uses attention."
    >>> stands_in(text, Mention("FooNet", "Method", 11, 17), "Our method uses attention.")
    True
    >>> stands_in(text, Mention("attention", "Concept", 35, 44), "Our method uses attention.")
    False
    """
    at = abstract.find(sentence)
    return at >= 0 and not at <= mention.start < mention.end <= at + len(sentence)


def build_graph(
    papers: Sequence[Paper],
    extractions: Sequence[Extraction],
    definitions: Iterable[tuple[str, str]] = (),
    junk: Collection[str] = (),
    *,
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    kinds: type_model.KindsOf | None = None,
    retype: Callable[[nx.MultiDiGraph], None] | None = None,
) -> nx.MultiDiGraph:
    """One Paper node per paper, one node per resolved entity, and their relations.

    ``definitions`` are abbreviations known beforehand (short, long); ``junk`` the terms that are
    never entities (:attr:`kg.nlp.lexicon.Lexicon.junk`). A relation between entities is kept
    when its confidence, combined over the papers that state it (:func:`noisy_or`), is at least
    ``min_confidence`` and its ends have the types it joins (:func:`ends_fit`), and one whose head
    stood for "we" (:func:`stands_in`) only when the paper proposes that head; an ``improvesOn``
    keeps the datasets and metrics its sentences name. A proposal named after a family is a kind
    of it (:mod:`kg.graph.named_kinds`). Entity types are the learned model's
    (:mod:`kg.graph.type_model`), with ``kinds`` the vocabularies' kinds of a label, then
    ``retype``'s (the vocabularies' sure kinds) before the relations are kept; a paper
    proposes what it says it does, the new name its title opens with (:mod:`kg.graph.titles`), the
    names it coins (:mod:`kg.graph.coined_names`), the new names whose results it states
    (:mod:`kg.graph.shown_names`) and capitalized variants of a name it proposes
    (:mod:`kg.graph.proposal_variants`), never a name more than
    :data:`~kg.graph.titles.MAX_PAPERS` papers of the corpus use. Typed, a paper's sentences of
    results say what its method is evaluated on (:mod:`kg.graph.result_datasets`). Node and edge
    insertion is sorted, so the same input always gives the same graph.
    """
    if len(papers) != len(extractions):
        raise ValueError(f"{len(papers)} papers but {len(extractions)} extractions")
    if not 0.0 <= min_confidence <= 1.0:
        raise ValueError(f"min_confidence must be between 0 and 1, not {min_confidence!r}")
    extractions = [
        bracketed_definitions(p.abstract, spelled_out(p.abstract, ex))
        for p, ex in zip(papers, extractions, strict=True)
    ]
    naming_papers = Counter(key for ex in extractions for key in {term_key(m.text) for m in ex.mentions})
    extractions = [whole_names(p.abstract, ex, naming_papers) for p, ex in zip(papers, extractions, strict=True)]
    definitions = list(definitions)
    taken = {term_key(short) for short, _ in definitions}  # "DINO": a name the vocabularies know
    extractions = title_aliases(papers, extractions, lambda name: term_key(name) in taken or (kinds and kinds(name)))
    pairs = [(p.key, ex) for p, ex in zip(papers, extractions, strict=True)]
    entities, keys = resolve_entities(pairs, junk=junk, definitions=definitions)
    for paper, ex, paper_keys in zip(papers, extractions, keys, strict=True):
        named = [(k, entities[k].surface, len(entities[k].papers)) for k in dict.fromkeys(paper_keys) if k is not None]
        for key in (
            title_proposals(paper.title, named, kinds)
            + coined_proposals(paper.abstract, ex.definitions, named, kinds)
            + shown_proposals(paper.abstract, named, kinds)
        ):
            entities[key].proposed_by.add(paper.key)
        own = [(k, forms, paper.key in entities[k].proposed_by) for k, forms, _ in named]
        for key in variant_proposals(own):
            entities[key].proposed_by.add(paper.key)
    # a name more than a few papers of the corpus use is no paper's own: "we propose a graph
    # neural network that ..." proposes a GNN of its own, not graph neural network
    shared = {key for key, entity in entities.items() if len(entity.papers) > MAX_PAPERS}
    for key in shared:
        entities[key].proposed_by.clear()
    extractions = [
        ex._replace(proposed=[i for i in ex.proposed if paper_keys[i] not in shared])
        for ex, paper_keys in zip(extractions, keys, strict=True)
    ]
    said_in_titles = title_relations(papers, extractions, keys, entities)
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
    labels = {
        n: (d["label"], d["type"] == "Dataset" and d["paper_count"] >= 2)
        for n, d in graph.nodes(data=True)
        if n.startswith(ENTITY_PREFIX)
    }
    for node in dataset_variants(labels):
        graph.nodes[node]["type"] = "Dataset"

    edges: dict[tuple[str, str, str], dict[str, set[str]]] = defaultdict(
        lambda: {"papers": set(), "evidence": set(), "datasets": set(), "metrics": set()}
    )
    # (edge, paper) -> the paper's best confidence for it: a paper is one piece of evidence
    confidence: dict[tuple[tuple[str, str, str], str], float] = {}
    mention_counts: dict[tuple[str, str], int] = defaultdict(int)
    mention_scores: dict[tuple[str, str], float] = {}
    said: set[tuple[str, str, str]] = set()  # edges a sentence states
    by_name: set[tuple[str, str, str]] = set()  # kinds a proposal's name states (named_kinds)
    for paper, ex, paper_keys in zip(papers, extractions, keys, strict=True):
        source = paper_node(paper)
        proposed: set[str] = set()  # "we", "our method" stood for what it proposes, not for a name it does not
        for i, entity_key in enumerate(paper_keys):
            if entity_key is None:
                continue
            link = (source, entity_node(entity_key))
            mention_counts[link] += 1
            score = ex.mentions[i].score
            if score is not None:  # the paper's best mention of it (kg.nlp.mention_scores)
                mention_scores[link] = max(mention_scores.get(link, 0.0), score)
            if i in ex.proposed or paper.key in entities[entity_key].proposed_by:
                edges[(source, entity_node(entity_key), "proposes")]["papers"].add(source)
                proposed.add(entity_key)
        results = _results(ex, paper_keys) if any(r.label == "improvesOn" for r in ex.relations) else {}
        kinds_named = named_kinds(paper.abstract, ex, [i for i, k in enumerate(paper_keys) if k in proposed])
        for rel in [*ex.relations, *kinds_named]:
            head, tail = paper_keys[rel.head], paper_keys[rel.tail]
            if head is None or tail is None or head == tail:
                continue
            if head not in proposed and stands_in(paper.abstract, ex.mentions[rel.head], rel.sentence):
                continue
            edge = (entity_node(head), entity_node(tail), rel.label)
            (by_name if rel in kinds_named and rel.label == "isA" else said).add(edge)
            slot = edges[edge]
            slot["papers"].add(source)
            slot["evidence"].add(rel.sentence)
            confidence[(edge, source)] = max(confidence.get((edge, source), 0.0), rel.confidence)
            if rel.label == "improvesOn":
                slot["datasets"].update(map(entity_node, results.get((rel.head, rel.sentence, "evaluatedOn"), ())))
                slot["metrics"].update(map(entity_node, results.get((rel.head, rel.sentence, "measuredBy"), ())))
    for (source, target), n in sorted(mention_counts.items()):
        graph.add_edge(source, target, key="mentions", type="mentions", weight=n, papers=[source], evidence=[])
        if (source, target) in mention_scores:
            graph.edges[source, target, "mentions"][MENTION_SCORE] = mention_scores[(source, target)]
    # one type per entity, learned from readers: the relations stated of it are evidence too (not
    # a kind a proposal's name gives: "Fast LoRA" makes no Concept of LoRA by being a kind of it)
    stated = [edge for edge in edges if edge not in by_name or edge in said]
    type_model.retype_entities(graph, type_model.stated_roles(stated), kinds)
    field_types(graph)  # a term the corpus names too rarely to type alone: as the field types it
    class_types(graph)  # "tasks such as X", "Y, a benchmark for ...": as its papers class it
    if retype is not None:  # kg.vocab.link.type_by_vocabulary: before the relations need the types
        retype(graph)
    # "GAIA: a benchmark for ...", "We present SOTOPIA, an open-ended environment"
    titled = {paper_node(p): titled_dataset(p.title) or presented_dataset(p.abstract) for p in papers}
    presented: dict[str, set[str | None]] = defaultdict(set)
    for source, node, label in edges:
        if label == "proposes":
            presented[node].add(titled.get(source))
    conjoined = [
        (u, v)
        for (u, v, label), slot in edges.items()
        if label == "conjoinedWith" and max(confidence[((u, v, label), p)] for p in slot["papers"]) >= min_confidence
    ]
    retype_by_names(graph, conjoined, presented)  # "LLaMA-2", "MBPP", "GPU", "GAIA: a benchmark"
    # after typing: a title's words are no evidence of a type; a paper's method and datasets as typed
    evaluated = evaluations(
        papers,
        extractions,
        keys,
        lambda k: graph.nodes[entity_node(k)]["type"],
        lambda paper, k: (paper_node(paper), entity_node(k), "proposes") in edges,
    )
    for edge, (source, stated_by, said_so) in [
        *said_in_titles,
        *(
            ((entity_node(m), entity_node(d), "evaluatedOn"), (paper_node(p), sentence, RESULT_DATASET_CONFIDENCE))
            for p, m, d, sentence in evaluated
        ),
    ]:
        slot = edges[edge]
        slot["papers"].add(source)
        slot["evidence"].add(stated_by)
        confidence[(edge, source)] = max(confidence.get((edge, source), 0.0), said_so)
    for (u, v, label), slot in sorted(edges.items()):
        if label == "proposes":
            graph.add_edge(u, v, key=label, type=label, weight=1, papers=sorted(slot["papers"]), evidence=[])
            continue
        combined = round(noisy_or(confidence[((u, v, label), p)] for p in sorted(slot["papers"])), 4)
        if combined < min_confidence or not ends_fit(label, graph.nodes[u]["type"], graph.nodes[v]["type"]):
            continue
        if label == "isA" and one_name(graph.nodes[u], graph.nodes[v]):
            continue  # "a watermark algorithm named UPV": UPV is the watermark, not a kind of it
        extra: dict[str, object] = {}
        if label == "improvesOn":
            extra = {"datasets": sorted(slot["datasets"]), "metrics": sorted(slot["metrics"])}
        graph.add_edge(
            u,
            v,
            key=label,
            type=label,
            weight=len(slot["papers"]),
            papers=sorted(slot["papers"]),
            evidence=sorted(slot["evidence"]),
            confidence=combined,
            **extra,
        )
    return graph
