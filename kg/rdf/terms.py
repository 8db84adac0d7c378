"""kg's RDF terms as plain strings, shared by the exporters and the store.

The closed namespace (:mod:`kg.rdf.ontology`) checks a term's name; these strings are what hot
loops use, since its lookups are slow. :class:`Lit` and :data:`Triple` are triples as plain data,
which both the Turtle writer and Oxigraph take.
"""

from __future__ import annotations

import hashlib
import re
from typing import NamedTuple

from rdflib import RDF, XSD, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS

from kg.rdf.ontology import KG, PREFIXES, RESOURCE_BASE, SCHEMA

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

INT = str(XSD.integer)
_ANY_URI = str(XSD.anyURI)
G_YEAR = str(XSD.gYear)

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
COLLECTION, MEMBER, NOTATION = str(SKOS.Collection), str(SKOS.member), str(SKOS.notation)


def link(text: str) -> str | Lit:
    """A URL as an IRI when it is a well-formed one, else as an xsd:anyURI literal."""
    return text if _SAFE_URL.match(text) and "'" not in text else Lit(text, _ANY_URI)
