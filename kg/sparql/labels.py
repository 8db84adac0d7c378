"""An in-memory index of the entities' labels, for search as you type and the concept map.

Oxigraph has no full-text index: a SPARQL ``FILTER(CONTAINS(LCASE(?label), ...))`` reads every
label of the store. This index is built once per server process from the store it serves (a
fixed version: ``kg serve`` reads the version that was current when it started) with a few
pattern scans, and answers from memory. Every label (``skos:prefLabel``, ``skos:altLabel`` and
``skos:hiddenLabel`` of every entity with a ``kg:paperCount``), case-folded and with its white space collapsed, is one
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
>>> [e.iri for e in index.top(1, "Method")], index.papers["urn:b"]
(['urn:a'], 5)
"""

from __future__ import annotations

import bisect
import functools
import itertools
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import pyoxigraph as ox

from kg.graph.model import ENTITY_TYPES
from kg.rdf.terms import ALT, DATE, HIDDEN, PREF, TYPE, T


class Entity(NamedTuple):
    """An entity as the index holds it."""

    iri: str
    type: str
    label: str
    alt: tuple[str, ...]
    papers: int
    hidden: tuple[str, ...] = ()  # skos:hiddenLabel: searched, never shown


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
    """The entities by decreasing paper count, in columns, and their labels as searchable text.

    Plain lists, arrays and one string: it pickles and loads fast (``kg serve`` builds it once and
    hands it to its query workers in a file).
    """

    def __init__(self, entities: Iterable[Entity], years: dict[str, int] | None = None) -> None:
        #: papers' years by IRI, to rank a neighbourhood's papers without a lookup each
        self.years = years or {}
        ordered = sorted(entities, key=lambda e: (-e.papers, e.iri))
        self.iris = [e.iri for e in ordered]
        self.kinds = [e.type for e in ordered]
        self.labels = [e.label for e in ordered]
        self.alts = [e.alt for e in ordered]
        self.hidden = [e.hidden for e in ordered]
        self.counts = array("l", (e.papers for e in ordered))
        self.types = Counter(self.kinds)
        keys: list[str] = []
        owner = array("l")
        for k, entity in enumerate(ordered):
            for key in dict.fromkeys(fold(t) for t in (entity.label, *entity.alt, *entity.hidden)):
                if key:
                    keys.append(key)
                    owner.append(k)
        self._text = "\n" + "\n".join(keys) + "\n"
        starts, at = array("l"), 1
        for key in keys:
            starts.append(at)
            at += len(key) + 1
        self._starts, self._owner = starts, owner

    def __len__(self) -> int:
        return len(self.iris)

    def __getitem__(self, k: int) -> Entity:
        return Entity(self.iris[k], self.kinds[k], self.labels[k], self.alts[k], self.counts[k], self.hidden[k])

    @functools.cached_property
    def rows(self) -> dict[str, int]:
        """Each entity's position in the index (its row in tables kept beside it), by IRI."""
        return {iri: k for k, iri in enumerate(self.iris)}

    @functools.cached_property
    def papers(self) -> dict[str, int]:
        """Each entity's paper count, by IRI."""
        return dict(zip(self.iris, self.counts, strict=True))

    def top(self, n: int, type: str | None = None) -> list[Entity]:
        """The ``n`` entities with most papers (of one type if given)."""
        if type is None:
            return [self[k] for k in range(min(n, len(self)))]
        return [self[k] for k in itertools.islice((k for k, t in enumerate(self.kinds) if t == type), n)]

    def _hits(self, needle: str) -> Iterator[int]:
        """The entities with a line containing ``needle``, in index order (an entity may repeat)."""
        text, starts, owner = self._text, self._starts, self._owner
        skip = len(needle) - len(needle.lstrip("\n"))  # a prefix needle starts at the line's "\n"
        at = text.find(needle)
        while at != -1:
            line = bisect.bisect_right(starts, at + skip) - 1
            yield owner[max(line, 0)]
            # go on after this line: one hit per label is enough
            at = text.find(needle, starts[line + 1] - skip if line + 1 < len(starts) else len(text))

    def search(self, query: str, limit: int) -> tuple[list[Entity], bool]:
        """Entities with a label equal to, starting with, or containing ``query`` (in that
        order, each by decreasing paper count), case-insensitively; and whether more match.
        """
        q = fold(query)
        if not q or limit < 1:
            return [], False
        found: dict[int, None] = {}
        for needle in ("\n" + q + "\n", "\n" + q, q):
            for k in self._hits(needle):
                found.setdefault(k)
                if len(found) > limit:
                    return [self[k] for k in list(found)[:limit]], True
        return [self[k] for k in found], False


def entity_types(store: ox.Store) -> dict[str, str]:
    """Each entity's kg type (by IRI), read by one pattern scan per type."""
    out: dict[str, str] = {}
    for kind in reversed(ENTITY_TYPES):  # an entity given two types keeps the first of ENTITY_TYPES
        for quad in store.quads_for_pattern(None, ox.NamedNode(TYPE), ox.NamedNode(T[kind]), ox.DefaultGraph()):
            out[text(quad.subject)] = kind
    return out


def build_index(store: ox.Store) -> LabelIndex:
    """The index of every entity of the store (those with a ``kg:paperCount``), and papers' years."""
    graph = ox.DefaultGraph()
    papers: dict[str, int] = {}
    for quad in store.quads_for_pattern(None, ox.NamedNode(T["paperCount"]), None, graph):
        subject, value = text(quad.subject), text(quad.object)
        if value.isdigit():
            papers[subject] = max(papers.get(subject, 0), int(value))
    labels: dict[str, dict[str, list[str]]] = {PREF: {}, ALT: {}, HIDDEN: {}}
    for predicate, found in labels.items():
        for quad in store.quads_for_pattern(None, ox.NamedNode(predicate), None, graph):
            if (subject := text(quad.subject)) in papers:
                found.setdefault(subject, []).append(text(quad.object))
    types = entity_types(store)
    years: dict[str, int] = {}
    for quad in store.quads_for_pattern(None, ox.NamedNode(DATE), None, graph):
        if (year := text(quad.object)).isdigit():
            years[text(quad.subject)] = max(years.get(text(quad.subject), 0), int(year))
    pref, alt, hidden = labels[PREF], labels[ALT], labels[HIDDEN]
    entities = [
        Entity(
            iri,
            types.get(iri, "Concept"),
            min(pref.get(iri, [iri])),
            tuple(sorted(alt.get(iri, ()))),
            n,
            tuple(sorted(hidden.get(iri, ()))),
        )
        for iri, n in papers.items()
    ]
    return LabelIndex(entities, years)
