"""A term's text made comparable: role heads, unbalanced brackets and stray quotes dropped
(:func:`core_term`, :func:`balanced`, :func:`kg.graph.marks.unquoted`), and the key two spellings
of one term share (:func:`term_key`: case, plural, hyphens, spaces and accents folded).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from kg.graph.adjectives import only_adjective
from kg.graph.marks import formula, unquoted
from kg.records import Extraction
from kg.text import QUALIFYING_PIECES, capitals_of_a_name, of_construct, singular, term_key

#: Heads that say what role a term plays, not what it is: "polymer generation task" is the task
#: "polymer generation", "policy gradient methods" the method "policy gradient", "Atari games"
#: and "the GLUE benchmark" the benchmarks Atari and GLUE.
ROLE_HEADS = frozenset(
    {
        "task", "tasks", "problem", "problems", "setting", "settings", "framework", "frameworks",
        "paradigm", "paradigms", "approach", "approaches", "technique", "techniques", "strategy",
        "strategies", "scheme", "schemes", "method", "methods", "algorithm", "algorithms",
        "benchmark", "benchmarks", "dataset", "datasets", "environment", "environments", "game", "games",
        "suite", "baseline", "baselines", *("setup", "setups", "mechanism", "mechanisms"),
        *("issue", "issues", "phenomenon", "phenomena", "scenario", "scenarios"),
    }
)  # fmt: skip
#: Role heads that a one-word term keeps: the "Gaussian mechanism" is a mechanism, a "multi-camera
#: setup" no camera; "the meta-ICL setup" and "a multi-head attention mechanism" are what heads them.
_AFTER_PHRASES = frozenset({"setup", "setups", "mechanism", "mechanisms"})


#: The role heads of a dataset, a benchmark or an environment: what they head is one.
DATASET_ROLE_HEADS = frozenset(
    {"benchmark", "benchmarks", "dataset", "datasets", "environment", "environments", "game", "games", "suite"}
)
#: Heads of a measure after a metric's abbreviation: "F1 score", "ROC-AUC metric".
_MEASURE_HEADS = frozenset({"score", "scores", "metric", "metrics"})
#: Heads that add nothing to a one-word name before them: "GPT-3 model" is GPT-3, "a ViT backbone" a
#: ViT, "the BERT family" BERT, "the Sheared-LLaMA series" Sheared-LLaMA, "+2 BLEU points" BLEU. Not "network": a
#: "ReLU network" is a network with ReLU in it, not ReLU; nor "metric": the "Fisher-Rao metric" is no Fisher-Rao.
_NAMED_HEADS = frozenset(
    {"model", "models", "module", "modules", "architecture", "architectures", "backbone", "backbones"}
    | {"family", "families", "variant", "variants", "point", "points", "performance", "series"}
)


def _written_name(word: str) -> bool:
    """A word written as a name, three characters or more: a capital inside ("DeBERTa", "GPT-3",
    "LSTM"), or a capital and a digit ("ResNet50"); not "Hopfield" nor "Imagenet", not a field
    ("AI", "ML"), not a name with a lower-case suffix ("DP-trained", "BERT-base"); a size's letter
    and number are part of it ("EfficientFormerV2-s2")."""
    suffix = word.rpartition("-")[2]
    return len(word) >= 3 and not (suffix.islower() and suffix.isalpha()) and capitals_of_a_name(word)


_GAMES = frozenset({"game", "games"})
#: Names of kinds of game, not of a benchmark of games.
_GAME_KINDS = frozenset({"markov", "stackelberg", "bayesian", "nash", "cournot", "bertrand"})
_OPEN, _CLOSE = "([{", ")]}"


def balanced(text: str) -> str:
    """The term without a bracket its span cut off: the part before the first unmatched bracket
    when it names something (two letters or more), else the part after it, else nothing.

    >>> balanced("ASAP) algorithm"), balanced("Alpaca(7B"), balanced("GPT-4 (OpenAI)"), balanced("O(T4")
    ('ASAP', 'Alpaca', 'GPT-4 (OpenAI)', '')
    >>> balanced("Hessian-based) optimizers")  # of "second-order (Hessian-based) optimizers"
    'optimizers'

    A group's name cut from its order, "SE(3" of "SE(3)-equivariant", is no abbreviation ("SE" is
    no speech enhancement there) and nothing alone:

    >>> balanced("SE(3"), balanced("SE-(3"), balanced("SU(N"), balanced("Alpaca(7B")
    ('', '', '', 'Alpaca')
    """
    if not any(c in text for c in "()[]{}"):
        return text
    stack: list[int] = []
    for i, c in enumerate(text):
        if c in _OPEN:
            stack.append(i)
        elif c in _CLOSE:
            if stack and _OPEN[_CLOSE.index(c)] == text[stack[-1]]:
                stack.pop()
            else:
                return _side(text, i)
    return _side(text, stack[0]) if stack else text


#: Lie groups written with their order or dimension: SE(3), SO(3), E(n), SU(2), U(1), GL(n).
_GROUP_NAME = re.compile(r"S?[EOU]|[GS]L|Sp")
_GROUP_ORDER = re.compile(r"[\dnNdkm]+")


def _side(text: str, cut: int) -> str:
    """What names something on either side of the unmatched bracket at ``cut``. Before a closing
    one is the inside of a bracket the span began in: a name ("ASAP) algorithm"), or words that
    qualify the noun after it ("possibly non-differentiable) functions": the functions)."""
    before, after = text[:cut].strip(" -.,;:"), text[cut + 1 :].strip(" -.,;:")
    if text[cut] in _OPEN and _GROUP_NAME.fullmatch(before) and _GROUP_ORDER.fullmatch(after):
        return ""
    qualifier = text[cut] in _CLOSE and (not any(c.isupper() or c.isdigit() for c in before) or _qualifier(before))
    if sum(c.isalpha() for c in before) >= 2 and not (qualifier and sum(c.isalpha() for c in after) >= 2):
        return before
    return after if sum(c.isalpha() for c in after) >= 2 else ""


#: Endings of a word that qualifies a noun and names nothing alone: "projection-free",
#: "context-aware", "model-agnostic", "gradient-based".
_QUALIFIER_ENDINGS = tuple(f"-{piece}" for piece in sorted(QUALIFYING_PIECES | {"based"}))


def _qualifier(words: str) -> bool:
    """Whether ``words`` end as a modifier, not a term: "stochastic projection-free", "variance
    reduced", "weakly supervised", "asymptotically optimal" (what is left of "... algorithms").

    >>> [_qualifier(w) for w in ("variance reduced", "asymptotically optimal", "policy gradient", "speed")]
    [True, True, False, False]
    """
    split = words.lower().split()
    last = split[-1]
    participle = last.endswith("ed") and len(last) >= 5 and not last.endswith("eed")
    adverb = len(split) >= 2 and split[-2].endswith("ally")  # "asymptotically optimal", "theoretically grounded"
    return last.endswith(_QUALIFIER_ENDINGS) or participle or adverb


#: A name after the words that describe it: "the dynamic benchmark WIKIMIA", "a federated learning
#: algorithm FedAvg", "the open-source solver SCIP", "a skill-learning objective WSEP" (held-out samples c, j).
_DESCRIBED_NAME = re.compile(
    r"(?:[a-z][\w-]*\s+)*(?:method|approach|algorithm|framework|model|benchmark|dataset|task|metric|solver|objective"
    r"|software|library|toolkit|tool|system|agent|architecture|platform|simulator|package|optimizer|estimator)s?"
    r"\s+(\S+(?:\s+\S+){0,2})"
)


def core_term(text: str) -> str:
    """The term without a role head, when what is left still names something: two words or
    more, or a name (a capital letter).

    >>> core_term("polymer generation task"), core_term("PPO algorithm"), core_term("gradient method")
    ('polymer generation', 'PPO', 'gradient method')

    A metric's abbreviation with "score" or "metric" is the metric; a name with lower-case letters is not:

    A game keeps its head unless a name is left (a benchmark of games):

    >>> core_term("Atari games"), core_term("mean field games"), core_term("Markov games")
    ('Atari', 'mean field games', 'Markov games')

    A name in title case keeps its head: "Open Graph Benchmark" is not "Open Graph":

    >>> core_term("Open Graph Benchmark"), core_term("GLUE Benchmark"), core_term("Atari Games")
    ('Open Graph Benchmark', 'GLUE', 'Atari')

    >>> core_term("F1 score"), core_term("BLEU scores"), core_term("Inception Score"), core_term("anomaly score")
    ('F1', 'BLEU', 'Inception Score', 'anomaly score')
    >>> core_term("F1-score"), core_term("Z-score"), core_term("PIE-Bench")
    ('F1', 'Z-score', 'PIE-Bench')
    >>> core_term("ROC-AUC metric"), core_term("STARC metrics"), core_term("Fisher-Rao metric")
    ('ROC-AUC', 'STARC', 'Fisher-Rao metric')

    A setup, a baseline or a mechanism is the term that heads it when that term is a phrase or a name:

    >>> core_term("federated learning setup"), core_term("PPO baseline"), core_term("attention mechanism")
    ('federated learning', 'PPO', 'attention mechanism')
    >>> core_term("Gaussian mechanism"), core_term("multi-head attention mechanism"), core_term("meta-ICL setups")
    ('Gaussian mechanism', 'multi-head attention', 'meta-ICL')

    So are an issue, a phenomenon or a scenario (not a regime, a term of its own: the "NTK regime";
    nor a challenge, often a benchmark: the "Argoverse vehicle prediction challenge"):

    >>> core_term("distribution shift issue"), core_term("double descent phenomenon"), core_term("scalability issue")
    ('distribution shift', 'double descent', 'scalability issue')

    A name after the words that describe it is the name:

    >>> core_term("dynamic benchmark WIKIMIA"), core_term("federated learning algorithm FedAvg")
    ('WIKIMIA', 'FedAvg')
    >>> core_term("state-of-the-art approach EfficientFormerV2-s2")
    'EfficientFormerV2-s2'
    >>> core_term("detection method MIN-K PROB"), core_term("language model Alpaca")
    ('MIN-K PROB', 'language model Alpaca')

    A one-word name with "model", "module" or "architecture" is the name (a node of its own, not a
    second one beside it); a common word or a phrase keeps the head, and so does a network:

    >>> core_term("GPT-3 model"), core_term("DeBERTa models"), core_term("GNN architecture"), core_term("EM-algorithm")
    ('GPT-3', 'DeBERTa', 'GNN', 'EM')
    >>> core_term("transformer model"), core_term("ReLU networks"), core_term("masked language model")
    ('transformer model', 'ReLU networks', 'masked language model')
    >>> core_term("DP-trained models"), core_term("AI models"), core_term("Shallow-Deep Model")
    ('DP-trained models', 'AI models', 'Shallow-Deep Model')

    "X-based" is a modifier, never a term: "Model-based methods" keeps its head.

    >>> core_term("Model-based methods"), core_term("LP-based approaches")
    ('Model-based methods', 'LP-based approaches')

    Nor is any other modifier: "projection-free algorithms" are no "projection-free".

    >>> core_term("stochastic projection-free algorithms"), core_term("variance reduced algorithm")
    ('stochastic projection-free algorithms', 'variance reduced algorithm')
    >>> core_term("hierarchical generative approach"), core_term("slot-based object-centric methods")
    ('hierarchical generative approach', 'slot-based object-centric methods')
    >>> core_term("Bayesian methods"), core_term("Generative method"), core_term("Dreamer framework")
    ('Bayesian methods', 'Generative method', 'Dreamer')
    """
    described = _DESCRIBED_NAME.fullmatch(text)
    if described is not None and all(_written_name(w) for w in described.group(1).split()):
        return described.group(1)
    head, _, last = text.rpartition(" ") if " " in text else text.rpartition("-")
    if len(head) >= 2 and last.lower() in _MEASURE_HEADS and head.isupper() and " " not in head:
        return head
    if " " not in text:  # "EM-algorithm" is the EM algorithm, EM
        return head if last.lower() in ROLE_HEADS and last.islower() and len(head) >= 2 and head.isupper() else text
    if last.lower() in _NAMED_HEADS and last.islower() and " " not in head and _written_name(head):
        return head
    if not head or last.lower() not in ROLE_HEADS or _titled_name(head, last) or _qualifier(head):
        return text
    if only_adjective(head.split()[-1]):
        return text  # "hierarchical generative approach", "Bayesian methods": no "hierarchical generative", "Bayesian"
    if last.lower() in _GAMES:
        # "Atari games" are Atari; "mean field games" and "Markov games" are kinds of game
        one_name = " " not in head.strip() and head[:1].isupper() and head.lower() not in _GAME_KINDS
        return head.rstrip(" -") if one_name else text
    capitals = sum(c.isupper() for c in head)  # "ICL setups" are ICL's; "Gaussian mechanism" is a term
    if " " in head.strip() or (capitals and (last.lower() not in _AFTER_PHRASES or capitals >= 2)):
        return head.rstrip(" -")
    return text


#: Heads that only say a term is a difficulty or an effect: "the over-smoothing problem".
_DIFFICULTY_HEADS = frozenset({"problem", "problems", "issue", "issues", "phenomenon", "phenomena"})


def difficulty_term(text: str, papers: Mapping[str, int], min_papers: int = 1) -> str:
    """The one-word term before "problem", "issue" or "phenomenon" when at least ``min_papers``
    papers of the corpus also name it alone (``papers``: by :func:`term_key`): "the
    over-smoothing problem" and "overfitting issues" are over-smoothing and overfitting; "inverse
    problem" stays, as "inverse" alone is no term of the corpus.

    >>> named = {"oversmoothing": 4, "inverse": 1}
    >>> difficulty_term("over-smoothing problem", named, 3), difficulty_term("inverse problem", named, 3)
    ('over-smoothing', 'inverse problem')
    """
    head, _, last = text.rpartition(" ")
    if last.lower() in _DIFFICULTY_HEADS and head and " " not in head and papers.get(term_key(head), 0) >= min_papers:
        return head
    return text


def dataset_head_cut(text: str, core: str) -> bool:
    """Whether :func:`core_term` cut a dataset's role head off ``text`` to leave ``core``: the
    head says what the name is ("DeepMind Control Suite", "the Walker2d environment").

    >>> dataset_head_cut("DeepMind Control Suite", "DeepMind Control"), dataset_head_cut("PPO algorithm", "PPO")
    (True, False)
    """
    rest = text[len(core) :].strip(" -").lower() if text.startswith(core) else ""
    return rest in DATASET_ROLE_HEADS


def _titled_name(head: str, last: str) -> bool:
    """ "Open Graph Benchmark": a name in title case, its head word part of it (not "GLUE Benchmark")."""
    words = head.split()
    return last[:1].isupper() and len(words) >= 2 and all(w[:1].isupper() and w[1:].islower() for w in words)


#: A sentence's end inside a span: a period after a word and before a capital ("GPT-4.We",
#: "ImageNet-C. ProSMin"), the next sentence's start glued to the name or after a space.
_SENTENCE_END = re.compile(r"(?<=[\w%)\]])\.(?:\s+(?=[A-Z])|(?=[A-Z](?:[a-z]|\s|$)))")
#: Words written with a period that ends no sentence: "e.g. BERT", "et al. Model", "Fig. 3".
_ABBREVIATED = frozenset({"e.g", "i.e", "etc", "cf", "vs", "al", "fig", "eq", "sec", "no", "resp", "approx"})


def one_sentence(text: str) -> str:
    """The part of ``text`` before a sentence's end, when it names something (two letters or
    more): a span that runs on into the next sentence is cut there.

    >>> [one_sentence(t) for t in ("GPT-4.We", "ImageNet-C. ProSMin", "RKHS.A", "K. Ahn")]
    ['GPT-4', 'ImageNet-C', 'RKHS', '']
    >>> one_sentence("U.S. census"), one_sentence("Node.js"), one_sentence("e.g. BERT")
    ('U.S. census', 'Node.js', 'e.g. BERT')
    """
    for found in _SENTENCE_END.finditer(text):
        before = text[: found.start()]
        if before.rsplit(None, 1)[-1].lower() not in _ABBREVIATED:
            return before if sum(c.isalpha() for c in before) >= 2 else ""
    return text


def written_term(text: str) -> str:
    """A mention's text without what its span took from the next sentence and the quotes and
    brackets it cut (:func:`one_sentence`, :func:`unquoted`, :func:`balanced`): the term as
    written, role head and all.

    >>> written_term('ASAP) algorithm'), written_term('"teacher model'), written_term("ICL.We conduct")
    ('ASAP', 'teacher model', 'ICL')
    """
    return balanced(unquoted(one_sentence(text)))


@lru_cache(maxsize=1 << 18)
def clean_term(text: str) -> str:
    """A mention's text as a term: quotes its span cut in half and unmatched brackets dropped,
    then its role head (:func:`unquoted`, :func:`balanced`, :func:`core_term`); nothing for a
    formula (:func:`formula`) or a model's size alone ("13B" of "LLaMA2 7B and 13B").

    >>> clean_term('ASAP) algorithm'), clean_term('human-centered" modeling'), clean_term("13B")
    ('ASAP', 'human-centered modeling', '')
    """
    return "" if formula(text) or _SIZE_ALONE.fullmatch(text) else core_term(written_term(text))


_SIZE_ALONE = re.compile(r"\d+(?:\.\d+)?[KMBT]")


def key_terms(extractions: Iterable[Extraction]) -> None:
    """Compute the :func:`term_key` of every mention and abbreviation in ``extractions`` now
    (it is cached): a rebuild does it for the cached abstracts while the new ones are parsed."""
    for ex in extractions:
        for mention in ex.mentions:
            term_key(clean_term(mention.text))
        for short, long in ex.definitions:
            term_key(short)
            term_key(long)


#: A plural that names one thing: "alternating least squares" is no plural of "least square".
_LEAST_SQUARES = re.compile(r"\bleast[ -]squares$", re.IGNORECASE)


#: Prepositions that open a modifier of a name's head: "Learning with Noisy Labels", "X for LLMs".
_NAME_PREPOSITIONS = frozenset(
    "with from for via without using under over against through across between in on".split()
)


@lru_cache(maxsize=1 << 17)
def singular_label(text: str) -> str:
    """ "Sparse Autoencoders" -> "Sparse Autoencoder" (only the last word changes, the first of a
    construct written with "of": "ensemble of models"); "least squares" and "least-squares" are no plurals.

    >>> singular_label("Sparse Autoencoders"), singular_label("least squares"), singular_label("Least-Squares")
    ('Sparse Autoencoder', 'least squares', 'Least-Squares')
    >>> singular_label("ensembles of models")
    'ensemble of models'

    A plural after a preposition is part of the name; the head before it is singular:

    >>> singular_label("Dilated Convolution with Learnable Spacings"), singular_label("GNNs with random features")
    ('Dilated Convolution with Learnable Spacings', 'GNN with random features')
    """
    if _LEAST_SQUARES.search(text):
        return text
    if of_construct(text):
        first, _, rest = text.partition(" ")
        return f"{singular(first)} {rest}"
    words = text.split(" ")
    inner = next((k for k in range(1, len(words) - 1) if words[k].lower() in _NAME_PREPOSITIONS), None)
    if inner is not None:  # "Sparse Weight Averaging with Multiple Particles" (held-out e)
        return " ".join([*words[: inner - 1], singular(words[inner - 1]), *words[inner:]])
    head, _, last = text.rpartition(" ")
    return f"{head} {singular(last)}" if head else singular(last)
