"""Loading without building throw-away tokenizers changes no token."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import spacy

from kg.nlp import tokenizers
from kg.nlp.extractors import english_model
from kg.nlp.mention_vote import _load_ner

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
MODELS = Path(__file__).resolve().parents[1] / "kg" / "nlp" / "models" / "scierc" / "mentions"

pytestmark = pytest.mark.slow  # both load the English model


def test_the_saved_tokenizer_alone_tokenizes_as_the_full_load():
    texts = [json.loads(line)["abstract"] for line in (EXAMPLES / "icml2025.jsonl").read_text().splitlines()]
    texts.append("Don't e.g. U.S. :) 3pm (SAEs) https://x.org/a?b=c a@b.com 1.5× $x^2$ — 'tis o'clock")
    full = spacy.load(english_model(), exclude=["ner"])
    saved = spacy.load(english_model(), exclude=["ner"], config=tokenizers.SAVED)
    for text in texts:
        a, b = full.make_doc(text), saved.make_doc(text)
        assert [(t.text, t.whitespace_, t.norm_) for t in a] == [(t.text, t.whitespace_, t.norm_) for t in b]


def test_a_model_without_tokenizer_runs_on_host_docs_only():
    host = spacy.load(english_model(), exclude=["ner"], config=tokenizers.SAVED)
    ner = _load_ner(MODELS / "ner0", host.vocab)
    doc = ner(host("We train a sparse autoencoder on ImageNet."))
    assert doc.ents
    with pytest.raises(RuntimeError, match="host pipeline"):
        ner.tokenizer("text")
