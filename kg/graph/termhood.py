"""Is an entity's label a term of the corpus being built? Statistics of one linear pass, for the
confidence model (:mod:`kg.graph.confidence`).

Per label (lower-case words, up to :data:`LONGEST` words):

- ``corpus:df``: how many abstracts of the corpus hold the phrase (log scale), whether or not
  the extractor took it there;
- ``corpus:linked``: the share of those abstracts whose paper the entity is linked to: a term
  is taken wherever it is said; a phrase the extractor takes in one paper of the many that say
  it ("large amount", "equal footing") is less surely one;
- ``corpus:inside`` and ``corpus:mostly_inside``: how often the label is part of longer entity
  labels (weighted by their papers): a C-value-like termhood, "neural network" inside "graph
  neural network"; more often inside than alone, it is a piece ("matrix completion model");
- ``corpus:pmi``: for two words or more, how much more often the phrase is said than its first
  and last words would be together by chance (log scale): "side information", "zero-sum".

The abstracts are read once, and only the phrases that are labels are counted: linear in the
corpus and the labels, no scan per entity.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping

from kg.graph.entity_evidence import WORD

#: The longest label (in words) counted in the abstracts.
LONGEST = 4


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def phrase_document_frequency(abstracts: Iterable[str], phrases: set[str], longest: int = LONGEST) -> Counter[str]:
    """How many of ``abstracts`` hold each of ``phrases`` (lower-case words joined by a space).

    >>> sorted(phrase_document_frequency(["Side information helps.", "No side information, no side."],
    ...     {"side information", "side", "help"}).items())
    [('side', 2), ('side information', 2)]
    """
    df: Counter[str] = Counter()
    for abstract in abstracts:
        words = _words(abstract)
        seen = set()
        for k in range(1, longest + 1):
            for i in range(len(words) - k + 1):
                phrase = " ".join(words[i : i + k])
                if phrase in phrases:
                    seen.add(phrase)
        df.update(seen)
    return df


def termhood_features(
    labels: Mapping[Hashable, tuple[str, int]], abstracts: Iterable[str]
) -> dict[Hashable, dict[str, float]]:
    """The corpus features of each entity, given its (label, number of papers) and every
    abstract of the corpus.

    >>> abstracts = ["We use side information.", "Side information and graphs.", "A side note.", "Information.",
    ...     "Graphs.", "More graphs."]
    >>> out = termhood_features({"a": ("side information", 2), "b": ("information", 1)}, abstracts)
    >>> out["a"]["corpus:linked"], out["a"]["corpus:pmi"] > 0, out["b"]["corpus:mostly_inside"]
    (1.0, True, 1.0)
    """
    words = {node: _words(label) for node, (label, _) in labels.items()}
    wanted = {" ".join(w) for w in words.values() if w} | {x for w in words.values() if w for x in (w[0], w[-1])}
    n = 0

    def counted() -> Iterable[str]:
        nonlocal n
        for abstract in abstracts:
            n += 1
            yield abstract

    df = phrase_document_frequency(counted(), wanted)
    inside: Counter[str] = Counter()
    for node, w in words.items():
        papers = labels[node][1]
        for k in range(1, len(w)):
            for i in range(len(w) - k + 1):
                inside[" ".join(w[i : i + k])] += papers
    out: dict[Hashable, dict[str, float]] = {}
    for node, w in words.items():
        key, papers = " ".join(w), labels[node][1]
        said = df.get(key, 0)
        feats = {"corpus:df": round(math.log1p(said) / 8, 3), "corpus:inside": round(math.log1p(inside[key]) / 8, 3)}
        if said:
            feats["corpus:linked"] = round(min(papers / said, 1.0), 3)
        if inside[key] > papers:
            feats["corpus:mostly_inside"] = 1.0
        if len(w) >= 2 and said and df.get(w[0]) and df.get(w[-1]):
            feats["corpus:pmi"] = round(math.log(said * max(n, 1) / (df[w[0]] * df[w[-1]])) / 8, 3)
        out[node] = feats
    return out
