"""What a paper's method is evaluated on, read from its abstract once the graph knows the types.

The parse's rules (:mod:`kg.nlp.result_places`) relate a dataset to the method the parse makes
the doer of a result, with the types one abstract gives its mentions: "We evaluate MUSE on three
publicly available datasets: MIMIC-IV, eICU, and ADNI" relates nothing when the parse hangs the
list elsewhere, and "Symphony" typed Concept in its own abstract is no doer. The graph knows more:
the entity a paper proposes, typed by all its papers, and which of its names are datasets. A
sentence of the abstract that names one of the paper's datasets (written as a name, as a whole
word), says something of results ("experiments", "outperforms", "state-of-the-art", "evaluate")
and names the paper's method (by a name the paper writes for it, or "we" / "our method" where the
paper proposes one method) states that the method is evaluated on it (:func:`result_datasets`).

Not in a sentence about training or making data ("trained on", "pre-training", "we release a
benchmark"), nor one that contrasts ("unlike", "whereas"); not a dataset the paper proposes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from kg.records import Extraction, Mention, Paper
from kg.text import joins_word, sentence_bounds

#: Confidence of an evaluation read off a sentence of results by the graph, as the parse's
#: (:data:`kg.nlp.result_places.RESULT_PLACE_CONFIDENCE`).
RESULT_DATASET_CONFIDENCE = 0.72

_RESULTS = re.compile(
    r"\b(?:experiment|evaluat|result|empiric|outperform|surpass|achiev|demonstrat|benchmark|state-of-the-art"
    r"|sota|improv|boost|tested|validat|perform)",
    re.IGNORECASE,
)
_NOT_RESULTS = re.compile(
    r"\b(?:pre-?train|(?:fine-?tun|train)\w*\s+(?:[\w-]+\s+){0,4}?(?:on|with|from|using)\b|unlike|whereas)"
    r"|\b(?:releas|introduc|present|propos|construct|collect|curat|creat|buil)\w*\b[^.]*\b(?:dataset|benchmark|corpus|suite)",
    re.IGNORECASE,
)
#: A sentence that opens on the paper's experiments on data: "Experiments on D show that ...",
#: "Extensive experimental results on D demonstrate ...": of the paper's method, when it proposes
#: one (not "our experiments show that baselines struggle on D").
_EXPERIMENTS_FIRST = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}?(?:experiments|experimental results|empirical (?:results|evaluations?|studies)"
    r"|evaluations?|results) (?:on|over|across)\b",
    re.IGNORECASE,
)
#: What stands for the paper's method: "we", "our method", "the proposed model", "our performance"
#: (not "our experiments show that the parametric LM struggles ...").
_OURS = re.compile(
    r"\b(?:we|our performance|(?:our|the proposed) (?:[\w-]+ ){0,2}"
    r"(?:method|approach|model|framework|algorithm|system|technique|network|classifier|regulari[sz]er|agent"
    r"|objective|estimator|architecture|scheme|strategy|pipeline|solver|optimi[sz]er|attack|defen[cs]e|sampler)s?)\b",
    re.IGNORECASE,
)


def _a_name(abstract: str, mention: Mention) -> bool:
    """Is the mention a name written whole ("MIMIC-IV", not "ImageNet" of "ImageNet-C")?"""
    whole = not joins_word(abstract[mention.end : mention.end + 1])
    return whole and any(c.isupper() or c.isdigit() for c in mention.text)


def result_datasets(
    abstract: str,
    mentions: Sequence[Mention],
    keys: Sequence[str | None],
    methods: Collection[str],
    datasets: Collection[str],
) -> list[tuple[str, str, str]]:
    """(method key, dataset key, sentence) for each dataset a sentence of the paper's results names.

    ``keys`` are the mentions' entity keys, ``methods`` the keys of the methods the paper proposes,
    ``datasets`` the keys of the paper's datasets it does not propose.

    >>> text = "We propose MUSE. We evaluate MUSE on MIMIC-IV and eICU. MUSE is pre-trained on ADNI."
    >>> ms = [Mention("MUSE", "Method", 11, 15), Mention("MUSE", "Method", 29, 33)]
    >>> ms += [Mention("MIMIC-IV", "Dataset", 37, 45), Mention("eICU", "Dataset", 50, 54)]
    >>> ms += [Mention("ADNI", "Dataset", 79, 83)]
    >>> data = {"mimic", "eicu", "adni"}
    >>> found = result_datasets(text, ms, ["muse", "muse", "mimic", "eicu", "adni"], {"muse"}, data)
    >>> [(method, data) for method, data, _ in found], found[0][2]
    ([('muse', 'mimic'), ('muse', 'eicu')], 'We evaluate MUSE on MIMIC-IV and eICU.')
    """
    out: list[tuple[str, str, str]] = []
    own = [(m, k) for m, k in zip(mentions, keys, strict=True) if k is not None and k in methods]
    for mention, key in zip(mentions, keys, strict=True):
        if key is None or key not in datasets or not _a_name(abstract, mention):
            continue
        if any(m.start < mention.end and mention.start < m.end for m, _ in own):
            continue  # a piece of the method's own name ("Adversarial-Sample Aware" of "... Aware training")
        begin, stop = sentence_bounds(abstract, mention.start, mention.end)
        sentence = abstract[begin:stop].strip()
        if not _RESULTS.search(sentence) or _NOT_RESULTS.search(sentence):
            continue
        named = {k for m, k in own if begin <= m.start < m.end <= stop}
        if not named and len(methods) == 1 and (_OURS.search(sentence) or _EXPERIMENTS_FIRST.match(sentence)):
            named = set(methods)
        out += [(method, key, sentence) for method in sorted(named) if (method, key, sentence) not in out]
    return out


def evaluations(
    papers: Sequence[Paper],
    extractions: Sequence[Extraction],
    keys: Sequence[Sequence[str | None]],
    type_of: Callable[[str], str],
    proposes: Callable[[Paper, str], bool],
) -> list[tuple[Paper, str, str, str]]:
    """(paper, method key, dataset key, sentence) of every paper's sentences of results
    (:func:`result_datasets`): its methods are the entities it proposes that the graph types
    Method, its datasets those it names and does not propose that the graph types Dataset."""
    out = []
    for paper, ex, paper_keys in zip(papers, extractions, keys, strict=True):
        typed = {k: type_of(k) for k in paper_keys if k is not None}
        own = {k for k in typed if proposes(paper, k)}
        methods = {k for k in own if typed[k] == "Method"}
        datasets = {k for k, kind in typed.items() if kind == "Dataset" and k not in own}
        if methods and datasets:
            found = result_datasets(paper.abstract, ex.mentions, paper_keys, methods, datasets)
            out += [(paper, method, data, sentence) for method, data, sentence in found]
    return out
