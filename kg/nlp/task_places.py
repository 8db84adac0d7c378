"""Datasets named on a task a result is stated for: "X outperforms Y in multi-label
classification on CelebA", "X achieves the best results for node classification on Cora and
Citeseer" (:func:`task_datasets`): X is evaluated on each dataset, as well as addressing the task."""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.relation_finder import Finder, args

_PLACE_WORDS = frozenset({"on", "in", "across"})


def task_datasets(finder: Finder, task: Token) -> list[Span]:
    """The datasets hanging on ``task`` (the token of a task mention) by "on", "in" or "across"."""
    out: list[Span] = []
    for prep in task.children:
        if prep.dep_ != "prep" or prep.lower_ not in _PLACE_WORDS:
            continue
        for obj in finder.named(args(prep, {"pobj"})):
            span = finder.mention(obj)
            if span is not None and span.label_ == "Dataset" and span not in out:
                out.append(span)
    return out
