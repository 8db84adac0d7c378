"""A one-word task named once, known by the tasks it is listed with.

A single common noun needs two occurrences in an abstract to become a mention (one "model" or
"analysis" names nothing). A task word listed beside other tasks is an exception: "image
classification, object detection and translation", "experiments on calibration and OOD
detection" name translation and calibration as tasks, however often the abstract says them.
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.lexicon import Lexicon
from kg.text import singular

#: Endings of a word naming an activity or a field ("calibration", "fairness", "robotics"), which a
#: list of tasks makes a task; not "speed" or "importance".
_ACTIVITY_ENDINGS = ("tion", "sion", "ing", "ness", "ity", "ics")


def _task_word(token: Token, lexicon: Lexicon) -> bool:
    return lexicon.type_of_word(token.text, token.lemma_) == "Task"


def listed_task(token: Token, lexicon: Lexicon) -> bool:
    """Whether the one-word noun ``token`` is coordinated with a task ("segmentation, detection and
    translation", "calibration and OOD detection") and no other kind of thing by its own word.

    Not a word the lexicon gives another type ("pruning and quantization": methods), nor a generic
    one ("tasks and settings"), nor a noun that a modifier makes a different term.
    """
    if token.pos_ != "NOUN" or not token.is_lower or any(c.dep_ in {"compound", "amod"} for c in token.children):
        return False
    kind = lexicon.type_of_word(token.text, token.lemma_)
    if kind not in {None, "Task"} or (kind is None and not token.lower_.endswith(_ACTIVITY_ENDINGS)):
        return False
    nxt = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if nxt is not None and nxt.pos_ in {"NOUN", "PROPN", "ADJ", "NUM"}:
        return False  # "novelty and anomaly detection", "diffusion probabilistic models": a modifier
    if any(c.dep_ == "prep" and c.lower_ == "of" for c in token.children):
        return False  # "the combination of all three"
    lemma = singular(token.lower_)
    if {lemma, token.lower_} & lexicon.generic_words:
        return False
    return any(c.pos_ in {"NOUN", "PROPN"} and _task_word(c, lexicon) for c in token.conjuncts)
