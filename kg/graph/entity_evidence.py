"""Evidence about an entity beyond its label, for the confidence model (:mod:`kg.graph.confidence`).

Two kinds, both numbers in [0, 1] (or a little above) so one model fits a 100-paper development
set and a 2,000-paper conference alike:

- **How its papers use it** (:func:`usage_features`), averaged over the entity's papers: how often
  the abstract names it (a term said three times is the paper's subject), whether the title names
  it, whether it is defined with an abbreviation ("... (ABC)"), the word before it (an
  indefinite "a" or "many" reads as a common noun, "our" or "this" as the paper's own thing),
  whether "of" follows ("large amount of"), whether it is named early, and whether it sits inside
  another of the paper's entities or contains one ("Bayesian regret of C-PSRL"); and how widely
  the corpus uses it: the number of papers naming it, and of papers defining an abbreviation
  for it (a term of the field: "RLHF", "stable diffusion (SD)").
- **How its words behave in machine-learning abstracts at large** (:func:`word_features`): for its
  head and first word, document frequency and the share of uses followed by "of", after an
  indefinite determiner, after "the", and capitalized, from a table of word statistics
  (``data/word_stats.json``, counted over the ICLR 2020 and 2021 abstracts by
  ``scripts/train_entity_confidence.py --background``). A word the table does not hold is marked
  unseen. "amount", "range", "way" are used like quantifiers; "ImageNet" is capitalized.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from kg.text import english_zipf, singular

WORD_STATS_PATH = Path(__file__).resolve().parent / "data" / "word_stats.json"
WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_LETTERS = re.compile(r"[^\W\d_]{2,}")
#: Determiners and quantifiers that make the next noun phrase a common noun ("an approach").
INDEFINITE = frozenset(
    {"a", "an", "any", "some", "many", "several", "various", "such", "other", "each", "every", "more", "most", "few"}
)
#: Words before a term that mark it as the paper's own.
OWN = frozenset({"our", "this", "novel", "new", "proposed"})
_ABBREVIATION_AFTER = re.compile(r"\s*\(\s*[A-Za-z0-9-]*[A-Z]")
#: The statistics kept per word, in the order of the table's rows.
STATS = ("of", "indefinite", "the", "capitalized")


def _forms(data: Mapping[str, Any]) -> list[str]:
    """The entity's names in lower case, its label first."""
    names = [str(data.get("label", "")).lower(), *(str(a).lower() for a in data.get("alt_labels", ()))]
    return [n for n in dict.fromkeys(names) if n.strip()]


def _occurrences(text: str, form: str) -> Iterator[int]:
    """Where ``form`` occurs in ``text`` as whole words (no word character or hyphen before, no
    word character after): str.find, as a corpus has too many forms to compile a pattern each."""
    k = text.find(form) if form else -1
    while k >= 0:
        end = k + len(form)
        if (k == 0 or not (text[k - 1].isalnum() or text[k - 1] in "-_")) and (
            end == len(text) or not (text[end].isalnum() or text[end] == "_")
        ):
            yield k
        k = text.find(form, k + 1)


def _outermost(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans no other one holds: "gradient projection" inside "gradient projection algorithm"
    (both names of one entity) is one occurrence, not two."""
    return sorted(s for s in spans if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans))


def usage_in_paper(forms: Sequence[str], title: str, abstract: str, others: Iterable[str]) -> set[str]:
    """What one paper's text says about an entity named by ``forms`` (lower case, its label
    first); ``others`` are the lower-case labels of the paper's other entities.

    >>> sorted(usage_in_paper(["large amount"], "", "We need a large amount of data.", ["data"]))
    ['next=of', 'occurrences=1', 'previous=indefinite']
    >>> sorted(usage_in_paper(["soft q-learning"], "Soft Q-Learning", "We propose soft Q-learning (SQL). "
    ...     "Our soft Q-learning is fast.", ["q-learning"]))
    ['contains_other', 'early', 'in_title', 'next=abbreviation', 'occurrences=2', 'previous=own']
    >>> sorted(usage_in_paper(["gradient projection", "gradient projection algorithm"], "",
    ...     "We propose a gradient projection algorithm of note.", []))
    ['next=of', 'occurrences=1', 'previous=indefinite']
    """
    low = abstract.lower()
    found: set[str] = set()
    count, first = 0, len(low)
    for start, end in _outermost({(k, k + len(form)) for form in forms for k in _occurrences(low, form)}):
        count += 1
        first = min(first, start)
        before = low[max(0, start - 40) : start].split()[-1:]
        previous = before[0].strip("(),.;:\"'") if before else ""
        if previous in INDEFINITE:
            found.add("previous=indefinite")
        elif previous in OWN:
            found.add("previous=own")
        elif previous == "the":
            found.add("previous=the")
        if low.startswith(" of ", end):
            found.add("next=of")
        if _ABBREVIATION_AFTER.match(abstract, end):
            found.add("next=abbreviation")
    found.add(f"occurrences={min(count, 3)}")
    if count and first < len(low) / 4:
        found.add("early")
    title = title.lower()
    if any(next(_occurrences(title, form), None) is not None for form in forms):
        found.add("in_title")
    label = forms[0] if forms else ""
    for other in others:
        if other == label or not other:
            continue
        if label in other and next(_occurrences(other, label), None) is not None:
            found.add("inside_other")
        elif other in label and next(_occurrences(label, other), None) is not None:
            found.add("contains_other")
    return found


#: Paper counts that mark a term of the field in the corpus being built (a 19-paper corpus has
#: few such terms; a conference has many).
SPREAD = (3, 10, 30)


def usage_features(
    data: Mapping[str, Any], papers: Sequence[tuple[str, str, Iterable[str]]], limit: int = 50
) -> dict[str, float]:
    """:func:`usage_in_paper` averaged over the entity's ``papers`` (title, abstract, other
    labels); the first ``limit`` papers are enough to tell how a term is used. Beside the
    shares, how widely the corpus uses the term: named by at least 3, 10, 30 papers, defined
    with an abbreviation by at least two ("reinforcement learning from human feedback (RLHF)").

    >>> one = ("", "We use stable diffusion (SD).", [])
    >>> sorted(k for k in usage_features({"label": "stable diffusion"}, [one] * 3) if not k.startswith("use:"))
    ['abbreviated>=2', 'papers>=3']
    """
    forms = _forms(data)
    shares: Counter[str] = Counter()
    for title, abstract, others in papers[:limit]:
        shares.update(usage_in_paper(forms, title, abstract, others))
    if not papers:
        return {}
    out = {f"use:{k}": round(v / min(len(papers), limit), 3) for k, v in shares.items()}
    out.update({f"papers>={k}": 1.0 for k in SPREAD if len(papers) >= k})
    if shares["next=abbreviation"] >= 2:
        out["abbreviated>=2"] = 1.0
    return out


@cache
def load_word_stats(path: Path = WORD_STATS_PATH) -> tuple[int, dict[str, list[float]]]:
    """The number of background abstracts and, per word, [document frequency, *STATS shares]."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return int(data["abstracts"]), data["words"]


def word_features(label: str, stats: Mapping[str, Sequence[float]] | None = None) -> dict[str, float]:
    """How the head and first words of ``label`` behave in the background abstracts.

    >>> word_features("large amount", {"amount": [40, 0.9, 0.5, 0.3, 0.0]})["head:of"]
    2.7
    >>> word_features("Zyxq", {})
    {'head:unseen': 1.0, 'first:unseen': 1.0}
    """
    table = load_word_stats()[1] if stats is None else stats
    words = [w.lower() for w in WORD.findall(label)] or [label.lower()]
    out: dict[str, float] = {}
    for role, word in (("head", words[-1]), ("first", words[0])):
        row = table.get(word) or table.get(singular(word))
        if row is None:
            out[f"{role}:unseen"] = 1.0
            continue
        out[f"{role}:df"] = round(math.log(max(row[0], 1.0)) / 8, 3)
        for name, share in zip(STATS, row[1:], strict=True):
            out[f"{role}:{name}"] = round(share * (1 if name == "capitalized" else 3), 3)
    return out


def english_features(label: str) -> dict[str, float]:
    """How common the words of ``label`` are in English at large: a term of a field has a word that
    is rare outside it ("graphon", "overfitting"); "large amount", "core idea" do not.

    >>> english_features("large amount")["en:all_common"], english_features("overfitting")["en:rare_head"]
    (1.0, 1.0)
    """
    words = _LETTERS.findall(label)
    if not words:
        return {"en:no_word": 1.0}
    zipfs = [english_zipf(w) for w in words]
    out = {
        "en:min": round(min(zipfs) / 7, 3),
        "en:head": round(zipfs[-1] / 7, 3),
        "en:first": round(zipfs[0] / 7, 3),
    }
    if min(zipfs) >= 4.5:
        out["en:all_common"] = 1.0
    if zipfs[-1] < 3:
        out["en:rare_head"] = 1.0
    if min(zipfs) < 2:
        out["en:rare_word"] = 1.0
    return out


def count_words(abstracts: Iterable[str], min_df: int = 3) -> dict[str, Any]:
    """The word statistics table of ``abstracts`` (words in at least ``min_df`` of them).

    >>> table = count_words(["A range of models.", "The range of values."], min_df=2)
    >>> table["abstracts"], table["words"]["range"]
    (2, [2, 1.0, 0.5, 0.5, 0.0])
    """
    df: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    counts = {name: Counter[str]() for name in STATS}
    n = 0
    for abstract in abstracts:
        words = WORD.findall(abstract)
        if not words:
            continue
        n += 1
        df.update({w.lower() for w in words})
        for i, word in enumerate(words):
            low = word.lower()
            uses[low] += 1
            before = words[i - 1].lower() if i else ""
            counts["of"][low] += i + 1 < len(words) and words[i + 1].lower() == "of"
            counts["indefinite"][low] += before in INDEFINITE
            counts["the"][low] += before == "the"
            counts["capitalized"][low] += bool(i) and word[:1].isupper()
    table = {
        w: [df[w], *(round(counts[name][w] / uses[w], 3) for name in STATS)] for w in sorted(df) if df[w] >= min_df
    }
    return {"abstracts": n, "words": table}
