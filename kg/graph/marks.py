"""What is no term's text though a span holds it: a piece of mathematics (:func:`formula`), and
quotation marks the span cut in half (:func:`unquoted`)."""

from __future__ import annotations

import re

#: Characters of a formula, not of a name ("n ×d size matrix", "O(SAB·H)", "ε≤1").
_MATH_CHARS = frozenset("×≤≥≠≈∞±∑∏∈√⋯∫∂∇^\\=<>|")
_SIZE = re.compile(r"\d×\d")  # ImageNet 64×64, a 2×2 game
#: A slash against a bracket ("1/(ε2"), two slashes in a token with digits ("k2/pn1-2/p").
_MATH_FORM = re.compile(r"/\(|\)/|[^\s/]*\d[^\s/]*/[^\s/]*/|[^\s/]*/[^\s/]*\d[^\s/]*/")


def formula(text: str) -> bool:
    """Whether a span is a piece of mathematics rendered as text rather than a term.

    >>> [formula(t) for t in ("n ×d size matrix", "/(ε2 NE", "k2/pn1-2/ppoly", "FID=3.88", "O(√T) regret")]
    [True, True, True, True, True]
    >>> [formula(t) for t in ("NAS-Bench-101/201", "En→De", "FLOPs/s", "DALL·E 2", "ImageNet 64×64")]
    [False, False, False, False, False]
    >>> [formula(t) for t in ("t_mix", "K_1 K_2", "ℓ_2", "L_1 loss", "NetInfoF_Act")]
    [True, True, False, False, False]
    """
    if "×" in text:
        text = _SIZE.sub("", text)
    if all(_SUBSCRIPTED.fullmatch(w) and not _NORM.fullmatch(w) for w in text.split()):
        return True  # a variable and its subscript ("t_mix", "B_ij", "K_1 K_2"), not a norm ("ℓ_2", "W_1")
    return any(c in _MATH_CHARS for c in text) or bool(_MATH_FORM.search(text))


_SUBSCRIPTED = re.compile(r"[^\W\d_]{1,3}_[^\W_]*")
_NORM = re.compile(r"[lLℓWF]_\d+")


_QUOTES = re.compile('["“”„‟«»]')


def unquoted(text: str) -> str:
    """The term without quotation marks its span cut in half (a quote left open or never opened).

    >>> unquoted('human-centered" modeling'), unquoted('the "teacher" model'), unquoted("“ViT”")
    ('human-centered modeling', 'the "teacher" model', '“ViT”')
    """
    marks = _QUOTES.findall(text)
    if not marks:
        return text
    straight = marks.count('"')
    curly_open = sum(m in "“„‟«" for m in marks)
    if straight % 2 == 0 and curly_open == len(marks) - straight - curly_open:
        return text
    return " ".join(_QUOTES.sub(" ", text).split())
