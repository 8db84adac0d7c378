"""One type per entity, decided from all its mentions and the word that heads its name.

The extractor types each mention on its own and falls back on Concept when unsure, so a node's
votes lean to Concept ("adversarial training", "normalizing flow", "long short-term memory" were
typed Concept by most of their mentions). The head word of a name often says what it is: a
"... network", "... training", "... decomposition", an agent noun ("... detector", "... regularizer")
or a loss is a method, an "... detection" a task, an "... accuracy" or "... quality" a metric, a
"... function", "... regime" or a property ("... stability", "... interpretability") a notion.
:func:`decide_type` counts the votes and adds the head's hint as a share of all the votes (Concept
votes then count half); a Dataset or Metric majority stays. A name's
shape can settle it: a benchmark's name ("ToolBench", "NAS-Bench-201") and a variant of a
dataset the corpus knows ("ImageNet-O" beside ImageNet) are datasets.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from kg.text import name_like, singular

_WORDS = re.compile(r"[\s\-/\u2010-\u2015]+")

TYPE_PRIORITY = ("Dataset", "Metric", "Task", "Method", "Material", "Concept")

#: Metrics known by their abbreviation: a name that is one of them is the metric, whatever its
#: mentions voted ("AUROC" typed Method).
METRIC_NAMES = frozenset(
    """auc auroc auprc aupr mse rmse mae psnr ssim lpips fid kid ndcg mrr wer cer bleu rouge meteor cider f1
    flops gflops tflops macs""".split()
)
#: A measure taken at a cutoff: "Hits@3", "Recall@10", "nDCG@k", "mAP@0.5", "P@1".
_AT_CUTOFF = re.compile(r"[^\W\d_][\w-]*@(?:\d+(?:\.\d+)?|[kKnN])")
#: Head words of notions, not of methods or tasks: a name headed by one is a Concept even when its
#: mentions were typed Method or Task ("neural tangent kernel", "information bottleneck", "lottery
#: ticket hypothesis", "loss landscape", "knowledge graph", "adversarial robustness"); a Dataset or
#: Metric majority ("Wasserstein distance") and a proposal still decide.
CONCEPT_HEADS = frozenset(
    """divergence distance law example phenomenon kernel bottleneck hypothesis theorem lemma principle
    landscape manifold collapse shift bias tradeoff trade-off dilemma paradox curse graph robustness
    information space function regime data distribution reward representation convergence prior bound""".split()
)
#: Head words (singular, lower case) that say which type a name has.
HEAD_TYPES: dict[str, str] = {
    **dict.fromkeys(
        """network model algorithm optimizer regression decomposition transformer encoder decoder
        autoencoder perceptron flow minimization maximization distillation augmentation attention
        normalization dropout pruning quantization training descent sampling cloning architecture
        estimator classifier regularization mechanism sgd adam gan vae cnn rnn lstm mlp gnn
        fine-tuning finetuning pretraining pre-training tuning prompting convolution generator attack
        loss objective method layer ascent encryption detector denoiser discriminator aggregator planner solver
        regularizer regulariser predictor learner controller extractor sampler retriever quantizer compressor
        renderer parser verifier scheduler synthesizer tokenizer""".split(),
        "Method",
    ),
    **dict.fromkeys(
        """detection classification segmentation recognition translation answering forecasting
        retrieval summarization captioning tracking localization completion parsing prediction
        generation synthesis estimation recovery removal identification disambiguation induction analytics
        compositing solving""".split(),
        "Task",
    ),
    **dict.fromkeys(
        """accuracy score f1 bleu rouge auc perplexity cost overhead footprint latency throughput
        regret complexity efficiency quality""".split(),
        "Metric",
    ),
    **dict.fromkeys(METRIC_NAMES, "Metric"),
    **dict.fromkeys(CONCEPT_HEADS, "Concept"),
    **dict.fromkeys("benchmark dataset corpus suite".split(), "Dataset"),
}
#: Functions that are parts of a method (a loss is a Method): "loss function", "activation function".
_METHOD_FUNCTIONS = frozenset("loss activation objective softmax sigmoid".split())
#: A "system" after an adjective is a notion ("dynamical system", "Hamiltonian system", "multi-agent
#: system"); after a noun it is an application ("recommender system", "dialogue system").
_ADJECTIVE_ENDINGS = ("al", "ic", "ian", "ar", "ous", "ive", "ed")
#: The rate of a process ("learning rate", "sampling rate", "firing rate"): a setting or a notion,
#: however its mentions were typed; a rate of results ("error rate", "success rate") is a metric.
_SETTING = re.compile(r"(?i)(?<![\w-])[a-z]{2,}ing[\s-]+rates?$")
#: A mapping from one modality to another, named alone: a task ("text-to-speech", "image-to-image").
_MODALITY = r"(?:text|speech|image|audio|video|graph|code|shape|sketch|3D|mesh|molecule|music|label|point)"
_TRANSDUCTION = re.compile(rf"(?i){_MODALITY}s?[\s-]to[\s-]{_MODALITY}s?")
#: How much the head's hint weighs, as a share of all the votes.
HINT_WEIGHT = 0.6
#: Factor on the Dataset votes of a name (:func:`kg.text.name_like`): a name is typed Method
#: when nothing says otherwise, a Dataset only where its sentence says so ("on MiniWoB++", "the
#: MIMIC-IV dataset"), so fewer such votes tell more.
DATASET_NAME_WEIGHT = 3.0
#: "Bench" inside a name: ToolBench, PIE-Bench, NAS-Bench-201, SWE-bench, RLbench (not "benchmark").
_BENCH = re.compile(r"(?i)bench(?!mark)")


def benchmark_name(text: str) -> bool:
    """Whether ``text`` is a benchmark's name by its shape: one word with "Bench" in it and a
    capital, digit or hyphen ("ToolBench", "SWE-bench"); a benchmark is a dataset, however its
    mentions were typed.

    >>> [benchmark_name(t) for t in ("ToolBench", "NAS-Bench-201", "SWE-bench", "RLbench", "MT-Bench")]
    [True, True, True, True, True]
    >>> [benchmark_name(t) for t in ("benchmark", "bench", "GLUE benchmark", "Benchmarking", "test bench")]
    [False, False, False, False, False]
    """
    word = text.strip()
    return (
        " " not in word
        and bool(_BENCH.search(word))
        and word.lower() != "bench"
        and (word != word.lower() or any(c.isdigit() or c == "-" for c in word))
    )


def head_type(text: str) -> str | None:
    """The type the head word of ``text`` hints at, if any.

    >>> head_type("adversarial training"), head_type("Object Detection"), head_type("top-1 accuracy")
    ('Method', 'Task', 'Metric')
    >>> head_type("view synthesis"), head_type("instruction tuning"), head_type("sample efficiency")
    ('Task', 'Method', 'Metric')
    >>> head_type("matrix recovery"), head_type("grammar induction"), head_type("poisoning attack")
    ('Task', 'Task', 'Method')
    >>> head_type("KL divergence"), head_type("adversarial examples"), head_type("scaling laws")
    ('Concept', 'Concept', 'Concept')
    >>> head_type("value function"), head_type("loss function"), head_type("ReLU function"), head_type("NTK regime")
    ('Concept', 'Method', 'Method', 'Concept')
    >>> head_type("dynamical system"), head_type("multi-agent system"), head_type("recommender system")
    ('Concept', 'Concept', None)
    >>> head_type("image denoiser"), head_type("L1 regularizer"), head_type("ranking loss")
    ('Method', 'Method', 'Method')
    >>> head_type("gradient descent-ascent"), head_type("homomorphic encryption")
    ('Method', 'Method')
    >>> head_type("maximum likelihood estimation"), head_type("pose estimation"), head_type("value-based learning")
    ('Method', 'Task', 'Method')
    >>> head_type("generalization bound"), head_type("upper confidence bound"), head_type("branch-and-bound")
    ('Concept', 'Method', 'Method')
    >>> head_type("model interpretability"), head_type("training stability"), head_type("semantic similarity")
    ('Concept', 'Concept', None)
    >>> head_type("latent variable") is None
    True
    >>> head_type("average reward MDP"), head_type("ergodic Markov decision process"), head_type("Gaussian process")
    ('Concept', 'Concept', None)
    """
    words = _WORDS.split(text.strip())
    head = singular(words[-1]).lower()
    if len(words) >= 2 and head == "function" and (words[-2].lower() in _METHOD_FUNCTIONS or name_like(words[-2])):
        return "Method"  # "loss function", "activation function", "ReLU function": parts of a method
    if head == "estimation" and len(words) >= 2 and words[-2].lower() in ("likelihood", "contrastive", "posteriori"):
        return "Method"  # "maximum likelihood estimation", "noise-contrastive estimation": principles, not targets
    if head == "learning" and len(words) >= 3 and words[-2].lower() == "based":
        return "Method"  # "value-based learning", "model-based learning": an approach
    if head == "bound" and len(words) >= 2 and words[-2].lower() in ("confidence", "and"):
        return "Method"  # "upper confidence bound", "branch-and-bound": algorithms
    if head in ("mdp", "pomdp") or (head == "process" and len(words) >= 2 and words[-2].lower() == "decision"):
        return "Concept"  # "average reward MDP", "ergodic Markov decision process": a model of a problem
    if head == "system":  # "dynamical system", "multi-agent system"; not "recommender system"
        before = (text.split()[-2:-1] or [""])[0]
        return "Concept" if "-" in before or before.lower().endswith(_ADJECTIVE_ENDINGS) else None
    if _property_head(head) and len(head) > 5 and head != "similarity":
        if not words[-1].islower():  # a name: "Flickr30k Entities", "HOPPITY"
            return None
        return "Concept"  # a property: "interpretability", "stability", "expressiveness"
    return HEAD_TYPES.get(head) if head else None


def _property_head(head: str) -> bool:
    """Whether the lower-case ``head`` is a property noun (-ity, -ness) that :data:`HEAD_TYPES` lacks."""
    return head not in HEAD_TYPES and head.endswith(("ity", "ness"))


def _property(text: str) -> bool:
    """Whether ``text`` is headed by a property noun (:func:`_property_head`)."""
    return _property_head(singular(_WORDS.split(text.strip())[-1]).lower())


def notion_name(text: str) -> bool:
    """Whether ``text`` is a notion's name by its head, written in lower case: "neural tangent
    kernel", "mutual information", "Q-function"; not a name such as "Tree-Sampling Divergence".

    >>> [notion_name(t) for t in ("neural tangent kernel", "Q-function", "Tree-Sampling Divergence", "ResNet")]
    [True, True, False, False]
    """
    last = _WORDS.split(text.strip())[-1]
    return head_type(text) == "Concept" and last.islower()


def decide_type(votes: Counter[str], text: str = "", proposed: bool = False, short_forms: Iterable[str] = ()) -> str:
    """The entity's type from its mentions' ``votes``, the head of its name ``text`` and whether
    a paper proposes it (then it is no mere Concept). A head that names a notion
    (:data:`CONCEPT_HEADS`) makes it a Concept unless a Dataset or Metric majority says otherwise;
    one that names a collection ("benchmark", "suite", "corpus") makes it a Dataset.

    >>> decide_type(Counter({"Concept": 10, "Method": 3}), "adversarial training")
    'Method'
    >>> decide_type(Counter({"Concept": 8}), "empirical risk minimization")
    'Method'
    >>> decide_type(Counter({"Method": 10}), "graph classification")
    'Method'
    >>> decide_type(Counter({"Concept": 10}), "latent variable")
    'Concept'
    >>> decide_type(Counter({"Concept": 3}), "communication cost"), decide_type(Counter({"Concept": 2}), "latency")
    ('Metric', 'Metric')
    >>> decide_type(Counter({"Concept": 10, "Method": 3}), "latent variable")
    'Concept'
    >>> decide_type(Counter({"Dataset": 3, "Method": 1}), "graph network")
    'Dataset'
    >>> decide_type(Counter({"Concept": 1}), "KV cache", proposed=True)
    'Method'
    >>> decide_type(Counter({"Method": 13}), "neural tangent kernel"), decide_type(Counter({"Task": 4}), "KG graph")
    ('Concept', 'Concept')
    >>> decide_type(Counter({"Metric": 5, "Method": 1}), "Wasserstein distance")
    'Metric'
    >>> decide_type(Counter({"Method": 2, "Task": 1}), "DeepMind Control Suite")
    'Dataset'

    A name's Dataset votes count thrice (:data:`DATASET_NAME_WEIGHT`); a word's do not:

    >>> few = Counter({"Method": 5, "Dataset": 2})
    >>> decide_type(few, "MIMIC-IV"), decide_type(few, "PASCAL"), decide_type(few, "Pascal")
    ('Dataset', 'Dataset', 'Method')
    >>> decide_type(Counter({"Method": 7, "Dataset": 2}), "ResNet-50")
    'Method'

    A mapping from one modality to another, named alone, is a task:

    >>> decide_type(Counter({"Concept": 3}), "text-to-speech"), decide_type(Counter({"Concept": 3}), "image-to-image")
    ('Task', 'Task')
    >>> decide_type(Counter({"Method": 3}), "sequence-to-sequence"), decide_type(Counter({"Concept": 1}), "end-to-end")
    ('Method', 'Concept')

    The rate of a process is a setting, not a metric, however its mentions were typed:

    >>> decide_type(Counter({"Metric": 19}), "learning rate"), decide_type(Counter({"Metric": 3}), "error rate")
    ('Concept', 'Metric')

    A name a paper proposes ("LAQ", "SDEdit") is a method, not a task, unless its head says task:

    >>> decide_type(Counter({"Task": 2}), "SDEdit", proposed=True), decide_type(Counter({"Task": 2}), "SDEdit")
    ('Method', 'Task')
    >>> decide_type(Counter({"Task": 2}), "VQA-CP detection", proposed=True)
    'Task'

    A benchmark's name is a dataset's (:func:`benchmark_name`):

    >>> decide_type(Counter({"Method": 5}), "PIE-Bench"), decide_type(Counter({"Concept": 1}), "ToolBench", True)
    ('Dataset', 'Dataset')

    So is a metric's abbreviation a metric's name (:data:`METRIC_NAMES`):

    >>> decide_type(Counter({"Method": 3}), "AUROC"), decide_type(Counter({"Concept": 2}), "PSNR")
    ('Metric', 'Metric')

    and so is a measure taken at a cutoff:

    >>> decide_type(Counter({"Method": 2}), "Hits@3"), decide_type(Counter({"Concept": 1}), "nDCG@k")
    ('Metric', 'Metric')
    >>> decide_type(Counter({"Method": 2}), "user@host")
    'Method'

    and so is a name written out from one, unless its head says otherwise ("masked autoencoder"):

    >>> decide_type(Counter({"Method": 3}), "multiply-accumulate", short_forms=["MACs"])
    'Metric'
    >>> decide_type(Counter({"Method": 3}), "masked autoencoder", short_forms=["MAE"])
    'Method'

    Material, the extractor's data it does not name as a dataset, is none of the readers' types: a
    capitalized name is a dataset, anything else a concept:

    >>> decide_type(Counter({"Material": 2}), "Tecnick"), decide_type(Counter({"Material": 2}), "mixed-domain")
    ('Dataset', 'Concept')
    """
    if benchmark_name(text):
        return "Dataset"
    if text.lower() in METRIC_NAMES or _AT_CUTOFF.fullmatch(text.strip()):
        return "Metric"
    if _SETTING.search(text):
        return "Concept"  # "learning rate", "sampling rate": a setting of a process, not a measure of results
    if head_type(text) is None and any(s.lower() in METRIC_NAMES for s in short_forms):
        return "Metric"  # "Multiplication-and-Accumulation", written out from MACs
    if _TRANSDUCTION.fullmatch(text.strip()) and votes.most_common(1)[0][0] in ("Concept", "Task"):
        return "Task"  # "text-to-speech", "image-to-image": from one modality to another
    total = sum(votes.values())
    top = max(votes.values())
    majority = next(t for t in TYPE_PRIORITY if votes[t] == top)
    hint = head_type(text) if text else None
    if majority in ("Dataset", "Metric") and hint != majority:
        kind = majority
    elif majority == "Task" and hint == "Concept" and _property(text):
        kind = majority  # a property most writers name as a goal: "mechanistic interpretability"
    elif hint in ("Concept", "Dataset"):  # a notion, or "... benchmark", "... suite", "... corpus"
        kind = hint
    else:
        score = {t: float(votes[t]) for t in TYPE_PRIORITY}
        if name_like(text):
            score["Dataset"] *= DATASET_NAME_WEIGHT
        if hint is not None:  # Concept is the extractor's fallback: a hint outweighs it
            score["Concept"] /= 2
            score[hint] += HINT_WEIGHT * total
        best = max(score.values())
        kind = next(t for t in TYPE_PRIORITY if score[t] == best)
    if proposed and (kind == "Concept" or (kind == "Task" and hint != "Task" and name_like(text))):
        return "Method"
    if kind == "Material":  # the extractor's type of data it cannot tell apart: no type a reader has
        return "Dataset" if text[:1].isupper() else "Concept"
    return kind


@lru_cache(maxsize=1 << 16)
def decided_type(votes: tuple[tuple[str, int], ...], text: str, proposed: bool, short_forms: frozenset[str]) -> str:
    """:func:`decide_type`, remembered (``votes`` in their order: ties go to the first): an entity's
    type is asked for at each step of the build."""
    return decide_type(Counter(dict(votes)), text, proposed, short_forms)


#: A short form more papers define than this means its long form wherever it is written.
FEW_DEFINITIONS = 10


def kind_clash(mention_type: str, long_form: str, definitions: int = 0) -> bool:
    """Whether a long form that few papers define (``definitions``: fewer than
    :data:`FEW_DEFINITIONS`) names a method where the paper writes its short form as a dataset or a
    metric: "EM score" in a paper that defines no EM is the exact match, not Expectation Maximization
    (three ICLR 2024 definitions); "the ACRE, CATER and STAR datasets" hold no SynergisTic pAtch pRuning
    (one). What many papers define stands, whatever one sentence makes of it: "LLM-based metrics".

    >>> kind_clash("Metric", "Expectation Maximization", 3), kind_clash("Dataset", "Stanford Sentiment Treebank")
    (True, False)
    >>> kind_clash("Method", "Expectation Maximization"), kind_clash("Metric", "large language model", 263)
    (False, False)
    """
    return definitions < FEW_DEFINITIONS and mention_type in {"Dataset", "Metric"} and head_type(long_form) == "Method"
