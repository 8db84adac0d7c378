"""Read paper records from files: the readers of kg's own formats, and the reading of any format.

The format comes from :mod:`kg.io.formats` (extension, then content). A bad file raises
:class:`InputError` with a one-line message. A bad record in a good file is skipped and reported as
a :class:`~kg.records.Problem` with its file and line (or record index where the format has no
lines). Duplicates are merged as :mod:`kg.io.dedup` says.
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
from kg.io.dedup import Ids, Seen, identifiers, record_keys
from kg.io.formats import FORMATS, InputError, RawRecord, fields_of, format_of, json_kind, sniff
from kg.records import Paper, Problem, ReadResult, paper_key
from kg.text import safe_text

__all__ = ["FORMATS", "InputError", "RawRecord", "read_file", "read_papers", "to_paper"]

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


def load_json(path: Path, text: str) -> Any:
    """The JSON value in ``text``; a malformed file raises :class:`InputError` with its line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{path}:{err.lineno}: malformed JSON: {err.msg}") from None
    except RecursionError:
        raise InputError(f"{path}: malformed JSON: nested too deeply") from None


#: Keys under which a JSON object holds its array of records (``notes``: OpenReview; ``data``:
#: Semantic Scholar's search responses).
ENVELOPES = ("papers", "records", "data", "items", "notes")


def _records_in(path: Path, data: Any) -> list[Any]:
    if isinstance(data, dict):
        if "abstract" in data:  # one record, whatever lists it holds
            return [data]
        return next((data[k] for k in ENVELOPES if isinstance(data.get(k), list)), [data])
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON array of paper records")
    return data


def _same(record: Any) -> Any:
    return record


def _to_fields(kind: str | None, first: Any) -> Callable[[Any], Any]:
    """How records of JSON format ``kind`` become kg's fields; kind None: told by ``first``."""
    kind = kind or (json_kind(first) if first is not None else None)
    return fields_of(kind) if kind else _same


def read_json(path: Path, text: str, kind: str | None = None) -> Iterator[RawRecord]:
    """A JSON array of records, or an object holding one under one of :data:`ENVELOPES`.

    The records are kg's own (``abstract``, ``title``, ...), or those of a format in
    :data:`~kg.io.formats.JSON_KINDS`, told apart by the first record's fields unless ``kind`` says.
    """
    records = _records_in(path, load_json(path, text))
    to_fields = _to_fields(kind, next((r for r in records if isinstance(r, dict)), None))
    for i, item in enumerate(records):
        yield f"{path}:[{i}]", to_fields(item)


def read_jsonl(path: Path, text: str, kind: str | None = None) -> Iterator[RawRecord]:
    """One JSON record per line; a malformed line is reported and skipped."""
    to_fields: Callable[[Any], Any] | None = None
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{line_no}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            yield where, {"__error__": f"malformed JSON: {err.msg} (column {err.colno})"}
            continue
        except RecursionError:
            yield where, {"__error__": "malformed JSON: nested too deeply"}
            continue
        if to_fields is None and isinstance(record, dict):
            to_fields = _to_fields(kind, record)
        yield where, (to_fields or _same)(record)


def read_json_kind(path: Path, text: str, kind: str) -> Iterator[RawRecord]:
    """Records of JSON format ``kind`` in a JSON document or in JSON Lines."""
    if sniff(text) == "jsonl":
        return read_jsonl(path, text, kind)
    return read_json(path, text, kind)


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
    return _to_paper(where, fields)[0]


def _to_paper(where: str, fields: Any) -> tuple[Paper | Problem, Ids]:
    if not isinstance(fields, dict):
        return Problem(where, f"expected a record object, got {type(fields).__name__}"), Ids()
    if "__error__" in fields:
        return Problem(where, str(fields["__error__"])), Ids()
    fields = {str(k).lower(): _safe(v) for k, v in fields.items()}
    abstract = _first(fields, ABSTRACT_KEYS)
    if abstract is None:
        return Problem(where, "no abstract"), Ids()
    if not isinstance(abstract, str):
        return Problem(where, f"the abstract is a {type(abstract).__name__}, not text"), Ids()
    cleaned = clean_abstract(abstract)
    if not any(ch.isalpha() for ch in cleaned.text):
        return Problem(where, "the abstract has no words"), Ids()
    title = _first(fields, TITLE_KEYS)
    title_text = clean_abstract(title).text if isinstance(title, str) else ""
    record_id = _first(fields, ID_KEYS)
    code = _first(fields, CODE_KEYS)
    code_urls = list(cleaned.urls)
    if isinstance(code, str) and code.strip():
        code_urls.insert(0, code.strip())
    url = _first(fields, URL_KEYS)
    url = str(url).strip() if isinstance(url, str) and url.strip().lower().startswith(("http://", "https://")) else ""
    year = fields.get("year")
    try:
        year_int = int(year) if year not in (None, "") else None
    except (TypeError, ValueError, OverflowError):
        year_int = None
    venue = _first(fields, VENUE_KEYS)
    venue_text = str(venue).strip() if venue else ""
    paper = Paper(
        key=paper_key(None if record_id is None else str(record_id), cleaned.text, venue_text, year_int),
        abstract=cleaned.text,
        title=title_text,
        authors=_authors(_first(fields, AUTHOR_KEYS)),
        url=url,
        code_urls=tuple(dict.fromkeys(code_urls)),
        year=year_int,
        venue=venue_text,
        source=where,
    )
    return paper, identifiers(fields, title_text, url)


def _read(path: Path, fmt: str | None) -> Iterator[tuple[Paper | Problem, Ids]]:
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it instead")
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    try:
        text, note = decode_file(path)
    except OSError as err:
        raise InputError(f"{path}: cannot read: {err.strerror}") from None
    if note is not None:
        yield Problem(str(path), note, warning=True), Ids()
    for where, fields in FORMATS[fmt or format_of(path, text)].read(path, text):
        yield _to_paper(where, fields)


def read_file(path: Path, fmt: str | None = None) -> Iterator[Paper | Problem]:
    """Read one file, yielding Papers and Problems in file order."""
    for item, _ids in _read(path, fmt):
        yield item


def read_papers(paths: Iterable[Path], fmt: str | None = None) -> ReadResult:
    """Read every file; merge repeated papers as :mod:`kg.io.dedup` says (the first read wins).

    A bad file raises :class:`InputError` and no record is returned.
    """
    result = ReadResult()
    seen = Seen()
    for path in paths:
        for item, ids in _read(Path(path), fmt):
            if isinstance(item, Problem):
                (result.warnings if item.warning else result.problems).append(item)
                continue
            keys = record_keys(item, ids)
            match = seen.find(keys, ids)
            if match is not None:
                earlier = seen.merge(match[0], item, keys, ids)
                result.duplicates += 1
                result.problems.append(Problem(item.source, f"duplicate of the paper at {earlier.source} ({match[1]})"))
                continue
            checked = check_abstract(item)
            if isinstance(checked, Problem):
                (result.warnings if checked.warning else result.problems).append(checked)
                if not checked.warning:
                    continue
                item = replace(item, abstract=" ".join(item.abstract.split()[:MAX_WORDS]))
            seen.add(item, keys, ids)
    result.papers = seen.papers
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
