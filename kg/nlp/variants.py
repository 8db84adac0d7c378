"""The names a mention's text stands for: one span of text may name several things or carry
marks that are no part of a name.

"CIFAR-10/100" and "LSTM/RNNs" name two things each, "few-shot and zero-shot learning" two,
"the Yelp and Zoo datasets" two; 'human-centered" modeling' carries a stray quote and
"out-of-distribution (OOD) generalization" a bracketed abbreviation. Plain functions from text
to texts (:func:`kg.nlp.extract.extract` applies them to every mention span).
"""

from __future__ import annotations

import re


def slash_variants(text: str) -> list[str]:
    """ "CIFAR-10/100" names two things: CIFAR-10 and CIFAR-100.

    >>> slash_variants("CIFAR-10/100"), slash_variants("KV")
    (['CIFAR-10', 'CIFAR-100'], ['KV'])
    """
    match = _SLASHED.match(text)
    if match is not None:
        stem, first, rest = match.groups()
        return [stem + first, *(stem + r for r in rest.split("/")[1:])]
    return _name_alternatives(text)


def _name_alternatives(text: str) -> list[str]:
    """ "LSTM/RNNs", "MobileNetV2|ResNet family": names joined by a slash or bar are each a name.

    >>> _name_alternatives("LSTM/RNN models"), _name_alternatives("input/output pairs")
    (['LSTM models', 'RNN models'], ['input/output pairs'])
    >>> _name_alternatives("I/O costs"), _name_alternatives("A/B tests")  # letters of one term
    (['I/O costs'], ['A/B tests'])
    """
    words = text.split(" ")
    for k, word in enumerate(words):
        parts = re.split(r"[/|]", word)
        if 2 <= len(parts) <= 4 and all(len(p) > 1 and p[:1].isalnum() and any(c.isupper() for c in p) for p in parts):
            return [" ".join([*words[:k], part, *words[k + 1 :]]) for part in parts]
    return [text]


def coordination_variants(text: str) -> list[str]:
    """ "few-shot and zero-shot learning" names two things: one modifier word on either side of
    "and"/"or" shares the words after it. Anything else is one name (or none).

    >>> coordination_variants("convolutional and recurrent neural networks")
    ['convolutional neural networks', 'recurrent neural networks']
    >>> coordination_variants("image generation and editing"), coordination_variants("KV cache")
    (['image generation and editing'], ['KV cache'])
    >>> coordination_variants("Yelp and Zoo datasets"), coordination_variants("Adam and gradient descent")
    (['Yelp', 'Zoo'], ['Adam and gradient descent'])
    >>> coordination_variants("Foraging and StarCraft II")
    ['Foraging', 'StarCraft II']
    >>> coordination_variants("CCA and Deep CCA benchmarks")
    ['CCA benchmarks', 'Deep CCA benchmarks']
    >>> coordination_variants("interpretability and sample efficiency")
    ['interpretability', 'sample efficiency']

    A hanging hyphen shares what follows the other word's:

    >>> coordination_variants("first- and second-order optimizers")
    ['first-order optimizers', 'second-order optimizers']
    >>> coordination_variants("Continual one- and two-block architectures")
    ['Continual one-block architectures', 'Continual two-block architectures']

    So do two names of as many words in title case before a head in lower case:

    >>> coordination_variants("Gaussian Process and Neural Tangent kernels")
    ['Gaussian Process kernels', 'Neural Tangent kernels']
    """
    hanging = _HANGING_HYPHEN.fullmatch(text)
    if hanging is not None:  # "first- and second-order optimizers": each prefix takes the rest
        before, one, two, rest = hanging.groups()
        if rest[:3] in {"of ", "of-"}:  # "in- and out-of distribution"
            return [f"{before}{one}-{rest[3:]}", f"{before}{two}-of-{rest[3:]}"]
        return [f"{before}{one}-{rest}", f"{before}{two}-{rest}"]
    words = text.split()
    if len(words) >= 4 and words[1] in {"and", "or"} and words[0][:1].isalnum() and words[0][-1:].isalnum():
        if words[0][:1].isupper() != words[2][:1].isupper():
            return [text]  # "Adam and gradient descent": a name beside a term, not two modifiers
        if words[0].lower().endswith(_QUALITIES):
            return [words[0], " ".join(words[2:])]  # "interpretability and sample efficiency": a quality, no modifier
        if len(words) == 4 and words[3].lower() in DATASET_HEADS and words[0].istitle() and words[2].istitle():
            return [words[0], words[2]]  # "the Yelp and Zoo datasets"
        if all(_VERSION.fullmatch(w) for w in words[3:]):
            return [words[0], " ".join(words[2:])]  # "Foraging and StarCraft II": a version is the last name's
        if words[0] in words[3:]:  # "CCA and Deep CCA benchmarks": the first is a name the second goes on
            return [" ".join([words[0], *words[words.index(words[0], 3) + 1 :]]), " ".join(words[2:])]
        return [" ".join([words[0], *words[3:]]), " ".join(words[2:])]
    for i in (2, 3):  # "Gaussian Process and Neural Tangent kernels": two names in title case share the head
        if len(words) > 2 * i + 1 and words[i] in {"and", "or"}:
            left, right, head = words[:i], words[i + 1 : 2 * i + 1], words[2 * i + 1 :]
            if all(w.istitle() for w in left + right) and all(w.islower() for w in head):
                return [" ".join(left + head), " ".join(right + head)]
    return [text]


#: Endings of a noun of quality, which names a thing alone and modifies no noun after "and".
_QUALITIES = ("ability", "ibility", "ness", "icity")
_HANGING_HYPHEN = re.compile(r"(.*?)([^\W_]+)- (?:and|or) ([^\W_]+)-(\S.*)")
_VERSION = re.compile(r"(?:[IVX]+|\d+(?:\.\d+)*|v\d+)")

#: Heads of a phrase that names datasets: "the Yelp and Zoo datasets".
DATASET_HEADS = frozenset({"dataset", "datasets", "benchmark", "benchmarks"})


def unbracketed(text: str) -> str:
    """``text`` without a bracketed abbreviation inside it: the term it defines.

    >>> unbracketed("out-of-distribution (OOD) generalization"), unbracketed("GPT-4 (OpenAI)")
    ('out-of-distribution generalization', 'GPT-4 (OpenAI)')
    """
    return " ".join(_INNER_BRACKET.sub(" ", text).split())


_INNER_BRACKET = re.compile(r"\s\([^()]*\)\s(?=\S)")


def unquoted(text: str) -> str:
    """``text`` without quote marks, which are never part of a name: a span that crosses a quoted
    word keeps its words ('human-centered" modeling', "class ``band aid"). An apostrophe between
    letters stays (Montezuma's Revenge).

    >>> unquoted('human-centered" modeling'), unquoted("Montezuma's Revenge")
    ('human-centered modeling', "Montezuma's Revenge")
    """
    return " ".join(_QUOTES.sub("", text).split())


_QUOTES = re.compile(r"[\"“”„`]|(?<![^\W\d_])['‘’]|['‘’](?![^\W\d_])")
_SLASHED = re.compile(r"^(.*?[A-Za-z][-_ ]?)(\d+)(/\d+(?:/\d+)*)$")
