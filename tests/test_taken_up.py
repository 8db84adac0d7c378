"""Issue 13: what the paper's method takes up without a verb of use on it (:mod:`kg.nlp.taken_up`).

Readers write "X uses Y" for "the main novelty lies in the use of Y" and "X includes Y"; not when
another method includes it, nor in a negated sentence, nor for "the responsible use of Y" or a
property it features, nor for what inspired a method ("Inspired by Y, we present X").
"""

from __future__ import annotations

from relation_sentences import ruled


def test_issue_13_what_inspired_the_method_we_present_is_not_used(rules):
    """The development readers wrote "DeepHoyer uses Hoyer measure" here (20 of 33 sentences opening
    with "Inspired by"); the held-out readers judged every such relation not stated (samples j and l)."""
    text = "Inspired by the Hoyer measure used in compressed sensing, we present DeepHoyer, a set of regularizers."
    mentions = {"Hoyer measure": "Concept", "compressed sensing": "Task", "DeepHoyer": "Method"}
    assert ("DeepHoyer", "uses", "Hoyer measure") not in ruled(rules, text, mentions, ("DeepHoyer",))


def test_issue_13_the_use_of_y_in_a_sentence_about_our_method(rules):
    text = "We propose iLQR-VAE for learning. The main novelty lies in the use of the iLQR algorithm in the encoder."
    mentions = {"iLQR-VAE": "Method", "iLQR algorithm": "Method"}
    assert ("iLQR-VAE", "uses", "iLQR algorithm") in ruled(rules, text, mentions, ("iLQR-VAE",))


def test_issue_13_what_our_method_includes(rules):
    text = "To speed up inference, SAFENet includes channel-wise activation approximation."
    mentions = {"SAFENet": "Method", "channel-wise activation approximation": "Concept"}
    found = ruled(rules, text, mentions, ("SAFENet",))
    assert ("SAFENet", "uses", "channel-wise activation approximation") in found


def test_issue_13_no_use_taken_up_by_another_method_or_denied(rules):
    other = "We propose SAFENet for inference. Prior work such as CryptoNets includes polynomial activations."
    mentions = {"SAFENet": "Method", "CryptoNets": "Method", "polynomial activations": "Concept"}
    found = ruled(rules, other, mentions, ("SAFENet",))
    assert ("SAFENet", "uses", "polynomial activations") not in found
    denied = "We propose SAFENet for inference. The use of polynomial activations is not needed."
    mentions = {"SAFENet": "Method", "polynomial activations": "Concept"}
    assert ("SAFENet", "uses", "polynomial activations") not in ruled(rules, denied, mentions, ("SAFENet",))
    broader = "We propose SAFENet for inference. Our results promote the responsible use of polynomial activations."
    assert ("SAFENet", "uses", "polynomial activations") not in ruled(rules, broader, mentions, ("SAFENet",))
    quality = "We propose SAFENet for inference. Experiments show that SAFENet features guaranteed safety."
    mentions = {"SAFENet": "Method", "guaranteed safety": "Concept"}
    assert ("SAFENet", "uses", "guaranteed safety") not in ruled(rules, quality, mentions, ("SAFENet",))
    background = "Inspired by the Hoyer measure, earlier work presented sparse coding."
    mentions = {"Hoyer measure": "Concept", "sparse coding": "Method"}
    assert ("sparse coding", "uses", "Hoyer measure") not in ruled(rules, background, mentions, ("sparse coding",))
