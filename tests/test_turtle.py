"""kg's Turtle writer gives the bytes Oxigraph's serializer gives, on any text."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kg.rdf.mapping import rdf_triples
from kg.rdf.serialize import ox_triples
from kg.rdf.terms import ALL_PREFIXES, Lit, Triple
from kg.rdf.turtle import RDF_TYPE, XSD, TurtleWriter

KG, KGR = ALL_PREFIXES["kg"], ALL_PREFIXES["kgr"]


def oxigraph_turtle(triples: list[Triple]) -> bytes:
    return ox.serialize(ox_triples(triples), format=ox.RdfFormat.TURTLE, prefixes=ALL_PREFIXES) or b""


def kg_turtle(triples: list[Triple]) -> bytes:
    return TurtleWriter(ALL_PREFIXES).write(triples).encode("utf-8")


def is_iri(text: str) -> bool:
    try:
        ox.NamedNode(text)
    except ValueError:
        return False
    return True


def test_turtle_matches_oxigraph_on_the_example_graph(example_graph):
    triples = list(dict.fromkeys(rdf_triples(example_graph)))
    assert len(triples) > 1000
    assert kg_turtle(triples) == oxigraph_turtle(triples)


# Every character below U+3100 (where the escape rules change), then every 61st.
CHARACTERS = [chr(c) for c in [*range(0x3100), *range(0x3100, 0x110000, 61)] if not 0xD800 <= c <= 0xDFFF]


@pytest.mark.parametrize("where", ["literal", "first", "middle", "last", "alone"])
def test_turtle_matches_oxigraph_on_every_character(where: str):
    triples: list[Triple] = []
    for i, c in enumerate(CHARACTERS):
        if where == "literal":
            triples.append((f"{KGR}s{i}", f"{KG}p", Lit(f"a{c}b{c}")))
            continue
        local = {"first": f"{c}x", "middle": f"x{c}x", "last": f"x{c}", "alone": c}[where]
        if is_iri(KGR + local):
            triples.append((KGR + local, RDF_TYPE, f"{KG}Paper"))
    assert kg_turtle(triples) == oxigraph_turtle(triples)


texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
namespaces = st.sampled_from([*ALL_PREFIXES.values(), "http://example.org/x/", "urn:kg:"])
iris = st.builds(lambda ns, local: ns + local, namespaces, texts | st.sampled_from(["", "a.b", "a.", "-x", "1"]))
datatypes = st.sampled_from([None, *(XSD + t for t in ("integer", "decimal", "double", "boolean", "gYear", "anyURI"))])
values = texts | st.sampled_from(["12", "-3", "+0", "1.5", ".5", "1e3", "2.E-1", "true", "false", "2024", "1.", "e1"])
literals = st.builds(Lit, values, datatypes)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(iris, st.sampled_from([RDF_TYPE, f"{KG}p", f"{KG}q"]), iris | literals), max_size=12))
def test_turtle_matches_oxigraph_on_random_graphs(triples: list[Triple]):
    assume(all(is_iri(s) and (isinstance(o, Lit) or is_iri(o)) for s, _, o in triples))
    assume(all(o.datatype is None or is_iri(o.datatype) for _, _, o in triples if isinstance(o, Lit)))
    # runs of the same subject and predicate, so the "," and ";" layouts come up
    triples = sorted(triples, key=lambda t: (t[0], t[1]))
    assert kg_turtle(triples) == oxigraph_turtle(triples)
