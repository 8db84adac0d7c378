"""How sure kg is that an entity node is one a researcher wants: a confidence per entity.

A logistic model, averaged with a forest of shallow boosted trees over the same features
(:mod:`kg.graph.forest`), over what the build knows of the entity, whatever the corpus size: the words
of its label (head word, first word, every word), its shape (length, capitals inside a word,
digits, hyphens, an abbreviation), its type, whether a paper proposes it, whether it links to an
open vocabulary (exact or close), how its papers use it and how its words behave in machine
learning abstracts at large (:mod:`kg.graph.entity_evidence`). The weights are fitted on kg's
development samples (the 100 ICLR 2022 abstracts and 55 samples of 30 from ICLR 2020-2022 and
NeurIPS 2020, read by hand, each built inside its conference and alone, and the nodes of 600 more
ICLR 2022 papers judged by reading; the fresh samples dev57-dev64 are left out:
``scripts/train_entity_confidence.py``) and shipped as data beside this module.

``score_entities`` sets ``confidence`` on every entity node. A paper's link to an entity has a
confidence of its own: the entity's, moved by how sure the pipeline is of the paper's best mention
of it (:func:`link_confidence`). ``drop_unsure`` removes the links below a threshold, and the
entities no paper links to any more, with their edges (``kg build --min-confidence``), and
``drop_unnamed_relations`` the relations no paper stating them still names both ends of.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx

from kg.graph.citations import cited_author
from kg.graph.descriptions import description_cap
from kg.graph.entity_evidence import english_features, usage_features, word_features
from kg.graph.forest import Forest
from kg.graph.model import ENTITY_TYPES, HIDDEN_LABELS, MENTION_SCORE, PAPER_RELATIONS, RELATIONS, VOCABULARY
from kg.graph.reader_rates import capped
from kg.text import of_construct, singular

MODEL_PATH = Path(__file__).resolve().parent / "data" / "entity_confidence.json"
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")


def entity_features(data: Mapping[str, Any]) -> list[str]:
    """The features of one entity node (its attributes as :mod:`kg.graph.model` defines them).

    >>> entity_features({"label": "large amount", "type": "Concept", "alt_labels": ["large amounts"]})[:4]
    ['type=Concept', 'head=amount', 'first=large', 'n=2']
    >>> "abbreviation" in entity_features({"label": "Forward Learning", "type": "Method", "hidden_labels": ["FL"]})
    True
    """
    label = str(data.get("label", ""))
    words = _WORD.findall(label) or [label]
    low = [w.lower() for w in words]
    # a short form the paper defined is evidence of a term, shown or hidden (kg.graph.hidden_labels)
    alts = [str(a) for a in (*data.get("alt_labels", ()), *data.get(HIDDEN_LABELS, ()))]
    feats = [
        f"type={data.get('type')}",
        f"head={singular(low[-1])}",
        f"first={low[0]}",
        f"n={min(len(words), 4)}",
        *(f"w={w}" for w in dict.fromkeys(low) if w != "of" or not of_construct(label)),
        f"type={data.get('type')}&head={singular(low[-1])}",
    ]
    if any(any(c.isupper() for c in w[1:]) for w in words):
        feats.append("inner_capital")  # LoRA, ImageNet, GPT
    if any(c.isdigit() for c in label):
        feats.append("digit")
    if "-" in label:
        feats.append("hyphen")
    if label[:1].isupper():
        feats.append("capitalized")
    if any(a.isupper() and len(a) >= 2 and " " not in a for a in alts) or (label.isupper() and len(label) >= 2):
        feats.append("abbreviation")
    if data.get("proposed_by"):
        feats.append("proposed")
    if data.get("vocab"):
        feats.append(f"vocab={data.get('vocab_match', 'close')}")
    if len(words) == 1 and label.islower():
        feats.append("one_common_word")
    return feats


@dataclass(frozen=True)
class EntityModel:
    weights: Mapping[str, float]
    bias: float
    threshold: float  # the default --min-confidence
    forest: Forest | None = None  # averaged with the logistic regression when there is one
    mention_weight: float = 0.0  # how far a mention's score moves a link (link_confidence)
    mention_center: float = 0.5  # the score that leaves a link at the entity's confidence

    def linear(self, features: Mapping[str, float]) -> float:
        """The logistic regression's probability alone."""
        z = self.bias + sum(self.weights.get(f, 0.0) * v for f, v in features.items())
        return 1.0 / (1.0 + math.exp(-z))

    def confidences(self, rows: Sequence[Mapping[str, float]]) -> list[float]:
        """The model's probability for each row of features (names with values)."""
        linear = [self.linear(row) for row in rows]
        if self.forest is None or not rows:
            return linear
        return [(a + float(b)) / 2 for a, b in zip(linear, self.forest.probabilities(rows), strict=True)]

    def confidence(self, features: Iterable[str] | Mapping[str, float]) -> float:
        """The model's probability for ``features``: names (each worth 1) or names with values."""
        values = features if isinstance(features, Mapping) else dict.fromkeys(features, 1.0)
        return self.confidences([values])[0]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bias": self.bias, "threshold": self.threshold}
        out.update(mention_weight=self.mention_weight, mention_center=self.mention_center)
        out["weights"] = dict(sorted(self.weights.items()))
        if self.forest is not None:
            out["forest"] = self.forest.to_json()
        return out


@cache
def load_model(path: Path = MODEL_PATH) -> EntityModel:
    data = json.loads(path.read_text(encoding="utf-8"))
    forest = Forest.from_json(data["forest"]) if "forest" in data else None
    blend = float(data.get("mention_weight", 0.0)), float(data.get("mention_center", 0.5))
    return EntityModel(data["weights"], float(data["bias"]), float(data["threshold"]), forest, *blend)


def all_features(graph: nx.MultiDiGraph) -> dict[Hashable, dict[str, float]]:
    """Every entity node's features: its own (:func:`entity_features`), how its papers use it
    and how its words behave (:mod:`kg.graph.entity_evidence`)."""
    labels: dict[Hashable, list[str]] = {}
    for paper, entity in graph.edges():
        if graph.nodes[paper].get("type") == "Paper" and graph.nodes[entity].get("type") in ENTITY_TYPES:
            labels.setdefault(paper, []).append(str(graph.nodes[entity].get("label", "")).lower())
    out: dict[Hashable, dict[str, float]] = {}
    for node, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        papers = [
            (str(graph.nodes[p].get("title", "")), str(graph.nodes[p].get("abstract", "")), labels.get(p, []))
            for p in data.get("papers", ())
            if p in graph
        ]
        out[node] = {
            **dict.fromkeys(entity_features(data), 1.0),
            **usage_features(data, papers),
            **word_features(str(data.get("label", ""))),
            **english_features(str(data.get("label", ""))),
        }
    return out


def score_entities(
    graph: nx.MultiDiGraph, model: EntityModel | None = None, not_name: Callable[[str], bool] | None = None
) -> None:
    """Set ``confidence`` (0-1, three decimals) on every entity node that has none yet (a
    thesaurus rule that keeps, renames or merges into an entity gives it 1.0: the user said so);
    a cited author ("Uria et al. (2014)", :mod:`kg.graph.citations`) gets 0, and so does an entity
    every name of which ``not_name`` says is none (the build passes
    :func:`kg.nlp.lexicon.word_not_name`: "drive", taken for the DRIVE dataset)."""
    model = model or load_model()
    unscored = {n: f for n, f in all_features(graph).items() if "confidence" not in graph.nodes[n]}
    for node, confidence in zip(unscored, model.confidences(list(unscored.values())), strict=True):
        data = graph.nodes[node]
        abstracts = (str(graph.nodes[p].get("abstract", "")) for p in data.get("papers", ()) if p in graph)
        label = str(data.get("label", ""))
        names = [label, *(str(a) for a in data.get("alt_labels", ()))]
        dropped = (not_name is not None and all(map(not_name, names))) or cited_author(label, abstracts)
        confidence = capped(confidence, label)  # "machine learning": rarely a paper's node
        # read only where a name of one paper may describe: how often it writes it ("KV cache" twice)
        texts = (
            f"{graph.nodes[p].get('title') or ''}\n{graph.nodes[p].get('abstract') or ''}"
            for p in data.get("papers", ())
            if p in graph
        )
        confidence = description_cap(data, confidence, texts)  # "a hierarchical generative approach"
        if titled_dataset(data):
            confidence = max(confidence, model.threshold)
        data["confidence"] = 0.0 if dropped else round(confidence, 3)


def titled_dataset(data: Mapping[str, Any]) -> bool:
    """A dataset named in title case, two words or more: "Open Graph Benchmark", "United Nations
    Parallel Corpus". Its name says it is one; the model, which has seen few, is not to drop it.

    >>> titled_dataset({"type": "Dataset", "label": "Open Graph Benchmark"})
    True
    >>> [titled_dataset(d) for d in ({"type": "Dataset", "label": "graph benchmark"},
    ...     {"type": "Method", "label": "Stable Neighbor Search"}, {"type": "Dataset", "label": "ImageNet"})]
    [False, False, False]

    A word's leading dash or bracket is not its first letter: "Open Graph Benchmark -Large Scale
    Challenge", "WMT (English-German)".

    >>> titled_dataset({"type": "Dataset", "label": "Open Graph Benchmark -Large Scale Challenge"})
    True
    """
    words = [w.lstrip("-–—([") for w in str(data.get("label", "")).split()]
    return (
        data.get("type") == "Dataset"
        and len(words) >= 2
        and all(w[:1].isupper() or w[:1].isdigit() for w in words if w)
        and all(words)
    )


def link_confidence(entity: float, score: float | None, model: EntityModel) -> float:
    """The confidence of one paper's link to an entity: the entity's, moved by the score of the
    paper's best mention of it (:mod:`kg.nlp.mention_scores`) away from ``mention_center``. An
    entity a rule gave 1.0 or 0.0 (:func:`score_entities`) stays there, and so does a link
    without a score (another extractor).

    >>> model = EntityModel({}, 0.0, 0.28, mention_weight=0.4, mention_center=0.5)
    >>> [link_confidence(0.3, s, model) for s in (0.9, 0.5, 0.1, None)]
    [0.46, 0.3, 0.14, 0.3]
    >>> link_confidence(1.0, 0.1, model), link_confidence(0.0, 0.9, model)
    (1.0, 0.0)
    """
    if score is None or not 0.0 < entity < 1.0:
        return entity
    return round(min(1.0, max(0.0, entity + model.mention_weight * (score - model.mention_center))), 3)


def drop_unsure(graph: nx.MultiDiGraph, threshold: float, model: EntityModel | None = None) -> int:
    """Remove the papers' links to entities whose confidence (:func:`link_confidence`) is below
    ``threshold``, then the entities no paper links to any more (or, linked to none, whose own
    ``confidence`` is below it), with their edges and the vocabulary terms only they linked to
    (the graph's ``vocabulary`` table); how many entities. A dataset named in title case
    (:func:`titled_dataset`) keeps its links."""
    model = model or load_model()
    unsure, weak = [], []
    for node, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        confidence = float(data.get("confidence", 1.0))
        papers = [p for p in graph.predecessors(node) if graph.nodes[p].get("type") == "Paper"]
        if not papers or titled_dataset(data):
            if confidence < threshold:
                unsure.append(node)
            continue
        scores = {p: graph.get_edge_data(p, node, "mentions", {}).get(MENTION_SCORE) for p in papers}
        low = [p for p in papers if link_confidence(confidence, scores[p], model) < threshold]
        if len(low) == len(papers):
            unsure.append(node)
        else:
            weak += [(p, node) for p in low]
    graph.remove_nodes_from(unsure)
    for paper, node in weak:
        unlink(graph, paper, node)
    if unsure:
        prune_vocabulary(graph)
    return len(unsure)


def prune_vocabulary(graph: nx.MultiDiGraph) -> None:
    """Keep in the graph's ``vocabulary`` table only the terms its entities still link to (and
    their ancestors), once entities were removed."""
    terms = graph.graph.get(VOCABULARY)
    if not terms:
        return
    linked = {
        iri
        for _, data in graph.nodes(data=True)
        if data.get("vocab")
        for iri in (data["vocab"], *data.get("broader", []))
    }
    kept = {iri: term for iri, term in terms.items() if iri in linked}
    if kept:
        graph.graph[VOCABULARY] = kept
    else:
        del graph.graph[VOCABULARY]


def unlink(graph: nx.MultiDiGraph, paper: Hashable, node: Hashable) -> None:
    """Remove a paper's mentions and proposes edges to an entity, and the paper from its counts."""
    data = graph.nodes[node]
    mentions = graph.get_edge_data(paper, node, "mentions", {})
    for key in ("mentions", "proposes"):
        if graph.has_edge(paper, node, key):
            graph.remove_edge(paper, node, key)
    for attr in ("papers", "proposed_by"):
        if paper in data.get(attr, ()):
            data[attr] = [p for p in data[attr] if p != paper]
    data["paper_count"] = len(data.get("papers", ()))
    data["count"] = max(0, int(data.get("count", 0)) - int(mentions.get("weight", 0)))


def drop_unnamed_relations(graph: nx.MultiDiGraph) -> int:
    """Remove the relations no paper that states them still names both ends of (``mentions`` or
    ``proposes``), once links were removed (:func:`drop_unsure`) or made ``about`` links
    (:mod:`kg.graph.named_inside`): a paper's relation to what it does not name is a relation to a
    node that is none of the paper's entities (the held-out readers judged 6 of 26 such statements
    right). A relation no paper states (derived) stays, and so does one that some paper stating it
    names both ends of, with all its papers; how many were removed."""
    named: dict[Hashable, set[Hashable]] = {}
    for paper, node, key in graph.edges(keys=True):
        if key in PAPER_RELATIONS:
            named.setdefault(paper, set()).add(node)
    unnamed = [
        (u, v, key)
        for u, v, key, data in graph.edges(keys=True, data=True)
        if key in RELATIONS and data.get("papers") and not any({u, v} <= named.get(p, set()) for p in data["papers"])
    ]
    graph.remove_edges_from(unnamed)
    return len(unnamed)
