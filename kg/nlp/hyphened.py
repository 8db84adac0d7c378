"""Words written from pieces joined by hyphens, and which of them name a kind of thing.

A count hyphened to a noun makes a kind ("few-shot", "two-sample", "multi-task"), and so does a
particle or preposition hyphened to a noun ("over-smoothing", "off-policy", "in-context"), which
the tagger reads as an adverb or a preposition; an evaluative word made the same way does not
("in-depth", "in-house"). :mod:`kg.nlp.span_edges` keeps such words whole at a mention's edge.
A word's first piece may hang before "and" or "or", sharing the rest with the next word ("first- and
second-order optimizers": :func:`hanging_coordinations`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Span, Token

from kg.nlp.lexicon import Lexicon
from kg.text import MAPPING_WORD, QUALIFYING_PIECES

#: Count words that make a kind of thing when hyphenated to a noun: "few-shot", "two-sample",
#: "zero-shot", "single-agent", "multi-task" (not an amount of things, as "two tests" is).
_KIND_COUNTS = frozenset("zero one two three few single multi".split())
#: Words of a particle hyphened to a noun that rate or place a thing rather than name a kind.
_EVALUATIVE_PREFIXED = frozenset({"in-depth", "in-house", "up-front", "in-person", "on-site", "on-demand"})
#: First pieces that make a hyphened word a modifier of the noun after it ("out-of-distribution
#: detection", "low-quality images", "zeroth-order optimization", "multi-agent systems").
_MODIFIER_FIRST = frozenset(
    "out in on off non multi semi high low higher lower long short large small first second zeroth coarse open".split()
)

#: Endings of nouns made from adjectives: "nonconvexity", "nonstationarity", "nonlinearities".
_NOUN_ENDS = ("ity", "ities", "ness", "ism", "ion", "ions", "ment", "ance", "ence", "ure", "ures")


def word_at(doc: Doc, i: int) -> Span:
    """The whole word written without spaces from token ``i``: "high-fidelity", "fine-tune"."""
    end = i + 1
    while end < len(doc) and not doc[end - 1].whitespace_ and doc[end].text not in {",", ";", ":", "(", ")", "."}:
        end += 1
    return doc[i:end]


def hyphen_after(token: Token) -> bool:
    """Whether a hyphen is written against ``token``: "long-" of "long-tailed" (not the doc's end)."""
    return not token.whitespace_ and token.i + 1 < len(token.doc) and token.doc[token.i + 1].text == "-"


def counted_kind(doc: Doc, i: int) -> bool:
    """Whether token ``i`` is a count hyphened to a word: "few-shot", "two-sample"; or the count of
    a network's layers, hyphened or not ("two layer linear networks")."""
    if doc[i].lower_ in _KIND_COUNTS and i + 2 < len(doc) and doc[i + 1].lower_ == "layer":
        return doc[i + 2].is_alpha  # "two layer linear networks", not "two layers" nor "the two layer"
    return (
        doc[i].lower_ in _KIND_COUNTS
        and hyphen_after(doc[i])
        and i + 2 < len(doc)
        and not doc[i + 1].whitespace_
        and doc[i + 2].is_alpha
    )


def prefix_term(token: Token, lexicon: Lexicon) -> bool:
    """Whether ``token`` opens a word of two pieces that names a kind of thing, a particle or
    preposition hyphened to a noun: "over-smoothing", "off-policy", "up-sampling", "in-context"
    (the tagger reads the first piece as an adverb or a preposition), or "out-of-<noun>"
    ("out-of-distribution detection" is no detection); not an evaluative modifier ("in-depth",
    or one of ``lexicon.stop_modifiers``)."""
    word = word_at(token.doc, token.i)
    if word[0].i != token.i or not token.is_alpha:
        return False
    if len(word) == 5 and word[2].lower_ == "of" and word[1].text == word[3].text == "-":
        piece = word[4]  # "out-of-distribution", "out-of-domain", "out-of-vocabulary"
    elif len(word) == 3 and word[1].text == "-":
        piece = word[2]
    else:
        return False
    written = word.text.lower()
    return (
        piece.is_alpha
        and (piece.pos_ in {"NOUN", "PROPN"} or piece.lower_.endswith("ing"))
        and written not in lexicon.stop_modifiers
        and written not in _EVALUATIVE_PREFIXED
    )


def modifier_word(span: Span) -> bool:
    """Whether ``span`` is one word that qualifies a noun rather than naming a thing: an adjective
    in "non" ("nonconvex", "nonsmooth"; not "nonconvexity"), or hyphened pieces whose first is a
    particle, a count or an adjective of degree ("out-of-distribution", "low-quality",
    "zeroth-order", "non-autoregressive"), whose last is a participle ("long-tailed") or a word that
    makes any word a qualifier ("NMF-like", "channel-independent");
    not a gerund's compound ("fine-tuning", "pre-training") nor a noun's ("chain-of-thought",
    "self-attention", "mixture-of-experts", "non-stationarity")."""
    if len(span) == 1:
        word = span[0].text
        if "-" in word[1:] and word.rsplit("-", 1)[1].lower() in QUALIFYING_PIECES:
            return True  # one token for the tokenizer: "SE(3)-equivariant"
        return word.islower() and word.startswith("non") and len(word) > 7 and not word.endswith(_NOUN_ENDS)
    if len(span) >= 3 and span[-2].text == "-" and span[-1].lower_ in QUALIFYING_PIECES:
        return not any(t.whitespace_ for t in span[:-1])  # "NMF-like", "SE(3)-equivariant", "GBDT-friendly"
    pieces = [t for t in span if t.text != "-"]
    if len(pieces) < 2 or len(pieces) == len(span) or any(t.whitespace_ for t in span[:-1]):
        return False
    first, last = pieces[0].lower_, pieces[-1].lower_
    if not all(t.is_alpha and (t.is_lower or t.is_title) for t in pieces) or last.endswith("ing"):
        return False  # not "higher-order-WL", a name
    if first == "non":  # "non-autoregressive"; "non-stationarity" is a noun
        return not last.endswith(_NOUN_ENDS)
    return first in _MODIFIER_FIRST or (last.endswith("ed") and len(last) > 4)


def mapping_before_noun(span: Span) -> bool:
    """Whether ``span`` is one word "X-to-Y" before the noun it qualifies: "text-to-image" of
    "text-to-image diffusion models", which says what the models map (the readers of held-out
    samples e, f and h: fragments); alone it may name a task ("advances in text-to-SQL").

    >>> import spacy
    >>> doc = spacy.blank("en")("text-to-image models and text-to-SQL.")
    >>> doc[5].pos_ = "NOUN"
    >>> mapping_before_noun(doc[0:5]), mapping_before_noun(doc[7:12])
    (True, False)
    """
    doc = span.doc
    if len(span) != 5 or MAPPING_WORD.fullmatch(span.text) is None:
        return False
    return span.end < len(doc) and doc[span.end].pos_ in {"NOUN", "PROPN", "ADJ"}  # "image-to-image generative models"


def hanging_coordinations(doc: Doc) -> Iterator[Span]:
    """Phrases whose first word hangs on a hyphen before "and"/"or", with the nouns after the second
    word and the capitalized or adjective words before the first: "first- and second-order
    optimizers", "Continual one- and two-block architectures" (the parser splits them apart).
    :func:`kg.nlp.variants.coordination_variants` reads the two things they name."""
    for token in doc:
        i = token.i
        if not (len(token) > 1 and token.text[-1] == "-" and token.text[-2].isalnum() and i + 2 < len(doc)):
            continue
        if doc[i + 1].lower_ not in {"and", "or"}:
            continue
        k = i + 2
        while k + 1 < len(doc) and doc[k].whitespace_ == "" and doc[k + 1].text in {"-", "‐"}:
            k += 2  # the hyphened word: "second-order", "out-of-distribution"
        if k == i + 2:
            continue
        k += 1
        while k < len(doc) and doc[k - 1].whitespace_ and doc[k].pos_ in {"NOUN", "PROPN"} and doc[k].is_alpha:
            k += 1  # its nouns: "optimizers", "block architectures"
        start = i
        while start > 0 and doc[start - 1].pos_ in {"PROPN", "ADJ"} and doc[start - 1].is_alpha:
            start -= 1
        if doc[k - 1].pos_ in {"NOUN", "PROPN"}:  # a term, not "computation- and memory-efficient"
            yield doc[start:k]
