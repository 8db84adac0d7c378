"""arXiv API responses: Atom 1.0 feeds, read with lxml (entities not expanded, no network).

Fields used from each ``entry``: summary (the abstract), title, author/name, published (the
year), id (the arXiv id, version dropped), link rel="alternate" (else the id) as URL,
arxiv:doi, and arxiv:primary_category as the venue ("arXiv cs.LG"). Each record's position is
the line its ``<entry>`` starts on. An error the API returns (one entry whose id is under
``/api/errors``) and XML that is not well-formed or not an Atom feed make the file malformed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import InputError, RawRecord

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"


def _all_text(element: Any) -> str:
    # itertext: an entity left unexpanded splits the text, and its rest is that node's tail
    return "".join(element.itertext()) if element is not None else ""


def _text(element: Any, tag: str) -> str:
    return text_of(_all_text(element.find(tag)))


def fields(entry: Any) -> dict[str, Any]:
    """kg's fields of one Atom ``entry`` element."""
    summary = _all_text(entry.find(ATOM + "summary"))
    entry_id = _text(entry, ATOM + "id")
    link = next((a.get("href") for a in entry.iterfind(ATOM + "link") if a.get("rel") == "alternate"), None)
    category = entry.find(ARXIV + "primary_category")
    term = category.get("term", "") if category is not None else ""
    on_arxiv = "arxiv.org/" in entry_id
    return kg_fields(
        abstract=summary if summary.strip() else None,
        title=_text(entry, ATOM + "title"),
        authors=[text_of(_all_text(name)) for name in entry.iterfind(f"{ATOM}author/{ATOM}name")],
        year=year_in(_text(entry, ATOM + "published") or _text(entry, ATOM + "updated")),
        venue=f"arXiv {term}".strip() if on_arxiv or term else "",
        url=link or entry_id,
        doi=_text(entry, ARXIV + "doi"),
        arxiv=entry_id if on_arxiv else "",
    )


def read_arxiv(path: Path, text: str) -> Iterator[RawRecord]:
    """The entries of an Atom feed, at the lines where they start."""
    from lxml import etree

    # The text is decoded already: tell lxml it is UTF-8 whatever the XML declaration says.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, encoding="utf-8")
    try:
        root = etree.fromstring(text.encode("utf-8"), parser)
    except etree.XMLSyntaxError as err:
        line = f":{err.lineno}" if err.lineno else ""
        raise InputError(f"{path}{line}: malformed XML: {' '.join(str(err.msg).split())}") from None
    if root.tag != ATOM + "feed":
        raise InputError(
            f"{path}: expected an Atom <feed> (an arXiv API response), found <{etree.QName(root).localname}>"
        )
    entries = list(root.iterfind(ATOM + "entry"))
    for entry in entries:
        if "/api/errors" in _text(entry, ATOM + "id"):
            message = _text(entry, ATOM + "summary") or _text(entry, ATOM + "title")
            raise InputError(f"{path}:{entry.sourceline}: the arXiv API returned an error: {message}")
    for entry in entries:
        yield f"{path}:{entry.sourceline}", fields(entry)
