"""Issue 13, third round: statements the rules missed, and a learned measure of a dataset.

Like ``tests/test_relation_patterns.py``: each sentence is parsed by the rules pipeline, its
mentions are set by hand, and the test checks what the rules (:func:`find_relations`) or their
combination with given learned relations (:func:`learned_relations`) state.
"""

from __future__ import annotations

import pytest
from relation_sentences import Triple
from relation_sentences import learned as _learned
from relation_sentences import parsed as _doc
from relation_sentences import ruled as _ruled
from spacy.language import Language
from spacy.tokens import Span

from kg.nlp.learned import learned_relations
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mentions import SPANS_KEY
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
            {("FooNet", "addresses", "time series forecasting")},
            id="a framework for T named X: the name addresses T, not the described framework",
        ),
        pytest.param(
            "FooRED is a recently developed framework for solving inverse problems.",
            {"FooRED": "Method", "inverse problems": "Task"},
            {("FooRED", "addresses", "inverse problems")},
            id="X is a framework for solving T",
        ),
        pytest.param(
            "FooFormers are state-of-the-art models for a variety of sequence modeling tasks.",
            {"FooFormers": "Method", "sequence modeling tasks": "Task"},
            {("FooFormers", "addresses", "sequence modeling tasks")},
            id="Xs are models for a variety of T: a bare plural describes, and the variety is of T",
        ),
        pytest.param(
            "FooFormers are the models of choice for sequence modeling.",
            {"FooFormers": "Method", "sequence modeling": "Task"},
            set(),
            id="Xs are the models of Y for T: no description of the kind",
        ),
        pytest.param(
            "FooModels are black boxes.",
            {"FooModels": "Method", "black boxes": "Concept"},
            set(),
            id="Xs are Ys: a bare plural says a quality, not a kind",
        ),
        pytest.param(
            "FooRED is a framework for learning sparse codes.",
            {"FooRED": "Method", "sparse codes": "Concept"},
            set(),
            id="X is a framework for learning Y: no task solved",
        ),
        pytest.param(
            "Regularization by denoising is a recently developed framework for solving inverse problems.",
            {"Regularization": "Method", "inverse problems": "Task"},
            set(),
            id="a subject clipped from its phrase is not what the copula describes",
        ),
        pytest.param(
            "In our experiments on the FooQA and BarQA datasets, we observe that FooNet improves the accuracy.",
            {"FooQA": "Dataset", "BarQA": "Dataset", "FooNet": "Method", "accuracy": "Metric"},
            {
                ("FooNet", "evaluatedOn", "FooQA"),
                ("FooNet", "evaluatedOn", "BarQA"),
                ("FooNet", "measuredBy", "accuracy"),
                ("FooQA", "conjoinedWith", "BarQA"),
            },
            id="in experiments on D, we observe that X",
        ),
        pytest.param(
            "Such behavior arises in games of interest to ML practitioners, such as FooGAN.",
            {"ML practitioners": "Concept", "FooGAN": "Method"},
            set(),
            id="people are no end of a relation",
        ),
    ],
)
def test_issue_13_statements_the_rules_read(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_by_leveraging_y_we_establish_is_the_authors_means(rules):
    text = "We propose FooGDA. By leveraging the FooLyap function, we establish the convergence of FooGDA."
    mentions = {"FooGDA": "Method", "FooLyap function": "Method"}
    assert _ruled(rules, text, mentions, ("FooGDA",)) == set()
    made = "We propose FooGDA. By leveraging the FooLyap function, we build a faster solver."
    assert ("FooGDA", "uses", "FooLyap function") in _ruled(rules, made, mentions, ("FooGDA",))


def test_issue_13_experiments_without_a_named_method_evaluate_the_papers(rules):
    text = "We propose FooNet. Experiments on CIFAR-10 show large gains."
    mentions = {"FooNet": "Method", "CIFAR-10": "Dataset"}
    assert _ruled(rules, text, mentions, ("FooNet",)) == {("FooNet", "evaluatedOn", "CIFAR-10")}


def test_issue_13_our_approach_on_a_dataset_is_the_papers_method_evaluated(rules):
    text = "We propose FooNet. We demonstrate the success of our approach across CIFAR-10 and SVHN dataset with tricks."
    mentions = {"FooNet": "Method", "CIFAR-10": "Dataset", "SVHN": "Dataset"}
    found = _ruled(rules, text, mentions, ("FooNet",))
    assert {("FooNet", "evaluatedOn", "CIFAR-10"), ("FooNet", "evaluatedOn", "SVHN")} <= found


def test_issue_13_a_proposal_based_on_y_uses_y_where_the_parse_reads_based_as_a_preposition(rules):
    text = "We propose a fast certifiable training algorithm based on Lipschitz analysis and interval arithmetic."
    mentions = {
        "certifiable training algorithm": "Method",
        "Lipschitz analysis": "Method",
        "interval arithmetic": "Method",
    }
    found = _ruled(rules, text, mentions, ("certifiable training algorithm",))
    assert ("certifiable training algorithm", "uses", "Lipschitz analysis") in found
    assert ("certifiable training algorithm", "uses", "interval arithmetic") in found


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
            "We report results on FooQA, BarQA and QuasarQA.",
            {"FooQA": "Dataset", "BarQA": "Dataset", "QuasarQA": "Concept"},
            {("FooQA", "conjoinedWith", "BarQA"), ("BarQA", "conjoinedWith", "QuasarQA")},
            id="names coordinated, one typed a concept in its sentence",
        ),
        pytest.param(
            "We report results on FooQA and the memory.",
            {"FooQA": "Dataset", "memory": "Concept"},
            set(),
            id="a name and a term of two kinds are no peers",
        ),
        pytest.param(
            "The loss increases the divergence between an adversarial example and its ground truth label.",
            {"adversarial example": "Concept", "ground truth label": "Concept"},
            set(),
            id="X and its Y: no peers",
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
        pytest.param(
            "We find that FooNet achieves higher top-1 accuracy than BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            {("FooNet", "improvesOn", "BarNet")},
            id="higher accuracy than: more of it is better",
        ),
        pytest.param(
            "We find that FooNet reaches a lower perplexity than BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            {("FooNet", "improvesOn", "BarNet")},
            id="lower perplexity than: less of it is better",
        ),
        pytest.param(
            "We find that FooNet has a higher error than BarNet.",
            [("FooNet", "COMPARE", "BarNet", 0.95)],
            {("FooNet", "comparedWith", "BarNet")},
            id="higher error than: no winner said",
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
