"""A name written in capitals goes on through the capitalized words beside it: "Space Invaders",
"DeepMind Lab", "Swin Transformer", "Tiny ImageNet" are names of their own, not Space, DeepMind,
Transformer or ImageNet. The parser often leaves such a run of proper nouns in pieces ("Space" a
conjunct, "Invaders" a modifier of the verb).

Only a mention that starts (or ends) with a capitalized word grows, only over proper nouns written
with a capital that are not the first word of their sentence, and through a hyphenated word it
reaches ("WMT'14 English-to-German"). Two abbreviations side by side stay two ("XLING BLI"), an
abbreviation after a name is what it names ("Wikitext-103 LM"), a word that rates stays out ("SOTA
Chamfer distance"), and so does a one-letter word ("D ReLU", "weight function W"); no mention grows
into a piece of a long form the abstract defines.

Candidates of names too: runs of tokens written without spaces that hold a name (:func:`named_runs`:
"SAE-V", "Holl-E"), and each name of a list a bracket or "such as" opens (:func:`listed_names`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Span, Token

from kg.nlp.abbreviations import definitions
from kg.nlp.lexicon import load_lexicon
from kg.nlp.span_edges import LIST_OPENERS, LIST_SEPARATORS
from kg.nlp.word_pieces import is_named, lower_suffix, whole_words


def _capitalized(token: Token) -> bool:
    return len(token) > 1 and token.text[0].isupper()


def _name_word(token: Token) -> bool:
    """A proper noun written with a capital: a word a run of a name goes on through; or the first
    word of a hyphenated pair the tagger reads as adjectives ("WMT14 English-German")."""
    after = token.i + 1 < len(token.doc) and token.doc[token.i + 1].text == "-"
    paired = token.tag_ == "JJ" and not token.whitespace_ and after
    proper = token.tag_ in {"NNP", "NNPS"} or paired
    return proper and token.is_alpha and _capitalized(token) and not token.is_sent_start


def _joins(inner: Token, outer: Token) -> bool:
    """Whether the name word ``outer`` goes on the name ending (or starting) with ``inner``."""
    return (
        _capitalized(inner)
        and _name_word(outer)
        and not (inner.is_upper and outer.is_upper)
        and not {inner.lower_, outer.lower_} & load_lexicon().stop_modifiers  # "SOTA Chamfer distance"
    )


def name_run(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """The bounds of the mention ``doc[start:end]`` grown over the name words beside it."""
    first, last = start, end
    while end < len(doc) and doc[end - 1].whitespace_ and _joins(doc[end - 1], doc[end]) and not doc[end].is_upper:
        end += 1
    while start > 0 and doc[start - 1].whitespace_ and _joins(doc[start], doc[start - 1]):
        start -= 1
    if (start, end) == (first, last):
        return start, end
    whole = whole_words(doc[start:end])  # "WMT'14 English-to-German"
    return whole.start, whole.end


def ends_name_run(span: Span) -> bool:
    """Whether ``span`` ends with a name and the capitalized words after it: "One-Shot StreetLearn
    Navigation", "Memory&Planning Game" are names though their last word alone is none."""
    k = len(span) - 1
    while k > 0 and _name_word(span[k]) and span[k - 1].whitespace_:
        k -= 1
    return k < len(span) - 1 and any(is_named(t) for t in span[k:])


def with_name_runs(doc: Doc, found: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """``found`` (bounds -> label) with each mention grown over the name words beside it; a grown
    mention already found keeps its own label, and none grows into a piece of a long form the
    abstract defines ("Belief Transformer" of "Directly Forecasting Belief Transformer (DFBT)")."""
    longs = [(long.start, long.end) for _, long in definitions(doc)]
    out: dict[tuple[int, int], str] = {}
    for (s, e), lab in found.items():
        whole = name_run(doc, s, e)
        inside = any(a <= whole[0] and whole[1] <= b and (a, b) != whole for a, b in longs)
        if whole == (s, e) or inside:
            out.setdefault((s, e), lab)
        else:
            out[whole] = found.get(whole, lab)
    return out


def _name_at(doc: Doc, i: int) -> int:
    """Where a run of capitalized words (not glued to the word before) that starts at token ``i``
    ends; ``i`` when none starts there. A capitalized word is one, whatever the tagger says ("Go")."""
    end = i
    while end < len(doc) and doc[end].text[0].isupper() and (doc[end].pos_ == "PROPN" or doc[end].is_alpha):
        if not (doc[end - 1].whitespace_ or (end == i and doc[end - 1].text in {"(", "["})):
            break  # "Multi-Agent Particle Environment" lists no "Agent Particle Environment"
        end += 1
    return end


#: What opens a list of examples: "(Breakout, Pong and Space Invaders)", "games such as Chess and Go".
_OPENERS = LIST_OPENERS | {"e.g.", "e.g.,", ":"}


def listed_names(doc: Doc) -> Iterator[Span]:
    """The names of a list of capitalized names that a bracket or "such as", "like", "including"
    opens, each: the parser leaves such a list in one noun chunk ("Atari games (Breakout, Pong and
    Space Invaders)"), which no trimming turns into mentions. A list is two names or more, set apart
    by commas, "and" or "or"."""
    for opener in (
        t for t in doc if t.lower_ in _OPENERS and (t.lower_ != "as" or (t.i and doc[t.i - 1].lower_ == "such"))
    ):
        names, k = [], opener.i + 1
        while k < len(doc) and (end := _name_at(doc, k)) > k:
            names.append(doc[k:end])
            k = end
            while k < len(doc) and doc[k].lower_ in LIST_SEPARATORS:
                k += 1
            if k == end:
                break
        if len(names) >= 2:
            yield from names


def named_runs(doc: Doc) -> Iterator[Span]:
    """Maximal runs of tokens written without spaces that contain a name: "SAE-V", "STD-FD"."""
    tokens = list(doc)  # indexing a list, not the Doc, makes no new Token each time
    i = 0
    while i < len(tokens):
        j = i
        while j + 1 < len(tokens) and tokens[j].whitespace_ == "" and _joinable(tokens[j + 1]):
            j += 1
        end = j + 1
        while end - i > 1 and (tokens[end - 1].text in {"'s", "’s", "-"} or not tokens[end - 1].text[0].isalnum()):
            end -= 1
        while end - i > 2 and tokens[end - 2].text == "-" and lower_suffix(tokens[end - 1]):  # "DFBT-based"
            end -= 2
        one = end - i == 3 and tokens[i].is_title and not tokens[i].is_sent_start and tokens[i + 1].text == "-"
        if tokens[i].text[0].isalnum() and (
            (one and tokens[i + 2].text.isupper() and len(tokens[i + 2]) == 1)
            or any(is_named(t) for t in tokens[i:end])
        ):  # "Holl-E": a word and a letter
            yield doc[i:end]
        i = j + 1


def _joinable(token: Token) -> bool:
    return token.text not in {",", ";", ":", "(", ")", "[", "]", ".", "'s", "’s", "—", '"', "'"}
