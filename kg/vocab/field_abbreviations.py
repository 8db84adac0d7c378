"""Abbreviations the field agrees on, for papers that use one without defining it.

A paper writes "MLP" or "MCMC" without spelling it out because its readers know it; a small corpus
(a reading list, a workshop) may hold no paper that defines it, and the vocabularies lack many
("MCMC", "NTK", "MLP"). ``data/field_abbreviations.json`` holds the pairs that machine-learning
abstracts define with one long form, counted over ICLR 2020-2022 and NeurIPS 2020 by
``scripts/mine_abbreviations.py`` (counts only). They come after a paper's own definition and the
corpus's, like the vocabularies' (:func:`kg.vocab.link.known_definitions`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

PATH = Path(__file__).resolve().parent / "data" / "field_abbreviations.json"


@cache
def field_definitions(path: Path = PATH) -> tuple[tuple[str, str], ...]:
    """``(short, long)`` pairs, the most defined first: ``("GNNs", "Graph Neural Networks")``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple((str(p["short"]), str(p["long"])) for p in data["pairs"])
