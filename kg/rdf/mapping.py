"""The kg graph as RDF triples under kg's ontology, and back.

Entities are SKOS concepts typed by an ontology class; papers carry DCTerms and schema.org
metadata; each relation is a direct triple (``A kg:uses B``) plus a ``kg:RelationStatement``
that holds its evidence sentences, supporting papers (``prov:wasDerivedFrom``) and their count.
The vocabulary terms entities link to come from the graph itself (``graph.graph["vocabulary"]``,
set by :func:`kg.vocab.link_graph`), so writing RDF never reads the vocabularies.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import networkx as nx
from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS
from rdflib.term import Node

from kg.graph.clusters import CLUSTERS, UNCLUSTERED, add_clusters, summarize
from kg.graph.model import (
    BROADER_ENTITIES,
    ENTITY_TYPES,
    HIDDEN_LABELS,
    PAPER_LINKS,
    RELATIONS,
    VOCABULARY,
    VocabularyTerm,
    ancestors,
    new_graph,
)
from kg.graph.trends import add_years
from kg.rdf.iri import cluster_iri, node_iri, node_of
from kg.rdf.ontology import KG, SCHEMA
from kg.rdf.terms import (
    ABSTRACT,
    ALL_PREFIXES,
    ALT,
    BROADER,
    CLOSE,
    CODE,
    COLLECTION,
    CONCEPT,
    CREATOR,
    DATE,
    DECIMAL,
    DERIVED,
    EXACT,
    G_YEAR,
    HIDDEN,
    IDENTIFIER,
    INT,
    JSON,
    MEMBER,
    NOTATION,
    OBJECT,
    PREDICATE,
    PREF,
    SOURCE,
    SUBJECT,
    TITLE,
    TYPE,
    URL,
    Lit,
    T,
    Triple,
    decimal,
    link,
    statement_iri,
)


def rdf_triples(graph: nx.MultiDiGraph) -> list[Triple]:
    """Every triple of the kg graph's RDF, in a deterministic order (the graph's)."""
    out: list[Triple] = []
    add = out.append
    vocab_terms: set[str] = set()
    iris: dict[str, str] = {}  # node id -> IRI, each minted once
    clusters = _cluster_iris(graph)
    for node, data in graph.nodes(data=True):
        iri = iris[node] = str(node_iri(node))
        if data["type"] == "Paper":
            add((iri, TYPE, T["Paper"]))
            add((iri, IDENTIFIER, Lit(data["key"])))
            if data.get("title"):
                add((iri, TITLE, Lit(data["title"])))
            add((iri, ABSTRACT, Lit(data["abstract"])))
            authors = list(dict.fromkeys(data.get("authors", [])))
            for author in authors:
                add((iri, CREATOR, Lit(author)))
            codes = list(dict.fromkeys(data.get("code", [])))
            for code in codes:
                add((iri, CODE, link(code)))
            for name, values in (("authorList", authors), ("codeList", codes)):
                if len(values) > 1:  # RDF keeps no order among a property's values
                    add((iri, T[name], Lit(json.dumps(values, ensure_ascii=False), JSON)))
            if data.get("url"):
                add((iri, URL, link(data["url"])))
            if data.get("year") is not None:
                add((iri, DATE, Lit(str(data["year"]), G_YEAR)))
            if data.get("venue"):
                add((iri, T["venue"], Lit(data["venue"])))
        else:
            add((iri, TYPE, T[data["type"]]))
            add((iri, PREF, Lit(data["label"])))
            for alt in data.get("alt_labels", []):
                add((iri, ALT, Lit(alt)))
            for hidden in data.get(HIDDEN_LABELS, []):
                add((iri, HIDDEN, Lit(hidden)))
            add((iri, T["paperCount"], Lit(str(data["paper_count"]), INT)))
            add((iri, T["mentionCount"], Lit(str(data["count"]), INT)))
            if data.get("confidence") is not None:
                add((iri, T["confidence"], Lit(decimal(data["confidence"]), DECIMAL)))
            if data.get("cluster", UNCLUSTERED) in clusters:
                add((iri, T["cluster"], clusters[data["cluster"]]))
            for parent in data.get(BROADER_ENTITIES, ()):
                if parent in graph:
                    add((iri, BROADER, str(node_iri(parent))))
            if data.get("vocab"):
                add((iri, EXACT if data.get("vocab_match") == "exact" else CLOSE, data["vocab"]))
                vocab_terms.add(data["vocab"])
                vocab_terms.update(data.get("broader", []))
    _add_vocabulary(add, graph, vocab_terms)
    _add_clusters(add, graph, clusters, iris)
    for u, v, rel, data in graph.edges(keys=True, data=True):
        s, o = iris[u], iris[v]
        add((s, T[rel], o))
        if rel in RELATIONS:
            st = str(statement_iri(u, rel, v))
            add((st, TYPE, T["RelationStatement"]))
            add((st, SUBJECT, s))
            add((st, PREDICATE, T[rel]))
            add((st, OBJECT, o))
            add((st, T["supportCount"], Lit(str(data["weight"]), INT)))
            if data.get("confidence") is not None:
                add((st, T["confidence"], Lit(decimal(data["confidence"]), DECIMAL)))
            for dataset in data.get("datasets", []):
                add((st, T["onDataset"], iris.get(dataset) or str(node_iri(dataset))))
            for metric in data.get("metrics", []):
                add((st, T["inMetric"], iris.get(metric) or str(node_iri(metric))))
            for paper in data.get("papers", []):
                add((st, DERIVED, iris.get(paper) or str(node_iri(paper))))
            for sentence in data.get("evidence", []):
                add((st, T["evidence"], Lit(sentence)))
    return out


def _add_vocabulary(add: Callable[[Triple], None], graph: nx.MultiDiGraph, iris: set[str]) -> None:
    """The linked vocabulary terms, with their labels and hierarchy (from ``graph.graph["vocabulary"]``).

    A linked entity also gets its term's parents as ``skos:broader``, so ``?e skos:broader+ ?area``
    reaches every ancestor from the entity itself.
    """
    terms = graph.graph.get(VOCABULARY) or {}
    if not iris or not terms:
        return
    for iri in sorted(iris):
        term = terms.get(iri)
        if term is None:
            continue
        add((iri, TYPE, CONCEPT))
        add((iri, PREF, Lit(term["label"])))
        add((iri, SOURCE, Lit(term["source"])))
        for parent in term["broader"]:
            if parent in iris:
                add((iri, BROADER, parent))
    for node, data in graph.nodes(data=True):
        term = terms.get(data.get("vocab"))
        if term is not None:
            for parent in term["broader"]:
                add((str(node_iri(node)), BROADER, parent))


def _cluster_iris(graph: nx.MultiDiGraph) -> dict[int, str]:
    """The IRI of each cluster that has entities, minted from its members (:func:`cluster_iri`)."""
    members: dict[int, list[str]] = {}
    for node, data in graph.nodes(data=True):
        cluster = data.get("cluster", UNCLUSTERED)
        if cluster != UNCLUSTERED and data["type"] != "Paper":
            members.setdefault(cluster, []).append(node)
    return {c: str(cluster_iri(members[c])) for c in sorted(members)}


def _add_clusters(
    add: Callable[[Triple], None], graph: nx.MultiDiGraph, clusters: dict[int, str], iris: dict[str, str]
) -> None:
    """Each cluster as a ``skos:Collection``: its label, its number (``skos:notation``), its members."""
    table = graph.graph.get(CLUSTERS) or {}
    members: dict[int, list[str]] = {c: [] for c in clusters}
    for node, data in graph.nodes(data=True):
        cluster = data.get("cluster", UNCLUSTERED)
        if cluster in members and data["type"] != "Paper":
            members[cluster].append(iris[node])
    for cluster, iri in clusters.items():
        add((iri, TYPE, COLLECTION))
        add((iri, PREF, Lit(table[cluster]["label"] if cluster in table else f"cluster {cluster}")))
        add((iri, NOTATION, Lit(str(cluster), INT)))
        for member in members[cluster]:
            add((iri, MEMBER, member))


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


def _str(g: Graph, s: Node, p: URIRef) -> str:
    value = g.value(s, p)
    return str(value) if value is not None else ""


def _vocabulary(g: Graph) -> dict[str, VocabularyTerm]:
    """The vocabulary terms of kg's RDF (the concepts with a ``dcterms:source``), as in ``graph.graph``."""
    table: dict[str, VocabularyTerm] = {}
    for term, source in sorted(g.subject_objects(DCTERMS.source), key=str):
        if isinstance(term, URIRef):
            table[str(term)] = {
                "label": _str(g, term, SKOS.prefLabel),
                "source": str(source),
                "broader": sorted(str(p) for p in g.objects(term, SKOS.broader)),
            }
    return table


def from_rdf(g: Graph) -> nx.MultiDiGraph:
    """Rebuild a kg graph from its RDF (the inverse of :func:`to_rdf`).

    Mention counts and mention scores per paper are not in the RDF, so ``mentions`` edges come back
    with weight 1 and no ``mention_score``.
    Years are counted again from the papers' dates; the clusters' labels and terms are named again
    from their members (as the build named them); RDF without clusters is clustered here.
    """
    graph = new_graph()
    table = _vocabulary(g)
    if table:
        graph.graph[VOCABULARY] = table
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
            code=_ordered(g.value(s, KG.codeList), {str(c) for c in g.objects(s, SCHEMA.codeRepository)}),
            authors=_ordered(g.value(s, KG.authorList), {str(a) for a in g.objects(s, DCTERMS.creator)}),
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
            confidence = g.value(s, KG.confidence)
            collection = g.value(s, KG.cluster)
            cluster = g.value(collection, SKOS.notation) if collection is not None else None
            link: dict[str, object] = {}
            for match, name in ((SKOS.exactMatch, "exact"), (SKOS.closeMatch, "close")):
                term = g.value(s, match)
                if isinstance(term, URIRef):
                    link = {
                        "vocab": str(term),
                        "vocab_label": _str(g, term, SKOS.prefLabel),
                        "vocab_match": name,
                        "broader": ancestors(str(term), lambda t: table[t]["broader"] if t in table else ()),
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
                **({"confidence": float(str(confidence))} if confidence is not None else {}),
            )
            if cluster is not None:
                graph.nodes[node]["cluster"] = int(str(cluster))
            if hidden := sorted(str(h) for h in g.objects(s, SKOS.hiddenLabel)):
                graph.nodes[node][HIDDEN_LABELS] = hidden
    for node, data in graph.nodes(data=True):
        if data.get("type") in ENTITY_TYPES:
            parents = {n for b in g.objects(URIRef(str(node_iri(node))), SKOS.broader) if (n := node_of(str(b)))}
            if parents & set(graph):
                data[BROADER_ENTITIES] = sorted(parents & set(graph))
    for rel in PAPER_LINKS:
        for s, o in sorted(g.subject_objects(KG[rel]), key=str):
            u, v = node_of(str(s)), node_of(str(o))
            if u in graph and v in graph:
                graph.add_edge(u, v, key=rel, type=rel, weight=1, papers=[u], evidence=[])
    for st in sorted(set(g.subjects(RDF.type, KG.RelationStatement)), key=str):
        u, v = node_of(_str(g, st, RDF.subject)), node_of(_str(g, st, RDF.object))
        rel = _str(g, st, RDF.predicate).rpartition("#")[2]
        if u in graph and v in graph and rel in RELATIONS:
            support = g.value(st, KG.supportCount)
            confidence = g.value(st, KG.confidence)
            extra: dict[str, object] = {}
            if confidence is not None:
                extra["confidence"] = float(str(confidence))
            if rel == "improvesOn":
                for name, prop in (("datasets", KG.onDataset), ("metrics", KG.inMetric)):
                    extra[name] = sorted(n for d in g.objects(st, prop) if (n := node_of(str(d))))
            graph.add_edge(
                u,
                v,
                key=rel,
                type=rel,
                weight=int(str(support)) if support is not None else 1,
                papers=sorted(n for p in g.objects(st, PROV.wasDerivedFrom) if (n := node_of(str(p)))),
                evidence=sorted(str(e) for e in g.objects(st, KG.evidence)),
                **extra,
            )
    add_years(graph)
    if any(g.subjects(RDF.type, SKOS.Collection)):
        summarize(graph)
    else:  # RDF written before kg had clusters, or by another tool
        add_clusters(graph)
    return graph


def _ordered(listed: Node | None, values: set[str]) -> list[str]:
    """``values`` in the order a JSON list literal gives (``kg:authorList``), else sorted: only when
    the list holds exactly those values (a graph edited after export may disagree)."""
    if listed is not None:
        try:
            order = json.loads(str(listed))
        except ValueError:
            order = None
        if isinstance(order, list) and all(isinstance(v, str) for v in order) and set(order) == values:
            return list(dict.fromkeys(order))
    return sorted(values)
