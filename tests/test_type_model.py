"""The learned entity type model (issue 12: one type per node, the type readers give it)."""

from __future__ import annotations

from kg.graph.build import build_graph
from kg.graph.type_model import TypeModel, entity_roles, load_type_model, retype_entities, type_features
from kg.records import Extraction, Mention, Paper, RelationRecord
from kg.vocab.link import vocabulary_kinds


def test_type_model_keeps_the_rules_type_unless_sure() -> None:
    model = TypeModel(
        {"Concept": {"head=space": 2.0}}, dict.fromkeys(("Method", "Task", "Dataset", "Metric"), 0.0), 0.6
    )
    assert model.decide(["head=space"], "Method") == "Concept"  # p(Concept) = e^2 / (e^2 + 4) = .65
    assert TypeModel(model.weights, model.bias, 0.7).decide(["head=space"], "Method") == "Method"
    assert abs(sum(model.probabilities(["head=space", "unknown"]).values()) - 1) < 1e-9


def test_type_features_name_the_vocabulary_kinds_and_relation_ends() -> None:
    feats = type_features({"label": "normalizing flow", "type": "Concept"}, vocabulary_kinds("normalizing flow"))
    assert "rule=Concept" in feats and "head=flow" in feats and "hint=Method" in feats
    assert any(f.startswith("vocab=pwc:") for f in feats)
    assert "role=tail:evaluatedOn" in type_features({"label": "MD17", "type": "Method"}, roles=["tail:evaluatedOn"])


def _built(*papers: tuple[list[tuple[str, str]], list[tuple[int, str, int]]]):  # type: ignore[no-untyped-def]
    records = [Paper(f"p{i}", f"abstract {i}") for i in range(len(papers))]
    extractions = [
        Extraction(
            [Mention(text, kind, 0, len(text)) for text, kind in mentions],
            [],
            [RelationRecord(h, label, t, "A sentence.", 0.9) for h, label, t in relations],
            [],
        )
        for mentions, relations in papers
    ]
    return build_graph(records, extractions, kinds=vocabulary_kinds)


def test_the_shipped_model_types_entities_as_readers_do() -> None:
    """Classes the rules got wrong on the development set: a "... function" or "... space" is a
    concept, "data augmentation" a method, "image classification" a task, a name a method is
    evaluated on a dataset."""
    graph = _built(
        (
            [("value function", "Method"), ("latent space", "Method"), ("data augmentation", "Task")],
            [],
        ),
        (
            [("FlowNet", "Method"), ("MD17", "Method"), ("image classification", "Method")],
            [(0, "evaluatedOn", 1)],
        ),
    )
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["value function"] == types["latent space"] == "Concept"
    assert types["data augmentation"] == "Method"
    assert types["image classification"] == "Task"
    assert types["MD17"] == "Dataset"
    node = next(n for n, d in graph.nodes(data=True) if d.get("label") == "MD17")
    assert entity_roles(graph, node) == {"tail:evaluatedOn"}  # the relation kept: its ends now fit


def test_the_shipped_model_is_a_distribution_over_the_five_types() -> None:
    model = load_type_model()
    probs = model.probabilities(type_features({"label": "anything", "type": "Concept"}))
    assert set(probs) == {"Method", "Task", "Dataset", "Metric", "Concept"}
    assert 0.5 <= model.min_probability < 1


def test_the_model_keeps_a_notion_the_rules_read_from_its_head() -> None:
    """A model sure that "neural tangent kernel" is a method (its vocabulary lists it so) does not
    overrule the head that makes it a concept; a name headed alike ("Tree-Walk Divergence") it may."""
    sure_method = TypeModel({"Method": {"rule=Concept": 9.0}}, dict.fromkeys(("Task", "Dataset", "Metric"), 0.0), 0.6)
    graph = _built(([("neural tangent kernel", "Method"), ("Tree-Walk Divergence", "Method")], []))
    retype_entities(graph, model=sure_method)
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["neural tangent kernel"] == "Concept"
    assert types["Tree-Walk Divergence"] == "Method"


def test_an_estimation_principle_and_a_based_approach_are_methods() -> None:
    """The head's word before says what an estimation or a learning is: a principle ("maximum
    likelihood"), an approach ("policy-based") is a method; a target ("depth") or a paradigm a task
    ("continual learning"; not "representation learning", which the readers of the development
    samples type a method as often as a task)."""
    mentions = [("maximum likelihood estimation", "Task"), ("policy-based learning", "Task")]
    mentions += [("depth estimation", "Task"), ("continual learning", "Task")]
    graph = _built((mentions, []), (mentions, []))
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["maximum likelihood estimation"] == types["policy-based learning"] == "Method"
    assert types["depth estimation"] == types["continual learning"] == "Task"
