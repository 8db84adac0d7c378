"""Which words an abbreviation stands for: "Proximal Policy Optimization" for "PPO".

Schwartz & Hearst (2003) find the shortest long form whose characters spell the short form, which
picks "Policy Optimization" for "Proximal Policy Optimization (PPO)" (the *p* of "oPtimization").
Abstracts define abbreviations by word initials far more often, so initials are tried first and
Schwartz & Hearst's character match is the fallback. Plain string functions, no spaCy: the
vocabulary linker uses them too.
"""

from __future__ import annotations

import re

_SKIP_WORDS = frozenset({"of", "via", "for", "and", "the", "a", "an", "in", "on", "with", "to", "by"})
_WORD = re.compile(r"[A-Za-z0-9]+")
_LOWER_OPENING = re.compile(r"[a-z]+-?[A-Z]")


def short_letters(short: str) -> str:
    """The letters a long form's initials must spell: plural 's' dropped, case folded.

    >>> short_letters("SAEs"), short_letters("CoS"), short_letters("STD-FD")
    ('SAE', 'CS', 'STDFD')

    Lower-case letters before the capitals, glued or hyphened, give an initial too: "m-LTM" is a
    "mini-batch LTM", "prefixLM" a "prefix language model" and "meta-RL" "meta-reinforcement
    learning", not a plain language model or reinforcement learning.

    >>> short_letters("m-LTM"), short_letters("t-SNE"), short_letters("prefixLM"), short_letters("meta-RL")
    ('MLTM', 'TSNE', 'PLM', 'MRL')
    >>> short_letters("mAP"), short_letters("kNN")
    ('MAP', 'KNN')
    """
    core = short[:-1] if len(short) > 2 and short.endswith("s") and short[-2].isupper() else short
    upper = "".join(c for c in core if c.isupper() or c.isdigit())
    if _LOWER_OPENING.match(core):
        upper = core[0].upper() + upper
    return upper if len(upper) >= 2 else core.upper()


def readings(short: str) -> list[str]:
    """The letters ``short`` may spell: :func:`short_letters`, and with a "2" or a "4" between
    letters read as "to" or "for" ("T2I" is "text-to-image", "Sim2Real" "simulation to real").

    >>> readings("T2I"), readings("PPO"), readings("A2C")
    (['T2I', 'TTI'], ['PPO'], ['A2C', 'ATC'])
    """
    letters = short_letters(short)
    spoken = _SPOKEN_DIGIT.sub(lambda m: _SPOKEN[m.group()], letters)
    return [letters] if spoken == letters else [letters, spoken]


_SPOKEN = {"2": "T", "4": "F"}
_SPOKEN_DIGIT = re.compile(r"(?<=[A-Z])[24](?=[A-Z])")


def _initials(words: list[str], skip: bool) -> str:
    return "".join(w[0] for w in words if not (skip and w.lower() in _SKIP_WORDS)).upper()


def _schwartz_hearst(short: str, long: str) -> int | None:
    """Start offset in ``long`` of the shortest long form for ``short``, or None."""
    s_idx, l_idx = len(short) - 1, len(long) - 1
    while s_idx >= 0:
        c = short[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (long[l_idx].lower() != c or (s_idx == 0 and l_idx > 0 and long[l_idx - 1].isalnum())):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    return l_idx + 1


def long_form_start(short: str, words: list[str]) -> int | None:
    """Index into ``words`` where the long form of ``short`` begins, or None.

    >>> long_form_start("PPO", "addresses this : Proximal Policy Optimization".split())
    3
    >>> long_form_start("CoS", "we introduce Collaborative decoding via Speculation".split())
    2

    The shortest long form wins, whether its initials skip small words or not: "impressive
    in-context learning (ICL)" defines "in-context learning".

    >>> long_form_start("ICL", "demonstrated impressive in-context learning".split())
    2
    >>> long_form_start("BERT", "Bidirectional Encoder Representations from Transformers".split())
    0
    """
    letters = short_letters(short)
    spellings = readings(short)
    limit = min(len(words), max(len(letters) + 5, 2 * len(letters)))
    for k in range(1, limit + 1):
        for skip in (True, False):
            parts = [p for w in words[-k:] for p in _WORD.findall(w)]
            if parts and parts[0][0].upper() == letters[0] and _initials(parts, skip) in spellings:
                return len(words) - k
    capital = [i for i, w in enumerate(words) if w[:1].isupper()]
    for skip in (True, False):
        for k in range(1, limit + 1):
            chosen = [words[i] for i in capital if i >= len(words) - k]
            if chosen and _initials(chosen, skip) == letters and words[-k][:1].isupper():
                return len(words) - k
    window = words[-limit:]
    text = " ".join(window)
    start = _schwartz_hearst(short, text)
    if start is None:
        return None
    return len(words) - limit + text[:start].count(" ")


def spelled_out(short: str, words: list[str]) -> bool:
    """Do the initials of all of ``words`` spell ``short`` (small words skipped or not, a hyphenated
    word giving one initial or one per part)? The strict test for a definition the brackets do not
    mark as one ("Low-Rank Adaptation, or LoRA").

    >>> spelled_out("LoRA", ["Low-Rank", "Adaptation"]), spelled_out("LAQ", ["Latent", "Action", "Q-learning"])
    (True, True)
    >>> spelled_out("BERT", ["Devlin", "et", "al."])
    False
    """
    letters = short_letters(short)
    parts = [p for w in words for p in _WORD.findall(w)]
    whole = [m[0] for w in words if (m := _WORD.findall(w))]
    initials = {_initials(ws, skip) for ws in (parts, whole) for skip in (True, False)}
    return bool(parts) and len(letters) >= 2 and letters in initials


def spelled_start(short: str, words: list[str]) -> int | None:
    """Index into ``words`` of the shortest run ending the list whose initials spell ``short``."""
    letters = short_letters(short)
    for k in range(1, min(len(words), len(letters) + 4) + 1):
        if spelled_out(short, words[-k:]):
            return len(words) - k
    return None
