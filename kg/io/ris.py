"""RIS files (Zotero, Mendeley, EndNote, publishers' "export citation"), read with rispy.

Fields used: AB, else N2, as the abstract; TI, else T1, as the title; AU, else A1, as authors
("Family, Given" written "Given Family"); PY, else Y1, else DA, for the year; T2, else JO or JF,
as the venue; DO; UR (the first http link). An arXiv id comes from the DOI or an arxiv.org URL.

rispy reads records but not where they are, and drops one that lacks its ``ER`` end tag without a
word. So each record (from a ``TY  -`` line to the next) is given to rispy alone: its position is
the line of its ``TY``, and one without ``ER`` is reported there. A file with no ``TY  -`` line is
not RIS.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import InputError, RawRecord

_START = re.compile(r"TY  -")
_END = re.compile(r"ER  -")


def _first(record: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        value = record.get(key)
        if isinstance(value, list):
            value = next((v for v in value if text_of(v)), None)
        if text_of(value):
            return value
    return None


def _person(name: Any) -> str:
    family, comma, given = text_of(name).partition(",")
    return f"{given.strip()} {family.strip()}".strip() if comma else family.strip()


def fields(record: dict[str, Any]) -> dict[str, Any]:
    """kg's fields of one record as rispy names its tags (``AB`` is ``abstract``, ...)."""
    authors = record.get("authors") or record.get("first_authors") or []
    urls = [u for u in record.get("urls", []) if isinstance(u, str) and u.lower().startswith(("http://", "https://"))]
    doi = text_of(_first(record, "doi"))
    return kg_fields(
        abstract=_first(record, "abstract", "notes_abstract"),
        title=text_of(_first(record, "title", "primary_title")),
        authors=[_person(a) for a in authors] if isinstance(authors, list) else [],
        year=year_in(_first(record, "year", "publication_year", "date")),
        venue=text_of(_first(record, "secondary_title", "journal_name", "alternate_title3")),
        url=urls[0] if urls else "",
        doi=doi,
        arxiv=next((u for u in [doi, *urls] if "arxiv" in u.lower()), ""),
    )


def _records(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """(line number of its TY, its lines) for each record; text before the first TY is skipped."""
    starts = [i for i, line in enumerate(lines) if _START.match(line)]
    for start, end in zip(starts, [*starts[1:], len(lines)][: len(starts)], strict=True):
        yield start + 1, lines[start:end]


def _parse(record_lines: list[str]) -> dict[str, Any]:
    import rispy

    if not any(_END.match(line) for line in record_lines):
        return {"__error__": "malformed RIS record: no 'ER  - ' line ends it"}
    try:
        [parsed] = rispy.loads("\n".join(record_lines), skip_unknown_tags=True)
    except Exception as err:  # rispy on text it was not made for; one record, not the file
        return {"__error__": f"malformed RIS record: {type(err).__name__}: {err}"}
    return fields(parsed)


def read_ris(path: Path, text: str) -> Iterator[RawRecord]:
    """Records of a RIS file, at the lines of their ``TY  -`` tags.

    A file in which no record can be read is malformed, like one with no record at all.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    records = [(f"{path}:{line_no}", _parse(record_lines)) for line_no, record_lines in _records(lines)]
    if not records:
        raise InputError(f"{path}: malformed RIS: no record starts with a 'TY  - ' line")
    if all("__error__" in fields for _, fields in records):
        where, fields = records[0]
        raise InputError(f"{where}: {fields['__error__']}")
    yield from records
