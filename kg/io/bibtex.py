"""BibTeX and BibLaTeX files (Zotero, Mendeley, JabRef, Google Scholar), read with bibtexparser 2.

Fields used: abstract, title, author (split into persons, written "Given Family", "others" left
out), year (else BibLaTeX's date), booktitle, else journal or journaltitle, as the venue, doi,
url; an arXiv id from eprint (with archiveprefix/eprinttype arXiv), or a journal, url or note
such as "arXiv preprint arXiv:1706.03762". LaTeX is decoded to text by pylatexenc: ``{\\"u}`` is ü, ``{\\em x}`` is x,
``{GAN}`` is GAN; math stays ``$...$`` for :func:`kg.io.clean.clean_abstract`.

Each record's position is the line its entry starts on. An entry bibtexparser cannot parse is
reported at its line and skipped; a file with no entry it can parse is malformed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import InputError, RawRecord

# In a .bib field % is a per cent sign and & an ampersand; LaTeX would read a comment and a column.
_BARE = re.compile(r"(?<!\\)((?:\\\\)*)([%&])")
_URL_ESCAPE = re.compile(r"\\([_%&#$~])")
# pylatexenc fails on \href; as a Markdown link, clean_abstract keeps its URL as a code link.
_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")


@cache
def _decoder() -> Any:
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

    context = get_default_latex_context_db()  # a new one each call: ours to extend
    context.add_context_category(
        "kg-links",
        prepend=True,
        macros=[MacroTextSpec("url", simplify_repl="%s")],
    )
    return LatexNodes2Text(latex_context=context, math_mode="verbatim")


def latex_to_text(value: str) -> str:
    """The text a reader sees in a BibTeX field: accents decoded, braces and font commands gone.

    Never raises: input pylatexenc cannot read loses only its braces.

    >>> latex_to_text(r'{GAN}s for M{\\"u}ller {\\em et al.}: 5% faster \\& {\\v{S}}koda')
    'GANs for Müller et al.: 5% faster & Škoda'
    >>> latex_to_text(r"We bound $\\ell_1$ error")
    'We bound $\\\\ell_1$ error'
    """
    if not _NEEDS_LATEX.search(_ESCAPE.sub("", value)):
        return _braces_only(_ESCAPE.sub(r"\1", value))
    return _decoded(value)


# pylatexenc takes ~2 ms for an abstract. A field whose only LaTeX is braces and escaped
# characters (most titles and venues, many abstracts) becomes what pylatexenc would make of it
# (tested on random text) by removing those: 2,000 Zotero-style entries with unique titles, half
# of the abstracts with commands or math, read in 4.0-5.5 s instead of 6.0-7.0 s.
_ESCAPE = re.compile(r"\\([%&_#$])")
_NEEDS_LATEX = re.compile(r"[\\~$]|--|``|''|[!?]`")


def _braces_only(value: str) -> str:
    return text_of(value.replace("{", "").replace("}", ""))


@lru_cache(maxsize=4096)  # venues and journals repeat across a library
def _decoded(value: str) -> str:
    escaped = _BARE.sub(r"\1\\\2", _HREF.sub(r"[\2](\1)", value))
    try:
        text = _decoder().latex_to_text(escaped)
    except Exception:  # pylatexenc is tolerant, but kg must read whatever a .bib holds
        return _braces_only(value)
    return text_of(text.replace("\xa0", " "))


def _plain(value: str) -> str:
    """A DOI or URL: braces and TeX escapes off, nothing else (a ~ in a URL is a tilde)."""
    return _URL_ESCAPE.sub(r"\1", value.replace("{", "").replace("}", "")).strip()


def _authors(value: str) -> list[str]:
    from bibtexparser.middlewares.names import parse_single_name_into_parts, split_multiple_persons_names

    try:
        names = split_multiple_persons_names(value)
    except Exception:
        names = [value]
    people = []
    for name in names:
        if name.strip().lower() == "others":  # BibTeX's "et al."
            continue
        with suppress(Exception):  # else kept as written, e.g. with an unbalanced brace
            name = parse_single_name_into_parts(name, strict=False).merge_first_name_first
        people.append(latex_to_text(name))
    return people


def _arxiv(entry: dict[str, str]) -> str:
    prefix = (entry.get("archiveprefix") or entry.get("eprinttype") or "").lower()
    if entry.get("eprint") and prefix == "arxiv":
        return entry["eprint"]
    return next((v for k in ("journal", "url", "note") if "arxiv" in (v := entry.get(k, "")).lower()), "")


_TEXT_FIELDS = ("abstract", "title", "booktitle", "journal", "journaltitle", "year", "date")


def fields(entry: dict[str, Any]) -> dict[str, Any]:
    """kg's fields of one entry, given as lower-case field names and their raw BibTeX values."""
    raw = {k: v for k, v in entry.items() if isinstance(v, str)}
    text = {k: latex_to_text(raw[k]) for k in _TEXT_FIELDS if k in raw}
    venue = text.get("booktitle") or text.get("journal") or text.get("journaltitle") or ""
    return kg_fields(
        abstract=text.get("abstract"),
        title=text.get("title", ""),
        authors=_authors(raw["author"]) if raw.get("author") else [],
        year=year_in(text.get("year")) or year_in(text.get("date")),
        venue=venue,
        url=_plain(raw.get("url", "")),
        doi=_plain(raw.get("doi", "")),
        arxiv=_arxiv({**raw, "eprint": _plain(raw.get("eprint", ""))}),
    )


@contextmanager
def _quiet(package: str) -> Iterator[None]:
    """bibtexparser logs each failed entry on stderr; kg reports them as Problems instead."""
    names = [package, *(n for n in logging.root.manager.loggerDict if n.startswith(package + "."))]
    loggers = [logging.getLogger(n) for n in names]
    before = [lg.disabled for lg in loggers]
    for lg in loggers:
        lg.disabled = True
    try:
        yield
    finally:
        for lg, disabled in zip(loggers, before, strict=True):
            lg.disabled = disabled


def read_bibtex(path: Path, text: str) -> Iterator[RawRecord]:
    """Entries of a BibTeX file, at the lines where they start; comments and @string skipped."""
    import bibtexparser
    from bibtexparser.model import DuplicateBlockKeyBlock, Entry, ParsingFailedBlock

    try:
        with _quiet("bibtexparser"):
            library = bibtexparser.parse_string(text)
    except Exception as err:  # bibtexparser raises only on its own bugs; still one line for the user
        raise InputError(f"{path}: malformed BibTeX: {str(err).splitlines()[0] if str(err) else err!r}") from None
    blocks = [b for b in library.blocks if isinstance(b, Entry | ParsingFailedBlock)]
    if not any(isinstance(b, Entry) for b in blocks):
        failed = next((b for b in blocks if isinstance(b, ParsingFailedBlock)), None)
        if failed is None:
            raise InputError(f"{path}: malformed BibTeX: no @entry{{...}} in the file")
        raise InputError(f"{path}:{(failed.start_line or 0) + 1}: malformed BibTeX: {_reason(failed.error)}")
    for block in blocks:
        where = f"{path}:{(block.start_line or 0) + 1}"
        if isinstance(block, DuplicateBlockKeyBlock) and isinstance(block.ignore_error_block, Entry):
            block = block.ignore_error_block  # a key used twice: still a record; dedup decides
        if isinstance(block, ParsingFailedBlock):
            yield where, {"__error__": f"malformed BibTeX entry: {_reason(block.error)}"}
            continue
        yield where, fields({k.lower(): v for k, v in block.items()})


def _reason(error: Exception) -> str:
    reason = getattr(error, "abort_reason", None) or str(error) or type(error).__name__
    return " ".join(str(reason).split())
