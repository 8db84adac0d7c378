"""Which entity keys are spellings of one concept: the variants :func:`~kg.graph.terms.term_key`
does not fold.

:func:`variant_key` folds what two writers of one term differ in beyond case, plural and
hyphens: a plural inside the term ("Large Languages Model"), "fine-tuning" after what is tuned
("instruction fine-tuning" = "instruction tuning"), "large-scale" before a model ("large-scale
language model" = "large language model"), "X-based generative model" for "X model",
"diffusion probabilistic model" for "diffusion model", British spelling ("behavioural",
"normalisation", "modelling"), an adjective in -al beside its noun ("distributional shift",
"convolution network"), "neural" and "net" in the name of a network ("convolutional neural
network" = "convolutional network", "adversarial nets"), the preposition of "learning
from/with/via human feedback", "noisy X" for "X noise" and "automatic" before a task's name.
:func:`publisher_pairs` finds a dataset's name behind its publisher's initials ("MS COCO" = "COCO"),
:func:`role_head_pairs` with the word that says what it is ("DeepMind Control Suite"),
:func:`release_pairs` with the size of its release ("LAION-5B", "ImageNet-1K").
:func:`typo_pairs` finds a one-letter slip ("Low-rank adapation", "Variantional autoencoder") of
a term the corpus writes right more often (in three papers or more).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache

from kg.graph.typing_votes import head_type
from kg.text import YEAR, normal_form, singular

_BRITISH = (
    (re.compile(r"(?<=[a-z]{3})our$"), "or"),  # behaviour, neighbour, colour
    (re.compile(r"(?<=[a-z]{3})is(ation|ations|e|ed|es|er|ers|ing)$"), r"iz\1"),  # normalisation, optimiser
    (re.compile(r"(?<=[aeiou])ll(ing|ed|er|ers)$"), r"l\1"),  # modelling, labelled
)
#: "-ional", "-ioral": the adjective beside its noun (distributional/distribution, behavioral/behavior).
_ADJECTIVE = re.compile(r"(?<=[a-z]{3})(i(?:on|or|our))al$")
#: Words writers use for one another inside a term: "mean square(d) error", "recommender/recommendation
#: system", "PAC-Bayes(ian)", "dimension(ality) reduction", "lifelong/continual learning".
_SAME_WORD = {
    "squared": "square",
    "recommender": "recommendation",
    "bayesian": "bayes",
    "dimensionality": "dimension",
    "lifelong": "continual",
}
#: Words writers use for one another after a given word: "hyperparameter tuning/optimization",
#: "(text-to-)image synthesis/generation".
_SAME_AFTER = {
    ("hyperparameter", "tuning"): "optimization",
    ("image", "synthesis"): "generation",
    ("video", "synthesis"): "generation",
}
#: Prepositions that writers swap without changing the term ("learning from/with human feedback").
_SWAPPED = {"with": "from", "via": "from", "using": "from", "through": "from"}
#: Words written apart or as one ("hyper-parameter", "life-long"), joined before the tables above apply.
_JOINED = {"hyper parameter": "hyperparameter", "life long": "lifelong"}
#: Whole terms writers use for one another: the area under the ROC curve is "AUROC", "ROC-AUC",
#: "AUC-ROC" or plain "AUC" (the precision-recall one is written "AUPRC" or "PR-AUC" and stays itself).
_SAME_TERM = {
    "auroc": "auc",
    "roc auc": "auc",
    "auc roc": "auc",
    "area under the curve": "auc",
    "area under curve": "auc",
    "area under the roc curve": "auc",
    "area under roc curve": "auc",
    # the ImageNet challenge's name for its 1,000-class release (as "ImageNet-1K", :func:`release_pairs`)
    "ilsvrc": "imagenet",
    "ilsvrc 2012": "imagenet",
    "ilsvrc2012": "imagenet",
    "imagenet ilsvrc": "imagenet",
    "imagenet ilsvrc 2012": "imagenet",
}


@lru_cache(maxsize=1 << 16)
def variant_word(word: str) -> str:
    """One word folded: singular, American spelling, the noun of an -ional/-ioral adjective.

    >>> [variant_word(w) for w in ("languages", "behavioural", "normalisation", "modelling", "convolutional")]
    ['language', 'behavior', 'normalization', 'modeling', 'convolution']
    >>> [variant_word(w) for w in ("squared", "recommender", "bayesian")]
    ['square', 'recommendation', 'bayes']
    >>> [variant_word(w) for w in ("loss", "process", "neural", "four", "rational")]
    ['loss', 'process', 'neural', 'four', 'ration']
    """
    word = _ADJECTIVE.sub(r"\1", singular(word) if len(word) > 3 else word)
    for pattern, repl in _BRITISH:
        word = pattern.sub(repl, word)
    return _SAME_WORD.get(word, word)


@lru_cache(maxsize=1 << 17)
def variant_key(text: str) -> str:
    """The key every spelling variant of a term shares (words kept apart by spaces).

    >>> variant_key("Large Languages Model") == variant_key("large language models")
    True
    >>> variant_key("behavioural cloning") == variant_key("Behavior Cloning")
    True
    >>> variant_key("Generative Adversarial Nets") == variant_key("generative adversarial network")
    True
    >>> variant_key("convolutional neural networks") == variant_key("Convolutional Networks")
    True
    >>> variant_key("neural network pruning") == variant_key("network pruning")
    True
    >>> variant_key("neural networks"), variant_key("Bayesian neural network") == variant_key("Bayesian network")
    ('neural network', False)
    >>> tuning = variant_key("instruction tuning")
    >>> variant_key("instruction fine-tuning") == variant_key("Instruction Finetuning") == tuning
    True
    >>> variant_key("fine-tuning"), variant_key("large-scale language models") == variant_key("large language model")
    ('fine tuning', True)
    >>> variant_key("noisy labels") == variant_key("label noise"), variant_key("noisy label learning")
    (True, 'noisy label learning')
    >>> variant_key("Automatic Speech Recognition"), variant_key("automatic differentiation")
    ('speech recognition', 'automatic differentiation')
    >>> hpo = variant_key("Hyperparameter Optimization")
    >>> variant_key("hyper-parameter tuning") == hpo, variant_key("hyperparameter search")
    (True, 'hyperparameter search')
    >>> variant_key("text-to-image synthesis") == variant_key("text-to-image generation"), variant_key("view synthesis")
    (True, 'view synthesis')
    >>> variant_key("life-long learning") == variant_key("Lifelong Learning") == variant_key("continual learning")
    True
    >>> dm = variant_key("diffusion models")
    >>> dm == variant_key("diffusion-based generative models") == variant_key("Diffusion Probabilistic Models")
    True
    >>> variant_key("Denoising Diffusion Probabilistic Models") == dm  # DDPM, a model of its own
    False
    >>> variant_key("score-based generative model") == variant_key("score model"), variant_key("physics-based model")
    (True, 'physics based model')
    >>> variant_key("AUROC") == variant_key("ROC-AUC") == variant_key("area under the ROC curve") == variant_key("AUC")
    True
    >>> variant_key("PR-AUC"), variant_key("AUPRC")
    ('pr auc', 'auprc')
    >>> rlhf = variant_key("reinforcement learning with human feedback")
    >>> rlhf == variant_key("reinforcement learning from human feedback"), rlhf == variant_key("RL from human feedback")
    (True, False)
    """
    joined = normal_form(text)
    for apart, one in _JOINED.items():
        joined = joined.replace(apart, one)
    words = joined.split(" ")
    for i in range(1, len(words)):
        words[i] = _SAME_AFTER.get((words[i - 1], words[i]), words[i])
    if len(words) >= 2 and words[-1] in ("net", "nets"):
        words[-1] = "network"
    # "diffusion-based generative model" = "diffusion model", "diffusion probabilistic model" too
    if len(words) >= 3 and singular(words[-1]) == "model":
        # one word before "based": a "neural network-based generative model" is no "neural network model";
        # an "X-based model" is often a generic "X model" ("network-based", "physics-based")
        if words[1:-1] == ["based", "generative"]:
            del words[1:-1]
        elif words[:2] == ["diffusion", "probabilistic"] and len(words) == 3:  # not DDPM, a model of its own
            del words[1]
    # "instruction fine-tuning" = "instruction tuning" (a bare "fine-tuning" stays itself)
    if len(words) >= 3 and words[-2:] == ["fine", "tuning"]:
        del words[-2]
    elif len(words) >= 2 and words[-1] == "finetuning":
        words[-1] = "tuning"
    # "large-scale language model" = "large language model"
    if len(words) >= 3 and words[:2] == ["large", "scale"] and singular(words[-1]) in ("model", "network"):
        del words[1]
    # "convolutional neural network" = "convolutional network", "neural network pruning" =
    # "network pruning"; a "Bayesian network" is no "Bayesian neural network", a "neural network"
    # no "network"
    if len(words) >= 3:
        for i in range(len(words) - 2, -1, -1):
            if (
                words[i] in ("neural", "neuron")
                and words[i + 1] == "network"
                and not (i and words[i - 1].endswith("ian"))
            ):
                del words[i]
    # "noisy labels" = "label noise"; "automatic speech recognition" = "speech recognition" (a
    # task's name: "automatic differentiation" keeps its word)
    if len(words) == 2 and words[0] == "noisy":
        words = [words[1], "noise"]
    if len(words) >= 3 and words[0] in ("automatic", "automated") and head_type(" ".join(words[1:])) == "Task":
        del words[0]
    last = len(words) - 1
    key = " ".join(_SWAPPED[w] if 0 < i < last and w in _SWAPPED else variant_word(w) for i, w in enumerate(words))
    return _SAME_TERM.get(key, key)


def _one_edit(a: str, b: str) -> int | None:
    """Where ``a`` and ``b`` differ by one inserted, deleted or replaced letter, else ``None``."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return None
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return i if a[i + 1 :] == b[i + 1 :] else None
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return i if short[i:] == long[i + 1 :] else None


def is_typo(rare: str, common: str) -> bool:
    """``rare`` is ``common`` (two variant keys) with one letter slipped, inside a long word, away
    from its ends, and neither holds a digit (ResNet-18 and ResNet-10 are two things).

    >>> is_typo("low rank adapation", "low rank adaptation"), is_typo("variantional vae", "variational vae")
    (True, True)
    >>> is_typo("pretraining", "retraining"), is_typo("graph encoder", "graph decoder")
    (False, False)
    >>> is_typo("regularizer", "regularized"), is_typo("resnet 18", "resnet 10")
    (False, False)
    """
    if any(c.isdigit() for c in rare + common):
        return False
    a, b = rare.split(" "), common.split(" ")
    if len(a) != len(b):
        return False
    diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    if len(diff) != 1:
        return False
    x, y = diff[0]
    at = _one_edit(x, y)
    shortest = min(len(x), len(y))
    return at is not None and shortest >= 6 and 2 <= at < shortest - 2


def _deletions(key: str) -> Iterable[str]:
    return (key[:i] + key[i + 1 :] for i in range(len(key)) if key[i] != " ")


def typo_pairs(papers: Mapping[str, int]) -> dict[str, str]:
    """``rare -> common`` for variant keys (with their paper counts) where the rare key, in at most
    two papers, is a slip (:func:`is_typo`) of a key in at least twice as many papers (and three:
    a spelling two papers share is no proof; ``kg curate --suggest`` still offers those).

    Near-linear: each key is looked up by its one-letter deletions (symmetric delete).

    >>> typo_pairs({"low rank adaptation": 9, "low rank adapation": 1, "graph decoder": 5, "graph encoder": 1})
    {'low rank adapation': 'low rank adaptation'}
    """
    index: dict[str, list[str]] = defaultdict(list)
    for key, n in papers.items():
        if n >= 3 and len(key) >= 8:
            index[key].append(key)
            for d in _deletions(key):
                index[d].append(key)
    # A slip makes a rare word (its writer may repeat it in a few terms): only keys with a word
    # in at most 3 keys are looked up.
    words = Counter(w for key in papers for w in set(key.split(" ")))
    out: dict[str, str] = {}
    for key, n in papers.items():
        if n > 2 or len(key) < 8 or any(c.isdigit() for c in key):  # digits: no slip (is_typo)
            continue
        if all(words[w] > 3 or len(w) < 6 for w in key.split(" ")):
            continue
        found = {c for probe in (key, *_deletions(key)) for c in index.get(probe, ())}
        fits = [c for c in found if papers[c] >= max(3, 2 * n) and is_typo(key, c)]
        if fits:
            out[key] = max(fits, key=lambda c: (papers[c], c))
    return out


_INITIALS = re.compile(r"[A-Z]{2,}")
#: What a dataset's name may end with that says what it is (variant keys are singular).
_ROLE_HEADS = frozenset({"benchmark", "dataset", "environment", "suite"})


def publisher_pairs(datasets: Mapping[str, Iterable[str]], known: Iterable[str]) -> dict[str, str]:
    """``prefixed -> plain`` variant keys of a dataset's name written behind its publisher's
    initials ("MS COCO", "MS-COCO", "PASCAL VOC") and the plain name ("COCO", "VOC") of a dataset
    the corpus ``known`` (variant keys of datasets named in two papers or more). ``datasets``
    maps the variant key of each dataset to its texts: one written "MSCOCO" first is still "MS
    COCO" elsewhere. A capitalized word is no initials: "Tiny ImageNet", "Split CIFAR-100" and
    "Permuted MNIST" are datasets of their own.

    >>> publisher_pairs({"ms coco": ["MS-COCO"], "pascal voc": ["PASCAL VOC"], "tiny imagenet": ["Tiny ImageNet"],
    ...     "mscoco": ["MSCOCO", "MS COCO"]}, ["coco", "voc", "imagenet"])
    {'ms coco': 'coco', 'pascal voc': 'voc', 'mscoco': 'coco'}
    """
    plain = set(known)
    out: dict[str, str] = {}
    for key, texts in datasets.items():
        for text in texts:
            first, _, rest = variant_key(text).partition(" ")
            word = re.split(r"[\s\-]+", text.strip(), maxsplit=1)[0]
            if rest and rest in plain and rest != key and _INITIALS.fullmatch(word) and word.lower() == first:
                out[key] = rest
                break
    return out


def role_head_pairs(datasets: Iterable[str], known: Iterable[str]) -> dict[str, str]:
    """``headed -> plain`` variant keys of a dataset's name written with the word that says what
    it is ("DeepMind Control Suite") and without it ("DeepMind Control"), when the corpus ``known``
    the plain name as a dataset (named in two papers or more). :func:`~kg.graph.terms.core_term`
    keeps a head in title case, as the plain name may be no name of its own ("Open Graph
    Benchmark"); a corpus that writes both says it is.

    >>> role_head_pairs(["deepmind control suite", "open graph benchmark", "atari"], ["deepmind control", "atari"])
    {'deepmind control suite': 'deepmind control'}
    """
    plain = set(known)
    out: dict[str, str] = {}
    for key in datasets:
        rest, _, last = key.rpartition(" ")
        if last in _ROLE_HEADS and rest in plain:
            out[key] = rest
    return out


#: A dataset's release named by its size: millions or billions of items ("LAION-400M", "JFT-300M",
#: "DataComp-1B") or the thousand classes of the standard release ("ImageNet-1K"; "ImageNet-21K" is a
#: dataset of its own, twenty times larger), or by its year ("COCO 2017").
_RELEASE = re.compile(rf"(?P<name>.*[a-z]) ?(?:1k|\d+(?:\.\d+)?[mb]|{YEAR.pattern})")


def release_pairs(datasets: Iterable[str], known: Iterable[str]) -> dict[str, str]:
    """``release -> plain`` variant keys of a dataset's name with the size of a release
    ("LAION-5B", "ImageNet-1K", "ImageNet1k") or its year ("COCO 2017") and without it ("LAION",
    "ImageNet"), when the corpus ``known`` the plain name as a dataset (named in two papers or
    more): papers write the one for the other. "ImageNet-21K", a larger dataset, and a name that is
    no dataset alone ("Human3.6M", "ADE20K") stay themselves.

    >>> release_pairs(["laion 5b", "imagenet 1k", "imagenet1k", "imagenet 21k", "human3.6m", "ade20k",
    ...     "coco 2017"], ["laion", "imagenet", "coco"])
    {'laion 5b': 'laion', 'imagenet 1k': 'imagenet', 'imagenet1k': 'imagenet', 'coco 2017': 'coco'}
    """
    plain = set(known)
    out: dict[str, str] = {}
    for key in datasets:
        match = _RELEASE.fullmatch(key)
        if match and match["name"] in plain and match["name"] != key:
            out[key] = match["name"]
    return out
