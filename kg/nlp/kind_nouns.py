"""Nouns that name a kind of something: "a family of generative models", "a popular paradigm of
self-supervised learning", "a special case of Y"; and "one of the Ys". "X is a <kind noun> of Y"
states that X is a Y, as "X is a Y" does; what kind it is, is the noun after "of" (:func:`kind_of`).
And whether a dependency path between two mentions can state a kind at all (:func:`kind_path`)."""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Token

#: Nouns through which a dependency path may say that one thing is a kind of another ("a kind of Y").
KIND_NOUNS = frozenset({"kind", "type", "class", "family", "form", "variant", "instance", "case", "member"})
#: Nouns that put what they name inside a larger kind or field: "a branch of computational biology".
_PLACING_NOUNS = KIND_NOUNS | {"paradigm", "branch", "subfield", "sub-field", "subclass", "category", "subfamily"}
#: Heads of a class of problems, not of a thing: "a family of BO problems" is a setting of BO, no kind.
_PROBLEM_NOUNS = frozenset({"problem", "task", "setting", "scenario"})


def kind_of(noun: Token) -> Token | None:
    """The noun after "of" when ``noun`` names a kind of it ("family" of "a family of generative
    models": "models"; "one" of "one of the most popular methods": "methods"); None for any other
    noun ("a tilting of Y", "the family of X": not a kind) and for a class of problems ("a family of
    BO problems": the problems are no kind of BO).

    >>> import spacy
    >>> from spacy.tokens import Doc
    >>> words = ["X", "is", "a", "family", "of", "models"]
    >>> doc = Doc(spacy.blank("en").vocab, words=words, heads=[1, 1, 3, 1, 3, 4],
    ...           deps=["nsubj", "ROOT", "det", "attr", "prep", "pobj"])
    >>> kind_of(doc[3]), kind_of(doc[5])
    (models, None)
    """
    if noun.lower_ == "one":  # "LoRA is one of the most popular PEFT methods": one of them
        plural = [o for p in noun.children if p.lower_ == "of" for o in p.children if o.dep_ == "pobj"]
        return next((o for o in plural if o.tag_ in {"NNS", "NNPS"}), None)
    if noun.lemma_.lower() not in _PLACING_NOUNS and noun.lower_ not in _PLACING_NOUNS:
        return None
    if not any(c.dep_ == "det" and c.lower_ in {"a", "an", "one"} for c in noun.children):
        return None  # "the class of X" names a set, not what X is
    kind = next((o for p in noun.children if p.lower_ == "of" for o in p.children if o.dep_ == "pobj"), None)
    return None if kind is None or kind.lemma_.lower() in _PROBLEM_NOUNS else kind


#: Prepositions a kind-of may go through: "Ys such as X", "Ys like X", "Ys, including X", "a kind of Y".
_KIND_PREPOSITIONS = frozenset({"as", "like", "including"})
#: Verbs a kind-of may be said through ("X has become a Y", "Ys include X", "X is known as a Y").
_KIND_VERBS = frozenset(
    "be become remain emerge include call name dub term know refer consider regard view see serve belong fall".split()
)


def kind_path(tokens: Sequence[Token]) -> bool:
    """Can the dependency path between two mentions state that one is a kind of the other? Not
    through another preposition ("X is a key bottleneck in Y": Y is where, not what X is), nor
    through a verb that says what one does ("X, where a language model learns ...").

    >>> import spacy
    >>> from kg.nlp.evidence import path
    >>> from spacy.tokens import Doc
    >>> doc = Doc(spacy.blank("en").vocab, words=["X", "is", "a", "bottleneck", "in", "Y"],
    ...           heads=[1, 1, 3, 1, 3, 4], deps=["nsubj", "ROOT", "det", "attr", "prep", "pobj"])
    >>> kind_path(path(doc[0], doc[5])), kind_path(path(doc[0], doc[3]))
    (False, True)
    """
    on_path = {t.i for t in tokens}  # a verb heading the path ("we introduce X, a Y") says nothing of either
    for k, tok in enumerate(tokens[1:-1], start=1):
        if tok.pos_ == "VERB" and tok.lemma_.lower() not in _KIND_VERBS and tok.head.i in on_path and tok.head != tok:
            return False  # "MEND, where a language model learns to distill ...": what Y does, not what X is
        if tok.dep_ not in {"prep", "agent"} or tok.lower_ in _KIND_PREPOSITIONS:
            continue
        if tok.lower_ == "of" and tokens[k - 1].lemma_.lower() in KIND_NOUNS | {"as"}:
            continue
        if tok.lower_ == "of" and k + 1 < len(tokens) and tokens[k + 1].lemma_.lower() in KIND_NOUNS:
            continue
        if tok.lower_ == "of" and tok.head.i in {tokens[0].i, tokens[-1].i}:
            continue  # "models of varying sizes (including GPT-2)": the "of" phrase describes the kind
        return False
    return True
