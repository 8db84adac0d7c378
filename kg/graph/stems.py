"""How kg compares the long forms of one abbreviation word by word: a word's :func:`stem`, two
words of one stem (:func:`same_stems`: "low-rank adaptation" and "low-rank adapter" for LoRA), and
two that differ only in a word saying what kind of thing it is (:func:`kind_swap`: "network
architecture search" and "neural architecture search" for NAS)."""

from __future__ import annotations


def stem(word: str) -> str:
    """A word's stem as kg compares long forms: its first five letters ("adapt" of "adapter" and
    "adaptation", "proba" of "probabilistic" and "probability").

    >>> stem("adaptation"), stem("net")
    ('adapt', 'net')
    """
    return word[:5]


def same_stems(a: str, b: str) -> bool:
    """Two variant keys whose words have the same :func:`stem` one by one: the long forms one
    abbreviation was given ("low-rank adaptation" and "low-rank adapter" for LoRA, "denoising
    diffusion probabilistic/probability model" for DDPM, "mean square(d) error" for MSE). Alone
    this would make an "image generator" of "image generation":
    :func:`~kg.graph.resolve.merge_variants` asks for the same abbreviation too.

    >>> same_stems("low rank adaptation", "low rank adapter"), same_stems("pac bayes", "pac bayesian")
    (True, True)
    >>> same_stems("graph encoder", "graph decoder"), same_stems("mean squared error", "mean error")
    (False, False)
    """
    return a != b and _differing_stems(a, b) == []


def _differing_stems(a: str, b: str) -> list[tuple[str, str]] | None:
    """The :func:`stem` pairs of the words where two keys of as many words differ (None: they have
    not as many words)."""
    x, y = a.split(" "), b.split(" ")
    if len(x) != len(y):
        return None
    return [(stem(u), stem(v)) for u, v in zip(x, y, strict=True) if not _one_stem(u, v)]


#: How many letters after the ones two words share may be an ending ("-ation" after "adapt" is 5
#: letters of the longer word, "-er" 2 of the shorter): counted on the shorter word.
_ENDING = 4


def _one_stem(u: str, v: str) -> bool:
    """Two words of one stem: the same :func:`stem`, and what follows the letters they share is no
    more than an ending ("adapt|er", "adapt|ation", "probabili|stic"). "Hyperbolic" and
    "hypergraph" share "hyper" and go on as two words: the hyperbolic and the hypergraph neural
    networks some papers both abbreviate HNN are two things.

    >>> _one_stem("adapter", "adaptation"), _one_stem("probabilistic", "probability")
    (True, True)
    >>> _one_stem("hyperbolic", "hypergraph"), _one_stem("multimodal", "multiagent")
    (False, False)
    """
    if stem(u) != stem(v):
        return False
    shared = next((i for i, (x, y) in enumerate(zip(u, v, strict=False)) if x != y), min(len(u), len(v)))
    return shared >= min(len(u), len(v)) - _ENDING


#: Words that say what kind of thing a name is, not which: "stochastic gradient method" (SGD) is
#: stochastic gradient descent, "Network Architecture Search" (NAS) neural architecture search.
KIND_STEMS = frozenset(
    stem(w) for w in "method algorithm approach technique framework model network system scheme".split()
)


def kind_swap(a: str, b: str) -> bool:
    """Two variant keys whose words have the same :func:`stem` but for one, which in one of them only
    says what kind of thing it is: the long forms one abbreviation was given by writers who
    disagree on a word ("Network Architecture Search" and "neural architecture search" for NAS);
    :func:`~kg.graph.short_forms.stem_pairs` asks for the same abbreviation too. "Forward learning"
    and "federated learning" (FL) differ in a word that says which.

    >>> kind_swap("network architecture search", "neural architecture search")
    True
    >>> kind_swap("stochastic gradient method", "stochastic gradient descent")
    True
    >>> kind_swap("forward learning", "federated learning"), kind_swap("graph network", "graph neural network")
    (False, False)
    """
    diff = _differing_stems(a, b)
    return " " in a and diff is not None and len(diff) == 1 and bool(KIND_STEMS & set(diff[0]))
