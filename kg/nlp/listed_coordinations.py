"""Coordinations read off the words where the parse breaks a list (:func:`listed_coordinations`).

"on six datasets: CIFAR-100, SVHN, Caltech-256, Oxford Flowers-102, CUB-2011, and ImageNet": the
parser hangs some of the names as appositions; "text classification, machine translation and
language modeling show gains": it reads "modeling show gains" as a clause. Readers conjoin each
item of a list with the next; so does :func:`listed_coordinations`, for items of one type (a name
list that a sentence opens with a place, "On ImageNet, ResNet-50 and ViT ...", joins no dataset to
a method) or of a bracket of examples, whatever their types ("(e.g., SQL, SPARQL)"), other than
concepts, which the graph leaves uncoordinated.
"""

from __future__ import annotations

from kg.nlp.evidence import indefinite
from kg.nlp.listed import in_examples, list_items
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.noun_relations import CONJOINED_CONFIDENCE
from kg.nlp.relation_finder import Finder


def listed_coordinations(finder: Finder) -> None:
    """Each mention conjoined with the next item of its list, read off the words (:func:`list_items`)."""
    for span in finder.doc.spans.get(SPANS_KEY, []):
        if finder.index.get(span.root.i) != span or span.label_ == "Concept":
            continue  # a mention inside a longer one lists nothing
        if indefinite(span.root):
            continue  # "QuuxSet-10, a small image dataset, and ZorbSet": a description, no item
        items = list_items(span, finder.index)
        if items and (items[0].label_ == span.label_ or in_examples(span)):
            finder.add(span, "conjoinedWith", items[0], items[0].root, CONJOINED_CONFIDENCE)
