"""Improvements stated by degree in a clause: "X is superior to Y", "X performs better than Y",
"X yields better results than Y", "X converges faster than Y": X improves on Y (the winner by
:func:`kg.nlp.comparisons.compared`), when both are methods and the clause is not negated.
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.advantages import GOOD_QUALITIES
from kg.nlp.comparisons import compared
from kg.nlp.evidence import contrasted, path, verb_negated
from kg.nlp.relation_finder import Finder, args


def _clause(tok: Token) -> Token | None:
    """The verb of the clause ``tok`` is in (itself included), if any."""
    while tok.pos_ not in {"VERB", "AUX"}:
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    return tok


def superiority(finder: Finder) -> None:
    """ "X is superior to Y", "X ... better than Y": X improvesOn Y."""
    for prep in finder.tokens:
        if not (prep.lower_ == "than" or (prep.lower_ == "to" and prep.head.lower_ == "superior")):
            continue
        verb = _clause(prep)
        if verb is None or verb_negated(verb) or contrasted(verb):
            continue
        winners = [finder.mention(s) for s in args(verb, {"nsubj"})]
        for obj in finder.named(args(prep, {"pobj"})):
            loser = finder.mention(obj)
            if loser is None or loser.label_ != "Method":
                continue
            for winner in winners:
                if winner is None or winner.label_ != "Method" or winner.end > loser.start:
                    continue
                more = [t for t in finder.doc[winner.end : prep.i] if t.lower_ in {"more", "greater"}]
                if any(t.i + 1 >= prep.i or t.nbor().lower_ not in GOOD_QUALITIES for t in more):
                    continue  # "X is more expensive than Y", "X needs more memory than Y"
                stated = compared(winner, loser, path(winner.root, loser.root))
                if stated is not None and stated[0] == "improvesOn" and stated[1] == winner:
                    finder.add(winner, "improvesOn", loser, verb)
