"""Small text helpers shared by extraction and resolution."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from wordfreq import zipf_frequency

_INVARIANT = frozenset(
    {
        "analysis",
        "basis",
        "thesis",
        "hypothesis",
        "axis",
        "bias",
        "class",
        "loss",
        "process",
        "gaussian",
        "chaos",
        "cosmos",  # a name too: Cosmos, a world model, is no COSMO
        "ethos",
        "pathos",
        "lens",
        "news",
        "physics",
        "mathematics",
        "dynamics",
        "statistics",
        "robotics",
        "semantics",
        "linguistics",
        "economics",
        "kinetics",
        "genomics",
        "optics",
        "series",
        "species",
        "corpus",
        "status",
        "focus",
        "consensus",
        "radius",
        "stimulus",
        "virus",
        "bonus",
        "campus",
        "census",
        "nexus",
        "apparatus",
        "modulus",
        "locus",
        "bayes",
        # surnames that end in s, in the names of methods and models: Gibbs sampling,
        # Navier-Stokes equations, Hawkes processes, the Potts model, Metropolis-Hastings
        "gibbs",
        "stokes",
        "hawkes",
        "hastings",
        "potts",
        "lindenstrauss",
        "mises",
        "matthews",
        "plus",
        "minus",
        "bus",
        "gas",
        "atlas",
        "canvas",
        "alias",
        "its",
        "this",
        "less",
        "across",
        "various",
        "previous",
        "numerous",
        "continuous",
        "autonomous",
        "diverse",
        "ms",
        "us",
        "means",
    }
)
_IRREGULAR = {
    "corpora": "corpus",
    "data": "data",
    "indices": "index",
    "matrices": "matrix",
    "vertices": "vertex",
    "criteria": "criterion",
    "phenomena": "phenomenon",
    "equilibria": "equilibrium",
    "maxima": "maximum",
    "minima": "minimum",
    "optima": "optimum",
    "extrema": "extremum",
    "spectra": "spectrum",
    "curricula": "curriculum",
    "simplices": "simplex",
    "hypotheses": "hypothesis",
    "analyses": "analysis",
    "bases": "basis",
    "emphases": "emphasis",
    "syntheses": "synthesis",
    "diagnoses": "diagnosis",
    "parentheses": "parenthesis",
    "theses": "thesis",
    "caches": "cache",
    "niches": "niche",
    "headaches": "headache",
}


_CAMEL_NAME = re.compile(r"[a-z][a-z0-9]*[A-Z][a-z]+s")


@lru_cache(maxsize=1 << 16)
def joins_word(char: str) -> bool:
    """Whether ``char`` (one character, or none) goes on a word: a letter, a digit, "_" or "-".

    >>> joins_word("-"), joins_word("é"), joins_word(" "), joins_word("")
    (True, True, False, False)
    """
    return bool(char) and (char.isalnum() or char in "-_")


@lru_cache(maxsize=1 << 17)
def singular(word: str) -> str:
    """The singular of an English or acronym plural, keeping the word's case.

    >>> [singular(w) for w in ["Autoencoders", "LLMs", "SAEs", "policies", "losses", "dynamics"]]
    ['Autoencoder', 'LLM', 'SAE', 'policy', 'loss', 'dynamics']

    A final capital S is part of a name, not a plural; "-es" after an invariant word goes:

    >>> [singular(w) for w in ["SWAP-NAS", "TransNAS", "NAS", "biases", "k-means", "emphases"]]
    ['SWAP-NAS', 'TransNAS', 'NAS', 'bias', 'k-means', 'emphasis']

    A name in camel case with a lower-case start keeps its final s; an acronym's plural does not:

    >>> [singular(w) for w in ["nuScenes", "dSprites", "kNNs", "nEtworks"]]
    ['nuScenes', 'dSprites', 'kNN', 'nEtwork']
    >>> [singular(w) for w in ["sizes", "buzzes", "bonuses", "PAC-Bayes", "boxes", "GPUs", "ReLUs", "APIs"]]
    ['size', 'buzz', 'bonus', 'PAC-Bayes', 'box', 'GPU', 'ReLU', 'API']
    >>> [singular(w) for w in ["Gibbs", "Navier-Stokes", "Hawkes", "Metropolis-Hastings"]]
    ['Gibbs', 'Navier-Stokes', 'Hawkes', 'Metropolis-Hastings']

    A short suffix after a hyphen or slash names a variant or a unit, not a plural:

    >>> [singular(w) for w in ["EfficientMod-s", "Hyena-GPT-s", "FLOPs/s", "k-NNs", "ViT-Bs"]]
    ['EfficientMod-s', 'Hyena-GPT-s', 'FLOPs/s', 'k-NN', 'ViT-Bs']

    Latin plurals of mathematics: "Nash equilibria" is "Nash equilibrium", "local minima" a
    "local minimum":

    >>> [singular(w) for w in ["equilibria", "Minima", "spectra", "criteria"]]
    ['equilibrium', 'Minimum', 'spectrum', 'criterion']

    The plural after "-of-" is the phrase's own: a mixture of experts is one mixture.

    >>> [singular(w) for w in ["Mixture-of-Experts", "bag-of-words", "chains-of-thought", "regions-of-interests"]]
    ['Mixture-of-Experts', 'bag-of-words', 'chain-of-thought', 'region-of-interests']
    """
    low = word.lower()
    if "-of-" in low:
        first, _, rest = word.partition("-")
        return f"{singular(first)}-{rest}"  # the head comes first
    cut = max(low.rfind("-"), low.rfind("/"))
    if cut >= 0 and len(low) - cut <= 3:
        return word  # a short variant suffix, not a plural: EfficientMod-s, Hyena-GPT-s, FLOPs/s
    if low in _IRREGULAR:
        return _match_case(_IRREGULAR[low], word)
    if word[-1:] == "S" and sum(c.isupper() for c in word) >= 2:  # SWAP-NAS, TransNAS: not plurals
        return word
    if _CAMEL_NAME.fullmatch(word) and zipf_frequency(low, "en") < 3:  # nuScenes, dSprites: a name
        return word  # not an English plural with a capital spelling an acronym ("GRaph nEural nEtworks")
    if word[-1:] == "s" and word[-2:-1].isupper() and sum(c.isupper() for c in word) >= 2:
        return word[:-1]  # an acronym's plural, whatever its last letter: GPUs, ReLUs, APIs (not bonus, basis)
    if low.endswith("es") and low[:-2] in _INVARIANT:  # biases, aliases, viruses
        return word[:-2]
    if len(word) <= 3 and not word[:-1].isupper():
        return word
    if low in _INVARIANT or low.rpartition("-")[2] in _INVARIANT or low.endswith(("ss", "us", "is", "ics")):
        return word
    if word.endswith("s") and len(word) >= 3 and word[:-1].isupper():
        return word[:-1]  # LLMs -> LLM
    if low.endswith("ies") and len(word) > 4:
        return word[:-3] + ("Y" if word[-3].isupper() else "y")
    if low.endswith(("sses", "shes", "ches", "xes", "zzes")):  # not "sizes", "prizes": size, prize
        return word[:-2]
    if low.endswith("s") and not low.endswith("'s"):
        return word[:-1]
    return word


def name_like(label: str) -> bool:
    """Written like a name: a digit, or a capital past a word's first letter.

    >>> [name_like(t) for t in ("GPT-4", "DreamBooth", "LAQ", "Transformer", "latent space")]
    [True, True, True, False, False]
    """
    return any(c.isdigit() for c in label) or any(c.isupper() for w in label.split() for c in w[1:])


def capitals_of_a_name(word: str) -> bool:
    """Whether one word is capitalized as a name: a capital past its first letter ("DeBERTa",
    "LSTM", "GPT-3"), or a capital first and a digit ("ResNet50", "D4RL"); not "Hopfield".

    >>> [capitals_of_a_name(w) for w in ("DeBERTa", "LSTM", "Resnet50", "Hopfield", "resnet50")]
    [True, True, True, False, False]
    """
    return any(c.isupper() for c in word[1:]) or (word[:1].isupper() and any(c.isdigit() for c in word))


#: Head nouns whose "of" names what a construct of the field is made of ("mixture of experts",
#: "curse of dimensionality"), with the kind of thing the construct is.
OF_HEADS = {"mixture": "Method", "ensemble": "Method", "bag": "Method", "curse": "Concept", "union": "Concept"}


def of_construct(label: str) -> bool:
    """Whether ``label`` is a construct of the field written with "of" (:data:`OF_HEADS`), or a name of
    two words in title case joined by it: "curse of dimensionality" and "Honor of Kings" are terms,
    though "of" mostly makes a phrase ("Bayesian regret of C-PSRL").

    >>> of_construct("curse of dimensionality"), of_construct("Ensembles of models"), of_construct("regret of C-PSRL")
    (True, True, False)
    >>> of_construct("Tree of Thoughts"), of_construct("Theory of mind"), of_construct("Analysis of High Dimensions")
    (True, False, False)
    """
    head, of, tail = label.partition(" of ")
    if not of or " " in head:
        return False
    return singular(head.lower()) in OF_HEADS or (head.istitle() and tail.istitle() and " " not in tail)


#: Last pieces of a hyphened word that make it qualify a noun and name nothing alone, a name before them
#: too: "projection-free", "context-aware", "NMF-like", "SO(3)-equivariant" (not "-based": "DFBT-based"
#: names DFBT) (:mod:`kg.nlp.hyphened`, :mod:`kg.graph.terms`).
QUALIFYING_PIECES = frozenset(
    "free aware agnostic driven guided specific invariant like equivariant friendly dependent independent".split()
)
#: A year written in a name or a citation: "COCO 2017", "Kidger 2020".
YEAR = re.compile(r"(?:19|20)\d\d")
#: One word that joins two things by "to" and says what a thing maps: "text-to-image", "text-to-3D".
MAPPING_WORD = re.compile(r"[^\W_]+-to-[^\W_]+", re.IGNORECASE)
_WORD_PARTS = re.compile(r"[\s\-/]+")


def spelled_as_name(text: str) -> bool:
    """Whether a word of ``text`` has a capital past its first letter ("ImageNet", "MNIST",
    "SQuAD"); title case, hyphenated or not, is no name ("Expectation-Maximization"), nor is "3D".

    >>> [spelled_as_name(t) for t in ("ImageNet", "MNIST", "Expectation-Maximization", "Soft Actor-Critic", "3D")]
    [True, True, False, False, False]
    """
    return any(w[:1].isalpha() and any(c.isupper() for c in w[1:]) for w in _WORD_PARTS.split(text))


def _match_case(target: str, like: str) -> str:
    return target.capitalize() if like[:1].isupper() else target


_DASHES = re.compile(r"[\u2010-\u2015\u2212_/-]+")
_PUNCT = re.compile(r"[^\w\s.+#%&]")
_SPACE = re.compile(r"\s+")


#: One word in capitals, too long for an acronym that happens to spell a word ("COCO", "CLIP", "ADAM").
_CAPITALS_WORD = re.compile(r"[A-Z]{5,}")


@lru_cache(maxsize=1 << 17)
def normal_form(text: str) -> str:
    """Case, plural, hyphen and space variants of a term collapse to one form.

    >>> normal_form("Sparse Auto-Encoders") == normal_form("sparse auto encoder")
    True
    >>> normal_form("Key-Value cache")
    'key value cache'

    An English word written in capitals alone is a name, not that word: GENOME (a visual reasoner)
    and the SYMBOL framework are no genomes or symbols.

    >>> normal_form("GENOME"), normal_form("genomes"), normal_form("LLMs"), normal_form("COCO")
    ('GENOME', 'genome', 'llm', 'coco')
    """
    if _CAPITALS_WORD.fullmatch(text) and english_zipf(text) >= 3.0:
        return text
    text = _DASHES.sub(" ", text.replace("’", "'"))
    text = _PUNCT.sub(" ", text)
    words = _SPACE.sub(" ", text).strip().split(" ")
    if words and words[-1]:
        words[-1] = singular(words[-1])
    return " ".join(words).lower()


_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def safe_text(text: str) -> str:
    r"""Text every output format can hold: control characters, lone surrogates and the
    non-characters U+FFFE/U+FFFF (none of which XML 1.0 allows) become spaces.

    >>> safe_text("a\x00b\ud800c\tok")
    'a b c\tok'
    """
    return _UNSAFE.sub(" ", text)


@lru_cache(maxsize=1 << 16)
def english_zipf(word: str) -> float:
    """How common ``word`` is in English at large: its Zipf frequency (0 for unknown, about 7 for
    "the"; `wordfreq <https://github.com/rspeer/wordfreq>`_), of its singular when that is commoner.

    >>> english_zipf("amount") > 4.5 > 2.5 > english_zipf("overfitting")
    True
    """
    low = word.lower()
    return max(zipf_frequency(low, "en"), zipf_frequency(singular(low), "en"))


#: Words that a missing space glues to the next one ("thestroke", "ofthe").
_GLUED_WORDS = ("the", "and", "of", "to", "for", "with", "this", "that", "we", "our", "is", "are")


def rare_term(word: str) -> bool:
    """Whether ``word`` is rare in English at large (Zipf frequency under 3: "overfitting",
    "memristor", "grokking") and not two common words a missing space glued together
    ("thestroke", "ofdiffusion").

    >>> [rare_term(w) for w in ("overfitting", "inpainting", "thestroke", "model", "ofdiffusion")]
    [True, True, False, False, False]
    """
    low = word.lower()
    if english_zipf(low) >= 3.0:
        return False
    return not any(low.startswith(g) and english_zipf(low[len(g) :]) >= 3.0 for g in _GLUED_WORDS)


@lru_cache(maxsize=1 << 18)
def term_key(text: str) -> str:
    """The key two spellings of one term share: case, plural, hyphens and spaces folded.

    >>> term_key("Sparse Auto-Encoders") == term_key("sparse autoencoder"), term_key("Fréchet") == term_key("Frechet")
    (True, True)
    """
    return normal_form(plain_letters(text)).replace(" ", "")


def plain_letters(text: str) -> str:
    """Ligatures and accents folded to plain letters ("ofﬂine" = "offline", "Fréchet" = "Frechet").

    >>> plain_letters("ofﬂine Fréchet")
    'offline Frechet'
    """
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of ``text`` that holds the characters ``start:end`` begins and ends.

    >>> sentence_bounds("We propose X. It beats Y on D. Done.", 24, 25)
    (14, 30)
    """
    begin = max(text.rfind(". ", 0, start), text.rfind("? ", 0, start))
    stop = text.find(". ", end)
    return begin + 2 if begin >= 0 else 0, stop + 1 if stop >= 0 else len(text)


def sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds the characters ``start:end`` (:func:`sentence_bounds`).

    >>> sentence_at("We propose X. It beats Y on D. Done.", 24, 25)
    'It beats Y on D.'
    """
    begin, stop = sentence_bounds(text, start, end)
    return text[begin:stop].strip()
