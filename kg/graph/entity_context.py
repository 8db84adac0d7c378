"""How a sentence uses one mention of an entity: the words around it, for the confidence model.

A researcher's term sits in telling places, whatever its words: the object of a method verb
("we use / apply / outperform X"), after "the task of", before a class noun that names it ("the X
dataset", "the X algorithm"), after "such as" or "including" (an example of a kind), before "is a"
(a definition), in a list of coordinated names ("X, Y and Z"). These cues hold in any year and
field, unlike the words of the label, which the model would otherwise memorize.
:func:`occurrence_context` reads one occurrence in the lower-case abstract;
:func:`kg.graph.entity_evidence.usage_in_paper` calls it for each occurrence it finds (one scan).
"""

from __future__ import annotations

import re

#: Verbs (and "via", "with") whose object is a method, model, dataset or task used or compared.
METHOD_VERBS = frozenset(
    {
        "use", "uses", "using", "used", "apply", "applies", "applying", "applied", "employ", "employs",
        "employing", "leverage", "leverages", "leveraging", "adopt", "adopts", "propose", "proposes",
        "introduce", "introduces", "present", "presents", "train", "trains", "training", "evaluate",
        "evaluated", "outperform", "outperforms", "outperforming", "extend", "extends", "via", "with",
    }
)  # fmt: skip
#: Determiners skipped between the verb and its object ("use the X").
_DETERMINERS = frozenset({"a", "an", "the", "our", "their", "its", "this", "these"})
#: A class noun after the mention makes it a name: "the X dataset", "the X algorithm".
_CLASS_NOUN = re.compile(
    r"\s+(?:datasets?|benchmarks?|corpus|models?|algorithms?|methods?|framework|networks?|architecture|tasks?"
    r"|problems?|loss|score|metric)\b"
)
_DEFINED = re.compile(r"\s+(?:is|are)\s+(?:a|an|the)\b")
_NOT_WORD = re.compile(r"[^\w\s,-]")


def occurrence_context(low: str, start: int, end: int) -> set[str]:
    """The cues around the mention at ``low[start:end]`` (``low``: the abstract in lower case).

    >>> text = "we use the deep q-network on the atari benchmark, for the task of game playing."
    >>> sorted(occurrence_context(text, 11, 25)), sorted(occurrence_context(text, 33, 38))
    (['verb_obj'], ['class_noun'])
    >>> sorted(occurrence_context(text, 66, 77))
    ['task_of']
    >>> text = "baselines such as mixup, cutout and dropout. dropout is a regularizer."
    >>> sorted(occurrence_context(text, 18, 23)), sorted(occurrence_context(text, 45, 52))
    (['example', 'in_list'], ['defined'])
    """
    words = [w.strip(",") for w in _NOT_WORD.sub(" ", low[max(0, start - 60) : start]).split()[-3:]]
    raw_before = low[max(0, start - 3) : start].rstrip()
    after = low[end : end + 6]
    found: set[str] = set()
    k = len(words) - 1
    while k >= 0 and words[k] in _DETERMINERS:
        k -= 1
    if k >= 0 and words[k] in METHOD_VERBS:
        found.add("verb_obj")
    if len(words) >= 2 and words[-1] == "of" and words[-2] in {"task", "tasks", "problem", "problems"}:
        found.add("task_of")
    if _CLASS_NOUN.match(low, end):
        found.add("class_noun")
    if raw_before.endswith(",") or after.startswith((",", " and ", " or ")) or (words and words[-1] in {"and", "or"}):
        found.add("in_list")
    if words[-2:] == ["such", "as"] or (words and words[-1] in {"including", "e.g"}):
        found.add("example")
    if _DEFINED.match(low, end):
        found.add("defined")
    return found
