"""A paper's title beside its abstract: what "we" and "our method" stand for.

The pipeline parses abstracts; the title travels with each as ``doc.user_data["kg_title"]``
(:func:`titled_docs`). A title that opens with a name before a colon ("PI3NN: Out-of-distribution-
aware Prediction Intervals ...") names the paper's own method (or the proposal whose name it
opens: "COmpositional COnservatism with Anchor-seeking (COCOA)" for "Compositional Conservatism: ..."),
and a proposal the abstract calls by the title's opening ("Directional Message Passing for
Molecular Graphs") is the main one, whichever the abstract names first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.abbreviations import definitions
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.secondary import main_contribution
from kg.records import Titled
from kg.text import term_key
from kg.title_text import title_name, title_openings

TITLE_KEY = "kg_title"


def titled_docs(nlp: Language, texts: Iterable[Titled]) -> Iterator[Doc]:
    """Docs of the abstracts, unparsed, each carrying its title, for ``nlp.pipe``."""
    for text, title in texts:
        doc = nlp.make_doc(text)
        if title:
            doc.user_data[TITLE_KEY] = title
        yield doc


def title_of(doc: Doc) -> str:
    return str(doc.user_data.get(TITLE_KEY, ""))


def title_main(doc: Doc, proposed: list[Span]) -> Span | None:
    """The mention the title's name before a colon calls, else the proposal an opening of the
    title calls ("Directional Message Passing" of "... for Molecular Graphs"); None without."""
    title = title_of(doc)
    if not title:
        return None
    name = title_name(title)
    if name is not None:  # "Compositional Conservatism: ..." is "COmpositional COnservatism with Anchor-seeking"
        spelled = {short.text: long.text for short, long in definitions(doc)}
        longer = (s for s in proposed if _opened_by(spelled.get(s.text, s.text), name))
        named = (s for s in doc.spans.get(SPANS_KEY, []) if term_key(s.text) == name and s.label_ != "Task")
        return next(longer, None) or next(named, None)
    openings = title_openings(title)
    return next((s for s in proposed if term_key(s.text) in openings), None)


def main_of(doc: Doc, proposed: list[Span]) -> Span | None:
    """What "we" and "our method" stand for: what the title names (:func:`title_main`), else
    :func:`kg.nlp.secondary.main_contribution` of the proposals."""
    return title_main(doc, proposed) or main_contribution(proposed)


def _opened_by(text: str, name: str) -> bool:
    """Whether the words of ``text`` open with the name ``name`` (a :func:`term_key`) and go on.

    >>> _opened_by("COmpositional COnservatism with Anchor-seeking", term_key("Compositional Conservatism"))
    True
    >>> _opened_by("Compositional Conservatisms", term_key("Compositional Conservatism"))
    False
    """
    words = text.split()
    return any(term_key(" ".join(words[:k])) == name for k in range(1, len(words)))
