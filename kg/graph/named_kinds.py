"""A name that ends with another name of the same paper is a kind of it: an abstract that names
"Local Vision Transformer" and "Vision Transformer" states `isA` between them by the words it
chose, as English compounds end in their head ("one-shot voice conversion" is voice conversion)."""

from __future__ import annotations

from collections.abc import Collection

from kg.records import Extraction, Mention, RelationRecord
from kg.text import normal_form, plain_letters, sentence_at

#: How sure a compound is a kind of its head: the reader's word, not a parse's guess.
NAMED_KIND_CONFIDENCE = 0.75
#: Modifiers that make a compound the opposite or the reverse of its head, or a family that holds
#: it ("Generalized CCNNs" generalize CCNNs), not a kind of it.
_NOT_A_KIND = frozenset(
    {"inverse", "reverse", "anti", "pseudo", "non", "without", "no", "counter", "generalized", "generalised"}
)
#: Modifiers that name the same thing, not a kind of it: "our pre-trained TP-BERTa" is TP-BERTa.
_SAME_THING = frozenset(
    {"pre-trained", "pretrained", "trained", "learned", "proposed", "novel", "new", "resulting", "original", "our"}
)
#: Words that end a compound's modifiers: "Value Iteration with Negative Sampling" is value iteration.
_LINKS = frozenset(
    {"with", "for", "of", "via", "by", "in", "on", "from", "to", "and", "or", "between", "through", "under", "as"}
    | {"using", "incorporating", "leveraging", "integrating", "combining", "exploiting"}
)


def _words(text: str) -> list[str]:
    return plain_letters(text).split()


def _plain_case(word: str, written: str) -> bool:
    """Whether ``word`` is cased as a word is, or as ``written`` is: not "pRompT", whose
    capitals spell an abbreviation ("DifferentiAble pRompT" is no kind of prompt)."""
    return word == written or word.islower() or word.isupper() or word[1:].islower()


def head_of(longer: str, shorter: str) -> bool:
    """Whether ``shorter`` is the head ``longer`` ends with, after whole words of its own.

    >>> head_of("Local Vision Transformers", "vision transformer")
    True
    >>> head_of("self-supervised learning", "supervised learning")
    False
    >>> head_of("inverse reinforcement learning", "reinforcement learning"), head_of("RL", "RL")
    (False, False)
    >>> head_of("DifferentiAble pRompT", "prompt"), head_of("Vision TRANSFORMER", "Transformer")
    (False, True)
    >>> head_of("pre-trained TP-BERTa", "TP-BERTa")
    False
    """
    long_words, short_words = _words(longer), _words(shorter)
    extra = len(long_words) - len(short_words)
    if extra < 1 or not short_words:
        return False
    # case folded: a word in capitals keeps them in its key (GENOME), but "Vision TRANSFORMER" is a transformer
    if normal_form(" ".join(long_words[extra:])).lower() != normal_form(" ".join(short_words)).lower():
        return False
    if not all(_plain_case(w, v) for w, v in zip(long_words[extra:], short_words, strict=True)):
        return False
    modifiers = [w.lower() for w in long_words[:extra]]
    return not any(w.strip("-") in _NOT_A_KIND for w in modifiers) and not all(w in _SAME_THING for w in modifiers)


def _a_head(mention: Mention) -> bool:
    """Whether ``mention`` can head a name: a phrase, a name, or a method ("dropout"), not a
    common word ("trick" of "labeling trick")."""
    return " " in mention.text.strip() or mention.label == "Method" or not mention.text.islower()


def _written_alone(abstract: str, head: str, name: str) -> bool:
    """Whether ``abstract`` writes ``head`` outside ``name`` too: "interaction energy descent",
    written only in "mollified interaction energy descent", is no family the paper names."""
    low, inside = abstract.lower(), set[int]()
    at = low.find(name.lower())
    while at >= 0:
        inside.update(range(at, at + len(name)))
        at = low.find(name.lower(), at + 1)
    at = low.find(head.lower())
    while at >= 0:
        if at not in inside:
            return True
        at = low.find(head.lower(), at + 1)
    return False


def named_kinds(abstract: str, ex: Extraction, own: Collection[int]) -> list[RelationRecord]:
    """``isA`` from each mention in ``own`` (the paper's proposals) to the mention of the paper that
    heads it nearest (:func:`head_of`) and that the abstract writes on its own too, stated by the
    proposal's first sentence; ``addresses`` when a method's name ends with a task ("Cost-Free
    Incremental Learning"). Not for a pair the paper relates otherwise, a one-word head that is
    no name nor method ("labeling trick" is no kind of "trick"), nor a name with a preposition
    ("Value Iteration with Negative Sampling").

    >>> from kg.records import Mention
    >>> text = "We propose Local Vision Transformer. Vision Transformers are strong."
    >>> ex = Extraction([Mention("Local Vision Transformer", "Method", 11, 35),
    ...     Mention("Vision Transformers", "Method", 37, 56)], [0], [], [])
    >>> [(r.head, r.label, r.tail, r.sentence) for r in named_kinds(text, ex, {0})]
    [(0, 'isA', 1, 'We propose Local Vision Transformer.')]
    """
    related = {frozenset((r.head, r.tail)) for r in ex.relations}
    first: dict[str, int] = {}
    for i, mention in enumerate(ex.mentions):
        first.setdefault(normal_form(plain_letters(mention.text)), i)
    added: list[RelationRecord] = []
    for i in sorted(set(own) & set(first.values())):
        name = ex.mentions[i]
        if any(w.lower() in _LINKS for w in name.text.split()):
            continue
        heads = [
            j
            for j in first.values()
            if i != j
            and head_of(name.text, ex.mentions[j].text)
            and _a_head(ex.mentions[j])
            and _written_alone(abstract, ex.mentions[j].text, name.text)
        ]
        if not heads:
            continue
        j = max(heads, key=lambda k: len(_words(ex.mentions[k].text)))  # the nearest: "deep RL", not "RL"
        if frozenset((i, j)) not in related:
            label = "addresses" if name.label == "Method" and ex.mentions[j].label == "Task" else "isA"
            sentence = sentence_at(abstract, name.start, name.end)
            added.append(RelationRecord(i, label, j, sentence, NAMED_KIND_CONFIDENCE))
    return added
