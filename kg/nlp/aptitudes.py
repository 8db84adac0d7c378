"""Relations stated by what a method is good at: "X is effective at T", "X has been shown to be
particularly effective for T", "X performs well on T", "X has shown success (promise) at T", "X has
attracted attention in T", "X excels at T" (:func:`aptitudes`): X addresses T."""

from __future__ import annotations

from spacy.tokens import Token

from kg.nlp.evidence import contrasted, verb_negated
from kg.nlp.relation_finder import Finder, args

#: Adjectives of a method good at something ("effective at T", "successful in T").
_APT = frozenset({"effective", "successful", "useful", "suitable", "applicable", "capable", "good"})
#: What a method shows or draws in a task: "X has shown great promise in T", "X have attracted attention in T".
_SUCCESS = frozenset({"success", "promise", "attention", "popularity"})


def _at(word: Token) -> list[Token]:
    """The objects of "at/for/in/on" under ``word``, through "at solving T" too."""
    out: list[Token] = []
    for prep in word.children:
        if prep.dep_ == "prep" and prep.lower_ in {"at", "for", "in", "on", "of"}:
            out += args(prep, {"pobj"})
            out += [o for c in prep.children if c.dep_ == "pcomp" for o in args(c, {"dobj"})]
    return out


def aptitudes(finder: Finder) -> None:
    """ "X is effective at T", "X performs well on T": X addresses T (a task, as the graph types it)."""
    for tok in finder.tokens:
        lemma = tok.lemma_.lower()
        if lemma in _APT and tok.dep_ == "acomp":
            verb, objects = tok.head, _at(tok)  # "X is effective at T"
        elif lemma == "perform" and any(c.lower_ == "well" for c in tok.children):
            verb, objects = tok, _at(tok)  # "X performs well on T"
        elif lemma in _SUCCESS and tok.dep_ == "dobj":
            verb, objects = tok.head, _at(tok) or _at(tok.head)  # "X has shown great success at solving T"
        elif lemma == "excel" and tok.pos_ == "VERB":
            verb, objects = tok, _at(tok)  # "X excels at T"
        else:
            continue
        if verb_negated(verb) or contrasted(verb) or any(c.dep_ == "neg" for c in tok.children):
            continue
        subjects = args(verb, {"nsubj", "nsubjpass"})
        if not subjects and verb.dep_ == "xcomp":  # "X has been shown to be effective at T"
            subjects = args(verb.head, {"nsubj", "nsubjpass"})
        for subj in map(finder.mention, subjects):
            if subj is None or subj.label_ != "Method":
                continue
            for task in map(finder.mention, finder.named(objects)):
                finder.add(subj, "addresses", task, tok, role=True)
