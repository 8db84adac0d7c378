"""Author names an abstract cites ("as Uria et al. (2014) show", "adapting ideas from Katzenberger
(1991)"): the extractor reads a capitalized word as a name, but a cited author is no entity.

An entity is a cited author when its label is one capitalized word (letters, maybe hyphenated:
"Saloff-Coste"), with no capital inside a word, no digit and not all capitals (a method or a
dataset is named "LoRA", "GPT-4", "MNIST"), and every time one of its papers names it, a citation
follows: "et al", a year in brackets, or "and"/"&" with a second author. A name the abstract also
uses another way ("Adam is fast", "the Adam optimizer (Kingma & Ba, 2015)") stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: One capitalized word of letters, or two joined by a hyphen: a surname.
_SURNAME = re.compile(r"[^\W\d_a-z][^\W\dA-Z_]+(?:-[^\W\d_a-z][^\W\dA-Z_]+)?")
_YEAR = r"(?:19|20)\d\d[a-z]?"
#: What follows a cited author: "et al.", "(2014)", ", 2014)", "2014)", "and Ba (2015)", "& Ba".
_CITATION = re.compile(
    rf"\s*(?:et\.?\s+al\b|\(\s*{_YEAR}|,?\s*{_YEAR}\s*[);,]|(?:and|&)\s+[^\W\d_a-z][\w'-]+\s*(?:et\.?\s+al\b|\(\s*{_YEAR}|,?\s*{_YEAR}|\)))"
)


_ET_AL = re.compile(r"(?:^|\s)et\.?\s+al\.?$")


def cited_author(label: str, abstracts: Iterable[str]) -> bool:
    """Whether ``label`` is only ever a cited author in ``abstracts`` (named at least once).

    >>> cited_author("Uria", ["generalizing autoregressive models (Uria et al., 2014) and more"])
    True
    >>> cited_author("Katzenberger", ["adapting ideas from Katzenberger (1991)."])
    True
    >>> cited_author("Adam", ["We use Adam (Kingma & Ba, 2015). Adam converges."])
    False
    >>> cited_author("MNIST", ["MNIST (LeCun et al., 1998)"]), cited_author("Uria", ["no name here"])
    (False, False)

    A label that carries its "et al." is a citation wherever it is ("Barbu et al", "et al"):

    >>> cited_author("Barbu et al", []), cited_author("et al.", [])
    (True, True)
    """
    if _ET_AL.search(label):
        return True
    if not _SURNAME.fullmatch(label):
        return False
    word = re.compile(rf"(?<![\w-]){re.escape(label)}(?![\w-])")
    seen = False
    for abstract in abstracts:
        for match in word.finditer(abstract):
            if not _CITATION.match(abstract, match.end()):
                return False
            seen = True
    return seen
