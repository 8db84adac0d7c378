"""What a paper names only inside a longer name: it is about it, it does not mention it.

A paper on "offline reinforcement learning (RL)" is about reinforcement learning, and "papers about
reinforcement learning" should find it (issue 12 asks for both links); but "reinforcement learning"
is not one of the paper's own entities: a reader of its abstract calls it a fragment of the longer
name. The held-out readers judged 219 such links of the twelve ICLR 2024 samples, and only 89 right
(.41): most of the fragments they found.

:func:`link_about` turns such a ``mentions`` edge into an ``about`` edge (:data:`kg.graph.model.ABOUT`;
``kg:about`` in RDF, of which ``kg:mentions`` is a sub-property): where every place the paper's title
and abstract write one of the entity's names ends a longer name of another entity the paper
mentions, as its head, or starts a longer name the paper mentions of another thing: "UV sphere" of
"UV sphere space", "Jacobian" of "Jacobian matrix", "backpropagation" of "backpropagation through
time" (46 of the 57 such links of the fifteen samples b to p were judged wrong). Not where the words
after it say only what kind or which part of it the longer name is ("Transformer models", "ReLU
activations", "regret bounds", "LLaMA2 7B"), nor for a dataset, a metric or a task ("ImageNet" of
"ImageNet classification", "PSNR" of "PSNR gain", "super-resolution" of "super-resolution GAN"
name the data, measure or task of the paper: the development readers' entities); nor what the
paper proposes and what it names nowhere kg can see (a form the text does not spell). A name the paper
writes only at the start of a longer name it joins with a hyphen is a fragment too: "LLaMA" of
"LLaMA-2", "GPT-3.5" of "GPT-3.5-Turbo", "ImageNet" of "ImageNet-OOD" (the held-out readers judged
19 of 22 such links wrong), though not before "-based" ("Transformer-based models" name the
Transformer); and one it writes only capitalized at the start of a longer capitalized name:
"BIG-Bench" of "BIG-Bench Hard", "KITTI" of "KITTI Odometry" (8 of 8 judged links wrong), though not
before a word that says what it is ("F1 Score"), nor where a capital only opens a sentence. An
entity no paper mentions any more is a fragment wherever it was found and is removed with its edges.
"""

from __future__ import annotations

import re
from functools import lru_cache

import networkx as nx

from kg.graph.confidence import prune_vocabulary, unlink
from kg.graph.model import ABOUT, ENTITY_TYPES
from kg.graph.terms import ROLE_HEADS
from kg.text import joins_word, spelled_as_name

Place = tuple[int, int]


@lru_cache(maxsize=1 << 16)
def _words(name: str) -> tuple[str, ...]:
    """A name's words in lower case, split at spaces and hyphens; none for a name under two letters."""
    words = tuple(re.split(r"[\s-]+", name.lower().strip()))
    return words if words and len("".join(words)) >= 2 else ()


def _edge(text: str, i: int) -> bool:
    """Whether no word goes on across place ``i`` of ``text`` (:func:`kg.text.joins_word`)."""
    return i < 0 or not joins_word(text[i : i + 1])


def _match(text: str, words: tuple[str, ...], start: int) -> int:
    """Where the name ``words`` written from ``start`` ends (a space, a hyphen or nothing between
    words, a plural's "es" or "s" after), or -1."""
    ends = [start + len(words[0])]
    for word in words[1:]:  # every way the separators can go, a separator first, as a regex tries
        ends = [
            e + skip + len(word)
            for e in ends
            for skip in ((1, 0) if e < len(text) and (text[e].isspace() or text[e] == "-") else (0,))
            if text.startswith(word, e + skip)
        ]
    for end in ends:
        for plural in ("es", "s", ""):
            if text.startswith(plural, end) and _edge(text, end + len(plural)):
                return end + len(plural)
    return -1


def places(text: str, names: list[str]) -> list[Place]:
    """Where ``text`` (lower case) writes one of ``names``: a space or a hyphen between words, or
    none, and a plural, not inside a longer word.

    >>> places("offline reinforcement learning (offline rl) and model-based rl", ["reinforcement learning", "RL"])
    [(8, 30), (40, 42), (60, 62)]
    >>> places("meta-learning and metalearning, not metalearnings-x nor rl-based", ["meta learning", "RL"])
    [(0, 13), (18, 30)]
    """
    found = set()
    for name in names:
        words = _words(name)
        if not words:
            continue
        start = text.find(words[0])
        while start >= 0:
            end = _match(text, words, start) if _edge(text, start - 1) else -1
            if end >= 0:
                found.add((start, end))
            start = text.find(words[0], max(end, start + 1))
    return sorted(found)


def only_inside(own: list[Place], longer: list[Place], text: str = "", starting: list[Place] | None = None) -> bool:
    """Whether every one of ``own`` places (at least one) ends a longer one of ``longer``: the
    name is the head of a longer name there ("reinforcement learning" of "offline reinforcement
    learning"), or starts one of ``starting`` (places in ``text``) whose words after it name another
    thing (:func:`says_more`: "UV sphere" of "UV sphere space", "Jacobian" of "Jacobian matrix"),
    not what kind of thing or which part of it the name is ("Transformer models", "ReLU activations").

    >>> only_inside([(8, 30)], [(0, 30)]), only_inside([(8, 30), (50, 72)], [(0, 30)]), only_inside([], [(0, 9)])
    (True, False, False)
    >>> text = "the jacobian matrix of transformer models"
    >>> only_inside([(4, 12)], [], text, [(4, 19)]), only_inside([(23, 34)], [], text, [(23, 41)])
    (True, False)
    """
    starts = starting or []
    return bool(own) and all(
        any(a < s and e == b for a, b in longer) or any(a == s and e < b and says_more(text[e:b]) for a, b in starts)
        for s, e in own
    )


#: What a name takes after a hyphen and stays named: "Transformer-based", "LLM-driven" (readers' entities),
#: "EM-algorithm" (a generic head).
_MODIFYING = frozenset(
    {"based", "driven", "guided", "powered", "aware", "generated", "inspired", "enhanced", "assisted"}
    | {"algorithm", "method", "style"}
)


@lru_cache(maxsize=1 << 14)
def _joined_pattern(name: str) -> re.Pattern[str] | None:
    words = _words(name)
    if not words:
        return None
    return re.compile(r"(?<![\w-])" + r"[\s-]?".join(map(re.escape, words)) + r"-([^\W_]+)")


def starts_joined(text: str, names: list[str]) -> bool:
    """Whether ``text`` (lower case) writes one of ``names`` only at the start of a longer name it
    joins with a hyphen ("LLaMA" of "LLaMA-2", "GPT-3.5" of "GPT-3.5-Turbo", "ImageNet" of
    "ImageNet-OOD": another model or dataset), never on its own: a fragment to the held-out
    readers. Not before "-based" and its kind ("Transformer-based models" name the Transformer).

    >>> starts_joined("we tune llama-2 and gpt-3.5-turbo", ["LLaMA"]), starts_joined("llama-2 and llama", ["LLaMA"])
    (True, False)
    >>> starts_joined("transformer-based models", ["Transformer"]), starts_joined("no name here", ["LLaMA"])
    (False, False)
    """
    joined = False
    for name in names:
        words = _words(name)
        if not words or f"{words[-1]}-" not in text:  # most names never go on with a hyphen
            continue
        pattern = _joined_pattern(name)
        for m in pattern.finditer(text) if pattern is not None else ():
            if m.group(1) in _MODIFYING:
                return False
            joined = True
    return joined and not places(text, names)


#: A capitalized word, not one in capitals ("TriviaQA R@5", "ImageNet DNNs", "POMDP RL models": another
#: thing) nor a cited author ("MuJoCo Todorov et al.").
_CAPITALIZED_NEXT = re.compile(r" ([A-Z][a-z][\w-]*)\b(?! et al)")
#: Words after a name that say what it is, not a longer name: "F1 Score", "GPT-4 Model", "GLUE Benchmark".
_WHAT_IT_IS = ROLE_HEADS | frozenset(
    {"model", "models", "module", "modules", "architecture", "architectures", "backbone", "family", "series"}
    | {"variant", "variants", "score", "scores", "metric", "metrics", "network", "networks"}
)


#: Words after a name that say which part or aspect of it a longer name is: "ReLU activations",
#: "self-attention computation", "regret bounds", "neural PDE solver design", "deep neural network training".
_ASPECTS = _WHAT_IT_IS | frozenset(
    {"structure", "structures", "design", "computation", "step", "steps", "field", "domain", "block", "blocks"}
    | {"training", "pre-training", "pretraining", "accuracy", "performance", "bound", "bounds", "activation"}
    | {"activations", "point", "points", "family", "families", "series", "backbones", "objective", "objectives"}
    | {"quality", "criterion", "agent", "agents", "lower", "upper"}
)
#: A model's size after its name: "LLaMA2 7B", "OPT 66B".
_SIZE = re.compile(r"\d+(?:\.\d+)?[bmk]")


#: Types named at the start of a longer name as what the paper uses or addresses there: "ImageNet" of
#: "ImageNet classification", "PSNR" of "PSNR gain", "super-resolution" of "super-resolution GAN".
_NAMED_FIRST = frozenset({"Dataset", "Metric", "Task"})


def says_more(rest: str) -> bool:
    """Whether the words ``rest`` (in lower case) that a longer name writes after a name, after a
    space, name another thing: not only words saying what kind or which part of the name the longer
    name is ("models", "activations", "design"), nor a model's size ("70B").

    >>> says_more(" matrix"), says_more(" sphere space"), says_more(" models"), says_more(" 70b")
    (True, True, False, False)
    """
    if not rest[:1].isspace():
        return False
    return not all(word in _ASPECTS or _SIZE.fullmatch(word) for word in rest.split())


def _going_on(text: str, end: int) -> bool:
    """Whether a capitalized word that says no more than what the name is follows place ``end``."""
    m = _CAPITALIZED_NEXT.match(text, end)
    return m is not None and m.group(1).lower() not in _WHAT_IT_IS


def _opens_sentence(text: str, start: int, at: int) -> bool:
    """Whether place ``at`` of ``text`` opens a sentence of the part that begins at ``start``."""
    before = text[start:at].rstrip()
    return not before or before[-1] in ".!?:"


def starts_named(written: str, own: list[Place], abstract_start: int = 0) -> bool:
    """Whether ``written`` (a paper's title, a line break and its abstract, as written; the abstract
    from ``abstract_start``) writes a name at its places ``own`` (:func:`places` of its lower case)
    only capitalized in the abstract and going on into a capitalized word, the start of a longer
    name ("BIG-Bench" of "BIG-Bench Hard", "KITTI" of "KITTI Odometry", "Backpropagation" of
    "Backpropagation Through Time"), and in the title never alone: a fragment to the held-out
    readers. Title case says nothing: a title's place stands alone only before no word.

    >>> def named(title, abstract, names):
    ...     written = f"{title}\\n{abstract}"
    ...     return starts_named(written, places(written.lower(), names), len(title) + 1)
    >>> names = ["BIG-Bench"]
    >>> named("", "on BIG-Bench Hard (BBH) tasks", names), named("", "BIG-Bench and BBH", names)
    (True, False)
    >>> named("Tuning BIG-Bench", "on BIG-Bench Hard", names), named("", "big-bench Hard", names)
    (False, False)

    Not a word that says what the name is, nor a capital that opens a sentence, nor a word in
    capitals or a cited author:

    >>> named("", "the F1 Score", ["F1"]), named("", "Fine-tuning Large models", ["fine-tuning"])
    (False, False)
    >>> named("", "TriviaQA R@5 and ImageNet DNNs", ["TriviaQA", "ImageNet"])
    False
    >>> named("", "on MuJoCo Todorov et al. (2012) tasks", ["MuJoCo"])
    False
    """
    in_abstract = [(s, e) for s, e in own if s >= abstract_start]
    if not in_abstract or not all(written[s].isupper() and _going_on(written, e) for s, e in in_abstract):
        return False
    # a capital opening a sentence says nothing of a name ("Fine-tuning Large Language Models ...")
    if any(_opens_sentence(written, abstract_start, s) and not spelled_as_name(written[s:e]) for s, e in in_abstract):
        return False
    return all(_going_on(written, e) for s, e in own if s < abstract_start)


def _keys(name: str, part: str = "") -> set[str]:
    """A name's words run together in lower case, with and without a plural's "s" or "es"; with
    ``part`` "tails", of each proper tail of its words instead ("offline reinforcement learning":
    "reinforcementlearning", "learning"), with "fronts" of each proper start ("offline",
    "offlinereinforcement"). A name whose place ends (starts) a longer name's place (as
    :func:`places` finds them) has a key among the longer name's tails (fronts): only such pairs
    are looked for in the text."""
    words = _words(name)
    if part == "tails":
        runs = ["".join(words[k:]) for k in range(1, len(words))]
    elif part == "fronts":
        runs = ["".join(words[:k]) for k in range(1, len(words))]
    else:
        runs = ["".join(words)]
    return {v for run in runs for v in (run, run.removesuffix("s"), run.removesuffix("es"))}


class Names:
    """The names of a graph's entities (label and alternative labels), with their keys, each
    computed once for all the papers that mention the entity."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph
        self.names: dict[str, list[str]] = {}
        # entity -> (its names' keys, their tails' keys, their fronts' keys)
        self.keys: dict[str, tuple[set[str], set[str], set[str]]] = {}

    def of(self, node: str) -> list[str]:
        if node not in self.names:
            data = self.graph.nodes[node]
            self.names[node] = [str(data.get("label", "")), *map(str, data.get("alt_labels", ()))]
        return self.names[node]

    def keys_of(self, node: str) -> tuple[set[str], set[str], set[str]]:
        if node not in self.keys:
            names = self.of(node)
            whole = set().union(*(_keys(n) for n in names))
            parts = [set().union(*(_keys(n, part) for n in names)) for part in ("tails", "fronts")]
            self.keys[node] = (whole, parts[0], parts[1])
        return self.keys[node]


def inside_names(graph: nx.MultiDiGraph, paper: str, names: Names | None = None) -> list[str]:
    """The entities ``paper`` mentions, does not propose, and names only as the head of a longer
    name of another entity it mentions or at the start of one that names another thing (not for a
    dataset, metric or task: "ImageNet" of "ImageNet classification" names the data used, the
    development readers' entity), or only at the start of a name it joins with a hyphen or of a
    longer capitalized name."""
    names = names or Names(graph)
    mentioned = [v for _, v, k in graph.out_edges(paper, keys=True) if k == "mentions"]
    proposed = {v for _, v, k in graph.out_edges(paper, keys=True) if k == "proposes"}
    heads: dict[str, set[str]] = {}  # a tail of a name -> the entities with a name ending so
    fronts: dict[str, set[str]] = {}  # a start of a name -> the entities with a name starting so
    for node in mentioned:
        _, tails, starts = names.keys_of(node)
        for key in tails:
            heads.setdefault(key, set()).add(node)
        for key in starts:
            fronts.setdefault(key, set()).add(node)
    data = graph.nodes[paper]
    title = str(data.get("title") or "")
    written = f"{title}\n{data.get('abstract') or ''}"
    text = written.lower()
    cased = len(text) == len(written)  # else a letter whose lower case is longer: no places to compare
    inside = []
    for node in mentioned:
        if node in proposed:
            continue
        own = places(text, names.of(node))
        # "LLaMA" of "LLaMA-2", "BIG-Bench" of "BIG-Bench Hard"
        if starts_joined(text, names.of(node)) or (cased and starts_named(written, own, len(title) + 1)):
            inside.append(node)
            continue
        whole = names.keys_of(node)[0]
        longer_nodes = {o for key in whole for o in heads.get(key, ())} - {node}
        starting_nodes = set()
        if graph.nodes[node].get("type") not in _NAMED_FIRST:
            starting_nodes = {o for key in whole for o in fronts.get(key, ())} - {node}
        if not longer_nodes and not starting_nodes:
            continue
        longer = [place for other in sorted(longer_nodes) for place in places(text, names.of(other))]
        starting = [place for other in sorted(starting_nodes) for place in places(text, names.of(other))]
        if only_inside(own, longer, text, starting):
            inside.append(node)
    return inside


def link_about(graph: nx.MultiDiGraph) -> int:
    """Turn each ``mentions`` edge of what a paper names only as the head of a longer name it
    mentions into an ``about`` edge (the entity's ``papers``, ``paper_count`` and ``count`` are of
    its mentions), then remove the entities no paper mentions any more; how many edges were turned."""
    turned = 0
    names = Names(graph)
    for paper in [n for n, d in graph.nodes(data=True) if d.get("type") == "Paper"]:
        for node in inside_names(graph, paper, names):
            unlink(graph, paper, node)
            graph.add_edge(paper, node, key=ABOUT, type=ABOUT, weight=1, papers=[paper], evidence=[])
            turned += 1
    mentioned = {v for _, v, k in graph.edges(keys=True) if k == "mentions"}
    gone = [n for n, d in graph.nodes(data=True) if d.get("type") in ENTITY_TYPES and n not in mentioned]
    if gone:
        graph.remove_nodes_from(gone)
        prune_vocabulary(graph)
    return turned
