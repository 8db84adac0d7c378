"""Tokenizers that make loading a pipeline cheaper; pass one as ``spacy.load(..., config=...)``.

Building spaCy's English tokenizer means adding its 4,000 special cases one by one, and loading a
model builds one from the language defaults before replacing all of it with the model's saved
tokenizer: a third of the pipeline's loading time went into tokenizers that were thrown away.
"""

from __future__ import annotations

from collections.abc import Callable

import spacy
from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc


@spacy.registry.tokenizers("kg.empty_tokenizer.v1")
def empty_tokenizer() -> Callable[[Language], Tokenizer]:
    """A tokenizer with no rules, for a model whose saved tokenizer is then loaded over it."""

    def create(nlp: Language) -> Tokenizer:
        return Tokenizer(nlp.vocab)

    return create


@spacy.registry.tokenizers("kg.no_tokenizer.v1")
def no_tokenizer() -> Callable[[Language], Callable[[str], Doc]]:
    """No tokenizer, for a model that only runs on Docs its host pipeline made."""

    def create(nlp: Language) -> Callable[[str], Doc]:
        def tokenize(text: str) -> Doc:
            raise RuntimeError("this model runs on Docs from its host pipeline; it has no tokenizer")

        return tokenize

    return create


#: ``config=`` overrides for ``spacy.load``: load the saved tokenizer only; build none.
SAVED = {"nlp": {"tokenizer": {"@tokenizers": "kg.empty_tokenizer.v1"}}}
NONE = {"nlp": {"tokenizer": {"@tokenizers": "kg.no_tokenizer.v1"}}}
