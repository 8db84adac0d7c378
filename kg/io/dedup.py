"""One paper read from several files is one paper: duplicates are found and merged here.

Two records are the same paper when they share, in this order:

1. a DOI or an arXiv id (an arXiv DOI, ``10.48550/arXiv.X``, counts as arXiv id ``X``; versions
   are dropped);
2. kg's key (the record's id within its venue and year) or its normalized abstract, as before;
3. a normalized title of at least three words, unless the two records carry different DOIs or
   different arXiv ids (then they are two papers that happen to share a title).

The record read first wins: files in the order given, records in file order. It keeps its key,
abstract and source, so adding a file never changes the abstract, the cache entry or the IRI of a
paper already in the graph. Its empty fields (title, authors, URL, year, venue) are filled from the
later duplicates, and their code links are added to its own.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import Any, NamedTuple

from kg.records import Paper, normalized_text

_DOI = re.compile(r"10\.\d{4,9}/\S+")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$")
_ARXIV_NEW = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d.])")
_ARXIV_OLD = re.compile(r"\b([a-z][a-z-]*(?:\.[a-z]{2})?/\d{7})(?:v\d+)?\b", re.IGNORECASE)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/", re.IGNORECASE)
_NOT_WORD = re.compile(r"[\W_]+")


def normalize_doi(value: Any) -> str:
    """A DOI in lower case without its resolver prefix; "" when ``value`` holds none.

    >>> normalize_doi("https://doi.org/10.18653/V1/N19-1423")
    '10.18653/v1/n19-1423'
    >>> normalize_doi("not a doi")
    ''
    """
    if not isinstance(value, str):
        return ""
    match = _DOI.search(_DOI_PREFIX.sub("", value.strip()))
    return match.group(0).rstrip(".,;").lower() if match else ""


def arxiv_id(value: Any) -> str:
    """The arXiv id in ``value`` (an id, ``arXiv:`` id, abs/pdf URL), without its version; or "".

    >>> arxiv_id("http://arxiv.org/abs/1706.03762v7"), arxiv_id("arXiv:hep-ex/0307015")
    ('1706.03762', 'hep-ex/0307015')
    """
    if not isinstance(value, str):
        return ""
    match = _ARXIV_NEW.search(value) or _ARXIV_OLD.search(value)
    return match.group(1).lower() if match else ""


def normalize_title(title: str) -> str:
    """Lower-case words of ``title`` without accents or punctuation; "" under three words.

    >>> normalize_title("{BERT}: Pre-training of Deep Bidirectional Transformers")
    'bert pre training of deep bidirectional transformers'
    >>> normalize_title("Adam")
    ''
    """
    text = title
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    # upper() first: casefold alone keeps a dotless ı that the same title in capitals spells I
    words = _NOT_WORD.sub(" ", (text if text.isascii() else text.upper()).casefold()).split()
    return " ".join(words) if len(words) >= 3 else ""


class Ids(NamedTuple):
    """What a record is recognised by, besides its key and abstract."""

    doi: str = ""
    arxiv: str = ""
    title: str = ""


def doi_and_arxiv(doi: Any, arxiv: Any) -> tuple[str, str]:
    """The normalized DOI and arXiv id; an arXiv DOI is taken as the arXiv id.

    >>> doi_and_arxiv("10.48550/arXiv.1706.03762", "")
    ('', '1706.03762')
    """
    doi_text, arxiv_text = normalize_doi(doi), arxiv_id(arxiv)
    if match := _ARXIV_DOI.match(doi_text):
        return "", arxiv_text or arxiv_id(match.group(1))
    return doi_text, arxiv_text


def identifiers(fields: dict[str, Any], title: str, url: str) -> Ids:
    """The DOI, arXiv id and normalized title of a record with lower-cased ``fields``."""
    doi, arxiv = doi_and_arxiv(fields.get("doi"), fields.get("arxiv_id") or fields.get("arxiv"))
    if not arxiv and _ARXIV_URL.search(url):
        arxiv = arxiv_id(url)
    return Ids(doi, arxiv, normalize_title(title))


def merge(first: Paper, later: Paper) -> Paper:
    """``first`` with its empty fields filled from ``later`` and ``later``'s code links added."""
    return replace(
        first,
        title=first.title or later.title,
        authors=first.authors or later.authors,
        url=first.url or later.url,
        code_urls=tuple(dict.fromkeys(first.code_urls + later.code_urls)),
        year=first.year if first.year is not None else later.year,
        venue=first.venue or later.venue,
    )


def record_keys(paper: Paper, ids: Ids) -> list[str]:
    """Everything a duplicate of ``paper`` could share with it, strongest first."""
    keys = [f"DOI:{ids.doi}" if ids.doi else "", f"arXiv id:{ids.arxiv}" if ids.arxiv else ""]
    keys += ["id:" + paper.key, "abstract:" + normalized_text(paper.abstract)]
    return [*keys, f"title:{ids.title}" if ids.title else ""]


_REASONS = {"DOI": "same DOI ", "arXiv id": "same arXiv id ", "id": "same id", "abstract": "same abstract"}


class Seen:
    """The papers kept so far, indexed by everything a duplicate could share with them."""

    def __init__(self) -> None:
        self.papers: list[Paper] = []
        self._index: dict[str, int] = {}
        self._dois: list[set[str]] = []
        self._arxiv: list[set[str]] = []

    def find(self, keys: list[str], ids: Ids) -> tuple[int, str] | None:
        """The position of the earlier paper a record with these :func:`record_keys` duplicates,
        and the reason; or None."""
        for key in keys[:4]:
            if key and (pos := self._index.get(key)) is not None:
                kind, _, value = key.partition(":")
                return pos, _REASONS[kind] + (value if kind in ("DOI", "arXiv id") else "")
        if keys[4] and (pos := self._index.get(keys[4])) is not None:
            clash = (ids.doi and self._dois[pos] and ids.doi not in self._dois[pos]) or (
                ids.arxiv and self._arxiv[pos] and ids.arxiv not in self._arxiv[pos]
            )
            if not clash:
                return pos, "same title"
        return None

    def add(self, paper: Paper, keys: list[str], ids: Ids) -> None:
        self.papers.append(paper)
        self._dois.append(set())
        self._arxiv.append(set())
        self._note(len(self.papers) - 1, keys, ids)

    def merge(self, pos: int, paper: Paper, keys: list[str], ids: Ids) -> Paper:
        """Merge the duplicate ``paper`` into the one at ``pos``; return the earlier paper."""
        earlier = self.papers[pos]
        self.papers[pos] = merge(earlier, paper)
        self._note(pos, keys, ids)
        return earlier

    def _note(self, pos: int, keys: list[str], ids: Ids) -> None:
        if ids.doi:
            self._dois[pos].add(ids.doi)
        if ids.arxiv:
            self._arxiv[pos].add(ids.arxiv)
        for key in keys:
            if key:
                self._index.setdefault(key, pos)
