"""What a paper's own name says it is: "we propose the Self-guided Masked Autoencoder" names a
masked autoencoder, "Discounted CFR" a CFR, "thin-shell object manipulation" a kind of object
manipulation. When the abstract also names that kind on its own, the proposal is one of it
(``isA``; issue 12 asks the longer term to stay a node of its own, a kind of the concept).

Not when the words before the kind join or relate something else ("Global and Local Feature
Realignment", "Estimator based on Least Squares", "Neural Fields incorporating scene Priors"), nor
when the kind is written only inside the proposal's name (a fragment of it, not a thing the paper
names) or is one common word ("detection" of "Instruction-oriented Object Detection"), nor across
types a kind cannot cross (a method is no dataset).
"""

from __future__ import annotations

from collections.abc import Sequence

from kg.records import Mention, RelationRecord
from kg.text import singular

#: How sure a name is of the kind its last words give (a rule's appositive "X, a Y" is .75).
KIND_NAME_CONFIDENCE = 0.75
#: Words that, before the kind, make the name about more than one kind of it.
_JOINING = frozenset("and or with for of on via by based from to in using without against".split())
#: The types a kind may have, by the proposal's type.
_KIND_TYPES = {"Method": {"Method", "Concept"}, "Task": {"Task"}, "Concept": {"Concept"}, "Metric": {"Metric"}}


def _named_kind(text: str) -> bool:
    """A kind named well enough to be one: two words or more, a name or a hyphened term ("masked
    autoencoder", "LoRA", "fine-tuning"), not a common word a name ends with ("detection", "adapter")."""
    return " " in text.strip() or "-" in text or any(c.isupper() for c in text[1:])


def _words(text: str) -> list[str]:
    words = text.lower().split()
    return [*words[:-1], singular(words[-1])] if words else []


def kind_names(
    mentions: Sequence[Mention], proposed: Sequence[int], sentence_of: dict[int, str]
) -> list[RelationRecord]:
    """``isA`` from each proposed mention to each mention of the abstract its name ends with, said
    apart from it; ``sentence_of`` gives the sentence of each proposed mention.

    >>> ms = [Mention("Self-guided Masked Autoencoder", "Method", 11, 41),
    ...       Mention("masked autoencoders", "Method", 50, 69),
    ...       Mention("Global and Local Realignment", "Method", 80, 108),
    ...       Mention("Local Realignment", "Method", 120, 137), Mention("Masked Autoencoder", "Method", 23, 41)]
    >>> [(ms[r.head].text, ms[r.tail].text) for r in kind_names(ms, [0, 2], {0: "s", 2: "t"})]
    [('Self-guided Masked Autoencoder', 'masked autoencoders')]
    """
    out: list[RelationRecord] = []
    seen: set[tuple[int, str]] = set()
    for i in proposed:
        name = mentions[i]
        words = _words(name.text)
        for j, other in enumerate(mentions):
            if j == i or other.label not in _KIND_TYPES.get(name.label, set()):
                continue
            if name.start <= other.start and other.end <= name.end:
                continue  # written only inside the name here: a fragment of it
            kind = _words(other.text)
            front = words[: len(words) - len(kind)]
            if not kind or not front or words[len(front) :] != kind or _JOINING & set(front):
                continue
            if any(w.endswith("ing") and "-" not in w for w in front[1:]) or not _named_kind(other.text):
                continue  # "Neural Fields incorporating scene Priors"; "detection" alone
            if any(p != i and mentions[p].start <= other.start and other.end <= mentions[p].end for p in proposed):
                continue  # inside another of the paper's names
            if (i, " ".join(kind)) not in seen:
                seen.add((i, " ".join(kind)))
                out.append(RelationRecord(i, "isA", j, sentence_of.get(i, ""), KIND_NAME_CONFIDENCE))
    return out
