"""What a paper's title says it proposes: the name the title opens with.

A title often opens with the paper's own method, model or dataset, alone or before what it is for:
"CDTrans: Cross-domain Transformer for ...", "Hierarchical Variational Memory for Few-shot
Learning", "Unsupervised Discovery of Object Radiance Fields". An entity of the paper named by
such an opening is proposed by it when it is new to the corpus: named by few papers and not a
term of the shipped vocabularies ("Reinforcement Learning for ..." proposes no reinforcement
learning). A name the title coins and the abstract never writes is the name of the method the
abstract only describes (:func:`title_aliases`); what follows "for" is what that method addresses
(:func:`title_tasks`), what follows "via", "using", "through" or "with" what it uses
(:func:`title_means`). Where the title opens with no name of the paper's, its first proposed method,
when a name (:func:`main_named`), addresses the tasks the title names (:func:`title_topics`,
:func:`topic_names`) and uses what it says it works by (:func:`title_ways`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from kg.graph.resolve import Entity
from kg.records import Extraction, Mention, Paper
from kg.text import term_key
from kg.title_text import NAME_ENDS, coined_title_name, title_description, title_name, title_openings

#: At most this many papers name an entity a title proposes.
MAX_PAPERS = 3


def _abbreviation(name: str) -> bool:
    return " " not in name and len(name) <= 6 and sum(c.isupper() for c in name) >= 2


def telling(names: list[str]) -> list[str]:
    """The names that tell whether an entity is a known term: an abbreviation says little
    beside a written-out name ("ET" is a metric, "equivariant Transformer (ET)" is new).

    >>> telling(["equivariant Transformer", "ET"]), telling(["ET"])
    (['equivariant Transformer'], ['ET'])
    """
    long = [n for n in names if not _abbreviation(n)]
    return long or names


def title_proposals(
    title: str, entities: Iterable[tuple[str, Iterable[str], int]], known: Callable[[str], object] | None = None
) -> list[str]:
    """The keys of ``entities`` (key, names, number of papers naming it) the title proposes;
    ``known`` tells (anything true) a term of the vocabularies, which no title proposes.

    >>> title_proposals("RelViT: Concept-guided Vision Transformer", [("relvit", ["RelViT"], 1), ("vit", ["ViT"], 40)])
    ['relvit']
    >>> title_proposals("Reinforcement Learning for Robots", [("rl", ["reinforcement learning"], 2)], lambda t: True)
    []
    """
    openings = title_openings(title)
    chosen = []
    for key, names, papers in entities:
        forms = list(names)
        # the key too: "residual EBMs" is the "Residual Energy-Based Models" of the title
        if papers > MAX_PAPERS or not (key in openings or any(term_key(n) in openings for n in forms)):
            continue
        if known is None or not any(known(n) for n in telling(forms)):
            chosen.append(key)
    return chosen


def _a_name(mention: Mention) -> bool:
    return any(c.isupper() or c.isdigit() for c in mention.text[1:])


#: Heads that say what kind of thing a description is, not what it is called.
_KIND_WORDS = frozenset({"method", "approach", "framework", "model", "algorithm", "technique", "scheme", "system"})


def _spelled_in(description: str, title: str) -> bool:
    """Whether the title spells the description out ("influence-driven selective annotation method"
    in "IDEAL: Influence-Driven Selective Annotations ...").

    >>> _spelled_in("influence-driven selective annotation method", "IDEAL: Influence-Driven Selective Annotations")
    True
    >>> _spelled_in("adversarial multi-armed bandit approach", "Auto-Transfer: Learning to Route Representations")
    False
    """
    said = {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", title.lower())}
    words = [w.rstrip("s") for w in re.findall(r"[a-z0-9]+", description.lower()) if w not in _KIND_WORDS]
    return bool(words) and all(w in said for w in words)


def _described(ex: Extraction) -> int | None:
    """The method a paper proposes when its abstract only describes it ("a novel adversarial
    multi-armed bandit approach"): its first proposed method; None when it names one."""
    proposed = [ex.mentions[i] for i in ex.proposed]
    if any(_a_name(m) for m in proposed):
        return None
    return next((i for i in ex.proposed if ex.mentions[i].label == "Method"), None)


def title_aliases(
    papers: Sequence[Paper], extractions: Sequence[Extraction], known: Callable[[str], object] | None = None
) -> list[Extraction]:
    """The extractions, where a title coins a name for what its abstract only describes
    ("Auto-Transfer: Learning to Route Transferable Representations" over "we propose a novel
    adversarial multi-armed bandit approach"), with that description named by the title: in this
    paper it is Auto-Transfer, proposed, and what the abstract says of it is said of Auto-Transfer.
    Not when the abstract names the title's name, when another paper names it (DINO is someone
    else's) or the vocabularies know it. Where the abstract describes no method it proposes, the
    title's name is a proposal of its own (:func:`_title_only`).

    >>> ex = Extraction([Mention("bandit approach", "Method", 13, 28)], [0], [], [])
    >>> title_aliases([Paper("a", "We propose a bandit approach.", "Auto-Transfer: Routing")], [ex])[0].mentions
    [Mention(text='Auto-Transfer', label='Method', start=13, end=28, score=None)]
    """
    named: dict[str, set[int]] = {}
    for n, ex in enumerate(extractions):
        for m in ex.mentions:
            named.setdefault(term_key(m.text), set()).add(n)
    out = list(extractions)
    for n, (paper, ex) in enumerate(zip(papers, extractions, strict=True)):
        name = coined_title_name(paper.title)
        if name is None or named.get(term_key(name), set()) or (known is not None and known(name)):
            continue
        main = _described(ex)
        if main is None:
            out[n] = _title_only(paper, ex, name)
            continue
        described = ex.mentions[main]
        place = (described.start, described.end)
        mentions = [m._replace(text=name) if (m.start, m.end) == place else m for m in ex.mentions]
        # "IDEAL: Influence-Driven Selective Annotations ...": the description is the name's long form
        long = " ".join(described.text.split()[:-1]) if described.text.split()[-1] in _KIND_WORDS else described.text
        own = len(long.split()) >= 2 and len(named.get(term_key(long), ())) <= MAX_PAPERS  # not "regularization"
        spelled = [(name, long)] if own and _spelled_in(described.text, paper.title) else []
        out[n] = ex._replace(mentions=mentions, definitions=[*ex.definitions, *spelled])
    return out


def _title_only(paper: Paper, ex: Extraction, name: str) -> Extraction:
    """The extraction, with the name the title coins as a proposed mention of its own when the
    abstract neither writes it nor names what it proposes ("LoTa-Bench: Benchmarking ..." over "we
    propose a benchmark system"): at the end of the abstract, where no sentence holds it, so no
    relation of the abstract is said of it. Unchanged when the paper proposes a name already (it
    may be the same thing under another name: "Waxing-and-Waning: ..." and SimWnW).

    >>> ex = Extraction([Mention("benchmark system", "Concept", 13, 29)], [0], [], [])
    >>> paper = Paper("a", "We propose a benchmark system.", "LoTa-Bench: Benchmarking Planners")
    >>> _title_only(paper, ex, "LoTa-Bench").mentions[1:], _title_only(paper, ex, "LoTa-Bench").proposed
    ([Mention(text='LoTa-Bench', label='Method', start=30, end=30, score=None)], [0, 1])
    """
    if any(_a_name(ex.mentions[i]) for i in ex.proposed):
        return ex
    end = len(paper.abstract)
    mentions = [*ex.mentions, Mention(name, "Method", end, end)]
    return ex._replace(mentions=mentions, proposed=[*ex.proposed, len(ex.mentions)])


#: Words that end the task a title names after "for": "for Few-shot Learning Across Domains".
_TASK_END = NAME_ENDS | frozenset({"and", "across", "under", "in", "on", "from", "without", "beyond", "at"})
_TITLE_WORD = re.compile(r"[^\s:?!,;()]+|[:?!,;()]")
#: Confidence of "X for T" or "X via Y" read from a title: its opening is the paper's own method, T a
#: task it names, Y what it works by.
TITLE_CONFIDENCE = 0.8
#: Confidence of "X addresses T" where the title names T and the paper proposes X, whatever the
#: title opens with.
TOPIC_CONFIDENCE = 0.75


#: Verbs that end what a title names: "with Language Models Enables Expert-level ...".
_TITLE_VERBS = frozenset({"enables", "enable", "improves", "improve", "meets", "meet", "is", "are", "helps", "makes"})


def _after(title: str, cues: frozenset[str]) -> list[str]:
    """The keys of the words after each cue word of a title up to the next word that ends a task,
    and their endings of two words or more."""
    words = _TITLE_WORD.findall(title)
    keys: list[str] = []
    for i, word in enumerate(words):
        if word.lower() not in cues:
            continue
        task: list[str] = []
        for w in words[i + 1 :]:
            if w.lower() in _TASK_END or w.lower() in _TITLE_VERBS or not any(c.isalnum() for c in w):
                break
            task.append(w)
        endings = [task[j:] for j in range(len(task)) if j == 0 or len(task) - j >= 2]
        keys.extend(k for k in (term_key(" ".join(e)) for e in endings) if k and k not in keys)
    return keys


#: The word after which a title names what its method is for: "... for Federated Learning".
_TASK_CUES = frozenset({"for"})
#: Words after which a title names what its method works by: "... via Implicit Hypergradient".
_MEANS_CUES = frozenset({"via", "using", "through", "with"})


def title_means(title: str) -> list[str]:
    """The keys of what a title says its method works by: the words after "via", "using",
    "through" or "with" ("Adversarial Unlearning of Backdoors via Implicit Hypergradient").

    >>> title_means("Adversarial Unlearning of Backdoors via Implicit Hypergradient")
    ['implicithypergradient']
    >>> title_means("PromptAgent: Strategic Planning with Language Models Enables Expert-level Prompt Optimization")
    ['languagemodel']
    """
    return _after(title, _MEANS_CUES)


def title_topics(title: str) -> list[str]:
    """The keys of every run of words a title writes outside what it says its method works by
    (the words after "via", "using", "through", "with" or "by", up to the next "for" or punctuation):
    where a title names the task its paper is about ("SparseFormer: Sparse Visual Recognition via
    Limited Latent Tokens", "Representation Deficiency in Masked Language Modeling").

    >>> "visualrecognition" in title_topics("SparseFormer: Sparse Visual Recognition via Limited Latent Tokens")
    True
    >>> "latenttoken" in title_topics("SparseFormer: Sparse Visual Recognition via Limited Latent Tokens")
    False

    One word counts alone only ("Diffusion Models for Segmentation"), not from a longer run ("3D
    Reconstruction with ...").

    >>> "reconstruction" in title_topics("3D Reconstruction with Neural Fields"), title_topics("Segmentation")
    (False, ['segmentation'])
    """
    words = _TITLE_WORD.findall(title)
    runs: list[list[str]] = [[]]
    means = False
    for word in words:
        lower = word.lower()
        if lower in _MEANS_CUES or lower == "by":
            means = True
        elif lower in _TASK_CUES or not any(c.isalnum() for c in word):
            means = False
        if means or lower in NAME_ENDS or lower in _TASK_END or not any(c.isalnum() for c in word):
            runs.append([])
        else:
            runs[-1].append(word)
    keys: list[str] = []
    for run in runs:
        for i in range(len(run)):
            for j in range(i + 1, len(run) + 1):
                if j - i == 1 and len(run) > 1:
                    continue  # one word of several: "reconstruction" of "3D Reconstruction"
                key = term_key(" ".join(run[i:j]))
                if key and key not in keys:
                    keys.append(key)
    return keys


def title_ways(title: str) -> list[str]:
    """The keys of what a title says its method works by after "via", "using" or "through" (not
    "with", which as often says where it works: "Tabular EHR with Missing Modality").

    >>> title_ways("Offline RL with Observation Histories"), title_ways("Image Inpainting via Probabilistic Modeling")
    ([], ['probabilisticmodeling'])
    """
    return _after(title, _MEANS_CUES - {"with"})


def title_tasks(title: str) -> list[str]:
    """The keys of what a title says its method is for: the words after each "for" up to the next
    word that ends a task ("with", "via", "and", "across", ... or punctuation), and the endings of
    two words or more of those words ("Efficient Face Detection": also "face detection").

    >>> title_tasks("Hybrid Local SGD for Federated Learning with Heterogeneous Communications")
    ['federatedlearning']
    >>> title_tasks("Sample and Computation Redistribution for Efficient Face Detection")
    ['efficientfacedetection', 'facedetection']
    >>> title_tasks("Towards Understanding the Data Dependency of Mixup")
    []
    """
    return _after(title, _TASK_CUES)


#: Words too general to be what a title says its method is for ("Learning Deep Features in ...").
_GENERAL_TOPICS = frozenset(
    {"learning", "training", "inference", "estimation", "analysis", "modeling", "modelling", "generation"}
    | {"prediction", "optimization", "evaluation", "understanding", "representation", "control", "search"}
    | {"deep learning", "machine learning", "artificial intelligence"}
)


def main_named(
    own: set[str], ex: Extraction, paper_keys: Sequence[str | None], entities: dict[str, Entity]
) -> list[str]:
    """The paper's main proposal among ``own`` (keys of its entities), as a list of one or none:
    the first it names, a method before anything else,
    when it is a name (HYPO, "Diffusion Time Estimation", "relational attentive inference network
    (RAIN)"), not a description ("Wasserstein-like loss", "step size rule")."""
    first = {k: paper_keys.index(k) for k in own}
    order = sorted(own, key=lambda k: (ex.mentions[first[k]].label != "Method", first[k]))
    return [k for k in order[:1] if any(any(c.isupper() or c.isdigit() for c in n[1:]) for n in entities[k].surface)]


def kind_of(head: str, tail: str, entities: dict[str, Entity], own: set[str]) -> bool:
    """Whether the title's topic is the paper's own or what its method is a kind of, not what it is
    for: "Temporally-Correlated Episodic RL" ends with reinforcement learning."""
    return tail in own or any(head.endswith(term_key(n)) for n in entities[tail].surface)


def topic_names(entity: Entity) -> list[str]:
    """The names by which a title can name an entity as its topic: never an abbreviation ("SE" in
    "SE(n) Equivariant Networks"), a single word only as its label, not a general one."""
    return [
        n
        for n in entity.surface
        if not _abbreviation(n) and n.lower() not in _GENERAL_TOPICS and (" " in n or n.lower() == entity.label.lower())
    ]


#: Heads of a title's description that make the name it opens with a dataset (the guidelines: a
#: dataset, benchmark, environment or simulator).
_DATASET_KINDS = frozenset(
    {"benchmark", "dataset", "suite", "corpus", "environment", "testbed", "simulator", "gym", "arena"}
)
_DESCRIPTION_END = re.compile(r"\s+(?:for|of|with|to|on|in|via|that|from|towards?|as)\s+", re.IGNORECASE)


def titled_dataset(title: str) -> str | None:
    """The key of the dataset a title presents: the name it opens with (:func:`kg.title_text.title_name`)
    when what follows is headed by a dataset's kind ("GAIA: a benchmark for General AI Assistants",
    "Jumanji: a Diverse Suite of Scalable Reinforcement Learning Environments"); nothing when it
    names two kinds ("A Research Library and Benchmark") or another ("A Framework for ...").

    >>> titled_dataset("GAIA: a benchmark for General AI Assistants")
    'gaia'
    >>> titled_dataset("Jumanji: a Diverse Suite of Scalable Reinforcement Learning Environments in JAX")
    'jumanji'
    >>> titled_dataset("VFLAIR: A Research Library and Benchmark for Vertical Federated Learning") is None
    True
    >>> titled_dataset("CDTrans: Cross-domain Transformer for Unsupervised Domain Adaptation") is None
    True
    """
    name, described = title_name(title), title_description(title)
    if name is None or not described:
        return None
    head = _DESCRIPTION_END.split(described, maxsplit=1)[0].split()
    if not head or {"and", "&", "or"} & {w.lower() for w in head}:
        return None
    return name if head[-1].lower().rstrip(".,;").removesuffix("s") in _DATASET_KINDS else None


#: "We present SOTOPIA, an open-ended environment", "we introduce ContextRef, a benchmark": a name
#: the abstract presents, then describes in apposition.
_PRESENTED = re.compile(
    r"\b(?:present|introduce|propose|release|build|construct|curate|create|develop)s?\s+([\w.+-]+(?:\s[\w.+-]+){0,2}?)"
    r"(?:\s\([^)]*\))?,\s(?:a|an)\s([^,.;:()]{1,80})"
)


def presented_dataset(abstract: str) -> str | None:
    """The key of the name an abstract presents and describes in apposition as a dataset's kind, the
    first one; nothing when it calls it anything else ("NeuroBack, an approach").

    >>> presented_dataset("We present SOTOPIA, an open-ended environment to simulate social interactions.")
    'sotopia'
    >>> presented_dataset("We introduce ContextRef, a benchmark for grounding.")
    'contextref'
    >>> presented_dataset("We propose NeuroBack, an approach that builds on a new dataset.") is None
    True
    """
    for match in _PRESENTED.finditer(abstract):
        name, described = match.group(1), match.group(2)
        head = _DESCRIPTION_END.split(described, maxsplit=1)[0].split()
        if name[:1].isupper() and head and head[-1].lower().removesuffix("s") in _DATASET_KINDS:
            return term_key(name)
    return None
