"""Issue 13, fourth round: relations of a named phrase go to its name, passive agents, where a
result is obtained, examples that are no peers, what a phrase does not say.

Like ``tests/test_relation_statements.py``: each sentence is parsed by the rules pipeline, its
mentions are set by hand, and the test checks what the rules (:func:`find_relations`) or their
combination with given learned relations (:func:`learned_relations`) state.
"""

from __future__ import annotations

import pytest
import spacy
from relation_sentences import learned as _learned
from relation_sentences import ruled as _ruled

from kg.nlp.noun_relations import _unbracketed

pytestmark = pytest.mark.slow  # the rules fixture loads the rules pipeline


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


def test_issue_13_our_method_is_the_proposed_method_before_a_named_setting(rules):
    """A proposed environment named first ("the Quux Arena") is not what "our method" stands for."""
    text = "We release the Quux Arena and propose a variational method, ZorbNet. Our method outperforms BarNet."
    mentions = {"Quux Arena": "Dataset", "variational method": "Method", "ZorbNet": "Method", "BarNet": "Method"}
    found = _ruled(rules, text, mentions, ("Quux Arena", "ZorbNet"))
    assert ("ZorbNet", "improvesOn", "BarNet") in found


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
        pytest.param(
            "We propose StyleMix, a mixing framework that leverages a GAN.",
            {"StyleMix": "Method", "mixing framework": "Method", "GAN": "Method"},
            {("StyleMix", "uses", "GAN"), ("StyleMix", "isA", "mixing framework")},
            id="our X, a framework that uses Y: X uses Y, however the framework is a mention",
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


def test_issue_13_names_in_apposition_to_a_plural(rules):
    text = "SoundSpaces achieves strong results on two benchmarks (Replica and Matterport3D)."
    mentions = {"Replica": "Dataset", "Matterport3D": "Dataset", "SoundSpaces": "Method"}
    found = _ruled(rules, text, mentions)
    assert {("SoundSpaces", "evaluatedOn", "Replica"), ("SoundSpaces", "evaluatedOn", "Matterport3D")} <= found


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
def test_issue_13_what_a_sentence_does_not_say(rules, text, mentions):
    """Results of no method, "X with no Y", what a phrase around two names does not say."""
    assert _ruled(rules, text, mentions) == set()


def test_issue_13_a_baseline_given_its_name_in_apposition(rules):
    text = "In particular, ZorbNet-7 outperforms the best competitor, BarFace, by 2% on the hard set."
    found = _ruled(rules, text, {"ZorbNet-7": "Method", "BarFace": "Method"})
    assert found == {("ZorbNet-7", "improvesOn", "BarFace")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "Our experiments demonstrate the benefits of ZorbNet over BarNet.",
            {("ZorbNet", "improvesOn", "BarNet")},
            id="the benefits of X over Y",
        ),
        pytest.param(
            "ZorbNet generalizes better than BarNet.", {("ZorbNet", "improvesOn", "BarNet")}, id="X verbs better"
        ),
        pytest.param("ZorbNet is more robust than BarNet.", {("ZorbNet", "improvesOn", "BarNet")}, id="more robust"),
        pytest.param("ZorbNet is more expensive than BarNet.", set(), id="more expensive: no winner"),
        pytest.param("ZorbNet is not better than BarNet.", set(), id="negated"),
        pytest.param("BarNet is less robust than ZorbNet.", set(), id="less robust: no winner said"),
    ],
)
def test_issue_13_a_winner_named_by_a_noun_or_a_degree(rules, text, expected):
    assert _ruled(rules, text, {"ZorbNet": "Method", "BarNet": "Method"}) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "To understand the power of ZorbNet, we compare it with BarNet.",
            {("ZorbNet", "comparedWith", "BarNet")},
            id="the one method named before",
        ),
        pytest.param(
            "To understand ZorbNet and QuuxNet, we compare it with BarNet.",
            {("ZorbNet", "conjoinedWith", "QuuxNet")},
            id="two named before: which one is not said",
        ),
        pytest.param(
            "ZorbNet reads the input signal and compares it with BarNet.",
            set(),
            id="a noun between: 'it' may be that",
        ),
    ],
)
def test_issue_13_an_object_it_is_the_method_named_before(rules, text, expected):
    mentions = {"ZorbNet": "Method", "QuuxNet": "Method", "BarNet": "Method"}
    mentions = {name: kind for name, kind in mentions.items() if name in text}
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_a_list_joins_the_names_not_a_description(rules):
    """ "X, a Y, and Z": the parser hangs Z on X's description; X and Z are the list."""
    text = "We evaluate on QuuxSet-10, a small image dataset, and ZorbSet."
    mentions = {"QuuxSet-10": "Dataset", "small image dataset": "Dataset", "ZorbSet": "Dataset"}
    assert _ruled(rules, text, mentions) == {("QuuxSet-10", "conjoinedWith", "ZorbSet")}


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "On a panel of 121 QuuxSet datasets, ZorbNet is able to match the baselines.",
            {"QuuxSet datasets": "Dataset", "ZorbNet": "Method"},
            {("ZorbNet", "evaluatedOn", "QuuxSet datasets")},
            id="a panel of datasets",
        ),
        pytest.param(
            "On a suite of QuuxWorld tasks, ZorbNet is able to match the baselines.",
            {"QuuxWorld": "Concept", "ZorbNet": "Method"},
            set(),
            id="a suite of no datasets",
        ),
    ],
)
def test_issue_13_the_datasets_of_a_collection(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "Compared with SubGNN, GLASS is more expressive, more scalable, and easier to implement.",
            {"SubGNN": "Method", "GLASS": "Method"},
            (),
            {("GLASS", "improvesOn", "SubGNN")},
            id="compared with Y, X is more expressive",
        ),
        pytest.param(
            "We apply MMA to translation and demonstrate better latency-quality tradeoffs compared to MILk.",
            {"MMA": "Method", "translation": "Task", "MILk": "Method"},
            ("MMA",),
            {("MMA", "improvesOn", "MILk"), ("MMA", "addresses", "translation")},
            id="we show better trade-offs compared to Y: the paper's X does",
        ),
        pytest.param(
            "Compared with SubGNN, GLASS uses more parameters.",
            {"SubGNN": "Method", "GLASS": "Method"},
            (),
            set(),
            id="more of a cost is not better",
        ),
        pytest.param(
            "Compared to BERT, RoBERTa is slower and less accurate.",
            {"BERT": "Method", "RoBERTa": "Method"},
            (),
            set(),
            id="worse is no improvement",
        ),
    ],
)
def test_issue_13_what_a_clause_says_better_of_x_compared_to_y_is_an_improvement(
    rules, text, mentions, proposed, expected
):
    """ "Compared to Y, X is more accurate": X improvesOn Y, as "X is more accurate than Y"."""
    assert _ruled(rules, text, mentions, proposed) == expected
