"""An in-memory index of the entities' labels, for search as you type and the concept map.

Oxigraph has no full-text index: a SPARQL ``FILTER(CONTAINS(LCASE(?label), ...))`` reads every
label of the store. This index is built once per server process from the store it serves (a
fixed version: ``kg serve`` reads the version that was current when it started) with a few
pattern scans, and answers from memory. Every label (``skos:prefLabel`` and ``skos:altLabel`` of
every entity with a ``kg:paperCount``), case-folded and with its white space collapsed, is one
line of a single string, and the lines are in the order of their entities' paper counts (most
first). ``str.find`` (C speed) then finds the matches of a prefix (``"\\n" + q``) or of a substring
(``q``) in the order they are wanted, and a search stops once it has ``limit`` entities.
Figures and the alternatives measured are in ``benchmarks/README.md``.

>>> index = LabelIndex([Entity("urn:a", "Method", "Sparse Autoencoder", ("SAE",), 3),
...                     Entity("urn:b", "Task", "autoencoding", (), 5)])
>>> [e.label for e in index.search("SAE", 10)[0]]
['Sparse Autoencoder']
>>> [e.label for e in index.search("auto", 10)[0]]
['autoencoding', 'Sparse Autoencoder']
>>> [e.iri for e in index.top(1, "Method")]
['urn:a']
"""

from __future__ import annotations

import bisect
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import pyoxigraph as ox

from kg.graph.model import ENTITY_TYPES
from kg.rdf.terms import ALT, PREF, TYPE, T


class Entity(NamedTuple):
    """An entity as the index holds it."""

    iri: str
    type: str
    label: str
    alt: tuple[str, ...]
    papers: int


def text(term: object) -> str:
    """The IRI, identifier or lexical form of an Oxigraph term."""
    return str(getattr(term, "value", term))


def fold(text: str) -> str:
    """The form labels and queries are compared in: case-folded, white space collapsed.

    >>> fold("  Sparse\\nAUTOencoder ")
    'sparse autoencoder'
    """
    return " ".join(text.casefold().split())


class LabelIndex:
    """The entities by decreasing paper count, and their labels as searchable text."""

    def __init__(self, entities: Iterable[Entity]) -> None:
        self.entities = sorted(entities, key=lambda e: (-e.papers, e.iri))
        self.papers = {e.iri: e.papers for e in self.entities}
        self.types = Counter(e.type for e in self.entities)
        keys: list[str] = []
        owner = array("l")
        exact: dict[str, list[int]] = {}
        for k, entity in enumerate(self.entities):
            for label in dict.fromkeys(fold(t) for t in (entity.label, *entity.alt)):
                if label:
                    keys.append(label)
                    owner.append(k)
                    exact.setdefault(label, []).append(k)
        self._text = "\n" + "\n".join(keys) + "\n"
        starts, at = array("l"), 1
        for key in keys:
            starts.append(at)
            at += len(key) + 1
        self._starts, self._owner, self._exact = starts, owner, exact

    def __len__(self) -> int:
        return len(self.entities)

    def top(self, n: int, type: str | None = None) -> list[Entity]:
        """The ``n`` entities with most papers (of one type if given)."""
        if type is None:
            return self.entities[:n]
        out = []
        for entity in self.entities:
            if entity.type == type:
                out.append(entity)
                if len(out) == n:
                    break
        return out

    def _hits(self, needle: str) -> Iterator[int]:
        """The entities whose labels contain ``needle``, in index order (a label may repeat one)."""
        text, starts, owner = self._text, self._starts, self._owner
        skip = len(needle) - len(needle.lstrip("\n"))  # a prefix needle starts at the line's "\n"
        at = text.find(needle)
        while at != -1:
            line = bisect.bisect_right(starts, at + skip) - 1
            yield owner[max(line, 0)]
            # go on after this line: one hit per label is enough
            at = text.find(needle, starts[line + 1] if line + 1 < len(starts) else len(text))

    def search(self, query: str, limit: int) -> tuple[list[Entity], bool]:
        """Entities with a label equal to, starting with, or containing ``query`` (in that
        order, each by decreasing paper count), case-insensitively; and whether more match.
        """
        q = fold(query)
        if not q or limit < 1:
            return [], False
        found: dict[int, None] = dict.fromkeys(sorted(self._exact.get(q, ())))
        want = limit + 1
        for needle in ("\n" + q, q):
            if len(found) >= want:
                break
            for k in self._hits(needle):
                found.setdefault(k)
                if len(found) >= want:
                    break
        ranked = [self.entities[k] for k in found]
        return ranked[:limit], len(ranked) > limit


def entity_types(store: ox.Store) -> dict[str, str]:
    """Each entity's kg type (by IRI), read by one pattern scan per type."""
    out: dict[str, str] = {}
    for kind in reversed(ENTITY_TYPES):  # an entity given two types keeps the first of ENTITY_TYPES
        for quad in store.quads_for_pattern(None, ox.NamedNode(TYPE), ox.NamedNode(T[kind]), ox.DefaultGraph()):
            out[text(quad.subject)] = kind
    return out


def build_index(store: ox.Store) -> LabelIndex:
    """The index of every entity of the store (those with a ``kg:paperCount``)."""
    graph = ox.DefaultGraph()
    papers: dict[str, int] = {}
    for quad in store.quads_for_pattern(None, ox.NamedNode(T["paperCount"]), None, graph):
        subject, value = text(quad.subject), text(quad.object)
        if value.isdigit():
            papers[subject] = max(papers.get(subject, 0), int(value))
    labels: dict[str, dict[str, list[str]]] = {PREF: {}, ALT: {}}
    for predicate, found in labels.items():
        for quad in store.quads_for_pattern(None, ox.NamedNode(predicate), None, graph):
            if (subject := text(quad.subject)) in papers:
                found.setdefault(subject, []).append(text(quad.object))
    types = entity_types(store)
    return LabelIndex(
        Entity(
            iri,
            types.get(iri, "Concept"),
            min(labels[PREF].get(iri, [iri])),
            tuple(sorted(labels[ALT].get(iri, ()))),
            n,
        )
        for iri, n in papers.items()
    )
