"""CSL-JSON, the bibliography data of citation styles: Zotero's "CSL JSON" export, pandoc, Mendeley.

A JSON array of items. Fields used: abstract, title, author[] (family and given, with their
particles and suffix, or literal), issued (date-parts, else raw or literal), container-title
(else event-title) as the venue, DOI, URL; an arXiv id from the DOI (``10.48550/arXiv.X``), the
URL, or a number or note that names arXiv (Zotero's preprints: ``"number": "arXiv:1706.03762"``).
The item's ``id`` is a local citation key, not a paper id.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import RawRecord
from kg.io.read import read_json_kind

_NAME_PARTS = ("given", "dropping-particle", "non-dropping-particle", "family", "suffix")


def looks_like(record: Any) -> bool:
    """An item: a ``type`` and an ``issued`` date, a ``container-title`` or CSL-shaped authors."""
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        return False
    authors = record.get("author")
    csl_names = isinstance(authors, list) and any(
        isinstance(a, dict) and ("family" in a or "literal" in a) for a in authors[:3]
    )
    return "issued" in record or "container-title" in record or csl_names


def _name(person: Any) -> str:
    if not isinstance(person, dict):
        return text_of(person)
    if text_of(person.get("literal")):
        return text_of(person["literal"])
    return " ".join(p for p in (text_of(person.get(k)) for k in _NAME_PARTS) if p)


def _year(issued: Any) -> int | None:
    if isinstance(issued, dict):
        parts = issued.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            return year_in(parts[0][0])
        return year_in(issued.get("raw")) or year_in(issued.get("literal"))
    return year_in(issued)


def _text(value: Any) -> str:
    # container-title is a string, but some exporters write a list of them
    return text_of(value[0] if isinstance(value, list) and value else value)


def fields(item: Any) -> Any:
    """kg's fields of one CSL item; anything but an object is passed on to be reported."""
    if not isinstance(item, dict):
        return item
    authors = item.get("author")
    arxiv = next(
        (v for k in ("number", "note", "URL") if "arxiv" in (v := text_of(item.get(k))).lower()),
        "",
    )
    return kg_fields(
        abstract=item.get("abstract"),
        title=_text(item.get("title")),
        authors=[_name(a) for a in authors] if isinstance(authors, list) else [],
        year=_year(item.get("issued")),
        venue=_text(item.get("container-title")) or _text(item.get("event-title")) or _text(item.get("event")),
        url=item.get("URL"),
        doi=item.get("DOI"),
        arxiv=arxiv,
    )


def read_csljson(path: Path, text: str) -> Iterator[RawRecord]:
    """CSL-JSON items in a JSON array (or JSON Lines)."""
    return read_json_kind(path, text, "csljson")
