"""The tasks a sentence puts the paper's method to, beyond the verb patterns of :mod:`kg.nlp.relations`.

- "We demonstrate the effectiveness of GWIL in continuous control domains": the method a quality
  is shown of addresses the task it is shown in (:func:`shown_in`);
- "MXGNet combines A, B and C for solving visual reasoning tasks": what the paper proposes
  addresses what it does something for (:func:`purposed`);
- "We introduce X to improve the sample efficiency of T": the method addresses T (:func:`improved`);
- "We present results for object detection on COCO": the results' method addresses the task
  (:func:`results_for`);
- "To exploit Y, we propose X": X is what exploits Y, not the paper's main method (:func:`proposed_for`).

A task may be named by the phrase around it: "continuous control domains", "visual reasoning
tasks", "few-shot settings" (:func:`framed_task`).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import PROPOSING, names_quality, verb_negated
from kg.nlp.relation_finder import Finder, args
from kg.nlp.solving import improved_of, purpose_objects

#: Heads of a phrase that names a task by the words before them: "continuous control domains".
_FRAMES = frozenset({"domain", "setting", "environment", "problem", "scenario", "application", "task"})
#: Verbs by which the authors show a quality of a method: "we demonstrate the effectiveness of X".
_SHOWING = frozenset({"demonstrate", "show", "verify", "validate", "confirm", "illustrate", "prove"})
#: Verbs whose "for" is no purpose: "X allows for T", "X searches for T", "X controls for T".
_PHRASAL = frozenset({"allow", "search", "look", "call", "pay", "control", "opt", "stand", "wait", "ask"})
#: Verbs by which the authors bring in a method: "we introduce X to improve ...".
_BRINGING = PROPOSING | {"use", "apply"}
#: Nouns of results whose "for T" names the task they are results on.
_RESULTS = frozenset({"result", "experiment", "evaluation"})


def framed_task(finder: Finder, tok: Token) -> Span | None:
    """The task ``tok`` names: its mention when that is a task, or the task a phrase ending in a
    frame word ("domains", "settings", "tasks") names before it."""
    span = finder.mention(tok)
    if span is None:
        return None
    if span.label_ == "Task":
        return span
    if span.root.lemma_.lower() not in _FRAMES:
        return None
    inner = [s for s in finder.spans.values() if s.label_ == "Task" and span.start <= s.start and s.end == span.root.i]
    return min(inner, key=lambda s: s.start) if inner else None


def shown_in(finder: Finder) -> None:
    """ "We demonstrate the effectiveness of X in T domains": X addresses T."""
    for noun in finder.tokens:
        verb = noun.head
        if noun.dep_ != "dobj" or verb.lemma_.lower() not in _SHOWING or verb_negated(verb):
            continue
        if not names_quality(noun.doc[noun.i : noun.i + 1]):
            continue
        owners = [finder.mention(o) for p in noun.children if p.lower_ == "of" for o in args(p, {"pobj"})]
        for owner in [o for o in owners if finder.ours(o)]:
            for prep in [*noun.children, *verb.children]:
                if prep.dep_ == "prep" and prep.lower_ in {"in", "on", "across"}:
                    for obj in finder.named(args(prep, {"pobj"})):
                        finder.add(owner, "addresses", framed_task(finder, obj), prep)


def purposed(finder: Finder) -> None:
    """ "X combines A and B for solving T": what the paper proposes addresses what it does a thing for."""
    for verb in finder.tokens:
        if verb.pos_ != "VERB" or verb.lemma_.lower() in _PHRASAL or verb_negated(verb):
            continue
        doers = [finder.mention(s) for s in args(verb, {"nsubj"}) if s.lower_ != "we"]
        doers = [d for d in doers if finder.ours(d)]
        if not doers:
            continue
        preps = [p for t in [verb, *args(verb, {"dobj"})] for p in t.children if p.dep_ == "prep" and p.lower_ == "for"]
        for prep in preps:
            for obj in purpose_objects(prep):
                for doer in doers:
                    finder.add(doer, "addresses", framed_task(finder, obj), prep)


def improved(finder: Finder) -> None:
    """ "We introduce X to improve the sample efficiency of T", "X is proposed to enhance the
    performance of T", "we propose X for improving the robustness of T": the paper's method
    addresses T."""
    for verb in finder.tokens:
        if verb.dep_ in {"xcomp", "advcl"} and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
            main = verb.head
        elif verb.dep_ == "pcomp" and verb.head.lower_ == "for" and verb.head.head.pos_ == "VERB":
            main = verb.head.head
        else:
            continue
        tasks = improved_of(verb)
        if not tasks:
            continue
        doers = [finder.mention(s) for s in args(main, {"nsubj", "nsubjpass"})]
        if main.lemma_.lower() in _BRINGING:
            doers += [finder.mention(o) for o in args(main, {"dobj"})]
        for doer in [d for d in doers if finder.ours(d)]:
            for task in tasks:
                finder.add(doer, "addresses", framed_task(finder, task), verb)


def results_for(finder: Finder) -> None:
    """ "We present results for object detection": the paper's method addresses it."""
    for noun in finder.tokens:
        if noun.lemma_.lower() not in _RESULTS or noun.pos_ != "NOUN" or finder.main is None:
            continue
        if noun.dep_ == "dobj" and verb_negated(noun.head):
            continue
        for prep in noun.children:
            if prep.dep_ == "prep" and prep.lower_ == "for":
                for obj in finder.named(args(prep, {"pobj"})):
                    finder.add(finder.main, "addresses", framed_task(finder, obj), prep)


#: The rules of this module, in the order the relation finder runs them.
PURPOSE_RULES = (shown_in, purposed, improved, results_for)


def proposed_for(verb: Token) -> list[Token]:
    """What the sentence proposes for the purpose ``verb`` states: X of "To exploit Y, we propose X"."""
    head = verb.head
    if verb.dep_ != "advcl" or head.lemma_.lower() not in PROPOSING or not any(c.lower_ == "to" for c in verb.children):
        return []
    return [o for o in head.children if o.dep_ == "dobj"]
