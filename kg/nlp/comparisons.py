"""Who wins a comparison the sentence states: "X outperforms Y", "Y is outperformed by X", "the
advantages of X over Y", "X requires fewer steps than Y"; or no winner ("we compare X with Y").

Plain functions over spaCy tokens, used by the rule relations (:mod:`kg.nlp.noun_relations`) and
the learned ones (:mod:`kg.nlp.learned`) to state an ``improvesOn`` from the winner where a
comparison names one, and a ``comparedWith`` only where it does not (issue 13).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Span, Token

#: Words that make a comparison name a winner: "X outperforms Y", "X is superior to Y",
#: "the advantages of X over Y".
WINNING = frozenset({"outperform", "surpass", "beat", "superior", "advantage", "over", "outpace"})


def winner_first(tokens: Sequence[Token]) -> bool | None:
    """Does the path between two compared mentions name the first one the winner (``True``), the
    second (``False``: "Y is outperformed by X"), or no winner (``None``)?"""
    inner = tokens[1:-1]
    # "X outperforms Y and achieves results comparable to Z": the winning verb's clause ends where
    # the path goes on into a verb coordinated with it
    clauses = {t.head.i for t in inner if t.dep_ == "conj" and t.pos_ in {"VERB", "AUX"}}
    if not any((t.lemma_.lower() in WINNING or t.lower_ in WINNING) and t.i not in clauses for t in inner):
        return None
    passive = any(t.dep_ == "agent" or any(c.dep_ == "nsubjpass" for c in t.children) for t in inner)
    return not passive


#: Comparatives that make the first of "X ... than Y" the better one ("fewer steps than", "more
#: robust than", "generalize better than"), and those that make it the worse one.
BETTER = frozenset({"better", "faster", "fewer", "more", "stronger", "superior", "greater"})
WORSE = frozenset({"worse", "slower", "less", "weaker", "poorer", "inferior"})
#: Measures of which more is better and of which less is: "higher accuracy than Y", "a lower
#: perplexity than Y" make the first the better; "higher error than Y" does not.
MORE_IS_BETTER = frozenset(
    "accuracy precision recall f1 auc auroc auprc map miou iou bleu rouge meteor cider psnr ssim reward rewards"
    " return returns throughput speedup fidelity robustness likelihood log-likelihood correlation".split()
)
LESS_IS_BETTER = frozenset(
    "error errors loss perplexity fid kid lpips latency regret mse mae rmse wer cer runtime overhead".split()
)


def better_measure(words: Sequence[str]) -> bool:
    """Whether "higher" comes right before a measure of which more is better, or "lower" before one
    of which less is ("higher top-1 accuracy", "lower test error")."""
    for i, word in enumerate(words):
        measures = MORE_IS_BETTER if word == "higher" else LESS_IS_BETTER if word == "lower" else None
        if measures is not None and measures.intersection(words[i + 1 : i + 4]):
            return True
    return False


def by_degree(a: Span, b: Span) -> bool | None:
    """Are two mentions compared by degree, "X ... than Y"? ``True``: the first is said to be the
    better ("X requires fewer steps than Y", "X is more robust than Y"); ``False``: the worse,
    or the comparative does not say which is better ("the gap with X is smaller than with Y");
    ``None``: no "than" between them.

    A degree that names a winner is an ``improvesOn``, not a ``comparedWith``.
    """
    first, second = (a, b) if a.start < b.start else (b, a)
    between = [t.lower_ for t in a.doc[first.start : second.start]]  # "a faster model than Y"
    if "than" not in between:
        return None
    return not WORSE.intersection(between) and (bool(BETTER.intersection(between)) or better_measure(between))


#: Verbs whose subject is the winner of a comparison on their clause: "X improves the AUC
#: compared with Y", "Compared with Y, X improves the AUC".
IMPROVING = frozenset({"improve", "boost", "enhance"})


def improver(a: Span, b: Span, tokens: Sequence[Token]) -> Span | None:
    """The one of ``a`` and ``b`` that is the subject of an improving verb on the path between
    them ("X improves the AUC compared with Y": X), else None."""
    for verb in tokens[1:-1]:
        if verb.lemma_.lower() not in IMPROVING:
            continue
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        for span in (a, b):
            if any(s.left_edge.i <= span.root.i <= s.right_edge.i for s in subjects):
                return span
    return None


def _describes(clause: Token, a: Span, b: Span) -> bool:
    """Is ``clause`` a relative clause that holds one of ``a``, ``b`` and no word comparing things
    ("baselines that combine LLMs"; not "where X has large improvements over Y", "X, which is more
    expressive than Y")?"""
    if clause.dep_ not in {"relcl", "acl"} or clause.lemma_.lower() in WINNING | IMPROVING:
        return False
    inside = range(clause.left_edge.i, clause.right_edge.i + 1)
    comparing = WINNING | IMPROVING | BETTER | WORSE | {"than"}
    return (a.root.i in inside) != (b.root.i in inside) and not any(
        t.lemma_.lower() in comparing or t.lower_ in comparing for t in clause.subtree
    )


def compared(a: Span, b: Span, tokens: Sequence[Token]) -> tuple[str, Span, Span] | None:
    """The relation a comparison of ``a`` and ``b`` states, from the words on its dependency path
    (``tokens``: :func:`winner_first`, :func:`improver`) and between the two (:func:`by_degree`):
    an ``improvesOn`` from the winner, or a ``comparedWith``; ``None`` when the first is the worse
    by degree."""
    early, late = (a, b) if a.start < b.start else (b, a)
    if any(_describes(t, a, b) for t in tokens[1:-1]):
        return None  # "X outperforms baselines that combine LLMs with detectors": LLMs describe the baselines
    winner = improver(a, b, tokens)
    if winner is not None:  # "X improves the AUC compared with Y"
        return ("improvesOn", a, b) if winner is a else ("improvesOn", b, a)
    first = winner_first(tokens)
    if first is not None:  # "X outperforms Y", "Y is outperformed by X"
        return ("improvesOn", early, late) if first else ("improvesOn", late, early)
    if by_degree(a, b) is True:  # "X requires fewer steps than Y"
        return "improvesOn", early, late
    if by_degree(a, b) is False and WORSE.intersection(t.lower_ for t in a.doc[early.start : late.start]):
        return None  # "X is worse than Y": nothing for a graph of what beats what
    return "comparedWith", a, b
