"""What a sentence says a name is, trusted over the name's type in that sentence: "Latent Action
Q-learning or LAQ, an offline RL method that ..." and "BGRL - a graph representation learning
method" say that the name is a method for the task before the head (it addresses the task), even
where the parse hangs the description elsewhere or typed the name a task.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.evidence import METHOD_HEADS
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.relation_finder import Finder, args
from kg.nlp.task_words import names_task

#: Marks between a name and its description: "X, a ...", "X - a ...", "X: a ...".
_MARKS = frozenset({",", "-", "--", "–", "—", ":"})


def _description(doc_span: Span) -> Token | None:
    """The method head of "<name>, a(n) ... <head>" right after ``doc_span`` (past "(ABBR)" and
    "or ABBR"), when its phrase opens with the article."""
    doc, i = doc_span.doc, doc_span.end
    if i < len(doc) and doc[i].text == "(":
        close = next((t.i for t in doc[i : i + 6] if t.text == ")"), None)
        i = close + 1 if close is not None else i
    if i + 2 < len(doc) and doc[i].lower_ == "or" and doc[i + 1].pos_ == "PROPN":
        i += 2  # "Latent Action Q-learning or LAQ, ..."
    if i + 1 >= len(doc) or doc[i].text not in _MARKS or doc[i + 1].lower_ not in {"a", "an"}:
        return None
    article = doc[i + 1]
    heads = [t for t in doc[article.i + 1 : article.i + 8] if t.lemma_.lower() in METHOD_HEADS and t.pos_ == "NOUN"]
    inside = range(article.i, heads[0].i + 1) if heads else range(0)
    if not heads or any(t.head.i not in inside for t in doc[article.i : heads[0].i]):
        return None  # "X, a set of ...": no method described
    return heads[0]


def described_names(finder: Finder) -> None:
    """ "X, an offline RL method" and "X, a method for T": X (a method, whatever its type here)
    addresses the task."""
    doc = finder.doc
    for span in doc.spans.get(SPANS_KEY, []):
        if span.label_ in {"Dataset", "Metric"} or finder.index.get(span.root.i) != span:
            continue
        head = _description(span)
        if head is None:
            continue
        method = Span(doc, span.start, span.end, label="Method")
        tasks = [s for s in doc.spans[SPANS_KEY] if s.end == head.i and s.root.head.i == head.i and names_task(s)]
        tasks += [
            t
            for p in head.children
            if p.dep_ == "prep" and p.lower_ == "for"
            for o in args(p, {"pobj"})
            if (t := finder.mention(o)) is not None and names_task(t)
        ]
        for task in [t for t in tasks if not any(o.start < t.start and t.end <= o.end for o in tasks)]:
            finder.add(method, "addresses", task, head, role=True)
