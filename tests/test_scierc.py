"""SciERC reader and scorer."""

from __future__ import annotations

from pathlib import Path

import pytest
import spacy
from spacy.vocab import Vocab

from kg.nlp.evaluate import prf, score_entities, score_sets, typed_relations
from kg.nlp.scierc import (
    ENTITY_LABELS,
    RELATION_LABELS,
    SPAN_KEY,
    read_scierc,
    record_to_example,
    retokenize,
    unptb,
)
from kg.nlp.spans import Relation

SCIERC = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "scierc"

RECORD = {
    "clusters": [],
    "sentences": [
        ["An", "entity-oriented", "approach", "to", "restricted-domain", "parsing", "."],
        ["It", "uses", "-LRB-", "deep", "neural", "networks", "-RRB-", "."],
    ],
    "ner": [
        [[1, 2, "Method"], [4, 5, "Task"], [4, 4, "OtherScientificTerm"]],
        [[7, 7, "Generic"], [10, 12, "Method"]],
    ],
    "relations": [[[1, 2, 4, 5, "USED-FOR"]], []],
    "doc_key": "toy",
}


def test_unptb() -> None:
    assert unptb("-LRB-") == "(" and unptb("-RSB-") == "]" and unptb("word") == "word"


def test_record_to_example_nested_and_relations() -> None:
    ex = record_to_example(RECORD, Vocab())
    doc = ex.doc
    assert [t.text for t in doc][9:13] == ["(", "deep", "neural", "networks"]
    assert doc.text.startswith("An entity-oriented approach to restricted-domain parsing. It")
    assert "(deep neural networks)" in doc.text
    assert [s.start for s in doc.sents] == [0, 7]
    spans = {(s.start, s.end, s.label_) for s in doc.spans[SPAN_KEY]}
    assert spans == {
        (1, 3, "Method"),
        (4, 6, "Task"),
        (4, 5, "OtherScientificTerm"),
        (7, 8, "Generic"),
        (10, 13, "Method"),
    }
    assert (4, 6, "Task") in {(e.start, e.end, e.label_) for e in doc.ents}  # longest kept
    assert ex.relations == [Relation(1, 3, "USED-FOR", 4, 6)]


def test_retokenize_keeps_spans() -> None:
    nlp = spacy.blank("en")
    doc = retokenize(record_to_example(RECORD, nlp.vocab).doc, nlp.tokenizer)
    texts = {(s.text, s.label_) for s in doc.spans[SPAN_KEY]}
    assert ("entity-oriented approach", "Method") in texts
    assert ("deep neural networks", "Method") in texts
    assert len(doc) > 15  # hyphens split by spaCy
    assert sum(1 for _ in doc.sents) == 2


def test_prf_edge_cases() -> None:
    assert prf(0, 0, 0) == {"precision": 0.0, "recall": 0.0, "f1": 0.0}
    assert prf(1, 2, 4)["f1"] == pytest.approx(2 * 0.5 * 0.25 / 0.75)


def test_score_entities_nested_and_per_type() -> None:
    gold = [{(0, 3, "Task"), (1, 3, "Method"), (5, 6, "Metric")}]
    pred = [{(0, 3, "Task"), (1, 3, "Method"), (5, 6, "Method"), (7, 8, "Generic")}]
    res = score_entities(pred, gold)
    assert res["precision"] == pytest.approx(2 / 4)
    assert res["recall"] == pytest.approx(2 / 3)
    assert res["per_type"]["Method"]["precision"] == pytest.approx(1 / 2)
    assert res["per_type"]["Method"]["recall"] == pytest.approx(1.0)
    assert res["per_type"]["Metric"]["recall"] == 0.0
    assert res["per_type"]["Task"]["f1"] == pytest.approx(1.0)


def test_strict_relations_need_types_and_spans() -> None:
    gold_m = {(0, 2, "Method"), (3, 5, "Task"), (6, 7, "Metric")}
    gold_r = typed_relations([Relation(0, 2, "USED-FOR", 3, 5), Relation(6, 7, "EVALUATE-FOR", 0, 2)], gold_m)
    # predicted entities: one type wrong, one span boundary wrong
    pred_m = {(0, 2, "Method"), (3, 5, "Method"), (6, 8, "Metric")}
    pred_r = typed_relations([Relation(0, 2, "USED-FOR", 3, 5), Relation(6, 8, "EVALUATE-FOR", 0, 2)], pred_m)
    assert score_sets([pred_r], [gold_r])["f1"] == 0.0
    # same relations scored against gold entities: both right
    pred_gold = typed_relations([Relation(0, 2, "USED-FOR", 3, 5), Relation(6, 7, "EVALUATE-FOR", 0, 2)], gold_m)
    assert score_sets([pred_gold], [gold_r])["f1"] == 1.0
    # wrong direction counts as wrong
    rev = typed_relations([Relation(3, 5, "USED-FOR", 0, 2)], gold_m)
    assert score_sets([rev], [gold_r])["precision"] == 0.0


@pytest.mark.skipif(not SCIERC.exists(), reason="../shared/data/scierc not present")
def test_read_real_dev_file() -> None:
    examples = read_scierc(SCIERC / "dev.json")
    assert len(examples) == 50
    assert sum(len(ex.doc) for ex in examples) == 6521
    assert sum(len(ex.doc.spans[SPAN_KEY]) for ex in examples) == 811
    assert sum(len(ex.relations) for ex in examples) == 455
    assert sum(len(list(ex.doc.sents)) for ex in examples) == 275
    labels = {s.label_ for ex in examples for s in ex.doc.spans[SPAN_KEY]}
    assert labels == set(ENTITY_LABELS)
    assert {r.label for ex in examples for r in ex.relations} == set(RELATION_LABELS)
    assert not any("-LRB-" in t.text for ex in examples for t in ex.doc)
    mentions = {(ex.doc.user_data["doc_key"], s.start, s.end) for ex in examples for s in ex.doc.spans[SPAN_KEY]}
    for ex in examples:
        for r in ex.relations:
            assert (ex.doc.user_data["doc_key"], r.head_start, r.head_end) in mentions
            assert (ex.doc.user_data["doc_key"], r.tail_start, r.tail_end) in mentions
