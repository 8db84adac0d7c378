"""Words written in pieces, and words that read as names.

A mention is made of whole words: the parser cuts "ReLU non-linearity" into "ReLU non" and
"TransNAS-Bench-101" into "TransNAS" and "Bench-101" (:func:`whole_words`), and half of
"temporal/spatial attention module" is no mention (:func:`word_cut`). A word reads as a name by its
capitals and digits (:func:`is_named`: "LaCache", "PPO", "D4RL"). A bound written as text opens a
word the tokenizer keeps whole up to its first closing bracket: "O(SABH", "ABpoly(H" (:func:`math_call`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.tokens import Doc, Span, Token

from kg.text import capitals_of_a_name


def is_named(token: Token) -> bool:
    """A token that reads as a name: "LaCache", "PPO", "D4RL", "GenAI" (not "The")."""
    return _written_as_name(token.text) and not token.like_url


@lru_cache(maxsize=1 << 16)
def _written_as_name(text: str) -> bool:
    """:func:`is_named` but for the URL test: by the text alone, so cached (it is asked of most tokens)."""
    return sum(c.isalpha() for c in text) >= 2 and text[0].isalnum() and capitals_of_a_name(text)


def _glued(doc: Doc, i: int) -> bool:
    """Whether token ``i`` is written against token ``i + 1`` inside one word: "non" in
    "non-linearity", "NAS" and "-" in "NAS-Bench-101" (a hyphen or slash between word pieces)."""
    if not 0 <= i < len(doc) - 1 or (token := doc[i]).whitespace_:
        return False
    a, b = token.text, doc[i + 1].text
    if a in {"-", "/"}:
        return b[0].isalnum()
    return a[-1].isalnum() and (b in {"-", "/"} or b[0].isalnum()) and i + 2 <= len(doc)


def word_cut(span: Span) -> bool:
    """Whether ``span`` starts or ends at a slash inside a word, or starts after a hyphen inside one:
    the known name "spatial attention module" in "temporal/spatial attention module" is half of a
    coordination, and the AWARE dataset in "center-aware" is the end of an adjective, not the mention
    (a name before a hyphen is: "BERT-based")."""
    doc = span.doc
    glued_before = span.start >= 2 and not doc[span.start - 2].whitespace_ and not doc[span.start - 1].whitespace_
    before = glued_before and doc[span.start - 1].text in {"/", "-"}
    after = span.end + 1 < len(doc) and doc[span.end].text == "/" and not doc[span.end].whitespace_
    return before or (after and not doc[span.end - 1].whitespace_)


def whole_words(span: Span) -> Span:
    """``span`` grown to whole words when it starts or ends inside a hyphenated or slashed word:
    the parser cuts "ReLU non-linearity" into "ReLU non" and "TransNAS-Bench-101" into "TransNAS"
    and "Bench-101". A name before a lower-case suffix stays as it is: "DFBT" of "DFBT-based"
    names DFBT, a letter after it names a version ("PixArt-α"). An empty span stays empty.
    """
    if not len(span):
        return span
    doc = span.doc
    start, end = span.start, span.end
    while start > 0 and _glued(doc, start - 1) and doc[start - 1].text not in {"'s", "’s"}:
        start -= 1
    if start < span.start and not doc[start].text[0].isalnum():
        return span  # a word that starts with a sign ("-Bench"): leave it to the caller
    tail = end
    while _glued(doc, tail - 1):
        tail += 1
    suffix = doc[end:tail]
    if (
        tail > end
        and is_named(doc[end - 1])
        and doc[end].text == "-"
        and all(t.text == "-" or lower_suffix(t) for t in suffix)
    ):
        tail = end  # "DFBT-based", "CLIP-guided": the name is the mention
    while tail > end and not doc[tail - 1].text[0].isalnum():
        tail -= 1
    return doc[start : max(end, tail)]


#: A function of mathematics applied to what follows: "O(", "Θ(", "poly(", "log(", "Tpoly(".
_MATH_CALL = re.compile(r"(?:[A-Za-zΘΩÕ]|\w*(?:poly|log))\(.*")


def lower_suffix(token: Token) -> bool:
    """Whether ``token``, after a name's hyphen, is a word in lower case that says how the name is used
    ("DFBT-based", "CLIP-guided"), not a letter that names a version ("PixArt-α")."""
    return token.is_lower and len(token) > 1


def math_call(text: str) -> bool:
    """Whether a token is a bound written as text with its bracket left open: "O(SABH" and
    "ABpoly(H" of "space complexity $O(SABH)$", "cost $O(S^3 AB\\,poly(H))$". Not a name's bracket
    ("Alpaca(7B": no function of one letter) nor a closed one ("f(x)").

    >>> [math_call(t) for t in ("O(SABH", "O(Tpoly(AB", "ABpoly(H", "Θ(n", "Alpaca(7B", "f(x)", "SWAP-NAS")]
    [True, True, True, True, False, False, False]
    """
    return text.count("(") > text.count(")") and bool(_MATH_CALL.fullmatch(text))
