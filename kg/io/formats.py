"""The table of input formats: name -> reader. The CLI's ``--format`` choices come from here.

A file's format comes from its extension; where the extension does not say (``.json``,
``.jsonl``, ``.xml``, an unknown one) its content does. Each reader's module is imported when it
first reads, so the table costs nothing to import: ``kg --help`` skips bibtexparser and lxml.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

RawRecord = tuple[str, Any]  # (where, fields): "file:line" or "file:[index]", and a dict of fields
Reader = Callable[[Path, str], Iterable[RawRecord]]


class InputError(Exception):
    """An input file that cannot be read at all. The message is one line, fit for a user."""


class InputFormat(NamedTuple):
    read: Reader
    suffixes: tuple[str, ...]  # extensions that name this format alone
    about: str
    module: str  # where the reader is


def _format(module: str, function: str, suffixes: tuple[str, ...], about: str) -> InputFormat:
    """A format read by ``kg.io.<module>.<function>(path, text)``."""
    module = f"kg.io.{module}"

    def read(path: Path, text: str) -> Iterable[RawRecord]:
        reader: Reader = getattr(importlib.import_module(module), function)
        return reader(path, text)

    return InputFormat(read, suffixes, about, module)


#: Input formats by name; ``--format`` choices come from this table.
FORMATS: dict[str, InputFormat] = {
    "text": _format("read", "read_text", (".txt", ".text", ".md"), "abstracts separated by blank lines"),
    "json": _format("read", "read_json", (".json",), "kg's records, or a JSON format below told by its fields"),
    "jsonl": _format("read", "read_jsonl", (".jsonl", ".ndjson"), "one JSON record a line"),
    "csv": _format("read", "read_csv", (".csv", ".tsv"), "a header row with an abstract column"),
    "bibtex": _format("bibtex", "read_bibtex", (".bib", ".bibtex"), "BibTeX / BibLaTeX"),
    "ris": _format("ris", "read_ris", (".ris",), "RIS (Zotero, Mendeley, EndNote)"),
    "arxiv": _format("arxiv", "read_arxiv", (".atom", ".xml"), "arXiv API Atom feed"),
    "csljson": _format("csljson", "read_csljson", (), "CSL-JSON (Zotero's CSL JSON export)"),
    "openreview": _format("openreview", "read_openreview", (), "OpenReview notes, API v1 or v2"),
    "semanticscholar": _format(
        "semanticscholar", "read_semanticscholar", (), "Semantic Scholar Graph API papers, JSON or JSONL"
    ),
}

#: JSON formats told apart by their records' fields, in the order they are tried; each module
#: has ``looks_like(record) -> bool`` and ``fields(record) -> dict`` (the record in kg's fields).
JSON_KINDS = ("openreview", "semanticscholar", "csljson")

_BIBTEX = re.compile(r"^[ \t]*@[A-Za-z]+[ \t]*[{(]", re.MULTILINE)
_RIS = re.compile(r"^TY  - ", re.MULTILINE)


def _by_suffix(suffix: str) -> str | None:
    return next((name for name, f in FORMATS.items() if suffix in f.suffixes), None)


def sniff(text: str) -> str | None:
    """The format that ``text`` looks like, or None.

    >>> sniff('@inproceedings{vaswani2017,\\n  title = {Attention}}')
    'bibtex'
    >>> sniff('TY  - JOUR\\nTI  - Attention\\nER  - ')
    'ris'
    >>> sniff('{"abstract": "A."}\\n{"abstract": "B."}\\n'), sniff('[{"abstract": "A."}]')
    ('jsonl', 'json')
    >>> sniff("We propose a method.") is None
    True
    """
    head = text[:65536].lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "arxiv"
    if head.startswith(("{", "[")):
        first, _, rest = head.partition("\n")
        try:
            json.loads(first)
        except json.JSONDecodeError:
            return "json"
        return "jsonl" if first.startswith("{") and rest.strip() else "json"
    if _BIBTEX.search(head):
        return "bibtex"
    if _RIS.search(head):
        return "ris"
    return None


def format_of(path: Path, text: str) -> str:
    """The format of the file at ``path`` with content ``text``: by its extension, else its content.

    A ``.json`` file's records decide later between kg's records and the formats in
    :data:`JSON_KINDS` (see :func:`json_kind`).
    """
    name = _by_suffix(path.suffix.lower()) or sniff(text)
    if name not in FORMATS:
        known = ", ".join(sorted(s for f in FORMATS.values() for s in f.suffixes))
        raise InputError(
            f"{path}: unknown file extension {path.suffix or '(none)'!r} and the content is no format kg"
            f" knows; use one of {known} or pass --format"
        )
    return name


def json_kind(record: Any) -> str | None:
    """The format in :data:`JSON_KINDS` whose records look like ``record``; None for kg's own.

    >>> json_kind({"paperId": "649def34", "title": "Attention Is All You Need"})
    'semanticscholar'
    >>> json_kind({"id": "x1", "abstract": "We propose X."}) is None
    True
    """
    for name in JSON_KINDS:
        if importlib.import_module(FORMATS[name].module).looks_like(record):
            return name
    return None


def fields_of(name: str) -> Callable[[Any], Any]:
    """The function that turns one record of JSON format ``name`` into kg's fields."""
    mapper: Callable[[Any], Any] = importlib.import_module(FORMATS[name].module).fields
    return mapper
