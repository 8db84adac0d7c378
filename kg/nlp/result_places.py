"""The datasets a sentence of results names: "Experiments on WIDER FACE demonstrate the accuracy of
our detector", "Our method outperforms prior approaches over 12 games from the Jericho benchmark",
"Experiments in games ranging from Jericho to TextWorld demonstrate ..." (:func:`result_places`).
What the paper proposes, or the method the result is said of, is evaluated on each dataset the
sentence names, wherever the parser hangs it; not on the data something is trained on, nor on a
dataset the paper itself introduces. And the tasks named after a verb stating its result ("X
achieves state-of-the-art results on tasks including T1 and T2") are what it addresses
(:func:`result_tasks`); not a task named as a measure ("in terms of parameter estimation"). And
what a sentence naming the method by its name names beside it (:func:`named_beside`). And where
the subject of a verb of result gets it (:func:`verb_results`: "X achieves 82.9% accuracy on
Kinetics-400" is evaluated on Kinetics-400, however the parser hangs "on D").
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.abbreviations import definitions
from kg.nlp.evidence import USE_VERBS, contrasted, is_name, verb_negated
from kg.nlp.relation_finder import RETYPED, Finder, args, learns_from
from kg.nlp.task_places import task_datasets

#: Verbs whose subject's result a sentence states ("X outperforms Y", "X achieves 82.9%").
RESULT_VERBS = frozenset(
    {"outperform", "surpass", "beat", "exceed", "outpace", "achieve", "attain", "obtain", "reach", "set"}
    | {"improve", "match", "rival", "yield", "deliver", "perform", "generalize", "scale"}
)
#: Nouns of an evaluation whose sentence states results ("experiments on D show ...").
_RESULT_NOUNS = frozenset({"experiment", "evaluation", "result", "benchmark", "study", "experimentation"})
#: Verbs by which the authors or their experiments state a result.
_SHOWING_VERBS = frozenset(
    {"show", "demonstrate", "indicate", "verify", "confirm", "suggest", "validate", "reveal", "evaluate"}
    | {"test", "conduct", "perform", "benchmark", "assess", "report", "achieve", "outperform"}
)
#: Stems of the verbs of the data a dataset is made from, beside those a method learns from.
_MAKING_STEMS = ("collect", "construct", "buil", "creat", "compil", "curat")
#: Words before a name that put it where a dataset goes ("on Zork1", "from the Jericho benchmark").
_PLACE_WORDS = frozenset({"on", "across", "over", "from"})
#: Confidence of an evaluation read off a sentence of results, below a stated "X is evaluated on D".
RESULT_PLACE_CONFIDENCE = 0.72


def _doer(finder: Finder, verb: Token) -> Span | None:
    """The method a result verb is said of: its subject when that is the paper's proposal (or "we",
    "our method"), or any method the authors or their experiments show it of ("our experiments
    show that X improves ..."); nothing when it is another method or none. The name a title opens
    with counts whatever its sentence typed it ("word2ket: Space-efficient Word Embeddings ...")."""
    shown = verb.dep_ == "ccomp" and verb.head.lemma_.lower() in _SHOWING_VERBS
    subjects = args(verb, {"nsubj"})
    if not subjects and verb.dep_ == "pcomp" and verb.head.lower_ in {"by", "while"}:
        subjects = args(verb.head.head, {"nsubj"})  # "we demonstrate ... by improving the state of the art on T"
    for subj in subjects:
        span = finder.mention(subj)
        if span is None or (span.label_ != "Method" and span != finder.titled):
            continue
        if span == finder.main or span in finder.proposed or shown:
            return span
    return None


def _result_verb(tok: Token) -> bool:
    """A verb stating a result, not negated; "perform" only without an object ("X performs
    competitively", not "we perform our analysis")."""
    lemma = tok.lemma_.lower()
    if tok.pos_ not in {"VERB", "AUX"} or lemma not in RESULT_VERBS or verb_negated(tok):
        return False
    return lemma != "perform" or not any(c.dep_ == "dobj" for c in tok.children)


def _trained_on(tok: Token) -> bool:
    """Is ``tok`` the data something is trained on ("a model pretrained on ImageNet") or made from?"""
    for anc in tok.ancestors:
        if anc.pos_ == "VERB" and anc.lemma_.lower() in USE_VERBS and anc.dep_ in {"advcl", "xcomp", "acl"}:
            continue  # "we pretrain the backbone using pairs from ImageNet-1K": the data of the pretraining
        if anc.pos_ == "VERB":
            return learns_from(anc) or anc.lower_.startswith(_MAKING_STEMS)
    return False


def _states_results(finder: Finder, sent: Span) -> tuple[Span, Token] | None:
    """The method a sentence states results of and the word stating them, or None when it states
    none of the paper's."""
    for tok in sent:
        if _result_verb(tok):
            doer = _doer(finder, tok)
            if doer is not None:
                return doer, tok
    if finder.main is None or finder.main.label_ != "Method":
        return None
    for tok in sent:
        if tok.lemma_.lower() in _RESULT_NOUNS and tok.pos_ == "NOUN":
            verb = tok.head if tok.dep_ in {"nsubj", "dobj", "nsubjpass"} else tok.head.head
            if verb.lemma_.lower() in _SHOWING_VERBS and not verb_negated(verb):
                return finder.main, verb
    return None


def _place(span: Span) -> bool:
    """A dataset, or a name the sentence puts where a dataset goes ("a score of 103 on Zork1",
    "12 games from the Jericho benchmark"): the graph keeps the relation when the node is a dataset."""
    if span.label_ == "Dataset":
        return True
    root = span.root
    return span.label_ in RETYPED and is_name(span) and root.dep_ == "pobj" and root.head.lower_ in _PLACE_WORDS


def _task_itself(span: Span) -> bool:
    """Is ``span`` named as a task, not as a measure ("in terms of parameter estimation") nor as
    what the beaten baselines are for ("FOT outperforms continual learning methods": held-out e)?"""
    root = span.root
    baseline = root.head.dep_ == "dobj" and root.head.head.lemma_.lower() in _BEATING_VERBS
    if root.dep_ in {"compound", "amod", "nmod"} and baseline:
        return False
    return not any(a.lemma_.lower() == "term" for a in root.ancestors)


#: Verbs whose object is a baseline: what it is described by is the baseline's, not the result's.
_BEATING_VERBS = frozenset({"outperform", "surpass", "beat", "exceed"})


def result_places(finder: Finder) -> None:
    """Each dataset named in a sentence of the paper's results: the method shown is evaluated on it."""
    places: dict[int, list[Span]] = {}  # by the start of their sentence
    for span in dict.fromkeys(finder.index.values()):
        if span not in finder.proposed and _place(span) and not _trained_on(span.root):
            places.setdefault(span.sent.start, []).append(span)
    # "DimeNet outperforms previous GNNs by 76% on MD17": the better one of a comparison, by sentence
    better = {r.sentence: r for r in finder.found.values() if r.label == "improvesOn" and r.sentence >= 0}
    for sent in finder.doc.sents:
        here = places.get(sent.start, [])
        stated = _states_results(finder, sent) if here else None
        if stated is None and sent.start in better:
            rel = better[sent.start]
            stated = (finder.doc[rel.head_start : rel.head_end], finder.doc[rel.tail_start])
            here = [p for p in here if p.start != rel.tail_start]  # not "the benefits of X over Y"
        if stated is None:
            continue
        for place in here:
            role = place.label_ != "Dataset"
            finder.add(stated[0], "evaluatedOn", place, stated[1], RESULT_PLACE_CONFIDENCE, role=role)


#: Confidence of what a sentence naming the paper's method names beside it (:func:`named_beside`).
NAMED_BESIDE_CONFIDENCE = 0.72
#: Words of what the method builds on: what is named under them is another's ("inspired by ...").
_OTHERS_SUCCESS = frozenset({"inspire", "motivate", "success", "follow"})
#: What a dataset or metric named beside the paper's method is to it.
_BESIDE = {"Dataset": "evaluatedOn", "Metric": "measuredBy"}


def _task_place(span: Span) -> bool:
    """A task named as where a method works: "for T", "on T", "in T", "across T" (or coordinated)."""
    tok = span.root
    while tok.dep_ == "conj" and tok.head is not tok:
        tok = tok.head
    if tok.dep_ in {"compound", "nmod", "amod"} and tok.head.lemma_.lower() in {"task", "problem", "setting"}:
        tok = tok.head  # "on summarization and translation tasks"
    return tok.dep_ == "pobj" and tok.head.lower_ in {"for", "on", "in", "across"} and _task_itself(span)


def named_beside(finder: Finder) -> None:
    """A dataset, a metric or a task named in a sentence that names the paper's method by its name is
    what it is evaluated on, measured by or addresses ("TopoMLP achieves state-of-the-art performance
    on OpenLane-V2 dataset, i.e., 41.2% OLS"): readers relate 93% of such datasets, 80% of such metrics
    and 71% of such tasks to it. A metric only in a sentence of figures, a task only where the method
    works ("for T", "on T tasks"); not the data something is trained on or made from, a dataset the
    paper itself introduces, what is named under "inspired by the success of ...", nor what a
    contrast holds ("without relying on pre-trained models for T")."""
    main = finder.main
    if main is None or main.label_ != "Method" or not is_name(main):
        return
    names = {main.text.lower()}
    for short, long in definitions(finder.doc):  # "Diversity Regularized Training (DRT)": DRT too
        if main.text.lower() in {short.text.lower(), long.text.lower()}:
            names |= {short.text.lower(), long.text.lower()}
    spans = list(dict.fromkeys(finder.index.values()))
    here = {s.sent.start for s in spans if s.text.lower() in names}
    for span in spans:
        label = _BESIDE.get(span.label_)
        if label is None and span.label_ == "Task" and _task_place(span):
            label = "addresses"
        if label is None or span.sent.start not in here or span in finder.proposed or _trained_on(span.root):
            continue
        if any(a.lemma_.lower() in _OTHERS_SUCCESS for a in span.root.ancestors):
            continue  # "inspired by the success of LMU in sequence learning tasks": LMU's task
        if verb_negated(span.sent.root) or (label == "measuredBy" and not any(c.isdigit() for c in span.sent.text)):
            continue  # a metric beside the method in a sentence of figures ("26.6 ppl on PG-19")
        # stated by the whole sentence: what a contrast below its root holds is not said of the method
        # ("without relying on pre-trained models for T", Finder.add)
        finder.add(main, label, span, span.sent.root, NAMED_BESIDE_CONFIDENCE)


def result_tasks(finder: Finder) -> None:
    """Each task named after a verb stating the result of the paper's method ("X achieves
    state-of-the-art performance across tasks, including T1 and T2"): the method addresses it."""
    tasks = [(s.sent.start, s) for s in dict.fromkeys(finder.index.values()) if s.label_ == "Task" and _task_itself(s)]
    for tok in finder.tokens:
        doer = _doer(finder, tok) if tasks and _result_verb(tok) else None
        if doer is not None:
            for task in [s for start, s in tasks if start == tok.sent.start and s.start > tok.i]:
                finder.add(doer, "addresses", task, tok, RESULT_PLACE_CONFIDENCE)


#: The rules of this module, in the order the relation finder runs them.
RESULT_RULES = (result_places, result_tasks, named_beside)


def verb_results(finder: Finder, verb: Token, subjects: list[Span | None]) -> None:
    """ "X achieves 82.9% accuracy on Kinetics-400", "X outperforms Y on D", "For D, X
    achieves ...": X is evaluated on D; "X achieves strong results in T": X addresses T. The
    place may hang on the verb, on its object or on a noun the object holds."""
    subjects = [s for s in subjects if s is not None and s.label_ == "Method"]
    if not subjects:
        return  # "a description ... that yields insights on T": no method's result
    places = [p for p in verb.children if p.dep_ == "prep" and p.lower_ == "for"]
    nouns = args(verb, {"dobj", "npadvmod"})  # "outperforming state-of-the-art on D"
    for noun in nouns:  # "82.9% (top-1 accuracy on D)", "a new state (of the art on D)"
        nouns += [c for c in noun.children if c.dep_ == "appos"]
        nouns += [o for p in noun.children if p.dep_ == "prep" and p.lower_ == "of" for o in args(p, {"pobj"})]
        places += [p for p in noun.children if p.dep_ == "prep" and p.lower_ in {"on", "across", "in"}]
        if noun.lemma_.lower() in {"performance", "result"}:  # "competitive performance for T"
            places += [p for p in noun.children if p.dep_ == "prep" and p.lower_ == "for"]
    for prep in places:
        for obj in finder.named(args(prep, {"pobj"})):
            place = finder.mention(obj)
            if place is None or contrasted(obj, verb):
                continue
            if place.label_ == "Dataset" and prep.lower_ != "in":
                for subj in subjects:
                    finder.add(subj, "evaluatedOn", place, verb)
            elif place.label_ == "Task" and prep.lower_ in {"on", "in", "for"}:
                for subj in subjects:  # "X outperforms Y in T on D": evaluated on D too
                    finder.add(subj, "addresses", place, verb)
                    for data in task_datasets(finder, obj):
                        finder.add(subj, "evaluatedOn", data, verb)
            elif place.label_ in RETYPED and prep.lower_ in {"on", "across"} and verb.lemma_.lower() != "improve":
                for subj in subjects:  # "X outperforms Y on MD17": a dataset or a task, as the graph types it
                    finder.add(subj, "evaluatedOn", place, verb, role=True)
                    finder.add(subj, "addresses", place, verb, role=True)
