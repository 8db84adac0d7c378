"""kg/nlp/attributes.py: the English model's attribute rules and lemmas, the same token for token."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import pytest
import spacy
from spacy.language import Language
from spacy.pipeline import AttributeRuler

from kg.nlp.attributes import AttributeTable, use_tables
from kg.nlp.extractors import english_model

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "icml2025.jsonl"
TRICKY = [
    "",
    " ",
    "I can't  do it.\n\nYou gotta go, y'all!  We're gonna win; it's theirs, not ours.",
    "Ain't nothin' wrong: there is a model, and there are models; his is better than hers.",
    "Does it? It does.  Let's see what they'd done, c'mon.",
    "BERT, GPT-4 and LLaMA-2 (7B) were fine-tuned on CIFAR-10/100 with AdamW\u2009(lr = 3e-4).",
]


def attributes(docs: Iterable) -> list[tuple]:
    return [
        (t.text, t.tag_, t.pos_, t.morph.key, str(t.morph), t.lemma_, t.dep_, t.head.i) for doc in docs for t in doc
    ]


@pytest.fixture(scope="module")
def models() -> tuple[Language, Language]:
    english = spacy.load(english_model(), exclude=["ner"])
    tables = spacy.load(english_model(), exclude=["ner"])
    use_tables(tables)
    return english, tables


@pytest.mark.slow
def test_the_tables_replace_the_ruler_and_the_lemmatizer(models: tuple[Language, Language]) -> None:
    english, tables = models
    assert english.pipe_names[-2:] == ["attribute_ruler", "lemmatizer"]
    assert tables.pipe_names[-2:] == ["kg_attributes", "kg_lemmas"]


@pytest.mark.slow
def test_every_token_gets_the_english_models_attributes(models: tuple[Language, Language]) -> None:
    english, tables = models
    texts = [json.loads(line)["abstract"] for line in EXAMPLES.read_text().splitlines()] + TRICKY
    texts += texts  # the second time, the lemmas come from the table
    assert attributes(tables.pipe(texts)) == attributes(english.pipe(texts))


@pytest.mark.slow
def test_the_same_on_a_conference(models: tuple[Language, Language], shared_data: Path) -> None:
    from kg.io import read_papers

    papers = read_papers([shared_data / "corpora" / "airas-papers-db" / "iclr" / "2024.json"]).papers[:300]
    texts = [p.abstract for p in papers]
    english, tables = models
    assert attributes(tables.pipe(texts)) == attributes(english.pipe(texts))


def test_rules_keep_their_order_and_unindexed_patterns_still_match() -> None:
    """Tag rules first, then exceptions: a later rule wins, on the tag table or on another rule;
    a pattern with an operator goes through the Matcher and still applies."""
    nlp = spacy.blank("en")

    def tagged(text: str, tags: list[str]) -> spacy.tokens.Doc:
        doc = nlp(text)
        for token, tag in zip(doc, tags, strict=True):
            token.tag_ = tag
        return doc

    ruler = AttributeRuler(nlp.vocab)
    ruler.add([[{"TAG": "NN"}]], {"POS": "NOUN", "MORPH": "Number=Sing"})
    ruler.add([[{"TAG": "JJ"}]], {"POS": "ADJ"})
    ruler.add([[{"TAG": "NN", "LOWER": "model"}]], {"POS": "PROPN"})  # an exception to the tag map
    ruler.add([[{"TAG": "NN"}]], {"MORPH": "Number=Plur"})  # a tag rule after an exception
    ruler.add([[{"LOWER": "deep", "OP": "+"}, {"TAG": "NN"}]], {"LEMMA": "DEEP"})  # operator: Matcher
    ruler.add([[{"LOWER": "big"}, {"LOWER": "model"}]], {"POS": "X"}, index=1)  # two tokens, the second
    table = AttributeTable(ruler)
    assert len(table.table) == 2  # NN and JJ, the leading tag rules
    words = ["a", "deep", "model", "and", "a", "big", "model", "and", "a", "new", "net"]
    tags = ["DT", "JJ", "NN", "CC", "DT", "JJ", "NN", "CC", "DT", "JJ", "NN"]
    expected, got = ruler(tagged(" ".join(words), tags)), table(tagged(" ".join(words), tags))
    assert attributes([got]) == attributes([expected])
    assert [t.pos_ for t in got] == ["", "ADJ", "PROPN", "", "", "ADJ", "X", "", "", "ADJ", "NOUN"]
    assert str(got[10].morph) == "Number=Plur" and got[1].lemma_ == "DEEP" and got[2].lemma_ == ""


@pytest.mark.slow
def test_lemmas_follow_the_part_of_speech_and_morphology(models: tuple[Language, Language]) -> None:
    """One word, several lemmas: the table is keyed by word, part of speech and morphology."""
    _, tables = models
    doc = tables("The models were trained. He models clay. She was modelling it. These were the best.")
    lemmas = {(t.text, t.pos_): t.lemma_ for t in doc}
    assert lemmas[("models", "NOUN")] == "model" and lemmas[("were", "AUX")] == "be"
    assert lemmas[("modelling", "VERB")] == "model" and lemmas[("best", "ADJ")] == "good"


def test_a_model_without_the_components_is_left_as_it_is_and_a_stranger_is_refused() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    use_tables(nlp)
    assert nlp.pipe_names == ["sentencizer"]
    nlp.add_pipe("sentencizer", name="lemmatizer")
    with pytest.raises(TypeError, match="lemmatizer is a Sentencizer, not spaCy's Lemmatizer"):
        use_tables(nlp)
