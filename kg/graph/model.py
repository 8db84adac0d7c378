"""The graph model every exporter reads: a ``networkx.MultiDiGraph``.

Nodes
    Paper nodes, id ``paper/<key>``::

        type="Paper", label=<title or first words>, title, abstract, url,
        code (list[str]), authors (list[str]), year (int|None), venue, key

    Entity nodes, id ``entity/<normalized key>``::

        type in ENTITY_TYPES, label (preferred label), alt_labels (list[str], sorted),
        hidden_labels (list[str], sorted, where any: short forms that name a better-known entity,
        "COCO" for one paper's "controllable counterfactuals"; :mod:`kg.graph.hidden_labels`),
        papers (list of paper node ids that mention it, sorted), paper_count (int),
        count (int: mentions over all papers), proposed_by (list of paper node ids),
        cluster (int: 0.. numbered by decreasing size, ties by label; -1 for unclustered),
        cluster_label (str: the cluster's label, "" for unclustered),
        broader_entities (list of entity node ids whose name heads its own, where any:
        "offline RL" -> "reinforcement learning", set by :func:`kg.graph.naming.link_broader`)
        and, where some of its papers have a year:
        years (dict {year (int): papers of that year naming it}, in year order),
        mean_year (float: the mean year of those papers, rounded to 2 decimals)

    ``cluster``/``cluster_label`` are set by :func:`kg.graph.clusters.add_clusters` (which says how
    entities are clustered), ``years``/``mean_year`` by :func:`kg.graph.trends.add_years`; a build
    sets both after linking vocabularies, before the exports.

Edges (``u, v, key=<relation>``, one per relation type between two nodes)
    ``type`` (= key), ``weight`` (number of papers that support it), ``papers`` (list of paper
    node ids), ``evidence`` (list of sentences, for relations between entities).

    paper -> entity: ``mentions`` (every entity the abstract names; ``weight`` is how often, and
    ``mention_score`` the score of its best mention, :data:`MENTION_SCORE`) and ``proposes``
    (what the paper itself contributes; such an entity is also mentioned), and ``about`` (ABOUT:
    what the abstract names only inside a longer name it mentions, "reinforcement learning" of
    "offline reinforcement learning": the paper is about it, it is not one of the paper's own
    entities and is not in the entity's ``papers``; :mod:`kg.graph.named_inside`).
    entity -> entity: the keys of RELATIONS.

Graph attributes
    ``vocabulary``: the vocabulary terms entities link to and their ancestors, by IRI:
    ``{"label", "source", "broader": [parent IRIs]}`` (set by :func:`kg.vocab.link_graph`), so
    the exporters write the terms without reading the vocabularies.
    ``clusters``: ``{cluster id (int): {"label": str, "terms": [labels of its top terms, most papers
    first], "size": number of entities}}`` for every cluster but -1 (set with ``cluster``).

Lists stay lists here; flat formats (GraphML, GEXF, CSV) join them with ``LIST_SEPARATOR`` and
leave ``years`` out (``mean_year`` stays). Node-link JSON keeps everything, with the keys of
``years`` and ``clusters`` as strings, as JSON has them (:func:`kg.api.load` makes them ints again).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypedDict

import networkx as nx

ENTITY_TYPES = ("Method", "Task", "Dataset", "Metric", "Material", "Concept")
NODE_TYPES = ("Paper", *ENTITY_TYPES)

#: Paper -> entity relations.
PAPER_RELATIONS = ("mentions", "proposes")
#: Paper -> entity: named only inside a longer name the paper mentions (:mod:`kg.graph.named_inside`).
ABOUT = "about"
#: Every paper -> entity link: the paper's own entities and what it is about through a longer name.
PAPER_LINKS = (*PAPER_RELATIONS, ABOUT)

#: Entity -> entity relations, with what each means ("A uses B").
RELATIONS = {
    "uses": "A uses B (B is used for A)",
    "addresses": "method A addresses task B",
    "evaluatedOn": "A is evaluated on dataset B",
    "measuredBy": "A is measured by metric B",
    "improvesOn": "A improves on B",
    "comparedWith": "A is compared with B",
    "isA": "A is a kind of B",
    "partOf": "A is part of B",
    "featureOf": "A is a feature or property of B",
    "conjoinedWith": "A is used or named together with B (in the same role)",
}

LIST_SEPARATOR = " | "

PAPER_PREFIX = "paper/"
ENTITY_PREFIX = "entity/"


def new_graph() -> nx.MultiDiGraph:
    return nx.MultiDiGraph(name="kg")


def papers(graph: nx.MultiDiGraph) -> list[str]:
    return [n for n, d in graph.nodes(data=True) if d.get("type") == "Paper"]


#: The graph attribute holding the linked vocabulary terms (see the module's docstring).
VOCABULARY = "vocabulary"
#: Entity node attribute: the entities whose names head its own (``skos:broader`` in RDF).
BROADER_ENTITIES = "broader_entities"
#: Entity node attribute: its short forms that name another, better-known entity
#: (``skos:hiddenLabel`` in RDF; :mod:`kg.graph.hidden_labels`).
HIDDEN_LABELS = "hidden_labels"
#: Mentions edge attribute: the score of the paper's best mention of the entity, how sure the
#: pipeline is that a reader wants it there (:mod:`kg.nlp.mention_scores`); it moves the
#: confidence of that paper's link (:func:`kg.graph.confidence.link_confidence`).
MENTION_SCORE = "mention_score"


class VocabularyTerm(TypedDict):
    label: str
    source: str
    broader: list[str]


def ancestors(iri: str, parents: Callable[[str], Iterable[str]]) -> list[str]:
    """IRIs up a hierarchy from ``iri``, nearest first, each once (breadth first, parents sorted).

    >>> up = {"ppo": ["policy-gradient"], "policy-gradient": ["rl", "optimization"]}
    >>> ancestors("ppo", lambda t: up.get(t, ()))
    ['policy-gradient', 'optimization', 'rl']
    """
    out: dict[str, None] = {}
    frontier = [iri]
    while frontier:
        nxt = []
        for node in frontier:
            for parent in sorted(parents(node)):
                if parent != iri and parent not in out:
                    out[parent] = None
                    nxt.append(parent)
        frontier = nxt
    return list(out)


def int_keys(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """Make the keys of ``years`` and of the ``clusters`` graph attribute ints again, after JSON
    (whose keys are strings); returns the graph.

    >>> g = new_graph()
    >>> g.add_node("entity/x", type="Method", years={"2024": 3})
    >>> g.graph["clusters"] = {"0": {"label": "x", "terms": ["x"], "size": 1}}
    >>> int_keys(g).nodes["entity/x"]["years"], list(g.graph["clusters"])
    ({2024: 3}, [0])
    """
    if "clusters" in graph.graph:
        graph.graph["clusters"] = {int(k): v for k, v in graph.graph["clusters"].items()}
    for _, data in graph.nodes(data=True):
        if "years" in data:
            data["years"] = {int(k): v for k, v in data["years"].items()}
    return graph
