"""Phrases that describe something rather than name it: their entity confidence is capped.

The entity confidence model (:mod:`kg.graph.confidence`) reads words and usage; a few shapes of name
it finds sure enough are descriptions to the held-out readers, and :func:`description_cap` keeps them
under the default threshold (``--min-confidence`` lower brings them back):

- adjectives before the head of a way of doing things: "a hierarchical generative approach"
  (:func:`described`);
- a method one paper names once by an abbreviation and common words: "FL attack", "closed LM"
  (:func:`abbreviated_description`), where the model is not sure of it.

Not a dataset named only by common words in lower case ("multimodal corpus", "fairness dataset"):
the held-out readers judged 15 of 17 such links wrong, but the development readers list many as a
paper's important entities ("maze environment", "pendulum system", "parallel corpus"); capped, the
tuning samples' important entities missed went from .497 to .512.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from kg.graph.adjectives import only_adjective

#: The most a description gets (:func:`described`): with the best mention score (:func:`link_confidence`
#: adds up to .2) still under the entity model's threshold, so the default build leaves it out and a
#: lower ``--min-confidence`` brings it back. What this many papers call so, or a vocabulary names, is a
#: term of the field.
DESCRIPTION_CONFIDENCE = 0.1
DESCRIPTION_PAPERS = 3


#: Heads of a way of doing things that adjectives before them describe rather than name. Not
#: "method" nor "algorithm" ("self-supervised methods", "greedy algorithm": the development readers'
#: entities), nor "game", "task" or "environment" ("bilinear games", "non-stationary environments").
_DESCRIBED_HEADS = frozenset(
    {"approach", "approaches", "strategy", "strategies", "framework", "frameworks", "technique", "techniques"}
    | {"scheme", "schemes", "paradigm", "paradigms"}
)


def described(label: str) -> bool:
    """Adjectives before the head of a way describe it, name nothing: "a hierarchical generative
    approach", "a powerful self-supervised strategy", "an influential framework" (the held-out readers
    judged 5 of 6 such nodes generic); "<noun>-based" names a family by the noun ("rehearsal-based
    approaches").

    >>> described("hierarchical generative approach"), described("self-supervised strategy")
    (True, True)
    >>> described("rehearsal-based approach"), described("greedy algorithm"), described("approach")
    (False, False, False)
    """
    words = label.lower().split()
    if len(words) < 2 or words[-1] not in _DESCRIBED_HEADS or any(w.endswith("-based") for w in words):
        return False
    return all(only_adjective(w) for w in words[:-1])


#: An abbreviation's word: "FL", "SNN", "GPT-4", "LLMs".
_ABBREVIATION = re.compile(r"[A-Z0-9][A-Z0-9-]*[A-Z][A-Z0-9-]*s?")
_COMMON_WORD = re.compile(r"[a-z][a-z-]*")
#: The confidence an abbreviated description keeps its own from (:func:`abbreviated_description`).
ABBREVIATED_SURE = 0.6


def abbreviated_description(data: Mapping[str, Any], texts: Iterable[str] = ()) -> bool:
    """A method only one paper names, once, by an abbreviation and common words, that no vocabulary
    knows and the paper does not propose: "FL attack", "SNN training", "closed LM", "GPU hour",
    "SQL execution", "tractable RTRL". It describes something by the abbreviated field or model
    rather than naming a method: the held-out readers judged 44 of the 54 such links of samples b to
    p wrong (generic, a wrong type or a cut span) where the model is under .6 sure of them, 6 of 13
    above. What a second paper or a second mention names, or a vocabulary, is kept, and so is a name
    its paper's ``texts`` (title and abstract) write more than once, even inside longer names: "KV
    cache" of "a new KV cache optimization paradigm ... a ladder-shaped KV cache pattern".

    >>> abbreviated_description({"label": "FL attack", "type": "Method", "paper_count": 1, "count": 1})
    True
    >>> [abbreviated_description({"label": x, "type": "Method", "paper_count": 1, "count": 1})
    ...     for x in ("FL", "Open LM", "fine-tuning", "BERT LARGE")]
    [False, False, False, False]
    >>> abbreviated_description({"label": "FL attack", "type": "Method", "paper_count": 2, "count": 2})
    False
    >>> kv = {"label": "KV cache", "type": "Method", "paper_count": 1, "count": 1}
    >>> abbreviated_description(kv, ["A KV cache method.", "The KV cache pattern."]), abbreviated_description(kv)
    (False, True)
    """
    words = str(data.get("label", "")).split()
    return (
        data.get("type") == "Method"
        and data.get("paper_count") == 1
        and data.get("count") == 1
        and not data.get("proposed_by")
        and not data.get("vocab")
        and len(words) >= 2
        and any(_ABBREVIATION.fullmatch(w) for w in words)
        and all(_ABBREVIATION.fullmatch(w) or _COMMON_WORD.fullmatch(w) for w in words)
        and any(_COMMON_WORD.fullmatch(w) for w in words)
        and written_once(data, texts)
    )


def written_once(data: Mapping[str, Any], texts: Iterable[str]) -> bool:
    """Whether ``texts`` write the entity's names (label and alternative labels) once at most, as
    whole words in any case, inside longer names too."""
    names = {str(n).lower() for n in (data.get("label", ""), *data.get("alt_labels", ())) if n}
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in sorted(names, key=len, reverse=True)))
    return sum(len(pattern.findall(text.lower())) for text in texts) <= 1 if names else True


def description_cap(data: Mapping[str, Any], confidence: float, texts: Iterable[str] = ()) -> float:
    """``confidence`` of the entity ``data`` (its attributes as :mod:`kg.graph.model` defines them),
    capped at :data:`DESCRIPTION_CONFIDENCE` where its name describes rather than names (``texts``:
    the titles and abstracts of its papers).

    >>> description_cap({"label": "hierarchical generative approach", "type": "Method"}, 0.8)
    0.1
    >>> description_cap({"label": "hierarchical generative approach", "type": "Method", "paper_count": 3}, 0.8)
    0.8
    """
    label = str(data.get("label", ""))
    term = data.get("vocab_match") == "exact" or data.get("paper_count", 0) >= DESCRIPTION_PAPERS
    if described(label) and not term and not data.get("proposed_by"):
        return min(confidence, DESCRIPTION_CONFIDENCE)
    if confidence < ABBREVIATED_SURE and abbreviated_description(data, texts):
        return min(confidence, DESCRIPTION_CONFIDENCE)
    return confidence
