"""Words in "-ing" that name a thing though the tagger reads them as verbs.

"suffer from overfitting", "grokking occurs" (a gerund alone), "proposes time-dependent importance
reweighting to mitigate the bias" (a gerund after the noun it belongs with). A gerund with an
object ("overfitting the data") or a common one ("a framework aiming to") is a verb. So is the noun
after an adjective that never ends a term ("convolutional neural architectures", "architectures" read
as a verb: :func:`noun_after`).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.lexicon import Lexicon
from kg.text import rare_term

NOUN_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "pcomp", "conj", "appos", "attr"})


def rare_gerund(token: Token) -> bool:
    """A word in "-ing" the tagger read as a verb but used as a noun, rare in English at large:
    "suffer from overfitting", "grokking occurs". No object follows it ("overfitting the data")."""
    return (
        token.tag_ == "VBG"
        and (token.dep_ in NOUN_ROLES or (token.dep_ == "xcomp" and token.head.pos_ == "VERB"))
        and not any(c.dep_ in {"dobj", "attr", "acomp", "prep"} for c in token.children)
        and rare_term(token.lower_)
    )


def gerund_after(span: Span, lexicon: Lexicon) -> Token | None:
    """The word in "-ing" after ``span`` that the parser read as a verb qualifying it, a rare word or
    one of the field's, with no object: "reweighting" of "proposes time-dependent importance
    reweighting to mitigate the bias" (not "a framework aiming to", "models using X"); none after an
    empty span."""
    doc = span.doc
    token = doc[span.end] if len(span) and span.end < len(doc) else None
    if token is None or token.tag_ != "VBG" or token.dep_ != "acl" or token.head.i != span.end - 1:
        return None
    if not span[-1].whitespace_ or any(c.dep_ in {"dobj", "pobj", "prep", "attr", "dative"} for c in token.children):
        return None
    return token if rare_term(token.lower_) or token.lower_ in lexicon.term_gerunds else None


#: Adjectives that never end a term: a chunk ending on one lost its noun to the tagger.
DANGLING_ADJECTIVES = frozenset(
    """neural generative adversarial contrastive convolutional recurrent residual stochastic variational
    discriminative probabilistic multimodal""".split()
)


def noun_after(span: Span) -> Token | None:
    """The noun after ``span`` that the tagger read as a verb when ``span`` ends on an adjective that
    never ends a term: "architectures" of "the most successful convolutional neural architectures",
    "models" of "hierarchical generative models"; not a preposition or a name ("generative in nature");
    and "overhead" after a noun, which it reads as an adverb ("communication overhead")."""
    doc = span.doc
    token = doc[span.end] if len(span) and span.end < len(doc) else None
    if token is not None and token.lower_ == "overhead" and span[-1].pos_ in {"NOUN", "ADJ"}:
        return token  # "communication overhead": the tagger reads an adverb after a noun
    if token is None or span[-1].lower_ not in DANGLING_ADJECTIVES or not span[-1].whitespace_:
        return None
    return (
        token if token.is_alpha and token.is_lower and token.tag_ in {"VBZ", "VBP", "VB", "VBD", "NNS", "NN"} else None
    )
