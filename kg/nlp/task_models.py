"""A task or a dataset with "model" after it is no node: "text classification models", "NLP
models", "VQA model", "ImageNet models" are models of some kind for that task or trained on that
dataset, a field plus a generic head (GUIDELINES.md beside the development set: "AI agent", "ITM
method" are no nodes). The task or the dataset is the node; a method with "model" after it is
the method's (:func:`kg.graph.terms.core_term`: "GPT-3 model" is GPT-3).

Only a name of nouns: "vision-language model", "a latent-variable future prediction model" are
kinds of model (a hyphen or an adjective makes the phrase a name of its own).
"""

from __future__ import annotations

from collections.abc import Mapping

from spacy.tokens import Span

#: The heads that make a task's or a dataset's name a phrase about some model.
MODEL_HEADS = frozenset({"model", "models"})
_FIELDS = frozenset({"Task", "Dataset"})


def field_plus_model(span: Span, kinds: Mapping[tuple[int, int], str]) -> bool:
    """Whether ``span`` is "<task or dataset> model(s)": its words before the head are a mention
    (``kinds``: mention type by start and end) of a task or a dataset."""
    if len(span) < 2 or span[-1].lower_ not in MODEL_HEADS:
        return False
    if any(t.pos_ == "ADJ" or t.tag_ == "HYPH" for t in span[:-1]):
        return False  # "vision-language model", "a latent-variable future prediction model": a kind of model
    return kinds.get((span.start, span.end - 1)) in _FIELDS
