"""Relations stated by amounts: "X achieves a 21.3% improvement in MSE" (:func:`gains`), "X requires
41% fewer MACs on Pascal VOC" (:func:`quantified`); and the phrases that name what a result is
measured in: "in terms of M", "with respect to M" (:func:`in_terms`, :func:`metric_terms`)."""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import contrasted, is_name, verb_negated
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.relation_finder import RETYPED, Finder, args

#: Verbs whose subject shows a gain ("X achieves a 21% improvement in MSE") and the gains.
_GAIN_VERBS = frozenset({"achieve", "attain", "bring", "yield", "obtain", "deliver", "provide", "show", "lead"})
_GAINS = frozenset({"improvement", "gain", "boost", "reduction", "increase"})
#: Words that say how much of a measure an object is ("X shows very high accuracy").
_LEVELS = frozenset({"high", "low", "superior", "competitive", "strong", "comparable", "similar", "same"})


def gains(finder: Finder) -> None:
    """ "X achieves a 21.3% improvement in MSE", "X brings solid accuracy boosts": X is measured by
    the metric its gain is in."""
    for tok in finder.tokens:
        if tok.lemma_.lower() not in _GAINS or tok.dep_ not in {"dobj", "pobj"}:
            continue
        verb = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "to" else tok.head
        if verb.lemma_.lower() not in _GAIN_VERBS or verb_negated(verb) or contrasted(verb):
            continue
        subjects = args(verb, {"nsubj"}) or (args(verb.head, {"nsubj"}) if verb.dep_ in {"advcl", "conj"} else [])
        measures = [c for c in tok.children if c.dep_ == "compound"]
        measures += [
            o for p in tok.children if p.dep_ == "prep" and p.lower_ in {"in", "of", "on"} for o in args(p, {"pobj"})
        ]
        metrics = {m.root.i: m for m in finder.doc.spans.get(SPANS_KEY, []) if m.label_ in RETYPED | {"Metric"}}
        places = [o for p in tok.children if p.dep_ == "prep" and p.lower_ == "on" for o in args(p, {"pobj"})]
        for place in map(finder.mention, finder.named(places)):  # "a 2% improvement on Enwiki8": a named dataset
            if place is not None and (place.label_ == "Dataset" or (place.label_ in RETYPED and is_name(place))):
                measures = [m for m in measures if m.i not in range(place.start, place.end)]
                for subj in subjects:
                    finder.add(finder.mention(subj), "evaluatedOn", place, verb, role=True)
        for measure in measures:  # "solid accuracy boosts": the metric inside the phrase
            if measure.i in metrics:  # "an improvement in MSE": a metric, even typed Method here
                for subj in subjects:
                    finder.add(finder.mention(subj), "measuredBy", metrics[measure.i], verb, role=True)


def quantified(finder: Finder, verb: Token, subjects: list[Span | None]) -> None:
    """ "X requires 41% fewer MACs on Pascal VOC", "X has a lower FID", "On T, X needs 38% fewer
    FLOPs": a method whose object is said with a number or a comparison is measured by it (a
    metric), evaluated on the datasets the object is on, and addresses the task the verb is on."""
    methods = [s for s in subjects if s is not None and s.label_ == "Method"]
    for obj in [o for d in args(verb, {"dobj"}) for o in [d, *d.conjuncts]] if methods else []:
        phrase = finder.doc[obj.left_edge.i : obj.i + 1]
        if not any(
            t.like_num or t.tag_ in {"JJR", "RBR", "JJS"} or t.lower_ in _LEVELS or t.text == "%" for t in phrase
        ):
            continue
        metric = finder.mention(obj)
        places = [o for p in obj.children if p.lower_ in {"on", "across"} for o in args(p, {"pobj"})]
        tasks = [o for p in verb.children if p.dep_ == "prep" and p.lower_ in {"on", "in"} for o in args(p, {"pobj"})]
        for method in methods:
            if metric is not None:  # "requiring 10x fewer GFLOPs": a metric, even typed Method here
                finder.add(method, "measuredBy", metric, verb, role=True)
            for place in map(finder.mention, finder.named(places)):  # "41% fewer MACs on Pascal VOC"
                if place is not None and place.label_ == "Dataset":
                    finder.add(method, "evaluatedOn", place, verb)
            for task in map(finder.mention, tasks):  # "On object detection, X requires 41% fewer MACs"
                if task is not None and task.label_ == "Task":
                    finder.add(method, "addresses", task, verb)


#: "in terms of M", "with respect to M": the preposition, its noun and the word naming the measure.
_MEASURE_PHRASES = {("in", "term"): "of", ("with", "respect"): "to"}


def in_terms(prep: Token) -> bool:
    """Is ``prep`` the "in" of "in terms of" or the "with" of "with respect to"?"""
    nouns = [o.lemma_.lower() for o in args(prep, {"pobj"})]
    return prep.dep_ == "prep" and any((prep.lower_, noun) in _MEASURE_PHRASES for noun in nouns)


def metric_terms(objects: list[Token]) -> list[Token]:
    """ "in terms of X and Y", "with respect to X", "on top of X" -> X, Y; other objects pass through."""
    out: list[Token] = []
    for obj in objects:
        word = {"term": "of", "respect": "to", "top": "of"}.get(obj.lemma_.lower())
        if word is not None:
            out.extend(t for p in obj.children if p.lower_ == word for t in args(p, {"pobj"}))
        else:
            out.append(obj)
    return out
