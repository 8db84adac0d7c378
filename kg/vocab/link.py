"""Link a kg graph's entities to terms of the open vocabularies (AIO, Papers with Code, ITO).

An entity links when its label (else one of its alt labels) names a vocabulary term, with care for
short and generic names: a word like "model" never links; a single lower-case word links only to a
term of the same kind that it names in full; an abbreviation must be written in capitals, and one of
at most 3 letters links only when it names one concept, of the entity's kind. Linked nodes get

    vocab (IRI of the term), vocab_label, vocab_match ("exact" or "close"),
    broader (IRIs up the term's hierarchy, nearest first)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import networkx as nx

from kg.graph.model import ENTITY_TYPES, VOCABULARY, VocabularyTerm
from kg.graph.terms import term_key
from kg.graph.typing_votes import head_type
from kg.nlp.long_forms import long_form_start
from kg.vocab.field_abbreviations import field_definitions
from kg.vocab.vocabulary import FIELDS, Term, Vocabulary, read_terms

#: Words too generic to link on their own, even when a vocabulary has them as a label.
_GENERIC_WORDS = """
model network learning data method algorithm approach framework system task training inference
optimization performance feature representation embedding attention memory layer function loss input
output response distribution dynamics sample generalization alignment efficiency robustness error
mean score number time text length list table title local general sequential audio video image
sentence prediction reasoning understanding normalization regularization initialization diversity
consistency expression interest relevance coverage focus library platform human evaluate custom dev
unknown restricted unrestricted synthetic fake adversarial descriptive offensive emergent nature
discovery place shift seed spring travel web job letter digit chair car shoe plant skin cancer
anatomy management marketing advertising survey benchmarking blocking cleaning refining purification
sensitivity specificity precision recall validity plausibility purity diffusion decoder encoder
backbone adapter pose stance sketch rhythm unity gravity parallax modularity sparsity hallucination
memorization fairness ethics reasoning guidance cache margin ranking forecasting interpretability AI
ML agent policy reward state action value graph node edge
"""
GENERIC = frozenset(term_key(w) for w in _GENERIC_WORDS.split())

#: Which source wins a tie between equally good names (lower first).
SOURCE_RANK = ("pwc:method", "pwc:task", "pwc:benchmark", "ito:metric", "aio", "ito:process", "pwc:collection")


@dataclass(frozen=True)
class Link:
    term: Term
    match: str  # "exact" or "close"
    name: str  # the term's name that matched


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    """The vocabulary shipped in ``kg/vocab/data`` (read once)."""
    return Vocabulary(read_terms())


def _letters(text: str) -> int:
    return sum(c.isalnum() for c in text)


def _name_like(word: str) -> bool:
    """ "PPO", "ImageNet", "GPT-4", "Adam" look like names; "dropout" or "model" do not."""
    return any(c.isupper() or c.isdigit() for c in word)


def _rank(term: Term, field: str, kind: str) -> tuple[int, int, int, int, str]:
    source = SOURCE_RANK.index(term.source) if term.source in SOURCE_RANK else len(SOURCE_RANK)
    return (FIELDS.index(field) // 2, term.kind != kind, not term.broader, source, term.iri)


def match_text(text: str, kind: str, vocabulary: Vocabulary) -> Link | None:
    """The best term ``text`` names for an entity of ``kind``, or ``None``."""
    key = term_key(text)
    if not key or key in GENERIC:
        return None
    hits = vocabulary.lookup(text)
    # A synonym or abbreviation is too weak a hint on its own when the kinds disagree.
    hits = [h for h in hits if h[1] in ("label", "full") or h[0].kind == kind]
    if text == text.lower():  # abbreviations are written in capitals: "node" is not NODE
        hits = [h for h in hits if h[1] != "abbr"]
    if " " not in text.strip() and not _name_like(text):
        hits = [h for h in hits if h[1] in ("label", "full") and h[0].kind == kind]
    if not hits:
        return None
    if _letters(text) <= 3:
        concepts = {term_key(t.label) for t, _, _ in hits}
        if len(concepts) != 1 or all(t.kind != kind for t, _, _ in hits):
            return None
    term, field, name = min(hits, key=lambda h: _rank(h[0], h[1], kind))
    exact = field in ("label", "full") and term.kind == kind
    return Link(term, "exact" if exact else "close", name)


def link_entity(
    label: str, kind: str, alt_labels: Sequence[str] = (), vocabulary: Vocabulary | None = None
) -> Link | None:
    """The term an entity stands for: by its label, else by its alt labels (then only a close match)."""
    vocab = vocabulary or load_vocabulary()
    found = match_text(label, kind, vocab)
    if found is not None:
        return found
    for alt in alt_labels:
        found = match_text(alt, kind, vocab)
        if found is not None:
            return Link(found.term, "close", found.name)
    return None


#: Sources whose terms are of one kind for sure (the Papers with Code tasks list many methods).
TYPED_SOURCES = frozenset({"pwc:method", "pwc:collection", "aio", "ito:metric", "pwc:benchmark"})


def vocabulary_type(label: str, vocabulary: Vocabulary) -> str | None:
    """The kind the vocabularies agree ``label`` has, or ``None`` (no such term, the sources
    disagree, or the label is a generic word). Terms count by their label or a full name, from a
    source of sure kinds; a task counts when both task lists have it (Papers with Code's alone
    lists many methods) and no sure source says otherwise.

    >>> vocab = Vocabulary([Term("v:nf", "Normalizing Flows", "Method", "pwc:method"),
    ...     Term("p:orl", "Offline RL", "Task", "pwc:task"), Term("i:orl", "Offline RL", "Task", "ito:process"),
    ...     Term("p:cl", "Contrastive Learning", "Task", "pwc:task")])
    >>> [vocabulary_type(t, vocab) for t in ("normalizing flow", "offline RL", "contrastive learning", "latent space")]
    ['Method', 'Task', None, None]
    """
    if term_key(label) in GENERIC:
        return None
    named = [t for t, field, _ in vocabulary.lookup(label) if field in ("label", "full")]
    kinds = {t.kind for t in named if t.source in TYPED_SOURCES}
    if not kinds and {"pwc:task", "ito:process"} <= {t.source for t in named if t.kind == "Task"}:
        return "Task"
    return kinds.pop() if len(kinds) == 1 else None


def vocabulary_kinds(label: str, vocabulary: Vocabulary | None = None) -> set[str]:
    """The "source:kind" of every vocabulary term ``label`` names by its label or a full name
    (evidence for :mod:`kg.graph.type_model`).

    >>> vocab = Vocabulary([Term("v:nf", "Normalizing Flows", "Method", "pwc:method")])
    >>> vocabulary_kinds("normalizing flow", vocab)
    {'pwc:method:Method'}
    """
    vocab = vocabulary or load_vocabulary()
    return {f"{t.source}:{t.kind}" for t, field, _ in vocab.lookup(label) if field in ("label", "full")}


def notion(label: str) -> bool:
    """Whether the head of ``label`` names a notion (:data:`kg.graph.typing_votes.CONCEPT_HEADS`):
    Papers with Code lists "Neural Tangent Kernel" among its methods, but a kernel is a concept.

    >>> notion("neural tangent kernel"), notion("information bottleneck"), notion("normalizing flow")
    (True, True, False)
    """
    return head_type(label) == "Concept"


def type_by_vocabulary(graph: nx.MultiDiGraph, vocabulary: Vocabulary | None = None) -> None:
    """Give an entity the kind the vocabularies agree its label has (:func:`vocabulary_type`; else
    the first of its several-word alt labels they know: "KL divergence" by "Kullback-Leibler
    divergence") when that is Metric or Dataset, or when it is typed Concept (the extractor's
    fallback) and its head does not name a notion (:func:`notion`: "neural tangent kernel" stays a
    Concept); the vocabularies list too many methods as tasks and paradigms as methods to overrule
    a Method or a Task. :func:`kg.graph.build.build_graph` calls it before it keeps the relations
    whose ends have the types they join, so "NASViT measuredBy mIoU" stands once mIoU is a Metric."""
    vocab = vocabulary or load_vocabulary()
    for _, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        # "KL divergence" by "Kullback-Leibler divergence"; never by an abbreviation ("SA"), which names many things
        names = [data.get("label", ""), *(alt for alt in data.get("alt_labels", []) if " " in alt)]
        kind = next(filter(None, (vocabulary_type(name, vocab) for name in names)), None)
        if kind in ("Metric", "Dataset") or (kind and data["type"] == "Concept" and not notion(data["label"])):
            data["type"] = kind


def link_graph(graph: nx.MultiDiGraph, vocabulary: Vocabulary | None = None) -> None:
    """Set ``vocab``, ``vocab_label``, ``vocab_match`` and ``broader`` on every entity that links
    (its type as :func:`type_by_vocabulary` and the thesaurus left it), and the linked terms with
    their ancestors as the graph's ``vocabulary`` attribute."""
    vocab = vocabulary or load_vocabulary()
    for _, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        for attr in ("vocab", "vocab_label", "vocab_match", "broader"):
            data.pop(attr, None)
        found = link_entity(data.get("label", ""), data["type"], data.get("alt_labels", []), vocab)
        if found is not None:
            data["vocab"] = found.term.iri
            data["vocab_label"] = found.term.label
            data["vocab_match"] = found.match
            data["broader"] = vocab.ancestors(found.term.iri)
    attach_terms(graph, vocab)


def attach_terms(graph: nx.MultiDiGraph, vocabulary: Vocabulary | None = None) -> None:
    """Set the graph's ``vocabulary`` attribute: the terms its entities link to (``vocab``) and
    their ancestors (``broader``), with label, source and parents, which the RDF mapping writes.

    :func:`link_graph` calls it; so does reading a node-link JSON graph, which does not hold them.
    """
    vocab = vocabulary or load_vocabulary()
    linked = {
        iri
        for _, data in graph.nodes(data=True)
        if data.get("vocab")
        for iri in (data["vocab"], *data.get("broader", []))
    }
    terms: dict[str, VocabularyTerm] = {
        t.iri: {"label": t.label, "source": t.source, "broader": list(t.broader)}
        for t in vocab.terms_for(sorted(linked))
    }
    graph.graph.pop(VOCABULARY, None)
    if terms:
        graph.graph[VOCABULARY] = terms


def gazetteer_entries(vocabulary: Vocabulary | None = None) -> list[dict[str, str]]:
    """spaCy ``EntityRuler`` patterns ``{"label": kind, "pattern": name, "id": iri}`` of every term's
    label, full names and abbreviations that :func:`match_text` would link back to a term of that kind."""
    vocab = vocabulary or load_vocabulary()
    entries: dict[tuple[str, str], str] = {}
    for term in vocab.terms.values():
        for field, name in term.names():
            if field != "alt" and (term.kind, name) not in entries:
                found = match_text(name, term.kind, vocab)
                if found is not None and found.term.kind == term.kind:
                    entries[(term.kind, name)] = found.term.iri
    return [{"label": k, "pattern": p, "id": iri} for (k, p), iri in sorted(entries.items(), key=lambda e: e[0][::-1])]


def abbreviation_pairs(vocabulary: Vocabulary | None = None) -> list[tuple[str, str]]:
    """``(short, long)`` for every abbreviation in the vocabulary: ``("PPO", "Proximal Policy Optimization")``.

    A synonym written in capitals counts as an abbreviation too (ITO lists "FID" as a synonym). A
    short form can appear with several long forms ("SAE"); the list is sorted and has no repeats.
    """
    vocab = vocabulary or load_vocabulary()
    return sorted({(a, t.label) for t in vocab.terms.values() for a in (*t.abbreviations, *_capitals(t.alt_labels))})


def _capitals(names: Iterable[str]) -> list[str]:
    """The synonyms written as an abbreviation (2 to 6 capitals: "FID" beside "Frechet Inception Distance")."""
    return [n for n in names if 2 <= len(n) <= 6 and n.isalpha() and n.isupper()]


def _operation(short: str, long: str) -> str:
    """A layer class's long form as the operation its abbreviation names: AIO calls the class
    "BatchNormalization Layer", but a paper's "BatchNorm" is batch normalization. A short form
    that spells the layer keeps it ("LGCL", "CT-Layer").

    >>> _operation("BatchNorm", "BatchNormalization Layer"), _operation("LGCL", "Learnable graph convolutional layer")
    ('BatchNormalization', 'Learnable graph convolutional layer')
    """
    if long.endswith(" Layer") and not short.endswith(("L", "Layer")):
        return long[: -len(" Layer")]
    return long


def _headed(short: str, long: str) -> bool:
    """Whether ``long`` is ``short`` with a head word, not what it stands for: AIO's label "ReLU
    Function" for "ReLU", "BLEU score" for "BLEU" (a paper's "ReLU" is no "ReLU Function").

    >>> _headed("ReLU", "ReLU Function"), _headed("CIDER", "CIDEr"), _headed("PPO", "Proximal Policy Optimization")
    (True, False, False)
    """
    words = long.casefold().split()
    return len(words) > 1 and short.casefold() in words


def known_definitions(
    vocabulary: Vocabulary | None = None, field: Iterable[tuple[str, str]] | None = None
) -> list[tuple[str, str]]:
    """Abbreviation pairs whose long form's initials spell the short form ("PPO" = "Proximal
    Policy Optimization"; or a term's full name does, for a short form of three letters or more),
    safe to use when a paper does not define the abbreviation itself, and
    the short names that are a term's own label, each paired with itself ("COCO" = "COCO"): one
    paper's "controllable counterfactuals (COCO)" must not rename the dataset in every other paper.
    Then the field's abbreviations the vocabularies lack (``field``; by default the shipped
    :func:`~kg.vocab.field_abbreviations.field_definitions`)."""
    vocab = vocabulary or load_vocabulary()
    pairs = [(short, _operation(short, long)) for short, long in abbreviation_pairs(vocab)]
    spelled = [(s, long) for s, long in pairs if long_form_start(s, long.split()) == 0 and not _headed(s, long)]
    taken = {term_key(short) for short, _ in spelled}
    spelled += [  # a term's full name that the short form spells when its label does not: "ConvNet" is a
        # "Convolutional Neural Network", not a "Deep Convolutional Network"; two letters are too ambiguous
        (short, full)
        for t in vocab.terms.values()
        for short in t.abbreviations
        for full in t.full_names
        if len(short) > 2 and term_key(short) not in taken and long_form_start(short, full.split()) == 0
    ]
    shorts = {short for short, _ in spelled}
    names = {(label, label) for label in _capitals(t.label for t in vocab.terms.values()) if label not in shorts}
    known = {term_key(short) for short, _ in (*spelled, *names)}
    extra = {(s, long) for s, long in (field_definitions() if field is None else field) if term_key(s) not in known}
    return sorted({*spelled, *names, *extra})
