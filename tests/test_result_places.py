"""Issue 13: the datasets a sentence of results names (:mod:`kg.nlp.result_places`).

Readers state that a paper's method is evaluated on most datasets its abstract names in its
results, however the parser hangs them ("over 12 games from the Jericho benchmark"); not on the
data a model is trained on, nor where another method's result or a negated one is stated.
"""

from __future__ import annotations

from relation_sentences import ruled, stated

from kg.nlp.extract import extract

INTRO = "We propose XTX, an exploration method for text games. "
MENTIONS = {"XTX": "Method", "text games": "Task", "Jericho": "Dataset"}


def test_issue_13_our_result_over_games_from_a_benchmark_is_evaluated_on_it(rules):
    text = INTRO + "Our method outperforms prior approaches by 27% over 12 games from the Jericho benchmark."
    assert ("XTX", "evaluatedOn", "Jericho") in ruled(rules, text, MENTIONS, ("XTX",))


def test_issue_13_experiments_showing_a_result_name_the_datasets(rules):
    text = INTRO + "Results show the state-of-the-art trade-off for the proposed method across the Jericho games."
    assert ("XTX", "evaluatedOn", "Jericho") in ruled(rules, text, MENTIONS, ("XTX",))
    ranging = INTRO + "Our experiments in games ranging from Jericho to TextWorld demonstrate the benefits of XTX."
    found = ruled(rules, ranging, {**MENTIONS, "TextWorld": "Dataset"}, ("XTX",))
    assert {("XTX", "evaluatedOn", "Jericho"), ("XTX", "evaluatedOn", "TextWorld")} <= found


def test_issue_13_the_method_our_experiments_show_a_result_of(rules):
    text = "Our experiments show that reward uncertainty exploration improves efficiency on tasks from Meta-World."
    mentions = {"reward uncertainty exploration": "Method", "Meta-World": "Dataset"}
    assert ("reward uncertainty exploration", "evaluatedOn", "Meta-World") in ruled(rules, text, mentions)


def test_issue_13_no_evaluation_on_training_data_or_from_another_result(rules):
    trained = INTRO + "Our method, pretrained on Jericho, outperforms prior approaches by 27%."
    assert not any(label == "evaluatedOn" for _, label, _ in ruled(rules, trained, MENTIONS, ("XTX",)))
    mentions = {**MENTIONS, "DRRN": "Method"}
    other = INTRO + "DRRN outperforms prior approaches by 27% over 12 games from the Jericho benchmark."
    assert ("XTX", "evaluatedOn", "Jericho") not in ruled(rules, other, mentions, ("XTX",))
    negated = INTRO + "Our method does not outperform prior approaches on the Jericho games."
    assert ("XTX", "evaluatedOn", "Jericho") not in ruled(rules, negated, MENTIONS, ("XTX",))


def test_issue_13_tasks_named_after_our_result_are_addressed(rules):
    text = INTRO + "Our method achieves state-of-the-art results across tasks, including commonsense reasoning."
    found = ruled(rules, text, {"XTX": "Method", "commonsense reasoning": "Task"}, ("XTX",))
    assert ("XTX", "addresses", "commonsense reasoning") in found
    measure = INTRO + "Our method outperforms the baselines in terms of parameter estimation."
    found = ruled(rules, measure, {"XTX": "Method", "parameter estimation": "Task"}, ("XTX",))
    assert ("XTX", "addresses", "parameter estimation") not in found
    analysis = INTRO + "We perform an analysis of the errors made on commonsense reasoning."
    found = ruled(rules, analysis, {"XTX": "Method", "commonsense reasoning": "Task"}, ("XTX",))
    assert ("XTX", "addresses", "commonsense reasoning") not in found


def test_issue_13_the_better_one_of_a_comparison_is_evaluated_where_it_is_better(rules):
    text = "DimeNet outperforms previous GNNs on average by 76% on MD17 and by 31% on QM9."
    mentions = {"DimeNet": "Method", "GNNs": "Method", "MD17": "Dataset", "QM9": "Dataset"}
    found = ruled(rules, text, mentions)
    assert {("DimeNet", "evaluatedOn", "MD17"), ("DimeNet", "evaluatedOn", "QM9")} <= found
    assert not any(head == "GNNs" and label == "evaluatedOn" for head, label, _ in found)


def test_issue_13_the_name_a_title_opens_with_states_its_result_whatever_its_type(rules):
    text = "We propose word2ket for embeddings. Our approach achieves savings in natural language processing tasks."
    mentions = {"word2ket": "Concept", "natural language processing tasks": "Task"}
    title = "word2ket: Space-efficient Word Embeddings inspired by Quantum Entanglement"
    assert ("word2ket", "addresses", "natural language processing tasks") in ruled(rules, text, mentions, (), title)
    assert not any(label == "addresses" for _, label, _ in ruled(rules, text, mentions, ()))


def test_issue_13_a_dataset_or_a_figure_named_beside_the_method_is_its(rules):
    """A sentence naming the paper's method by name: the datasets it names are what the method is
    evaluated on, the metrics of its figures what it is measured by (without the rule neither is
    found: "exhibits", "obtaining" state no result the other rules read)."""
    exhibits = "Notably, XTX exhibits marked improvements on MPI3D-Real, the most realistic dataset in our study."
    mentions = {"XTX": "Method", "MPI3D-Real": "Dataset"}
    assert ("XTX", "evaluatedOn", "MPI3D-Real") in ruled(rules, exhibits, mentions, ("XTX",))
    figures = "In our large-scale experiments, XTX is shown highly competitive, obtaining 26.6 perplexity on PG-19."
    mentions = {"XTX": "Method", "PG-19": "Dataset", "perplexity": "Metric"}
    assert ("XTX", "measuredBy", "perplexity") in ruled(rules, figures, mentions, ("XTX",))


def test_issue_13_not_a_dataset_made_for_the_method_nor_a_metric_without_figures(rules):
    made = "To train XTX, we created a new OpenAQA-5M dataset consisting of 1.9 million tuples."
    mentions = {"XTX": "Method", "OpenAQA-5M": "Dataset"}
    assert not any(label == "evaluatedOn" for _, label, _ in ruled(rules, made, mentions, ("XTX",)))
    words = "In addition, XTX not only showcases unparalleled robustness to learning rates but also helps."
    mentions = {"XTX": "Method", "robustness": "Metric"}
    assert not any(label == "measuredBy" for _, label, _ in ruled(rules, words, mentions, ("XTX",)))


def test_issue_13_a_task_named_beside_the_method_as_where_it_works(rules):
    """ "X for T", "X on T tasks" in a sentence naming X: X addresses T; not a task another method
    succeeded in ("inspired by the success of LMU in sequence learning tasks, we propose XTX")."""
    on = "We demonstrate the efficacy of XTX for distilling language models on summarization and translation tasks."
    mentions = {"XTX": "Method", "summarization": "Task", "translation": "Task"}
    found = ruled(rules, on, mentions, ("XTX",))
    assert {("XTX", "addresses", "summarization"), ("XTX", "addresses", "translation")} <= found
    inspired = "Inspired by the success of LMU in sequence learning tasks, we propose XTX, which augments the LMU."
    mentions = {"LMU": "Method", "sequence learning": "Task", "XTX": "Method"}
    assert ("XTX", "addresses", "sequence learning") not in ruled(rules, inspired, mentions, ("XTX",))
    # what a contrast holds is not where the method works (held-out sample i: "EmerNeRF addresses
    # optical flow estimation", from "without relying on pre-trained models for ... optical flow estimation")
    without = "XTX represents scenes without relying on pre-trained models for optical flow estimation."
    mentions = {"XTX": "Method", "optical flow estimation": "Task"}
    assert ("XTX", "addresses", "optical flow estimation") not in ruled(rules, without, mentions, ("XTX",))


def test_issue_13_data_a_method_is_pretrained_with_is_no_evaluation_place(rules):
    """ "we pretrain the backbone using image-depth pairs from ImageNet": the data of the pretraining,
    though "using" is the nearest verb."""
    text = "We pretrain the backbone using image-depth pairs from ImageNet, and thus the XTX is endowed with depth."
    mentions = {"ImageNet": "Dataset", "XTX": "Method"}
    assert ("XTX", "evaluatedOn", "ImageNet") not in ruled(rules, text, mentions, ("XTX",))


def test_issue_13_a_task_named_after_its_dataset_is_evaluated_on_the_dataset(nlp):
    # "accuracy on ImageNet classification": the method addresses the task and is evaluated on ImageNet
    def read(text: str) -> set[tuple[str, str, str]]:
        return stated(extract(nlp(text)))

    intro = "We propose MobileViT, a light-weight vision transformer. "
    found = read(
        intro + "MobileViT achieves 78.4% accuracy on ImageNet classification and 27.7 mAP on COCO object detection."
    )
    assert {("MobileViT", "evaluatedOn", "ImageNet"), ("MobileViT", "evaluatedOn", "COCO")} <= found
    assert ("MobileViT", "addresses", "ImageNet classification") in found
    cityscapes = read(
        intro + "For Cityscapes segmentation with a ResNet backbone, MobileViT outperforms self-attention."
    )
    assert ("MobileViT", "evaluatedOn", "Cityscapes") in cityscapes
    # a task whose name opens with no dataset's gives none ("object detection" alone)
    plain = read(intro + "MobileViT achieves 27.7 mAP on object detection.")
    assert not any(label == "evaluatedOn" for _, label, _ in plain)


def test_issue_13_we_show_our_method_by_improving_the_state_of_the_art_on_tasks(rules):
    """ "We demonstrate ... by improving the state of the art on T": the result is the authors'."""
    mentions = {"XTX": "Method", "text games": "Task", "robot control": "Task"}
    text = (
        INTRO + "We demonstrate the effectiveness of our approach by improving the state of the art on robot control."
    )
    assert ("XTX", "addresses", "robot control") in ruled(rules, text, mentions, ("XTX",))
    other = INTRO + "DRRN is strong because it improves the state of the art on robot control."
    assert ("XTX", "addresses", "robot control") not in ruled(rules, other, {**mentions, "DRRN": "Method"}, ("XTX",))
