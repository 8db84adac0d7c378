"""Mention spans and the relations between them, shared by the proposal and relation components."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from spacy.tokens import Doc, Span, Token

from kg.nlp.mentions import NAMING_VERBS, SPANS_KEY
from kg.nlp.span_edges import STRIPPABLE_HEADS, based_suffix


class Relation(NamedTuple):
    """A relation between two mention spans of one Doc, in token offsets (ends exclusive).

    What the rule components store in ``doc._.kg_relations`` and the learned classifiers in
    ``doc._.relations``. ``sentence`` is the first token of the sentence that states it (-1 when
    not known); ``score`` the classifier's probability (1.0 for a rule).

    >>> Relation(0, 2, "uses", 4, 5, 0)
    Relation(head_start=0, head_end=2, label='uses', tail_start=4, tail_end=5, sentence=0, score=1.0)
    """

    head_start: int
    head_end: int
    label: str
    tail_start: int
    tail_end: int
    sentence: int = -1
    score: float = 1.0

    def head(self, doc: Doc) -> Span:
        return doc[self.head_start : self.head_end]

    def tail(self, doc: Doc) -> Span:
        return doc[self.tail_start : self.tail_end]


def relations_of(stored: Iterable[Iterable[object]] | None) -> list[Relation]:
    """The relations of a Doc extension (``doc._.kg_relations``), as :class:`Relation` again: a
    Doc that went through serialization (spaCy's ``n_process``) holds them as plain lists."""
    return [r if isinstance(r, Relation) else Relation(*r) for r in stored or []]  # type: ignore[arg-type]


def mention_index(doc: Doc) -> dict[int, Span]:
    """Token index → the longest mention covering that token (names win over chunks)."""
    index: dict[int, Span] = {}
    for span in sorted(doc.spans.get(SPANS_KEY, []), key=lambda s: (len(s), -s.start)):
        for i in range(span.start, span.end):
            index[i] = span
    return index


def region(token: Token, exclude: frozenset[str]) -> list[Token]:
    """``token``'s subtree, leaving out the subtrees of children attached by ``exclude``."""
    out = [token]
    for child in token.children:
        if child.dep_ not in exclude:
            out.extend(region(child, exclude))
    return out


#: Heads after a name that say what kind of thing the name is, by the phrase's type: "THOR
#: models", "machine translation tasks", "the Cora dataset". Not "system", "pipeline" or
#: "solution": "the speech recognition system DeepSpeech" is a system, not speech recognition.
NAMED_HEADS = {
    "Method": STRIPPABLE_HEADS | {"model", "architecture", "baseline"},
    "Task": frozenset({"task", "problem", "setting"}),
    "Dataset": frozenset({"dataset", "benchmark"}),
}


def name_inside(span: Span, spans: dict[tuple[int, int], Span]) -> Span:
    """The name a "<name> <role head>" phrase is about ("THOR models", "the MoE models", "a novel
    equivariant Transformer (ET) architecture", "machine translation tasks"), when it is a mention
    of the same type in ``spans`` (by start and end); else ``span``. A relation stated of the phrase
    is stated of the name, which is the node a reader looks for.

    Not "image classification models" (a Method phrase over a Task name): the types differ.
    """
    if len(span) < 2 or span[-1].lemma_.lower() not in NAMED_HEADS.get(span.label_, ()):
        return span
    end = span.end - 1
    if span.doc[end - 1].text == ")":  # "equivariant Transformer (ET) architecture"
        opening = [t.i for t in span[:-2] if t.text == "("]
        end = opening[-1] if opening else end
    elif end - span.start >= 3 and based_suffix(span.doc, end - 1):
        end -= 2  # "our DFBT-based method" is DFBT
    inner = spans.get((span.start, end))
    if inner is None or inner.label_ != span.label_:
        return span
    return inner


def names_inside(span: Span, spans: dict[tuple[int, int], Span]) -> list[Span]:
    """The names a phrase is about: "the Transformer and MoE models" is about Transformer and MoE
    (two mentions of the phrase's type that the parse coordinates before its role head), else
    :func:`name_inside`."""
    if len(span) >= 4 and span[-1].lemma_.lower() in NAMED_HEADS.get(span.label_, ()):
        inner = [s for (start, end), s in spans.items() if span.start <= start and end < span.end]
        inner = [s for s in inner if s.label_ == span.label_ and s != span]
        for first in inner:
            others = [s for s in inner if s.root in first.root.conjuncts and s.root.i > first.root.i]
            if first.start == span.start and others:
                return [first, *others]
    return [name_inside(span, spans)]


def called_name(span: Span, mentions: dict[tuple[int, int], Span]) -> Span | None:
    """The name a phrase is given: "a deep learning method for T called X" is X (the parser may hang
    "called X" on T)."""
    nouns = [span.root, *(o for p in span.root.children if p.lower_ == "for" for o in p.children if o.dep_ == "pobj")]
    acls = [c for n in nouns for c in n.children if c.dep_ == "acl" and c.lemma_.lower() in NAMING_VERBS]
    names = [o for c in acls for o in c.children]
    named = [m for m in mentions.values() if m.label_ == span.label_ and any(m.root.i == o.i for o in names)]
    return named[0] if len(named) == 1 else None


def described_name(span: Span, mentions: dict[tuple[int, int], Span]) -> Span | None:
    """The method a Generic "approach" describes in apposition: "X, an approach that enables T",
    "a framework, X, ..."."""
    root = span.root
    near = [root.head] if root.dep_ == "appos" else []
    near += [c for c in root.children if c.dep_ == "appos"]
    named = [m for m in mentions.values() if m.label_ == "Method" and any(m.root.i == t.i for t in near)]
    return named[0] if len(named) == 1 else None
