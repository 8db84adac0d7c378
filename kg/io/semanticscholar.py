"""Semantic Scholar Graph API papers: search and batch responses, and JSON Lines of papers.

A search response is the envelope ``{"total": n, "offset": 0, "data": [...]}``; the batch endpoint
returns an array with ``null`` for ids it does not know; the datasets give one paper a line with
lower-case keys. Fields used: paperId (else corpusId), title, abstract, year, venue (else
publicationVenue.name), authors[].name, externalIds.DOI / .ArXiv, url (else openAccessPdf.url).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import RawRecord
from kg.io.read import read_json_kind


def looks_like(record: Any) -> bool:
    """A paper: it has a ``paperId`` or ``corpusId`` (in any case)."""
    return isinstance(record, dict) and any(str(k).lower() in ("paperid", "corpusid") for k in record)


def _lower(value: Any) -> dict[str, Any]:
    return {str(k).lower(): v for k, v in value.items()} if isinstance(value, dict) else {}


def fields(paper: Any) -> Any:
    """kg's fields of one paper; ``null`` (a batch id with no paper) and non-objects are reported."""
    if paper is None:
        return {"__error__": "null: Semantic Scholar found no paper for this id"}
    if not isinstance(paper, dict):
        return paper
    p = _lower(paper)
    external = _lower(p.get("externalids"))
    authors = p.get("authors")
    pdf = _lower(p.get("openaccesspdf")).get("url")
    native = p.get("paperid") or p.get("corpusid")
    return kg_fields(
        abstract=p.get("abstract"),
        title=text_of(p.get("title")),
        authors=[text_of(_lower(a).get("name")) for a in authors] if isinstance(authors, list) else [],
        year=year_in(p.get("year")),
        venue=text_of(p.get("venue")) or text_of(_lower(p.get("publicationvenue")).get("name")),
        url=p.get("url") or pdf,
        doi=external.get("doi"),
        arxiv=external.get("arxiv"),
        native_id=str(native) if isinstance(native, str | int) and not isinstance(native, bool) else None,
    )


def read_semanticscholar(path: Path, text: str) -> Iterator[RawRecord]:
    """Semantic Scholar papers in a JSON array, a ``{"data": [...]}`` envelope or JSON Lines."""
    return read_json_kind(path, text, "semanticscholar")
