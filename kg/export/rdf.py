"""RDF: the graph under kg's ontology (Turtle, N-Triples, JSON-LD, RDF/XML), and back.

Entities are SKOS concepts typed by an ontology class; papers carry DCTerms and schema.org
metadata; each relation is a direct triple (``A kg:uses B``) plus a ``kg:RelationStatement``
that holds its evidence sentences, supporting papers (``prov:wasDerivedFrom``) and their count.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import networkx as nx
import pyoxigraph as ox
from rdflib import RDF, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS
from rdflib.term import Node

from kg.export.atomic import atomic_path
from kg.export.formats import RDF_FORMATS, rdf_format_of
from kg.export.turtle import TurtleWriter
from kg.graph.model import ENTITY_TYPES, RELATIONS, new_graph
from kg.iri import node_iri, node_of
from kg.ontology import KG, PREFIXES, RESOURCE_BASE, SCHEMA

_SAFE_URL = re.compile(r"^https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")


def statement_iri(u: str, rel: str, v: str) -> URIRef:
    digest = hashlib.sha256(f"{u}\n{rel}\n{v}".encode()).hexdigest()[:20]
    return URIRef(f"{RESOURCE_BASE}statement/{digest}")


class Lit(NamedTuple):
    """A literal: lexical value and datatype IRI (None for a plain string)."""

    value: str
    datatype: str | None = None


#: A triple as plain data: subject IRI, predicate IRI, object IRI (str) or literal (Lit).
Triple = tuple[str, str, "str | Lit"]

_INT = str(XSD.integer)
_ANY_URI = str(XSD.anyURI)
_G_YEAR = str(XSD.gYear)

#: Prefixes written in Turtle and RDF/XML and bound in rdflib graphs.
ALL_PREFIXES = {
    **{k: str(v) for k, v in PREFIXES.items()},
    "skos": str(SKOS),
    "dcterms": str(DCTERMS),
    "prov": str(PROV),
    "rdf": str(RDF),
    "xsd": str(XSD),
}

#: The ontology's terms as plain strings: the closed namespace's lookups are slow in a hot loop.
T: dict[str, str] = {name: str(KG[name]) for name in KG.__annotations__}
TYPE, SUBJECT, PREDICATE, OBJECT = str(RDF.type), str(RDF.subject), str(RDF.predicate), str(RDF.object)
PREF, ALT, BROADER = str(SKOS.prefLabel), str(SKOS.altLabel), str(SKOS.broader)
EXACT, CLOSE, CONCEPT = str(SKOS.exactMatch), str(SKOS.closeMatch), str(SKOS.Concept)
IDENTIFIER, TITLE, ABSTRACT = str(DCTERMS.identifier), str(DCTERMS.title), str(DCTERMS.abstract)
CREATOR, DATE, SOURCE = str(DCTERMS.creator), str(DCTERMS.date), str(DCTERMS.source)
CODE, URL, DERIVED = str(SCHEMA.codeRepository), str(SCHEMA.url), str(PROV.wasDerivedFrom)


def _link(text: str) -> str | Lit:
    """A URL as an IRI when it is a well-formed one, else as an xsd:anyURI literal."""
    return text if _SAFE_URL.match(text) and "'" not in text else Lit(text, _ANY_URI)


def rdf_triples(graph: nx.MultiDiGraph) -> list[Triple]:
    """Every triple of the kg graph's RDF, in a deterministic order (the graph's)."""
    out: list[Triple] = []
    add = out.append
    vocab_terms: set[str] = set()
    iris: dict[str, str] = {}  # node id -> IRI, each minted once
    for node, data in graph.nodes(data=True):
        iri = iris[node] = str(node_iri(node))
        if data["type"] == "Paper":
            add((iri, TYPE, T["Paper"]))
            add((iri, IDENTIFIER, Lit(data["key"])))
            if data.get("title"):
                add((iri, TITLE, Lit(data["title"])))
            add((iri, ABSTRACT, Lit(data["abstract"])))
            for author in dict.fromkeys(data.get("authors", [])):
                add((iri, CREATOR, Lit(author)))
            for code in dict.fromkeys(data.get("code", [])):
                add((iri, CODE, _link(code)))
            if data.get("url"):
                add((iri, URL, _link(data["url"])))
            if data.get("year") is not None:
                add((iri, DATE, Lit(str(data["year"]), _G_YEAR)))
            if data.get("venue"):
                add((iri, T["venue"], Lit(data["venue"])))
        else:
            add((iri, TYPE, T[data["type"]]))
            add((iri, PREF, Lit(data["label"])))
            for alt in data.get("alt_labels", []):
                add((iri, ALT, Lit(alt)))
            add((iri, T["paperCount"], Lit(str(data["paper_count"]), _INT)))
            add((iri, T["mentionCount"], Lit(str(data["count"]), _INT)))
            if data.get("vocab"):
                add((iri, EXACT if data.get("vocab_match") == "exact" else CLOSE, data["vocab"]))
                vocab_terms.add(data["vocab"])
                vocab_terms.update(data.get("broader", []))
    _add_vocabulary(add, graph, vocab_terms)
    for u, v, rel, data in graph.edges(keys=True, data=True):
        s, o = iris[u], iris[v]
        add((s, T[rel], o))
        if rel in RELATIONS:
            st = str(statement_iri(u, rel, v))
            add((st, TYPE, T["RelationStatement"]))
            add((st, SUBJECT, s))
            add((st, PREDICATE, T[rel]))
            add((st, OBJECT, o))
            add((st, T["supportCount"], Lit(str(data["weight"]), _INT)))
            for paper in data.get("papers", []):
                add((st, DERIVED, iris.get(paper) or str(node_iri(paper))))
            for sentence in data.get("evidence", []):
                add((st, T["evidence"], Lit(sentence)))
    return out


def _add_vocabulary(add: Callable[[Triple], None], graph: nx.MultiDiGraph, iris: set[str]) -> None:
    """The linked vocabulary terms, with their labels and hierarchy.

    A linked entity also gets its term's parents as ``skos:broader``, so ``?e skos:broader+ ?area``
    reaches every ancestor from the entity itself.
    """
    if not iris:
        return
    from kg.vocab import load_vocabulary

    vocab = load_vocabulary()
    for term in vocab.terms_for(sorted(iris)):
        add((term.iri, TYPE, CONCEPT))
        add((term.iri, PREF, Lit(term.label)))
        add((term.iri, SOURCE, Lit(term.source)))
        for parent in term.broader:
            if parent in iris:
                add((term.iri, BROADER, parent))
    for node, data in graph.nodes(data=True):
        term_iri = data.get("vocab")
        if term_iri in vocab.terms:
            for parent in vocab.terms[term_iri].broader:
                add((str(node_iri(node)), BROADER, parent))


def _rdflib_term(term: str | Lit) -> URIRef | Literal:
    if isinstance(term, Lit):
        return Literal(term.value, datatype=URIRef(term.datatype) if term.datatype else None)
    return URIRef(term)


def to_rdf(graph: nx.MultiDiGraph) -> Graph:
    """The RDF graph of a kg graph, as an rdflib Graph."""
    g = Graph()
    for prefix, ns in ALL_PREFIXES.items():
        g.bind(prefix, ns)
    for s, p, o in rdf_triples(graph):
        g.add((URIRef(s), URIRef(p), _rdflib_term(o)))
    return g


def _ancestors(g: Graph, iri: URIRef) -> list[str]:
    """``skos:broader`` ancestors, nearest first, breadth first with parents in IRI order
    (the order :meth:`kg.vocab.Vocabulary.ancestors` uses)."""
    out: dict[str, None] = {}
    frontier = [iri]
    while frontier:
        nxt = []
        for node in frontier:
            for parent in sorted(str(p) for p in g.objects(node, SKOS.broader)):
                if parent != str(iri) and parent not in out:
                    out[parent] = None
                    nxt.append(URIRef(parent))
        frontier = nxt
    return list(out)


OX_FORMATS = {
    "ttl": ox.RdfFormat.TURTLE,
    "nt": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "xml": ox.RdfFormat.RDF_XML,
}


def _ox_triples(triples: Iterable[Triple]) -> list[ox.Triple]:
    """Oxigraph's triples; each IRI becomes one ``NamedNode`` however often it occurs (most do
    many times, and making one checks the IRI)."""
    nodes: dict[str, ox.NamedNode] = {}

    def node(iri: str) -> ox.NamedNode:
        made = nodes.get(iri)
        if made is None:
            made = nodes[iri] = ox.NamedNode(iri)
        return made

    out = []
    for s, p, o in triples:
        if not isinstance(o, Lit):
            obj: ox.NamedNode | ox.Literal = node(o)
        elif o.datatype:
            obj = ox.Literal(o.value, datatype=node(o.datatype))
        else:
            obj = ox.Literal(o.value)
        out.append(ox.Triple(node(s), node(p), obj))
    return out


def write_rdf(graph: nx.MultiDiGraph, path: str | Path, fmt: str = "ttl") -> None:
    """Serialize to ``path`` atomically; ``fmt`` is a key of :data:`RDF_FORMATS`.

    Oxigraph's serializers do the writing (several times faster than rdflib's on large graphs),
    but for Turtle: :mod:`kg.export.turtle` writes the same bytes from the plain triples, twice
    as fast again.
    """
    plain = dict.fromkeys(rdf_triples(graph))
    if fmt == "ttl":
        data = TurtleWriter(ALL_PREFIXES).write(plain).encode("utf-8")
    else:
        prefixes = ALL_PREFIXES if fmt == "xml" else None
        data = ox.serialize(_ox_triples(plain), format=OX_FORMATS[fmt], prefixes=prefixes) or b""
    with atomic_path(path) as tmp:
        tmp.write_bytes(data if data.endswith(b"\n") else data + b"\n")


def _str(g: Graph, s: Node, p: URIRef) -> str:
    value = g.value(s, p)
    return str(value) if value is not None else ""


def from_rdf(g: Graph) -> nx.MultiDiGraph:
    """Rebuild a kg graph from its RDF (the inverse of :func:`to_rdf`).

    Mention counts per paper are not in the RDF, so ``mentions`` edges come back with weight 1.
    """
    graph = new_graph()
    for s in sorted(set(g.subjects(RDF.type, KG.Paper)), key=str):
        node = node_of(str(s))
        if node is None:
            continue
        year = g.value(s, DCTERMS.date)
        title = _str(g, s, DCTERMS.title)
        abstract = _str(g, s, DCTERMS.abstract)
        words = abstract.split()
        graph.add_node(
            node,
            type="Paper",
            label=title or " ".join(words[:8]) + (" …" if len(words) > 8 else ""),
            title=title,
            abstract=abstract,
            url=_str(g, s, SCHEMA.url),
            code=sorted(str(c) for c in g.objects(s, SCHEMA.codeRepository)),
            authors=sorted(str(a) for a in g.objects(s, DCTERMS.creator)),
            year=int(str(year)) if year is not None else None,
            venue=_str(g, s, KG.venue),
            key=_str(g, s, DCTERMS.identifier),
        )
    for kind in ENTITY_TYPES:
        for s in sorted(set(g.subjects(RDF.type, KG[kind])), key=str):
            node = node_of(str(s))
            if node is None:
                continue
            papers = sorted(n for p in g.subjects(KG.mentions, s) if (n := node_of(str(p))))
            proposed = sorted(n for p in g.subjects(KG.proposes, s) if (n := node_of(str(p))))
            count = g.value(s, KG.mentionCount)
            link: dict[str, object] = {}
            for match, name in ((SKOS.exactMatch, "exact"), (SKOS.closeMatch, "close")):
                term = g.value(s, match)
                if isinstance(term, URIRef):
                    link = {
                        "vocab": str(term),
                        "vocab_label": _str(g, term, SKOS.prefLabel),
                        "vocab_match": name,
                        "broader": _ancestors(g, term),
                    }
            graph.add_node(
                node,
                type=kind,
                label=_str(g, s, SKOS.prefLabel),
                alt_labels=sorted(str(a) for a in g.objects(s, SKOS.altLabel)),
                papers=papers,
                paper_count=len(papers),
                count=int(str(count)) if count is not None else len(papers),
                proposed_by=proposed,
                **link,
            )
    for rel in ("mentions", "proposes"):
        for s, o in sorted(g.subject_objects(KG[rel]), key=str):
            u, v = node_of(str(s)), node_of(str(o))
            if u in graph and v in graph:
                graph.add_edge(u, v, key=rel, type=rel, weight=1, papers=[u], evidence=[])
    for st in sorted(set(g.subjects(RDF.type, KG.RelationStatement)), key=str):
        u, v = node_of(_str(g, st, RDF.subject)), node_of(_str(g, st, RDF.object))
        rel = _str(g, st, RDF.predicate).rpartition("#")[2]
        if u in graph and v in graph and rel in RELATIONS:
            support = g.value(st, KG.supportCount)
            graph.add_edge(
                u,
                v,
                key=rel,
                type=rel,
                weight=int(str(support)) if support is not None else 1,
                papers=sorted(n for p in g.objects(st, PROV.wasDerivedFrom) if (n := node_of(str(p)))),
                evidence=sorted(str(e) for e in g.objects(st, KG.evidence)),
            )
    return graph


def read_rdf(path: str | Path, fmt: str | None = None) -> nx.MultiDiGraph:
    g = Graph()
    g.parse(str(path), format=RDF_FORMATS[fmt or rdf_format_of(path)])
    return from_rdf(g)
