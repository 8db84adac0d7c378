"""A term of the field written with "of" is one mention: "mixture of experts", "ensemble of neural
networks", "curse of dimensionality", "union of linear subspaces", "bag of words" each name one
thing, where the parser makes two noun chunks of them ("mixture", "experts").

Only a head noun that names a construct by what it is made of (:data:`kg.text.OF_HEADS`) joins the noun its
"of" takes, with the words between them when they are words of a term: "an ensemble of five
models", "a mixture of the two" stay as they are.
"""

from __future__ import annotations

from spacy.attrs import LEMMA, ORTH
from spacy.tokens import Doc, Token

from kg.text import OF_HEADS

_TERM_WORDS = frozenset({"ADJ", "NOUN", "PROPN", "PUNCT", "VERB"})
#: Adjectives that pick or count members rather than say what they are.
_NOT_TERM = frozenset({"such", "other", "different", "various", "several", "many", "multiple", "same", "diverse"})


def of_object(token: Token) -> Token | None:
    """The noun that ends the term ``token`` heads with its "of", if it heads one."""
    if token.lemma_.lower() not in OF_HEADS or token.pos_ != "NOUN":
        return None
    of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of" and c.i == token.i + 1), None)
    obj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if obj is None or obj.pos_ not in {"NOUN", "PROPN"}:
        return None
    doc = token.doc
    between = doc[token.i + 2 : obj.i]
    if any(
        t.pos_ not in _TERM_WORDS or (t.pos_ == "PUNCT" and t.text != "-") or t.lower_ in _NOT_TERM for t in between
    ):
        return None  # "an ensemble of five models", "a mixture of the two", "a mixture of such rules"
    after = doc[obj.i + 1] if obj.i + 1 < len(doc) else None
    if after is not None and (
        after.pos_ in {"NOUN", "PROPN"} or after.lower_ == "based" or (not obj.whitespace_ and after.text in {"-", "/"})
    ):
        return None  # the parse cut the object: "ensemble of deep learning based models", "specialized sub-policies"
    if any(c.dep_ == "conj" for c in obj.children):
        return None  # "a mixture of code and text" mixes two things
    return obj


def with_of_terms(doc: Doc, found: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """``found`` (bounds -> label) and, for each such head, the term it heads with its "of", from
    the start of a mention it ends ("sparse mixture of experts"); the head's own mention stays,
    as the corpus's evidence on it does ("mixture" is mostly followed by "of")."""
    out = dict(found)
    strings = doc.vocab.strings  # the lemmas and words read from the Doc's arrays: no Token made per word
    for i in [i for i, h in enumerate(doc.to_array(LEMMA).tolist()) if strings[h].lower() in OF_HEADS]:
        obj = of_object(doc[i])
        if obj is None:
            continue
        start = min((s for s, e in found if e == i + 1), default=i)
        label = out.get((start, i + 1)) or OF_HEADS[doc[i].lemma_.lower()]
        out.setdefault((start, obj.i + 1), label)
    of = strings["of"]
    for i in [i for i, h in enumerate(doc.to_array(ORTH).tolist()) if h == of and titled_of_name(doc, i)]:
        pieces = [out.pop(piece) for piece in [(i - 1, i), (i + 1, i + 2)] if piece in out]
        out.setdefault((i - 1, i + 2), pieces[0] if pieces else "Method")  # "Honor", "Kings": no names alone
    return out


def titled_of_name(doc: Doc, i: int) -> bool:
    """Whether the "of" at ``i`` joins two words in title case mid-sentence into one name ("Tree of
    Thoughts", "Honor of Kings", "Theory of Mind"), which the parser cuts into two noun chunks; not
    inside a longer run in title case ("the Analysis of High Dimensional Data" is a title's).

    >>> import spacy
    >>> doc = spacy.blank("en")("We use Tree of Thoughts prompting, unlike Analysis of High Dimensional Data.")
    >>> titled_of_name(doc, 3), titled_of_name(doc, 9)
    (True, False)
    """
    if i < 2 or i + 1 >= len(doc):
        return False
    before, first, last = doc[i - 2], doc[i - 1], doc[i + 1]
    after = doc[i + 2] if i + 2 < len(doc) else None
    if not (first.is_title and last.is_title and first.is_alpha and last.is_alpha) or first.is_sent_start:
        return False
    if before.text in {"'s", "’s"} or (before.is_title and not before.is_sent_start):
        return False  # "De Finetti's Theorem of Exchangeability": a longer name
    return not (after is not None and after.is_title)
