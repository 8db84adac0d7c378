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
            "We introduce inverse-variance RL, a Bayesian framework which combines probabilistic ensembles and BIV.",
            {
                "inverse-variance RL": "Method",
                "Bayesian framework": "Method",
                "probabilistic ensembles": "Method",
                "BIV": "Method",
            },
            ("inverse-variance RL",),
            {
                ("inverse-variance RL", "isA", "Bayesian framework"),
                ("inverse-variance RL", "uses", "probabilistic ensembles"),
                ("inverse-variance RL", "uses", "BIV"),
                ("probabilistic ensembles", "conjoinedWith", "BIV"),
            },
            id="X, a <Named> framework which combines A and B: X uses them, not the description",
        ),
        pytest.param(
            "FooNet is built on top of PyTorch and builds upon the Transformer.",
            {"FooNet": "Method", "PyTorch": "Method", "Transformer": "Method"},
            ("FooNet",),
            {("FooNet", "uses", "PyTorch"), ("FooNet", "uses", "Transformer")},
            id="X is built on top of Y, X builds upon Z: X uses them",
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
            "We evaluate FooNet on four datasets, including MNIST and SVHN.",
            {"FooNet": "Method", "MNIST": "Dataset", "SVHN": "Dataset"},
            ("FooNet",),
            {
                ("FooNet", "evaluatedOn", "MNIST"),
                ("FooNet", "evaluatedOn", "SVHN"),
                ("MNIST", "conjoinedWith", "SVHN"),
            },
            id="evaluated on datasets, including D1 and D2",
        ),
        pytest.param(
            "FooNet boosts popular training methods, including BarNet and BazNet.",
            {"FooNet": "Method", "BarNet": "Method", "BazNet": "Method"},
            ("FooNet",),
            {("BarNet", "conjoinedWith", "BazNet")},
            id="methods, including X and Y: no place of evaluation",
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


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "We demonstrate the effectiveness of FooNet on image classification and object detection.",
            {"FooNet": "Method", "image classification": "Task", "object detection": "Task"},
            ("FooNet",),
            {
                ("FooNet", "addresses", "image classification"),
                ("FooNet", "addresses", "object detection"),
                ("image classification", "conjoinedWith", "object detection"),
            },
            id="we demonstrate the effectiveness of X on T",
        ),
        pytest.param(
            "We show the limitations of BarNet on CIFAR-10.",
            {"BarNet": "Method", "CIFAR-10": "Dataset"},
            (),
            set(),
            id="we show the limitations of X on D: no quality shown",
        ),
        pytest.param(
            "Existing regularization techniques (e.g., data augmentation, dropout) help large networks.",
            {"regularization techniques": "Method", "data augmentation": "Method", "dropout": "Method"},
            (),
            {
                ("data augmentation", "isA", "regularization techniques"),
                ("dropout", "isA", "regularization techniques"),
                ("data augmentation", "conjoinedWith", "dropout"),
            },
            id="Ys (e.g., X1, X2)",
        ),
        pytest.param(
            "Experiments show the resulting model, Foo-guided Vision Transformer (or FooViT for short) "
            "clearly outperforms prior approaches on HICO.",
            {"Foo-guided Vision Transformer": "Method", "FooViT": "Method", "HICO": "Dataset"},
            (),
            {("Foo-guided Vision Transformer", "evaluatedOn", "HICO")},
            id="the model, X (or Y for short), outperforms ... on D: X is the subject, Y no peer",
        ),
        pytest.param(
            "With its simplicity, FooAMS can serve as a useful distributed training framework.",
            {"FooAMS": "Method", "distributed training": "Task"},
            (),
            {("FooAMS", "addresses", "distributed training")},
            id="X serves as a <task> framework",
        ),
    ],
)
def test_issue_13_what_a_name_is_shown_and_said_to_be(rules, text, mentions, proposed, expected):
    assert _ruled(rules, text, mentions, proposed) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "On object detection, FooAug requires 41% fewer MACs on Pascal VOC than the baseline.",
            {"object detection": "Task", "FooAug": "Method", "MACs": "Metric", "Pascal VOC": "Dataset"},
            {
                ("FooAug", "measuredBy", "MACs"),
                ("FooAug", "evaluatedOn", "Pascal VOC"),
                ("FooAug", "addresses", "object detection"),
            },
            id="On T, X requires 41% fewer M on D",
        ),
        pytest.param(
            "FooGAN has a lower FID than BarGAN.",
            {"FooGAN": "Method", "FID": "Metric", "BarGAN": "Method"},
            {("FooGAN", "measuredBy", "FID"), ("FooGAN", "improvesOn", "BarGAN")},
            id="X has a lower M than Y: less FID is better",
        ),
        pytest.param(
            "FooGAN has a FID.",
            {"FooGAN": "Method", "FID": "Metric"},
            set(),
            id="X has a M: no amount, no measure",
        ),
        pytest.param(
            "The main encoder is trained as a discriminator to detect replaced tokens.",
            {"encoder": "Method", "discriminator": "Method"},
            set(),
            id="X is trained as a Y: a role, not a kind",
        ),
        pytest.param(
            "Message passing solvers contain classical methods, such as finite volumes.",
            {"Message passing solvers": "Method", "classical methods": "Method", "finite volumes": "Method"},
            {
                ("classical methods", "partOf", "Message passing solvers"),
                ("finite volumes", "isA", "classical methods"),
            },
            id="X contains Ys such as Z: Z is an example of the Ys, no part named",
        ),
        pytest.param(
            "We combine likelihood estimation (or likelihood-ratio estimation) with variational inference.",
            {"likelihood estimation": "Method", "likelihood-ratio estimation": "Method"},
            {("likelihood estimation", "conjoinedWith", "likelihood-ratio estimation")},
            id="X (or Y): two ways, conjoined",
        ),
    ],
)
def test_issue_13_amounts_roles_and_alternatives(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "proposed", "expected"),
    [
        pytest.param(
            "FooNet achieves a 21.3% improvement in MSE on multivariate benchmarks.",
            {"FooNet": "Method", "MSE": "Method"},
            (),
            {("FooNet", "measuredBy", "MSE")},
            id="an improvement in M: M a metric though typed Method in the sentence",
        ),
        pytest.param(
            "FooNet shows a substantial improvement on Enwiki8.",
            {"FooNet": "Method", "Enwiki8": "Method"},
            (),
            {("FooNet", "evaluatedOn", "Enwiki8")},
            id="an improvement on a named D: evaluated on D, not measured by it",
        ),
        pytest.param(
            "FooNet achieves high accuracy, while requiring 10x fewer GFLOPs than other methods.",
            {"FooNet": "Method", "GFLOPs": "Concept"},
            (),
            {("FooNet", "measuredBy", "GFLOPs")},
            id="requiring fewer M: M a metric though typed Concept",
        ),
        pytest.param(
            "We propose FooNet, a novel architecture, outperforming state-of-the-art on MD17 and QM9.",
            {"FooNet": "Method", "MD17": "Method", "QM9": "Method"},
            ("FooNet",),
            {
                ("FooNet", "evaluatedOn", "MD17"),
                ("FooNet", "evaluatedOn", "QM9"),
                ("FooNet", "addresses", "MD17"),
                ("FooNet", "addresses", "QM9"),
                ("MD17", "conjoinedWith", "QM9"),
            },
            id="outperforming state-of-the-art on D typed Method: a dataset or a task, as the graph types D",
        ),
        pytest.param(
            "Experiments demonstrate that FooNet significantly outperforms the current approaches in PLL.",
            {"FooNet": "Method", "PLL": "Method"},
            ("FooNet",),
            {("FooNet", "addresses", "PLL"), ("FooNet", "measuredBy", "PLL")},
            id="X outperforms Y in T typed Method: 'in' hung on Y, a task or a metric as the graph types it",
        ),
        pytest.param(
            "FooNet outperforms the current approaches in accuracy.",
            {"FooNet": "Method", "accuracy": "Metric"},
            ("FooNet",),
            {("FooNet", "measuredBy", "accuracy")},
            id="X outperforms Y in M: 'in' hung on Y",
        ),
        pytest.param(
            "FooNet improves the quality in image synthesis.",
            {"FooNet": "Method", "image synthesis": "Concept"},
            ("FooNet",),
            set(),
            id="X improves a quality in Z: no baseline beaten, nothing retyped",
        ),
        pytest.param(
            "Experiments on MD17 show that FooNet is accurate.",
            {"FooNet": "Method", "MD17": "Concept"},
            ("FooNet",),
            {("FooNet", "evaluatedOn", "MD17"), ("FooNet", "addresses", "MD17")},
            id="experiments on D typed Concept: a dataset or a task, as the graph types D",
        ),
        pytest.param(
            "We propose FooNet. Experiments show that the proposed method outperforms GCN.",
            {"FooNet": "Method", "GCN": "Method"},
            ("FooNet",),
            {("FooNet", "improvesOn", "GCN")},
            id="the proposed method: the paper's",
        ),
        pytest.param(
            "We propose FooNet. Extensive experiments conducted on WIDER FACE demonstrate its accuracy.",
            {"FooNet": "Method", "WIDER FACE": "Dataset"},
            ("FooNet",),
            {("FooNet", "evaluatedOn", "WIDER FACE")},
            id="experiments conducted on D",
        ),
        pytest.param(
            "We evaluate FooNet on MD17.",
            {"FooNet": "Method", "MD17": "Method"},
            ("FooNet",),
            {("FooNet", "evaluatedOn", "MD17"), ("FooNet", "addresses", "MD17")},
            id="we evaluate X on D typed Method: a dataset or a task, as the graph types D",
        ),
        pytest.param(
            "FooNet tackles negative transfer.",
            {"FooNet": "Method", "negative transfer": "Concept"},
            ("FooNet",),
            {("FooNet", "addresses", "negative transfer")},
            id="X tackles T typed Concept: a task if the graph types it so",
        ),
        pytest.param(
            "We apply FooNet to image retrieval.",
            {"FooNet": "Method", "image retrieval": "Concept"},
            ("FooNet",),
            {("FooNet", "addresses", "image retrieval")},
            id="we apply X to T typed Concept",
        ),
        pytest.param(
            "We derive perturbation models for SAT.",
            {"perturbation models": "Method", "SAT": "Method"},
            (),
            {("perturbation models", "addresses", "SAT")},
            id="Xs for T typed Method: a task if the graph types it so",
        ),
    ],
)
def test_issue_13_roles_a_construction_states(rules, text, mentions, proposed, expected):
    """The graph keeps each relation when its tail's node has the type the relation needs
    (kg.graph.relation_ends.ends_fit), so a construction that states the role may take a mention typed
    otherwise in its sentence."""
    assert _ruled(rules, text, mentions, proposed) == expected


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        pytest.param(
            "We study FooNet, a distributed optimization framework based on gradient averaging.",
            {"FooNet": "Method", "optimization framework": "Method", "gradient averaging": "Concept"},
            {
                ("FooNet", "isA", "optimization framework"),
                ("FooNet", "uses", "gradient averaging"),
                ("optimization framework", "uses", "gradient averaging"),
            },
            id="X, a framework based on Y: the name uses Y too",
        ),
        pytest.param(
            "FooNet has been shown to be particularly effective at image generation.",
            {"FooNet": "Method", "image generation": "Task"},
            {("FooNet", "addresses", "image generation")},
            id="X has been shown to be effective at T",
        ),
        pytest.param(
            "The decomposition framework performs well in diagonal matrix recovery.",
            {"decomposition framework": "Method", "diagonal matrix recovery": "Concept"},
            {("decomposition framework", "addresses", "diagonal matrix recovery")},
            id="X performs well in T typed Concept",
        ),
        pytest.param(
            "FooNet is not effective for image classification.",
            {"FooNet": "Method", "image classification": "Task"},
            set(),
            id="X is not effective for T: negated",
        ),
        pytest.param(
            "The latent space in GANs is warped.",
            {"latent space": "Concept", "GANs": "Method"},
            {("latent space", "partOf", "GANs")},
            id="the latent space in X: a part",
        ),
        pytest.param(
            "In practice, FooNet can reduce the memory footprint of activations by up to 32x.",
            {"FooNet": "Method", "memory footprint": "Concept"},
            {("FooNet", "measuredBy", "memory footprint")},
            id="X reduces M typed Concept: a metric if the graph types it so",
        ),
        pytest.param(
            "FooNet shows very high accuracy on test data.",
            {"FooNet": "Method", "accuracy": "Metric"},
            {("FooNet", "measuredBy", "accuracy")},
            id="X shows very high M",
        ),
        pytest.param(
            "We show the generalization error of kernel ridge regression.",
            {"generalization error": "Metric", "kernel ridge regression": "Method"},
            {("kernel ridge regression", "measuredBy", "generalization error")},
            id="the M of X: X is measured by M",
        ),
        pytest.param(
            "The method relies on data augmentation and supervision correction.",
            {"data augmentation": "Method", "supervision correction": "Concept"},
            {("data augmentation", "conjoinedWith", "supervision correction")},
            id="X and Y, a method and a concept: conjoined",
        ),
        pytest.param(
            "Message passing and image classification are studied.",
            {"Message passing": "Method", "image classification": "Task"},
            set(),
            id="X and Y, a method and a task: not conjoined",
        ),
        pytest.param(
            "FooNet delivers highly competitive performance for count prediction.",
            {"FooNet": "Method", "count prediction": "Task"},
            {("FooNet", "addresses", "count prediction")},
            id="X delivers competitive performance for T",
        ),
        pytest.param(
            "FooNet can serve as a useful distributed training framework.",
            {"FooNet": "Method", "distributed training": "Concept", "distributed training framework": "Method"},
            {
                ("FooNet", "isA", "distributed training framework"),
                ("FooNet", "addresses", "distributed training"),
            },
            id="X serves as a <T> framework: a kind, and the task if the graph types it so",
        ),
        pytest.param(
            "FooRL has shown great success at solving navigation.",
            {"FooRL": "Method", "navigation": "Task"},
            {("FooRL", "addresses", "navigation")},
            id="X has shown success at solving T",
        ),
        pytest.param(
            "Adversarial training suffers from robust overfitting.",
            {"Adversarial training": "Method", "robust overfitting": "Concept"},
            {("robust overfitting", "featureOf", "Adversarial training")},
            id="X suffers from Y: a feature of X",
        ),
        pytest.param(
            "Adversarial training does not suffer from robust overfitting.",
            {"Adversarial training": "Method", "robust overfitting": "Concept"},
            set(),
            id="X does not suffer from Y: negated",
        ),
        pytest.param(
            "We propose FooNet, a variant of BarNet.",
            {"FooNet": "Method", "BarNet": "Method"},
            {("FooNet", "isA", "BarNet")},
            id="X, a variant of Y: a kind of Y",
        ),
        pytest.param(
            "We introduce FooNet, a generalization of BarNet.",
            {"FooNet": "Method", "BarNet": "Method"},
            set(),
            id="X, a generalization of Y: no kind of Y",
        ),
        pytest.param(
            "We study adversarial training methods, notably PGD-AT.",
            {"adversarial training methods": "Method", "PGD-AT": "Method"},
            {("PGD-AT", "isA", "adversarial training methods")},
            id="Ys, notably X: an example",
        ),
    ],
)
def test_issue_13_what_a_method_is_good_at_and_built_on(rules, text, mentions, expected):
    assert _ruled(rules, text, mentions) == expected


def test_issue_13_a_dataset_named_on_the_task_of_a_result(rules):
    text = "We show that FooNet outperforms competing methods in complex problems, including object detection in COCO."
    mentions = {"FooNet": "Method", "object detection": "Task", "COCO": "Dataset"}
    found = _ruled(rules, text, mentions, ("FooNet",))
    assert ("FooNet", "addresses", "object detection") in found
    assert ("FooNet", "evaluatedOn", "COCO") in found  # "in T in D": evaluated on D
