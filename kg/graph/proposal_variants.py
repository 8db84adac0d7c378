"""Variants of a paper's own method: "Sparse Patch-Fool" and "Mild Patch-Fool", "two variants
of Patch-Fool"; "Equalized Benefit Ratio" beside the proposed "Benefit Ratio".

A name the paper proposes, written in capitals inside it (a name, not a common noun: "optimizer"
is none), and the same name after one or two capitalized words in the same paper: the longer
name is the paper's variant of its own method, a contribution too.
"""

from __future__ import annotations

from collections.abc import Iterable

#: At most this many capitalized words before the proposed name.
MAX_WORDS = 2


def _a_name(text: str) -> bool:
    """A name by its letters: a capital after the first letter ("Patch-Fool", "Benefit Ratio", "LoRA").

    >>> _a_name("Patch-Fool"), _a_name("Benefit Ratio"), _a_name("optimizer"), _a_name("Optimizer")
    (True, True, False, False)
    """
    return any(c.isupper() for c in text[1:])


def _variant_of(text: str, name: str) -> bool:
    """``text`` is ``name`` after one or two capitalized words.

    >>> _variant_of("Sparse Patch-Fool", "Patch-Fool"), _variant_of("our Patch-Fool", "Patch-Fool")
    (True, False)
    >>> _variant_of("Patch-Fool", "Patch-Fool"), _variant_of("Sparse/Mild Patch-Fool", "Patch-Fool")
    (False, True)
    """
    if not text.endswith(" " + name):
        return False
    words = text[: -len(name)].split()
    return 0 < len(words) <= MAX_WORDS and all(w[:1].isupper() and w[1:].replace("/", "").isalpha() for w in words)


def variant_proposals(entities: Iterable[tuple[str, Iterable[str], bool]]) -> list[str]:
    """The keys of a paper's ``entities`` (key, surface forms, whether the paper proposes it) that
    are variants of a name it proposes.

    >>> variant_proposals([("pf", ["Patch-Fool"], True), ("spf", ["Sparse Patch-Fool"], False),
    ...     ("vit", ["Vision Transformer"], False)])
    ['spf']
    """
    rows = [(key, list(forms), proposed) for key, forms, proposed in entities]
    names = [form for _, forms, proposed in rows if proposed for form in forms if _a_name(form)]
    return [
        key
        for key, forms, proposed in rows
        if not proposed and any(_variant_of(form, name) for form in forms for name in names)
    ]
