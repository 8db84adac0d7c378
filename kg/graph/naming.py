"""Link every paper whose abstract names an entity the corpus has established.

The extractor misses a term in some abstracts that name it ("data augmentation" found in 7 of
the 29 ICLR 2022 abstracts that use it). Once at least ``min_papers`` papers' extractions agree
that a term is an entity (or one paper's extraction names a vocabulary term exactly), and it kept
its node through the confidence filter, its names are searched in every abstract and each paper
that names it gets a ``mentions`` edge.

Matching follows the words of a name, with care for what a longer name means:

- whole words only, and a name preceded by a hyphen is part of another (Conv-LoRA is no LoRA);
- the last word may be plural; a name with a capital inside a word (LoRA, ImageNet, GPT-4) is
  matched as written, any other name ignoring case;
- a version name also names its family: "ResNet-50" names ResNet, "GPT-4" GPT;
- the longest established name wins: a paper on "offline RL" is linked to that node, not to
  "reinforcement learning" as well when "offline RL" is an entity of its own; the head of a
  name is a broader kind, but a name it starts with is named too ("ImageNet classification"
  names ImageNet). A longer phrase
  that is no established entity ("self-attention matrix" in one paper) does not hide the name
  inside it: the paper names self-attention.
- a single common word ("dropout", "prior") counts only when the extractor took it for the entity
  in most abstracts that use it, or, for a task, where the abstract names it as one ("for
  classification and regression", not "classification accuracy");
- abbreviations a node took from a long form (alt labels without a lower-case letter) are not
  searched: "SD" means speculative decoding in one paper and stable diffusion in another.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

import networkx as nx

from kg.graph.model import BROADER_ENTITIES, ENTITY_TYPES, HIDDEN_LABELS
from kg.graph.terms import term_key
from kg.text import MAPPING_WORD, singular

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?(?:\.\d[^\W_]*)*")  # "GPT3.5" is one word, no GPT3
_INNER_CAPITAL = re.compile(r"[^\W\d_][A-Z]")
MAX_WORDS = 6
#: The last part of a version name: ResNet-50, ImageNet-1K, Llama-2, BERT-v2 (not ImageNet-C).
_VERSION = re.compile(r"\d+(?:\.\d+)?[kKmMbB]?|[vV]\d+|[A-Z]")  # "ImageNet-1K", "GPT-4", "ImageNet-C"


def tokens(text: str) -> list[tuple[str, bool]]:
    """The words of ``text``, each with whether a hyphen (or slash) joins it to the word before.

    >>> tokens("Conv-LoRA, self-attention")
    [('Conv', False), ('LoRA', True), ('self', False), ('attention', True)]
    >>> tokens("GPT3.5 and GPT-3.5.")
    [('GPT3.5', False), ('and', False), ('GPT', False), ('3.5', True)]
    """
    out = []
    end = -1
    for m in _TOKEN.finditer(text):
        joined = end >= 0 and m.start() == end + 1 and text[end] in "-/‐–"
        out.append((m.group(), joined))
        end = m.end()
    return out


def _key(words: list[str], exact: bool) -> tuple[str, ...]:
    last = _singular(words[-1])
    seq = [*words[:-1], last]
    return tuple(seq) if exact else tuple(w.lower() for w in seq)


_singular = lru_cache(maxsize=1 << 16)(singular)


def searchable(name: str, label: str) -> bool:
    """Whether a node's ``name`` is searched: not an abbreviation taken from a long form (an alt
    label without a lower-case letter or digit, or such a one with a plural "s": "LLMs"), and
    long enough to mean one thing.

    >>> [searchable(n, "reinforcement learning") for n in ("RL", "reinforcement learning", "DRL")]
    [False, True, False]
    >>> [searchable(n, "large-scale language model") for n in ("LLM", "LLMs", "Large-scale Language Models")]
    [False, False, True]
    >>> searchable("MNIST", "MNIST"), searchable("GPT-4", "GPT-4"), searchable("SD", "SD")
    (True, True, False)
    >>> searchable("CIFAR10", "CIFAR-10"), searchable("L2O", "learning to optimize")
    (True, True)
    """
    letters = sum(c.isalnum() for c in name)
    if letters < 3 or (name == label and letters < 4 and not any(c.isdigit() for c in name)):
        return False
    bare = name[:-1] if name.endswith("s") and name[:-1].isupper() else name
    return name == label or any(c.islower() or c.isdigit() for c in bare)  # "CIFAR10" of CIFAR-10


#: Head nouns that name a class of thing: a longer name ending in one is a kind of that thing
#: ("large language model"), and its papers are not linked to the class ("language model").
CLASS_NOUNS = frozenset(
    "model network method algorithm framework approach system architecture function module layer mechanism".split()
)


#: Words after a name's head: what follows them is no head ("learning from human feedback", "mixture of experts").
_AFTER_HEAD = frozenset({"of", "from", "with", "for", "via", "by", "in", "on", "to", "and", "or", "through", "under"})


class NameIndex:
    """Names of entities by their words: lower-case, or as written for names with inner capitals."""

    def __init__(self) -> None:
        self.names: dict[tuple[str, ...], set[tuple[str, bool]]] = defaultdict(set)
        self.first: dict[str, int] = {}  # first word, lower case -> most words of a name it starts
        self.modifiers: set[str] = set()  # nodes a longer name that starts with theirs names too

    def add(self, name: str, node: str, modifier: bool = True) -> None:
        """Index ``name`` of ``node``; ``modifier``: a longer name starting with it names it too."""
        words = [w for w, _ in tokens(name)]
        if not words or len(words) > MAX_WORDS:
            return
        if modifier:
            self.modifiers.add(node)
        exact = bool(_INNER_CAPITAL.search(name))
        common = len(words) == 1 and not exact and not any(c.isdigit() for c in name) and not name.isupper()
        self.names[("=" if exact else "~", *_key(words, exact))].add((node, common))
        first = words[0].lower()
        self.first[first] = max(self.first.get(first, 0), len(words))

    def lookup(self, words: list[str]) -> set[str]:
        """Nodes named by exactly ``words``, a single common word left out."""
        nodes = self.names.get(("=", *_key(words, True))) or self.names.get(("~", *_key(words, False))) or set()
        return {node for node, common in nodes if not common}

    def find(self, text: str, cut: set[str] | None = None, inside: set[str] | None = None) -> set[tuple[str, bool]]:
        """``(node, by a common word)`` for the nodes the text names, longest names first, no two
        names sharing a word; a common word is a single word that is no name ("dropout", not "MNIST").
        The nodes whose name a longer name starts with, but that it does not name (see ``add``),
        are added to ``cut``; those the text names only as a longer name's head, to ``inside``."""
        words = tokens(text)
        raw = [w for w, _ in words]
        low = [w.lower() for w in raw]
        found: set[tuple[str, bool]] = set()
        direct: set[str] = set()
        headed: set[str] = set()
        i = 0
        while i < len(words):
            hit = None
            longest = 0 if words[i][1] else self.first.get(low[i], 0)
            for n in range(min(longest, len(words) - i), 0, -1):
                last = _singular(raw[i + n - 1])
                nodes = self.names.get(("=", *raw[i : i + n - 1], last)) or self.names.get(
                    ("~", *low[i : i + n - 1], last.lower())
                )
                if nodes:
                    hit = (n, nodes)
                    break
            if hit is None:
                i += 1
                continue
            found |= hit[1]
            direct |= {node for node, _ in hit[1]}
            family = self.family(raw[i : i + hit[0]], [j for _, j in words[i : i + hit[0]]])
            found |= {(node, False) for node in family}
            for k in range(hit[0] - 1, 0, -1):  # a modifier is named too: ImageNet in "ImageNet classification"
                last = _singular(raw[i + k - 1])
                nodes = self.names.get(("=", *raw[i : i + k - 1], last)) or self.names.get(
                    ("~", *low[i : i + k - 1], last.lower())
                )
                if nodes:
                    found |= {(node, common) for node, common in nodes if node in self.modifiers}
                    if cut is not None:
                        cut |= {node for node, _ in nodes if node not in self.modifiers}
                    break
            # a compound names its head too, unless a class noun heads it: a paper on a "large
            # language model" is not linked to "language model", nor one on a "graph neural
            # network" to "neural network"; "overfitting" in "benign overfitting" is found where
            # the extractor found it (a single common word)
            if _singular(raw[i + hit[0] - 1]).lower() not in CLASS_NOUNS:
                heads = self.heads(raw[i : i + hit[0]], [j for _, j in words[i : i + hit[0]]])
                found |= {(node, False) for node in heads}
                headed |= heads
            i += hit[0]
        if inside is not None:
            inside |= headed - direct
        return found

    def heads(self, words: list[str], joined: list[bool], exclude: str | None = None) -> set[str]:
        """The nodes the longest shorter name a name ends with stands for (never ``exclude``):
        "reinforcement learning" in "multi-agent reinforcement learning", "meta-learning" in
        "model-agnostic meta-learning" (a compound names its head), never from inside a hyphenated
        word ("agnostic" in "model-agnostic") nor a single common word."""
        for start in range(1, len(words)):
            if words[start - 1].lower() in _AFTER_HEAD:
                return set()  # "human feedback" of "reinforcement learning from human feedback" is no head
            if joined[start]:
                continue
            nodes = self.lookup(words[start:]) - {exclude}
            if nodes:
                return nodes
        return set()

    def family(self, words: list[str], joined: list[bool]) -> set[str]:
        """The nodes a version name belongs to: "ResNet" for "ResNet-50", "ImageNet" for "ImageNet-1K"
        and "ImageNet-C" (one capital letter only after a name: not "Path" for "Path-X")."""
        n = len(words)
        while n > 1 and joined[n - 1] and _VERSION.fullmatch(words[n - 1]):
            n -= 1
        if n < len(words) and words[n].isalpha() and not _INNER_CAPITAL.search(" ".join(words[:n])):
            return set()  # a letter ("C") is a variant of a name only
        return self.lookup(words[:n]) if n < len(words) else set()


def link_broader(graph: nx.MultiDiGraph, min_papers: int = 2) -> int:
    """Set ``broader_entities`` on each established entity whose name ends with the name of
    another, nearest first ("offline reinforcement learning" -> "reinforcement learning",
    "model-agnostic meta-learning" -> "meta-learning"): ``skos:broader`` in RDF, so "papers about
    X" can reach the narrower names (:func:`link_named` links their papers to X too); how many were set.
    A name heads a compound (English compounds end in their head), and a single common word is
    too broad to be a parent."""
    index = NameIndex()
    nodes = list(established(graph, min_papers))
    for node, data in nodes:
        label = data.get("label", "")
        for name in dict.fromkeys([label, *data.get("alt_labels", ())]):
            if searchable(name, label):
                index.add(name, node, modifier=names_a_thing(data))
    added = 0
    for node, data in nodes:
        data.pop(BROADER_ENTITIES, None)
        words = tokens(data.get("label", ""))
        family = index.family([w for w, _ in words], [j for _, j in words]) - {node}
        if family:
            data[BROADER_ENTITIES] = sorted(family)
            added += 1
            continue
        parents = index.heads([w for w, _ in words], [j for _, j in words], exclude=node)
        if parents:
            data[BROADER_ENTITIES] = sorted(parents)
            added += 1
    return added


#: What stands before and after a one-word task named as one: "for classification and regression",
#: "on translation, summarization", "such as clustering.", "regression problems".
_TASK_BEFORE = r"(?:\b(?:for|in|on|of|to|as|both|including|like|and|or)|,)"
_TASK_AFTER = r"(?:[.,;:)]|\s+(?:and|or|tasks?|problems?|benchmarks?|settings?|datasets?)\b|$)"


@lru_cache(maxsize=1 << 12)
def _task_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"{_TASK_BEFORE}\s+{re.escape(word)}s?{_TASK_AFTER}", re.IGNORECASE)


def names_task(text: str, word: str) -> bool:
    """Whether ``text`` names the one-word task ``word`` as a task: after a preposition or in a list,
    and not modifying a noun ("classification accuracy", "a regression model").

    >>> names_task("We study losses for classification and regression.", "regression")
    True
    >>> names_task("It improves classification accuracy and a regression model.", "classification")
    False
    >>> names_task("We extend it to regression tasks, on a set of navigation and locomotion tasks.", "navigation")
    True
    """
    return bool(_task_pattern(word).search(text))


def established(graph: nx.MultiDiGraph, min_papers: int, min_confidence: float = 0.0) -> Iterable[tuple[str, dict]]:
    """Entities found in ``min_papers`` papers or more, or that name a vocabulary term exactly, with
    a ``confidence`` (where set) of at least ``min_confidence``."""
    for node, data in graph.nodes(data=True):
        if (
            data.get("type") in ENTITY_TYPES
            and (data.get("paper_count", 0) >= min_papers or data.get("vocab_match") == "exact")
            and data.get("confidence", 1.0) >= min_confidence
        ):
            yield node, data


def names_a_thing(data: dict) -> bool:
    """Whether an entity is named too where its name starts a longer one: a dataset or a proper
    name ("ImageNet" in "ImageNet classification", "BERT" in "BERT embeddings"), not a common
    term cut off the phrase it modifies ("stochastic gradient" of "stochastic gradient descent",
    "maximum likelihood" of "maximum likelihood estimation", "Markov chain" of "Markov chain Monte
    Carlo": fragments a reader does not want).

    >>> names_a_thing({"label": "stochastic gradient", "type": "Method"}), names_a_thing({"label": "BERT"})
    (False, True)

    Nor a pair "X-to-Y", which says what the thing it starts maps ("text-to-image" of "text-to-image
    diffusion models": the held-out readers' fragment), whatever its abbreviation:

    >>> names_a_thing({"label": "text-to-image", "type": "Task", "alt_labels": ["T2I", "T2Is"]})
    False
    """
    if MAPPING_WORD.fullmatch(str(data.get("label", ""))):
        return False
    if data.get("type") == "Dataset":
        return True
    names = [str(data.get("label", "")), *(str(a) for a in data.get("alt_labels", ()) if str(a) != str(a).upper())]
    return any(_INNER_CAPITAL.search(n) or any(c.isdigit() for c in n) or (n.isupper() and len(n) > 1) for n in names)


def link_named(graph: nx.MultiDiGraph, min_papers: int = 2, min_share: float = 0.5, min_confidence: float = 0.5) -> int:
    """Add a ``mentions`` edge from every paper whose abstract names an entity found by the
    extractor in at least ``min_papers`` papers; how many edges were added. The entity's
    ``papers``, ``paper_count`` and ``count`` follow. A longer name names its modifiers and its head
    too: a paper on "multi-agent reinforcement learning" is also linked to reinforcement learning,
    one on "ImageNet classification" to ImageNet. Such a head is named only where it is a term of
    its own: a vocabulary's term, or one the extractor found alone in at least ``min_share`` of the
    papers naming it (not "language processing" of "natural language processing").

    A name that is one common word counts only for an entity the extractor found in at least
    ``min_share`` of the papers whose abstracts have the word: "gradient" or "prior" are words
    most abstracts use without naming a concept. A task's word counts in the other papers too where
    :func:`names_task` reads it as a task. Only entities with a ``confidence`` of at least
    ``min_confidence`` are searched: a paper is linked by name alone only to what is surely a
    term. Generic phrases the confidence filter let through ("data point", "test time", "upper
    bound", "hyperparameter", at .15-.45) are not spread to more papers; on the development
    set .5 rather than .3 keeps every well-known concept's papers and gains .01 of precision."""
    index = NameIndex()
    for node, data in established(graph, min_papers, min_confidence):
        label = data.get("label", "")
        for name in dict.fromkeys([label, *data.get("alt_labels", ())]):
            if searchable(name, label):
                index.add(name, node, modifier=names_a_thing(data))
    named: dict[str, set[str]] = defaultdict(set)
    by_word: dict[str, set[str]] = defaultdict(set)
    in_longer: dict[str, set[str]] = defaultdict(set)  # papers that use the word inside a longer name
    as_head: dict[str, set[str]] = defaultdict(set)  # papers that name it only as a longer name's head
    for paper, data in graph.nodes(data=True):
        if data.get("type") == "Paper" and data.get("abstract"):
            cut: set[str] = set()
            inside: set[str] = set()
            for node, common in index.find(data["abstract"], cut, inside):
                (by_word if common else named)[node].add(paper)
            for node in inside:
                as_head[node].add(paper)
            for node in cut:
                in_longer[node].add(paper)
    for node, papers in by_word.items():
        # A common word is a term only where the extractor mostly says so: "dropout", not "prior".
        extracted = set(graph.nodes[node].get("papers", ()))
        if len(extracted) >= min_share * len(extracted | papers | in_longer[node]):
            named[node] |= papers
        elif graph.nodes[node].get("type") == "Task":
            # or, for a task, where the abstract names it as one: "for classification and regression"
            word = str(graph.nodes[node].get("label", ""))
            named[node] |= {p for p in papers if names_task(str(graph.nodes[p].get("abstract", "")), word)}
    for node, papers in as_head.items():
        # a head only a longer name says ("language processing" of natural language processing,
        # "radiance field" of neural radiance field) is a term where the field or the extractor
        # says so on its own: a vocabulary's term, or found alone in half the papers naming it
        data = graph.nodes[node]
        extracted = set(data.get("papers", ()))
        if data.get("vocab_match") != "exact" and len(extracted) < min_share * len(extracted | papers):
            named[node] -= papers - extracted
    # a paper whose own short form names another thing ("COCO" for its controllable
    # counterfactuals: a hidden label) is not linked to the entity of that name by it
    own: dict[str, set[str]] = defaultdict(set)
    for paper, entity, key in graph.edges(keys=True):
        if key == "mentions":
            own[paper].update(term_key(str(h)) for h in graph.nodes[entity].get(HIDDEN_LABELS, ()))
    added = 0
    for node, papers in sorted(named.items()):
        data = graph.nodes[node]
        names = {term_key(str(n)) for n in [data.get("label", ""), *data.get("alt_labels", ())]}
        for paper in sorted(papers):
            if graph.has_edge(paper, node, key="mentions") or names & own[paper]:
                continue
            graph.add_edge(paper, node, key="mentions", type="mentions", weight=1, papers=[paper], evidence=[])
            entity = graph.nodes[node]
            entity["papers"] = sorted({*entity.get("papers", ()), paper})
            entity["paper_count"] = len(entity["papers"])
            entity["count"] = entity.get("count", 0) + 1
            added += 1
    return added
