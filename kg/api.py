"""kg as a Python library: build a graph from abstracts, or load one kg wrote, then look at its
papers and entities, query it with SPARQL, and write it in any export format.

The CLI runs on these same functions. A graph kg exported loads without spaCy:

>>> import kg
>>> g = kg.load("exports/graph.ttl")
>>> len(g.papers())
19
>>> sae = next(e for e in g.entities(type="Method") if "SAE" in e.alt_labels)
>>> sae.label, sae.paper_count >= 2
('sparse autoencoder', True)
>>> rows = g.query("SELECT ?label WHERE { ?e skos:altLabel 'SAE' ; skos:prefLabel ?label }")
>>> rows == [{"label": "sparse autoencoder"}]
True

Building from abstracts parses them (``kg.build(["abstracts.jsonl"], out_dir="exports")``); see
``examples/walkthrough.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from kg.engine.build import BuildReport, Progress
from kg.export.formats import BUILD_FORMATS, EXPORTERS
from kg.graph.model import ENTITY_TYPES, HIDDEN_LABELS, PAPER_PREFIX
from kg.io import InputError
from kg.nlp.extractors import DEFAULT_EXTRACTOR
from kg.rdf.formats import RDF_FORMATS
from kg.records import Paper, Problem

if TYPE_CHECKING:
    import networkx as nx
    import pyoxigraph as ox
    import rdflib

__all__ = ["Entity", "KnowledgeGraph", "build", "load"]


@dataclass(frozen=True)
class Entity:
    """One entity node: its id (``entity/<key>``), preferred label, type, other labels, the
    papers (node ids, ``paper/<key>``) that mention it and that propose it, and its hidden labels."""

    id: str
    label: str
    type: str
    alt_labels: tuple[str, ...]
    papers: tuple[str, ...]
    proposed_by: tuple[str, ...]
    #: short forms that name a better-known entity: found by a search, not shown (skos:hiddenLabel)
    hidden_labels: tuple[str, ...] = ()

    @property
    def paper_count(self) -> int:
        return len(self.papers)


class KnowledgeGraph:
    """A kg graph: ``.graph`` is the ``networkx.MultiDiGraph`` every exporter reads (its
    attributes are documented in :mod:`kg.graph.model`); ``.report`` says how a build went
    (None for a loaded graph)."""

    def __init__(self, graph: nx.MultiDiGraph, report: BuildReport | None = None) -> None:
        self.graph = graph
        self.report = report

    def __repr__(self) -> str:
        return f"<KnowledgeGraph: {len(self.papers())} papers, {len(self.entities())} entities>"

    def papers(self) -> list[Paper]:
        """Every paper, in key order, as the records kg read (``source`` is empty: not stored)."""
        return [
            Paper(
                key=d.get("key") or node.removeprefix(PAPER_PREFIX),
                abstract=d.get("abstract", ""),
                title=d.get("title", ""),
                authors=tuple(d.get("authors", ())),
                url=d.get("url", ""),
                code_urls=tuple(d.get("code", ())),
                year=d.get("year"),
                venue=d.get("venue", ""),
            )
            for node, d in sorted(self.graph.nodes(data=True))
            if d.get("type") == "Paper"
        ]

    def entities(self, type: str | None = None, min_papers: int = 1) -> list[Entity]:
        """Entities of ``type`` (any of :data:`kg.graph.model.ENTITY_TYPES`; None: all) named by at
        least ``min_papers`` papers, most papers first, then by label."""
        if type is not None and type not in ENTITY_TYPES:
            raise ValueError(f"type must be one of {', '.join(ENTITY_TYPES)}, not {type!r}")
        found = [
            Entity(
                id=node,
                label=d.get("label", node),
                type=d["type"],
                alt_labels=tuple(d.get("alt_labels", ())),
                papers=tuple(d.get("papers", ())),
                proposed_by=tuple(d.get("proposed_by", ())),
                hidden_labels=tuple(d.get(HIDDEN_LABELS, ())),
            )
            for node, d in self.graph.nodes(data=True)
            if d.get("type") in ENTITY_TYPES and (type is None or d["type"] == type)
        ]
        return sorted((e for e in found if e.paper_count >= min_papers), key=lambda e: (-e.paper_count, e.label, e.id))

    def query(self, sparql: str) -> list[dict[str, str]]:
        """The rows of a SELECT (or ASK: one row ``{"ask": "true"|"false"}``) query, run by
        Oxigraph over the graph's RDF, with kg's prefixes bound; unbound values are left out."""
        from kg.sparql.query import rows
        from kg.sparql.store import run

        names, table = rows(run(self._store, sparql))
        return [{n: v for n, v in zip(names, row, strict=True) if v != ""} for row in table]

    @cached_property
    def _store(self) -> ox.Store:
        import pyoxigraph as ox

        from kg.rdf.mapping import rdf_triples
        from kg.rdf.serialize import serialize

        store = ox.Store()
        store.load(serialize(rdf_triples(self.graph), "nt"), format=ox.RdfFormat.N_TRIPLES)
        return store

    def to_rdflib(self) -> rdflib.Graph:
        """The graph's RDF under kg's ontology, as an rdflib Graph."""
        from kg.rdf.mapping import to_rdf

        return to_rdf(self.graph)

    def write(self, out_dir: str | Path, formats: Iterable[str] = BUILD_FORMATS, stem: str = "graph") -> list[Path]:
        """Write ``out_dir/<stem>.<suffix>`` for each format (names of :data:`kg.export.formats.EXPORTERS`),
        all at once: a failure leaves the folder's earlier exports as they were."""
        from kg.engine.build import write_exports

        names = list(formats)
        unknown = [n for n in names if n not in EXPORTERS]
        if unknown:
            raise ValueError(f"unknown format {unknown[0]!r}; choose from {', '.join(EXPORTERS)}")
        return list(write_exports(self.graph, Path(out_dir), names, stem=stem))


def build(
    paths: Sequence[str | Path] | str | Path,
    *,
    out_dir: str | Path | None = None,
    formats: Iterable[str] = BUILD_FORMATS,
    input_format: str | None = None,
    extractor: str = DEFAULT_EXTRACTOR,
    cache: str | Path | bool = True,
    link: bool = True,
    processes: int = 0,
    dask: str | None = None,
    on_problem: Callable[[Problem], None] | None = None,
    progress: Progress | None = None,
    min_confidence: float | None = None,
    thesauri: Sequence[str | Path] = (),
) -> KnowledgeGraph:
    """Read the abstracts in ``paths``, extract, resolve, link, and (with ``out_dir``) write
    ``formats`` there; what ``kg build`` does.

    ``cache``: True for kg's cache folder (``$XDG_CACHE_HOME/kg``), a folder, or False for none;
    ``extractor``: ``fast``, ``accurate`` or ``rules``; ``processes``: 0 chooses by input size;
    ``on_problem`` is called with each skipped record or warning; entities and relations with a
    confidence below ``min_confidence`` are left out (0: keep all; None: each one's default,
    favouring precision: 0.33 for entities, 0.7 for relations' statements combined over their papers;
    a relation's confidence is then weighed by its two ends', and a given ``min_confidence`` applies to it).
    ``thesauri`` are thesaurus files (VOSviewer's or kg's CSV) whose rules correct the graph.
    A file that cannot be read at all raises :class:`kg.io.InputError`.
    """
    from kg.engine.build import build as run_build
    from kg.engine.cache import default_cache_dir

    inputs = [Path(paths)] if isinstance(paths, str | Path) else [Path(p) for p in paths]
    cache_dir = default_cache_dir() if cache is True else (None if cache is False else Path(cache))
    graph, report = run_build(
        inputs,
        Path(out_dir) if out_dir is not None else None,
        input_format=input_format,
        formats=list(formats) if out_dir is not None else [],
        n_process=processes,
        progress=progress,
        on_problem=on_problem,
        link=link,
        cache_dir=cache_dir,
        dask=dask,
        extractor=extractor,
        min_confidence=min_confidence,
        thesauri=[Path(t) for t in thesauri],
    )
    return KnowledgeGraph(graph, report)


def load(path: str | Path) -> KnowledgeGraph:
    """A graph kg exported: RDF (``.ttl``, ``.nt``, ``.jsonld``, ``.rdf``) or node-link ``.json``."""
    path = Path(path)
    suffix = path.suffix.lstrip(".").lower()
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    if suffix == "json":
        from kg.export.jsongraph import read_json
        from kg.graph.clusters import CLUSTERS, add_clusters
        from kg.graph.trends import add_years
        from kg.vocab.link import attach_terms

        graph = read_json(path)
        attach_terms(graph)
        if CLUSTERS not in graph.graph:  # written before kg had clusters
            add_years(graph)
            add_clusters(graph)
        return KnowledgeGraph(graph)
    if suffix not in {"rdf", *RDF_FORMATS}:
        raise InputError(f"{path}: cannot read .{suffix}; give a .ttl, .nt, .jsonld, .rdf or .json graph")
    from kg.export.rdf import read_rdf

    return KnowledgeGraph(read_rdf(path))
