"""Finding relations over a parse: which mention a token stands for, and adding a relation
once the evidence allows it (types, negation, contrast, one thing under two names).

The base of the rule relations (:mod:`kg.nlp.noun_relations`, :mod:`kg.nlp.relations`).
"""

from __future__ import annotations

from itertools import product

from spacy.tokens import Doc, Span, Token

from kg.nlp.evidence import USE_VERBS, contrasted, indefinite, is_name, names_quality, same_thing, types_fit, unstated
from kg.nlp.listed import listed_after
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.secondary import main_contribution
from kg.nlp.spans import Relation, mention_index, names_inside
from kg.nlp.titled import title_main

#: How often a rule's relation is right, by label (read off the ICLR 2022 dev sample's judged
#: relations); the learned classifier agreeing raises it (:mod:`kg.nlp.learned`).
RULE_CONFIDENCE = {
    "improvesOn": 0.85, "comparedWith": 0.7, "uses": 0.75, "addresses": 0.75, "evaluatedOn": 0.8,
    "measuredBy": 0.75, "isA": 0.7, "partOf": 0.7, "featureOf": 0.7,
}  # fmt: skip
#: "X consists of Y", "X comprises Y": a part said as such, surer than "<layer> Y in X".
STATED_PART_CONFIDENCE = 0.75
#: The tail type a relation's construction states ("a 21% improvement in M": M is a metric, whatever
#: its mention's type in this sentence); the graph keeps the relation when the node has that type.
ROLES = {"addresses": "Task", "evaluatedOn": "Dataset", "measuredBy": "Metric"}
#: Mention types a construction may retype to its role: a name typed Method or Concept in one
#: sentence is often a metric or dataset ("MSE", "MD17"); a Task or Dataset is not a metric.
RETYPED = frozenset({"Method", "Concept"})
#: Labels whose tail may be the first item of a list the parse broke (:mod:`kg.nlp.listed`).
_LISTED_LABELS = frozenset({*ROLES, "improvesOn"})
#: What a construction of purpose ("X for T", "X tackles T") may take as its task.
TASKS = RETYPED | {"Task"}

_AUTHOR_WORDS = frozenset(
    {
        "we",
        "it",
        "our",
        "this",
        "method",
        "approach",
        "model",
        "framework",
        "algorithm",
        "technique",
        "system",
        "architecture",
    }
)


#: Heads naming people, not methods or data ("ML practitioners", "the NLP community"); not "experts",
#: "students" or "workers", which are models and machines too.
_PEOPLE = frozenset(
    {"practitioner", "researcher", "user", "human", "people", "person", "community", "annotator", "scientist"}
    | {"engineer", "developer", "clinician", "physician", "doctor"}
)

_PROPOSING = frozenset({"propose", "introduce", "present", "develop", "design"})

#: Verbs that give a name to what a noun describes ("a model called ParaACE").
_NAMING_VERBS = frozenset({"call", "name", "dub", "term", "coin", "refer"})


def args(token: Token, deps: set[str]) -> list[Token]:
    """Children attached by ``deps``, with everything coordinated with them ("A, B and C")."""
    out = [c for c in token.children if c.dep_ in deps]
    k = 0
    while k < len(out):
        out += [c for c in out[k].children if c.dep_ == "conj" and c not in out]
        k += 1
    return out


#: Heads that a name before them describes: "a novel equivariant Transformer architecture".
_DESCRIBED_HEADS = frozenset({"method", "approach", "framework", "model", "algorithm", "architecture", "network"})
#: Verbs of a whole and its parts ("X contains Y"): their objects' examples are no parts named.
_WHOLE_VERBS = frozenset({"contain", "comprise", "include"})


def learns_from(verb: Token) -> bool:
    """Is ``verb`` learning from data ("pre-trained on", "learned from")? By letters: "pretrained" is "pretraine"."""
    return any(w in verb.lemma_.lower() for w in ("train", "tune", "learn"))


_EXPERIMENT_WORDS = frozenset({"conduct", "perform", "run", "carry", "experiment", "evaluation"})


def experimenting(verb: Token) -> bool:
    """Does ``verb`` ("using") say what experiments run on ("we conduct experiments using three datasets")?"""
    objects = {c.lemma_.lower() for c in verb.head.children if c.dep_ == "dobj"}
    return verb.dep_ == "advcl" and bool({verb.head.lemma_.lower(), *objects} & _EXPERIMENT_WORDS)


def _such_as(prep: Token) -> bool:
    return prep.dep_ == "prep" and prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.children)


#: Plural nouns whose "including" names datasets or tasks: "on four tasks, including T1 and T2".
_PLACES = frozenset({"dataset", "benchmark", "task", "problem", "domain", "environment", "game", "application"})


_PLACE_TYPES = frozenset({"Dataset", "Task"})


def _including(prep: Token) -> bool:
    """ "on a wide range of datasets, including D1 and D2": "including" names the noun's members."""
    return prep.dep_ == "prep" and prep.lower_ == "including" and prep.head.lemma_.lower() in _PLACES


#: Nouns whose "of" names what a method takes up: "X leverages the power of Y", "X combines the
#: merits of Y and Z", "X builds on the idea of Y": Y.
_WRAPPERS = frozenset(
    {"power", "merit", "strength", "advantage", "benefit", "idea", "principle", "expressiveness", "flexibility"}
    | {"combination"}
)
#: Nouns whose "of" names the task itself: "X addresses the problem of T", "on the task of T", "the game of D".
_TASK_FRAMES = frozenset({"problem", "task", "game", "challenge"})


def _one_common_word(span: Span) -> bool:
    return len(span) == 1 and span.text.islower()


def _expletive(it: Token) -> bool:
    """Is ``it`` the empty subject of "it is essential to use Y", "it is clear that ..." (not "it is
    able to use Y", where the clause hangs on the adjective)?"""
    verb = it.head
    return (
        it.dep_ in {"nsubj", "nsubjpass"}
        and any(c.dep_ in {"acomp", "attr"} for c in verb.children)
        and any(c.dep_ in {"xcomp", "ccomp"} for c in verb.children)
    )


#: Heads of a phrase that names datasets by their task: "three text classification benchmarks".
_BENCHMARK_HEADS = frozenset({"benchmark", "dataset"})


#: Nouns of a collection whose "of" names its members: "on a panel of 121 UCI datasets" (datasets only:
#: "experiments on a set of text classification tasks" say nothing of the paper's metric).
COLLECTIONS = frozenset({"panel", "suite", "set", "range", "variety", "collection", "series", "battery"})


def _dataset(span: Span) -> bool:
    """A dataset, however typed in its sentence: "121 UCI datasets", "the Atari benchmark"."""
    return span.label_ == "Dataset" or span.root.lemma_.lower() in _BENCHMARK_HEADS


class Finder:
    """A Doc's mentions, what the paper proposes, and the relations found so far."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.tokens = list(doc)  # the rules walk the Doc many times: one Token object per token
        self.index = mention_index(doc)
        proposed = list(doc.spans.get(PROPOSED_KEY, []))
        # "we", "our method" stand for what the title names, else what the paper proposes when it
        # is a name or a term, not a single common word the proposal finder took ("gradients", "supernet")
        main = main_contribution(proposed)
        self.titled = title_main(doc, proposed)
        self.main = self.titled or (main if main is not None and not _one_common_word(main) else None)
        self.proposed = set(proposed)
        own = [*proposed, *([self.main] if self.main is not None else [])]
        self.own_names = frozenset(s.text.lower() for s in own)  # the paper's method, as :meth:`ours` reads it
        self.found: dict[tuple[int, int, str, int, int], Relation] = {}
        self.spans = {(s.start, s.end): s for s in doc.spans.get(SPANS_KEY, [])}

    def mention(self, tok: Token) -> Span | None:
        span = self.index.get(tok.i)
        if span is None or span.root.i == tok.i:
            for acl in tok.children:  # "a model (called ParaACE) is built using Y": ParaACE is
                if acl.dep_ == "acl" and acl.lemma_.lower() in _NAMING_VERBS:
                    names = [self.index[o.i] for o in acl.children if o.dep_ in {"oprd", "dobj"} and o.i in self.index]
                    if names and (span is None or names[0].label_ == span.label_):
                        return names[0]  # not "a framework for T named X", X misread as T's name
        if span is not None:
            return span
        if tok.lower_ in {"which", "that", "who"} and tok.head.dep_ == "relcl" and tok.head.head is not tok:
            antecedent = tok.head.head  # "X, which uses Y": X uses Y
            found = self.mention(antecedent)
            head = self.index.get(antecedent.head.i) if antecedent.dep_ == "appos" else None
            if head is not None and (
                found is None or (is_name(head) and (not is_name(found) or indefinite(antecedent)))
            ):
                return head  # "X, an algorithm that uses Y", "X, a Bayesian framework which ...": X, not "algorithm"
            return found
        for child in tok.children:  # "the MuJoCo benchmark": the name stands for the phrase
            if child.dep_ in {"compound", "nmod"} and child.i in self.index:
                return self.index[child.i]
            if (
                child.dep_ == "amod"
                and tok.lemma_.lower() in _DESCRIBED_HEADS
                and child.i in self.index
                and self.index[child.i].end == tok.i
            ):
                return self.index[child.i]  # "a novel equivariant Transformer architecture", "Transformer" an amod
        if tok.lower_ in _AUTHOR_WORDS:  # "the resulting model, RelViT, ...", "our model, namely FALCON, ..."
            named = [self.index[c.i] for c in tok.children if c.dep_ == "appos" and c.i in self.index]
            if named and named[0].label_ == "Method":
                return named[0]
        if tok.lower_ == "it" and (self._named_before(tok) or _expletive(tok)):
            # "To understand GIA, we compare it with GMA": "it" is GIA, not the paper's
            return self._sole_antecedent(tok) if tok.dep_ in {"dobj", "pobj"} else None
        if tok.lower_ == "they":
            return self._earlier_subject(tok)
        if self.main is not None and tok.lower_ in _AUTHOR_WORDS:
            owner = [c for c in tok.children if c.dep_ == "poss" and c.lower_ == "our"]
            if (
                tok.lower_ in {"we", "it"}
                or owner
                or (tok.lower_ != "this" and any(c.lower_ in {"this", "proposed"} for c in tok.children))
                or self._proposed_here(tok)
            ):
                return self.main
        return None

    def _proposed_here(self, noun: Token) -> bool:
        """ "we propose a novel method based on Y": the method the authors propose, when the
        sentence names no other (then it is that name's: "we propose a method, X, ...")."""
        verb = noun.head
        return (
            noun.dep_ == "dobj"
            and verb.lemma_.lower() in _PROPOSING
            and any(s.lower_ == "we" for s in verb.children if s.dep_ == "nsubj")
            and not any(c.dep_ == "appos" for c in noun.children)
            and self.main is not None
            and self.main.label_ == "Method"
        )

    def ours(self, span: Span | None) -> bool:
        """Is ``span`` the paper's own method, wherever the abstract names it?"""
        return span is not None and span.label_ == "Method" and span.text.lower() in self.own_names

    def evaluated(self, obj: Token) -> Span | None:
        """What "we evaluate <obj>" evaluates: "the robustness of X" is X's, and so is "the
        effectiveness of X" when no mention covers "effectiveness"."""
        span = self.mention(obj)
        if names_quality(span if span is not None else obj.doc[obj.i : obj.i + 1]):
            owners = [self.mention(o) for p in obj.children if p.lower_ == "of" for o in args(p, {"pobj"})]
            return next((o for o in owners if o is not None), None)
        return span

    def named(self, tokens: list[Token]) -> list[Token]:
        """``tokens`` with the names coordinated inside a phrase that none of them covers: "the
        ImageNet and MS-COCO datasets" names ImageNet and MS-COCO (the parser hangs MS-COCO on
        ImageNet, not on "datasets")."""
        out = list(tokens)
        for tok in tokens:
            if tok.tag_ in {"NNS", "NNPS"}:  # "on two benchmarks, Replica and Matterport3D"
                for child in tok.children:
                    if child.dep_ == "appos" and child.i in self.index:
                        out += [c for c in [child, *child.conjuncts] if c not in out]
                    if _such_as(child) and tok.head.lemma_.lower() not in _WHOLE_VERBS:
                        # "on image datasets such as MNIST and SVHN", not "X contains methods such as Y"
                        out += [c for o in args(child, {"pobj"}) if o.i in self.index for c in [o, *o.conjuncts]]
                    if _including(child):  # a dataset or a task as its sentence types it, nothing retyped
                        members = [c for o in args(child, {"pobj"}) for c in [o, *o.conjuncts] if c not in out]
                        out += [c for c in members if c.i in self.index and self.index[c.i].label_ in _PLACE_TYPES]
            if tok.i in self.index:
                continue
            if tok.lemma_.lower() in _WRAPPERS and tok.head.lemma_.lower() in USE_VERBS:  # "leverages the power of Y"
                taken = [o for p in tok.children if p.dep_ == "prep" and p.lower_ == "of" for o in args(p, {"pobj"})]
                out += [o for o in taken if o.i in self.index and o not in out]
            if tok.lemma_.lower() in _TASK_FRAMES:  # "tackles the problem of T": T
                out += [o for p in tok.children if p.lower_ == "of" for o in args(p, {"pobj"}) if o.i in self.index]
            if tok.tag_ == "NN":  # "outperforms the best competitor, TinaFace": the name the noun is given
                out += [c for c in tok.children if c.dep_ == "appos" and c.i in self.index and c not in out][:1]
            if tok.lemma_.lower() in COLLECTIONS:  # "on a panel of 121 UCI datasets": the datasets
                members = [o for p in tok.children if p.lower_ == "of" for o in self.named(args(p, {"pobj"}))]
                out += [o for o in members if (m := self.mention(o)) is not None and _dataset(m)]
            for child in tok.children:
                if child.dep_ in {"compound", "nmod"} and child.i in self.index:
                    out += [c for c in child.conjuncts if c not in out]
        return out

    def names(self, span: Span) -> list[Span]:
        """The names a relation's end is about (:func:`names_inside`); what the paper proposes is
        its own name ("we present a learning-based initialization scheme": not "initialization")."""
        return [span] if span in self.proposed else names_inside(span, self.spans)

    def _earlier_subject(self, they: Token) -> Span | None:
        """What "they" stands for: the method named by the last subject before it in its sentence
        ("THOR models are efficient in that they outperform Y"); nothing when that subject is no
        method's name ("existing methods ..., as they ...")."""
        subjects = [t for t in they.sent if t.i < they.i and t.dep_ in {"nsubj", "nsubjpass"}]
        subjects = [t for t in subjects if t.lower_ not in {"they", "we", "it", "which", "that"}]
        found = self.mention(subjects[-1]) if subjects else None
        return found if found is not None and found.label_ == "Method" else None

    def _benchmarked_task(self, span: Span) -> list[Span]:
        """The task a "<task> benchmarks" phrase names ("three text classification benchmarks")."""
        if span.label_ != "Dataset" or span.root.lemma_.lower() not in _BENCHMARK_HEADS:
            return []
        return [s for s in self.spans.values() if s.label_ == "Task" and span.start <= s.start and s.end == span.root.i]

    def _dataset_of_task(self, span: Span) -> list[Span]:
        """The dataset a task's name opens with ("ImageNet classification", "the MS-COCO object
        detection task", "Cityscapes segmentation")."""
        if span.label_ != "Task":
            return []
        return [
            s
            for s in self.spans.values()
            if s.label_ == "Dataset" and s.start == span.start and s.end < span.end and is_name(s)
        ]

    def _sole_antecedent(self, it: Token) -> Span | None:
        """The one method named (a name, not a term) before an object "it" in its sentence, with no
        other noun between ("To understand GIA, we compare it with GMA"); none when two are named,
        or when a noun between may be what "it" is ("we teach X where the objects are and read it")."""
        before = [
            span
            for span in set(self.index.values())
            if span.label_ == "Method" and is_name(span) and it.sent.start <= span.start and span.end <= it.i
        ]
        if len({span.text for span in before}) != 1:
            return None
        last = max(before, key=lambda span: span.end)
        return None if any(t.pos_ in {"NOUN", "PROPN"} for t in self.doc[last.end : it.i]) else last

    def _named_before(self, tok: Token) -> bool:
        """Is a method other than the paper's named earlier in ``tok``'s sentence?"""
        return any(
            span.label_ == "Method" and span != self.main and tok.sent.start <= span.start and span.end <= tok.i
            for span in set(self.index.values())
        )

    def evaluated_on(self, subjects: list[Span | None], objects: list[Span | None], tok: Token) -> list[Span | None]:
        """Each subject is evaluated on the datasets among ``objects``; the other objects."""
        datasets = [o for o in objects if o is not None and o.label_ == "Dataset"]
        for subj, data in product(subjects, datasets):
            self.add(subj, "evaluatedOn", data, tok)
        return [o for o in objects if o not in datasets]

    def add(
        self,
        head: Span | None,
        label: str,
        tail: Span | None,
        tok: Token,
        confidence: float | None = None,
        role: bool = False,
    ) -> None:
        """Add ``head label tail``, stated around ``tok``, with the label's confidence (or ``confidence``),
        unless the evidence says the sentence does not state it; ``role``: the construction states
        the tail's type (:data:`ROLES`), so a Method or Concept mention may stand in it."""
        if head is None or tail is None:
            return
        if label == "evaluatedOn":  # "evaluated on text classification benchmarks": X addresses the task too
            for task in self._benchmarked_task(tail):
                self.add(head, "addresses", task, tok, confidence)
        if label == "addresses":  # "accuracy on ImageNet classification": X is evaluated on ImageNet too
            for data in self._dataset_of_task(tail):
                self.add(head, "evaluatedOn", data, tok, confidence)
        # "THOR models" is THOR; "the Transformer and MoE models" are Transformer and MoE
        heads, tails = self.names(head), self.names(tail)
        if len(heads) > 1 or len(tails) > 1:
            for one in heads:
                for other in tails:
                    self.add(one, label, other, tok, confidence, role)
            return
        head, tail = heads[0], tails[0]
        if label in _LISTED_LABELS:  # "experiments on D1, D2 and D3" whatever the parse made of the list
            listed_role = role or tail.label_ == ROLES.get(label)  # the list's items stand where its first does
            for item in listed_after(tail, self.index):
                if item.end <= head.start or head.end <= item.start:
                    self.add(head, label, item, tok, confidence, listed_role)
        if head == tail:
            return
        if head.start <= tail.start < head.end or tail.start <= head.start < tail.end:
            return
        if any(c.dep_ == "det" and c.lower_ == "no" for end in (head, tail) for c in end.root.children):
            return  # "an AlexNet model with no normalization"
        if any(end.root.lemma_.lower() in _PEOPLE for end in (head, tail)):
            return  # "games of interest to ML practitioners, such as GANs": people are no end of a relation
        if same_thing(label, head, tail):
            return  # "we leverage COPA" in a paper that proposes COPA: one thing
        if unstated(label, head, tail):
            return  # "X is faster than Y", "evaluated on image datasets"
        if any(span.sent == tok.sent and contrasted(span.root, tok) for span in (head, tail)):
            return  # "unlike X, we use Y": nothing is said of X
        tail_type = ROLES[label] if role and label in ROLES and tail.label_ in RETYPED else tail.label_
        if not types_fit(label, head.label_, tail_type):
            return  # "CheXpert measuredBy AUC", "image synthesis isA SDEdit"
        key = (head.start, head.end, label, tail.start, tail.end)
        score = RULE_CONFIDENCE.get(label, 0.6) if confidence is None else confidence
        self.found.setdefault(key, Relation(*key, sentence=tok.sent.start, score=score))
