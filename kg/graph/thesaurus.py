"""Apply thesaurus rules to the graph: merge, rename, retype or drop entities by label.

Rules come from files (:mod:`kg.io.thesaurus` reads them) and are applied in order, each to the
graph the rules before it left, after resolution and before vocabulary linking, so a corrected
graph links and exports like any other. :data:`ACTIONS` is the table of what a rule can do.

Matching: a label names the entities whose preferred label has its :func:`~kg.graph.terms.term_key`
(case, plural, hyphens and spaces folded); when no preferred label does, the entities with such an
alt label. So "SAE" names "sparse autoencoder" when that entity is written "SAE" somewhere, and a
label that is some entity's own name never reaches into the alt labels of others.

Merging a node into another moves everything: papers, mention counts, ``proposed_by``, its labels
(as alt labels of the target) and every edge (the paper -> entity ``mentions``/``proposes``
edges and the relations, their papers, evidence and weights added up; a relation between the two
becomes a self-loop and goes). A node renamed to a label no entity has becomes the node
``entity/<term_key(label)>``: node ids are the IRIs of the RDF exports, so they stay the keys of
their labels. The invariants of :mod:`kg.graph.model` hold after every rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from kg.graph.model import ABOUT, ENTITY_PREFIX, ENTITY_TYPES, HIDDEN_LABELS, MENTION_SCORE, PAPER_LINKS
from kg.graph.terms import term_key

if TYPE_CHECKING:
    import networkx as nx


class RuleLike(Protocol):
    """What applying needs of a rule (:class:`kg.io.thesaurus.Rule` is one)."""

    @property
    def action(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def value(self) -> str: ...


class Outcome(NamedTuple):
    """What one rule did (``applied``), or why it matched nothing."""

    applied: bool
    detail: str


class Editor:
    """The graph, with an index from term keys to the entities labelled so, kept up to date."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph
        self.by_label: dict[str, set[str]] = defaultdict(set)
        self.by_alt: dict[str, set[str]] = defaultdict(set)
        self.moved = False  # a node or edge was moved: the insertion order wants restoring
        for node, data in graph.nodes(data=True):
            if data.get("type") in ENTITY_TYPES:
                self._index(node, add=True)

    def _index(self, node: str, *, add: bool) -> None:
        data = self.graph.nodes[node]
        entries = [(self.by_label, term_key(data["label"]))]
        entries += [(self.by_alt, term_key(alt)) for alt in data.get("alt_labels", [])]
        for table, key in entries:
            if add:
                table[key].add(node)
            else:
                table[key].discard(node)

    def label(self, node: str) -> str:
        return str(self.graph.nodes[node]["label"])

    def find(self, text: str) -> list[str]:
        """The entities ``text`` names, most papers first (then most mentions, then by id)."""
        key = term_key(text)
        nodes = self.by_label.get(key) or self.by_alt.get(key) or set()
        return sorted(nodes, key=self._rank)

    def _rank(self, node: str) -> tuple[int, int, str]:
        data = self.graph.nodes[node]
        return (-int(data.get("paper_count", 0)), -int(data.get("count", 0)), node)

    def target(self, text: str) -> str | None:
        """The entity ``text`` names, or the one whose node id is its key, or None."""
        found = self.find(text)
        if found:
            return found[0]
        node = ENTITY_PREFIX + term_key(text)
        return node if node in self.graph else None

    def merge(self, source: str, target: str) -> None:
        """Move everything of ``source`` to ``target`` and remove ``source``; ``target`` keeps its
        label and type."""
        graph = self.graph
        src, dst = graph.nodes[source], graph.nodes[target]
        self._index(source, add=False)
        self._index(target, add=False)
        dst["papers"] = sorted({*dst.get("papers", []), *src.get("papers", [])})
        dst["paper_count"] = len(dst["papers"])
        dst["count"] = int(dst.get("count", 0)) + int(src.get("count", 0))
        dst["proposed_by"] = sorted({*dst.get("proposed_by", []), *src.get("proposed_by", [])})
        alts = {*dst.get("alt_labels", []), *src.get("alt_labels", []), src["label"]}
        dst["alt_labels"] = sorted(alts - {dst["label"]})
        hidden = {*dst.get(HIDDEN_LABELS, []), *src.get(HIDDEN_LABELS, [])} - alts - {dst["label"]}
        if hidden:
            dst[HIDDEN_LABELS] = sorted(hidden)
        _move_edges(graph, source, target)
        graph.remove_node(source)
        self._index(target, add=True)
        self.moved = True

    def relabel(self, node: str, label: str) -> str:
        """Give ``node`` the preferred label ``label`` (the old one becomes an alt label); the
        node becomes ``entity/<term_key(label)>`` (merged into it, if that node exists). The new id."""
        new = ENTITY_PREFIX + term_key(label)
        if new != node and new in self.graph:
            self.merge(node, new)
        elif new != node:
            self._index(node, add=False)
            self.graph.add_node(new, **self.graph.nodes[node])
            _move_edges(self.graph, node, new)
            self.graph.remove_node(node)
            self._index(new, add=True)
        data = self.graph.nodes[new]
        if data["label"] != label:
            self._index(new, add=False)
            data["alt_labels"] = sorted({*data.get("alt_labels", []), data["label"]} - {label})
            data["label"] = label
            self._index(new, add=True)
        self.moved = True
        return new

    def drop(self, node: str) -> None:
        self._index(node, add=False)
        self.graph.remove_node(node)


def _move_edges(graph: nx.MultiDiGraph, source: str, target: str) -> None:
    """Every edge of ``source`` re-attached to ``target``, merged with one already there;
    edges between the two (self-loops once moved) are dropped."""
    moved = [(u, target, k, d) for u, _, k, d in graph.in_edges(source, keys=True, data=True)]
    moved += [(target, v, k, d) for _, v, k, d in graph.out_edges(source, keys=True, data=True)]
    for u, v, key, data in moved:
        if u in (source, target) and v in (source, target):
            continue
        if not graph.has_edge(u, v, key):
            graph.add_edge(u, v, key=key, **{k: list(x) if isinstance(x, list) else x for k, x in data.items()})
            continue
        have = graph.edges[u, v, key]
        have["papers"] = sorted({*have.get("papers", []), *data.get("papers", [])})
        have["evidence"] = sorted({*have.get("evidence", []), *data.get("evidence", [])})
        if key == "mentions":  # the mentions of the paper: both entities' added up, the best score
            have["weight"] = int(have.get("weight", 1)) + int(data.get("weight", 1))
            scores = [d[MENTION_SCORE] for d in (have, data) if d.get(MENTION_SCORE) is not None]
            if scores:
                have[MENTION_SCORE] = max(scores)
        elif key not in PAPER_LINKS:  # a relation: the papers that support it
            have["weight"] = len(have["papers"]) or int(have.get("weight", 1)) + int(data.get("weight", 1))
    for paper in [u for u, _, k in graph.in_edges(target, keys=True) if k == ABOUT]:
        if graph.has_edge(paper, target, "mentions"):  # named on its own by one, inside a longer name by the other
            graph.remove_edge(paper, target, ABOUT)


def _names(editor: Editor, nodes: Sequence[str]) -> str:
    return ", ".join(repr(editor.label(n)) for n in nodes)


def _nothing(label: str) -> Outcome:
    return Outcome(False, f"no entity named {label!r}")


def drop(editor: Editor, label: str, value: str) -> Outcome:
    """Remove the entities ``label`` names, with their edges."""
    nodes = editor.find(label)
    if not nodes:
        return _nothing(label)
    names = _names(editor, nodes)
    for node in nodes:
        editor.drop(node)
    return Outcome(True, f"dropped {names}")


def retype(editor: Editor, label: str, value: str) -> Outcome:
    """Make the entities ``label`` names of type ``value`` (one of ENTITY_TYPES, any case)."""
    nodes = editor.find(label)
    if not nodes:
        return _nothing(label)
    kind = entity_type(value)
    for node in nodes:
        editor.graph.nodes[node]["type"] = kind
        editor.graph.nodes[node]["confidence"] = 1.0  # the user says what it is
    return Outcome(True, f"{_names(editor, nodes)} retyped {kind}")


def _combine(editor: Editor, label: str, value: str, *, relabel: bool, need_target: bool) -> Outcome:
    """Merge the entities ``label`` names into the one ``value`` names (the first of them when
    none is and ``need_target`` is false); with ``relabel``, the result is called ``value``."""
    sources = editor.find(label)
    if not sources:
        return _nothing(label)
    target = editor.target(value)
    if target is None and need_target:
        return Outcome(False, f"no entity named {value!r} to merge {label!r} into")
    target = target or sources[0]
    moved = [s for s in sources if s != target]
    done = [f"merged {_names(editor, moved)} into {editor.label(target)!r}"] if moved else []
    for source in moved:
        editor.merge(source, target)
    old = editor.label(target)
    if relabel and old != value:
        target = editor.relabel(target, value)
        done.append(f"renamed {old!r} to {value!r}")
    editor.graph.nodes[target]["confidence"] = 1.0  # the user says it is an entity
    return Outcome(True, ", then ".join(done) or f"{label!r} is {old!r} already: no change")


def merge(editor: Editor, label: str, value: str) -> Outcome:
    """Merge the entities ``label`` names into the entity ``value`` names, which keeps its label."""
    return _combine(editor, label, value, relabel=False, need_target=True)


def rename(editor: Editor, label: str, value: str) -> Outcome:
    """Call the entities ``label`` names ``value`` (merged into the entity ``value`` names, if any)."""
    return _combine(editor, label, value, relabel=True, need_target=False)


def replace(editor: Editor, label: str, value: str) -> Outcome:
    """VOSviewer's "replace by": :func:`rename`, and an empty ``value`` drops the entity."""
    return rename(editor, label, value) if value else drop(editor, label, value)


class Action(NamedTuple):
    apply: Callable[[Editor, str, str], Outcome]
    value: str  # what the value holds: "label", "type", "label or nothing", "nothing"
    about: str


#: What a thesaurus rule can do, by name (the ``action`` column of kg's CSV; VOSviewer lines
#: are ``replace`` rules, or ``drop`` ones when ``replace by`` is empty).
ACTIONS: dict[str, Action] = {
    "merge": Action(merge, "label", "merge LABEL into the entity VALUE names, which keeps its label"),
    "rename": Action(rename, "label", "call the entity VALUE (merged into the entity VALUE names, if any)"),
    "retype": Action(retype, "type", "make the entity a VALUE: " + "|".join(ENTITY_TYPES)),
    "drop": Action(drop, "nothing", "remove the entity and its edges"),
    "replace": Action(replace, "label or nothing", "VOSviewer's 'replace by': rename; no VALUE drops"),
}


def entity_type(text: str) -> str:
    """The entity type ``text`` names, in any case; ValueError if none.

    >>> entity_type("dataset")
    'Dataset'
    """
    for kind in ENTITY_TYPES:
        if kind.lower() == text.strip().lower():
            return kind
    raise ValueError(f"unknown type {text!r}; use one of {', '.join(ENTITY_TYPES)}")


def check_rule(rule: RuleLike) -> str | None:
    """Why ``rule`` cannot be applied, or None.

    >>> from types import SimpleNamespace as Rule
    >>> check_rule(Rule(action="merge", label="LoRA tuning", value=""))
    'merge needs a value: the label to merge into'
    >>> check_rule(Rule(action="retype", label="ImageNet", value="dataset")) is None
    True
    """
    action = ACTIONS.get(rule.action)
    if action is None:
        return f"unknown action {rule.action!r}; use one of {', '.join(ACTIONS)}"
    if not term_key(rule.label):
        return f"the label {rule.label!r} has no letters or digits"
    if action.value == "type":
        try:
            entity_type(rule.value)
        except ValueError as err:
            return str(err)
    elif action.value == "label" and not rule.value:
        return f"{rule.action} needs a value: the label to {'merge into' if rule.action == 'merge' else 'rename to'}"
    elif action.value.startswith("label") and rule.value and not term_key(rule.value):
        return f"the value {rule.value!r} has no letters or digits"
    return None


def apply_thesaurus(graph: nx.MultiDiGraph, rules: Iterable[RuleLike]) -> list[Outcome]:
    """Apply ``rules`` to ``graph`` in order, in place; one Outcome per rule.

    A rule :func:`check_rule` refuses is not applied (its Outcome says why). Nodes and edges are
    put back in the order :func:`kg.graph.build.build_graph` inserts them, so the exports of a
    corrected graph are as deterministic as any.
    """
    editor = Editor(graph)
    outcomes = []
    for rule in rules:
        problem = check_rule(rule)
        if problem is not None:
            outcomes.append(Outcome(False, problem))
        else:
            outcomes.append(ACTIONS[rule.action].apply(editor, rule.label, rule.value))
    if editor.moved:
        canonical_order(graph)
    return outcomes


def canonical_order(graph: nx.MultiDiGraph) -> None:
    """Papers first (as they are), then entities by id; each node's edges by target, ``mentions``
    before ``proposes`` and relations by name: the order of :func:`~kg.graph.build.build_graph`."""
    nodes = list(graph.nodes(data=True))
    papers = [(n, d) for n, d in nodes if d.get("type") not in ENTITY_TYPES]
    entities = sorted(((n, d) for n, d in nodes if d.get("type") in ENTITY_TYPES), key=lambda nd: nd[0])
    edges = sorted(
        graph.edges(keys=True, data=True), key=lambda e: (e[0], e[1], e[2] != "mentions", e[2] != "proposes", e[2])
    )
    graph.remove_nodes_from([n for n, _ in nodes])
    graph.add_nodes_from(papers + entities)
    graph.add_edges_from(edges)
