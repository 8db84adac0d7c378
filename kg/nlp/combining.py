"""Uses stated by what a method is made by combining: "Combining A and B, we derive a new
algorithm, X", "By combining A with B, X achieves ...": X uses A and B (the parts it combines,
methods or concepts), when X is a method the authors make or a named one, and the clause is not
negated. (:mod:`kg.nlp.means` reads "X is built by combining A and B" with the other gerunds of making.)
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import METHOD_HEADS, contrasted, is_name, verb_negated
from kg.nlp.means import TAKES
from kg.nlp.relation_finder import Finder, args

#: Gerunds of joining whose objects are what the result is made of.
_COMBINING = frozenset({"combine", "integrate", "unify", "merge", "marry", "fuse"})
#: Verbs whose object the authors make: "combining A and B, we derive X".
_MAKING = frozenset({"propose", "introduce", "present", "develop", "design", "build", "derive", "obtain", "construct"})


def _made(finder: Finder, verb: Token) -> list[Span]:
    """What ``verb`` makes or says of a method: the object the authors make (the name its
    appositive gives it), or a named method as its subject ("By combining A with B, X ...")."""
    subjects = args(verb, {"nsubj"})
    if any(s.lower_ == "we" for s in subjects):
        if verb.lemma_.lower() not in _MAKING:
            return []  # "Combining A and B, we show that ...": the authors' means
        objects = args(verb, {"dobj"})
        named = [a for o in objects if o.lemma_.lower() in METHOD_HEADS for a in o.children if a.dep_ == "appos"]
        if named:  # "we derive a new algorithm, X": X is a method, however typed in its sentence
            spans = [finder.index.get(a.i) for a in named]
            return [Span(s.doc, s.start, s.end, label="Method") for s in spans if s is not None and is_name(s)]
        found = [finder.mention(o) for o in objects]  # "we obtain a policy gradient estimator"
        return [s for s in found if s is not None and s.label_ == "Method"]
    found = [finder.index.get(s.i) for s in subjects]
    return [s for s in found if s is not None and s.label_ == "Method" and (is_name(s) or s in finder.proposed)]


def _combined(finder: Finder, gerund: Token) -> list[Span]:
    """The things ``gerund`` combines: its objects and its "with" objects ("combining A with B")."""
    objects = args(gerund, {"dobj"})
    withs = [p for t in [gerund, *objects] for p in t.children if p.dep_ == "prep" and p.lower_ == "with"]
    tokens = finder.named(objects + [o for p in withs for o in args(p, {"pobj"})])
    found = [finder.mention(t) for t in tokens]
    return [s for s in found if s is not None and s.label_ in TAKES]


def combining(finder: Finder) -> None:
    """ "Combining A and B, we derive X", "By combining A with B, X ...": X uses A and B."""
    for tok in finder.tokens:
        if tok.tag_ != "VBG" or tok.lemma_.lower() not in _COMBINING:
            continue
        if tok.dep_ == "advcl":
            verb = tok.head
        elif tok.dep_ == "pcomp" and tok.head.lower_ == "by" and tok.head.dep_ == "prep":
            verb = tok.head.head
        else:
            continue
        if verb.pos_ not in {"VERB", "AUX"} or tok.i > verb.i or verb_negated(verb) or contrasted(verb):
            continue  # "X improves Y by combining ...": what is combined may be Y's
        for user in _made(finder, verb):
            for used in _combined(finder, tok):
                finder.add(user, "uses", used, tok)
