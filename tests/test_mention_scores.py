"""A score per mention (issue 12: a confidence per mention and per entity) and what it does to a
paper's link to an entity."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from spacy.language import Language

from kg.graph.confidence import EntityModel, drop_unsure, link_confidence, load_model
from kg.graph.model import MENTION_SCORE
from kg.nlp.extract import extract
from kg.nlp.mention_scores import context_vector, load_mention_model, mention_features, model_from_json
from kg.nlp.mentions import SPANS_KEY
from kg.records import Extraction

ROOT = Path(__file__).resolve().parents[1]


def _scores(nlp: Language, text: str) -> dict[str, float | None]:
    model = load_mention_model()
    assert model is not None
    doc = nlp(text)
    return {s.text: model.score(s) for s in doc.spans[SPANS_KEY]}


def test_a_proposed_method_scores_above_a_vague_phrase_of_the_same_abstract(nlp: Language) -> None:
    scores = _scores(
        nlp,
        "We propose contrastive decoding, a decoding method for language models. "
        "It needs a large amount of text and a feature value for each token.",
    )
    assert scores["contrastive decoding"] is not None and scores["feature value"] is not None
    assert scores["contrastive decoding"] > 0.8 > scores["contrastive decoding"] - 0.3 > scores["feature value"]


def test_a_dataset_evaluated_on_scores_above_a_property_said_in_passing(nlp: Language) -> None:
    scores = _scores(nlp, "We evaluate our method on CIFAR-10. The heterogeneity of the data makes it hard.")
    assert scores["CIFAR-10"] is not None and scores["heterogeneity"] is not None
    assert scores["CIFAR-10"] > 0.9 and scores["heterogeneity"] < 0.5


def test_mention_features_read_the_role_in_the_sentence(nlp: Language) -> None:
    doc = nlp("We evaluate our method on CIFAR-10.")
    span = next(s for s in doc.spans[SPANS_KEY] if s.text == "CIFAR-10")
    feats = mention_features(span)
    assert {"w=cifar-10", "type=Dataset", "before=on", "after=.", "first_sentence=1"} <= set(feats)
    assert any(f.startswith("governor=") for f in feats)
    vector = context_vector(span)
    assert vector is not None and vector.shape == (4 * doc.tensor.shape[1],)


def test_a_pipeline_without_context_vectors_gives_no_score() -> None:
    import spacy

    doc = spacy.blank("en")("We use CIFAR-10.")
    model = load_mention_model()
    assert model is not None and model.score(doc[2:3]) is None


def test_the_shipped_mention_model_round_trips_its_json() -> None:
    model = load_mention_model()
    assert model is not None and len(model.weights) > 1000 and model.context.shape == model.mean.shape
    again = model_from_json(json.loads(json.dumps(model.to_json())))
    assert again.bias == pytest.approx(model.bias) and dict(again.weights) == dict(model.weights)


def test_extraction_carries_the_scores_through_the_cache(nlp: Language) -> None:
    ex = extract(nlp("We propose contrastive decoding for language models."))
    assert ex.mentions and all(m.score is not None and 0.0 < m.score < 1.0 for m in ex.mentions)
    again = Extraction.from_json(json.loads(json.dumps(ex.to_json())))
    assert [m.score for m in again.mentions] == [m.score for m in ex.mentions]
    old = {**ex.to_json(), "mentions": [m[:4] for m in ex.to_json()["mentions"]]}  # cached before scores
    assert [m.score for m in Extraction.from_json(old).mentions] == [None] * len(ex.mentions)


def _graph(confidence: float, scores: dict[str, float | None]) -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    papers = [f"paper/{p}" for p in scores]
    attrs = {"papers": papers, "paper_count": 2, "count": 3, "proposed_by": papers[:1]}
    graph.add_node("entity/x", type="Concept", label="x", confidence=confidence, **attrs)
    for paper, score in zip(papers, scores.values(), strict=True):
        graph.add_node(paper, type="Paper")
        graph.add_edge(paper, "entity/x", key="mentions", type="mentions", weight=1 if paper != papers[0] else 2)
        if score is not None:
            graph.edges[paper, "entity/x", "mentions"][MENTION_SCORE] = score
    graph.add_edge(papers[0], "entity/x", key="proposes", type="proposes")
    return graph


def test_a_paper_whose_mention_scores_low_loses_its_link_not_the_entity() -> None:
    model = EntityModel({}, 0.0, 0.28, mention_weight=0.43, mention_center=0.54)
    graph = _graph(0.3, {"a": 0.1, "b": 0.9})
    assert drop_unsure(graph, 0.28, model) == 0
    assert not graph.has_edge("paper/a", "entity/x") and graph.has_edge("paper/b", "entity/x", "mentions")
    data = graph.nodes["entity/x"]
    assert (data["papers"], data["paper_count"], data["count"], data["proposed_by"]) == (["paper/b"], 1, 1, [])


def test_a_mention_read_as_a_term_keeps_an_entity_the_label_alone_would_drop() -> None:
    model = EntityModel({}, 0.0, 0.28, mention_weight=0.43, mention_center=0.54)
    assert link_confidence(0.2, 0.95, model) >= 0.28 > link_confidence(0.2, None, model)
    kept, dropped = _graph(0.2, {"a": 0.95, "b": None}), _graph(0.2, {"a": None, "b": None})
    assert drop_unsure(kept, 0.28, model) == 0 and kept.has_edge("paper/a", "entity/x")
    assert not kept.has_edge("paper/b", "entity/x")
    assert drop_unsure(dropped, 0.28, model) == 1 and "entity/x" not in dropped


def test_the_shipped_confidence_model_weighs_the_mention_scores() -> None:
    model = load_model()
    assert 0.0 < model.mention_weight < 1.0 and 0.0 < model.mention_center < 1.0


@pytest.mark.slow
def test_a_build_keeps_each_papers_mention_score_on_its_link(tmp_path: Path) -> None:
    from kg.api import build

    source = tmp_path / "in.jsonl"
    record = {"id": "1", "title": "Contrastive decoding", "abstract": "We propose contrastive decoding for text."}
    source.write_text(json.dumps(record) + "\n")
    graph = build([source], cache=False).graph
    scores = [d.get(MENTION_SCORE) for _, _, k, d in graph.edges(keys=True, data=True) if k == "mentions"]
    assert scores and all(isinstance(s, float) and 0.0 < s < 1.0 for s in scores)
