"""What a paper's method is evaluated on, read by the graph from its sentences of results once the
types are known (issue 13: relations per paper, each one stated)."""

from __future__ import annotations

import pytest

from kg.graph.build import build_graph
from kg.records import Extraction, Mention, Paper


def _evaluated(abstract: str, *mentions: tuple[str, str], proposed: tuple[int, ...] = (0,)) -> set[tuple[str, str]]:
    """(method, dataset) of the evaluatedOn relations a build of one paper keeps; each mention is
    placed at its first occurrence after the previous one."""
    placed, at = [], 0
    for text, kind in mentions:
        start = abstract.index(text, at)
        placed.append(Mention(text, kind, start, start + len(text)))
        at = start + len(text)
    graph = build_graph([Paper("p1", abstract, title="A Study")], [Extraction(placed, list(proposed), [], [])])
    return {
        (graph.nodes[u]["label"], graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "evaluatedOn"
    }


def test_a_sentence_of_results_naming_the_method_and_a_dataset_states_the_evaluation() -> None:
    # "We evaluate MUSE on three publicly available datasets: MIMIC-IV, eICU, and ADNI" (ICLR 2024):
    # the parse hangs the list on "datasets", and relates nothing
    text = "We propose MUSE, a network. We evaluate MUSE on three public datasets: CIFAR-10, ImageNet, and MNIST."
    found = _evaluated(
        text, ("MUSE", "Method"), ("MUSE", "Method"), *((d, "Dataset") for d in ("CIFAR-10", "ImageNet", "MNIST"))
    )
    assert found == {("MUSE", "CIFAR-10"), ("MUSE", "ImageNet"), ("MUSE", "MNIST")}
    # "our method" stands for the one method the paper proposes
    text = "We propose MUSE, a network. Our method outperforms strong baselines on CIFAR-10."
    assert _evaluated(text, ("MUSE", "Method"), ("CIFAR-10", "Dataset")) == {("MUSE", "CIFAR-10")}


@pytest.mark.parametrize(
    "text",
    [
        # a sentence that opens on experiments on the data, of the one method the paper proposes
        "Experiments on CIFAR-10 show that the learned maps resemble the classes.",
        # "our classifiers", "our regulariser", "our defense": the paper's method, by what it is
        "Our classifiers improve upon the state of the art on CIFAR-10.",
        # training named as a cost or a technique is no training on the data
        "We demonstrate the reduction in training time and the strong accuracy of MUSE on CIFAR-10.",
    ],
)
def test_experiments_on_data_our_own_kind_of_method_and_training_time_state_the_evaluation(text: str) -> None:
    found = _evaluated("We propose MUSE, a network. " + text, ("MUSE", "Method"), ("CIFAR-10", "Dataset"))
    assert found == {("MUSE", "CIFAR-10")}


MUSE = ("MUSE", "Method")


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        ("Experiments show MUSE pre-trained on ImageNet transfers well.", (MUSE, ("ImageNet", "Dataset"))),
        ("Results show that MUSE trained with CIFAR-10 labels transfers well.", (MUSE, ("CIFAR-10", "Dataset"))),
        ("We also release a new benchmark with results of MUSE, built from MNIST.", (MUSE, ("MNIST", "Dataset"))),
        ("Unlike prior results on CIFAR-10, MUSE is robust.", (MUSE, ("CIFAR-10", "Dataset"))),
        ("MUSE achieves strong results on ImageNet-C.", (MUSE, ("ImageNet", "Dataset"))),
        # "our experiments" are no method: "Our experiments show that the parametric LM struggles on its
        # own with domains not covered by OLC" (SILO, held-out sample c)
        ("Our experiments show that baselines struggle on CIFAR-10.", (MUSE, ("CIFAR-10", "Dataset"))),
        # nor a sentence without results
        ("CIFAR-10 has ten classes.", (MUSE, ("CIFAR-10", "Dataset"))),
    ],
)
def test_no_evaluation_from_training_data_a_new_benchmark_a_contrast_or_a_cut_name(
    text: str, mentions: tuple[tuple[str, str], ...]
) -> None:
    assert _evaluated("We propose MUSE, a network. " + text, *mentions) == set()


def test_no_evaluation_where_the_paper_proposes_two_methods_and_names_neither() -> None:
    text = "We propose MUSE and FooNet. Our experiments on CIFAR-10 show gains."
    found = _evaluated(text, ("MUSE", "Method"), ("FooNet", "Method"), ("CIFAR-10", "Dataset"), proposed=(0, 1))
    assert found == set()


def test_no_evaluation_on_a_piece_of_the_methods_own_name() -> None:
    """ "We further propose an Adversarial-Sample Aware training algorithm to improve its optimality
    performance" (ICLR 2023): "Adversarial-Sample Aware", typed a dataset, is the name's start."""
    from kg.graph.result_datasets import result_datasets

    text = "We further propose a Noise Aware training algorithm to improve its performance."
    at = text.index("Noise")
    mentions = [Mention("Noise Aware training", "Method", at, at + 20), Mention("Noise Aware", "Dataset", at, at + 11)]
    assert result_datasets(text, mentions, ["nat", "na"], {"nat"}, {"na"}) == []
