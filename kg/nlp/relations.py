"""Relations the text states between mentions, each with its sentence: ``doc._.kg_relations``.

Verb patterns over the parse: "X outperforms Y" (improvesOn), "X is compared with Y" (comparedWith),
"X uses Y" / "by using Y" / "a method based on Y" (uses), "X addresses Y" / "we use X for <task> T" /
"X is applied to T" (addresses), "we evaluate X on <dataset> D" (evaluatedOn, not "trained on D"), "in
terms of <metric> M" (measuredBy), the datasets and tasks a sentence of results names (:mod:`~.result_places`),
what it puts the paper's method to (:mod:`~.purposes`), what the method takes up (:mod:`~.taken_up`)
and the items of a list the parse breaks (:mod:`~.listed_coordinations`); on top of
:mod:`kg.nlp.noun_relations`. "we", "our method", "it" stand for what the paper proposes."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.nlp.advantages import advantages
from kg.nlp.amounts import gains, in_terms, metric_terms, quantified
from kg.nlp.aptitudes import aptitudes
from kg.nlp.combining import combining
from kg.nlp.described import described_names
from kg.nlp.evidence import (
    JOINING_VERBS,
    PROPOSING,
    USE_VERBS,
    authors_data,
    contrasted,
    determined,
    indefinite,
    names_quality,
    task_method,
    verb_negated,
)
from kg.nlp.kind_nouns import kind_of
from kg.nlp.listed_coordinations import listed_coordinations
from kg.nlp.means import means
from kg.nlp.noun_relations import NounFinder
from kg.nlp.proposals import AUTHOR_SUBJECTS
from kg.nlp.purposes import PURPOSE_RULES, proposed_for
from kg.nlp.relation_finder import RETYPED, STATED_PART_CONFIDENCE, TASKS, args, experimenting, learns_from
from kg.nlp.result_places import RESULT_RULES, verb_results
from kg.nlp.spans import Relation
from kg.nlp.superiority import compared_to, superiority
from kg.nlp.taken_up import TAKEN_UP_RULES

VERBS = {
    "improvesOn": {"outperform", "surpass", "beat", "exceed", "outpace", "improve", "advance"},
    "comparedWith": {"compare", "match", "rival"},
    "uses": set(USE_VERBS),
    "addresses": {"address", "tackle", "solve", "enable", "facilitate", "support", "handle"},
    "measuredBy": {"measure", "quantify", "achieve", "attain", "reach", "obtain"}
    | {"reduce", "lower", "decrease", "increase", "boost"},
}
#: measuredBy verbs that change a measure ("X reduces the memory"): only a method's or task's change is its measure.
_CHANGE_VERBS = frozenset({"reduce", "lower", "decrease", "increase", "boost"})
#: improvesOn verbs whose object is often a quality rather than a baseline ("improves accuracy").
_QUALITY_VERBS = frozenset({"improve", "advance", "exceed"})
_EVALUATE_VERBS = frozenset({"evaluate", "assess", "test", "benchmark", "validate", "compare"})
#: Verbs whose "as a Y" gives a role, not a kind: "the encoder is trained as a discriminator".
_ROLE_VERBS = frozenset(
    {"train", "pretrain", "treat", "view", "regard", "cast", "see", "consider", "learn", "fine-tune"}
)
#: Verbs that evaluate a quality object ("we demonstrate the effectiveness of X on T", not "the limits of Y").
_SHOW_VERBS = frozenset({"demonstrate", "show", "verify", "confirm", "illustrate", "examine"})
#: Verbs that put a method to a task with "to"/"for" ("apply X to T", "propose X for T").
_APPLY_VERBS = frozenset({"apply", "use", "employ", "adopt", "propose", "introduce", "present", "develop", "design"})
#: Verbs whose "with Y" is a use of Y ("trained with Y"), unlike "learned jointly with Y" or "faster with Y".
_WITH_USE_VERBS = VERBS["uses"] | {"train", "equip", "augment", "implement", "build", "pretrain", "propose"}
#: Verbs of a claim: "Using Y, we show that X ..." says that the authors use Y.
_CLAIM_VERBS = frozenset({"show", "prove", "demonstrate", "find", "establish", "observe", "argue", "verify"})
#: Verbs that give a name to what the noun describes ("a method called X").
_NAMING_VERBS = frozenset({"call", "name", "dub", "term", "coin"})
#: Verbs whose passive agent is what the subject is made of or worked by: "X is implemented by a
#: random search", "the policy is parameterized by a neural network", "X is trained by SGD": X uses it.
_REALIZED_BY = frozenset(
    {"implement", "parameterize", "parametrize", "instantiate", "realize", "model", "represent", "train", "optimize"}
)
#: Verbs of a result: "X achieves 82.9% accuracy on Kinetics-400" is evaluated on Kinetics-400,
#: however the parser hangs "on D" (on the verb, on its object, on a noun inside it).
_RESULT_VERBS = frozenset({"achieve", "attain", "obtain", "reach", "set", "establish", "deliver", "yield"})


def _user_noun(noun: Token) -> bool:
    """Is ``noun`` the user in "<noun> using Y" (not "we sample waypoints using Y", where the
    sampler uses Y)?"""
    return noun.dep_ not in {"dobj", "pobj"} or noun.head.lemma_.lower() in PROPOSING


def _authors_claim(verb: Token) -> bool:
    """Does ``verb`` hang on the authors' claim or evaluation ("Using Y, we show that X ...", "we
    evaluate X on D, utilizing Y")? Then the authors use Y, not X; nor does X of "To exploit Y, we propose X"."""
    head = verb.head.head if verb.dep_ == "pcomp" else verb.head  # "By leveraging Y, we establish that ..."
    return (verb.lemma_.lower() in USE_VERBS and bool(proposed_for(verb))) or (
        verb.dep_ in {"advcl", "pcomp"}
        and head.lemma_.lower() in _CLAIM_VERBS | _EVALUATE_VERBS
        and any(s.lower_ == "we" for s in args(head, {"nsubj"}))
    )


def _verb_relation(lemma: str) -> str | None:
    return next((label for label, verbs in VERBS.items() if lemma in verbs), None)


def _quality_of(noun: Token) -> bool:
    """Is ``noun`` a quality of something ("the effectiveness of X")?"""
    return names_quality(noun.doc[noun.i : noun.i + 1]) and any(p.lower_ == "of" for p in noun.children)


class _Finder(NounFinder):
    """The verb patterns, over the noun patterns."""

    def copula(self, verb: Token, subjects: list[Span | None]) -> None:
        """ "X is a Y": X is a kind of Y (the mention headed by the attribute); "X is a Y for T",
        "Xs are Ys for T" and "X is a <task> method": X addresses T (not "Xs are black boxes": what
        a bare plural says of a kind is too often a quality)."""
        as_kinds = [o for p in verb.children if p.lower_ == "as" for o in args(p, {"pobj"}) if kind_of(o)]
        for attr in [c for c in verb.children if c.dep_ == "attr"] + as_kinds:  # "X emerged as a family of Ys"
            named = kind_of(attr) or attr  # "X is a family of Ys", "X is one of the Ys": a Y
            kind = indefinite(attr) or any(c.lower_ == "first" for c in attr.children)  # "the first Y that ..."
            kind = kind or (attr.lower_ == "one" and named is not attr)
            if not (kind or (attr.tag_ == "NNS" and not determined(attr))) or any(
                c.dep_ == "conj" or (c.lower_ == "of" and named is attr) for c in attr.children
            ):
                continue  # "X is the key bottleneck", "X is a Y or a Z", "X is a tilting of Y"
            broad = self.index.get(named.i)
            for narrow in subjects:  # not a mention clipped from its phrase: "Regularization (by denoising)"
                if narrow is None or any(c.dep_ == "prep" and c.i >= narrow.end for c in narrow.root.children):
                    continue
                if kind and broad is not None and broad.root.i == named.i and not task_method(named):
                    self.add(narrow, "isA", broad, attr)
                if named is attr and attr.lemma_.lower() not in {"task", "problem"}:
                    self.purpose(narrow, attr)  # not "X is a crucial task for T": X is a task

    def verbs(self) -> None:
        for tok in self.tokens:
            if tok.pos_ not in {"VERB", "AUX"} or verb_negated(tok) or contrasted(tok):
                continue  # "X does not use Y", "X fails to capture Y", "instead of using Y"
            label = _verb_relation(tok.lemma_.lower())
            subjects = [self.mention(s) for s in args(tok, {"nsubj", "nsubjpass"})]
            if (tok.tag_ == "VBG" and tok.dep_ == "advcl") or authors_data(tok):
                subjects = []  # "approximating X using Y" parsed with X the subject of "using"; the authors' data
            if tok.dep_ in {"advcl", "xcomp", "conj", "pcomp"} and not subjects:
                subjects = [self.mention(s) for s in args(tok.head, {"nsubj", "nsubjpass"})]
                if _authors_claim(tok):
                    subjects = []  # "Using Y, we show that X ...": the authors use Y, not X
                if label == "uses" and (proposed := proposed_for(tok)):
                    subjects = [self.mention(o) for o in proposed]  # "To exploit Y, we propose X": X uses Y
            if tok.dep_ == "acl" and (tok.tag_ == "VBG" or tok.lemma_.lower() == "base") and _user_noun(tok.head):
                user = tok.head  # "a framework leveraging Y"; "X, a framework based on Y": X too
                subjects = [self.mention(user), *([self.mention(user.head)] if user.dep_ == "appos" else [])]
                subjects = [s for s in subjects if s is not None and s.label_ == "Method"]
            elif tok.dep_ == "prep" and tok.lemma_.lower() == "base" and tok.head.lemma_.lower() in PROPOSING:
                subjects = [self.mention(o) for o in args(tok.head, {"dobj"})]  # "we propose X based on Y"
            elif tok.dep_ == "acl" and tok.tag_ == "VBG" and label == "uses" and tok.head.dep_ == "dobj":
                subjects = self.named_doers(tok.head.head)  # "LAQ learns value functions using Q-learning"
            if tok.dep_ == "acl" and tok.lemma_.lower() in _NAMING_VERBS:
                for name in args(tok, {"oprd", "dobj"}):  # "a method for T called X"
                    named = self.mention(name)
                    if named is not None:
                        self.purpose(named, tok.head)
            if tok.lemma_.lower() == "be":
                if tok.dep_ == "xcomp" and args(tok.head, {"dobj"}):  # "we choose the encoder to be a GNN"
                    subjects = [self.mention(o) for o in args(tok.head, {"dobj"})]
                self.copula(tok, subjects)
            elif tok.lemma_.lower() not in _EVALUATE_VERBS | _APPLY_VERBS | _ROLE_VERBS:
                self.copula(tok, subjects)  # "X has emerged as a popular paradigm of Y", "X has become a Y"
            objects = [self.mention(o) for o in self.named(args(tok, {"dobj", "attr", "oprd"}))]
            if label == "uses" and experimenting(tok):  # "experiments ... using three datasets": evaluated on
                objects = self.evaluated_on(subjects, objects, tok)
            # "we demonstrate the effectiveness of X on T": shown as evaluated
            evaluating = tok.lemma_.lower() in _EVALUATE_VERBS or (
                tok.lemma_.lower() in _SHOW_VERBS and any(_quality_of(o) for o in args(tok, {"dobj"}))
            )
            if evaluating or (label == "comparedWith" and all(s is None or s == self.main for s in subjects)):
                # "we compare X with Y", "we evaluate X on D": X is what the sentence is about
                dobjs = args(tok, {"dobj"})
                if dobjs and (label == "comparedWith" or any(self.evaluated(o) for o in dobjs)):
                    # "we compare it with Y" with "it" not the paper's: nothing is said of the paper
                    subjects, objects = [self.evaluated(o) for o in dobjs], []
                    extra = [p for o in dobjs for p in o.children if p.dep_ == "prep"]
                    # "the effectiveness of X on D": the parser may hang "on D" on X
                    owners = [x for p in extra if p.lower_ == "of" for x in args(p, {"pobj"})]
                    extra += [
                        p for x in owners for p in x.children if p.dep_ == "prep" and p.lower_ in {"on", "across"}
                    ]
                else:
                    extra = []
            else:
                extra = []
            if label in {"improvesOn", "comparedWith"}:  # "X outperforms Y in terms of M": "in" on Y
                extra += [p for o in args(tok, {"dobj"}) for p in o.children if in_terms(p)]
            lemma = tok.lemma_.lower()
            if label == "improvesOn" and lemma not in _QUALITY_VERBS:  # "X outperforms Y in accuracy": "in" on Y
                extra += [p for o in args(tok, {"dobj"}) for p in o.children if p.lower_ == "in" and not in_terms(p)]
            preps = [p for p in tok.children if p.dep_ in {"prep", "agent"}] + extra
            if lemma in {"comprise", "contain"}:
                for whole in subjects:  # "X comprises an encoder and a decoder"
                    for part in objects:
                        self.add(part, "partOf", whole, tok, STATED_PART_CONFIDENCE)
            for prep in preps:
                word = prep.lower_
                for obj in self.named(metric_terms(args(prep, {"pobj"}))):
                    tail = self.mention(obj)
                    if tail is None:
                        continue
                    if in_terms(prep):
                        for subj in subjects or [self.main]:  # "in terms of MSE": a metric, however typed
                            self.add(subj, "measuredBy", tail, tok, role=True)
                    elif word in {"on", "across", "with"} and tail.label_ == "Dataset":
                        if learns_from(tok):
                            continue  # "pre-trained on a large dataset": what it learns from
                        for subj in subjects or [self.main]:
                            self.add(subj, "evaluatedOn", tail, tok)
                    elif (word in {"upon", "over", "on"} and tok.lemma_.lower() == "improve") or (
                        word in {"with", "to", "against"} and label == "comparedWith"
                    ):
                        objects.append(tail)
                    elif word in {"to", "for"} and tail.label_ in TASKS and tok.lemma_.lower() in _APPLY_VERBS:
                        # "we apply X to T", "X is used for T", "we propose X for T"
                        # "we use X for T": X addresses T; "FooNet uses X for T": FooNet does
                        doers = [s for s in args(tok, {"nsubj"}) if s.lemma_.lower() not in AUTHOR_SUBJECTS]
                        for method in doers or args(tok, {"dobj"}) or args(tok, {"nsubjpass"}):
                            self.add(self.mention(method), "addresses", tail, tok, role=True)
                    elif (word in {"on", "upon"} and lemma in {"rely", "build", "base"}) or (
                        word == "from" and lemma == "benefit"
                    ):
                        # "X relies on Y", "X builds upon Y", "X is built on top of Y", "X benefits from Y"
                        for subj in subjects:
                            self.add(subj, "uses", tail, tok)
                    elif (
                        tail.label_ == "Metric" and word in {"by", "in", "with", "on"} and tail.root.lemma_ != "margin"
                    ):
                        for subj in subjects or [self.main]:
                            self.add(subj, "measuredBy", tail, tok, role=True)
                    elif (
                        word == "in"
                        and label == "improvesOn"
                        and lemma not in _QUALITY_VERBS
                        and tail.label_ in RETYPED
                    ):
                        for subj in subjects or [self.main]:  # "X outperforms Y in PLL": a task or a metric
                            self.add(subj, "addresses", tail, tok, role=True)
                            self.add(subj, "measuredBy", tail, tok, role=True)
                    elif (
                        tail.label_ == "Task"
                        and word in {"on", "in"}
                        and (evaluating or lemma in _RESULT_VERBS or label == "improvesOn")
                    ):
                        for subj in subjects or [self.main]:  # "we validate X on translation tasks"
                            self.add(subj, "addresses", tail, tok)
                    elif tail.label_ in RETYPED and word in {"on", "across"} and evaluating:
                        for subj in subjects or [self.main]:  # "we evaluate X on MD17": as the graph types it
                            self.add(subj, "evaluatedOn", tail, tok, role=True)
                            self.add(subj, "addresses", tail, tok, role=True)
                    elif (
                        (word in {"via", "through", "by"} or (word == "with" and lemma in _WITH_USE_VERBS))
                        and prep.dep_ == "prep"
                        and tail.label_ == "Method"
                        and label not in {"comparedWith", "improvesOn"}
                        and lemma not in _EVALUATE_VERBS
                    ):
                        if word == "with" and lemma in JOINING_VERBS and not args(tok, {"dobj"}):
                            continue  # "X can be integrated with Y", "X integrates with Y": who uses whom is not said
                        for subj in subjects:  # "X captures dependencies by self-attention"
                            self.add(subj, "uses", tail, tok)
                    elif word == "as" and lemma not in _EVALUATE_VERBS | _APPLY_VERBS | _ROLE_VERBS and indefinite(obj):
                        for subj in subjects:  # "X has gained attention as a parameter-efficient tuning method"
                            if subj is None or subj.label_ != "Method" or subj is self.main:
                                continue
                            if tail.label_ == "Task":
                                self.purpose(subj, obj)  # "X can serve as a distributed training framework"
                            else:
                                self.add(subj, "isA", tail, tok)
                                self.purpose(subj, obj)  # "X serves as a distributed training framework"
                    elif word == "from" and lemma == "suffer" and tail.label_ == "Concept":
                        for subj in subjects:  # "AT approaches suffer from gradient instability": a feature of AT
                            if subj is not None and subj.label_ in {"Method", "Task"}:
                                self.add(tail, "featureOf", subj, tok)
                    elif word == "of" and lemma in {"consist", "compose"}:
                        for subj in subjects:  # "X consists of a retrieval module"
                            self.add(tail, "partOf", subj, tok, STATED_PART_CONFIDENCE)
            self.passive(tok, label)
            if label in {"measuredBy", "improvesOn"} or lemma in _RESULT_VERBS:
                verb_results(self, tok, subjects)
            if label is None:
                quantified(self, tok, subjects)
                continue
            for subj in subjects:
                for target in objects:
                    if target is None or subj is None:
                        continue
                    if label == "addresses" and target.label_ not in TASKS:
                        continue  # "X tackles negative transfer": a task however typed, as the graph types it
                    if label == "measuredBy" and target.label_ not in RETYPED | {"Metric"}:
                        continue  # "X reduces the memory footprint": a metric, as the graph types it
                    if lemma in _CHANGE_VERBS and subj.label_ not in {"Method", "Task"}:
                        continue  # "knowledge, which increases the accuracy": a method or task is measured
                    if (
                        label == "improvesOn"
                        and tok.lemma_.lower() in _QUALITY_VERBS
                        and (target.label_ != "Method" or names_quality(target))
                    ):
                        # "X improves accuracy" is a measure, "X improves robustness" no baseline
                        if target.label_ == "Metric":
                            self.add(subj, "measuredBy", target, tok)
                        continue
                    if label == "improvesOn" and (target.label_ not in {"Method", "Concept"} or names_quality(target)):
                        continue  # "improves contextual consistency": a quality, not a baseline
                    self.add(subj, label, target, tok, role=label in {"addresses", "measuredBy"})
            if tok.lemma_.lower() in VERBS["uses"] and tok.dep_ in {"pcomp", "advcl"} and not _authors_claim(tok):
                # "X achieves Y by using Z": the main clause's subject uses Z.
                main_subjects = [self.mention(s) for s in args(tok.head.head, {"nsubj"})]
                for subj in main_subjects:
                    for target in objects:
                        self.add(subj, "uses", target, tok)

    def named_doers(self, verb: Token) -> list[Span | None]:
        """The subjects of ``verb`` that are named methods ("LAQ learns ..."), not "we" or "it":
        "we sample waypoints using Y" says how the authors sample, not what their method uses."""
        named = [self.index.get(s.i) for s in args(verb, {"nsubj"})]
        return [s for s in named if s is not None and s.label_ == "Method"]

    def passive(self, verb: Token, label: str | None) -> None:
        """ "T is addressed by X", "Y is outperformed by X", "Y is used by X": the agent is the
        doer; "X is implemented by Y" (:data:`_REALIZED_BY`): X uses Y."""
        targets = [self.mention(s) for s in args(verb, {"nsubjpass"})]
        if not targets:
            return
        agents = [self.mention(o) for p in verb.children if p.dep_ == "agent" for o in self.named(args(p, {"pobj"}))]
        lemma = verb.lemma_.lower()
        for agent in agents:
            for target in targets:
                if lemma in _REALIZED_BY:
                    self.add(target, "uses", agent, verb)
                elif label in {"addresses", "uses"} or (label == "improvesOn" and lemma not in _QUALITY_VERBS):
                    if label == "addresses" and (target is None or target.label_ != "Task"):
                        continue
                    self.add(agent, label, target, verb)


def find_relations(doc: Doc) -> list[Relation]:
    finder = _Finder(doc)
    finder.verbs()
    finder.nouns()
    finder.described_methods()
    finder.based()
    finder.named_kinds()
    finder.experiments()
    rules = (
        gains,
        aptitudes,
        advantages,
        means,
        described_names,
        superiority,
        compared_to,
        combining,
        listed_coordinations,
    )
    for rule in (*rules, *RESULT_RULES, *PURPOSE_RULES, *TAKEN_UP_RULES):
        rule(finder)
    return [finder.found[k] for k in sorted(finder.found)]


@Language.factory(
    "kg_relations",
    assigns=["doc._.kg_relations"],
    requires=["doc.spans", "token.dep", "token.lemma"],
)
def make_relations(nlp: Language, name: str) -> RelationFinder:
    return RelationFinder()


class RelationFinder:
    """Thin component over :func:`find_relations`."""

    def __init__(self) -> None:
        if not Doc.has_extension("kg_relations"):
            Doc.set_extension("kg_relations", default=None)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_relations = find_relations(doc)
        return doc
