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

#: An http(s) URL that is a valid IRI as it is: RFC 3986 characters (no brackets, no quote), each %
#: followed by two hex digits, at most one #.
_URL_CHAR = r"(?:[A-Za-z0-9\-._~:/?@!$&()*+,;=]|%[0-9A-Fa-f]{2})"
_SAFE_URL = re.compile(rf"^https?://{_URL_CHAR}+(?:#{_URL_CHAR}*)?$")


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
DECIMAL = str(XSD.decimal)
_ANY_URI = str(XSD.anyURI)
G_YEAR = str(XSD.gYear)
JSON = str(RDF.JSON)  # rdf:JSON: an ordered list as a JSON array

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
HIDDEN = str(SKOS.hiddenLabel)
EXACT, CLOSE, CONCEPT = str(SKOS.exactMatch), str(SKOS.closeMatch), str(SKOS.Concept)
IDENTIFIER, TITLE, ABSTRACT = str(DCTERMS.identifier), str(DCTERMS.title), str(DCTERMS.abstract)
CREATOR, DATE, SOURCE = str(DCTERMS.creator), str(DCTERMS.date), str(DCTERMS.source)
CODE, URL, DERIVED = str(SCHEMA.codeRepository), str(SCHEMA.url), str(PROV.wasDerivedFrom)
COLLECTION, MEMBER, NOTATION = str(SKOS.Collection), str(SKOS.member), str(SKOS.notation)


def decimal(value: float) -> str:
    """A number in [0, 1] as an xsd:decimal lexical form, at most 4 places.

    >>> decimal(0.75), decimal(1.0), decimal(0.123456)
    ('0.75', '1.0', '0.1235')
    """
    text = f"{value:.4f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def link(text: str) -> str | Lit:
    """A URL as an IRI when it is a well-formed one, else as an xsd:anyURI literal."""
    return text if _SAFE_URL.match(text) else Lit(text, _ANY_URI)
