"""The learned SciERC extractor's output, mapped into kg's mentions and relations.

Two thin components over plain functions, placed after the rule components (whose output
stays as it was):

* ``kg_learned_mentions``: each learned mention in ``doc.spans["sc"]`` (see
  :mod:`kg.nlp.relation_classifier`) is trimmed and filtered like a rule candidate (a single
  common noun must occur twice) and added to ``doc.spans["kg_mentions"]`` with kg's type:
  Method, Task and Metric as they are, Material as Dataset when it is named or headed like one
  ("CIFAR-10", "a benchmark") and as Material otherwise, OtherScientificTerm as Concept.
  Generic mentions ("this approach") never become mentions. Where the rules found the same
  span, their type stays.
* ``kg_learned_relations``: each SciERC relation between two kept mentions becomes a kg
  relation (:func:`map_relation`); a Generic argument that refers to the paper's own work
  ("our method", "it" after the contribution is named) stands for the first proposed mention,
  otherwise the relation is dropped. Rule and learned relations are combined by evidence
  (:func:`learned_relations`): each gets a confidence.
"""

from __future__ import annotations

from functools import cache

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.abbreviations import without_qualifiers
from kg.nlp.comparisons import compared
from kg.nlp.evidence import (
    coordinated,
    crosses_contrast,
    is_name,
    linked,
    names_quality,
    negated,
    object_of_verb,
    one_name,
    path,
    renamed,
    same_thing,
    states_property,
    states_use,
    types_fit,
    unstated,
    where_evaluated,
)
from kg.nlp.hyphened import counted_kind
from kg.nlp.kind_nouns import kind_path
from kg.nlp.kind_superlatives import with_superlative
from kg.nlp.lexicon import Lexicon, known_types, load_lexicon
from kg.nlp.mentions import SPANS_KEY, evaluated_on, head_type, keep, noun_counts
from kg.nlp.name_runs import with_name_runs
from kg.nlp.of_terms import with_of_terms
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.scierc import SPAN_KEY
from kg.nlp.span_edges import titled_name, trim
from kg.nlp.spans import Relation, called_name, described_name, name_inside, relations_of
from kg.nlp.titled import main_of
from kg.nlp.versions import ends_named, with_versions
from kg.nlp.word_pieces import is_named

#: SciERC mention type -> kg type (Material is decided per mention, Generic is never kept).
SCIERC_TYPES = {"Method": "Method", "Task": "Task", "Metric": "Metric", "OtherScientificTerm": "Concept"}
#: Words that make a Generic mention refer to the paper's own contribution.
_OWN_WORK = frozenset({"our", "we", "this", "it", "proposed", "novel", "new", "present"})
#: Heads of "our [method]" whose "our" the learned span may leave out.
_OWN_HEADS = frozenset({"method", "approach", "framework", "model", "algorithm", "architecture", "technique", "system"})


def kg_type(span: Span, scierc_label: str, lexicon: Lexicon, known: dict[str, str]) -> str | None:
    """kg's type for a learned mention, or None for Generic."""
    if scierc_label == "Generic":
        return None
    listed = known.get(span.text.lower())
    if scierc_label == "Material":
        if listed == "Dataset" or head_type(span, lexicon) == "Dataset" or any(is_named(t) for t in span):
            return "Dataset"
        return "Material"
    kind = SCIERC_TYPES.get(scierc_label, "Concept")
    if kind == "Method" and listed is None and any(is_named(t) for t in span) and evaluated_on(span.root):
        return "Dataset"  # "strong results on the GERBIL benchmarking platform"
    if kind == "Concept":
        return listed or head_type(span, lexicon) or kind
    return kind


def learned_mentions(doc: Doc, lexicon: Lexicon, known: dict[str, str]) -> list[Span]:
    """The rule mentions of ``doc`` merged with its learned ones, sorted, one label per span."""
    found = {(s.start, s.end): s.label_ for s in doc.spans.get(SPANS_KEY, [])}
    datasets = [(s, e) for (s, e), lab in found.items() if lab == "Dataset"]
    counts = noun_counts(doc)
    for span in doc.spans.get(SPAN_KEY, []):
        trimmed = with_superlative(trim(span, lexicon))
        if not len(trimmed) or trimmed[0].pos_ == "VERB" or not keep(trimmed, lexicon, counts, repeats=2):
            continue
        kind = kg_type(trimmed, span.label_, lexicon, known)
        if kind is None:
            continue
        key = (trimmed.start, trimmed.end)
        if (trimmed.start - 1, trimmed.end) in found and counted_kind(doc, trimmed.start - 1):
            continue  # "two layer linear networks": the count makes the kind, no "layer linear networks"
        if (
            kind == "Dataset"
            and not (ends_named(trimmed) or titled_name(trimmed))
            and any(trimmed.start <= s and e <= trimmed.end and (s, e) != key for s, e in datasets)
        ):
            continue  # "the MuJoCo benchmark": like the rules, keep the name, not the phrase
        found.setdefault(key, kind)
    grown = without_qualifiers(doc, with_of_terms(doc, with_name_runs(doc, with_versions(doc, found))))
    return [Span(doc, s, e, label=lab) for (s, e), lab in sorted(grown.items())]


def _refers_to_own_work(span: Span, main: Span) -> bool:
    """ "our method", "the proposed approach" after the contribution is named; the words before the
    head may lie outside the learned span ("our [method]")."""
    root = span.root
    before = [c for c in root.children if c.i < span.start] if root.lemma_.lower() in _OWN_HEADS else []
    own = any(t.lower_ in _OWN_WORK for t in span) or any(t.lower_ in {"our", "proposed", "novel"} for t in before)
    return span.sent.start >= main.sent.start and own


#: SciERC relation -> kg relation as (label, reversed), decided by the argument types.
def map_relation(label: str, head_type_: str, tail_type: str) -> tuple[str, bool] | None:
    """kg's relation for SciERC ``head label tail`` (``True``: kg's relation goes tail -> head)."""
    if label == "USED-FOR":
        return ("addresses", False) if tail_type == "Task" else ("uses", True)
    if label == "EVALUATE-FOR":
        if head_type_ == "Metric":
            return "measuredBy", True
        return ("evaluatedOn", True) if head_type_ == "Dataset" else None
    simple = {
        "HYPONYM-OF": "isA",
        "PART-OF": "partOf",
        "COMPARE": "comparedWith",
        "FEATURE-OF": "featureOf",
        "CONJUNCTION": "conjoinedWith",
    }
    return (simple[label], False) if label in simple else None


#: A learned relation whose ends no short dependency path links needs at least this score.
UNLINKED_MIN_SCORE = 0.8
#: Factors on a learned relation's score: no short path links its ends (only a sentence shared); odd types.
UNLINKED_FACTOR = 0.5
ODD_TYPES_FACTOR = 0.6
#: Head types a relation expects (kg's guidelines: addresses method -> task, ...).
_HEAD_TYPES = {
    "addresses": {"Method"},
    "evaluatedOn": {"Method"},
    "improvesOn": {"Method"},
    "uses": {"Method"},
    "measuredBy": {"Method", "Task"},
}
#: Factor on a ``uses`` whose user is the object of the verb that uses ("X learns Y using Z"),
#: and on a ``featureOf`` the parse does not state as "the P of X".
OBJECT_FACTOR = 0.4
UNSTATED_FEATURE_FACTOR = 0.4
_TAIL_TYPES = {"addresses": {"Task"}, "evaluatedOn": {"Dataset"}, "measuredBy": {"Metric"}}


def oriented(label: str, head: Span, tail: Span, proposed: set[tuple[int, int]]) -> bool:
    """Is ``head label tail`` the right way round by the arguments (narrower/new/user first)?

    What the paper proposes uses, improves on and is a kind of what it does not propose, not the
    reverse; a named thing ("ToolEval") is a kind of a described one ("automatic evaluator").
    """
    if label not in {"uses", "isA", "improvesOn", "partOf"}:
        return True
    head_new, tail_new = (head.start, head.end) in proposed, (tail.start, tail.end) in proposed
    if tail_new and not head_new:
        return label == "partOf"  # "the encoder of X": the part may be the new thing
    # "ToolEval isA automatic evaluator", "ImageNet isA large dataset", not the reverse
    return not (label == "isA" and is_name(tail) and not is_name(head))


def learned_relations(doc: Doc, lexicon: Lexicon) -> list[Relation]:
    """The rules' relations (``doc._.kg_relations``) combined by evidence with the learned ones.

    * a learned relation that agrees with a rule's (same pair, label and direction) raises the
      rule's confidence (noisy-or of the two);
    * one on a pair the rules relate otherwise (another label, or the reverse direction) is dropped;
    * one whose statement is negated ("X does not use Y"), or that crosses a contrast ("unlike X,
      Y ...") is dropped; ``conjoinedWith`` needs the parse to coordinate the two;
    * one with the wrong argument order (:func:`oriented`) is turned round, or dropped when it
      is symmetric in kind;
    * otherwise its confidence is the classifier's probability, lowered when no short dependency
      path links the two (``uses`` with none is dropped below :data:`UNLINKED_MIN_SCORE`) and
      when the argument types are unusual for the relation.
    """
    rules = relations_of(doc._.kg_relations)
    by_pair = {frozenset({(r.head_start, r.head_end), (r.tail_start, r.tail_end)}): k for k, r in enumerate(rules)}
    mentions = {(s.start, s.end): s for s in doc.spans.get(SPANS_KEY, [])}
    proposed_spans = list(doc.spans.get(PROPOSED_KEY, []))
    proposed = {(s.start, s.end) for s in proposed_spans}
    main = main_of(doc, proposed_spans)
    learned_label = {(s.start, s.end): s.label_ for s in doc.spans.get(SPAN_KEY, [])}

    @cache  # a mention is an argument of many of the classifier's pairs
    def argument(start: int, end: int) -> Span | None:
        span = doc[start:end]
        if learned_label.get((start, end)) == "Generic":
            named = described_name(span, mentions)
            if named is not None:
                return named
            return main if main is not None and _refers_to_own_work(span, main) else None
        trimmed = trim(span, lexicon)
        if not len(trimmed):
            return None
        if (trimmed.start, trimmed.end) in mentions:
            found = mentions[(trimmed.start, trimmed.end)]
            return called_name(found, mentions) or found
        # "the Cora dataset": Cora, a name of what the phrase heads; not "order-agnostic models" of
        # "a model class encompassing order-agnostic models", which the phrase is not about
        root = trimmed.root
        inside = [
            m
            for (s, e), m in mentions.items()
            if trimmed.start <= s and e <= trimmed.end and (s <= root.i < e or m.root.head.i == root.i)
        ]
        return max(inside, key=len) if inside else None

    boosted = list(rules)
    # "X outperforms Y by 2 BLEU", "X needs fewer GFLOPs": the rules read who is measured (not Y, GFLOPs)
    measured = {(r.tail_start, r.tail_end): (r.head_start, r.head_end) for r in rules if r.label == "measuredBy"}
    out: dict[tuple[int, int, str, int, int], tuple[int, float]] = {}
    for rel in relations_of(doc._.relations):
        a, b = argument(rel.head_start, rel.head_end), argument(rel.tail_start, rel.tail_end)
        if a is None or b is None or (a.start < b.end and b.start < a.end):  # same or overlapping
            continue
        mapped = map_relation(rel.label, a.label_, b.label_)
        if mapped is None:
            continue
        label, flip = mapped
        head, tail = (b, a) if flip else (a, b)
        # "THOR models": the rules relate THOR, the name the phrase is about
        named_a, named_b, named_head = (s if s in proposed_spans else name_inside(s, mentions) for s in (a, b, head))
        k = by_pair.get(frozenset({(named_a.start, named_a.end), (named_b.start, named_b.end)}))
        if k is not None:
            rule = boosted[k]
            if rule.label == label and (rule.head_start, rule.head_end) == (named_head.start, named_head.end):
                boosted[k] = rule._replace(score=1 - (1 - rule.score) * (1 - rel.score))
            continue  # the rules' reading of the pair wins
        if not oriented(label, head, tail, proposed):
            head, tail = tail, head
        if label == "measuredBy" and _measured_otherwise(measured, head, tail):
            continue
        if label == "comparedWith":  # "X outperforms Y", "our method is faster than Y": read where it is said
            said_a, said_b = doc[rel.head_start : rel.head_end], doc[rel.tail_start : rel.tail_end]
            stated = compared(said_a, said_b, path(said_a.root, said_b.root))
            if stated is None:
                continue
            label, head, tail = (stated[0], a, b) if stated[1] == said_a else (stated[0], b, a)
            if label == "improvesOn" and names_quality(tail):
                continue
        confidence = _learned_confidence(doc, rel, label, head, tail, proposed)
        if confidence is None:
            continue
        sentence = doc[min(rel.head_start, rel.tail_start)].sent.start
        head, tail = (s if s in proposed_spans else name_inside(s, mentions) for s in (head, tail))
        if head == tail:
            continue
        key = (head.start, head.end, label, tail.start, tail.end)
        if confidence > out.get(key, (0, 0.0))[1]:
            out[key] = (sentence, confidence)
    added = [Relation(*key, sentence=s, score=score) for key, (s, score) in sorted(out.items())]
    return without_clipped(boosted + added)


def _measured_otherwise(measured: dict[tuple[int, int], tuple[int, int]], head: Span, tail: Span) -> bool:
    """Is ``head`` a measure itself, or ``tail`` what the rules say measures another mention?"""
    other = measured.get((tail.start, tail.end))
    return (head.start, head.end) in measured or (other is not None and other != (head.start, head.end))


def without_clipped(relations: list[Relation]) -> list[Relation]:
    """``relations`` without those whose end is the tail part of the other end of a like relation
    ("X addresses sequence time series forecasting" beside "X addresses long sequence time series
    forecasting"): the clipped span names less than the sentence does.

    >>> long, clipped = Relation(0, 1, "addresses", 2, 7), Relation(0, 1, "addresses", 3, 7)
    >>> without_clipped([long, clipped]) == [long]
    True
    """

    def clipped(inner: tuple[int, int], outer: tuple[int, int]) -> bool:
        return outer[0] < inner[0] and inner[1] == outer[1]

    ends: dict[tuple[str, str, int, int], list[tuple[int, int]]] = {}
    for r in relations:
        ends.setdefault((r.label, "head", r.head_start, r.head_end), []).append((r.tail_start, r.tail_end))
        ends.setdefault((r.label, "tail", r.tail_start, r.tail_end), []).append((r.head_start, r.head_end))
    return [
        r
        for r in relations
        if not any(clipped((r.tail_start, r.tail_end), o) for o in ends[(r.label, "head", r.head_start, r.head_end)])
        and not any(clipped((r.head_start, r.head_end), o) for o in ends[(r.label, "tail", r.tail_start, r.tail_end)])
    ]


def _learned_confidence(
    doc: Doc, rel: Relation, label: str, head: Span, tail: Span, proposed: set[tuple[int, int]]
) -> float | None:
    """The confidence of one learned relation from its parse (None: the sentence does not state it)."""
    a, b = doc[rel.head_start : rel.head_end].root, doc[rel.tail_start : rel.tail_end].root
    tokens = path(a, b)
    if negated(tokens[1:-1]) or crosses_contrast(a, b):
        return None
    if label == "conjoinedWith" and not coordinated(a, b):
        return None
    if same_thing(label, head, tail):
        return None  # "HAO ... Harmonious Adversarial Objective": one thing under two names
    if unstated(label, head, tail):
        return None  # "X is faster than Y", "evaluated on image datasets"
    own = (head.start, head.end) in proposed
    if not types_fit(label, "Method" if own else head.label_, tail.label_):
        return None  # "CheXpert measuredBy AUC": a dataset is not what is measured
    if label == "measuredBy" and where_evaluated(head.root):
        return None  # "outperforms Y on MD17 and QM9 targets in accuracy": QM9 is not measured
    if label == "uses" and not states_use(tokens):
        return None  # "methods suffer from an instability issue" states no use
    if label == "isA" and (one_name(head.text, tail.text) or renamed(head, tail)):
        return None  # "HTLM, a hyper-text language model": a name, not a kind
    if label == "isA" and not kind_path(tokens):
        return None  # "Communication is a key bottleneck in federated learning"
    confidence = rel.score
    h, t = head.root, tail.root
    if label == "featureOf" and not states_property(h, t):
        confidence *= UNSTATED_FEATURE_FACTOR
    if label in {"uses", "addresses"} and h.sent == t.sent and object_of_verb(h, path(h, t)):
        confidence *= OBJECT_FACTOR
    if not linked(tokens):
        if label == "uses" and rel.score < UNLINKED_MIN_SCORE:
            return None
        confidence *= UNLINKED_FACTOR
    heads, tails = _HEAD_TYPES.get(label), _TAIL_TYPES.get(label)
    if (heads and head.label_ not in heads and not own) or (tails and tail.label_ not in tails):
        confidence *= ODD_TYPES_FACTOR
    return confidence


class LearnedMentions:
    """Thin component over :func:`learned_mentions`."""

    def __init__(self) -> None:
        self.lexicon = load_lexicon()
        self.known = known_types()

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[SPANS_KEY] = learned_mentions(doc, self.lexicon, self.known)
        return doc


class LearnedRelations:
    """Thin component over :func:`learned_relations`."""

    def __init__(self) -> None:
        self.lexicon = load_lexicon()

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_relations = learned_relations(doc, self.lexicon)
        return doc


@Language.factory("kg_learned_mentions", assigns=["doc.spans"], requires=["doc.spans"])
def make_learned_mentions(nlp: Language, name: str) -> LearnedMentions:
    return LearnedMentions()


@Language.factory("kg_learned_relations", assigns=["doc._.kg_relations"], requires=["doc.spans"])
def make_learned_relations(nlp: Language, name: str) -> LearnedRelations:
    return LearnedRelations()
