"""OpenReview notes, as ``openreview-py`` saves them (``note.to_json()``) or the REST API returns them.

API v1 notes hold plain values (``content.abstract`` is the text); API v2 notes wrap each value
(``content.abstract.value``). Both come as a JSON array of notes or as the API's envelope
``{"notes": [...], "count": n}``; JSON Lines work too. Fields used: ``content`` title, abstract,
authors, venue (else venueid); the year from the venue, venue id, domain or invitation (else the
publication or creation date); the forum page as URL; the note id as id.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kg.io.fields import kg_fields, text_of, year_in
from kg.io.formats import RawRecord
from kg.io.read import read_json_kind

FORUM = "https://openreview.net/forum?id="


def looks_like(record: Any) -> bool:
    """A note: a ``content`` object holding a title or an abstract, and a note id or invitation."""
    if not isinstance(record, dict) or not isinstance(record.get("content"), dict):
        return False
    content = record["content"]
    return ("title" in content or "abstract" in content) and any(
        k in record for k in ("id", "forum", "invitation", "invitations")
    )


def _value(content: dict[str, Any], key: str) -> Any:
    value = content.get(key)
    return value.get("value") if isinstance(value, dict) else value  # v2 wraps every value


def _year(note: dict[str, Any], venue: str, venueid: str) -> int | None:
    invitations = note.get("invitations")
    first_invitation = invitations[0] if isinstance(invitations, list) and invitations else None
    for text in (venue, venueid, note.get("domain"), note.get("invitation"), first_invitation):
        if (year := year_in(text if isinstance(text, str) else None)) is not None:
            return year
    for stamp in (note.get("pdate"), note.get("cdate"), note.get("tcdate")):
        if isinstance(stamp, int | float) and not isinstance(stamp, bool):
            try:
                return datetime.fromtimestamp(stamp / 1000, tz=UTC).year
            except (OverflowError, OSError, ValueError):
                continue
    return None


def fields(note: Any) -> Any:
    """kg's fields of one note (v1 or v2); anything but an object is passed on to be reported."""
    if not isinstance(note, dict):
        return note
    content = note.get("content")
    content = content if isinstance(content, dict) else {}
    authors = _value(content, "authors")
    venue, venueid = text_of(_value(content, "venue")), text_of(_value(content, "venueid"))
    note_id = note.get("id") if isinstance(note.get("id"), str) else None
    forum = note.get("forum") if isinstance(note.get("forum"), str) else note_id
    return kg_fields(
        abstract=_value(content, "abstract"),
        title=text_of(_value(content, "title")),
        authors=[text_of(a) for a in authors] if isinstance(authors, list) else [],
        year=_year(note, venue, venueid),
        venue=venue or venueid,
        url=FORUM + forum if forum else "",
        native_id=note_id,
    )


def read_openreview(path: Path, text: str) -> Iterator[RawRecord]:
    """OpenReview notes (API v1 or v2) in a JSON array, a ``{"notes": [...]}`` envelope or JSONL."""
    return read_json_kind(path, text, "openreview")
