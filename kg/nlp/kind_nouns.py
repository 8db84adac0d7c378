"""Nouns that name a kind of something: "a family of generative models", "a popular paradigm of
self-supervised learning", "a special case of Y"; and "one of the Ys". "X is a <kind noun> of Y"
states that X is a Y, as "X is a Y" does; what kind it is, is the noun after "of"."""

from __future__ import annotations

from spacy.tokens import Token

#: Nouns through which a dependency path may say that one thing is a kind of another ("a kind of Y").
KIND_NOUNS = frozenset({"kind", "type", "class", "family", "form", "variant", "instance", "case", "member"})
#: Nouns that put what they name inside a larger kind or field: "a branch of computational biology".
_PLACING_NOUNS = KIND_NOUNS | {"paradigm", "branch", "subfield", "sub-field", "subclass", "category", "subfamily"}


def kind_of(noun: Token) -> Token | None:
    """The noun after "of" when ``noun`` names a kind of it ("family" of "a family of generative
    models": "models"; "one" of "one of the most popular methods": "methods"); None for any other
    noun ("a tilting of Y", "the family of X": not a kind).

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
    return next((o for p in noun.children if p.lower_ == "of" for o in p.children if o.dep_ == "pobj"), None)
