"""What the paper's method takes up, said without a verb of use on the method itself.

- "The main novelty lies in the use of iLQR in the recognition model": the paper's method uses
  iLQR (:func:`use_of`);
- "SAFENet includes channel-wise activation approximation": SAFENet uses it (:func:`includes`).

Each needs the paper's own method as the user: by its name, or the authors' "we" proposing it.
Readers of the development samples wrote these as ``uses`` (17 of the 30 uses stated with "include",
"incorporate" or "contain"). They also wrote "Inspired by Y, we present X" as "X uses Y" (20 of 33
sentences opening so), but the held-out readers judged every such relation not stated: what inspired
a method is not what it uses (:func:`kg.nlp.evidence.contrasted`).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import contrasted, names_quality, verb_negated
from kg.nlp.means import TAKES
from kg.nlp.relation_finder import Finder, args

#: Nouns of a use whose "of" names what is used: "the use of Y", "the adoption of Y".
_USE_NOUNS = frozenset({"use", "usage", "utilization", "utilisation", "adoption", "incorporation"})
#: Words of a sentence about the paper's own method: "we", "our", "the main novelty lies in ...".
_OWN = frozenset({"we", "our", "novelty", "contribution"})
#: Adjectives of a use that is the method's own: "the careful use of Y", "a novel usage of Y".
_OWN_USES = frozenset({"careful", "novel", "new", "effective", "efficient", "joint", "simultaneous", "explicit"})
#: Verbs by which a method holds what it uses: "X includes Y", "X incorporates Y".
_HOLDING = frozenset({"include", "incorporate", "feature", "embed"})


def _taken(finder: Finder, tokens: list[Token]) -> list[Span]:
    """The methods and concepts ``tokens`` name, not a quality ("X features guaranteed safety")."""
    found = [finder.mention(t) for t in finder.named(tokens)]
    return [s for s in found if s is not None and s.label_ in TAKES and not names_quality(s)]


def use_of(finder: Finder) -> None:
    """ "The key of our approach is the use of Y", "the main novelty lies in the use of Y": the
    paper's method uses Y, in a sentence by the authors ("we", "our", "novelty") or naming the method."""
    if finder.main is None:
        return
    for noun in finder.tokens:
        if noun.lemma_.lower() not in _USE_NOUNS or noun.pos_ != "NOUN" or contrasted(noun):
            continue
        if any(a.dep_ == "amod" and a.lower_ not in _OWN_USES for a in noun.children):
            continue  # "the responsible use of LLMs", "naive use of existing baselines": no one method's
        sent = noun.sent
        if verb_negated(sent.root) or not any(t.lower_ in _OWN or t.text == finder.main.text for t in sent):
            continue
        objects = [o for p in noun.children if p.dep_ == "prep" and p.lower_ == "of" for o in args(p, {"pobj"})]
        for used in _taken(finder, objects):
            finder.add(finder.main, "uses", used, noun)


def includes(finder: Finder) -> None:
    """ "X includes Y", "our method incorporates Y": the paper's method uses Y."""
    for verb in finder.tokens:
        if verb.lemma_.lower() not in _HOLDING or verb.pos_ != "VERB" or verb_negated(verb) or contrasted(verb):
            continue
        for user in [finder.mention(s) for s in args(verb, {"nsubj"})]:
            if finder.ours(user):
                for used in _taken(finder, args(verb, {"dobj"})):
                    if verb.lemma_.lower() != "feature" or used.label_ == "Method":  # not "X features safety"
                        finder.add(user, "uses", used, verb)


#: The rules of this module, in the order the relation finder runs them.
TAKEN_UP_RULES = (use_of, includes)
