"""What "for" puts a method to: its object ("a method for T"), the object of a gerund of
solving ("a framework for solving inverse problems", "a technique for tackling T"): T, or what a
gerund of improving improves a quality of ("a method for improving the robustness of T")."""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.evidence import names_quality, verb_negated
from kg.nlp.relation_finder import COLLECTIONS, args

#: Nouns of a collection or an amount whose "of" names what a method is for: "models for a variety
#: of T tasks".
_AMOUNTS = COLLECTIONS | {"number", "host", "plethora", "array", "multitude"}

#: Gerunds whose object is the task a method is for: "for solving T", "for handling T".
SOLVING = frozenset({"solve", "tackle", "address", "handle"})
#: Verbs whose object is a quality of the task a method is for: "to improve the performance of T".
IMPROVING = frozenset({"improve", "enhance", "boost", "increase", "advance", "strengthen"})


def improved_of(verb: Token) -> list[Token]:
    """What ``verb`` (of improving) improves a quality of: "improve the sample efficiency of T": T."""
    if verb.lemma_.lower() not in IMPROVING or verb_negated(verb):
        return []
    qualities = [o for o in args(verb, {"dobj"}) if names_quality(o.doc[o.i : o.i + 1])]
    return [
        t for o in qualities for p in o.children if p.dep_ == "prep" and p.lower_ == "of" for t in args(p, {"pobj"})
    ]


def purpose_objects(prep: Token) -> list[Token]:
    """The objects of ``prep``, and for "for", the objects of a gerund of solving it takes ("a
    framework for solving inverse problems": the problems), not of any gerund ("a method for
    learning representations"), and what a gerund of improving improves a quality of (:func:`improved_of`);
    through an amount, what it is of ("for a variety of T tasks")."""
    out = args(prep, {"pobj"})
    out += [
        o
        for a in out
        if a.lemma_.lower() in _AMOUNTS
        for p in a.children
        if p.lower_ == "of"
        for o in args(p, {"pobj"})
    ]
    if prep.lower_ != "for":
        return out
    gerunds = [g for g in prep.children if g.dep_ == "pcomp" and g.tag_ == "VBG"]
    out += [o for g in gerunds if g.lemma_.lower() in SOLVING and not verb_negated(g) for o in args(g, {"dobj"})]
    return out + [t for g in gerunds for t in improved_of(g)]
