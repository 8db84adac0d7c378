"""A paper's title beside its abstract: what "we" and "our method" stand for.

The pipeline parses abstracts; the title travels with each as ``doc.user_data["kg_title"]``
(:func:`titled_docs`). A title that opens with a name before a colon ("PI3NN: Out-of-distribution-
aware Prediction Intervals ...") names the paper's own method, and a proposal the abstract calls
by the title's opening ("Directional Message Passing for Molecular Graphs") is the main one,
whichever the abstract names first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.mentions import SPANS_KEY
from kg.nlp.secondary import main_contribution
from kg.records import Titled
from kg.text import term_key, title_name, title_openings

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
    if name is not None:
        return next((s for s in doc.spans.get(SPANS_KEY, []) if term_key(s.text) == name and s.label_ != "Task"), None)
    openings = title_openings(title)
    return next((s for s in proposed if term_key(s.text) in openings), None)


def main_of(doc: Doc, proposed: list[Span]) -> Span | None:
    """What "we" and "our method" stand for: what the title names (:func:`title_main`), else
    :func:`kg.nlp.secondary.main_contribution` of the proposals."""
    return title_main(doc, proposed) or main_contribution(proposed)
