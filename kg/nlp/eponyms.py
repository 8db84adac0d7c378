"""Terms named after a person with a possessive: "Newton's method", "Bayes' rule", "Oja's rule",
"Freedman's inequality", "Alzheimer's disease". The possessive is part of the name; elsewhere a
possessive ends what comes before it ("TRPO's approach" is an approach, "the model's accuracy"
an accuracy), and :func:`kg.nlp.span_edges.trim` cuts there.
"""

from __future__ import annotations

from spacy.tokens import Doc

from kg.text import singular

#: Heads of terms that take a person's name: "<Name>'s theorem", "<Name>' rule".
EPONYM_HEADS = frozenset(
    """theorem lemma law rule inequality equation method algorithm distance divergence test criterion
    principle identity bound conjecture condition quotient razor constant coefficient paradox disease
    process kernel formula estimator model problem game dilemma axiom transform operator gradient momentum
    τ ρ""".split()
)


def eponym_possessive(doc: Doc, k: int, end: int) -> bool:
    """Whether the possessive at ``doc[k]`` is part of a term named after a person, the term
    ending before ``end``: the word after the possessive, or the last, is a term's head.

    >>> import spacy
    >>> doc = spacy.blank("en")("By Newton's method and Bayes' rule, not TRPO's approach nor the model's rule.")
    >>> [doc[k - 1].text for k in range(len(doc)) if doc[k].text in {"'s", "'"} and eponym_possessive(doc, k, k + 2)]
    ['Newton', 'Bayes']
    """
    if doc[k].text not in {"'s", "’s", "'", "’"} or not 0 < k < len(doc) - 1:
        return False
    name = doc[k - 1]
    person = name.is_title and name.is_alpha and len(name) >= 3 and name.whitespace_ == ""
    return person and any(singular(doc[i].lower_) in EPONYM_HEADS for i in {k + 1, end - 1} if k < i < len(doc))
