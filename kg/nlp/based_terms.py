"""When "X-based N" is a node of its own, and when it is X with a generic head.

The rule (GUIDELINES.md beside the development set: "a field plus a generic head" is no node unless
it is the established name of something):

* "X-based N" names a family of methods or tasks when X is a common word for a principle, not a
  thing with a name of its own: "model-based reinforcement learning", "energy-based model",
  "flow-based generative model", "gradient-based optimizer", "model-based method",
  "score-based generative modeling". Such a phrase stays a node; X alone is none.
* When X is a name of its own (written as a name: "GAN", "MLP", "BERT"; or a name the
  vocabularies know: "transformer", "Transformer") and N is one generic role noun ("model", "method",
  "approach", "head", "framework", "module", "architecture" ...), the phrase is X plus a generic
  head: "GAN-based methods", "an MLP-based head", "a transformer-based model" are not nodes; X is.
* "X-based" alone is never a node (a modifier, not a term).

A longer N keeps the phrase ("GNN-based active learning", "Transformer-based language model"):
what is based on X is then a thing of its own.
"""

from __future__ import annotations

from spacy.tokens import Span

from kg.nlp.lexicon import known_types
from kg.nlp.span_edges import based_suffix
from kg.nlp.word_pieces import is_named
from kg.text import singular

#: One-word heads that say what role X plays in "X-based N", not what the thing is.
ROLE_NOUNS = frozenset(
    {
        "model", "method", "approach", "framework", "module", "head", "architecture", "system",
        "algorithm", "technique", "mechanism", "scheme", "strategy", "procedure", "baseline",
        "solution", "variant", "pipeline", "design", "component", "learner", "counterpart",
        "alternative", "paradigm", "structure", "tool", "backbone", "block", "layer", "network",
        "classifier", "reader", "predictor", "estimator", "detector", "encoder", "decoder", "generator",
        "agent", "policy",
    }
)  # fmt: skip


def named_plus_role(span: Span) -> bool:
    """Whether ``span`` is "X-based N" with X a name of its own (written as one, or a name the
    vocabularies know) and N one role noun."""
    doc, start = span.doc, span.start
    if len(span) != 4 or not based_suffix(doc, start + 2):
        return False
    name, head = doc[start], span[-1]
    if singular(head.lower_) not in ROLE_NOUNS or not name.is_alpha:
        return False
    return is_named(name) or name.lower_ in known_types()  # not "Flow-based models": a capital alone
