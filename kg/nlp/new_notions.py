"""Contributions a sentence states without a proposal verb: "At the heart of our method is X",
"a new notion of task relatedness", "Building on a novel definition of label uncertainty, we ..."."""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.spans import region

#: Dependencies that leave a proposal's object: its clauses, prepositions and conjuncts.
NOT_THE_OBJECT = frozenset({"relcl", "prep", "advcl", "xcomp", "ccomp", "acl", "conj", "cc", "punct"})
#: "At the heart of our method is X", "the crux of our approach is X", "the core of this framework is X".
_CORE = frozenset({"heart", "crux", "core", "centre", "center", "cornerstone"})
#: "a new notion of task relatedness", "the novel concept of biased expectations": the X is new.
NOTIONS = frozenset({"notion", "concept", "definition"})


def at_the_core(verb: Token) -> list[Token]:
    """ "At the heart of our algorithm is the AUM statistic", "The crux of our method is an optimal
    transport-based regularizer": what a sentence says is the core of the authors' own method."""
    if verb.lemma_ != "be":
        return []
    cores = [c for c in verb.children if c.dep_ == "nsubj" and c.lemma_.lower() in _CORE]
    cores += [o for c in verb.children if c.dep_ == "prep" for o in c.children if o.lemma_.lower() in _CORE]
    own = any(
        t.lower_ in {"our", "this", "proposed"}
        for core in cores
        for of in core.children
        if of.dep_ == "prep" and of.lower_ == "of"
        for t in of.subtree
    )
    if not own:
        return []
    return [t for c in verb.children if c.dep_ == "attr" for t in region(c, NOT_THE_OBJECT)]


def new_notion(noun: Token) -> list[Token]:
    """ "we propose to address this problem by defining a new notion of task relatedness", "Building on
    a novel definition of label uncertainty, we ...", "This paper studies the novel concept of weight
    correlation": what a new notion in the authors' sentence is of."""
    if not any(c.lower_ in {"new", "novel"} for c in noun.children) or not any(_authors(t) for t in noun.sent):
        return []
    return [t for p in noun.children if p.lower_ == "of" for o in p.children for t in region(o, NOT_THE_OBJECT)]


def _authors(token: Token) -> bool:
    """ "we", "our", or the "paper" or "work" of "this paper", "this work": the authors speak."""
    if token.lower_ in {"we", "our"}:
        return True
    return token.lower_ in {"paper", "work"} and token.i > 0 and token.doc[token.i - 1].lower_ == "this"
