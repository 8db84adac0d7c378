"""Read paper records from files; one reader per format, chosen from the file's extension.

A bad file raises :class:`InputError` with a one-line message. A bad record in a good file is
skipped and reported as a :class:`~kg.records.Problem` with its file and line.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from kg.io.clean import clean_abstract
from kg.records import Paper, Problem, ReadResult, normalized_text, paper_key


class InputError(Exception):
    """An input file that cannot be read at all. The message is one line, fit for a user."""


RawRecord = tuple[str, dict[str, Any]]  # (where, fields)

TITLE_KEYS = ("title", "name")
ABSTRACT_KEYS = ("abstract", "summary", "text")
ID_KEYS = ("id", "paper_id", "doi", "arxiv_id")
URL_KEYS = ("url", "paper_url", "site", "link", "pdf_url", "openreview")
AUTHOR_KEYS = ("authors", "author")
VENUE_KEYS = ("conference", "venue")
CODE_KEYS = ("code", "code_url", "github")


def _decode(path: Path) -> str:
    data = path.read_bytes()
    if not data.strip():
        raise InputError(f"{path}: the file is empty")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data[:4096] and data.count(b"\x00") > len(data) // 8:
        raise InputError(f"{path}: this looks like a binary file, not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{path}: not UTF-8 text (byte {err.start}); re-save it as UTF-8") from None


def read_text(path: Path, text: str) -> Iterator[RawRecord]:
    """Plain text: abstracts separated by blank lines; short header lines are not abstracts."""
    line_no = 1
    for block in text.replace("\r\n", "\n").split("\n\n"):
        start = line_no + (
            len(block) - len(block.lstrip("\n")) and block[: len(block) - len(block.lstrip("\n"))].count("\n")
        )
        line_no += block.count("\n") + 2
        body = block.strip()
        if not body or _is_header(body):
            continue
        yield f"{path}:{start}", {"abstract": body}


def _is_header(block: str) -> bool:
    # A title line such as "ICML 2025 paper list": one line, few words, no sentence end.
    return "\n" not in block and len(block.split()) <= 12 and not block.rstrip().endswith(".")


def read_json(path: Path, text: str) -> Iterator[RawRecord]:
    """A JSON array of records, or an object holding one under ``papers``/``records``/``data``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{path}:{err.lineno}: malformed JSON: {err.msg}") from None
    if isinstance(data, dict):
        for key in ("papers", "records", "data", "items"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
        else:
            data = [data]
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON array of paper records")
    for i, item in enumerate(data):
        yield f"{path}:[{i}]", item


def read_jsonl(path: Path, text: str) -> Iterator[RawRecord]:
    """One JSON record per line; a malformed line is reported and skipped."""
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{line_no}"
        try:
            yield where, json.loads(line)
        except json.JSONDecodeError as err:
            yield where, {"__error__": f"malformed JSON: {err.msg} (column {err.colno})"}


def read_csv(path: Path, text: str) -> Iterator[RawRecord]:
    """CSV with a header row that names an abstract column."""
    sample = text[:8192]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if not any(k in fields for k in ABSTRACT_KEYS):
        raise InputError(
            f"{path}: the CSV header has no abstract column (looked for {', '.join(ABSTRACT_KEYS)};"
            f" found {', '.join(fields) or 'nothing'})"
        )
    for row in reader:
        where = f"{path}:{reader.line_num}"
        yield where, {(k or "").strip().lower(): v for k, v in row.items()}


Reader = Callable[[Path, str], Iterable[RawRecord]]

#: Input formats by name; ``--format`` choices come from this table.
FORMATS: dict[str, Reader] = {
    "text": read_text,
    "json": read_json,
    "jsonl": read_jsonl,
    "csv": read_csv,
}
_EXTENSIONS = {
    ".txt": "text",
    ".text": "text",
    ".md": "text",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "csv",
}


def format_of(path: Path) -> str:
    try:
        return _EXTENSIONS[path.suffix.lower()]
    except KeyError:
        known = ", ".join(sorted(_EXTENSIONS))
        raise InputError(
            f"{path}: unknown file extension {path.suffix or '(none)'!r}; use one of {known} or pass --format"
        ) from None


def _first(fields: dict[str, Any], keys: Iterable[str]) -> Any:
    for key in keys:
        value = fields.get(key)
        if value not in (None, "", []):
            return value
    return None


def _authors(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        sep = ";" if ";" in value else ","
        return tuple(a.strip() for a in value.split(sep) if a.strip())
    if isinstance(value, list):
        return tuple(str(a).strip() for a in value if str(a).strip())
    return ()


def to_paper(where: str, fields: Any) -> Paper | Problem:
    """Turn one raw record into a Paper, or a Problem saying why it cannot be one."""
    if not isinstance(fields, dict):
        return Problem(where, f"expected a record object, got {type(fields).__name__}")
    if "__error__" in fields:
        return Problem(where, str(fields["__error__"]))
    fields = {str(k).lower(): v for k, v in fields.items()}
    abstract = _first(fields, ABSTRACT_KEYS)
    if abstract is None:
        return Problem(where, "no abstract")
    if not isinstance(abstract, str):
        return Problem(where, f"the abstract is a {type(abstract).__name__}, not text")
    cleaned = clean_abstract(abstract)
    if not any(ch.isalpha() for ch in cleaned.text):
        return Problem(where, "the abstract has no words")
    title = _first(fields, TITLE_KEYS)
    title_text = clean_abstract(title).text if isinstance(title, str) else ""
    record_id = _first(fields, ID_KEYS)
    code = _first(fields, CODE_KEYS)
    code_urls = list(cleaned.urls)
    if isinstance(code, str) and code.strip():
        code_urls.insert(0, code.strip())
    url = _first(fields, URL_KEYS)
    year = fields.get("year")
    try:
        year_int = int(year) if year not in (None, "") else None
    except (TypeError, ValueError):
        year_int = None
    venue = _first(fields, VENUE_KEYS)
    return Paper(
        key=paper_key(None if record_id is None else str(record_id), cleaned.text),
        abstract=cleaned.text,
        title=title_text,
        authors=_authors(_first(fields, AUTHOR_KEYS)),
        url=str(url).strip() if url else "",
        code_urls=tuple(dict.fromkeys(code_urls)),
        year=year_int,
        venue=str(venue).strip() if venue else "",
        source=where,
    )


def read_file(path: Path, fmt: str | None = None) -> Iterator[Paper | Problem]:
    """Read one file, yielding Papers and Problems in file order."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it instead")
    name = fmt or format_of(path)
    if name not in FORMATS:
        raise InputError(f"unknown format {name!r}; use one of {', '.join(FORMATS)}")
    try:
        text = _decode(path)
    except OSError as err:
        raise InputError(f"{path}: cannot read: {err.strerror}") from None
    for where, fields in FORMATS[name](path, text):
        yield to_paper(where, fields)


def read_papers(paths: Iterable[Path], fmt: str | None = None) -> ReadResult:
    """Read every file; drop repeated papers (same id, or same normalized abstract)."""
    result = ReadResult()
    seen_keys: set[str] = set()
    seen_texts: set[str] = set()
    for path in paths:
        for item in read_file(Path(path), fmt):
            if isinstance(item, Problem):
                result.problems.append(item)
                continue
            text = normalized_text(item.abstract)
            if item.key in seen_keys or text in seen_texts:
                result.duplicates += 1
                continue
            seen_keys.add(item.key)
            seen_texts.add(text)
            result.papers.append(item)
    return result
