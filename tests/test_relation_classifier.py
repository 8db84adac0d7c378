"""Mention voting, relation features/prediction, serialization, and the shipped model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import spacy
from spacy.tokens import Doc, Span

from kg.nlp.linear import LinearModel, load_linear, save_linear
from kg.nlp.mention_vote import span_votes, typed_vote, vote
from kg.nlp.relation_classifier import NONE, RelationClassifier, candidate_pairs, pair_features, predict_pairs
from kg.nlp.scierc import MODEL_DIR, SPAN_KEY
from kg.nlp.span_typer import predict_types
from kg.nlp.spans import Relation

SCIERC = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "scierc"
ENTITY_F1_FLOOR = 0.58
GOLD_REL_F1_FLOOR = 0.53
REL_F1_FLOOR = 0.21


def _doc() -> Doc:
    nlp = spacy.blank("en")
    words = ["We", "use", "neural", "networks", "for", "parsing", ".", "BLEU", "is", "used", "."]
    starts = [True] + [False] * 6 + [True] + [False] * 3
    doc = Doc(nlp.vocab, words=words, sent_starts=starts)  # type: ignore[arg-type]
    doc.spans[SPAN_KEY] = [
        Span(doc, 2, 4, "Method"),
        Span(doc, 3, 4, "Method"),
        Span(doc, 5, 6, "Task"),
        Span(doc, 7, 8, "Metric"),
    ]
    return doc


def test_vote_keeps_nested_majority_spans() -> None:
    preds = [[(0, 3, "Task"), (1, 3, "Method")], [(0, 3, "Task"), (1, 3, "Method")], [(0, 3, "Task")]]
    assert vote(preds, 2) == [(0, 3, "Task"), (1, 3, "Method")]
    assert vote(preds, 3) == [(0, 3, "Task")]
    assert vote([[(0, 1, "Task")], [(0, 1, "Method")]], 2) == []


def test_vote_per_label_minimum() -> None:
    preds = [[(0, 1, "Metric"), (2, 3, "Task")], [(4, 5, "Task")], []]
    assert vote(preds, 2) == []
    assert vote(preds, 2, {"Metric": 1}) == [(0, 1, "Metric")]
    assert vote([[(0, 1, "Task")]] * 3, 2, {"Task": 3}) == [(0, 1, "Task")]


def _typer() -> LinearModel:
    features = {"w=bleu": 0, "w=networks": 1}
    weights = np.array([[5.0, 0.0], [0.0, 5.0]])
    return LinearModel(features, ["Metric", "Method"], weights, np.array([0.0, 0.1]), 0.0)


def test_span_votes_ignore_type() -> None:
    preds = [[(2, 4, "Method"), (7, 8, "Metric")], [(2, 4, "Task")], [(2, 4, "Method"), (2, 4, "Method")]]
    assert span_votes(preds) == {(2, 4): 3, (7, 8): 1}


def test_typed_vote_types_spans_with_the_typer() -> None:
    doc = _doc()
    assert predict_types(_typer(), [doc[2:4], doc[7:8], doc[5:6]]) == ["Method", "Metric", "Method"]
    preds = [[(2, 4, "Task"), (7, 8, "Method")], [(2, 4, "Method")], [(5, 6, "Task")]]
    assert typed_vote(doc, preds, _typer(), 2) == [(2, 4, "Method")]
    assert typed_vote(doc, preds, _typer(), 2, {"Metric": 1}) == [(2, 4, "Method"), (7, 8, "Metric")]


def test_linear_model_roundtrip(tmp_path: Path) -> None:
    save_linear(_typer(), tmp_path / "typer")
    loaded = load_linear(tmp_path / "typer")
    assert loaded.features == _typer().features and loaded.labels == ["Metric", "Method"]
    assert np.allclose(loaded.weights, _typer().weights) and np.allclose(loaded.bias, [0.0, 0.1])


def test_candidate_pairs_stay_in_sentence_and_are_ordered() -> None:
    pairs = [(a.start, a.end, b.start, b.end) for a, b in candidate_pairs(_doc())]
    assert pairs == [(2, 4, 3, 4), (2, 4, 5, 6), (3, 4, 5, 6)]
    feats = pair_features(*next(iter(candidate_pairs(_doc()))))
    assert "types=Method>Method" in feats and "nested=True" in feats


def _parsed() -> Doc:
    """ "Networks use attention for parsing ." with its parse written by hand."""
    nlp = spacy.blank("en")
    words = ["Networks", "use", "attention", "for", "parsing", "."]
    doc = Doc(
        nlp.vocab,
        words=words,
        heads=[1, 1, 1, 1, 3, 1],
        deps=["nsubj", "ROOT", "dobj", "prep", "pobj", "punct"],
        pos=["NOUN", "VERB", "NOUN", "ADP", "NOUN", "PUNCT"],
        lemmas=["network", "use", "attention", "for", "parsing", "."],
        sent_starts=[True] + [False] * 5,
    )
    doc.spans[SPAN_KEY] = [Span(doc, 0, 1, "Method"), Span(doc, 2, 3, "Method"), Span(doc, 4, 5, "Task")]
    return doc


def test_pair_features_name_the_dependency_path_words() -> None:
    doc = _parsed()
    nets, attention, parsing = doc.spans[SPAN_KEY]
    far = pair_features(nets, parsing)
    assert {"pverb=use|Method>Task", "pprep=for|Method>Task", "plen=2|Method>Task", "ptop=use|VERB"} <= set(far)
    assert "plems=use_for" in far and "pl=network" not in far  # the ends are not path words
    near = pair_features(nets, attention)
    assert "plen=1|Method>Method" in near and not any(f.startswith("pprep=") for f in near)
    nested_up = pair_features(attention, parsing)  # attention -> use <- for <- parsing
    assert "pprep=for|Method>Task" in nested_up and "plen=2|Method>Task" in nested_up


def _model(label: str) -> LinearModel:
    labels = [NONE, label]
    features = {"types=Method>Task": 0}
    weights = np.array([[0.0, 5.0]])
    return LinearModel(features, labels, weights, np.zeros(2), 0.6)


def test_predict_pairs_direction() -> None:
    doc = _doc()
    pair = [(doc.spans[SPAN_KEY][0], doc.spans[SPAN_KEY][2])]
    (fwd,) = predict_pairs(_model("USED-FOR"), pair)
    assert fwd[:5] == (2, 4, "USED-FOR", 5, 6) and fwd.score > 0.9
    (back,) = predict_pairs(_model("USED-FOR<"), pair)
    assert back[:5] == (5, 6, "USED-FOR", 2, 4)
    assert predict_pairs(_model("USED-FOR")._replace(threshold=0.999), pair) == []


def test_relation_component_roundtrip(tmp_path: Path) -> None:
    nlp = spacy.blank("en")
    comp = RelationClassifier(nlp.vocab, "rel", SPAN_KEY)
    comp.model = _model("USED-FOR")
    comp.to_disk(tmp_path)
    loaded = RelationClassifier(nlp.vocab, "rel", SPAN_KEY).from_disk(tmp_path)
    doc = loaded(_doc())
    assert [r[:5] for r in doc._.relations] == [(2, 4, "USED-FOR", 5, 6), (3, 4, "USED-FOR", 5, 6)]
    assert all(isinstance(r, Relation) for r in doc._.relations)


@pytest.mark.slow
@pytest.mark.skipif(not SCIERC.exists(), reason="../shared/data/scierc not present")
@pytest.mark.skipif(not (MODEL_DIR / "mentions").exists(), reason="shipped model not built")
def test_shipped_model_dev_scores() -> None:
    from kg.nlp.evaluate import evaluate_scierc
    from kg.nlp.relation_classifier import load_scierc

    nlp = load_scierc()
    res = evaluate_scierc(nlp, SCIERC / "dev.json")
    assert res["entities"]["f1"] >= ENTITY_F1_FLOOR
    assert res["relations_gold_entities"]["f1"] >= GOLD_REL_F1_FLOOR
    assert res["relations"]["f1"] >= REL_F1_FLOOR
    doc = nlp("We train a convolutional neural network for machine translation on WMT data.")
    assert len(doc.spans[SPAN_KEY]) >= 1
    assert isinstance(doc._.relations, list)
