"""RDF: the graph under kg's ontology (Turtle, N-Triples, JSON-LD, RDF/XML), and back.

Entities are SKOS concepts typed by an ontology class; papers carry DCTerms and schema.org
metadata; each relation is a direct triple (``A kg:uses B``) plus a ``kg:RelationStatement``
that holds its evidence sentences, supporting papers (``prov:wasDerivedFrom``) and their count.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
from rdflib import RDF, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS
from rdflib.term import Node

from kg.export.atomic import atomic_path
from kg.graph.model import ENTITY_TYPES, RELATIONS, new_graph
from kg.iri import node_iri, node_of
from kg.ontology import KG, PREFIXES, RESOURCE_BASE, SCHEMA

_SAFE_URL = re.compile(r"^https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")
RDF_FORMATS = {"ttl": "turtle", "nt": "nt", "jsonld": "json-ld", "xml": "xml"}


def _url(text: str) -> URIRef | None:
    return URIRef(text) if _SAFE_URL.match(text) and "'" not in text else None


def statement_iri(u: str, rel: str, v: str) -> URIRef:
    digest = hashlib.sha256(f"{u}\n{rel}\n{v}".encode()).hexdigest()[:20]
    return URIRef(f"{RESOURCE_BASE}statement/{digest}")


Triple = tuple[Node, Node, Node]


class _Triples(list[Triple]):
    """A list with rdflib's ``Graph.add`` signature, to collect triples cheaply."""

    def add(self, triple: Triple) -> None:
        self.append(triple)


#: Prefixes written in Turtle and bound in rdflib graphs.
ALL_PREFIXES = {
    **{k: str(v) for k, v in PREFIXES.items()},
    "skos": str(SKOS),
    "dcterms": str(DCTERMS),
    "prov": str(PROV),
    "rdf": str(RDF),
    "xsd": str(XSD),
}


#: The ontology's terms as plain URIRefs: looking them up on the closed namespace is slow in a hot loop.
T: dict[str, URIRef] = {name: KG[name] for name in KG.__annotations__}


def to_rdf(graph: nx.MultiDiGraph) -> Graph:
    """The RDF graph of a kg graph, as an rdflib Graph."""
    g = Graph()
    for prefix, ns in ALL_PREFIXES.items():
        g.bind(prefix, ns)
    for triple in rdf_triples(graph):
        g.add(triple)
    return g


def rdf_triples(graph: nx.MultiDiGraph) -> list[Triple]:
    """Every triple of the kg graph's RDF, sorted (so serializations are deterministic)."""
    g = _Triples()
    vocab_terms: set[str] = set()
    for node, data in graph.nodes(data=True):
        iri = node_iri(node)
        if data["type"] == "Paper":
            g.add((iri, RDF.type, T["Paper"]))
            g.add((iri, DCTERMS.identifier, Literal(data["key"])))
            if data.get("title"):
                g.add((iri, DCTERMS.title, Literal(data["title"])))
            g.add((iri, DCTERMS.abstract, Literal(data["abstract"])))
            for author in data.get("authors", []):
                g.add((iri, DCTERMS.creator, Literal(author)))
            for code in data.get("code", []):
                url = _url(code)
                g.add(
                    (
                        iri,
                        SCHEMA.codeRepository,
                        url if url is not None else Literal(code, datatype=XSD.anyURI),
                    )
                )
            if data.get("url"):
                url = _url(data["url"])
                g.add(
                    (
                        iri,
                        SCHEMA.url,
                        url if url is not None else Literal(data["url"], datatype=XSD.anyURI),
                    )
                )
            if data.get("year") is not None:
                g.add((iri, DCTERMS.date, Literal(str(data["year"]), datatype=XSD.gYear)))
            if data.get("venue"):
                g.add((iri, T["venue"], Literal(data["venue"])))
        else:
            g.add((iri, RDF.type, T[data["type"]]))
            g.add((iri, SKOS.prefLabel, Literal(data["label"])))
            for alt in data.get("alt_labels", []):
                g.add((iri, SKOS.altLabel, Literal(alt)))
            g.add((iri, T["paperCount"], Literal(data["paper_count"])))
            g.add((iri, T["mentionCount"], Literal(data["count"])))
            if data.get("vocab"):
                match = SKOS.exactMatch if data.get("vocab_match") == "exact" else SKOS.closeMatch
                g.add((iri, match, URIRef(data["vocab"])))
                vocab_terms.add(data["vocab"])
                vocab_terms.update(data.get("broader", []))
    _add_vocabulary(g, graph, vocab_terms)
    for u, v, rel, data in graph.edges(keys=True, data=True):
        s, o = node_iri(u), node_iri(v)
        g.add((s, T[rel], o))
        if rel in RELATIONS:
            st = statement_iri(u, rel, v)
            g.add((st, RDF.type, T["RelationStatement"]))
            g.add((st, RDF.subject, s))
            g.add((st, RDF.predicate, T[rel]))
            g.add((st, RDF.object, o))
            g.add((st, T["supportCount"], Literal(data["weight"])))
            for paper in data.get("papers", []):
                g.add((st, PROV.wasDerivedFrom, node_iri(paper)))
            for sentence in data.get("evidence", []):
                g.add((st, T["evidence"], Literal(sentence)))
    return sorted(set(g), key=lambda t: (str(t[0]), str(t[1]), str(t[2]), type(t[2]).__name__))


def _add_vocabulary(g: _Triples, graph: nx.MultiDiGraph, iris: set[str]) -> None:
    """The linked vocabulary terms, with their labels and hierarchy.

    A linked entity also gets its term's parents as ``skos:broader``, so ``?e skos:broader+ ?area``
    reaches every ancestor from the entity itself.
    """
    if not iris:
        return
    from kg.vocab import load_vocabulary

    vocab = load_vocabulary()
    for term in vocab.terms_for(sorted(iris)):
        t = URIRef(term.iri)
        g.add((t, RDF.type, SKOS.Concept))
        g.add((t, SKOS.prefLabel, Literal(term.label)))
        g.add((t, DCTERMS.source, Literal(term.source)))
        for parent in term.broader:
            if parent in iris:
                g.add((t, SKOS.broader, URIRef(parent)))
    for node, data in graph.nodes(data=True):
        term_iri = data.get("vocab")
        if term_iri:
            for parent in vocab.terms[term_iri].broader if term_iri in vocab.terms else ():
                g.add((node_iri(node), SKOS.broader, URIRef(parent)))


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


_OX_FORMATS = {
    "ttl": ox.RdfFormat.TURTLE,
    "nt": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "xml": ox.RdfFormat.RDF_XML,
}


def _ox(term: Node) -> ox.NamedNode | ox.Literal:
    if isinstance(term, Literal):
        if term.language:
            return ox.Literal(str(term), language=term.language)
        if term.datatype is not None and str(term.datatype) != str(XSD.string):
            return ox.Literal(str(term), datatype=ox.NamedNode(str(term.datatype)))
        return ox.Literal(str(term))
    return ox.NamedNode(str(term))


def write_rdf(graph: nx.MultiDiGraph, path: str | Path, fmt: str = "ttl") -> None:
    """Serialize to ``path`` atomically; ``fmt`` is a key of :data:`RDF_FORMATS`.

    Oxigraph's serializers do the writing: several times faster than rdflib's on large graphs.
    """
    triples = [ox.Triple(_ox(s), _ox(p), _ox(o)) for s, p, o in rdf_triples(graph)]  # type: ignore[arg-type]
    prefixes = ALL_PREFIXES if fmt in {"ttl", "xml"} else None
    data = ox.serialize(triples, format=_OX_FORMATS[fmt], prefixes=prefixes) or b""
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
    suffix = Path(path).suffix.lstrip(".").lower()
    g = Graph()
    g.parse(str(path), format=RDF_FORMATS.get(fmt or suffix, "turtle"))
    return from_rdf(g)
