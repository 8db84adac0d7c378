"""Relations the text states between mentions, each with its sentence: ``doc._.kg_relations``.

Dependency patterns over the parse: "X outperforms Y" (improvesOn), "X is compared with Y"
(comparedWith), "X uses Y" / "by using Y" (uses), "X addresses Y" / "X for <task> Y"
(addresses), "experiments on <dataset> D" (evaluatedOn), "in terms of <metric> M"
(measuredBy), "X, a Y" / "Y such as X" (isA), "<layer> X in Y" (partOf). "we", "our method"
and "it" stand for what the paper proposes.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.nlp.evidence import contrasted, one_name, renamed, verb_negated
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.spans import Relation, mention_index

#: How often a rule's relation is right, by label (read off the ICLR 2022 dev sample's judged
#: relations); the learned classifier agreeing raises it (:mod:`kg.nlp.learned`).
RULE_CONFIDENCE = {
    "improvesOn": 0.85,
    "comparedWith": 0.7,
    "uses": 0.75,
    "addresses": 0.75,
    "evaluatedOn": 0.8,
    "measuredBy": 0.65,
    "isA": 0.7,
    "partOf": 0.6,
}

VERBS = {
    "improvesOn": {"outperform", "surpass", "beat", "exceed", "outpace", "improve", "advance"},
    "comparedWith": {"compare", "match", "rival"},
    "uses": {
        "use",
        "employ",
        "utilize",
        "leverage",
        "adopt",
        "apply",
        "exploit",
        "incorporate",
        "integrate",
        "combine",
        "rely",
        "build",
        "extend",
        "generalize",
    },
    "addresses": {"address", "tackle", "solve", "enable", "facilitate", "support", "handle"},
    "measuredBy": {"measure", "quantify", "achieve", "attain", "reach"},
}
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
#: improvesOn verbs whose object is often a quality rather than a baseline ("improves accuracy").
_QUALITY_VERBS = frozenset({"improve", "advance", "exceed"})
_EVALUATE_VERBS = frozenset({"evaluate", "assess", "test", "benchmark", "validate", "compare"})
_PART_HEADS = frozenset(
    {
        "layer",
        "module",
        "component",
        "head",
        "block",
        "unit",
        "part",
        "encoder",
        "decoder",
        "step",
        "stage",
    }
)


def _verb_relation(lemma: str) -> str | None:
    for label, verbs in VERBS.items():
        if lemma in verbs:
            return label
    return None


def _args(token: Token, deps: set[str]) -> list[Token]:
    """Children attached by ``deps``, with everything coordinated with them ("A, B and C")."""
    out = [c for c in token.children if c.dep_ in deps]
    k = 0
    while k < len(out):
        out += [c for c in out[k].children if c.dep_ == "conj" and c not in out]
        k += 1
    return out


def _metric_terms(objects: list[Token]) -> list[Token]:
    """ "in terms of X and Y" -> X, Y; other objects pass through."""
    out: list[Token] = []
    for obj in objects:
        if obj.lemma_.lower() == "term":
            out.extend(t for p in obj.children if p.lower_ == "of" for t in _args(p, {"pobj"}))
        else:
            out.append(obj)
    return out


class _Finder:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.index = mention_index(doc)
        proposed = list(doc.spans.get(PROPOSED_KEY, []))
        self.main = proposed[0] if proposed else None
        self.found: dict[tuple[int, int, str, int, int], Relation] = {}

    def mention(self, tok: Token) -> Span | None:
        span = self.index.get(tok.i)
        if span is not None:
            return span
        if tok.lower_ in {"which", "that", "who"} and tok.head.dep_ == "relcl" and tok.head.head is not tok:
            return self.mention(tok.head.head)  # "X, which uses Y": X uses Y
        for child in tok.children:  # "the MuJoCo benchmark": the name stands for the phrase
            if child.dep_ in {"compound", "nmod"} and child.i in self.index:
                return self.index[child.i]
        if self.main is not None and tok.lower_ in _AUTHOR_WORDS:
            owner = [c for c in tok.children if c.dep_ == "poss" and c.lower_ == "our"]
            if (
                tok.lower_ in {"we", "it"}
                or owner
                or (tok.lower_ != "this" and any(c.lower_ == "this" for c in tok.children))
            ):
                return self.main
        return None

    def add(self, head: Span | None, label: str, tail: Span | None, tok: Token) -> None:
        if head is None or tail is None or head == tail:
            return
        if head.start <= tail.start < head.end or tail.start <= head.start < tail.end:
            return
        if any(span.sent == tok.sent and contrasted(span.root, tok) for span in (head, tail)):
            return  # "unlike X, we use Y": nothing is said of X
        key = (head.start, head.end, label, tail.start, tail.end)
        confidence = RULE_CONFIDENCE.get(label, 0.6)
        self.found.setdefault(key, Relation(*key, sentence=tok.sent.start, score=confidence))

    def verbs(self) -> None:
        for tok in self.doc:
            if tok.pos_ not in {"VERB", "AUX"} or verb_negated(tok) or contrasted(tok):
                continue  # "X does not use Y", "X fails to capture Y", "instead of using Y"
            label = _verb_relation(tok.lemma_.lower())
            subjects = [self.mention(s) for s in _args(tok, {"nsubj", "nsubjpass"})]
            if tok.dep_ in {"advcl", "xcomp", "conj", "pcomp"} and not subjects:
                subjects = [self.mention(s) for s in _args(tok.head, {"nsubj", "nsubjpass"})]
            objects = [self.mention(o) for o in _args(tok, {"dobj", "attr", "oprd"})]
            if tok.lemma_.lower() in _EVALUATE_VERBS or (
                label == "comparedWith" and all(s is None or s == self.main for s in subjects)
            ):
                # "we compare X with Y", "we evaluate X on D": X is what the sentence is about
                dobjs = _args(tok, {"dobj"})
                if dobjs and any(self.mention(o) for o in dobjs):
                    subjects, objects = [self.mention(o) for o in dobjs], []
                    extra = [p for o in dobjs for p in o.children if p.dep_ == "prep"]
                else:
                    extra = []
            else:
                extra = []
            preps = [p for p in tok.children if p.dep_ in {"prep", "agent"}] + extra
            for prep in preps:
                word = prep.lower_
                for obj in _metric_terms(_args(prep, {"pobj"})):
                    tail = self.mention(obj)
                    if tail is None:
                        continue
                    if word in {"on", "across", "with"} and tail.label_ == "Dataset":
                        for subj in subjects or [self.main]:
                            self.add(subj, "evaluatedOn", tail, tok)
                    elif (word in {"upon", "over", "on"} and tok.lemma_.lower() == "improve") or (
                        word in {"with", "to", "against"} and label == "comparedWith"
                    ):
                        objects.append(tail)
                    elif word == "on" and tok.lemma_.lower() in {"rely", "build", "base"}:
                        for subj in subjects:
                            self.add(subj, "uses", tail, tok)
                    elif tail.label_ == "Metric" and word in {"by", "in", "with", "on"}:
                        for subj in subjects or [self.main]:
                            self.add(subj, "measuredBy", tail, tok)
            if label is None:
                continue
            for subj in subjects:
                for target in objects:
                    if target is None or subj is None:
                        continue
                    if label == "addresses" and target.label_ != "Task":
                        continue
                    if label == "measuredBy" and target.label_ != "Metric":
                        continue
                    if label == "improvesOn" and tok.lemma_.lower() in _QUALITY_VERBS and target.label_ != "Method":
                        # "X improves accuracy" is a measure, "X improves robustness" no baseline
                        if target.label_ == "Metric":
                            self.add(subj, "measuredBy", target, tok)
                        continue
                    if label == "improvesOn" and target.label_ not in {"Method", "Concept"}:
                        continue
                    self.add(subj, label, target, tok)
            if tok.lemma_.lower() in VERBS["uses"] and tok.dep_ in {"pcomp", "advcl"}:
                # "X achieves Y by using Z": the main clause's subject uses Z.
                main_subjects = [self.mention(s) for s in _args(tok.head.head, {"nsubj"})]
                for subj in main_subjects:
                    for target in objects:
                        self.add(subj, "uses", target, tok)

    def nouns(self) -> None:
        spans: list[Span] = list(self.doc.spans[SPANS_KEY]) if SPANS_KEY in self.doc.spans else []
        for span in spans:
            root = span.root
            covering = self.index.get(root.i)
            if covering is None or (covering.start, covering.end) != (span.start, span.end):
                continue
            for child in root.children:
                if child.dep_ == "appos" and self.doc[child.left_edge.i - 1].text != "(":
                    other = self.mention(child)  # "X (ABBR)" is a name, not a kind
                    if other is not None and not (one_name(span.text, other.text) or renamed(span, other)):
                        self.add(span, "isA", other, root)
                if child.dep_ != "prep":
                    continue
                for obj in _args(child, {"pobj"}):
                    tail = self.mention(obj)
                    if tail is None:
                        continue
                    word = child.lower_
                    if word == "for" and span.label_ == "Method" and tail.label_ == "Task":
                        self.add(span, "addresses", tail, root)
                    elif (word == "as" and child.text == "as" and self.doc[child.i - 1].lower_ == "such") or word in {
                        "including",
                        "like",
                    }:
                        self.add(tail, "isA", span, root)
                    elif (
                        word in {"in", "of", "within"}
                        and root.lemma_.lower() in _PART_HEADS
                        and tail.label_ == "Method"
                    ):
                        self.add(span, "partOf", tail, root)
                    elif (
                        word in {"on", "across"}
                        and tail.label_ == "Dataset"
                        and root.lemma_.lower() in {"experiment", "result", "evaluation", "performance"}
                    ):
                        self.add(self.main, "evaluatedOn", tail, root)
                    elif word == "with" and span.label_ == "Method" and tail.label_ in {"Method", "Concept"}:
                        self.add(span, "uses", tail, root)  # "ST-GNNs with Lipschitz filters"
                    elif word == "than" and span.label_ == "Method" and tail.label_ == "Method":
                        self.add(span, "comparedWith", tail, root)
            if root.dep_ == "pobj" and root.head.lower_ in {"including", "like"}:
                outer = self.mention(root.head.head)
                if outer is not None:
                    self.add(span, "isA", outer, root)

    def experiments(self) -> None:
        """ "experiments on D1, D2 and D3 show ...": the paper's method is evaluated on each."""
        for tok in self.doc:
            words = {"experiment", "evaluation", "result", "benchmark", "analysis"}
            if tok.lemma_.lower() not in words and not (tok.dep_ == "conj" and tok.head.lemma_.lower() in words):
                continue
            for prep in tok.children:
                if prep.dep_ == "prep" and prep.lower_ in {"on", "across", "with", "in"}:
                    for obj in _args(prep, {"pobj"}):
                        tail = self.mention(obj)
                        if tail is not None and tail.label_ == "Dataset":
                            self.add(self.main, "evaluatedOn", tail, tok)


def find_relations(doc: Doc) -> list[Relation]:
    finder = _Finder(doc)
    finder.verbs()
    finder.nouns()
    finder.experiments()
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
