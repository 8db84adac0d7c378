"""A short form a paper writes in brackets right after a name is that name's, even where its letters
spell the name loosely: "we introduce Matryoshka Diffusion (MDM)" (the M of "Models" left out) makes
MDM this paper's Matryoshka Diffusion, not the "Mutual Distillation Module" another paper defined.
The extractor's definitions (:mod:`kg.nlp.abbreviations`) ask every letter to match; the paper's own
bracket, with the initials spelling every letter but the last, is enough to keep the corpus's
meanings away from it.
"""

from __future__ import annotations

import re

from kg.records import Extraction
from kg.text import term_key

#: A short form: capitals (and digits, a hyphen, a plural s) with two capitals at least.
_SHORT = re.compile(r"[A-Z][A-Za-z0-9-]{0,6}s?")


def bracketed_definitions(abstract: str, ex: Extraction) -> Extraction:
    """``ex`` with a definition for each short form the abstract brackets right after another
    mention (``Name (SF)``) whose initials spell it loosely (:func:`_spells_loosely`), where it
    defines none.

    >>> from kg.records import Mention as M
    >>> text = "We introduce Matryoshka Diffusion (MDM), a framework. MDM is fast."
    >>> ex = Extraction([M("Matryoshka Diffusion", "Method", 13, 33), M("MDM", "Method", 35, 38)], [], [], [])
    >>> bracketed_definitions(text, ex).definitions
    [('MDM', 'Matryoshka Diffusion')]
    >>> text = "We train a vision transformer (GPT-4) and Adam (SGD)."
    >>> ex = Extraction([M("vision transformer", "Method", 11, 29), M("GPT-4", "Method", 31, 36)], [], [], [])
    >>> bracketed_definitions(text, ex).definitions
    []
    """
    defined = {term_key(short) for short, _ in ex.definitions}
    ends = {m.end: m.text for m in ex.mentions}
    added: list[tuple[str, str]] = []
    for m in ex.mentions:
        short = m.text
        if not _SHORT.fullmatch(short) or sum(c.isupper() for c in short) < 2 or term_key(short) in defined:
            continue
        if abstract[m.start - 1 : m.start] != "(" or abstract[m.end : m.end + 1] != ")" or m.start < 2:
            continue
        long = ends.get(m.start - 2) if abstract[m.start - 2] == " " else None
        if long is None or " " not in long or not _spells_loosely(short, long):
            continue
        added.append((short, long))
        defined.add(term_key(short))
    return ex._replace(definitions=[*ex.definitions, *added]) if added else ex


def _spells_loosely(short: str, long: str) -> bool:
    """The initials of ``long``'s words (and hyphened pieces) spell ``short``, or all its letters but
    the last: "Matryoshka Diffusion" for MDM, "closed-form continuous-time network" for CfC; not
    "Tensor Train" for TTPI, nor "image retrieval" for ISA.

    >>> _spells_loosely("MDM", "Matryoshka Diffusion"), _spells_loosely("CfC", "closed-form continuous-time network")
    (True, True)
    >>> _spells_loosely("TTPI", "Tensor Train"), _spells_loosely("ISA", "image retrieval")
    (False, False)
    """
    letters = "".join(c for c in short.lower().removesuffix("s") if c.isalnum())
    initials = "".join(w[0] for w in re.split(r"[\s-]+", long.lower()) if w)
    if initials[: len(letters)] == letters:
        return True
    return len(initials) >= 2 and letters.startswith(initials) and len(letters) - len(initials) <= 1
