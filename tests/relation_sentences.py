"""Sentences for the relation tests: parse with the rules pipeline, set the mentions by hand (so a
test hangs on the relation code, not on mention typing), and read what the rules
(:func:`find_relations`) or their combination with given learned relations
(:func:`learned_relations`) state; or build the graph of one paper whose mentions and relations are
given (:func:`one_paper_graph`). The ``rules`` fixture is in ``conftest.py``."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.learned import learned_relations
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.relations import find_relations
from kg.nlp.scierc import SPAN_KEY
from kg.nlp.spans import Relation
from kg.nlp.titled import TITLE_KEY
from kg.records import Extraction

Triple = tuple[str, str, str]


def one_paper_graph(text: str, names: list[tuple[str, str]], relations: list[tuple[int, str, int]]):  # type: ignore[no-untyped-def]
    """The graph of one paper ``text`` whose mentions are ``names`` (label, type), each at its first
    place in the text, with ``relations`` (head index, label, tail index) stated at confidence 0.9."""
    from kg.graph.build import build_graph
    from kg.records import Mention, Paper, RelationRecord

    mentions = [Mention(n, kind, text.index(n), text.index(n) + len(n)) for n, kind in names]
    records = [RelationRecord(h, label, t, text, 0.9) for h, label, t in relations]
    return build_graph([Paper("p", text)], [Extraction(mentions, [], records, [])])


def stated(extraction: Extraction) -> set[Triple]:
    """The relations of an extraction as (head text, label, tail text)."""
    return {(extraction.mentions[r.head].text, r.label, extraction.mentions[r.tail].text) for r in extraction.relations}


def parsed(
    rules: Language, text: str, mentions: dict[str, str], proposed: tuple[str, ...], title: str = ""
) -> tuple[Doc, dict[str, Span]]:
    doc = rules(text)
    doc.user_data[TITLE_KEY] = title
    spans = {}
    for name, label in mentions.items():
        start = doc.text.index(name)
        span = doc.char_span(start, start + len(name), label=label)
        assert span is not None, name
        spans[name] = span
    doc.spans[SPANS_KEY] = sorted(spans.values(), key=lambda s: (s.start, s.end))
    doc.spans[SPAN_KEY] = doc.spans[SPANS_KEY]
    doc.spans[PROPOSED_KEY] = [spans[p] for p in proposed]
    return doc, spans


def ruled(
    rules: Language, text: str, mentions: dict[str, str], proposed: tuple[str, ...] = (), title: str = ""
) -> set[Triple]:
    """The rule relations of ``text`` (from a paper titled ``title``)."""
    doc, _ = parsed(rules, text, mentions, proposed, title)
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in find_relations(doc)}


def learned(
    rules: Language, text: str, mentions: dict[str, str], learned: list[tuple[str, str, str, float]]
) -> set[Triple]:
    """No rule relations, these learned SciERC relations, combined by evidence."""
    doc, spans = parsed(rules, text, mentions, ())
    doc._.kg_relations = []
    doc._.relations = [
        Relation(spans[h].start, spans[h].end, label, spans[t].start, spans[t].end, score=score)
        for h, label, t, score in learned
    ]
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}
