"""Words that end the name of a task or a learning setting ("graph representation learning",
"object detection"): a phrase ending so names what a method is for, however its sentence typed it.

>>> import spacy
>>> doc = spacy.blank("en")("graph representation learning and learning by deep learning")
>>> names_task(doc[0:3]), names_task(doc[4:5]), names_task(doc[6:8])
(True, False, False)
"""

from __future__ import annotations

from spacy.tokens import Span

TASK_WORDS = frozenset(
    {
        "learning",
        "detection",
        "classification",
        "recognition",
        "segmentation",
        "generation",
        "translation",
        "estimation",
        "prediction",
        "retrieval",
        "reasoning",
        "synthesis",
        "compression",
        "summarization",
        "answering",
        "forecasting",
        "tracking",
        "completion",
        "adaptation",
        "generalization",
    }
)


#: Fields, not tasks: "X, a deep learning framework" is no framework for deep learning.
FIELDS = frozenset({"deep learning", "machine learning", "statistical learning"})


def names_task(span: Span) -> bool:
    """Is ``span`` typed Task, or two words or more ending in a task word (not a field)?"""
    last = span[-1]
    lexical = len(span) >= 2 and TASK_WORDS & {last.lemma_.lower(), last.lower_} != set()
    return span.label_ == "Task" or (lexical and span.text.lower() not in FIELDS)
