"""The RDF serializations kg reads and writes, by name and file suffix (no imports: the CLI's
choices and a build's start come from here)."""

from __future__ import annotations

from pathlib import Path

#: kg's names for the RDF serializations, and rdflib's.
RDF_FORMATS = {"ttl": "turtle", "nt": "nt", "jsonld": "json-ld", "xml": "xml"}

#: The suffix of each serialization's files (RDF/XML is ``.rdf``).
RDF_SUFFIXES = {"ttl": ".ttl", "nt": ".nt", "jsonld": ".jsonld", "xml": ".rdf"}


def rdf_format_of(path: str | Path) -> str:
    """The RDF serialization of the file at ``path`` (a key of :data:`RDF_FORMATS`), by its suffix:
    the names above and the suffixes kg writes (``.rdf`` is RDF/XML). Turtle otherwise.

    >>> rdf_format_of("graph.rdf"), rdf_format_of("g.NT"), rdf_format_of("g.turtle")
    ('xml', 'nt', 'ttl')
    """
    suffix = Path(path).suffix.lower()
    by_suffix = {s: name for name, s in RDF_SUFFIXES.items()}
    name = by_suffix.get(suffix, suffix.lstrip("."))
    return name if name in RDF_FORMATS else "ttl"
