"""SPARQL 1.1 query results of Oxigraph terms in the protocol's formats: JSON, XML, CSV, TSV."""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import pyoxigraph as ox

SOLUTION_TYPES = {
    "application/sparql-results+json": "json",
    "application/json": "json",
    "application/sparql-results+xml": "xml",
    "application/xml": "xml",
    "text/xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/x-turtle": ox.RdfFormat.TURTLE,
    "application/turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "text/plain": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}
_RESULTS_NS = "http://www.w3.org/2005/sparql-results#"


def _json_term(t: Any) -> dict[str, str]:
    if isinstance(t, ox.NamedNode):
        return {"type": "uri", "value": t.value}
    if isinstance(t, ox.BlankNode):
        return {"type": "bnode", "value": t.value}
    if isinstance(t, ox.Literal):
        out = {"type": "literal", "value": t.value}
        if t.language:
            out["xml:lang"] = t.language
        elif t.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
            out["datatype"] = t.datatype.value
        return out
    return {"type": "literal", "value": str(t)}


def _xml_term(t: Any) -> str:
    if isinstance(t, ox.NamedNode):
        return f"<uri>{escape(t.value)}</uri>"
    if isinstance(t, ox.BlankNode):
        return f"<bnode>{escape(t.value)}</bnode>"
    if isinstance(t, ox.Literal):
        if t.language:
            return f"<literal xml:lang={quoteattr(t.language)}>{escape(t.value)}</literal>"
        if t.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
            return f"<literal datatype={quoteattr(t.datatype.value)}>{escape(t.value)}</literal>"
        return f"<literal>{escape(t.value)}</literal>"
    return f"<literal>{escape(str(t))}</literal>"


def _csv_cell(t: Any) -> str:
    text = "" if t is None else (f"_:{t.value}" if isinstance(t, ox.BlankNode) else t.value)
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\r\n') else text


def solutions(names: list[str], rows: list[list[Any]], fmt: str) -> bytes:
    if fmt == "json":
        bindings = [{n: _json_term(t) for n, t in zip(names, row, strict=True) if t is not None} for row in rows]
        return json.dumps({"head": {"vars": names}, "results": {"bindings": bindings}}, ensure_ascii=False).encode()
    if fmt == "xml":
        head = "".join(f"<variable name={quoteattr(n)}/>" for n in names)
        body = "".join(
            "<result>"
            + "".join(
                f"<binding name={quoteattr(n)}>{_xml_term(t)}</binding>"
                for n, t in zip(names, row, strict=True)
                if t is not None
            )
            + "</result>"
            for row in rows
        )
        return (
            f'<?xml version="1.0"?>\n<sparql xmlns="{_RESULTS_NS}">'
            f"<head>{head}</head><results>{body}</results></sparql>\n"
        ).encode()
    if fmt == "tsv":
        lines = ["\t".join(f"?{n}" for n in names)] + ["\t".join("" if t is None else str(t) for t in r) for r in rows]
        return ("\n".join(lines) + "\n").encode()
    lines = [",".join(names)] + [",".join(_csv_cell(t) for t in r) for r in rows]
    return ("\r\n".join(lines) + "\r\n").encode()


def boolean(value: bool, fmt: str) -> bytes:
    """An ASK query's answer in ``fmt`` (a value of :data:`SOLUTION_TYPES`)."""
    if fmt == "json":
        return json.dumps({"head": {}, "boolean": value}).encode()
    text = str(value).lower()
    if fmt == "xml":
        return (
            f'<?xml version="1.0"?>\n<sparql xmlns="{_RESULTS_NS}"><head/><boolean>{text}</boolean></sparql>\n'.encode()
        )
    return f"{text}\n".encode()
