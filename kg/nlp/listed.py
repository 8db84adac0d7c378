"""Names listed one after another, read off the words when the parse breaks the list.

"Our experiments on PASCAL3D+, occluded-PASCAL3D+ and ObjectNet3D show ...": the parser reads
"occluded" as a verb, so ObjectNet3D is no conjunct of PASCAL3D+ and a relation found for the first
dataset misses the others. "experiments on NLP application tasks: machine translation and
summarization": the parser hangs the tasks after the colon on "experiments". :func:`listed_after`
gives the mentions such a list goes on with, whatever the parse: separated by commas, closed by
"and" or "or" before the last one, each of the first item's kind; in a bracket of examples ("(e.g.,
SQL, SPARQL)"), closed by the bracket, of any kind.
"""

from __future__ import annotations

from spacy.tokens import Span

from kg.nlp.evidence import is_name
from kg.nlp.span_edges import LIST_SEPARATORS

#: The words that close a list before its last item.
_CLOSERS = frozenset({"and", "or"})
#: The words that open a bracket of examples: "(e.g., SQL, SPARQL)".
_EXAMPLE_OPENERS = frozenset({"e.g.", "e.g", "eg", "e.g.,"})


def in_examples(item: Span) -> bool:
    """Is ``item`` in a bracket of examples ("(e.g., SQL, SPARQL)")? Its closing bracket then closes
    the list, with no "and"."""
    doc, k, first = item.doc, item.start - 1, item.sent.start
    while k > first and doc[k].text not in {"(", ")"}:
        k -= 1
    return item.start > first and doc[k].text == "(" and doc[k + 1].lower_ in _EXAMPLE_OPENERS


def _same_kind(first: Span, item: Span) -> bool:
    """An item of ``first``'s list: of its type, or a name after a name ("PASCAL3D+, ObjectNet3D",
    however each sentence typed them)."""
    return item.label_ == first.label_ or (is_name(first) and is_name(item))


def _items(first: Span, start: int, index: dict[int, Span]) -> list[Span]:
    """The items that follow ``first`` from token ``start``: each after separators only, the list
    closed by "and"/"or" before its last item (else nothing: "on D1, X achieves ..." is no list) or,
    in a bracket of examples, by the bracket ("(e.g., logistic regression, support vector machines)",
    items of any type: examples of one kind)."""
    doc, end = first.doc, first.sent.end
    out: list[Span] = []
    examples = in_examples(first)
    i = start
    while i < end:
        if examples and out and doc[i].text == ")":
            return out
        seps = []
        while i < end and doc[i].lower_ in LIST_SEPARATORS:
            seps.append(doc[i].lower_)
            i += 1
        item = index.get(i)
        if not seps or item is None or item.start != i or not (examples or _same_kind(first, item)):
            return []
        out.append(item)
        if _CLOSERS & set(seps):
            return out
        i = item.end
    return []


def list_items(span: Span, index: dict[int, Span]) -> list[Span]:
    """The mentions ``span``'s list goes on with, read off the words ("A, B and C": B and C after
    A; nothing when no "and"/"or" closes the list)."""
    return _items(span, span.end, index)


def listed_after(span: Span, index: dict[int, Span]) -> list[Span]:
    """The mentions a list goes on with after ``span`` ("A, B and C": B and C after A), or the
    items a plural phrase announces after a colon or "e.g." ("tasks: T1 and T2", "tasks, e.g., T1
    and T2": T1, T2); ``index`` maps a token to the mention covering it."""
    doc = span.doc
    start = _announced(span)
    if start is not None:
        first = index.get(start)
        if first is None or first.start != start or first.label_ != span.label_:
            return []
        rest = _items(first, first.end, index)
        if rest or first.end == span.sent.end or doc[first.end].is_sent_end or doc[first.end].text in {".", ")"}:
            return [first, *rest]
        return []
    return list_items(span, index)


def _announced(span: Span) -> int | None:
    """Where the items a plural phrase announces start: after its colon ("tasks: T1 and T2") or its
    "e.g." ("on multiple tasks, e.g., T1 and T2", "datasets (e.g., D1, D2)"); None when none follows."""
    doc, i, end = span.doc, span.end, span.sent.end
    if i >= end or span.root.tag_ not in {"NNS", "NNPS"}:
        return None
    if doc[i].text == ":":
        return i + 1
    i += doc[i].text in {",", "("}
    if i >= end or doc[i].lower_ not in _EXAMPLE_OPENERS:
        return None
    return i + 2 if i + 1 < end and doc[i + 1].text == "," else i + 1
