"""The open ML vocabularies kg links to (AIO, Papers with Code, ITO), shipped as ``data/*.jsonl``.

Each line of a data file is one term: ``iri``, ``label``, ``kind`` (Method, Task, Dataset, Metric or
Concept), ``source`` (``aio``, ``pwc:method``, ``pwc:collection``, ``pwc:area``, ``pwc:task``,
``pwc:benchmark``, ``ito:process``, ``ito:metric``), ``broader`` (IRIs of direct parents), ``full``
(other full names), ``alt`` (looser synonyms) and ``abbr`` (abbreviations). ``scripts/build_vocab.py``
writes them; ``data/ATTRIBUTION.md`` says where they come from and under which license.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from kg.graph.model import ancestors
from kg.graph.terms import term_key

DATA_DIR = Path(__file__).resolve().parent / "data"
DATA_FILES = ("aio.jsonl", "pwc.jsonl", "ito.jsonl")

#: How a text names a term, best first: its label, another full name, a synonym, an abbreviation.
FIELDS = ("label", "full", "alt", "abbr")


@dataclass(frozen=True)
class Term:
    iri: str
    label: str
    kind: str
    source: str
    broader: tuple[str, ...] = ()
    full_names: tuple[str, ...] = ()
    alt_labels: tuple[str, ...] = ()
    abbreviations: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Term:
        def strings(key: str) -> tuple[str, ...]:
            value = data.get(key, [])
            return tuple(str(v) for v in value) if isinstance(value, list) else ()

        return cls(
            iri=str(data["iri"]),
            label=str(data["label"]),
            kind=str(data["kind"]),
            source=str(data["source"]),
            broader=strings("broader"),
            full_names=strings("full"),
            alt_labels=strings("alt"),
            abbreviations=strings("abbr"),
        )

    def names(self) -> list[tuple[str, str]]:
        """``(field, text)`` for every name of the term, ``field`` one of :data:`FIELDS`."""
        return [
            ("label", self.label),
            *(("full", t) for t in self.full_names),
            *(("alt", t) for t in self.alt_labels),
            *(("abbr", t) for t in self.abbreviations),
        ]


class Vocabulary:
    """Terms by IRI, with an index from :func:`~kg.graph.terms.term_key` to the terms it names."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self.terms: dict[str, Term] = {}
        self._index: dict[str, list[tuple[Term, str, str]]] = defaultdict(list)
        for term in terms:
            self.terms.setdefault(term.iri, term)
        for term in self.terms.values():
            seen: set[str] = set()
            for field, text in term.names():
                key = term_key(text)
                if key and key not in seen:
                    seen.add(key)
                    self._index[key].append((term, field, text))

    def __len__(self) -> int:
        return len(self.terms)

    def __contains__(self, iri: object) -> bool:
        return iri in self.terms

    def lookup(self, text: str) -> list[tuple[Term, str, str]]:
        """``(term, field, name)`` for every term one of whose names has the key of ``text``."""
        return list(self._index.get(term_key(text), ()))

    def terms_for(self, iris: Iterable[str]) -> list[Term]:
        """The known terms among ``iris``, in their order, each once."""
        return [self.terms[i] for i in dict.fromkeys(iris) if i in self.terms]

    def ancestors(self, iri: str) -> list[str]:
        """IRIs up the hierarchy from ``iri``, nearest first, each once (breadth first)."""
        return ancestors(iri, lambda node: term.broader if (term := self.terms.get(node)) else ())


def read_terms(data_dir: Path = DATA_DIR) -> list[Term]:
    terms = []
    for name in DATA_FILES:
        with (data_dir / name).open(encoding="utf-8") as f:
            terms += [Term.from_json(json.loads(line)) for line in f if line.strip()]
    return terms
