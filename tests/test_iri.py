"""IRIs for keys that end in a dot ("i.i.d."): rdflib must read kg's Turtle back."""

from __future__ import annotations

from rdflib import Graph

from kg.rdf.iri import decode, encode, node_iri, node_of
from kg.rdf.terms import ALL_PREFIXES, Lit
from kg.rdf.turtle import TurtleWriter


def test_final_dot_is_encoded_and_reversible():
    assert encode("i.i.d.") == "i.i.d%2E" and decode(encode("i.i.d.")) == "i.i.d."
    assert node_of(str(node_iri("entity/i.i.d."))) == "entity/i.i.d."
    assert encode("a.b") == "a.b"


def test_rdflib_reads_turtle_with_a_key_ending_in_a_dot():
    iri = str(node_iri("entity/i.i.d."))
    text = TurtleWriter(ALL_PREFIXES).write([(iri, "https://schema.org/name", Lit("iid", None))])
    (subject, _, _), *_ = Graph().parse(data=text, format="turtle")
    assert str(subject) == iri
