"""Open ML vocabularies (AIO, Papers with Code, ITO) and linking kg's entities to their terms."""

from kg.vocab.link import (
    Link,
    abbreviation_pairs,
    gazetteer_entries,
    link_entity,
    link_graph,
    load_vocabulary,
    match_text,
    type_by_vocabulary,
)
from kg.vocab.vocabulary import Term, Vocabulary

__all__ = [
    "Link",
    "Term",
    "Vocabulary",
    "abbreviation_pairs",
    "gazetteer_entries",
    "link_entity",
    "link_graph",
    "load_vocabulary",
    "match_text",
    "type_by_vocabulary",
]
