"""The readers' relation check (kg/nlp/relation_check.py): the pipeline's last word on a relation."""

from __future__ import annotations

import numpy as np
from spacy.language import Language

from kg.nlp.linear import LinearModel, load_linear, save_linear
from kg.nlp.relation_check import MODEL_DIR, checked_relations, load_check, readers_probabilities
from kg.nlp.spans import Relation, relations_of

LABELS = ["NONE", "evaluatedOn", "uses", "uses<"]


def biased(probabilities: dict[str, float], threshold: float) -> LinearModel:
    """A model without features whose class probabilities are ``probabilities``."""
    bias = np.log(np.array([probabilities[label] for label in LABELS], dtype=np.float32))
    return LinearModel({}, LABELS, np.zeros((0, len(LABELS)), dtype=np.float32), bias, threshold)


def test_a_relation_below_the_threshold_falls_to_its_probability_and_one_above_is_kept(nlp: Language) -> None:
    with nlp.select_pipes(disable=["kg_relation_check"]):
        doc = nlp("We evaluate GraphSAGE on the Cora dataset.")
    stated = relations_of(doc._.kg_relations)
    assert [r.label for r in stated] == ["evaluatedOn"], stated
    doc._.kg_relations = stated
    (kept,) = checked_relations(doc, biased({"NONE": 0.7, "evaluatedOn": 0.2, "uses": 0.05, "uses<": 0.05}, 0.1))
    assert kept.score == round(1 - (1 - stated[0].score) * 0.8, 4)  # the noisy-or of the two
    (unlikely,) = checked_relations(doc, biased({"NONE": 0.9, "evaluatedOn": 0.04, "uses": 0.03, "uses<": 0.03}, 0.1))
    assert unlikely.score == 0.04 and unlikely[:5] == stated[0][:5]


def test_the_direction_is_part_of_the_class(nlp: Language) -> None:
    doc = nlp("Our model uses a transformer encoder.")
    first, second = sorted(doc.spans["kg_mentions"], key=lambda s: s.start)[:2]
    forward = Relation(first.start, first.end, "uses", second.start, second.end, first.sent.start)
    backward = Relation(second.start, second.end, "uses", first.start, first.end, first.sent.start)
    model = biased({"NONE": 0.5, "evaluatedOn": 0.1, "uses": 0.35, "uses<": 0.05}, 0.1)
    assert np.allclose(readers_probabilities(model, doc, [forward, backward]), [0.35, 0.05], atol=1e-5)  # type: ignore[arg-type]
    doc._.kg_relations = [forward, backward]
    assert [r.score for r in checked_relations(doc, model)] == [1.0, 0.05]


def test_ends_that_are_no_mention_are_left_alone(nlp: Language) -> None:
    doc = nlp("Our model uses a transformer encoder.")
    odd = Relation(0, 1, "uses", 3, 4, 0)  # "Our" and "a": no mention of the doc
    doc._.kg_relations = [odd]
    model = biased({"NONE": 0.97, "evaluatedOn": 0.01, "uses": 0.01, "uses<": 0.01}, 0.5)
    assert readers_probabilities(model, doc, [odd]) == [None]
    assert checked_relations(doc, model) == [odd]


def test_the_shipped_model_round_trips_and_is_in_the_pipeline(nlp: Language, tmp_path) -> None:
    model = load_check(MODEL_DIR)
    assert model is not None and "NONE" in model.labels and 0 < model.threshold < 1
    save_linear(model, tmp_path)
    again = load_linear(tmp_path)
    assert again.labels == model.labels and again.threshold == model.threshold
    assert np.allclose(again.weights, model.weights)
    assert nlp.pipe_names[-1] == "kg_relation_check"


def test_a_kept_relation_takes_the_noisy_or_of_the_two_confidences(nlp: Language) -> None:
    with nlp.select_pipes(disable=["kg_relation_check"]):
        doc = nlp("We evaluate GraphSAGE on the Cora dataset.")
    doc._.kg_relations = [r._replace(score=0.5) for r in relations_of(doc._.kg_relations)]
    (kept,) = checked_relations(doc, biased({"NONE": 0.4, "evaluatedOn": 0.4, "uses": 0.1, "uses<": 0.1}, 0.1))
    assert kept.score == 0.7  # 1 - 0.5 * 0.6: a reader would state it, so the build keeps it
