"""Uses stated by the means a method is made or works by: "X is designed by unrolling Y", "X is
obtained by fine-tuning Y", "we build X by stacking Y" (X uses Y), and "X scrutinizes the
document with a reader module" (X uses the module).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import USE_VERBS, contrasted, is_name, verb_negated
from kg.nlp.relation_finder import Finder, args

#: Gerunds of making that say what is built in: "by unrolling Y", "by stacking Y", "by
#: fine-tuning Y"; not "by reducing Y" or "by avoiding Y" (what is changed, not used).
_MAKING = USE_VERBS | frozenset(
    {
        "unroll",
        "stack",
        "compose",
        "augment",
        "add",
        "insert",
        "introduce",
        "plug",
        "replace",
        "fine-tune",
        "finetune",
        "distill",
        "train",
        "pretrain",
        "pre-train",
        "embed",
        "equip",
    }
)
#: Heads of a phrase naming a part a method works with: "with a reader module", "with a
#: contrastive loss".
_COMPONENT_HEADS = frozenset(
    {
        "module",
        "network",
        "encoder",
        "decoder",
        "layer",
        "loss",
        "mechanism",
        "block",
        "head",
        "backbone",
        "regularizer",
        "regulariser",
        "objective",
        "prior",
        "kernel",
        "estimator",
        "policy",
        "critic",
        "generator",
        "discriminator",
    }
)
#: Verbs whose "with Y" is no part of the subject: "X competes with Y", "X is compared with Y".
_WITH_NOT_USE = frozenset(
    {"compare", "compete", "contrast", "integrate", "combine", "couple", "unify", "interact", "align", "share"}
)
#: What a method takes up: a method or a concept, not a task or a dataset.
TAKES = frozenset({"Method", "Concept"})


def _named_method(finder: Finder, span: Span | None) -> bool:
    """A method by its name or the paper's own ("we propose a novel training algorithm")."""
    return span is not None and span.label_ == "Method" and (is_name(span) or span in finder.proposed)


#: Verbs whose object the authors make: "we propose X by combining Y" (not "we extend BERT to
#: StructBERT by ...", where the object is the base).
_MAKING_VERBS = frozenset({"propose", "introduce", "present", "develop", "design", "build", "construct", "create"})


def made(finder: Finder, verb: Token) -> list[Span | None]:
    """What ``verb`` says is made: its passive subject ("X is designed by ..."), the object the
    authors make ("we build X by ...", the name an appositive gives it), or a named method
    doing it ("X learns ... by ...")."""
    if args(verb, {"nsubjpass"}):
        return [finder.mention(s) for s in args(verb, {"nsubjpass"})]
    subjects = args(verb, {"nsubj"})
    if any(s.lower_ == "we" for s in subjects):
        if verb.lemma_.lower() not in _MAKING_VERBS:
            return []
        objects = args(verb, {"dobj"})
        named = [a for o in objects for a in o.children if a.dep_ == "appos" and a.i in finder.index]
        return [finder.mention(o) for o in named or objects]
    return [finder.index.get(s.i) for s in subjects]


def means(finder: Finder) -> None:
    """ "X is designed by unrolling Y": X uses Y (:data:`_MAKING`); "X ... with a <component>":
    X uses the component (:data:`_COMPONENT_HEADS`)."""
    for tok in finder.tokens:
        if tok.dep_ == "pcomp" and tok.tag_ == "VBG" and tok.lemma_.lower() in _MAKING and tok.head.lower_ == "by":
            verb = tok.head.head
            if verb.pos_ not in {"VERB", "AUX"} or tok.i < verb.i or verb_negated(verb) or contrasted(verb):
                continue  # "By leveraging Y, we prove that X ...": the authors' means
            for user in made(finder, verb):
                for obj in finder.named(args(tok, {"dobj"})):
                    used = finder.mention(obj)
                    if _named_method(finder, user) and used is not None and used.label_ in TAKES:
                        finder.add(user, "uses", used, tok)
        elif tok.dep_ == "prep" and tok.lower_ == "with" and tok.head.pos_ == "VERB":
            verb = tok.head
            if verb.lemma_.lower() in _WITH_NOT_USE or verb_negated(verb) or contrasted(verb):
                continue
            subjects = [finder.index.get(s.i) for s in args(verb, {"nsubj"})]  # a name, not "we"
            if verb.dep_ == "conj" and not subjects:  # "X first proposes ..., and then scrutinizes ... with Y"
                subjects = [finder.index.get(s.i) for s in args(verb.head, {"nsubj"})]
            for obj in args(tok, {"pobj"}):
                used = finder.mention(obj)
                if used is None or used.root.i != obj.i or obj.lemma_.lower() not in _COMPONENT_HEADS:
                    continue
                for user in subjects:
                    if _named_method(finder, user) and used.label_ in TAKES:
                        finder.add(user, "uses", used, tok)
