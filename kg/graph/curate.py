"""Suggest thesaurus rules for a graph: merges of entities that look like one thing, drops of noise.

``kg curate GRAPH --suggest`` writes the suggestions as a VOSviewer thesaurus for the user to edit
and feed back with ``kg build --thesaurus``. Each has its reason; the order is deterministic.

Merges: the entity with fewer papers is replaced by the one with more (then more mentions, then
the label first in alphabetical order). Entities are joined when

- their labels are the same words up to case, hyphens, spaces, plurals (of any word) and British
  or American spelling ("Bayesian optimisation" ~ "Bayesian optimization");
- or the same but for a typo in one word: one edit (insert, delete, substitute, swap) in a word of
  at least ``TYPO_MIN`` letters, two from ``TYPO2_MIN`` up, first and last letters and digits kept,
  and the word is rare (in at most ``RARE_PAPERS`` papers' entities) beside a word at least twice
  as common ("adapation" ~ "adaptation"; not "encoder" ~ "decoder", "GPT-3" ~ "GPT-4",
  "transformer" ~ "transformed", "inference" ~ "influence"); labels written like names
  ("DreamBooth", "LLaMA2") are left out of this, as names are coined, not misspelled;
- they are written with the same abbreviation: a short capitalised label or alt label ("LoRA",
  "SAE") of two or three entities, when one of them is called just that or two thirds of the
  words of their labels start alike ("low-rank adapter" ~ "low-rank adaptation"; not "automatic
  speech recognition" ~ "attack success rate", "Binary neural network" ~ "Bayesian neural
  network"); an abbreviation written for more entities is taken as ambiguous;
- they link exactly (``vocab_match`` "exact") to the same vocabulary term (``vocab``).

Entities joined through any of these form one group, all replaced by its biggest entity.

Drops (of entities in no merge): generic labels, made only of the words in
``data/generic_words.json`` ("model", "proposed method"), and rare entities: one mention in one
paper, not proposed by it, in no relation with another entity and linked to no vocabulary term.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from kg.graph.model import ENTITY_TYPES, PAPER_LINKS
from kg.graph.stems import stem
from kg.text import name_like, normal_form, singular

if TYPE_CHECKING:
    import networkx as nx

DATA = Path(__file__).parent / "data"
TYPO_MIN = 6  # letters a word needs before one typo in it is taken for a typo
TYPO2_MIN = 9  # ... and before two are
RARE_PAPERS = 2  # papers a misspelled word is in at most
MAX_SHARING = 3  # entities an abbreviation may be written for and still suggest a merge


class Suggestion(NamedTuple):
    """Replace ``label`` by ``replace_by`` (empty: drop it), for ``reason``."""

    label: str
    replace_by: str
    reason: str


@cache
def generic_words(path: Path = DATA / "generic_words.json") -> frozenset[str]:
    return frozenset(json.loads(path.read_text(encoding="utf-8"))["words"])


@lru_cache(maxsize=1 << 16)
def words(label: str) -> tuple[str, ...]:
    """The words of a label, lower case and singular, hyphens and punctuation as spaces.

    >>> words("Models Compression"), words("low-rank adaptations")
    (('model', 'compression'), ('low', 'rank', 'adaptation'))
    """
    return tuple(singular(w) for w in normal_form(label).split())


#: British word endings and their American forms.
_SPELLINGS = (
    ("isation", "ization"),
    ("ise", "ize"),
    ("ised", "ized"),
    ("ising", "izing"),
    ("yse", "yze"),
    ("elling", "eling"),
    ("elled", "eled"),
    ("eller", "eler"),
    ("our", "or"),
    ("ence", "ense"),
    ("tre", "ter"),
    ("ogue", "og"),
    ("efact", "ifact"),
)


def american(word: str) -> str:
    """``word`` (lower case) in American spelling, as far as its ending tells.

    >>> [american(w) for w in ("optimisation", "modelling", "behaviour", "defence", "centre", "inference")]
    ['optimization', 'modeling', 'behavior', 'defense', 'center', 'inferense']
    """
    for british, us in _SPELLINGS:
        if word.endswith(british) and len(word) > len(british) + 2:
            return word[: -len(british)] + us
    return word


def is_abbreviation(text: str) -> bool:
    """A short, capitalised name: "LoRA", "GNNs", "SAE"; not "ImageNet" or "Sparse".

    >>> [is_abbreviation(t) for t in ("LoRA", "GNNs", "ImageNet", "KV cache", "A")]
    [True, True, False, False, False]
    """
    letters = [c for c in text if c.isalpha()]
    upper = sum(c.isupper() for c in letters)
    return " " not in text and 2 <= len(text) <= 12 and upper >= 2 and upper >= 0.4 * len(letters)


def osa_distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``.

    >>> osa_distance("adapation", "adaptation"), osa_distance("causal", "casual"), osa_distance("ab", "ba")
    (1, 1, 1)
    """
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _typos(word: str) -> int:
    return 2 if len(word) >= TYPO2_MIN else 1 if len(word) >= TYPO_MIN else 0


def _deletions(word: str, n: int) -> set[str]:
    """``word`` with up to ``n`` letters left out: two words within ``n`` typos share one."""
    out, frontier = {word}, {word}
    for _ in range(n):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


_DIGITS = re.compile(r"\D")


def _is_typo(a: str, b: str, papers: dict[str, int]) -> bool:
    if a[0] != b[0] or a[-1] != b[-1] or _DIGITS.sub("", a) != _DIGITS.sub("", b):
        return False
    rare, common = sorted((papers[a], papers[b]))
    return rare <= RARE_PAPERS and common >= 2 * rare and osa_distance(a, b) <= min(_typos(a), _typos(b))


Entities = dict[str, dict[str, Any]]
Link = tuple[str, str, str]  # two node ids, and why they are one


def near_identical(entities: Entities) -> Iterator[Link]:
    """Pairs of entities whose labels are the same words, or the same but for one typo."""
    same: dict[str, list[str]] = defaultdict(list)
    contexts: dict[tuple[str, ...], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    papers: dict[str, int] = defaultdict(int)  # word -> papers of the entities written with it
    for node, data in entities.items():
        ws = words(data["label"])
        same["".join(american(w) for w in ws)].append(node)
        for word in set(ws):
            papers[word] += int(data.get("paper_count", 0))
        if not name_like(data["label"]):
            for i, word in enumerate(ws):
                if _typos(word):  # the other words, and who writes which word between them
                    contexts[(*ws[:i], "", *ws[i + 1 :])][word].append(node)
    for key, nodes in same.items():
        first = entities[nodes[0]]["label"]
        for other in nodes[1:] if key else ():
            label = entities[other]["label"]
            if label.casefold() == first.casefold():
                why = "same label"
            elif "".join(words(label)) == "".join(words(first)):
                why = "same words up to case, hyphens, spaces, plurals"
            else:
                why = "same words in British and American spelling"
            yield nodes[0], other, why
    pairs: set[tuple[str, str, str, str]] = set()
    for written in contexts.values():
        if len(written) > 1:
            for word, other_word in _typo_pairs(sorted(written), papers):
                pairs.update((a, b, word, other_word) for a in written[word] for b in written[other_word])
    for node, other, word, other_word in sorted(pairs):
        yield node, other, f"typo: {word!r} ~ {other_word!r}"


def _typo_pairs(found: list[str], papers: dict[str, int]) -> Iterator[tuple[str, str]]:
    """The pairs of ``found`` (distinct, sorted) that are one word with a typo: two words within
    ``n`` typos share a form with at most ``n`` letters left out of each, so only those are compared."""
    if len(found) > 20:
        forms: dict[str, list[str]] = defaultdict(list)
        for word in found:
            for form in _deletions(word, _typos(word)):
                forms[form].append(word)
        candidates = {(a, b) for group in forms.values() for a in group for b in group if a < b}
    else:
        candidates = {(a, b) for a in found for b in found if a < b}
    yield from (pair for pair in sorted(candidates) if _is_typo(*pair, papers))


def shared_abbreviations(entities: Entities) -> Iterator[Link]:
    """Pairs of entities written with the same abbreviation (by the key of its words) that
    :func:`_same_long_form` takes for one thing."""
    written: dict[str, dict[str, str]] = defaultdict(dict)
    for node, data in entities.items():
        for text in [data["label"], *data.get("alt_labels", [])]:
            if is_abbreviation(text):
                written["".join(words(text))].setdefault(node, text)
    for key, forms in written.items():
        if 2 <= len(forms) <= MAX_SHARING:
            nodes = sorted(forms)
            for i, node in enumerate(nodes):
                for other in nodes[i + 1 :]:
                    if _same_long_form(entities[node]["label"], entities[other]["label"], key):
                        yield node, other, f"both written {forms[node]!r}"


_FUNCTION_WORDS = frozenset("a an and for in of on the to via with s".split())


def _same_long_form(a: str, b: str, short: str) -> bool:
    """Whether two labels written with the abbreviation ``short`` (its key) say the same thing:
    one is just the abbreviation, or two thirds of their words start alike (first five letters).

    >>> _same_long_form("low-rank adapter", "Low-Rank Adaptation", "lora")
    True
    >>> _same_long_form("automatic speech recognition", "attack success rate", "asr")
    False
    >>> _same_long_form("Binary Neural network", "Bayesian neural network", "bnn")
    False
    """
    if short in ("".join(words(a)), "".join(words(b))):
        return True
    wa, wb = ({stem(w) for w in words(x) if w not in _FUNCTION_WORDS} for x in (a, b))
    return 3 * len(wa & wb) >= 2 * len(wa | wb) > 0


def same_vocabulary_term(entities: Entities) -> Iterator[Link]:
    """Pairs of entities linked exactly to the same vocabulary term (close links are too loose)."""
    linked: dict[str, list[str]] = defaultdict(list)
    for node, data in entities.items():
        if data.get("vocab") and data.get("vocab_match") == "exact":
            linked[data["vocab"]].append(node)
    for iri, nodes in sorted(linked.items()):
        for other in nodes[1:]:
            name = entities[nodes[0]].get("vocab_label") or iri
            yield nodes[0], other, f"both linked to the vocabulary term {name!r}"


def _groups(nodes: Iterable[str], links: list[Link]) -> list[list[str]]:
    """Connected groups of ``links`` (union-find), each sorted, in order of their first node."""
    parent = {n: n for n in nodes}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b, _ in links:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[str, list[str]] = defaultdict(list)
    for n in sorted(parent):
        groups[root(n)].append(n)
    return [g for g in groups.values() if len(g) > 1]


def suggest(graph: nx.MultiDiGraph, *, rare: bool = True) -> list[Suggestion]:
    """Merges first (by the label kept), then generic drops, then rare ones (``rare``), each by label."""
    entities: Entities = {n: d for n, d in graph.nodes(data=True) if d.get("type") in ENTITY_TYPES}
    links = [*shared_abbreviations(entities), *near_identical(entities), *same_vocabulary_term(entities)]
    why: dict[str, list[str]] = defaultdict(list)
    for a, b, reason in links:
        why[a].append(f"{reason} ({entities[b]['label']!r})")
        why[b].append(f"{reason} ({entities[a]['label']!r})")
    merges, merged = [], set()
    for group in _groups(entities, links):
        keep = min(group, key=lambda n: _size(entities[n]))
        merged.update(group)
        for node in group:
            if node != keep:
                reason = "; ".join(dict.fromkeys(why[node]))
                merges.append(Suggestion(entities[node]["label"], entities[keep]["label"], reason))
    merges.sort(key=lambda s: (s.replace_by.casefold(), s.replace_by, s.label.casefold(), s.label))
    related = {n for u, v, k in graph.edges(keys=True) if k not in PAPER_LINKS for n in (u, v)}
    generic, seldom = [], []
    for node, data in entities.items():
        if node in merged:
            continue
        if _is_generic(data["label"]):
            generic.append(Suggestion(data["label"], "", "generic: only generic words"))
        elif rare and _is_rare(node, data, related):
            seldom.append(Suggestion(data["label"], "", "rare: one mention in one paper, no relation, not proposed"))
    drops = sorted(generic, key=_by_label) + sorted(seldom, key=_by_label)
    return merges + list({s.label: s for s in drops}.values())


def _size(data: dict[str, Any]) -> tuple[int, int, str, str]:
    label = str(data["label"])
    return (-int(data.get("paper_count", 0)), -int(data.get("count", 0)), label.casefold(), label)


def _by_label(s: Suggestion) -> tuple[str, str]:
    return (s.label.casefold(), s.label)


def _is_generic(label: str) -> bool:
    """Only generic words, and not written like a name: "proposed method" and "Model" are, "SAE"
    and "GPT-4 model" are not."""
    if name_like(label):
        return False
    ws = words(label)
    return bool(ws) and all(w in generic_words() for w in ws)


def _is_rare(node: str, data: dict[str, Any], related: set[str]) -> bool:
    return (
        int(data.get("paper_count", 0)) <= 1
        and int(data.get("count", 0)) <= 1
        and not data.get("proposed_by")
        and not data.get("vocab")
        and node not in related
    )
