"""Issue 13, third round: statements the rules missed, and a learned measure of a dataset.

Like ``tests/test_relation_patterns.py``: each sentence is parsed by the rules pipeline, its
mentions are set by hand, and the test checks what the rules (:func:`find_relations`) or their
combination with given learned relations (:func:`learned_relations`) state.
"""

from __future__ import annotations

import pytest
import spacy
from relation_sentences import Triple
from relation_sentences import learned as _learned
from relation_sentences import parsed as _doc
from relation_sentences import ruled as _ruled
from spacy.language import Language
from spacy.tokens import Span

from kg.nlp.learned import learned_relations
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.noun_relations import _unbracketed
from kg.nlp.relations import find_relations
from kg.nlp.spans import Relation

pytestmark = pytest.mark.slow  # the rules fixture loads the rules pipeline


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "We validate the effectiveness of FooNet on machine translation tasks.",
            {"FooNet": "Method", "machine translation tasks": "Task"},
            {("FooNet", "addresses", "machine translation tasks")},
            id="validate the effectiveness of X on T",
        ),
        pytest.param(
            "We evaluate the performance of FooNet on CIFAR-10.",
            {"FooNet": "Method", "CIFAR-10": "Dataset"},
            {("FooNet", "evaluatedOn", "CIFAR-10")},
            id="evaluate the performance of X on D",
        ),
        pytest.param(
            "Extensive experiments on the ImageNet and MS-COCO datasets show that FooNet brings solid gains.",
            {"ImageNet": "Dataset", "MS-COCO": "Dataset", "FooNet": "Method"},
            {
                ("FooNet", "evaluatedOn", "ImageNet"),
                ("FooNet", "evaluatedOn", "MS-COCO"),
                ("ImageNet", "conjoinedWith", "MS-COCO"),
            },
            id="experiments on D1 and D2 datasets show that X",
        ),
        pytest.param(
            "Experiments on CIFAR-10 show that FooNet does not converge.",
            {"CIFAR-10": "Dataset", "FooNet": "Method"},
            set(),
            id="experiments show that X does not: no method of the paper's",
        ),
        pytest.param(
            "We propose a new representation learning framework for time series forecasting named FooNet.",
            {"representation learning framework": "Method", "time series forecasting": "Task", "FooNet": "Method"},
            {
                ("representation learning framework", "addresses", "time series forecasting"),
                ("FooNet", "addresses", "time series forecasting"),
            },
            id="a framework for T named X",
        ),
    ],
)
def test_issue_13_statements_the_rules_read(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_experiments_without_a_named_method_evaluate_the_papers(rules):
    text = "We propose FooNet. Experiments on CIFAR-10 show large gains."
    mentions = {"FooNet": "Method", "CIFAR-10": "Dataset"}
    assert _ruled(rules, text, mentions, ("FooNet",)) == {("FooNet", "evaluatedOn", "CIFAR-10")}


def test_issue_13_what_a_method_is_evaluated_on_is_not_measured(rules):
    text = "FooNet outperforms the state of the art on MD17 and QM9 targets in accuracy."
    mentions = {"FooNet": "Method", "MD17": "Method", "QM9 targets": "Method", "accuracy": "Metric"}
    learned = [("accuracy", "EVALUATE-FOR", "QM9 targets", 0.9), ("accuracy", "EVALUATE-FOR", "FooNet", 0.9)]
    found = _learned(rules, text, mentions, learned)
    assert ("FooNet", "measuredBy", "accuracy") in found
    assert ("QM9 targets", "measuredBy", "accuracy") not in found


def test_issue_13_x_achieves_results_on_d(rules):
    text = "FooNet achieves strong results on the GERBIL benchmarking platform."
    mentions = {"FooNet": "Method", "GERBIL": "Dataset"}
    assert _ruled(rules, text, mentions) == {("FooNet", "evaluatedOn", "GERBIL")}
    text = "FooNet does not achieve strong results on the GERBIL benchmarking platform."
    assert _ruled(rules, text, mentions) == set()


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("EntQA achieves strong results on the GERBIL benchmarking platform.", "GERBIL", "Dataset"),
        ("Extensive experiments conducted on WIDER FACE demonstrate the trade-off.", "WIDER FACE", "Dataset"),
        ("We propose FooNet, which builds on ResNet.", "ResNet", "Method"),
    ],
)
def test_issue_13_a_name_where_results_are_reported_is_a_dataset(rules, text, name, label):
    """A name the lexicon does not know, typed by where it stands: "results on GERBIL" is a
    dataset, so it is what the method is evaluated on, not what it measures or improves on."""
    doc = rules(text)
    labels = {s.text: s.label_ for s in doc.spans[SPANS_KEY]}
    assert labels[name] == label


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "We learn a prediction interval or prediction set of the label.",
            {"prediction interval": "Concept", "prediction set": "Concept"},
            {("prediction interval", "conjoinedWith", "prediction set")},
            id="X or Y",
        ),
        pytest.param(
            "The memory and the prototypes are jointly optimized.",
            {"memory": "Method", "prototypes": "Concept"},
            set(),
            id="two kinds of thing are not peers",
        ),
        pytest.param(
            "FooNet outperforms vanilla KD & other kernel based baselines.",
            {"FooNet": "Method", "vanilla KD": "Method", "kernel based baselines": "Method"},
            {("FooNet", "improvesOn", "vanilla KD")},
            id="X and other Ys: no peer",
        ),
    ],
)
def test_issue_13_coordinated_mentions_of_one_kind_are_conjoined(rules, text, mentions, expected):
    found = _ruled(rules, text, mentions)
    assert {t for t in found if t[1] == "conjoinedWith"} == {t for t in expected if t[1] == "conjoinedWith"}
    assert expected <= found


@pytest.mark.parametrize(
    ("text", "learned", "expected"),
    [
        pytest.param(
            "We find that FooNet requires far fewer steps than BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            {("FooNet", "improvesOn", "BarNet")},
            id="fewer steps than: the first wins",
        ),
        pytest.param(
            "We find that FooNet is worse than BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            set(),
            id="worse than: no improvement to state",
        ),
        pytest.param(
            "The gap with FooNet is smaller than the gap with BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            {("FooNet", "comparedWith", "BarNet")},
            id="smaller than: no winner said",
        ),
    ],
)
def test_issue_13_a_comparison_by_degree_names_its_winner(rules, text, learned, expected):
    assert _learned(rules, text, {"FooNet": "Method", "BarNet": "Method"}, learned) == expected


def test_issue_13_a_method_faster_than_another_improves_on_it(rules):
    mentions = {"faster model": "Method", "BarNet": "Method"}
    found = _ruled(rules, "We propose a faster model than BarNet.", mentions)
    assert found == {("faster model", "improvesOn", "BarNet")}
    slower = {"slower model": "Method", "BarNet": "Method"}
    assert _ruled(rules, "We propose a slower model than BarNet.", slower) == set()


@pytest.mark.parametrize(
    ("text", "mentions", "learned"),
    [
        pytest.param(
            "We evaluate FooNet on five text classification datasets.",
            {"FooNet": "Method", "text classification datasets": "Dataset"},
            [("text classification datasets", "EVALUATE-FOR", "FooNet", 0.95)],
            id="a kind of dataset is no dataset to cite",
        ),
        pytest.param(
            "With only BazNet pretraining, FooNet achieves 82.9% top-1 accuracy.",
            {"BazNet pretraining": "Method", "FooNet": "Method", "top-1 accuracy": "Metric"},
            [("top-1 accuracy", "EVALUATE-FOR", "BazNet pretraining", 0.95)],
            id="what a result is obtained with is not measured",
        ),
    ],
)
def test_issue_13_relations_no_reading_supports(rules, text, mentions, learned):
    assert _learned(rules, text, mentions, learned) == set()


def test_issue_13_a_name_where_accuracy_is_reported_is_a_dataset(rules):
    doc = rules("FooNet has the best accuracy on ZorkNet.")
    assert {s.text: s.label_ for s in doc.spans[SPANS_KEY]}["ZorkNet"] == "Dataset"
    doc = rules("FooNet builds on ZorkNet.")
    assert {s.text: s.label_ for s in doc.spans[SPANS_KEY]}["ZorkNet"] == "Method"


def test_issue_13_no_relation_to_a_clipped_span(rules):
    text = "We propose FooNet for long sequence time series forecasting."
    mentions = {
        "FooNet": "Method",
        "long sequence time series forecasting": "Task",
        "sequence time series forecasting": "Task",
    }
    learned = [("FooNet", "USED-FOR", "sequence time series forecasting", 0.95)]
    doc, spans = _doc(rules, text, mentions, ())
    doc._.kg_relations = find_relations(doc)
    doc._.relations = [
        Relation(spans[h].start, spans[h].end, label, spans[t].start, spans[t].end, score=score)
        for h, label, t, score in learned
    ]
    found = {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}
    assert found == {("FooNet", "addresses", "long sequence time series forecasting")}


def test_issue_13_an_algorithm_that_uses_y_is_the_name_before_it(rules):
    text = "We introduce FooNet, an algorithm that leverages gradient rotation."
    mentions = {"FooNet": "Method", "gradient rotation": "Method"}
    assert _ruled(rules, text, mentions) == {("FooNet", "uses", "gradient rotation")}


def _learned_spans(
    rules: Language, text: str, mentions: dict[str, str], head: str, label: str, tail: str
) -> set[Triple]:
    """One learned relation between two stretches of text that need not be kg mentions."""
    doc, _ = _doc(rules, text, mentions, ())
    doc._.kg_relations = []

    def span(words: str) -> Span:
        start = doc.text.index(words)
        found = doc.char_span(start, start + len(words))
        assert found is not None, words
        return found

    h, t = span(head), span(tail)
    doc._.relations = [Relation(h.start, h.end, label, t.start, t.end, score=0.95)]
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}


def test_issue_13_a_learned_end_stands_for_the_mention_it_is_about(rules):
    text = "We introduce FooNet, a model class encompassing and generalizing order-agnostic autoregressive models."
    mentions = {"FooNet": "Method", "order-agnostic autoregressive models": "Method"}
    tail = "model class encompassing and generalizing order-agnostic autoregressive models"
    assert _learned_spans(rules, text, mentions, "FooNet", "HYPONYM-OF", tail) == set()
    text = "We evaluate FooNet on the Cora dataset."
    mentions = {"FooNet": "Method", "Cora": "Dataset"}
    found = _learned_spans(rules, text, mentions, "Cora dataset", "EVALUATE-FOR", "FooNet")
    assert found == {("FooNet", "evaluatedOn", "Cora")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Communication is a key bottleneck in FooLearning.", set(), id="a bottleneck in Y is no kind"),
        pytest.param(
            "We study models of varying sizes (including BarNet).",
            {("BarNet", "isA", "models")},
            id="models of varying sizes, including X",
        ),
    ],
)
def test_issue_13_a_kind_is_not_said_through_another_preposition(rules, text, expected):
    words = [w for w in ("Communication", "FooLearning", "BarNet", "models") if w in text]
    mentions = dict.fromkeys(words, "Method")
    head, tail = (words[0], words[1]) if "Communication" in text else ("BarNet", "models")
    assert _learned(rules, text, mentions, [(head, "HYPONYM-OF", tail, 0.95)]) == expected


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        pytest.param(
            "We propose FooNet. Using a sample compression analysis, we show that FooNet has a small VC dimension.",
            {"FooNet": "Method", "sample compression analysis": "Method"},
            id="using Y, we show that X: the authors use Y",
        ),
        pytest.param(
            "We propose FooNet. FooNet can be integrated with existing compression algorithms.",
            {"FooNet": "Method", "compression algorithms": "Method"},
            id="X can be integrated with Y: which uses which is not said",
        ),
    ],
)
def test_issue_13_uses_the_sentence_does_not_state(rules, text, mentions):
    assert not any(label == "uses" for _, label, _ in _ruled(rules, text, mentions, ("FooNet",)))


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "Experiments show that FooNet brings solid accuracy boosts for CNN backbones.",
            {"FooNet": "Method", "solid accuracy boosts": "Concept", "accuracy": "Metric"},
            {("FooNet", "measuredBy", "accuracy")},
            id="X brings accuracy boosts",
        ),
        pytest.param(
            "FooNet outperforms the baselines, achieving a 21% improvement in MSE.",
            {"FooNet": "Method", "MSE": "Metric"},
            {("FooNet", "measuredBy", "MSE")},
            id="X achieves an improvement in M",
        ),
        pytest.param(
            "FooNet does not bring accuracy boosts.",
            {"FooNet": "Method", "accuracy": "Metric"},
            set(),
            id="no gain said",
        ),
    ],
)
def test_issue_13_a_gain_in_a_metric_measures_the_method(rules, text, mentions, expected):
    assert {t for t in _ruled(rules, text, mentions) if t[1] == "measuredBy"} == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "We characterize the implicit bias of FooNet.",
            {"implicit bias": "Concept", "FooNet": "Method"},
            {("implicit bias", "featureOf", "FooNet")},
            id="the P of X",
        ),
        pytest.param(
            "We conduct a spectral analysis of FooNet.",
            {"spectral analysis": "Concept", "FooNet": "Method"},
            set(),
            id="an analysis of X is no property of X",
        ),
        pytest.param(
            "We improve the accuracy of FooNet.",
            {"accuracy": "Metric", "FooNet": "Method"},
            set(),
            id="a metric of X is no feature",
        ),
    ],
)
def test_issue_13_a_property_of_a_method_is_a_feature(rules, text, mentions, expected):
    assert {t for t in _ruled(rules, text, mentions) if t[1] == "featureOf"} == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "FooNet is a graph network for molecule generation.",
            {"FooNet": "Method", "graph network": "Method", "molecule generation": "Task"},
            {
                ("FooNet", "isA", "graph network"),
                ("FooNet", "addresses", "molecule generation"),
                ("graph network", "addresses", "molecule generation"),
            },
            id="X is a Y for T",
        ),
        pytest.param(
            "Communication is a key bottleneck in federated learning.",
            {"Communication": "Concept", "federated learning": "Task"},
            set(),
            id="X is a bottleneck in T: no kind, no purpose",
        ),
        pytest.param(
            "The EBM is a correction or an exponential tilting of the flow model.",
            {"EBM": "Method", "exponential tilting": "Concept", "flow model": "Method"},
            set(),
            id="X is a tilting of Y: no kind",
        ),
        pytest.param(
            "FooNet also obtains strong results on link prediction.",
            {"FooNet": "Method", "link prediction": "Task"},
            {("FooNet", "addresses", "link prediction")},
            id="results on T",
        ),
        pytest.param(
            "This results in link prediction.",
            {"link prediction": "Task"},
            set(),
            id="results in T is no experiment",
        ),
    ],
)
def test_issue_13_what_x_is_and_where_it_has_results(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_a_description_called_x_stands_for_x(rules):
    text = "A lightweight deep learning model (called FooNet) is further built using the BarNet method."
    mentions = {"deep learning model": "Method", "FooNet": "Method", "BarNet method": "Method"}
    assert ("FooNet", "uses", "BarNet method") in _ruled(rules, text, mentions)
    assert ("deep learning model", "uses", "BarNet method") not in _ruled(rules, text, mentions)


def test_issue_13_each_name_of_a_coordinated_object(rules):
    text = "FooNet outperforms the BarNet and BazNet baselines."
    mentions = {"FooNet": "Method", "BarNet": "Method", "BazNet": "Method"}
    found = _ruled(rules, text, mentions)
    assert {("FooNet", "improvesOn", "BarNet"), ("FooNet", "improvesOn", "BazNet")} <= found


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "GraphMix models are trained using a consistency regularized loss.",
            {"GraphMix models": "Method", "GraphMix": "Method", "consistency regularized loss": "Method"},
            {("GraphMix", "uses", "consistency regularized loss")},
            id="X models use Y: X uses Y",
        ),
        pytest.param(
            "We propose GraphMix, a novel equivariant Transformer (ET) architecture.",
            {
                "GraphMix": "Method",
                "equivariant Transformer": "Method",
                "equivariant Transformer (ET) architecture": "Method",
                "ET": "Method",
            },
            {("GraphMix", "isA", "equivariant Transformer")},
            id="X, a Y (ABBR) architecture: X is a Y",
        ),
        pytest.param(
            "We validate GraphMix on machine translation tasks.",
            {"GraphMix": "Method", "machine translation": "Task", "machine translation tasks": "Task"},
            {("GraphMix", "addresses", "machine translation")},
            id="T tasks: T",
        ),
        pytest.param(
            "THOR models significantly outperform the Transformer and MoE models across various settings.",
            {
                "THOR": "Method",
                "THOR models": "Method",
                "Transformer": "Method",
                "Transformer and MoE models": "Method",
                "MoE": "Method",
            },
            {("THOR", "improvesOn", "Transformer"), ("THOR", "improvesOn", "MoE")},
            id="the Y and Z models: Y and Z",
        ),
    ],
)
def test_issue_13_a_relation_of_a_named_phrase_is_the_names(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_a_phrase_of_another_type_is_not_its_name(rules):
    text = "GraphMix is built on text classification models."
    mentions = {"GraphMix": "Method", "text classification": "Task", "text classification models": "Method"}
    assert _ruled(rules, text, mentions) == {("GraphMix", "uses", "text classification models")}


def test_issue_13_a_learned_end_named_by_a_phrase_is_the_name(rules):
    text = "GraphMix models are trained using a consistency regularized loss."
    mentions = {"GraphMix models": "Method", "GraphMix": "Method", "consistency regularized loss": "Method"}
    found = _learned(rules, text, mentions, [("consistency regularized loss", "USED-FOR", "GraphMix models", 0.9)])
    assert found == {("GraphMix", "uses", "consistency regularized loss")}


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "Node classification is addressed by GraphMix.",
            {"Node classification": "Task", "GraphMix": "Method"},
            {("GraphMix", "addresses", "Node classification")},
            id="T is addressed by X",
        ),
        pytest.param(
            "The Switch Transformer is outperformed by GraphMix.",
            {"Switch Transformer": "Method", "GraphMix": "Method"},
            {("GraphMix", "improvesOn", "Switch Transformer")},
            id="Y is outperformed by X",
        ),
        pytest.param(
            "Label smoothing is used by GraphMix.",
            {"Label smoothing": "Method", "GraphMix": "Method"},
            {("GraphMix", "uses", "Label smoothing")},
            id="Y is used by X",
        ),
        pytest.param(
            "The proposed GraphMix is implemented by a random search.",
            {"GraphMix": "Method", "random search": "Method"},
            {("GraphMix", "uses", "random search")},
            id="X is implemented by Y",
        ),
        pytest.param(
            "The policy is parameterized by a neural network.",
            {"policy": "Method", "neural network": "Method"},
            {("policy", "uses", "neural network")},
            id="X is parameterized by Y",
        ),
        pytest.param(
            "Image classification is not addressed by GraphMix.",
            {"Image classification": "Task", "GraphMix": "Method"},
            set(),
            id="T is not addressed by X: nothing",
        ),
    ],
)
def test_issue_13_a_passive_agent_is_the_doer(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "GraphMix achieves a new state of the art on the Cora dataset.",
            {"GraphMix": "Method", "Cora": "Dataset"},
            {("GraphMix", "evaluatedOn", "Cora")},
            id="X achieves a state of the art on D",
        ),
        pytest.param(
            "GraphMix achieves the best accuracy on Cora and PubMed.",
            {"GraphMix": "Method", "accuracy": "Metric", "Cora": "Dataset", "PubMed": "Dataset"},
            {
                ("GraphMix", "evaluatedOn", "Cora"),
                ("GraphMix", "evaluatedOn", "PubMed"),
                ("GraphMix", "measuredBy", "accuracy"),
                ("Cora", "conjoinedWith", "PubMed"),
            },
            id="X achieves M on D1 and D2",
        ),
        pytest.param(
            "For Cora, our GraphMix achieves the best accuracy.",
            {"GraphMix": "Method", "accuracy": "Metric", "Cora": "Dataset"},
            {("GraphMix", "evaluatedOn", "Cora"), ("GraphMix", "measuredBy", "accuracy")},
            id="for D, X achieves M",
        ),
        pytest.param(
            "GraphMix obtains state-of-the-art results in node classification.",
            {"GraphMix": "Method", "node classification": "Task"},
            {("GraphMix", "addresses", "node classification")},
            id="X obtains results in T",
        ),
        pytest.param(
            "GraphMix fails to achieve high accuracy on Cora.",
            {"GraphMix": "Method", "accuracy": "Metric", "Cora": "Dataset"},
            set(),
            id="X fails to achieve M on D: nothing",
        ),
        pytest.param(
            "GraphMix reduces the memory footprint by 32 times.",
            {"GraphMix": "Method", "memory footprint": "Metric"},
            {("GraphMix", "measuredBy", "memory footprint")},
            id="X reduces M",
        ),
    ],
)
def test_issue_13_where_a_result_is_obtained(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "LAQ learns value functions using Q-learning.",
            {"LAQ": "Method", "value functions": "Concept", "Q-learning": "Method"},
            {("LAQ", "uses", "Q-learning")},
            id="X learns Y using Z: X uses Z",
        ),
        pytest.param(
            "We sample the waypoints using contrastive learning.",
            {"waypoints": "Concept", "contrastive learning": "Method"},
            set(),
            id="we sample Y using Z: the authors use Z",
        ),
        pytest.param(
            "We evaluate TextFooler on five datasets, utilizing three DNN architectures.",
            {"TextFooler": "Method", "DNN": "Method", "DNN architectures": "Method"},
            set(),
            id="we evaluate X, utilizing Y: the authors' evaluation uses Y",
        ),
    ],
)
def test_issue_13_who_uses_what_a_clause_uses(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions, ("TextFooler",) if "TextFooler" in mentions else ()) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "We introduce a Bayesian optimization approach for neural architecture search.",
            {"Bayesian optimization": "Method", "neural architecture search": "Task"},
            {("Bayesian optimization", "addresses", "neural architecture search")},
            id="a Y method for T",
        ),
        pytest.param(
            "We propose a GNN-based framework for node classification.",
            {"GNN": "Method", "node classification": "Task"},
            set(),
            id="a Y-based framework for T: the framework is not Y",
        ),
    ],
)
def test_issue_13_a_name_before_a_method_head_for_a_task(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "Our attack jams the established speech recognition system DeepSpeech.",
            {"speech recognition": "Method", "speech recognition system": "Method", "DeepSpeech": "Method"},
            (),
            {("DeepSpeech", "isA", "speech recognition system")},
            id="the T system X: X is a system, not T",
        ),
        pytest.param(
            "We present a learning-based initialization scheme. It is evaluated on CIFAR-10.",
            {"initialization": "Method", "learning-based initialization scheme": "Method", "CIFAR-10": "Dataset"},
            ("learning-based initialization scheme",),
            {("learning-based initialization scheme", "evaluatedOn", "CIFAR-10")},
            id="what the paper proposes keeps its head",
        ),
    ],
)
def test_issue_13_a_phrase_that_is_its_own_name(rules, text, mentions, proposed, expected):
    assert _ruled(rules, text, mentions, proposed) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "As compared to modern MLP architectures, e.g., MLP-Mixer, CycleMLP has two advantages.",
            {"MLP architectures": "Method", "MLP": "Method", "MLP-Mixer": "Method", "CycleMLP": "Method"},
            {
                ("MLP-Mixer", "isA", "MLP"),
                ("CycleMLP", "comparedWith", "MLP"),
                ("CycleMLP", "comparedWith", "MLP-Mixer"),
            },
            id="Ys, e.g., X: X is a Y, not a peer",
        ),
        pytest.param(
            "We study graph neural networks, i.e., GNNs, for node classification.",
            {"graph neural networks": "Method", "GNNs": "Method", "node classification": "Task"},
            {("GNNs", "addresses", "node classification")},
            id="X, i.e., Y: one thing",
        ),
    ],
)
def test_issue_13_an_example_is_no_peer(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        pytest.param(
            "The encoder combines the log-signature knowledge, which increases the model accuracy.",
            {"log-signature knowledge": "Concept", "model accuracy": "Metric"},
            id="a concept that increases M is not measured by M",
        ),
        pytest.param(
            "These models give a description of their functional space that yields insights on their inductive bias.",
            {"functional space": "Concept", "inductive bias": "Task"},
            id="a concept that yields insights on T does not address T",
        ),
    ],
)
def test_issue_13_results_of_no_method(rules, text, mentions):
    assert _ruled(rules, text, mentions) == set()


def test_issue_13_an_example_in_brackets_is_not_between_peers():
    doc = spacy.blank("en")("a test ( e.g. , KS ) and projections")
    assert [t.text for t in _unbracketed(doc[1:8])] == ["test", "and"]


@pytest.mark.parametrize(
    ("text", "learned", "expected"),
    [
        pytest.param(
            "Our results show that GraphMix dramatically improves the AUC score compared with the Transformer.",
            [("GraphMix", "COMPARE", "Transformer", 0.9)],
            {("GraphMix", "improvesOn", "Transformer")},
            id="X improves M compared with Y",
        ),
        pytest.param(
            "Compared with the Transformer, GraphMix improves the BLEU score by two points.",
            [("Transformer", "COMPARE", "GraphMix", 0.9)],
            {("GraphMix", "improvesOn", "Transformer")},
            id="compared with Y, X improves M",
        ),
        pytest.param(
            "We compare GraphMix with the Transformer.",
            [("Transformer", "COMPARE", "GraphMix", 0.9)],
            {("Transformer", "comparedWith", "GraphMix")},
            id="no winner: compared",
        ),
    ],
)
def test_issue_13_the_subject_of_an_improvement_wins_a_comparison(rules, text, learned, expected):
    assert _learned(rules, text, {"GraphMix": "Method", "Transformer": "Method"}, learned) == expected


@pytest.mark.parametrize(
    ("text", "proposed", "expected"),
    [
        pytest.param(
            "We propose iFlood, a regularizer. Our method achieves strong results in image classification.",
            ("iFlood",),
            {("iFlood", "addresses", "image classification")},
            id="our method is the named proposal",
        ),
        pytest.param(
            "We propose iFlood, a regularizer. Our method achieves strong results in image classification.",
            ("regularizer",),
            set(),
            id="our method is no single common word",
        ),
    ],
)
def test_issue_13_the_authors_method_is_a_name_or_a_term(rules, text, proposed, expected):
    mentions = {"iFlood": "Method", "regularizer": "Method", "image classification": "Task"}
    found = _ruled(rules, text, mentions, proposed)
    assert {t for t in found if t[1] == "addresses"} == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "Perceiver IO outperforms a Transformer-based BERT baseline on the GLUE language benchmark.",
            {
                "Perceiver IO": "Method",
                "Transformer": "Method",
                "BERT": "Method",
                "BERT baseline": "Method",
                "GLUE": "Dataset",
            },
            {
                ("BERT", "uses", "Transformer"),
                ("Perceiver IO", "improvesOn", "BERT"),
                ("Perceiver IO", "evaluatedOn", "GLUE"),
            },
            id="a Y-based X baseline: X uses Y; X is the baseline",
        ),
        pytest.param(
            "We propose StyleMix, a novel GAN-based framework.",
            {"StyleMix": "Method", "GAN": "Method"},
            {("StyleMix", "uses", "GAN")},
            id="X, a Y-based framework",
        ),
        pytest.param(
            "StyleMix is a GAN-based model.",
            {"StyleMix": "Method", "GAN": "Method"},
            {("StyleMix", "uses", "GAN")},
            id="X is a Y-based model",
        ),
    ],
)
def test_issue_13_a_y_based_x_uses_y(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "We present a novel method using wavelet decomposition. Our AWT-Net is fast.",
            {("AWT-Net", "uses", "wavelet decomposition")},
            id="we present a method using Y: the paper's method uses Y",
        ),
        pytest.param(
            "We present a method, FlowNet, that uses wavelet decomposition. Our AWT-Net is fast.",
            set(),
            id="a method the sentence names is not the paper's",
        ),
    ],
)
def test_issue_13_the_method_the_authors_propose_is_theirs(rules, text, expected):
    mentions = {"wavelet decomposition": "Method", "AWT-Net": "Method", "FlowNet": "Method"}
    mentions = {k: v for k, v in mentions.items() if k in text}
    found = _ruled(rules, text, mentions, ("AWT-Net",))
    assert {t for t in found if t[0] == "AWT-Net"} == expected


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        pytest.param(
            "We compared an AlexNet model with no normalization to the same models.",
            {"AlexNet": "Method", "AlexNet model": "Method", "normalization": "Method"},
            id="X with no Y",
        ),
        pytest.param(
            "GraphMix uses no hyper-parameter in the training loss.",
            {"GraphMix": "Method", "hyper-parameter": "Concept"},
            id="X uses no Y",
        ),
    ],
)
def test_issue_13_no_y_is_no_relation(rules, text, mentions):
    assert _ruled(rules, text, mentions) == set()


def test_issue_13_names_in_apposition_to_a_plural(rules):
    text = "SoundSpaces achieves strong results on two benchmarks (Replica and Matterport3D)."
    mentions = {"Replica": "Dataset", "Matterport3D": "Dataset", "SoundSpaces": "Method"}
    found = _ruled(rules, text, mentions)
    assert {("SoundSpaces", "evaluatedOn", "Replica"), ("SoundSpaces", "evaluatedOn", "Matterport3D")} <= found


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        pytest.param(
            "We solve Gomoku problems with both MCTS-based and FDFPN solvers.",
            {"MCTS": "Method", "FDFPN solvers": "Method"},
            id="Y-based and X solvers: X does not use Y",
        ),
        pytest.param(
            "We propose a search method for data augmentation policies.",
            {"search method": "Method", "data augmentation": "Task"},
            id="a method for T policies does not address T",
        ),
    ],
)
def test_issue_13_what_a_phrase_does_not_say(rules, text, mentions):
    assert _ruled(rules, text, mentions) == set()
