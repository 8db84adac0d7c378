"""The ontology's terms as a closed namespace: a misspelled term is an AttributeError.

The terms are defined in ``ontology/kg.ttl``; a test checks that the two agree.
"""

from __future__ import annotations

from rdflib import Namespace
from rdflib.namespace import DefinedNamespace
from rdflib.term import URIRef

ONTOLOGY_IRI = "https://w3id.org/kg-ml/ontology"
RESOURCE_BASE = "https://w3id.org/kg-ml/resource/"


class KG(DefinedNamespace):
    """kg's own classes and properties."""

    _NS = Namespace(ONTOLOGY_IRI + "#")
    _fail = True

    Paper: URIRef
    Entity: URIRef
    Method: URIRef
    Task: URIRef
    Dataset: URIRef
    Metric: URIRef
    Material: URIRef
    Concept: URIRef
    RelationStatement: URIRef

    about: URIRef
    mentions: URIRef
    proposes: URIRef
    relatedTo: URIRef
    uses: URIRef
    addresses: URIRef
    evaluatedOn: URIRef
    measuredBy: URIRef
    improvesOn: URIRef
    comparedWith: URIRef
    isA: URIRef
    partOf: URIRef
    featureOf: URIRef
    conjoinedWith: URIRef

    evidence: URIRef
    supportCount: URIRef
    confidence: URIRef
    onDataset: URIRef
    inMetric: URIRef
    paperCount: URIRef
    mentionCount: URIRef
    venue: URIRef
    authorList: URIRef
    codeList: URIRef
    cluster: URIRef


SCHEMA = Namespace("https://schema.org/")

#: Prefixes bound in every RDF export, in one place.
PREFIXES = {
    "kg": Namespace(ONTOLOGY_IRI + "#"),
    "kgr": Namespace(RESOURCE_BASE),
    "schema": SCHEMA,
}
