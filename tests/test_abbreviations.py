import pytest
import spacy

from kg.nlp.abbreviations import find_definitions
from kg.nlp.long_forms import long_form_start


@pytest.fixture(scope="module")
def blank():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@pytest.mark.parametrize(
    ("text", "short", "long"),
    [
        (
            "Proximal Policy Optimization (PPO) addresses this.",
            "PPO",
            "Proximal Policy Optimization",
        ),
        ("the number of Key-Value (KV) pairs grows", "KV", "Key-Value"),
        (
            "In text-only LLMs, Sparse Autoencoders (SAEs) have gained attention.",
            "SAEs",
            "Sparse Autoencoders",
        ),
        (
            "we introduce Collaborative decoding via Speculation (CoS), a framework",
            "CoS",
            "Collaborative decoding via Speculation",
        ),
        (
            "the semantic space of multimodal large language models (MLLMs) is complex",
            "MLLMs",
            "multimodal large language models",
        ),
        ("we introduce Generalized CCNNs (GCCNs), a family", "GCCNs", "Generalized CCNNs"),
        ("The rise of Generative AI (GenAI) has impacted forums", "GenAI", "Generative AI"),
        # a lower-case letter hyphened before the capitals is an initial: not "Learning-to-match", "nearest neighbors"
        ("we introduce the mini-batch Learning-to-match (m-LTM) framework", "m-LTM", "mini-batch Learning-to-match"),
        (
            "plotted by t-distributed stochastic neighbor embedding (t-SNE)",
            "t-SNE",
            "t-distributed stochastic neighbor embedding",
        ),
        ("a classifier by k-nearest neighbors (k-NN) votes", "k-NN", "k-nearest neighbors"),
        # a lower-case word before the capitals is part of the name: no plain "language model" (held-out e)
        ("when using a prefix language model (prefixLM), in which samples", "prefixLM", "prefix language model"),
        ("compared to causal language models (causalLM), which use", "causalLM", "causal language models"),
        ("Meta-reinforcement learning (meta-RL) is a framework", "meta-RL", "Meta-reinforcement learning"),
        ("we report the mean average precision (mAP) on COCO", "mAP", "mean average precision"),
        # a "2" between letters reads "to": T2I was a Method node apart from text-to-image (held-out e)
        ("the ability of text-to-image (T2I) diffusion models", "T2I", "text-to-image"),
        ("policies trained by sim-to-real (Sim2Real) transfer", "Sim2Real", "sim-to-real"),
    ],
)
def test_definitions_found_with_the_right_long_form(blank, text, short, long):
    pairs = [(s.text, lf.text) for s, lf in find_definitions(blank(text))]
    assert (short, long) in pairs


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("We propose Low-Rank Adaptation, or LoRA, which freezes the weights.", [("LoRA", "Low-Rank Adaptation")]),
        ("We tune with LoRA (Low-Rank Adaptation) only.", [("LoRA", "Low-Rank Adaptation")]),
        ("the design of Latent Action Q-learning or LAQ, an offline method", [("LAQ", "Latent Action Q-learning")]),
        ("we use SGD or ADAM, as usual.", []),
        ("They use CNN (convolutional neural network) models.", [("CNN", "convolutional neural network")]),
        ("We compare with BERT (Devlin et al., 2019) here.", []),
        ("Models such as transformers, or LLMs, are big.", []),
        ("It beats Proximal Policy Optimization, or PPO-based agents, here.", []),
    ],
)
def test_definitions_without_brackets_around_the_short_form(blank, text, pairs):
    # issue 12: "Low-Rank Adaptation, or LoRA" gave two nodes
    assert [(s.text, lf.text) for s, lf in find_definitions(blank(text))] == pairs


def test_parenthesized_numbers_and_words_are_not_abbreviations(blank):
    doc = blank("two insights: (1) the verification and (2) results (see above).")
    assert find_definitions(doc) == []


def test_initials_beat_shortest_character_match():
    # Schwartz & Hearst alone would answer "Policy Optimization" (the p of "oPtimization").
    assert long_form_start("PPO", ["Proximal", "Policy", "Optimization"]) == 0
