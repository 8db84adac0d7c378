"""What the parse says about a relation between two mentions: is it stated, negated, coordinated.

Plain functions over spaCy tokens, used by the rule relations (:mod:`kg.nlp.relations`) and by
the combination of rule and learned relations (:mod:`kg.nlp.learned`) to give each relation a
confidence instead of keeping every pair the classifier likes (issue 13):

* :func:`negated`: the statement is negated ("X does not use Y", "X fails to capture Y",
  "X is unable to ..."), so it states no relation;
* :func:`contrasted`: a token sits in a contrast ("unlike X", "instead of X", "rather than X",
  "without X"), so a relation from inside to outside it is not stated;
* :func:`path` and :func:`linked`: the dependency path between two mentions, and whether it is short
  enough to be a statement rather than two mentions sharing a sentence;
* :func:`coordinated`: the parse coordinates the two ("X and Y", "X, Y, and Z").

>>> import spacy
>>> from spacy.tokens import Doc
>>> words = ["X", "does", "not", "use", "Y"]
>>> doc = Doc(spacy.blank("en").vocab, words=words, heads=[3, 3, 3, 3, 3],
...           deps=["nsubj", "aux", "neg", "ROOT", "dobj"], lemmas=["X", "do", "not", "use", "Y"])
>>> negated(path(doc[0], doc[4]))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spacy.tokens import Span, Token

#: Words that turn what follows into something not done: "fails to capture", "unable to use".
FAILING = frozenset({"fail", "unable", "lack", "cannot", "neglect", "ignore", "struggle", "avoid"})
#: Words that open a contrast: what is inside is not what the sentence asserts of the rest.
CONTRAST = frozenset({"unlike", "instead", "without", "rather", "except", "contrary"})


def path(a: Token, b: Token) -> list[Token]:
    """The tokens on the dependency path from ``a`` to ``b`` (both included); ``[]`` across sentences."""
    up_a = [a, *a.ancestors]
    up_b = [b, *b.ancestors]
    index_b = {t.i: k for k, t in enumerate(up_b)}
    for k, t in enumerate(up_a):
        if t.i in index_b:
            return up_a[: k + 1] + list(reversed(up_b[: index_b[t.i]]))
    return []


def negated(tokens: Iterable[Token]) -> bool:
    """Does a token of the path carry a negation ("not", "never") or a failing verb ("fail to")?"""
    for tok in tokens:
        if tok.lemma_.lower() in FAILING:
            return True
        if any(c.dep_ == "neg" for c in tok.children):
            return True
    return False


def verb_negated(verb: Token) -> bool:
    """Is ``verb`` negated, itself or through the verb it complements ("fails to use", "not able to")?"""
    chain = [verb]
    head = verb
    while head.dep_ in {"xcomp", "acomp", "ccomp"} and head.head is not head:
        head = head.head
        chain.append(head)
    return negated(chain)


def contrasted(tok: Token, stop: Token | None = None) -> bool:
    """Is ``tok`` inside a contrast phrase ("unlike X", "instead of X"), below ``stop`` if given?"""
    for anc in [tok, *tok.ancestors]:
        if stop is not None and anc.i == stop.i:
            return False
        if anc.lower_ in CONTRAST and anc.dep_ in {"prep", "advmod", "mark", "cc", "neg"}:
            return True
        if anc.dep_ == "prep" and anc.i > 0 and anc.doc[anc.i - 1].lower_ in {"instead", "rather"}:
            return True
    return False


def crosses_contrast(a: Token, b: Token) -> bool:
    """Does the path from ``a`` to ``b`` enter a contrast phrase that holds one of them only?"""
    tokens = path(a, b)
    if not tokens:
        return False
    top = min(tokens, key=lambda t: len(list(t.ancestors)))
    return contrasted(a, top) != contrasted(b, top)


def linked(tokens: Sequence[Token], limit: int = 4) -> bool:
    """A statement links the two ends: a path of at most ``limit`` arcs."""
    return 0 < len(tokens) <= limit + 1


def object_of_verb(span_root: Token, tokens: Sequence[Token]) -> bool:
    """Is ``span_root`` the object of the verb the path goes up through ("X learns Y using Z":
    Y is what is learned, X is what uses Z)?"""
    return (
        span_root.dep_ in {"dobj", "pobj"}
        and len(tokens) > 2
        and tokens[1].i == span_root.head.i
        and span_root.head.pos_ in {"VERB", "ADP"}
    )


def states_property(head: Token, tail: Token) -> bool:
    """ "the robustness of X", "X's robustness": ``head`` is said to be a property of ``tail``."""
    if tail.dep_ == "poss" and tail.head.i == head.i:
        return True
    return tail.dep_ == "pobj" and tail.head.lower_ == "of" and tail.head.head.i == head.i


def acronym_of(short: str, long: str) -> bool:
    """Is ``short`` the initials of ``long`` ("HTLM", "hyper-text language model")?

    >>> acronym_of("HTLM", "hyper-text language model"), acronym_of("GNN", "graph neural networks")
    (True, True)
    >>> acronym_of("LAQ", "Latent Action Q-learning"), acronym_of("MNIST", "image dataset")
    (True, False)
    >>> acronym_of("X", "x")
    False
    """
    letters = [c for c in short.lower() if c.isalpha()]
    if len(letters) < 2:
        return False
    # "Q-learning" counts as one word or two: LAQ, "Latent Action Q-learning"
    return any(letters == [w[0] for w in text.split()] for text in (long.lower(), long.lower().replace("-", " ")))


#: Words that give a second name for the same thing ("a network, namely CDSFNet"), not a kind.
NAMING = frozenset({"namely", "called", "named", "dubbed", "termed", "coined", "i.e."})


def one_name(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one name, abbreviated and spelled out (either way)?"""
    return acronym_of(a, b) or acronym_of(b, a)


def renamed(a: Span, b: Span) -> bool:
    """Does the text between two mentions name one by the other ("X, namely Y", "X called Y")?"""
    first, second = (a, b) if a.start < b.start else (b, a)
    return any(t.lower_ in NAMING for t in a.doc[first.end : second.start])


def coordinated(a: Token, b: Token) -> bool:
    """Does the parse coordinate ``a`` and ``b`` ("X and Y", "X, Y and Z")?"""
    return b in a.conjuncts
