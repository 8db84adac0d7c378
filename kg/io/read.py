"""Read paper records from files; one reader per format, chosen from the file's extension.

A bad file raises :class:`InputError` with a one-line message. A bad record in a good file is
skipped and reported as a :class:`~kg.records.Problem` with its file and line.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from kg.io.clean import clean_abstract
from kg.records import Paper, Problem, ReadResult, normalized_text, paper_key
from kg.text import safe_text


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


def decode_file(path: Path) -> tuple[str, str | None]:
    """The file's text, and a note when it was not UTF-8 (UTF-16 with a BOM, or Latin-1)."""
    data = path.read_bytes()
    if not data.strip():
        raise InputError(f"{path}: the file is empty")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "read as UTF-16 (it has a byte-order mark)"
        except UnicodeDecodeError:
            raise InputError(f"{path}: has a UTF-16 byte-order mark but is not valid UTF-16") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    sample = data[:65536]
    controls = sum(1 for b in sample if b < 32 and b not in (9, 10, 13))
    if (b"\x00" in sample and controls > len(sample) // 100) or controls > len(sample) // 10:
        raise InputError(f"{path}: this looks like a binary file, not text")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as err:
        try:
            return data.decode("cp1252"), f"not UTF-8 (byte {err.start}); read as Windows-1252/Latin-1"
        except UnicodeDecodeError:
            return data.decode("latin-1"), f"not UTF-8 (byte {err.start}); read as Latin-1"


_BLANK = re.compile(r"\n[ \t\f\v\r]*\n")


def read_text(path: Path, text: str) -> Iterator[RawRecord]:
    """Plain text: abstracts separated by blank lines; short header lines are not abstracts."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    pos = 0
    for match in [*_BLANK.finditer(text), None]:
        end = match.start() if match else len(text)
        block = text[pos:end]
        line = (
            text.count("\n", 0, pos)
            + 1
            + (len(block) - len(block.lstrip()))
            - len(block[: len(block) - len(block.lstrip())].replace("\n", ""))
        )
        pos = match.end() if match else len(text)
        body = block.strip()
        if not body or _is_header(body):
            continue
        yield f"{path}:{line}", {"abstract": body}


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


def _safe(value: Any) -> Any:
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, list):
        return [_safe(v) for v in value]
    return value


def to_paper(where: str, fields: Any) -> Paper | Problem:
    """Turn one raw record into a Paper, or a Problem saying why it cannot be one."""
    if not isinstance(fields, dict):
        return Problem(where, f"expected a record object, got {type(fields).__name__}")
    if "__error__" in fields:
        return Problem(where, str(fields["__error__"]))
    fields = {str(k).lower(): _safe(v) for k, v in fields.items()}
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
    url = url if isinstance(url, str) and url.strip().lower().startswith(("http://", "https://")) else None
    year = fields.get("year")
    try:
        year_int = int(year) if year not in (None, "") else None
    except (TypeError, ValueError):
        year_int = None
    venue = _first(fields, VENUE_KEYS)
    venue_text = str(venue).strip() if venue else ""
    return Paper(
        key=paper_key(None if record_id is None else str(record_id), cleaned.text, venue_text, year_int),
        abstract=cleaned.text,
        title=title_text,
        authors=_authors(_first(fields, AUTHOR_KEYS)),
        url=str(url).strip() if url else "",
        code_urls=tuple(dict.fromkeys(code_urls)),
        year=year_int,
        venue=venue_text,
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
        text, note = decode_file(path)
    except OSError as err:
        raise InputError(f"{path}: cannot read: {err.strerror}") from None
    if note is not None:
        yield Problem(str(path), note, warning=True)
    for where, fields in FORMATS[name](path, text):
        yield to_paper(where, fields)


def read_papers(paths: Iterable[Path], fmt: str | None = None) -> ReadResult:
    """Read every file; drop repeated papers (same id, or same normalized abstract).

    Files are all checked before any record is returned, so a bad file stops the run early.
    """
    result = ReadResult()
    first_seen: dict[str, str] = {}
    for path in paths:
        for item in read_file(Path(path), fmt):
            if isinstance(item, Problem):
                (result.warnings if item.warning else result.problems).append(item)
                continue
            text = normalized_text(item.abstract)
            earlier = first_seen.get("id:" + item.key) or first_seen.get("text:" + text)
            if earlier is not None:
                result.duplicates += 1
                result.problems.append(Problem(item.source, f"duplicate of the paper at {earlier}"))
                continue
            first_seen["id:" + item.key] = first_seen["text:" + text] = item.source
            checked = check_abstract(item)
            if isinstance(checked, Problem):
                (result.warnings if checked.warning else result.problems).append(checked)
                if not checked.warning:
                    continue
                item = replace(item, abstract=" ".join(item.abstract.split()[:MAX_WORDS]))
            result.papers.append(item)
    return result


MAX_WORDS = 5000
_ENGLISH = frozenset(
    (
        "the a an of and or in on for to with by from is are was were be been this that these those we "
        "our it its as at which can not than such into has have using use show "
    ).split()
)


def check_abstract(paper: Paper) -> Problem | None:
    """A warning for an overlong abstract (it is cut), an error for one not in English."""
    words = paper.abstract.split()
    if len(words) > MAX_WORDS:
        return Problem(paper.source, f"abstract of {len(words):,} words cut to its first {MAX_WORDS:,}", warning=True)
    if len(words) >= 20:
        english = sum(w.strip(".,;:()") in _ENGLISH for w in paper.abstract.lower().split())
        if english < 0.08 * len(words):
            return Problem(paper.source, "does not look like English (kg's language model is English); skipped")
    return None
