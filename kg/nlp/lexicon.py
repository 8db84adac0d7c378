"""The word lists behind the rule-based extractor, loaded from ``data/lexicon.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from kg.text import english_zipf, singular

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Lexicon:
    head_types: dict[str, str]
    generic_heads: frozenset[str]
    generic_singles: frozenset[str]
    stop_modifiers: frozenset[str]
    junk: frozenset[str]
    proposal_verbs: frozenset[str]
    naming_verbs: frozenset[str]
    term_gerunds: frozenset[str]  # common words that start terms of the field: "missing data", "winning ticket"
    term_participles: frozenset[str]  # participles that make a kind: "masked image modeling"

    @cached_property
    def generic_words(self) -> frozenset[str]:
        """The generic heads and the generic single words together."""
        return self.generic_heads | self.generic_singles

    def type_of_head(self, word: str) -> str | None:
        return self.head_types.get(word.lower())

    def type_of_word(self, text: str, lemma: str) -> str | None:
        """The type a head word gives a phrase, by its singular or its lemma ("datasets", "benchmark")."""
        return self.type_of_head(singular(text)) or self.type_of_head(lemma)


@cache
def load_lexicon(path: Path = DATA / "lexicon.json") -> Lexicon:
    raw = json.loads(path.read_text(encoding="utf-8"))
    head_types: dict[str, str] = {}
    for label, words in raw["heads"].items():
        for word in words:
            head_types.setdefault(word, label)
    return Lexicon(
        head_types=head_types,
        generic_heads=frozenset(raw["generic_heads"]),
        generic_singles=frozenset(raw["generic_singles"]),
        stop_modifiers=frozenset(raw["stop_modifiers"]),
        junk=frozenset(raw["junk"]),
        proposal_verbs=frozenset(raw["proposal_verbs"]),
        naming_verbs=frozenset(raw["naming_verbs"]),
        term_gerunds=frozenset(raw["term_gerunds"]),
        term_participles=frozenset(raw["term_participles"]),
    )


@cache
def load_gazetteer(
    paths: tuple[Path, ...] = (DATA / "gazetteer.jsonl", DATA / "vocab_names.jsonl"),
) -> list[dict[str, str]]:
    """Known names with their type, one JSON object a line: ``{"label", "pattern"}`` (read once):
    kg's own list, then the Papers with Code names (``vocab_names.jsonl``, CC BY-SA 4.0, written
    by ``scripts/build_vocab.py``; see ``ATTRIBUTION.md`` beside it)."""
    entries = []
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            entries += [json.loads(line) for line in lines if line.strip()]
    return entries


@cache
def known_types() -> dict[str, str]:
    """Gazetteer name (lower case) -> its type; the first entry of a name wins."""
    known: dict[str, str] = {}
    for entry in load_gazetteer():
        known.setdefault(entry["pattern"].lower(), entry["label"])
    return known


@cache
def capitalized_names() -> frozenset[str]:
    """The one-word gazetteer names written with a capital (DRIVE, MASSIVE, GraSP), in lower case."""
    patterns = (e["pattern"] for e in load_gazetteer())
    return frozenset(p.lower() for p in patterns if p.isalpha() and not p.islower())


def word_not_name(text: str) -> bool:
    """Whether ``text``, one word as an abstract writes it, is an English word and no name: the
    gazetteer (matched ignoring case) knows it only written with capitals. "drive", "massive",
    "behave", "demand" are words; DRIVE, MASSIVE, BEHAVE and DEMAND datasets.

    >>> word_not_name("drive"), word_not_name("DRIVE"), word_not_name("mnist")
    (True, False, False)
    """
    return text.isalpha() and text.islower() and text in capitalized_names() and english_zipf(text) >= 3.0
