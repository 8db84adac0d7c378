"""Read SciERC (DyGIE-style JSON lines) into spaCy Docs.

Each line holds one abstract: ``sentences`` (PTB token lists), ``ner`` ([start, end, label]
per sentence) and ``relations`` ([s1, e1, s2, e2, label] per sentence). Token indices are
document-level and ``end`` is inclusive.  Docs get the tokens as given (PTB brackets mapped
back to characters), sentence starts, gold mentions in ``doc.spans[SPAN_KEY]`` (nested spans
allowed) and non-overlapping gold entities in ``doc.ents``.  Gold relations are returned
separately as :class:`~kg.nlp.spans.Relation` tuples with spaCy-style exclusive ends.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from spacy.tokens import Doc, Span
from spacy.util import filter_spans
from spacy.vocab import Vocab

from kg.nlp.spans import Relation

SPAN_KEY = "sc"
#: Mentions scored under the mention threshold, kept aside for the relation model: one becomes a
#: mention when a confident relation holds between it and another (see :mod:`kg.nlp.joint_spans`).
CANDIDATE_KEY = "sc_candidates"
#: The shipped weights trained on SciERC.
MODEL_DIR = Path(__file__).resolve().parent / "models" / "scierc"
ENTITY_LABELS = ("Task", "Method", "Metric", "Material", "OtherScientificTerm", "Generic")
RELATION_LABELS = (
    "USED-FOR",
    "FEATURE-OF",
    "HYPONYM-OF",
    "PART-OF",
    "COMPARE",
    "CONJUNCTION",
    "EVALUATE-FOR",
)
PTB_MAP = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LSB-": "[",
    "-RSB-": "]",
    "-LCB-": "{",
    "-RCB-": "}",
    "``": '"',
    "''": '"',
}
_NO_SPACE_BEFORE = {",", ".", ")", "]", "}", ";", ":", "?", "!", "%"}
_NO_SPACE_AFTER = {"(", "[", "{"}


class SciercExample(NamedTuple):
    doc: Doc
    relations: list[Relation]


def read_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """Yield the raw JSON records of a SciERC file."""
    with Path(path).open(encoding="utf8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def unptb(token: str) -> str:
    """Map a PTB-escaped token back to its normal characters."""
    return PTB_MAP.get(token, token)


def _spaces(words: list[str]) -> list[bool]:
    spaces = []
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else None
        spaces.append(nxt is not None and nxt not in _NO_SPACE_BEFORE and word not in _NO_SPACE_AFTER)
    return spaces


def record_to_example(record: dict[str, Any], vocab: Vocab) -> SciercExample:
    """Build a Doc (tokens, sentences, gold spans, gold ents) and gold relations."""
    words: list[str] = []
    sent_starts: list[bool | int | None] = []
    for sent in record["sentences"]:
        words.extend(unptb(t) for t in sent)
        sent_starts.extend([True] + [False] * (len(sent) - 1))
    doc = Doc(vocab, words=words, spaces=_spaces(words), sent_starts=sent_starts)
    doc.user_data["doc_key"] = record.get("doc_key", "")
    spans = [Span(doc, s, e + 1, label=lab) for sent in record["ner"] for s, e, lab in sent]
    spans.sort(key=lambda sp: (sp.start, sp.end, sp.label_))
    doc.spans[SPAN_KEY] = spans
    doc.ents = filter_spans(spans)
    rels = [Relation(s1, e1 + 1, lab, s2, e2 + 1) for sent in record["relations"] for s1, e1, s2, e2, lab in sent]
    return SciercExample(doc, rels)


def read_scierc(path: str | Path, vocab: Vocab | None = None) -> list[SciercExample]:
    """Read a whole SciERC file into :class:`SciercExample` objects."""
    vocab = vocab if vocab is not None else Vocab()
    return [record_to_example(rec, vocab) for rec in read_jsonl(path)]


def retokenize(doc: Doc, nlp_tokenizer: Any) -> Doc:
    """Re-tokenise ``doc.text`` with spaCy's tokenizer and carry gold spans over by characters.

    Production text is tokenised by spaCy, which splits e.g. hyphens that SciERC keeps inside
    a token; training on both tokenisations makes the model robust to either.
    """
    new = nlp_tokenizer(doc.text)
    spans: list[Span] = []
    for sp in doc.spans[SPAN_KEY]:
        ns = new.char_span(sp.start_char, sp.end_char, label=sp.label_, alignment_mode="expand")
        if ns is not None:
            spans.append(ns)
    starts = {s.start_char for s in doc.sents}
    for tok in new:
        tok.is_sent_start = tok.idx in starts or tok.i == 0
    new.spans[SPAN_KEY] = sorted(set(spans), key=lambda sp: (sp.start, sp.end, sp.label_))
    new.ents = filter_spans(new.spans[SPAN_KEY])
    return new


def blank_copy(doc: Doc) -> Doc:
    """Same words, spaces and sentence starts as ``doc``, no other annotation."""
    return Doc(
        doc.vocab,
        words=[t.text for t in doc],
        spaces=[bool(t.whitespace_) for t in doc],
        sent_starts=[bool(t.is_sent_start) for t in doc],
    )
