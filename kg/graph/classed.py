"""What an abstract calls a name says what kind of thing it is: "tasks such as forecasting and
imputation", "GAIA, a benchmark for General AI Assistants", "UK Biobank is an extremely large
biomedical dataset", "a novel disentanglement metric LSEPIN", "a training algorithm called CDE".

The extractor types a mention from its own words and the parse around it; the word the writer
chose for the class of the thing is often further away (a list's head noun, an apposition, a
copula). The held-out readers judged such names mistyped: datasets typed Method ("MuSiQue", "UK
Biobank"), tasks typed Concept ("outpainting" of "applications such as inpainting and
outpainting"). :func:`class_types` gives an entity the type its papers class it as, when the papers
that class it agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Sequence

import networkx as nx

from kg.graph.model import ENTITY_TYPES, HIDDEN_LABELS
from kg.graph.named_inside import places

#: The nouns that class a thing, singular and plural, and the type each gives.
CLASS_NOUNS = {
    **dict.fromkeys(("dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora"), "Dataset"),
    **dict.fromkeys(("task", "tasks", "problem", "problems", "application", "applications"), "Task"),
    **dict.fromkeys(("method", "methods", "algorithm", "algorithms", "technique", "techniques"), "Method"),
    **dict.fromkeys(("approach", "approaches", "architecture", "architectures", "model", "models"), "Method"),
    **dict.fromkeys(("metric", "metrics"), "Metric"),
}
_NOUN = "|".join(sorted(CLASS_NOUNS, key=len, reverse=True))
#: "X, a large-scale dataset", "X is a widely used benchmark", "X (XX), an approach": up to four
#: words between the article and the class noun, no comma and no preposition ("a new scheme of
#: dataset curation" is no dataset), and not "a new dataset called Y".
_MODIFIER = r"(?:(?!(?:of|for|with|in|on|to|by|from|via|that|which|and|or)\s)[\w-]+\s+)"
_AFTER = re.compile(
    rf"(?:\s*\([^()]{{0,40}}\))?(?:,| is| are)\s+(?:a|an|the|one of the|another)\s+{_MODIFIER}{{0,4}}?"
    rf"({_NOUN})\b(?!\s+(?:called|named|dubbed|termed))"
)
#: "tasks such as X", "benchmarks, including X", "metrics like X", "tasks (e.g., X", "four tasks: X":
#: the class noun, then what opens a list of examples.
_OPENS = re.compile(rf"\b({_NOUN}),?\s*(?:such as|including|like|\(?e\.g\.,?|:)\s+")
#: Between a list's items: a comma, "and", "or".
_SEPARATOR = re.compile(r"(\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))")
#: "the metric LSEPIN", "an algorithm called CDE": a class noun right before a name written as one (a
#: capital or a digit), or before the word that names it.
_BEFORE = re.compile(rf"\b({_NOUN})(\s+(?:called|named|dubbed|termed))?\s+$")
#: A name going on with a word: the class noun before it names the longer name ("an approach called
#: Diffusion Time Estimation"), not its start.
_GOES_ON = re.compile(r"[ \t]+(?!(?:which|that|to|for|with|and|or|is|are|as|in|on|of|by|from|via)\b)[a-z]")
#: What may follow a list's item: another separator, the end of a clause or of a bracket, or the
#: item's own short form in brackets.
_ITEM_END = re.compile(r"\s*(?:\([^()]{1,20}\))?\s*(?:$|[,.;:)]|and\b|or\b)")


def _closes(separator: str) -> bool:
    """Whether a list's separator is its last: "and", "or"."""
    return bool(re.search(r"\b(?:and|or)\b", separator))


def _listed(text: str, start: int, end: int, opens: Sequence[re.Match[str]] | None = None) -> str | None:
    """The class noun of the list of examples ``text[start:end]`` is an item of, if any: the
    items before it short (at most six words), separated by commas, "and", "or" (before the last).
    ``opens``: every match of :data:`_OPENS` in ``text``, in order, when known."""
    if opens is None:
        opens = list(_OPENS.finditer(text))
    k = bisect_right([m.end() for m in opens], start) - 1
    if k < 0 or opens[k].start() < start - 240 or not _ITEM_END.match(text, end):
        return None
    last = opens[k]
    gap = text[last.end() : start]
    if gap:
        split = _SEPARATOR.split(gap)
        pieces, separators = split[::2], split[1::2]
        if pieces[-1] != "" or any(not p or len(p.split()) > 6 or any(c in p for c in ".;:()") for p in pieces[:-1]):
            return None
        if any(_closes(sep) for sep in separators[:-1]):
            return None  # "datasets, e.g. CIFAR-10, and balance X and Y": the list ended at "and"
    return last.group(1)


#: Words after which a name starts a noun phrase of its own, as what follows it describes: not a
#: modifier or a preposition ("domain randomization via entropy maximization (DORAEMON), a
#: constrained optimization problem" describes the whole phrase).
_PHRASE_STARTS = frozenset(
    {"the", "a", "an", "our", "we", "by", "as", "called", "named", "dubbed", "termed", "use", "uses", "using"}
    | {"propose", "proposes", "introduce", "introduces", "present", "presents", "call", "study", "studies"}
)


def _starts_phrase(text: str, start: int) -> bool:
    """Whether the name at ``text[start:]`` starts a noun phrase: after a sentence's or a clause's
    start, a bracket, or one of :data:`_PHRASE_STARTS`."""
    before = text[max(0, start - 30) : start].rstrip()
    if not before or before[-1] in ".,;:(\n":
        return True
    return before.split()[-1] in _PHRASE_STARTS


def classes_at(text: str, written: str, start: int, end: int, opens: Sequence[re.Match[str]] | None = None) -> set[str]:
    """The types the class nouns around the name at ``text[start:end]`` (lower case; ``written`` the
    name as the abstract writes it) give it.

    >>> t = "it solves tasks such as forecasting and imputation. gaia, a benchmark for assistants, ..."
    >>> classes_at(t, "imputation", 40, 50), classes_at(t, "GAIA", 52, 56), classes_at(t, "solves", 3, 9)
    ({'Task'}, {'Dataset'}, set())
    >>> t = "a disentanglement metric lsepin; image classification on imagenet"
    >>> classes_at(t, "LSEPIN", 25, 31), classes_at(t, "lsepin", 25, 31)
    ({'Metric'}, set())
    """
    nouns = []
    after = _AFTER.match(text, end)
    if after and _starts_phrase(text, start):
        nouns.append(after.group(1))
    listed = _listed(text, start, end, opens)
    if listed and not (listed.startswith("application") and _written_as_name(written)):
        nouns.append(listed)  # "applications like AutoGPT and MetaGPT" are systems, not tasks
    before = _BEFORE.search(text, max(0, start - 30), start)
    if before and _written_as_name(written) and not (before.group(2) and _GOES_ON.match(text, end)):
        nouns.append(before.group(1))  # not "diffusion time" of "an approach called diffusion time estimation"
    return {CLASS_NOUNS[n] for n in nouns}


def _written_as_name(written: str) -> bool:
    return any(c.isupper() or c.isdigit() for c in written)


class Abstract:
    """An abstract read once for the class nouns around its names (:func:`paper_classes`)."""

    def __init__(self, abstract: str) -> None:
        self.low = abstract.lower()
        # a letter whose lower case is longer would shift the places: then the lower case is the text
        self.written = abstract if len(self.low) == len(abstract) else self.low
        self.opens = list(_OPENS.finditer(self.low))

    def classes(self, names: Iterable[str]) -> set[str]:
        """The types the class nouns around every place the abstract writes one of ``names`` give."""
        out: set[str] = set()
        for start, end in places(self.low, list(names)):
            out |= classes_at(self.low, self.written[start:end], start, end, self.opens)
        return out


def paper_classes(abstract: str, names: Iterable[str]) -> set[str]:
    """The types the class nouns around every place ``abstract`` writes one of ``names`` give."""
    return Abstract(abstract).classes(names)


def class_types(graph: nx.MultiDiGraph) -> int:
    """Give each entity the type its papers' abstracts class it as (:func:`paper_classes`) where
    they agree on one and at least half its papers class it (one paper's "applications such as
    social networks" does not make a task of what forty others use); the number retyped."""
    changed = 0
    abstracts: dict[Hashable, Abstract] = {}
    for _, data in graph.nodes(data=True):
        if data.get("type") not in ENTITY_TYPES:
            continue
        names = [str(data.get("label", "")), *map(str, data.get("alt_labels", ())), *data.get(HIDDEN_LABELS, ())]
        papers = [p for p in data.get("papers", ()) if p in graph]
        for p in papers:
            if p not in abstracts:
                abstracts[p] = Abstract(str(graph.nodes[p].get("abstract", "")))
        classes = [abstracts[p].classes(names) for p in papers]
        found = set().union(*classes)
        if len(found) == 1 and data["type"] not in found and 2 * sum(map(bool, classes)) >= len(papers):
            data["type"] = found.pop()
            changed += 1
    return changed
