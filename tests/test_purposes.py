"""Issue 13: the tasks a sentence puts the paper's method to (:mod:`kg.nlp.purposes`).

Readers state "X addresses T" for "we demonstrate the effectiveness of X in T domains", "X combines
A and B for solving T tasks" and "we present results for T"; not for another method's purpose,
nor in a negated sentence.
"""

from __future__ import annotations

from relation_sentences import ruled

INTRO = "We propose GWIL, an imitation learning method. "


def test_issue_13_the_task_a_quality_of_our_method_is_shown_in(rules):
    text = "We demonstrate the effectiveness of GWIL in non-trivial continuous control domains."
    mentions = {"GWIL": "Method", "non-trivial continuous control domains": "Concept", "continuous control": "Task"}
    assert ("GWIL", "addresses", "continuous control") in ruled(rules, text, mentions, ("GWIL",))


def test_issue_13_what_our_method_does_a_thing_for(rules):
    text = "GWIL combines two concepts, namely, object-level codes and graphs, for solving visual reasoning tasks."
    mentions = {"GWIL": "Method", "object-level codes": "Concept", "graphs": "Concept"}
    mentions["visual reasoning tasks"] = "Task"
    found = ruled(rules, text, mentions, ("GWIL",))
    assert ("GWIL", "addresses", "visual reasoning tasks") in found


def test_issue_13_results_for_a_task(rules):
    text = INTRO + "Furthermore, we present results for object detection on COCO."  # "we": what the paper proposes
    mentions = {"GWIL": "Method", "object detection": "Task", "COCO": "Dataset"}
    assert ("GWIL", "addresses", "object detection") in ruled(rules, text, mentions, ("GWIL",))


def test_issue_13_no_purpose_of_another_method_nor_in_a_negated_sentence(rules):
    other = INTRO + "DAgger combines expert queries and rollouts for solving visual reasoning."
    mentions = {"GWIL": "Method", "DAgger": "Method", "visual reasoning": "Task"}
    assert ("GWIL", "addresses", "visual reasoning") not in ruled(rules, other, mentions, ("GWIL",))
    assert ("DAgger", "addresses", "visual reasoning") not in ruled(rules, other, mentions, ("GWIL",))
    negated = "We do not demonstrate the effectiveness of GWIL in continuous control."
    mentions = {"GWIL": "Method", "continuous control": "Task"}
    assert ("GWIL", "addresses", "continuous control") not in ruled(rules, negated, mentions, ("GWIL",))


def test_issue_13_the_task_our_method_improves_a_quality_of(rules):
    mentions = {"GWIL": "Method", "sample efficiency": "Metric", "model-based reinforcement learning": "Task"}
    for text in (
        "We introduce GWIL to improve the sample efficiency of model-based reinforcement learning.",
        "GWIL is proposed to enhance the sample efficiency of model-based reinforcement learning.",
        "We propose GWIL for improving the sample efficiency of model-based reinforcement learning.",
    ):
        found = ruled(rules, text, mentions, ("GWIL",))
        assert ("GWIL", "addresses", "model-based reinforcement learning") in found, text


def test_issue_13_no_task_from_a_quality_not_improved_nor_of_another_method(rules):
    kinds = {"GWIL": "Method", "DAgger": "Method", "robustness": "Concept", "image segmentation": "Task"}
    for text in (
        "We introduce GWIL, which does not aim to improve the robustness of image segmentation.",
        INTRO + "DAgger is proposed to improve the robustness of image segmentation.",
        "We introduce GWIL to study the robustness of image segmentation.",
    ):
        mentions = {m: kind for m, kind in kinds.items() if m in text}
        assert ("GWIL", "addresses", "image segmentation") not in ruled(rules, text, mentions, ("GWIL",)), text
