"""Thesaurus files: rules that correct the graph's entities, read from VOSviewer's format or kg's CSV.

VOSviewer's thesaurus (its manual, section 4.3 "Thesaurus files"): a tab-separated text file whose
first line is the header ``label<TAB>replace by``; every other line replaces ``label`` by
``replace by``, and an empty ``replace by`` drops (VOSviewer: ignores) the term (``<TAB>`` is a
tab character)::

    label<TAB>replace by
    Low-rank adapation<TAB>low-rank adaptation
    proposed method<TAB>

kg's own CSV names the action on each line; ``note`` is free text kg ignores::

    action,label,value,note
    merge,LoRA fine-tuning,low-rank adaptation,same method
    rename,lora,LoRA,
    retype,ImageNet,Dataset,
    drop,proposed method,,generic

The format comes from the first line (the header), in a ``.txt``, ``.tsv`` or ``.csv`` file. A file
that is not a thesaurus (binary, no header) raises :class:`~kg.io.read.InputError`; a malformed
line is a warning :class:`~kg.records.Problem` (``FILE:LINE: why``) and is skipped. What each action
does to the graph, and which actions and types exist, is :mod:`kg.graph.thesaurus`'s business.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from kg.io.read import InputError, decode_file
from kg.records import Problem


class Rule(NamedTuple):
    """One line of a thesaurus: do ``action`` to the entity named ``label``.

    ``value`` is the label to merge into or rename to, or the type to retype to; ``where`` is
    ``FILE:LINE``. The rules of :mod:`kg.graph.thesaurus` check the action and the value.
    """

    action: str
    label: str
    value: str = ""
    where: str = ""


@dataclass
class ThesaurusRead:
    rules: list[Rule] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # malformed lines, as warnings


VOSVIEWER_HEADER = ("label", "replace by")
CSV_COLUMNS = ("action", "label", "value", "note")  # action and label are required
SUFFIXES = (".txt", ".tsv", ".csv")


def _lines(text: str) -> list[str]:
    """Lines split on LF, CRLF or CR only (``str.splitlines`` would also split on form feeds)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _unquote(field: str) -> str:
    """A field as a spreadsheet saves it: the quotes around it removed, doubled quotes made single.

    >>> _unquote('"say ""hi"" now"'), _unquote("plain"), _unquote('5" disk')
    ('say "hi" now', 'plain', '5" disk')
    """
    field = field.strip()
    if len(field) >= 2 and field[0] == field[-1] == '"':
        return field[1:-1].replace('""', '"').strip()
    return field


_SPACED = re.compile(r"\S {2,}\S")


def read_vosviewer(path: Path, text: str) -> Iterator[Rule | Problem]:
    """Rules of a VOSviewer thesaurus: ``replace`` (label by value) or, with no value, ``drop``.

    >>> list(read_vosviewer(Path("t.txt"), "label\\treplace by\\n\\nLLMs\\tlarge language model\\nmodel\\t\\n"))
    [Rule(action='replace', label='LLMs', value='large language model', where='t.txt:3'), \
Rule(action='drop', label='model', value='', where='t.txt:4')]
    """
    header = True
    for number, line in enumerate(_lines(text), 1):
        if not line.strip():
            continue
        if header:  # the format was told by this line
            header = False
            continue
        where = f"{path}:{number}"
        fields = [_unquote(f) for f in line.split("\t")]
        while len(fields) > 2 and not fields[-1]:
            fields.pop()
        if len(fields) > 2:
            yield Problem(where, f"{len(fields)} columns; a VOSviewer thesaurus line has 2 (label, replace by)", True)
        elif not fields[0]:
            yield Problem(where, "no label before the tab", True)
        elif len(fields) == 1 and _SPACED.search(fields[0]):
            yield Problem(where, "no tab between label and replace by (the columns look separated by spaces)", True)
        else:
            value = fields[1] if len(fields) == 2 else ""
            yield Rule("replace" if value else "drop", fields[0], value, where)


def read_csv(path: Path, text: str) -> Iterator[Rule | Problem]:
    """Rules of kg's thesaurus CSV: ``action,label,value[,note]`` (columns in any order).

    >>> list(read_csv(Path("t.csv"), "action,label,value\\nMerge,LoRA tuning,LoRA\\n,x,\\n"))
    [Rule(action='merge', label='LoRA tuning', value='LoRA', where='t.csv:2'), Problem(where='t.csv:3', \
message='no action', warning=True)]
    """
    first = next((line for line in _lines(text) if line.strip()), "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_csv_header(first)[0])
    columns: list[str] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if not columns:
            columns = [c.strip().lower() for c in row]
            continue
        where = f"{path}:{reader.line_num}"
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
            yield Problem(
                where, f"{len(row)} columns; the header has {len(columns)} (quote a label with a comma)", True
            )
            continue
        cells = dict(zip(columns, (cell.strip() for cell in row), strict=False))
        action, label = cells.get("action", "").lower(), cells.get("label", "")
        if not action:
            yield Problem(where, "no action", True)
        elif not label:
            yield Problem(where, "no label", True)
        else:
            yield Rule(action, label, cells.get("value", ""), where)


ThesaurusReader = Callable[[Path, str], Iterable[Rule | Problem]]

#: Thesaurus formats by name, each told by its header (:func:`thesaurus_format`).
READERS: dict[str, ThesaurusReader] = {"vosviewer": read_vosviewer, "csv": read_csv}


def _csv_header(line: str) -> tuple[str, list[str]]:
    """The delimiter of kg's CSV header ``line`` (a comma, or the semicolon or tab some spreadsheets
    save with) and its column names; a comma and no names when it is not one."""
    for delimiter in (",", ";", "\t"):
        columns = [c.strip().lower() for c in next(csv.reader([line], delimiter=delimiter), [])]
        if {"action", "label"} <= set(columns):
            return delimiter, columns
    return ",", []


def thesaurus_format(path: Path, text: str) -> str:
    """``vosviewer`` or ``csv``, from the file's first line; :class:`InputError` when it is neither.

    >>> thesaurus_format(Path("t.txt"), "\\ufeffLabel\\tReplace by\\r\\nx\\ty\\r\\n")
    'vosviewer'
    >>> thesaurus_format(Path("t.csv"), "action;label;value\\r\\nmerge;a;b\\r\\n")
    'csv'
    """
    if path.suffix.lower() not in SUFFIXES:
        suffix = path.suffix or "(none)"
        raise InputError(f"{path}: unknown thesaurus extension {suffix!r}; use .txt or .tsv (VOSviewer), .csv (kg)")
    first = next((line for line in _lines(text.lstrip("\ufeff")) if line.strip()), "")
    fields = [_unquote(f).lower() for f in first.split("\t")]
    while len(fields) > 2 and not fields[-1]:
        fields.pop()
    if tuple(fields) == VOSVIEWER_HEADER:
        return "vosviewer"
    _, columns = _csv_header(first)
    if columns:
        unknown = sorted(set(columns) - set(CSV_COLUMNS))
        if unknown:
            raise InputError(f"{path}: unknown thesaurus column {unknown[0]!r}; use {', '.join(CSV_COLUMNS)}")
        return "csv"
    raise InputError(
        f"{path}: not a thesaurus file: its first line must be the header 'label<TAB>replace by' (VOSviewer)"
        f" or 'action,label,value' (kg's CSV)"
    )


def read_thesaurus(path: Path) -> Iterator[Rule | Problem]:
    """The rules of one thesaurus file, in file order, and a Problem for each malformed line."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a thesaurus file")
    try:
        text, note = decode_file(path)
    except OSError as err:
        raise InputError(f"{path}: cannot read: {err.strerror}") from None
    text = text.lstrip("\ufeff")
    name = thesaurus_format(path, text)
    if note is not None:
        yield Problem(str(path), note, warning=True)
    yield from READERS[name](path, text)


def read_thesauri(paths: Iterable[Path], check: Callable[[Rule], str | None] | None = None) -> ThesaurusRead:
    """Every rule of every file, files in the order given and rules in file order.

    ``check`` says why a rule cannot be applied (:func:`kg.graph.thesaurus.check_rule`), or None;
    a rule it refuses is reported like a malformed line. Every file is read before anything is
    returned, so a file that is not a thesaurus stops a build before any abstract is parsed.
    """
    result = ThesaurusRead()
    for path in paths:
        for item in read_thesaurus(Path(path)):
            why = check(item) if check is not None and isinstance(item, Rule) else None
            if why is not None:
                item = Problem(item.where, why, warning=True)
            if isinstance(item, Problem):
                result.problems.append(item)
            else:
                result.rules.append(item)
    return result


def format_vosviewer(rules: Iterable[tuple[str, str]]) -> str:
    """A VOSviewer thesaurus of ``(label, replace by)`` pairs; an empty ``replace by`` drops the label.

    >>> format_vosviewer([("LLMs", "large language model"), ("model", "")])
    'label\\treplace by\\nLLMs\\tlarge language model\\nmodel\\t\\n'
    """
    lines = ["\t".join(VOSVIEWER_HEADER)]
    for label, value in rules:
        lines.append(f"{_one_line(label)}\t{_one_line(value)}")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())
