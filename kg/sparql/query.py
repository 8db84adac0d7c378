"""Query results as text for the CLI (a table, CSV or JSON), and rdflib's SPARQL engine over a
parsed file: the reference the tests and the store benchmark compare Oxigraph's answers with
(``kg query`` itself runs on Oxigraph, :func:`kg.sparql.store.query_store`)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from rdflib import Graph
from rdflib.query import Result

from kg.rdf.formats import RDF_FORMATS, rdf_format_of
from kg.rdf.ontology import PREFIXES


def load_graph(path: Path) -> Graph:
    g = Graph()
    g.parse(str(path), format=RDF_FORMATS[rdf_format_of(path)])
    return g


def run_query(graph: Graph, sparql: str) -> Result:
    """Run a SPARQL query with kg's prefixes (kg:, kgr:, schema:, skos:, dcterms:...) bound."""
    namespaces = {**dict(graph.namespaces()), **PREFIXES}
    return graph.query(sparql, initNs=namespaces)


def rows(result: Result) -> tuple[list[str], list[list[str]]]:
    if result.type == "ASK":
        return ["ask"], [[str(bool(result.askAnswer)).lower()]]
    if result.type != "SELECT":
        raise ValueError("only SELECT and ASK queries give rows; CONSTRUCT/DESCRIBE give graphs")
    names = [str(v) for v in result.vars or []]
    out = [["" if row[i] is None else str(row[i]) for i in range(len(names))] for row in result]  # type: ignore[index]
    return names, out


def format_result(result: Result, fmt: str = "table") -> str:
    if result.type in {"CONSTRUCT", "DESCRIBE"}:
        data = result.serialize(format="turtle")
        return data.decode("utf-8") if isinstance(data, bytes) else str(data)
    names, table = rows(result)
    if fmt == "json":
        return json.dumps([dict(zip(names, r, strict=True)) for r in table], ensure_ascii=False, indent=1) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(names)
        writer.writerows(table)
        return buf.getvalue()
    widths = [min(60, max([len(n)] + [len(r[i]) for r in table])) for i, n in enumerate(names)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.replace("\n", " ")[:w].ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    body = [line(names), line(["-" * w for w in widths]), *(line(r) for r in table)]
    return "\n".join(body) + f"\n({len(table)} row{'s' if len(table) != 1 else ''})\n"
