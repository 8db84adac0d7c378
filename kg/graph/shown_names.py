"""Names whose results the abstract states: "RealnessGAN ... achieves improvements", "ANIL matches
MAML's performance", "we demonstrate the effectiveness of CAMEL".

A paper that names its method only in passing ("This leads to the ANIL algorithm, a
simplification of MAML") gives no proposal verb for it, but it reports the method's results by
its name. A coined-looking name (a capital after its first letter, or a digit) that the abstract
says twice or more, that no other paper of the corpus names, that the vocabularies do not know,
and whose results a sentence states (its name then a verb of results, or "the effectiveness of
X") is the paper's own. Others' names the paper only studies are named by other papers or are
terms of the vocabularies ("MAML achieves ...").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kg.graph.titles import telling
from kg.text import joins_word

#: Verbs that state a method's own results after its name ("X outperforms", "X's accuracy improves"
#: is not one: the verb must follow the name, an adverb at most between).
_RESULT_VERBS = (
    r"(?:achieves?|outperforms?|surpass(?:es)?|beats?|exceeds?|matches|improves?|yields?|obtains?"
    r"|attains?|delivers?|performs?|generalizes?|sets?)\b"
)
_QUALITIES = r"(?:effectiveness|efficacy|superiority|advantages?)"


def coined_looking(name: str) -> bool:
    """A name of at most three words, one with a capital after its first letter or a digit.

    >>> [coined_looking(n) for n in ("RealnessGAN", "word2ketXS", "Shape-Semantic GAN", "model patching")]
    [True, True, True, False]
    """
    words = name.split()
    return len(words) <= 3 and any(
        any(c.isupper() for c in w[1:]) or (any(c.isdigit() for c in w) and any(c.isalpha() for c in w)) for w in words
    )


#: What follows a name whose results a sentence states; what precedes one ("the effectiveness of X").
_RESULT_AFTER = re.compile(r"(?:['’]s)?\s+(?:\w+ly\s+)?" + _RESULT_VERBS)
_QUALITY_AFTER = re.compile(r"['’]s " + _QUALITIES)
_QUALITY_BEFORE = re.compile(_QUALITIES + r" of (?:the |our )?$")


def _places(abstract: str, name: str) -> list[int]:
    """Where ``name`` is said as a whole word (not inside "Conv-LoRA" or "LoRAs").

    >>> _places("LoRA, not Conv-LoRA nor LoRAs; LoRA.", "LoRA")
    [0, 31]
    """
    out, i = [], abstract.find(name)
    while i >= 0:
        end = i + len(name)
        before, after = abstract[i - 1 : i], abstract[end : end + 1]
        if not joins_word(before) and not joins_word(after):
            out.append(i)
        i = abstract.find(name, i + 1)
    return out


def states_results(abstract: str, name: str) -> bool:
    """Whether a sentence of ``abstract`` states results of ``name``.

    >>> states_results("Lastly, RealnessGAN consistently outperforms the baselines.", "RealnessGAN")
    True
    >>> states_results("We demonstrate the effectiveness of CAMEL on 3 benchmarks.", "CAMEL")
    True
    >>> states_results("GIA can be provably more harmful than GMA.", "GIA")
    False
    """
    for i in _places(abstract, name):
        end = i + len(name)
        if _RESULT_AFTER.match(abstract, end) or _QUALITY_AFTER.match(abstract, end):
            return True
        if _QUALITY_BEFORE.search(abstract[max(0, i - 40) : i]):
            return True
    return False


def shown_proposals(
    abstract: str,
    entities: Iterable[tuple[str, Iterable[str], int]],
    known: Callable[[str], object] | None = None,
) -> list[str]:
    """The keys of a paper's ``entities`` (key, names, number of papers naming it) it shows to be
    its own: a coined-looking name said twice or more, named by this paper only, not a term of
    the vocabularies (``known``), whose results the abstract states.

    >>> text = "We call it RealnessGAN. RealnessGAN achieves improvements over the standard GAN."
    >>> shown_proposals(text, [("realnessgan", ["RealnessGAN"], 1), ("gan", ["GAN"], 30)])
    ['realnessgan']
    >>> shown_proposals("RealnessGAN achieves improvements.", [("realnessgan", ["RealnessGAN"], 1)])
    []
    """
    chosen = []
    for key, names, papers in entities:
        if papers > 1:
            continue
        forms = [n for n in names if coined_looking(n)]
        if sum(len(_places(abstract, f)) for f in forms) < 2 or not any(states_results(abstract, f) for f in forms):
            continue
        if known is None or not any(known(n) for n in telling(list(names))):
            chosen.append(key)
    return chosen
