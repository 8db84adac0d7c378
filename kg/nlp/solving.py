"""What "for" puts a method to: its object ("a method for T") or the object of a gerund of
solving ("a framework for solving inverse problems", "a technique for tackling T"): T."""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.evidence import verb_negated
from kg.nlp.relation_finder import COLLECTIONS, args

#: Nouns of a collection or an amount whose "of" names what a method is for: "models for a variety
#: of T tasks".
_AMOUNTS = COLLECTIONS | {"number", "host", "plethora", "array", "multitude"}

#: Gerunds whose object is the task a method is for: "for solving T", "for handling T".
SOLVING = frozenset({"solve", "tackle", "address", "handle"})


def purpose_objects(prep: Token) -> list[Token]:
    """The objects of ``prep``, and for "for", the objects of a gerund of solving it takes ("a
    framework for solving inverse problems": the problems), not of any gerund ("a method for
    learning representations"); through an amount, what it is of ("for a variety of T tasks")."""
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
    return out + [o for g in gerunds if g.lemma_.lower() in SOLVING and not verb_negated(g) for o in args(g, {"dobj"})]
