"""From a processed Doc to plain records (:class:`kg.records.Extraction`): what crosses from the
NLP side to the graph side."""

from __future__ import annotations

from itertools import pairwise

from spacy.tokens import Doc, Span

from kg.nlp.abbreviations import definitions
from kg.nlp.based_terms import named_plus_role
from kg.nlp.mention_scores import mention_scores
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.spans import relations_of
from kg.nlp.task_models import field_plus_model
from kg.nlp.variants import coordination_variants, slash_variants, unbracketed, unquoted
from kg.nlp.word_pieces import is_named
from kg.records import Extraction, Mention, RelationRecord

#: How sure a coordination written inside one span is of its conjuncts: "spectral and spatial graph
#: convolutions", "CIFAR-10/100" name two things coordinated, as the words say (the rules' parse
#: relations start at 0.6 and reach the default only with the readers' check).
COORDINATED_CONFIDENCE = 0.8


def extract(doc: Doc) -> Extraction:
    """Mentions, proposals, relations and abbreviation definitions of one processed abstract."""
    mentions: list[Mention] = []
    by_span: dict[tuple[int, int], list[int]] = {}
    named_in: dict[tuple[int, int], tuple[int, int]] = {}  # "GAN-based methods" -> "GAN"
    spans = doc.spans.get(SPANS_KEY, [])
    kinds = {(s.start, s.end): s.label_ for s in spans}
    own = [s.text for s in doc.spans.get(PROPOSED_KEY, [])]
    kept: list[Span] = []
    for span in spans:
        if named_plus_role(span) or _proposal_agent(span, own):
            named_in[(span.start, span.end)] = (span.start, span.start + 1)
        elif not field_plus_model(span, kinds):  # "text classification models": said of no node
            kept.append(span)
    for span, score in zip(kept, mention_scores(kept), strict=True):
        indices = by_span.setdefault((span.start, span.end), [])
        surface = span.text.rstrip(".,;:")  # "CelebA." is one token when a sentence ends on it
        end_char = span.start_char + len(surface)
        texts = coordination_variants(unbracketed(unquoted(surface) or surface))
        for text in (variant for coordinated in texts for variant in slash_variants(coordinated)):
            indices.append(len(mentions))
            mentions.append(Mention(text, span.label_, span.start_char, end_char, score))

    def ids(span: Span, named: bool = False) -> list[int]:
        key = (span.start, span.end)
        return by_span.get(named_in.get(key, key) if named else key, [])

    # What a paper proposes is never X of its "X-based method"; what a sentence says of it is X's.
    proposed = sorted({i for span in doc.spans.get(PROPOSED_KEY, []) for i in ids(span)})
    found = [
        RelationRecord(h, rel.label, t, doc[rel.sentence].sent.text.strip(), round(rel.score, 4))
        for rel in relations_of(doc._.kg_relations)
        for h in ids(rel.head(doc), True)
        for t in ids(rel.tail(doc), True)
        if h != t
    ]
    for span in kept:  # the things one span names, coordinated: each with the next
        split = by_span[(span.start, span.end)]
        said = span.sent.text.strip()
        found += [
            RelationRecord(a, "conjoinedWith", b, said, COORDINATED_CONFIDENCE)
            for a, b in pairwise(split)
            if mentions[a].text != mentions[b].text and _conjunct(mentions[a].text) and _conjunct(mentions[b].text)
        ]
    pairs = [(short.text, long.text) for short, long in definitions(doc)]
    return Extraction(mentions, proposed, found, pairs)


def _proposal_agent(span: Span, proposed: list[str]) -> bool:
    """Whether ``span`` is "X agent" with X a name the paper proposes: "We evaluate the RLHG agent"
    names RLHG (issue 12: "RLHG agent", an extra word); "RL agents" stay as they are."""
    if len(span) != 2 or span[1].lower_ not in {"agent", "agents"} or not is_named(span[0]):
        return False
    return any(text == span[0].text or f"({span[0].text})" in text for text in proposed)


def _conjunct(text: str) -> bool:
    """Whether ``text`` reads as a thing coordinated with another: not a size ("7B", "13B") or a
    letter, nor the rest of a phrase the parse cut after a conjunction ("and segmentation").

    >>> [_conjunct(t) for t in ("CIFAR-100", "7B", "and segmentation", "spatial graph convolutions")]
    [True, False, False, True]
    """
    return sum(c.isalpha() for c in text) >= 2 and text.split()[0].lower() not in {"and", "or"}
