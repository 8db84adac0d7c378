"""A word after "and" or "or" that shares the words before the other one.

"text-guided visual generation and editing" names text-guided visual editing: "editing" alone is no
mention, however often the abstract says "editing" elsewhere ("text-to-video editing"). The readers
of the held-out samples mark such a word a fragment of the term it leaves unsaid. A noun before the
first ("object detection and segmentation") is its object alone: the second is a task of its own.
"""

from __future__ import annotations

from spacy.tokens import Token

#: Endings of a word that names an action: "generation", "editing", "segmentation", "analysis".
_ACTIONS = ("ing", "tion", "sion", "ment", "sis")


def _action(token: Token) -> bool:
    return token.is_lower and token.is_alpha and token.lower_.endswith(_ACTIONS)


def elided(token: Token) -> bool:
    """Whether ``token``, one word after "and"/"or", is an action that shares the modifiers of the
    action before the conjunction, which an adjective or a participle qualifies: "editing" of "visual
    generation and editing". Not after a bare word ("forecasting and imputation") nor a noun's object
    ("question answering and summarization", "object detection and segmentation": the development
    readers' tasks), nor before its own noun ("generation and editing tools").

    >>> import spacy
    >>> doc = spacy.blank("en")("visual generation and editing")
    >>> doc[0].pos_ = "ADJ"
    >>> [elided(t) for t in doc], elided(spacy.blank("en")("forecasting and imputation")[2])
    ([False, False, False, True], False)
    """
    doc, i = token.doc, token.i
    if i < 3 or not _action(token) or doc[i - 1].lower_ not in {"and", "or"}:
        return False
    if i + 1 < len(doc) and doc[i + 1].is_alpha and doc[i + 1].pos_ in {"NOUN", "PROPN"}:
        return False  # "generation and editing tools": the word modifies its own noun
    modifier = doc[i - 3]
    return _action(doc[i - 2]) and (modifier.pos_ == "ADJ" or modifier.tag_ == "VBN")
