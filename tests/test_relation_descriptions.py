"""Issue 13, fourth round: what a name is said to be and to do in the phrases around it.

Like ``tests/test_relation_statements.py``: each sentence is parsed by the rules pipeline, its
mentions are set by hand, and the test checks what the rules (:func:`find_relations`) state.
"""

from __future__ import annotations

import pytest
from relation_sentences import ruled as _ruled

pytestmark = pytest.mark.slow  # the rules fixture loads the rules pipeline


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "We introduce FooNet, a novel equivariant Transformer for molecular property prediction.",
            {"FooNet": "Method", "equivariant Transformer": "Method", "molecular property prediction": "Task"},
            ("FooNet",),
            {
                ("FooNet", "isA", "equivariant Transformer"),
                ("FooNet", "addresses", "molecular property prediction"),
            },
            id="X, a novel Y for T: the parser hangs 'a' on 'novel'",
        ),
        pytest.param(
            "We introduce FooNet, a novel equivariant Transformer architecture for molecular property prediction.",
            {"FooNet": "Method", "equivariant Transformer": "Method", "molecular property prediction": "Task"},
            ("FooNet",),
            {
                ("FooNet", "isA", "equivariant Transformer"),
                ("FooNet", "addresses", "molecular property prediction"),
            },
            id="X, a novel <name> architecture for T: the name an adjective of the head",
        ),
        pytest.param(
            "We propose a novel PU learning method, namely FooMix, which benefits from data augmentation.",
            {"PU learning": "Task", "FooMix": "Method", "data augmentation": "Method"},
            ("FooMix",),
            {("FooMix", "addresses", "PU learning"), ("FooMix", "uses", "data augmentation")},
            id="a <task> method, namely X, which benefits from Y",
        ),
        pytest.param(
            "We propose the Causal-inspired Adversarial alignment method, CausalAdv, to remove the gap.",
            {"Causal-inspired Adversarial alignment": "Task", "CausalAdv": "Method"},
            ("CausalAdv",),
            set(),
            id="the <long form> method, X: the name spelled out is no task of it",
        ),
        pytest.param(
            "Recently, prefix-tuning has gained attention as a parameter-efficient finetuning method.",
            {"prefix-tuning": "Method", "parameter-efficient finetuning": "Method"},
            (),
            {("prefix-tuning", "isA", "parameter-efficient finetuning")},
            id="X has gained attention as a Y method",
        ),
        pytest.param(
            "FooNet significantly outperforms prior methods in terms of both accuracy and labeling cost.",
            {"FooNet": "Method", "accuracy": "Metric", "labeling cost": "Metric"},
            ("FooNet",),
            {
                ("FooNet", "measuredBy", "accuracy"),
                ("FooNet", "measuredBy", "labeling cost"),
                ("accuracy", "conjoinedWith", "labeling cost"),
            },
            id="X outperforms Y in terms of M: 'in terms of' hung on Y",
        ),
        pytest.param(
            "FooNet achieves state-of-the-art results on image datasets such as MNIST and SVHN.",
            {"FooNet": "Method", "MNIST": "Dataset", "SVHN": "Dataset"},
            ("FooNet",),
            {
                ("FooNet", "evaluatedOn", "MNIST"),
                ("FooNet", "evaluatedOn", "SVHN"),
                ("MNIST", "conjoinedWith", "SVHN"),
            },
            id="results on datasets such as D1 and D2",
        ),
        pytest.param(
            "Lower precision may yield larger round-off error and hence larger prediction error.",
            {"round-off error": "Concept", "prediction error": "Concept"},
            (),
            set(),
            id="X and hence Y: a cause and its effect, not peers",
        ),
    ],
)
def test_issue_13_descriptions_of_a_name(rules, text, mentions, proposed, expected):
    assert _ruled(rules, text, mentions, proposed) == expected
