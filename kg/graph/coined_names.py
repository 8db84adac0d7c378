"""Names a paper coins: a name it gives an abbreviation where it says it brings the name in.

"We describe Simulated Policy Learning (SimPLe), a ...", "we derive a new algorithm,
Reward-Randomized Policy Gradient (RPG)", "we propose Sampling and Contextual Decomposition (SCD)
algorithm", "a technique which we refer to as Sparsity Normalization (SN)", "we reduce the
variance by RoutIng Diverse Experts (RIDE)", "we present the split-Poisson-Gamma (SPG)
distribution": a name given an abbreviation just after a proposal verb (or just after "by",
"via", "through") in a sentence of the authors' is the paper's own when it is new to the corpus
(named by few papers, not a term of the shipped vocabularies). The parse reads some of these
sentences wrongly ("Confidential and Private Collaborative (CaPC) learning" split in two) or has
no cue for the verb ("describe", "derive"); the text of the sentence says it. Not "we apply our
estimator to the recently proposed Joint Energy Model (JEM)", "we propose PMI-Masking, based on
the concept of Pointwise Mutual Information (PMI)", "the dynamics given by an ordinary
differential equation (ODE)": others' names the sentence only refers to.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from kg.graph.titles import MAX_PAPERS, telling
from kg.records import Extraction, Mention

#: Small words a capitalized name keeps in lower case: "Sampling and Contextual Decomposition".
_GLUE = frozenset({"and", "of", "for", "with", "in", "on", "the", "to", "via", "a", "an", "by", "from"})
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_AUTHORS = frozenset({"we", "our", "us"})
#: Verbs that say the authors bring in what follows ("to as": "which we refer to as X").
_VERBS = frozenset(
    "propose proposes proposing introduce introduces introducing present presents presenting develop develops"
    " developing derive derives deriving design designs devise devises describe describes call dub term named"
    " called dubbed termed coined".split()
)
#: Words after the verb that put the name at one remove: "based on", "such as", "an adaptation of".
_AWAY = frozenset(
    {"based", "such", "inspired", "using", "use", "uses", "like", "following", "than", "from", "of", "for"}
)
#: Words near the name that make it others': "a recent advance called X", "the classical X".
_OTHERS = frozenset(
    {"recent", "recently", "existing", "classical", "popular", "standard", "prior", "previous", "studied"}
    | {"state-of-the-art", "well-known", "widely-used", "conventional"}
)
#: Words just before the name (an article between) that say the authors' sentence works by it:
#: "we aim to reduce the variance by RoutIng Diverse Experts (RIDE)".
_MEANS = frozenset({"by", "via", "through"})
#: Participles that make "by X" someone else's doing: "given by an ordinary differential equation (ODE)".
_PARTICIPLES = frozenset({"given", "driven", "shown", "taken", "known", "seen", "chosen", "written", "proven", "done"})
#: The name starts at most this many words after the verb.
_WINDOW = 8


def coined(long: str) -> bool:
    """Whether ``long``, the long form of an abbreviation, can be a coined name: two words or
    more, not opening or closing on a small word (a parse that cut the name), or one hyphenated
    word with capitals.

    >>> [coined(t) for t in ("RoutIng Diverse Experts", "Sampling and Contextual Decomposition",
    ...     "split-Poisson-Gamma", "Diverse", "of Diverse Experts", "long-tail")]
    [True, True, True, False, False, False]
    """
    words = long.split()
    if len(words) == 1:  # "split-Poisson-Gamma": a hyphenated name
        return "-" in long.strip("-") and any(c.isupper() for c in long[1:])
    return words[0].lower() not in _GLUE and words[-1].lower() not in _GLUE


def proposed_in(abstract: str, short: str, long: str) -> bool:
    """Whether ``abstract`` gives ``long (short)`` a few words after a proposal verb, or just
    after "by", "via" or "through", in a sentence by the authors ("we", "our", "this paper"), not
    named as others' work nearby.

    >>> proposed_in("Here we describe Simulated Policy Learning (SimPLe), a new method.", "SimPLe",
    ...     "Simulated Policy Learning")
    True
    >>> proposed_in("We aim to reduce the variance by Routing Diverse Experts (RIDE).", "RIDE",
    ...     "Routing Diverse Experts")
    True
    >>> proposed_in("We learn the dynamics given by an ordinary differential equation (ODE).", "ODE",
    ...     "ordinary differential equation")
    False
    >>> proposed_in("We apply it to the recently proposed Joint Energy Model (JEM).", "JEM", "Joint Energy Model")
    False
    >>> proposed_in("We propose X-Masking, a strategy based on Pointwise Mutual Information (PMI).", "PMI",
    ...     "Pointwise Mutual Information")
    False
    """
    return any(_cued(abstract[:start]) for start in _defined_at(abstract, short, long))


def _defined_at(abstract: str, short: str, long: str) -> Iterator[int]:
    """Where ``abstract`` writes ``long (short)``, spaces allowed around the brackets: what
    ``re.finditer`` would find for that pattern, without compiling one per name."""
    start = abstract.find(long)
    while start >= 0:
        rest = abstract[start + len(long) :].lstrip()
        if rest.startswith("("):
            rest = rest[1:].lstrip()
            if rest.startswith(short) and rest[len(short) :].lstrip().startswith(")"):
                yield start
                start = len(abstract) - len(rest[len(short) :].lstrip()) + 1  # past the ")"
                start = abstract.find(long, start)
                continue
        start = abstract.find(long, start + 1)


def _cued(before: str) -> bool:
    """Whether a name after ``before`` (the abstract up to it) is brought in by the authors: a
    sentence of theirs, a proposal verb (or "by", "via", "through") just before it."""
    sentence = _SENTENCE_END.split(before)[-1]
    words = _WORD.findall(sentence.lower())
    authors = _AUTHORS.intersection(words) or any(
        a == "this" and b in {"paper", "work"} for a, b in itertools.pairwise(words)
    )
    if not authors:
        return False
    near = words[-_WINDOW:]
    verbs = [i for i, w in enumerate(near) if w in _VERBS or (w == "as" and near[i - 1 : i] == ["to"])]
    bare = near[:-1] if near[-1:] in (["a"], ["an"], ["the"]) else near
    # "by X", not "inspired by X", "given by X"
    if len(bare) >= 2 and bare[-1] in _MEANS and not (bare[-2].endswith("ed") or bare[-2] in _PARTICIPLES):
        verbs.append(len(bare) - 1)
    return bool(verbs) and not _AWAY.intersection(near[verbs[-1] :]) and not _OTHERS.intersection(near)


_QUOTED = re.compile(r"(?:``|[\"“‘'])([^\"“”‘’'`]{3,60}?)(?:''|[\"”’'])")


def quoted_names(abstract: str, lower: bool = True) -> set[str]:
    """The lower-cased names in quotes the authors bring in: "we derive “Noisy Nodes”, a simple
    technique", "a new assumption that we call ``optimistic closure''".

    >>> sorted(quoted_names("From this we derive “Noisy Nodes”, a simple technique. We use “fair” data."))
    ['noisy nodes']
    """
    found = {m.group(1).strip(" ,.") for m in _QUOTED.finditer(abstract) if _cued(abstract[: m.start()])}
    return {q.lower() for q in found} if lower else found


def coined_shorts(abstract: str, definitions: Iterable[tuple[str, str]]) -> set[str]:
    """The abbreviations of ``definitions`` (short, long) whose long form ``abstract`` coins: a
    name that can be coined (:func:`coined`) and that the authors bring in (:func:`proposed_in`)."""
    return {short for short, long in definitions if coined(long) and proposed_in(abstract, short, long)}


def coined_proposals(
    abstract: str,
    definitions: Iterable[tuple[str, str]],
    entities: Iterable[tuple[str, Iterable[str], int]],
    known: Callable[[str], object] | None = None,
) -> list[str]:
    """The keys of a paper's ``entities`` (key, names, number of papers naming it) it coins: one
    named by an abbreviation the paper defines for a capitalized name (``definitions``: short,
    long) where its ``abstract`` says it proposes it (:func:`proposed_in`); not when more than a
    few papers name it or ``known`` says a name is a term of the vocabularies.

    >>> coined_proposals("We aim at it by introducing RoutIng Diverse Experts (RIDE).",
    ...     [("RIDE", "RoutIng Diverse Experts"), ("RL", "reinforcement learning")],
    ...     [("ride", ["RIDE", "RoutIng Diverse Experts"], 1), ("rl", ["RL"], 9)])
    ['ride']
    >>> coined_proposals("We propose Singular Value Decomposition (SVD).", [("SVD", "Singular Value Decomposition")],
    ...     [("svd", ["SVD"], 2)], lambda t: True)
    []
    """
    shorts = coined_shorts(abstract, definitions)
    found = quoted_names(abstract, lower=False)
    quoted = {q.lower() for q in found if len(q.split()) >= 2} | {q for q in found if any(c.isupper() for c in q[1:])}
    chosen = []
    for key, names, papers in entities:
        forms = list(names)
        if papers > MAX_PAPERS or not (
            shorts.intersection(forms) or quoted.intersection(f.lower() for f in forms) or quoted.intersection(forms)
        ):
            continue
        if known is None or not any(known(n) for n in telling(forms)):
            chosen.append(key)
    return chosen


def _split(abstract: str, mention: Mention, places: list[tuple[int, int]]) -> bool:
    """Whether ``mention`` is one conjunct the parse spelled out of a coordinated name ("and" or
    "or" in the text at its place, not in its own) around one of the abbreviations at ``places``."""
    text = abstract[mention.start : mention.end]
    joined = {"and", "or"} & set(text.lower().split()) - set(mention.text.lower().split())
    return bool(joined) and any(mention.start <= a and b <= mention.end for a, b in places)


def spelled_out(abstract: str, ex: Extraction) -> Extraction:
    """``ex`` without the proposals the parse spelled out of a coined name: "Confidential and
    Private Collaborative (CaPC) learning" read as "Confidential Collaborative learning" and
    "Private Collaborative learning" (:func:`_split`) around an abbreviation the paper coins
    (:func:`coined`, :func:`proposed_in`); the name the abbreviation stands for is the proposal.

    >>> text = "We introduce Red and Blue Voting (RBV) learning."
    >>> ex = Extraction([Mention("Red Voting learning", "Method", 13, 48), Mention("RBV", "Method", 39, 42)], [0], [],
    ...     [("RBV", "Red and Blue Voting")])
    >>> spelled_out(text, ex).proposed
    []
    """
    shorts = coined_shorts(abstract, ex.definitions)
    if not shorts or not ex.proposed:
        return ex
    places = [(m.start, m.end) for m in ex.mentions if m.text in shorts]
    kept = [i for i in ex.proposed if not _split(abstract, ex.mentions[i], places)]
    return ex if len(kept) == len(ex.proposed) else ex._replace(proposed=kept)
