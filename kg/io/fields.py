"""kg's record fields, and the small helpers the format readers share to fill them.

Every reader turns one record of its format into a dict of these fields, which
:func:`kg.io.read.to_paper` turns into a :class:`~kg.records.Paper`:

``abstract``, ``title``, ``authors`` (list of "Given Family"), ``year`` (int), ``venue``,
``url``, ``id`` (DOI, else ``arXiv:<id>``, else the source's own global id), ``doi``, ``arxiv_id``.

Citation keys (BibTeX) and local item ids (CSL-JSON, RIS) are not ids: two libraries may give the
same key to two papers. A record with no global id is known by the hash of its abstract.
"""

from __future__ import annotations

import re
from typing import Any

from kg.io.dedup import arxiv_id, doi_and_arxiv, normalize_doi

_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")
_SPACE = re.compile(r"\s+")


def text_of(value: Any) -> str:
    """``value`` with its whitespace collapsed if it is text, else "".

    >>> text_of("  Attention Is\\n  All You Need "), text_of(42)
    ('Attention Is All You Need', '')
    """
    return _SPACE.sub(" ", value).strip() if isinstance(value, str) else ""


def year_in(value: Any) -> int | None:
    """The first plausible year (1800-2099) in ``value``, an int or text.

    >>> year_in("ICLR.cc/2024/Conference"), year_in(2017), year_in("2020///"), year_in(None)
    (2024, 2017, 2020, None)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    match = _YEAR.search(value)
    return int(match.group(1)) if match else None


def record_id(doi: str, arxiv: str, native: Any = None) -> str | None:
    """A paper's global id: its DOI, else ``arXiv:<id>``, else the source's own global id.

    >>> record_id("10.18653/V1/N19-1423", "1810.04805"), record_id("", "1810.04805v2")
    ('10.18653/v1/n19-1423', 'arXiv:1810.04805')
    >>> record_id("", "", "rJXMpikCZ")
    'rJXMpikCZ'
    """
    if normalize_doi(doi):
        return normalize_doi(doi)
    if arxiv_id(arxiv):
        return "arXiv:" + arxiv_id(arxiv)
    return native if isinstance(native, str) and native.strip() else None


def paper_url(url: Any, doi: str = "", arxiv: str = "") -> str:
    """The record's own http(s) URL, else its DOI link, else its arXiv page.

    >>> paper_url("", "10.18653/v1/N19-1423")
    'https://doi.org/10.18653/v1/n19-1423'
    """
    if isinstance(url, str) and url.strip().lower().startswith(("http://", "https://")):
        return url.strip()
    if normalize_doi(doi):
        return "https://doi.org/" + normalize_doi(doi)
    if arxiv_id(arxiv):
        return "https://arxiv.org/abs/" + arxiv_id(arxiv)
    return ""


def kg_fields(
    *,
    abstract: Any,
    title: str,
    authors: list[str],
    year: int | None,
    venue: str,
    url: Any = "",
    doi: Any = "",
    arxiv: Any = "",
    native_id: Any = None,
) -> dict[str, Any]:
    """kg's fields of one record; ``doi`` and ``arxiv`` may be in any of their usual spellings."""
    doi_text, arxiv_text = doi_and_arxiv(doi, arxiv)
    return {
        "abstract": abstract,
        "title": title,
        "authors": [a for a in authors if a],
        "year": year,
        "venue": venue,
        "url": paper_url(url, doi_text, arxiv_text),
        "id": record_id(doi_text, arxiv_text, native_id),
        "doi": doi_text,
        "arxiv_id": arxiv_text,
    }
