"""A paper's own short form that is another entity's name: a hidden label, not an alt label.

One paper calls its "controllable counterfactuals" COCO, another its "Riemann-Lipschitz" bound RL.
The field's COCO (the dataset) and RL (reinforcement learning) are other nodes, named by many
more papers. Shown as an alternative name ("also called COCO"), or searched as one, the short form
makes the small node look like a second node of the well-known concept. Such a form moves from
``alt_labels`` to ``hidden_labels`` (``skos:hiddenLabel`` in RDF: found by a text search, never
shown as a name): a short form (one word with a capital) that is the label or an alternative
label of an entity named by more papers, unless the two entities are one thing split. Their names
are one thing split when the word stems (:func:`~kg.graph.stems.stem`, words for a kind of
thing such as "method" or "network" left out) of one hold all of the other's: "Vision Transformer
(ViT) model" and "vision transformer", "low-rank adapter" and "low-rank adaptation" (LoRA),
"stochastic gradient method" and "stochastic gradient descent" (SGD), for resolution or a
thesaurus to merge; the short form stays shown on both. Names that only share a word are other
things: "Forward Learning (FL)" beside federated learning, "distributional RL (DRL)" beside deep
RL.
"""

from __future__ import annotations

import re
from collections import defaultdict

import networkx as nx

from kg.graph.model import ENTITY_TYPES, HIDDEN_LABELS
from kg.graph.stems import KIND_STEMS, stem
from kg.graph.terms import term_key

#: At most this long, a one-word name with a capital letter is a short form ("COCO", "RL", "ViT").
_SHORT = 12


def short_form(name: str) -> bool:
    """ "COCO", "RL", "GPT-3", "ViT"; not "transformer" nor "Wasserstein GAN".

    >>> [short_form(n) for n in ("COCO", "RL", "ViT", "transformer", "Wasserstein GAN")]
    [True, True, True, False, False]
    """
    return 2 <= len(name) <= _SHORT and " " not in name and any(c.isupper() for c in name)


def _words(names: list[str]) -> set[str]:
    stems = (stem(w) for name in names for w in re.findall(r"[a-z]{3,}", name.lower()))
    return {s for s in stems if s not in KIND_STEMS}


def one_thing(a: set[str], b: set[str]) -> bool:
    """Two entities' word stems, one holding all of the other's: one thing split.

    >>> one_thing(_words(["Vision Transformer (ViT) model"]), _words(["vision transformer"]))
    True
    >>> one_thing(_words(["Forward Learning"]), _words(["federated learning"]))
    False
    >>> one_thing(_words(["stochastic gradient methods"]), _words(["stochastic gradient descent"]))
    True
    """
    return bool(a) and bool(b) and (a <= b or b <= a)


def hide_colliding_short_forms(graph: nx.MultiDiGraph) -> int:
    """Move each entity's short forms that name an entity of more papers, unless the two are one
    thing split (:func:`one_thing`), into its ``hidden_labels``; how many moved."""
    named: dict[str, list[tuple[int, str]]] = defaultdict(list)  # name key -> (papers, node)
    entities = {n: d for n, d in graph.nodes(data=True) if d.get("type") in ENTITY_TYPES}
    for node, data in entities.items():
        for name in {str(data.get("label", "")), *(str(a) for a in data.get("alt_labels", ()))}:
            named[term_key(name)].append((int(data.get("paper_count", 0)), node))
    words = {
        n: _words([str(d.get("label", "")), *(str(a) for a in d.get("alt_labels", ()) if not short_form(str(a)))])
        for n, d in entities.items()
    }
    moved = 0
    for node, data in entities.items():
        own = int(data.get("paper_count", 0))
        hidden = []
        for alt in (a for a in data.get("alt_labels", ()) if short_form(str(a))):
            others = [o for count, o in named[term_key(str(alt))] if o != node and count > own]
            if others and not any(one_thing(words[o], words[node]) for o in others):
                hidden.append(alt)
        if hidden:
            data["alt_labels"] = [a for a in data["alt_labels"] if a not in hidden]
            data[HIDDEN_LABELS] = sorted({*data.get(HIDDEN_LABELS, ()), *hidden})
            moved += len(hidden)
    return moved
