"""Improvements stated by degree in a clause: "X is superior to Y", "X performs better than Y",
"X yields better results than Y", "X converges faster than Y": X improves on Y (the winner by
:func:`kg.nlp.comparisons.compared`), when both are methods and the clause is not negated; and
"compared to Y, X is more accurate", "X shows better trade-offs compared with Y", "relative to Y,
X speeds up training": the clause that says so of X in comparison with Y (:func:`compared_to`).
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.advantages import GOOD_QUALITIES
from kg.nlp.comparisons import BETTER, WORSE, better_measure, compared
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
                if not all(_more_of_a_good(t) for t in more):
                    continue  # "X is more expensive than Y", "X needs more memory than Y"
                stated = compared(winner, loser, path(winner.root, loser.root))
                if stated is not None and stated[0] == "improvesOn" and stated[1] == winner:
                    finder.add(winner, "improvesOn", loser, verb)


#: Words that compare a clause's subject with what "compared to Y" names: "compared to Y, X is ...".
_COMPARING = frozenset({"compared", "relative", "comparison"})
#: Verbs that say the subject does better, whatever its object: "X speeds up training compared to Y"
#: (not a noun: "compared to Y, X has two advantages" leaves which is better to the next sentences).
_DOING_BETTER = frozenset(
    {"outperform", "surpass", "beat", "outpace", "improve", "boost", "enhance", "accelerate", "speed"}
)


def _more_of_a_good(more: Token) -> bool:
    """Is the word "more" (or "greater") before a good quality ("more robust", "more accurately"), not
    before a cost or a count ("more expensive", "more parameters")?"""
    return more.i + 1 < len(more.doc) and more.nbor().lower_ in GOOD_QUALITIES


def _better_clause(verb: Token, aside: Token) -> bool:
    """Does the clause of ``verb``, but for the phrase under ``aside``, say that its subject does
    better: a comparative of a good thing ("better", "faster", "more accurate", "higher accuracy",
    "lower error") or a verb of doing better ("outperforms", "improves", "speeds up"), and no word of
    doing worse ("less", "slower")?"""
    outside = range(aside.left_edge.i, aside.right_edge.i + 1)
    words = [t for t in verb.subtree if t.i not in outside]
    if any(t.lower_ in WORSE for t in words):
        return False
    lowered = [t.lower_ for t in words]
    for t in words:
        if t.lower_ == "more" and not _more_of_a_good(t):
            continue  # "more parameters", "more expensive"
        if t.lower_ in BETTER or (t.pos_ == "VERB" and t.lemma_.lower() in _DOING_BETTER):
            return True
    return better_measure(lowered)


def compared_to(finder: Finder) -> None:
    """ "Compared to Y, X is more accurate", "X demonstrates better trade-offs compared with Y",
    "relative to Y, X speeds up inference": X improvesOn Y, when both are methods."""
    for prep in finder.tokens:
        if prep.lower_ not in {"to", "with"} or prep.head.lower_ not in _COMPARING:
            continue
        verb = _clause(prep.head.head) if prep.head.head.i != prep.head.i else None
        if verb is None or verb_negated(verb) or contrasted(verb) or not _better_clause(verb, prep.head):
            continue
        subjects = args(verb, {"nsubj"}) or (args(verb.head, {"nsubj"}) if verb.dep_ == "conj" else [])
        winners = [finder.mention(s) for s in subjects]
        for obj in finder.named(args(prep, {"pobj"})):
            loser = finder.mention(obj)
            if loser is None or loser.label_ != "Method":
                continue
            for winner in winners:
                if winner is not None and winner.label_ == "Method" and winner != loser:
                    finder.add(winner, "improvesOn", loser, verb)
