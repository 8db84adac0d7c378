"""Words English uses only as adjectives ("generative", "hierarchical", "stochastic"), by the word
lists of the English spaCy model's lemmatizer (WordNet's): a role head cut after one leaves a
modifier, not a term ("a hierarchical generative approach" is no "hierarchical generative").

Read from the installed model's files, without loading its pipeline.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

import srsly

from kg.records import ENGLISH_MODELS


@cache
def _words() -> tuple[frozenset[str], frozenset[str]]:
    """The model's adjectives and nouns (empty without the model: nothing is then only an adjective).
    Its tables are keyed by hashes of "adj" and "noun": told apart by a word each holds alone. No
    spaCy import: a graph rebuilt from its cache cuts role heads too."""
    for name in ENGLISH_MODELS:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        for tables in sorted(Path(spec.origin).parent.glob("*/lemmatizer/lookups/lookups.bin")):
            lists = [frozenset(words) for words in srsly.read_msgpack(tables)["lemma_index"].values()]
            adjectives = next((w for w in lists if "hierarchical" in w and "quickly" not in w), frozenset())
            nouns = next((w for w in lists if "retrieval" in w and "hierarchical" not in w), frozenset())
            return adjectives, nouns
    return frozenset(), frozenset()


def only_adjective(word: str) -> bool:
    """Whether ``word`` (its last hyphened piece) is an English adjective and never a noun; a word
    in "-ing" names an activity too, whatever the lists say ("audio-text matching problems"); one in
    "-wise" is a manner the lists may lack ("dense pixelwise tasks", "layer-wise").

    >>> [only_adjective(w) for w in ("generative", "object-centric", "objective", "retrieval", "matching")]
    [True, True, False, False, False]
    >>> [only_adjective(w) for w in ("pixelwise", "layer-wise", "wise")]
    [True, True, False]
    """
    adjectives, nouns = _words()
    last = word.lower().rpartition("-")[2]
    if last.endswith("wise"):
        return last != "wise" or "-" in word
    return last in adjectives and last not in nouns and not last.endswith("ing")
