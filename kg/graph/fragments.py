"""Names the parse cut, made whole from the same abstract: "Range Arena" read in "Long Range Arena
paves the way" (the sentence's first word taken for a common one) is the paper's "Long Range Arena"."""

from __future__ import annotations

import re
from collections import Counter

from kg.records import Extraction, Mention
from kg.text import term_key

#: A word that goes on a name: capitalized or with a digit ("Long", "GOES-16", "2014T", "AD").
_NAME_WORD = re.compile(r"[A-Z0-9][\w+.-]*")
_SENTENCE_END = frozenset(".!?")


def _places(abstract: str, text: str) -> list[int]:
    """Where ``text`` stands in ``abstract`` as whole words: in any case, unless a capital inside
    a word makes the case part of the name ("RoutIng" of "RoutIng Diverse Experts" is not
    "routing", while "Automated Data Augmentation" is "automated data augmentation")."""
    pattern = r"(?<![\w-])" + re.escape(text) + r"(?![\w-])"
    cased = any(c.isupper() for word in text.split() for c in word[1:])
    return [m.start() for m in re.finditer(pattern, abstract, 0 if cased else re.IGNORECASE)]


def _inside_a_sentence(abstract: str, start: int) -> bool:
    """Whether the words at ``start`` follow others of their sentence (not the sentence's first)."""
    before = abstract[:start].rstrip()
    return bool(before) and before[-1] not in _SENTENCE_END


def _extension(name: str, longer: str) -> tuple[int, str] | None:
    """How ``longer`` goes on from ``name`` by name words: (characters before the name, the words
    added), or None."""
    if longer.endswith(" " + name):
        added, offset = longer[: -len(name) - 1], len(longer) - len(name)
    elif longer.startswith(name + " "):
        added, offset = longer[len(name) + 1 :], 0
    else:
        return None
    return (offset, added) if all(_NAME_WORD.fullmatch(w) for w in added.split()) else None


def whole_names(abstract: str, ex: Extraction, named: Counter[str]) -> Extraction:
    """``ex`` with each mention cut from a longer name of the same paper widened to that name.

    A mention is such a cut when it starts with a capital, no other paper of the corpus names it
    (``named``: how many papers have a mention of each :func:`~kg.text.term_key`, so "POMDPs"
    names POMDP), and each of its places in ``abstract`` (:func:`_places`) lies inside a longer
    mention of the paper that goes on from it by name words, one the abstract writes at least once
    where no sentence starts (so "Existing Safe RL" at a sentence's start does not swallow "Safe
    RL") and that holds no abbreviation the paper defines. A term many papers name alone
    ("Transformer" in "Vision Transformer") stays what it is, and so does one the abstract also
    writes alone ("automated data augmentation" beside "Modality-agnostic Automated Data
    Augmentation").

    >>> text = "We propose a benchmark, Long Range Arena, for models. Long Range Arena paves the way."
    >>> ex = Extraction([Mention("Long Range Arena", "Dataset", 24, 40), Mention("Range Arena", "Dataset", 59, 70)],
    ...     [], [], [])
    >>> [m.text for m in whole_names(text, ex, Counter({"longrangearena": 1, "rangearena": 1})).mentions]
    ['Long Range Arena', 'Long Range Arena']
    """
    shorts = {short for short, _ in ex.definitions}  # not "Cooperative Embodied Language Agent CoELA"
    texts = {m.text: m for m in ex.mentions if not shorts.intersection(m.text.split())}
    mended = list(ex.mentions)
    for i, mention in enumerate(ex.mentions):
        name = mention.text
        if not name[:1].isupper() or named[term_key(name)] > 1:
            continue
        covers: dict[int, tuple[int, Mention]] = {}  # a place of the name -> where the longer one starts, it
        for text, longer in texts.items():
            extension = _extension(name, text)
            if extension is None:
                continue
            places = _places(abstract, text)
            if extension[0] and not any(_inside_a_sentence(abstract, p) for p in places):
                continue
            covers.update((p + extension[0], (p, longer)) for p in places)
        if not covers or any(p not in covers for p in _places(abstract, name)) or mention.start not in covers:
            continue
        start, longer = covers[mention.start]
        mended[i] = longer._replace(start=start, end=start + len(longer.text))
    return ex._replace(mentions=mended) if mended != ex.mentions else ex
