"""RDF text from plain triples: kg's Turtle writer, Oxigraph's serializers for the rest."""

from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox

from kg.rdf.terms import ALL_PREFIXES, Lit, Triple
from kg.rdf.turtle import TurtleWriter

OX_FORMATS = {
    "ttl": ox.RdfFormat.TURTLE,
    "nt": ox.RdfFormat.N_TRIPLES,
    "jsonld": ox.RdfFormat.JSON_LD,
    "xml": ox.RdfFormat.RDF_XML,
}


def ox_triples(triples: Iterable[Triple]) -> list[ox.Triple]:
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


def serialize(triples: Iterable[Triple], fmt: str = "ttl") -> bytes:
    """The triples as ``fmt`` (a key of :data:`OX_FORMATS`), each once, ending with a newline.

    Oxigraph's serializers do the writing (several times faster than rdflib's on large graphs),
    but for Turtle: :mod:`kg.rdf.turtle` writes the same bytes from the plain triples, twice as
    fast again.
    """
    plain = dict.fromkeys(triples)
    if fmt == "ttl":
        data = TurtleWriter(ALL_PREFIXES).write(plain).encode("utf-8")
    else:
        prefixes = ALL_PREFIXES if fmt == "xml" else None
        data = ox.serialize(ox_triples(plain), format=OX_FORMATS[fmt], prefixes=prefixes) or b""
    return data if data.endswith(b"\n") else data + b"\n"
