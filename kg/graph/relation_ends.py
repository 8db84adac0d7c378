"""What ends a relation may join: by their types (issue 13's directions: addresses is method ->
task, evaluatedOn ends on a dataset, a method is no kind of a task) and by their names (a name is
no kind of its own long form)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kg.graph.short_forms import abbreviates

#: What each relation's ends must be, by node type (issue 13's directions: addresses is method ->
#: task, not a dataset or a cost "addressing" one): None leaves an end free. A relation whose
#: sentence reads right but whose ends resolved to other kinds ("an RL method uses X" said of the
#: task reinforcement learning) is left out.
RELATION_ENDS: dict[str, tuple[frozenset[str] | None, frozenset[str] | None]] = {
    "uses": (frozenset({"Method"}), frozenset({"Method", "Concept", "Task", "Metric", "Material"})),  # not a dataset
    "addresses": (frozenset({"Method"}), frozenset({"Task"})),
    "evaluatedOn": (None, frozenset({"Dataset"})),
    "measuredBy": (frozenset({"Method", "Task"}), frozenset({"Metric"})),  # not "an inductive bias ... accuracy"
    "improvesOn": (frozenset({"Method"}), frozenset({"Method"})),  # a baseline: not "existing T methods" as T
}


def ends_fit(label: str, head_type: str, tail_type: str) -> bool:
    """Whether a ``label`` relation may join a ``head_type`` node to a ``tail_type`` one; a dataset
    is a kind of a dataset only ("DomainNet, a UDA dataset": not a kind of the task).

    >>> ends_fit("uses", "Method", "Concept"), ends_fit("uses", "Task", "Method"), ends_fit("isA", "Task", "Task")
    (True, False, True)
    >>> ends_fit("evaluatedOn", "Method", "Dataset"), ends_fit("evaluatedOn", "Method", "Task")
    (True, False)
    >>> ends_fit("isA", "Dataset", "Task"), ends_fit("conjoinedWith", "Concept", "Concept")
    (False, True)
    >>> ends_fit("isA", "Method", "Task"), ends_fit("isA", "Task", "Method"), ends_fit("isA", "Method", "Concept")
    (False, False, True)
    >>> ends_fit("partOf", "Task", "Method"), ends_fit("partOf", "Method", "Method")
    (False, True)
    >>> ends_fit("conjoinedWith", "Task", "Metric"), ends_fit("conjoinedWith", "Method", "Task")
    (False, True)
    >>> ends_fit("addresses", "Method", "Task"), ends_fit("addresses", "Dataset", "Task")
    (True, False)
    >>> ends_fit("addresses", "Metric", "Task")
    False
    >>> ends_fit("improvesOn", "Method", "Task"), ends_fit("comparedWith", "Method", "Task")
    (False, False)
    >>> ends_fit("measuredBy", "Task", "Metric"), ends_fit("measuredBy", "Concept", "Metric")
    (True, False)
    >>> ends_fit("uses", "Method", "Dataset"), ends_fit("uses", "Method", "Metric")
    (False, True)
    """
    if label in {"isA", "partOf"} and "Dataset" in {head_type, tail_type} and head_type != tail_type:
        return False
    if label in {"isA", "partOf"} and {head_type, tail_type} == {"Method", "Task"}:
        return False  # "LLMs are ... for language understanding": a method is no kind of a task
    if label == "comparedWith" and head_type != tail_type:
        return False  # "CAQL, compared with reinforcement learning": a method with its field
    if label == "conjoinedWith" and "Metric" in {head_type, tail_type} and {head_type, tail_type} & {"Method", "Task"}:
        return False  # "traditional NLP and LLM-based metrics": a metric and a task play no one role
    heads, tails = RELATION_ENDS.get(label, (None, None))
    return (heads is None or head_type in heads) and (tails is None or tail_type in tails)


def one_name(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two entity nodes' names say they are one thing: one's abbreviation spells the long
    name of the other (:func:`~kg.graph.short_forms.abbreviates`), which no more than two papers
    name ("SpaCE" and "Spatial Confounding Environment"; not "LLaMa" and "large language model", a
    class hundreds of papers name)."""

    def names(d: Mapping[str, Any]) -> list[str]:
        return [str(d.get("label", "")), *map(str, d.get("alt_labels", ()))]

    def spelled_by(short: Mapping[str, Any], long: Mapping[str, Any]) -> bool:
        return int(long.get("paper_count", 0)) <= 2 and abbreviates(names(short), names(long))

    return spelled_by(a, b) or spelled_by(b, a)
