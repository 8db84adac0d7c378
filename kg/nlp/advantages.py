"""Relations stated by a winner named outside a winning verb: "the benefits of X over Y", "the
superiority of X over Y" (a noun of advantage), "X generalizes better than Y" (a comparative on
the verb): X improves on Y (:func:`advantages`)."""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.comparisons import BETTER
from kg.nlp.evidence import contrasted, names_quality, verb_negated
from kg.nlp.relation_finder import Finder, args

#: Nouns of one thing's advantage over another: "the benefits of X over Y".
_ADVANTAGE_NOUNS = frozenset({"advantage", "benefit", "superiority", "edge"})


def _baselines(finder: Finder, preps: list[Token], word: str) -> list[Span]:
    """The methods named by the objects of the ``word`` prepositions among ``preps``."""
    objects = [o for p in preps if p.dep_ == "prep" and p.lower_ == word for o in args(p, {"pobj"})]
    spans = [finder.mention(o) for o in finder.named(objects)]
    return [s for s in spans if s is not None and s.label_ in {"Method", "Concept"} and not names_quality(s)]


def _over(finder: Finder, noun: Token) -> None:
    """ "the benefits of X over Y": X improves on Y (the parser hangs "over Y" on the noun or on X)."""
    for of in (c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"):
        for owner in args(of, {"pobj"}):
            winner = finder.mention(owner)
            if winner is None or winner.label_ != "Method":
                continue
            for loser in _baselines(finder, [*noun.children, *owner.children], "over"):
                finder.add(winner, "improvesOn", loser, noun)


#: Qualities whose "more" makes the better one: "X is more robust than Y" (not "more expensive").
GOOD_QUALITIES = frozenset(
    {"robust", "accurate", "efficient", "effective", "stable", "scalable", "expressive", "reliable", "powerful"}
    | {"accurately", "efficiently", "effectively", "robustly", "stably"}
)


def _than(finder: Finder, degree: Token) -> None:
    """ "X generalizes better than Y", "X is more robust than Y": the verb's subject improves on Y."""
    quality = degree.head if degree.dep_ == "advmod" and degree.head.dep_ == "acomp" else degree
    if quality is not degree and degree.lower_ == "more" and quality.lower_ not in GOOD_QUALITIES:
        return  # "X is more expensive than Y"
    verb = quality.head if quality.dep_ == "acomp" else degree.head
    if verb.pos_ not in {"VERB", "AUX"} or verb_negated(verb) or contrasted(verb):
        return
    losers = _baselines(finder, [*degree.children, *quality.children, *verb.children], "than")
    for subject in args(verb, {"nsubj"}):
        winner = finder.mention(subject)
        if winner is None or winner.label_ != "Method":
            continue
        for loser in losers:
            finder.add(winner, "improvesOn", loser, degree)


def advantages(finder: Finder) -> None:
    """ "the advantages of X over Y", "X performs better than Y": X improves on Y."""
    for tok in finder.tokens:
        if tok.lemma_.lower() in _ADVANTAGE_NOUNS and tok.pos_ == "NOUN":
            _over(finder, tok)
        elif tok.lower_ in BETTER and tok.dep_ in {"advmod", "acomp"}:
            _than(finder, tok)
