"""Abbreviations and the long forms they spell: :func:`spells` says whether a short form's letters
are a long form's initials; :func:`short_form_pairs` finds the entities (grouped by variant key)
that are one name written with or without part of it abbreviated, :func:`stem_pairs` the long
forms of one abbreviation with the same stems, :func:`camel_initials_pairs` the datasets named
with a camel-case word or its capitals ("DeepMind Control", "DM Control")."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Protocol

from kg.graph.stems import kind_swap, same_stems
from kg.graph.variants import variant_key
from kg.text import term_key


class Named(Protocol):
    text: str
    short_forms: set[str]


@lru_cache(maxsize=1 << 16)
def spells(short: str, long: str) -> bool:
    """The initials of ``long`` spell ``short`` ("PPO", "Proximal Policy Optimization").

    >>> spells("PPO", "Proximal Policy Optimization"), spells("PPO", "policy optimization")
    (True, False)
    >>> spells("RLHF", "reinforcement learning from human feedback"), spells("KV", "Key-Value")
    (True, True)

    A lower-case first letter before a capital is one of the initials ("mean average precision"):

    >>> spells("mAP", "mean average precision"), spells("mAP", "average precision"), spells("kNN", "k-nearest neighbor")
    (True, False, True)
    """
    core = short[:-1] if len(short) > 2 and short.endswith("s") and short[-2].isupper() else short
    letters = "".join(c for c in core if c.isupper() or c.isdigit()) or core.upper()
    if lower_initial(core):  # "mAP", "kNN": the first letter counts
        letters = core[0].upper() + letters
    words = re.findall(r"[A-Za-z0-9]+", long)
    initials = "".join(w[0] for w in words).upper()
    content = "".join(w[0] for w in words if w.lower() not in _SKIP_WORDS).upper()
    return bool(letters) and letters in (initials, content)


def abbreviates(shorts: Sequence[str], longs: Sequence[str]) -> bool:
    """Whether one of ``shorts`` is an abbreviation (one word of letters, two capitals or more) whose
    capitals are the initials of all the words of one of ``longs``: "SpaCE" and "Spatial Confounding
    Environment", "MPDistil" and "meta-policy distillation" name one thing, neither a kind of the
    other. Not a name with more capitals than the long one has words ("LLaMA", "large language
    model"), nor one built on another abbreviation ("pp-SPA" is a kind of SPA).

    >>> abbreviates(["SpaCE"], ["Spatial Confounding Environment"])
    True
    >>> abbreviates(["MPDistil"], ["meta-policy distillation"])
    True
    >>> abbreviates(["LLaMA"], ["large language model"]), abbreviates(["pp-SPA"], ["successive projection algorithm"])
    (False, False)
    """
    return any(
        short.isalpha()
        and sum(c.isupper() for c in short) == len(re.split(r"[\s-]+", long)) >= 2
        and spells(short, long)
        for short in shorts
        for long in longs
    )


def spelled_whole(whole: str, core: str, defined: Collection[str]) -> str:
    """``core``, a mention's term without its role head, or ``whole`` (the mention as written,
    :func:`kg.graph.terms.written_term`) when the paper defines an abbreviation for it (``defined``:
    the :func:`term_key` of each long form): "Variational quantum algorithms (VQAs)" keeps its
    "algorithms" (not "Variational quantum"); "quantum architecture search (QAS) algorithms" is QAS's,
    and "our AdaMerging method" is AdaMerging.

    >>> spelled_whole("Metal-organic frameworks", "Metal-organic", {term_key("metal-organic framework")})
    'Metal-organic frameworks'
    >>> spelled_whole("QAS algorithms", "QAS", {term_key("quantum architecture search")})
    'QAS'
    >>> spelled_whole("text tokenization strategies", "text tokenization", {term_key("Text-to-Speech")})
    'text tokenization'
    """
    if core == whole or not core:
        return core
    return whole if term_key(whole) in defined else core


def lower_initial(short: str) -> bool:
    """An abbreviation whose first initial is written in lower case ("mAP", "kNN", "mIoU").

    >>> lower_initial("mAP"), lower_initial("MAP"), lower_initial("iOS"), lower_initial("al")
    (True, False, True, False)
    """
    return len(short) > 2 and short[0].islower() and short[1].isupper()


_SKIP_WORDS = frozenset({"of", "via", "for", "and", "the", "a", "an", "in", "on", "with", "to", "by", "from"})


def short_form_pairs(groups: Mapping[str, Sequence[Named]]) -> dict[str, str]:
    """``rare -> common`` variant keys where the rare one writes part of the common one's name by
    the abbreviation the common one has: "KL divergence" beside "Kullback-Leibler divergence"
    (written "KL" for short), or where both have one abbreviation and the rare long form adds a
    word its letters do not spell: "MCMC" for "Markov chain Monte Carlo (sampling)", or words inside
    it (:func:`inserted_words`): "LLM" for "large (pre-trained) language model"."""
    by_short: dict[str, set[str]] = defaultdict(set)
    for vk, group in groups.items():
        for entity in group:
            for short in entity.short_forms:
                by_short[short].add(vk)
    out: dict[str, str] = {}
    for vk, group in groups.items():
        first, _, rest = group[0].text.partition(" ")
        owners = by_short.get(first, set())
        if rest and len(owners) == 1 and not any(first in e.short_forms for e in group):
            (target,) = owners
            words = groups[target][0].text.split()
            cut = len(words) - len(rest.split())
            if target.endswith(" " + variant_key(rest)) and cut > 0 and spells(first, " ".join(words[:cut])):
                out[vk] = target
                continue
        for short in {s for e in group for s in e.short_forms}:
            for other in by_short[short] - {vk}:
                extra = vk[len(other) + 1 :] if vk.startswith(other + " ") else ""
                added = (extra and " " not in extra) or inserted_words(vk, other)
                if added and spells(short, groups[other][0].text):
                    out[vk] = other
    return out


def inserted_words(longer: str, shorter: str, most: int = 3) -> bool:
    """``longer`` is ``shorter`` (variant keys) with at most ``most`` words put inside it, the
    first and last words the same: what one abbreviation's long forms differ by when a writer
    adds a word ("large pre-trained language model" and "large language model" for LLM).

    >>> inserted_words("large pre trained language model", "large language model")
    True
    >>> inserted_words("reinforcement learning algorithm that learn from human feedback",
    ...     "reinforcement learning from human feedback")
    True
    >>> inserted_words("forward learning", "federated learning"), inserted_words("large language model", "large model")
    (False, True)
    """
    long_words, short_words = longer.split(" "), shorter.split(" ")
    if not 0 < len(long_words) - len(short_words) <= most or len(short_words) < 2:
        return False
    if long_words[0] != short_words[0] or long_words[-1] != short_words[-1]:
        return False
    rest = iter(long_words)
    return all(word in rest for word in short_words)


def camel_initials_pairs(datasets: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """``initialed -> written out`` variant keys of one dataset's name opening with a camel-case
    word and with that word's capitals ("DM Control" and "DeepMind Control", "TF Agents" and
    "TensorFlow Agents"): ``datasets`` maps each variant key to its texts. The one more texts
    write is kept.

    >>> camel_initials_pairs({"dm control": ["DM Control", "DM Control"], "deepmind control": ["DeepMind Control"],
    ...     "dm lab": ["DM Lab"]})
    {'deepmind control': 'dm control'}
    """
    by_initials: dict[tuple[str, str], str] = {}
    for key, texts in datasets.items():
        for text in texts:
            first, _, rest = text.partition(" ")
            capitals = "".join(c for c in first if c.isupper())
            if rest and first.isalpha() and len(capitals) >= 2 and not first.isupper() and first[0].isupper():
                by_initials.setdefault((capitals, variant_key(rest)), key)
    out: dict[str, str] = {}
    for key, texts in datasets.items():
        first, _, rest = texts[0].partition(" ")
        other = by_initials.get((first, variant_key(rest))) if first.isupper() and rest else None
        if other is not None and other != key and other not in out:
            rare, common = sorted((key, other), key=lambda k: (len(datasets[k]), k))
            out[rare] = common
    return out


def stem_pairs(groups: Mapping[str, Sequence[Named]], papers: Mapping[str, int]) -> dict[str, str]:
    """``rare -> common`` variant keys of entities that share an abbreviation and whose long
    forms have the same stems (:func:`~kg.graph.stems.same_stems`): LoRA's "low-rank
    adaptation" and "low-rank adapter"; or but for a word saying what kind of thing it is
    (:func:`~kg.graph.stems.kind_swap`): NAS's "network/neural architecture search"."""
    by_short: dict[str, set[str]] = defaultdict(set)
    for vk, group in groups.items():
        for entity in group:
            for short in entity.short_forms:
                by_short[term_key(short)].add(vk)
    out: dict[str, str] = {}
    for keys in by_short.values():
        ranked = sorted(keys, key=lambda k: (-papers[k], k))
        for i, rare in enumerate(ranked):
            if rare in out:
                continue
            common = next((c for c in ranked[:i] if c not in out and (same_stems(rare, c) or kind_swap(rare, c))), None)
            if common is not None:
                out[rare] = common
    return out
