"""The papers and the entities they mention, read from a store or an RDF file with SPARQL.

Enough of the kg graph for what counts papers (:func:`kg.graph.trends.trends`): paper nodes with
``year`` and ``venue``, entity nodes with ``type``, ``label``, ``papers`` and ``paper_count``.
Oxigraph answers two queries far sooner than rdflib parses a large file into the whole graph.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from kg.export.jsongraph import read_json
from kg.graph.model import ENTITY_TYPES, new_graph
from kg.rdf.iri import node_of
from kg.rdf.ontology import ONTOLOGY_IRI
from kg.sparql.store import QUERY_PREFIXES, open_source

PAPERS = """
SELECT ?paper ?year ?venue WHERE {
    ?paper a kg:Paper .
    OPTIONAL { ?paper dcterms:date ?year }
    OPTIONAL { ?paper kg:venue ?venue }
}"""

MENTIONS = f"""
SELECT ?entity ?type ?label ?paper WHERE {{
    VALUES ?type {{ {" ".join(f"kg:{t}" for t in ENTITY_TYPES)} }}
    ?entity a ?type ; skos:prefLabel ?label .
    ?paper kg:mentions ?entity .
}}"""


def _select(store: ox.Store, sparql: str) -> list[list[str]]:
    answer = store.query(sparql, prefixes=QUERY_PREFIXES)
    assert isinstance(answer, ox.QuerySolutions)
    return [[getattr(term, "value", "") if term is not None else "" for term in row] for row in answer]


def papers_graph(source: str | Path) -> nx.MultiDiGraph:
    """The papers and entities of a store folder, an RDF file (through SPARQL: :func:`mentions_graph`)
    or a node-link ``.json`` graph (read whole)."""
    source = Path(source)
    if not source.exists():
        raise FileNotFoundError(f"{source}: no such file or store")
    if source.is_file() and source.suffix.lower() == ".json":
        return read_json(source)
    return mentions_graph(source)


def mentions_graph(source: str | Path) -> nx.MultiDiGraph:
    """Papers (``year``, ``venue``) and entities (``type``, ``label``, ``papers``, ``paper_count``)
    of a store folder or an RDF file, as a kg graph without edges."""
    store = open_source(source)
    graph = new_graph()
    for paper, year, venue in sorted(_select(store, PAPERS)):
        node = node_of(paper)
        if node is not None and node not in graph:
            graph.add_node(node, type="Paper", year=int(year[:4]) if year[:4].isdigit() else None, venue=venue)
    papers: dict[str, set[str]] = defaultdict(set)
    kinds: dict[str, tuple[str, str]] = {}
    for entity, kind, label, paper in sorted(_select(store, MENTIONS)):
        node, by = node_of(entity), node_of(paper)
        if node is None or by is None:
            continue
        papers[node].add(by)
        kinds.setdefault(node, (kind.removeprefix(ONTOLOGY_IRI + "#"), label))
    for node in sorted(papers):
        kind, label = kinds[node]
        graph.add_node(node, type=kind, label=label, papers=sorted(papers[node]), paper_count=len(papers[node]))
    return graph
