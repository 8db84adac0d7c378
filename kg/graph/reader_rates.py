"""Terms the readers rarely take as a paper's node: a cap on their confidence.

Some terms are named in a great many abstracts and are rarely what the abstract is about:
"machine learning", "reward", "initialization", "optimizer", "lower bound". The entity confidence
(:mod:`kg.graph.confidence`) judges one node for the whole corpus and finds such a term sure (a
well-known name, used by many papers), so every paper that says it was linked to it. The readers of
kg's development samples list it as one of the paper's entities in a fifth of those papers or fewer.

``data/reader_rates.json`` holds, per term (its :func:`kg.text.term_key`), the number of development
papers kg linked to it by default and the number whose readers listed it
(``scripts/mine_reader_rates.py``: terms linked in at least 10 papers and listed in at most 20%).
:func:`capped` lowers an entity's confidence to that share, so that a paper keeps its link only when
its own mention of the term is sure (:func:`kg.graph.confidence.link_confidence`): "reward" in a
paper about reward design, not in every reinforcement learning abstract.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from kg.text import term_key

RATES_PATH = Path(__file__).resolve().parent / "data" / "reader_rates.json"


@cache
def load_reader_rates(path: Path | None = None) -> Mapping[str, float]:
    """Per term key, the share of the development papers linked to the term whose readers listed it
    (empty when there is no table; ``path`` None: :data:`RATES_PATH`)."""
    path = path or RATES_PATH
    if not path.is_file():
        return {}
    terms = json.loads(path.read_text(encoding="utf-8")).get("terms", {})
    return {key: listed / linked for key, (linked, listed) in terms.items() if linked > 0}


def capped(confidence: float, label: str, rates: Mapping[str, float] | None = None) -> float:
    """``confidence``, at most the readers' rate of the term ``label`` names.

    >>> capped(0.9, "Machine Learning", {"machinelearning": 0.17})
    0.17
    >>> capped(0.9, "machine translation", {"machinelearning": 0.17}), capped(0.1, "rewards", {"reward": 0.13})
    (0.9, 0.1)
    """
    rate = (load_reader_rates() if rates is None else rates).get(term_key(label))
    return confidence if rate is None else min(confidence, rate)
