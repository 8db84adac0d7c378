"""How the field types its terms, for the terms a corpus names too rarely to decide alone.

A conference's build types "Gaussian process" from dozens of papers; a reading list of fifty
papers names it once, and one sentence ("we model the task with a Gaussian process") may type it
a task. ``data/field_terms.json`` holds, for the terms that kg's builds of ICLR 2021 and 2022 name
in at least three papers, how many papers named each under each type
(``scripts/mine_field_terms.py``). An entity that at most ``few`` papers of the corpus name takes
the field's type when the field has enough papers on it and agrees on one type. Above both come
the readers of kg's development samples: a term they typed takes their usual type wherever kg
gave it one they never accepted, or rarely over many votes ("double descent" is a concept, whatever
one corpus makes of it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import networkx as nx

from kg.graph.model import ENTITY_TYPES
from kg.graph.terms import term_key

PATH = Path(__file__).resolve().parent / "data" / "field_terms.json"


@cache
def _table(path: Path = PATH) -> Mapping[str, Mapping[str, Any]]:
    """The table's terms by key (none while the table is being made)."""
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))["terms"]


@cache
def field_terms(path: Path = PATH) -> Mapping[str, Mapping[str, int]]:
    """Papers per type for each term key of the field."""
    return {key: term["types"] for key, term in _table(path).items() if term["types"]}


@cache
def reader_terms(path: Path = PATH) -> Mapping[str, Mapping[str, int]]:
    """How often readers accepted each type for a term key (its usual type counted twice)."""
    return {key: term["readers"] for key, term in _table(path).items() if term.get("readers")}


#: Readers "rarely" accept a type they gave at most this share of their votes, over at least
#: :data:`_MANY` votes: "deep learning" is a Method to 145 votes of the readers of 44 samples, a
#: Task to 26, a Concept to 24.
_RARE, _MANY = 0.15, 10


def reader_type(label: str, current: str, terms: Mapping[str, Mapping[str, int]] | None = None) -> str | None:
    """The readers' usual type for ``label`` when they never (or, over many votes, rarely)
    accepted ``current``; else None.

    >>> terms = {"doubledescent": {"Concept": 3}, "metalearning": {"Task": 4, "Method": 3}}
    >>> reader_type("double descent", "Method", terms), reader_type("meta-learning", "Method", terms)
    ('Concept', None)
    >>> reader_type("deep learning", "Task", {"deeplearning": {"Method": 133, "Concept": 24, "Task": 20}})
    'Method'
    >>> reader_type("exploration", "Task", {"exploration": {"Concept": 36, "Task": 23, "Method": 7}}) is None
    True
    """
    kinds = (reader_terms() if terms is None else terms).get(term_key(label))
    if not kinds:
        return None
    total = sum(kinds.values())
    if kinds.get(current, 0) > (_RARE * total if total >= _MANY else 0):
        return None
    return max(sorted(kinds), key=kinds.__getitem__)


def field_type(
    label: str, terms: Mapping[str, Mapping[str, int]] | None = None, min_papers: int = 4, share: float = 0.75
) -> str | None:
    """The type the field agrees on for ``label``: at least ``min_papers`` papers name it and
    ``share`` of them under one type; else None.

    >>> field_type("Gaussian processes", terms={"gaussianprocess": {"Method": 9, "Task": 1}})
    'Method'
    """
    counts = (field_terms() if terms is None else terms).get(term_key(label))
    if not counts:
        return None
    best = max(counts, key=counts.__getitem__)
    total = sum(counts.values())
    return best if total >= min_papers and counts[best] >= share * total else None


def field_types(graph: nx.MultiDiGraph, few: int = 2) -> int:
    """Give each entity the readers' type where they never accepted its own, and each one that at
    most ``few`` papers name the field's type; the number retyped."""
    changed = 0
    for _, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        label = str(data.get("label", ""))
        kind = reader_type(label, data["type"])
        if kind is None and data.get("paper_count", 0) <= few:
            kind = field_type(label)
        if kind is not None and kind != data["type"]:
            data["type"] = kind
            changed += 1
    return changed
