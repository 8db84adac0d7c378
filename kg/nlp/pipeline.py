"""Assemble the extraction pipeline: an English model plus kg's components."""

from __future__ import annotations

import spacy
from spacy.language import Language

# Importing the modules registers the factories with spaCy.
from kg.nlp import abbreviations, attributes, learned, mentions, proposals, relation_check, relations  # noqa: F401
from kg.nlp.extractors import DEFAULT_EXTRACTOR, EXTRACTORS, MENTION_MODELS, RELATION_MODELS, english_model
from kg.nlp.learned_models import add_learned

COMPONENTS = ("kg_abbreviations", "kg_mentions", "kg_proposals", "kg_relations")


def load_pipeline(model: str | None = None, extractor: str = DEFAULT_EXTRACTOR) -> Language:
    """The English model (its NER is not used, so not loaded) followed by kg's components.

    The model's ``attribute_ruler`` and ``lemmatizer`` are replaced by
    :mod:`kg.nlp.attributes`, which gives the same token attributes in a sixth of the time.

    ``extractor`` is a key of :data:`EXTRACTORS`: the rules alone, or the rules combined with
    the learned SciERC mentions and relations (one NER model and the logistic regression, or
    the vote of all of them combined with MiniLM's span scores, and MiniLM relations).
    """
    if extractor not in EXTRACTORS:
        raise ValueError(f"unknown extractor {extractor!r}; choose from {', '.join(EXTRACTORS)}")
    nlp = spacy.load(model or english_model(), exclude=["ner"])
    attributes.use_tables(nlp)  # the same part of speech, morphology and lemmas, set faster
    for name in COMPONENTS:
        nlp.add_pipe(name)
    models = EXTRACTORS[extractor]
    if models is not None:
        add_learned(nlp, models or None, relations=RELATION_MODELS[extractor], mentions=MENTION_MODELS[extractor])
        nlp.add_pipe("kg_learned_mentions")
        nlp.add_pipe("kg_learned_relations")
    nlp.add_pipe("kg_relation_check")  # last: it filters every relation the components above found
    return nlp
