"""From a processed Doc to plain records: what crosses from the NLP side to the graph side.

Records are plain tuples of str/int so they can be cached on disk and sent between processes.
"""

from __future__ import annotations

from typing import NamedTuple

from spacy.tokens import Doc, Span

from kg.nlp.abbreviations import definitions
from kg.nlp.mentions import SPANS_KEY, slash_variants
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.relations import relations


class Mention(NamedTuple):
    text: str
    label: str
    start: int  # character offsets in the cleaned abstract
    end: int


class RelationRecord(NamedTuple):
    head: int  # index into Extraction.mentions
    label: str
    tail: int
    sentence: str


class Extraction(NamedTuple):
    mentions: list[Mention]
    proposed: list[int]
    relations: list[RelationRecord]
    definitions: list[tuple[str, str]]  # (short form, long form)

    def to_json(self) -> dict[str, list[list[object]]]:
        return {
            "mentions": [list(m) for m in self.mentions],
            "proposed": [[i] for i in self.proposed],
            "relations": [list(r) for r in self.relations],
            "definitions": [list(d) for d in self.definitions],
        }

    @classmethod
    def from_json(cls, data: dict[str, list[list[object]]]) -> Extraction:
        return cls(
            mentions=[Mention(str(t), str(lab), int(s), int(e)) for t, lab, s, e in data["mentions"]],  # type: ignore[call-overload]
            proposed=[int(i[0]) for i in data["proposed"]],  # type: ignore[call-overload]
            relations=[RelationRecord(int(h), str(lab), int(t), str(s)) for h, lab, t, s in data["relations"]],  # type: ignore[call-overload]
            definitions=[(str(a), str(b)) for a, b in data["definitions"]],
        )


def extract(doc: Doc) -> Extraction:
    """Mentions, proposals, relations and abbreviation definitions of one processed abstract."""
    mentions: list[Mention] = []
    by_span: dict[tuple[int, int], list[int]] = {}
    for span in doc.spans.get(SPANS_KEY, []):
        indices = by_span.setdefault((span.start, span.end), [])
        surface = span.text.rstrip(".,;:")  # "CelebA." is one token when a sentence ends on it
        end_char = span.start_char + len(surface)
        for text in slash_variants(surface):
            indices.append(len(mentions))
            mentions.append(Mention(text, span.label_, span.start_char, end_char))

    def ids(span: Span) -> list[int]:
        return by_span.get((span.start, span.end), [])

    proposed = sorted({i for span in doc.spans.get(PROPOSED_KEY, []) for i in ids(span)})
    found = [
        RelationRecord(h, rel.label, t, rel.sentence.text.strip())
        for rel in relations(doc)
        for h in ids(rel.head)
        for t in ids(rel.tail)
    ]
    pairs = [(short.text, long.text) for short, long in definitions(doc)]
    return Extraction(mentions, proposed, found, pairs)
