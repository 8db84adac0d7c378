"""A cache of extractions keyed by abstract text, title and pipeline fingerprint (SQLite, crash-safe).

Rebuilding after adding ten abstracts parses only those ten. The fingerprint covers the
English model, kg's NLP code, its word lists and trained weights, so a changed extractor never reuses stale output.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from kg import __version__
from kg.nlp.extractors import DEFAULT_EXTRACTOR
from kg.records import Extraction, Titled

KG_DIR = Path(__file__).resolve().parent.parent
NLP_DIR = KG_DIR / "nlp"
RECORDS = KG_DIR / "records.py"  # the extraction records' format
TEXT = KG_DIR / "text.py"  # the NLP components use its singular() and normal_form()


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kg"


@cache
def pipeline_fingerprint(model: str, extractor: str = DEFAULT_EXTRACTOR) -> str:
    """Hash of what decides the extraction: kg's version, the model, the extractor, the NLP code and data."""
    digest = hashlib.sha256(f"{__version__}\n{model}\n{extractor}\n".encode())
    for path in [RECORDS, TEXT, *sorted(NLP_DIR.rglob("*"))]:
        if path.is_file() and "__pycache__" not in path.parts:  # code, word lists and model weights
            digest.update(str(path.relative_to(NLP_DIR.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def text_key(text: Titled) -> str:
    """The key of an abstract and its title (of the abstract alone without one)."""
    key = text.text if not text.title else f"{text.title}\n\n{text.text}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ExtractionCache:
    """``get_many``/``put_many`` over one SQLite file; each write batch is one transaction."""

    def __init__(self, directory: Path, fingerprint: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.fingerprint = fingerprint
        self.db = sqlite3.connect(directory / "extractions.sqlite3", timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS extraction (pipeline TEXT, text_hash TEXT, data TEXT,"
            " PRIMARY KEY (pipeline, text_hash))"
        )

    def get_many(self, texts: Sequence[Titled]) -> list[Extraction | None]:
        keys = [text_key(t) for t in texts]
        found: dict[str, Extraction] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.execute(
                f"SELECT text_hash, data FROM extraction WHERE pipeline = ? AND text_hash IN ({marks})",
                [self.fingerprint, *chunk],
            )
            for key, data in rows:
                found[key] = Extraction.from_json(json.loads(data))
        return [found.get(k) for k in keys]

    def put_many(self, items: Iterable[tuple[Titled, Extraction]]) -> None:
        rows = [(self.fingerprint, text_key(t), json.dumps(e.to_json(), ensure_ascii=False)) for t, e in items]
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO extraction VALUES (?, ?, ?)", rows)

    def close(self) -> None:
        self.db.close()
