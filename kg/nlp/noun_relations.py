"""Relations stated inside noun phrases: "X, a Y" and "a Y, X" (isA), "Ys such as X" and
"X and other Ys" (isA), "Y, including X" for one method Y (partOf), "X, a <task> method" and
"X, a Y for <task> T" (addresses), "X with Y" (uses), "<layer> X in Y" (partOf), "experiments
on D" (evaluatedOn).
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from kg.nlp.comparisons import compared
from kg.nlp.evidence import (
    JOINING_VERBS,
    METHOD_HEADS,
    coordinated,
    determined,
    indefinite,
    is_name,
    names_quality,
    one_name,
    renamed,
    task_method,
    verb_negated,
)
from kg.nlp.mentions import NAMING_VERBS, SPANS_KEY
from kg.nlp.relation_finder import RETYPED, TASKS, Finder, args
from kg.nlp.solving import purpose_objects
from kg.nlp.span_edges import STRIPPABLE_HEADS

_PART_HEADS = frozenset(
    """layer module component head block unit part encoder decoder step stage generator discriminator
    backbone space""".split()
)


#: Modifiers that count or quantify: "three simple ideas", "multiple designs" are lists, not kinds.
_QUANTIFIERS = frozenset({"multiple", "various", "several", "many", "different", "some", "numerous", "diverse"})


#: Heads of a phrase that names a property a method or task has ("the implicit bias of SGD",
#: "the convergence of AT"), besides the qualities of :func:`kg.nlp.evidence.names_quality`.
_PROPERTY_HEADS = frozenset(
    {"bias", "effect", "convergence", "minimum", "complexity", "result", "property", "behavior", "dynamics"}
    | {"capacity", "geometry", "landscape", "vulnerability", "sensitivity", "trade-off", "tradeoff"}
)


def property_of(span: Span) -> bool:
    """Does ``span`` name a property (a concept said of a thing: "the implicit bias", "the
    modularity"), not a process or a part ("a spectral analysis", "the latent space")? A metric
    of a thing ("the accuracy of X") is what X is measured by, not a feature; its robustness or its
    stability is one, however typed ("the adversarial robustness of X", "the robustness of X")."""
    lemma = span.root.lemma_.lower()
    if span.label_ in {"Task", "Metric"} and (lemma.endswith("ness") or lemma in _FEATURES):
        return True
    return span.label_ == "Concept" and (names_quality(span) or lemma in _PROPERTY_HEADS)


#: Qualities a thing has, not a measure of it: "the stability of X".
_FEATURES = frozenset({"stability", "transferability", "interpretability", "expressivity", "generalization"})


def _names_task(task: Span, obj: Token) -> bool:
    """Does the object of "for" name the task: the task's own head, or a head saying it is one
    ("for image classification tasks"), not another thing ("for data augmentation policies")?"""
    return task.root.i == obj.i or obj.lemma_.lower() in {"task", "problem", "setting"}


def _unbracketed(tokens: Span) -> list[Token]:
    """``tokens`` without those inside brackets: "X (e.g., Y) and Z" says no example between X and Z."""
    out, depth = [], 0
    for tok in tokens:
        depth += tok.text == "("
        if depth == 0:
            out.append(tok)
        depth -= tok.text == ")" and depth > 0
    return out


def spelled_out(name: str, phrase: str) -> bool:
    """Is ``phrase`` the name spelled out, its capitalised parts starting words of the phrase?

    >>> spelled_out("CausalAdv", "the Causal-inspired Adversarial alignment"), spelled_out("FooMix", "a PU learning")
    (True, False)
    """
    parts = re.findall(r"[A-Z][a-z]+|[A-Z]+(?![a-z])", name)
    words = re.findall(r"[a-z]+", phrase.lower())
    return len(parts) >= 2 and all(any(w.startswith(p.lower()) for w in words) for p in parts)


#: Nouns of a kind of things: "a class of Xs that we call N" names a kind of X.
_CLASSES = frozenset({"class", "family", "type", "kind"})


def _named_after(noun: Token) -> bool:
    """Does a name follow ``noun`` ("a method for T called X", the parser hanging "called X" on T)?
    Then what the method is for is the name's."""
    return any(c.dep_ == "acl" and c.lemma_.lower() in NAMING_VERBS for c in noun.children)


def _counted(noun: Token) -> bool:
    return any(c.dep_ == "nummod" or c.lower_ in _QUANTIFIERS for c in noun.children)


#: Words that make what follows an example of what precedes ("MLP architectures, e.g., MLP-Mixer").
_EXAMPLE_MARKS = frozenset({"e.g.", "e.g", "eg", "especially", "particularly", "notably"})
#: Nouns that make a name a kind of what follows them: "X, a variant of Y", "X, an instance of Y" (not
#: "X, a generalization of Y": Y is the narrower).
_VARIANTS = frozenset({"variant", "instance"})
_JOINED_BY = JOINING_VERBS | {"connect", "bridge", "pair", "fuse"}  # "connecting LLMs with EAs": joined, no use

#: "X and Y" coordinated by the parse, both mentions of one type.
CONJOINED_CONFIDENCE = 0.75


class NounFinder(Finder):
    """The noun-phrase patterns."""

    def nouns(self) -> None:
        spans: list[Span] = list(self.doc.spans[SPANS_KEY]) if SPANS_KEY in self.doc.spans else []
        for span in spans:
            root = span.root
            covering = self.index.get(root.i)
            if covering is None or (covering.start, covering.end) != (span.start, span.end):
                continue
            for child in root.children:
                if child.dep_ == "appos" and child.left_edge.lower_ in _EXAMPLE_MARKS and child.i in self.index:
                    items = [self.index[c.i] for c in [child, *child.conjuncts] if c.i in self.index]
                    for item in items:  # "regularization techniques (e.g., dropout, mixup)"
                        self.examples(span, root, item)
                    continue
                if child.dep_ == "appos" and child.lemma_.lower() in _VARIANTS and child.i not in self.index:
                    for obj in [o for p in child.children if p.lower_ == "of" for o in args(p, {"pobj"})]:
                        self.add(span, "isA", self.mention(obj), child)  # "X, a variant of Y": a kind of Y
                    continue
                if child.dep_ == "appos" and self.doc[child.left_edge.i - 1].text != "(":
                    other = self.mention(child)  # "X (ABBR)" is a name, not a kind
                    if other is not None and not (one_name(span.text, other.text) or renamed(span, other)):
                        self.apposition(span, root, other, child)
                if child.dep_ == "conj" and child.tag_ == "NNS" and any(c.lower_ == "other" for c in child.children):
                    self.add(span, "isA", self.index.get(child.i), root)  # "AdaGrad and other adaptive methods"
                elif child.dep_ == "conj" and coordinated(root, child):
                    self.coordination(span, child)
                if child.dep_ != "prep":
                    continue
                for obj in purpose_objects(child):  # "X for T", "X for solving T"
                    tail = self.mention(obj)
                    if tail is None:
                        continue
                    word = child.lower_
                    if word == "for" and span.label_ == "Method" and tail.label_ in TASKS:
                        named = self.describes_name(root) or _named_after(obj) or _named_after(root)
                        if _names_task(tail, obj) and not named:
                            self.add(span, "addresses", tail, root, role=True)  # not "for data augmentation policies"
                    elif (word == "as" and child.text == "as" and self.doc[child.i - 1].lower_ == "such") or word in {
                        "including",
                        "like",
                    }:
                        self.examples(span, root, tail)
                    elif (
                        word in {"in", "of", "within"}
                        and root.lemma_.lower() in _PART_HEADS
                        and tail.label_ == "Method"
                    ):
                        self.add(span, "partOf", tail, root)
                    elif word == "of" and property_of(span) and tail.label_ in {"Method", "Task"}:
                        self.add(span, "featureOf", tail, root)  # "the implicit bias of SGD"
                    elif word == "of" and span.label_ == "Metric" and tail.label_ in {"Method", "Task"}:
                        self.add(tail, "measuredBy", span, root)  # "the generalization error of KRR"
                    elif (
                        word in {"on", "across"}
                        and tail.label_ == "Dataset"
                        and root.lemma_.lower() in {"experiment", "result", "evaluation", "performance"}
                    ):
                        self.add(self.main, "evaluatedOn", tail, root)
                    elif (
                        word == "with"
                        and self.doc[span.start - 1].text != "("  # "THOR (Transformer witH Stochastic Experts)"
                        and span.label_ == "Method"
                        and tail.label_ in {"Method", "Concept"}
                        and not names_quality(tail)
                        and not (root.dep_ == "dobj" and root.head.lemma_.lower() in _JOINED_BY)
                    ):
                        self.add(span, "uses", tail, root)  # "ST-GNNs with Lipschitz filters"
                    elif word == "than" and span.label_ == "Method" and tail.label_ == "Method":
                        stated = compared(span, tail, [])  # "a method faster than Y": it improves on Y
                        if stated is not None:
                            self.add(stated[1], stated[0], stated[2], root)
            if root.dep_ == "pobj" and root.head.lower_ in {"including", "like"}:
                outer = self.mention(root.head.head)
                if outer is not None:
                    self.examples(outer, root.head.head, span)

    def describes_name(self, noun: Token) -> bool:
        """Is ``noun`` a description said of a name beside it ("X, a novel Y for T")? Then what the
        description is for is the name's (X addresses T), not the kind's."""
        return noun.dep_ == "appos" and determined(noun) and noun.head.i in self.index

    def described_methods(self) -> None:
        """ "a novel prediction interval (PI) method for uncertainty quantification": the name
        before a method head that no mention covers addresses the task the head is for; "a novel
        PU learning method, namely X" and "a method for T, X": the name X addresses the task."""
        for tok in self.tokens:
            if tok.lemma_.lower() not in METHOD_HEADS or tok.i in self.index:
                continue
            if determined(tok):
                described = self.doc[tok.left_edge.i : tok.i].text
                for child in tok.children:
                    named = self.index.get(child.i) if child.dep_ == "appos" else None
                    # not "the Causal-inspired Adversarial ... method, CausalAdv": the name spelled out
                    if (
                        named is not None
                        and named.label_ == "Method"
                        and not determined(child)
                        and not spelled_out(named.text, described)
                    ):
                        self.purpose(named, tok)
            method = self.mention(tok)  # the name the head is compounded with
            if method is None or method.label_ != "Method" or method.end > tok.i or self.describes_name(tok):
                continue  # "X, a novel Transformer architecture for T": X addresses T
            for prep in tok.children:
                if prep.dep_ == "prep" and prep.lower_ == "for":
                    for obj in purpose_objects(prep):
                        task = self.mention(obj)  # not "a search method for data augmentation policies"
                        if task is not None and task.label_ in TASKS and _names_task(task, obj):
                            self.add(method, "addresses", task, tok, role=True)

    def named_kinds(self) -> None:
        """ "a class of Xs that we refer to as N", "mid-level features that we call N": N is a kind of X."""
        for tok in self.tokens:
            if tok.dep_ not in {"acl", "relcl"} or tok.lemma_.lower() not in NAMING_VERBS | {"refer"}:
                continue
            if self.doc[tok.i - 1].text == "(" or any(c.lower_ == "also" for c in tok.children):
                continue  # "prediction intervals (called PIs)", "Parallel Tempering, also called replica exchange MC"
            names = [o for o in args(tok, {"oprd", "dobj"}) if o.lower_ not in {"that", "which"}]
            names += [o for p in tok.children if p.lower_ == "as" for o in args(p, {"pobj"})]
            kind_tok = tok.head
            if kind_tok.lemma_.lower() in _CLASSES:  # "a class of partially quantized networks"
                kind_tok = next((o for p in kind_tok.children if p.lower_ == "of" for o in args(p, {"pobj"})), kind_tok)
            kind = self.index.get(kind_tok.i)
            if kind is None or kind.root.i != kind_tok.i or kind.label_ not in {"Method", "Concept"}:
                continue
            if kind_tok.dep_ == "pobj" and kind_tok.head.lower_ == "for":
                for name in names:  # "a framework for T, called N": N addresses T
                    self.add(self.index.get(name.i), "addresses", kind, tok, role=True)
                continue
            if kind_tok.lemma_.lower() in STRIPPABLE_HEADS:
                continue  # "a new KV cache optimization paradigm called X": what X is for, not a kind
            for name in names:
                named = self.index.get(name.i)
                if named is not None and named.label_ == "Method" and not one_name(kind.text, named.text):
                    self.add(named, "isA", kind, tok)

    def based(self) -> None:
        """ "a Transformer-based BERT baseline", "FooGAN, a novel GAN-based framework", "FooGAN is a
        GAN-based model": what the phrase names uses X."""
        for tok in self.tokens:
            if tok.lemma_.lower() != "base" or tok.dep_ != "amod" or tok.i == 0 or self.doc[tok.i - 1].text != "-":
                continue
            bases = [self.index.get(c.i) for c in tok.children if c.dep_ in {"npadvmod", "compound", "nmod"}]
            noun = tok.head
            if any(t.dep_ == "cc" for t in self.doc[tok.i : noun.i]):
                continue  # "MCTS-based and FDFPN solvers": the based ones are others
            user = self.mention(noun)
            if user is None and noun.dep_ == "appos":
                user = self.mention(noun.head)  # "FooGAN, a GAN-based framework"
            if user is None:
                named = [self.mention(c) for c in noun.children if c.dep_ == "appos"]
                user = next((n for n in named if n is not None), None)  # "a GAN-based framework, FooGAN"
            if user is None and noun.dep_ == "attr":
                user = next((self.mention(s) for s in args(noun.head, {"nsubj"})), None)  # "FooGAN is a ..."
            if user is None or user.label_ != "Method":
                continue
            for base in bases:
                if base is not None and base.label_ in {"Method", "Concept"}:
                    self.add(user, "uses", base, tok)

    def coordination(self, span: Span, conj: Token) -> None:
        """ "X and Y", "X, Y and Z": coordinated mentions of one kind are conjoined; "X, a Y, and Z": X and Z."""
        named = self.mention(span.root.head) if span.root.dep_ == "appos" and indefinite(span.root) else span
        if named is None:
            return  # the parser hangs Z on X's description, X no mention
        span = named
        other = self.mention(conj)
        kinds = {other.label_, span.label_} if other is not None else set()
        # one type, or terms whatever their types in this sentence (a guess the graph redoes from
        # every mention): "Vision Transformers, MLP-Mixers and ResNets", "TensorFlow and PyTorch",
        # "probabilistic modelling and variational inference"; not "the memory and the prototypes"
        terms = other is not None and not any(len(s) == 1 and s.text.islower() for s in (span, other))
        # or two names, one typed a concept in its sentence: "SearchQA and Quasar-T"
        names = other is not None and "Concept" in kinds and is_name(span) and is_name(other)
        fits = len(kinds) == 1 or terms or names
        if other is None or other.root.i != conj.i or not fits:
            return
        if any(t.lower_ in {"other", "its", "their"} for t in self.doc[span.end : other.end]):
            return  # "vanilla KD & other kernel based baselines", "X and its variant": a kind or a derivative, no peer
        between = {t.lower_ for t in _unbracketed(self.doc[span.end : other.start])}
        if between & _EXAMPLE_MARKS:
            if span.root.tag_ in {"NNS", "NNPS"}:
                self.add(other, "isA", span, conj)  # "modern MLP architectures, e.g., MLP-Mixer"
            return
        before = {t.lower_ for t in self.doc[span.end : other.start]}
        if {"(", "or"} <= before and other.text != other.text.lower() and " " not in other.text:
            return  # "X (or Y for short)": one thing under two names, not "X (or Y)" two ways
        if between & {"i.e.", "namely"}:
            return  # "X, i.e., Y": one thing said twice
        if between & {"hence", "thus", "therefore", "consequently", "then"}:
            return  # "larger round-off error and hence larger prediction error": a cause and its effect
        self.add(span, "conjoinedWith", other, conj, CONJOINED_CONFIDENCE)

    def examples(self, outer: Span, noun: Token, item: Span) -> None:
        """ "Ys such as X", "Ys like X", "Ys, including X": X is a kind of Y; "Y, including X" with
        Y one method (singular): X is a part of it ("semantic-scale-balanced learning, including a
        loss improvement scheme")."""
        if _counted(noun):
            return  # "11 real world graphs, including a large graph", "multiple designs, including ..."
        if noun.tag_ in {"NNS", "NNPS"}:
            self.add(item, "isA", outer, noun)
        elif outer.label_ == "Method" and item.label_ in {"Method", "Concept"}:
            self.add(item, "partOf", outer, noun)

    def apposition(self, span: Span, noun: Token, other: Span, other_noun: Token) -> None:
        """ "X, a Y" and "a Y, X": the side said with an article is the broader, the other a kind of
        it; "X, a <task> method" addresses the task; "X, a Y for <task> T" addresses T."""
        if self.doc[other.start - 1].text == "(" or any(c.dep_ == "conj" for c in other_noun.children):
            return  # "X (ABBR)" is a name; "three ideas -- X, Y and Z" a list
        if determined(other_noun) and not determined(noun):
            (narrow, broad, broad_noun) = (span, other, other_noun)  # "X, a Y", "X, the first Y"
        elif determined(noun) and not determined(other_noun):
            (narrow, broad, broad_noun) = (other, span, noun)  # "a Y, X"
        elif indefinite(other_noun) and not indefinite(noun):
            (narrow, broad, broad_noun) = (span, other, other_noun)
        else:
            return  # two names or two descriptions: a list the parser read as an apposition
        if _counted(broad_noun):
            return
        kind = self.index.get(broad_noun.i) == broad or broad_noun.lemma_ in METHOD_HEADS
        if broad.label_ != "Task" and kind and not task_method(broad_noun):
            self.add(narrow, "isA", broad, broad_noun)  # not "the MuJoCo benchmark" for MuJoCo
        self.purpose(narrow, broad_noun)

    def purpose(self, named: Span, noun: Token) -> None:
        """ "a <task> method" or "a method for <task> T" said of a name: the name addresses T
        ("LAQ, an offline RL method")."""
        if noun.lemma_.lower() in METHOD_HEADS:
            for task in self.doc.spans.get(SPANS_KEY, []):
                if task.label_ in {"Task", "Concept"} and task.end == noun.i and task.root.head.i == noun.i:
                    self.add(named, "addresses", task, noun, role=True)  # a task as the graph types it
        head = noun.head
        if noun.dep_ == "pobj" and head.lower_ == "for" and head.head.lemma_.lower() in METHOD_HEADS:
            task = self.mention(noun)  # "a framework for T named X": the parser hangs "named X" on T
            if task is not None and task.label_ == "Task":
                self.add(named, "addresses", task, noun)
        for prep in noun.children:
            if prep.dep_ == "prep" and prep.lower_ == "for":
                for obj in purpose_objects(prep):  # "a framework for solving T"
                    task = self.mention(obj)
                    if task is not None and task.label_ in TASKS:
                        self.add(named, "addresses", task, noun, role=True)

    def experiments(self) -> None:
        """ "experiments on D1, D2 and D3 show ...": the paper's method is evaluated on each; "results
        on <task> T" say that it addresses T."""
        for tok in self.tokens:
            words = {"experiment", "evaluation", "result", "benchmark", "analysis"}
            listed = tok.lemma_.lower() in words or (tok.dep_ == "conj" and tok.head.lemma_.lower() in words)
            own = not listed and tok.pos_ == "NOUN" and self.main is not None and self.mention(tok) is self.main
            if not listed and not own:  # "our approach across D": the paper's method
                continue
            done = [a for a in tok.children if a.dep_ == "acl" and a.lemma_.lower() in {"conduct", "perform", "run"}]
            for prep in [*tok.children, *(p for a in done for p in a.children)]:  # "experiments conducted on D"
                if prep.dep_ == "prep" and prep.lower_ in {"on", "across", "with", "in"}:
                    for obj in self.named(args(prep, {"pobj"})):
                        tail = self.mention(obj)
                        if tail is None or tail.label_ not in {"Dataset", "Task", *RETYPED}:
                            continue
                        if tail.label_ != "Dataset" and (tok.pos_ != "NOUN" or prep.lower_ not in {"on", "in"}):
                            continue  # "this results in T" is no experiment
                        labels = {"Dataset": ["evaluatedOn"], "Task": ["addresses"]}.get(tail.label_)
                        if labels is None and prep.lower_ != "on":
                            continue
                        methods: list[Span | None] = [self.main] if own else [*self.shown(tok)] or [self.main]
                        for method in methods:  # "results on image classification show that X ..."
                            for label in labels or ["evaluatedOn", "addresses"]:  # "experiments on MD17": as typed
                                self.add(method, label, tail, tok, role=labels is None)

    def shown(self, tok: Token) -> list[Span]:
        """The methods "experiments on D show that X ...", "in experiments on D, we observe that X ..." and
        "X achieves strong results on D" are about: the subjects of the clause the experiments (or the
        authors) show, or of the verb whose object the results are, when that is not negated."""
        if tok.dep_ == "dobj" and not verb_negated(tok.head):
            clauses = [tok.head]
        else:  # "experiments on D show that X ...", "in experiments on D, we observe that X ..."
            verb = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "in" else tok.head
            ok = tok.dep_ == "nsubj" or (verb != tok.head and any(s.lower_ == "we" for s in args(verb, {"nsubj"})))
            clauses = [c for c in verb.children if c.dep_ == "ccomp" and not verb_negated(c)] if ok else []
        subjects = [self.mention(s) for clause in clauses for s in args(clause, {"nsubj"})]
        return [s for s in subjects if s is not None and s.label_ == "Method"]
