"""SciERC mentions for spaCy: a vote of small NER models, typed by the span typer.

``kg_scierc_mentions``: transition-based NER heads (on fine-tuned copies of en_core_web_sm's
tok2vec) run on shadow Docs; a span is kept when at least ``min_votes`` heads (or the label's
entry in ``label_votes``) predict it with the same type. With a span typer loaded (the shipped
model has one), the heads vote on the span only, whatever its type, and the typer
(:mod:`kg.nlp.span_typer`) gives the type. Results go to ``doc.spans[SPAN_KEY]`` (nested or
overlapping spans allowed); ``doc.ents`` is left untouched.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.blas_ops import one_thread, use_blas
from kg.nlp.linear import LinearModel, load_linear, save_linear
from kg.nlp.scierc import SPAN_KEY
from kg.nlp.span_typer import predict_types

MENTION_COMPONENT = "scierc_mentions"


def _shadows(docs: Sequence[Doc]) -> list[Doc]:
    return [Doc(d.vocab, words=[t.text for t in d], spaces=[bool(t.whitespace_) for t in d]) for d in docs]


def predict_mentions(models: Sequence[Language], docs: Sequence[Doc]) -> list[list[list[tuple[int, int, str]]]]:
    """Per doc, the (start, end, label) entities of every NER head of every model.

    A model is a pipeline of an optional ``tok2vec`` and one or more NER heads listening to it.
    The tok2vec runs once per model; each head then runs on its own unannotated shadow Doc
    carrying the tok2vec output as ``doc.tensor`` (what a listener reads at prediction time);
    the last head reuses the tok2vec's own shadows.
    """
    out: list[list[list[tuple[int, int, str]]]] = [[] for _ in docs]
    for model in models:
        base = _shadows(docs)
        heads = []
        for name, proc in model.pipeline:
            if name == "tok2vec":
                base = list(cast(Any, proc).pipe(base))
            else:
                heads.append(cast(Any, proc))
        for k, head in enumerate(heads):
            shadows = base if k == len(heads) - 1 else _shadows(base)
            for shadow, b in zip(shadows, base, strict=True):
                shadow.tensor = b.tensor
            for i, shadow in enumerate(head.pipe(shadows)):
                out[i].append([(e.start, e.end, e.label_) for e in shadow.ents])
    return out


def vote(
    predictions: Iterable[Iterable[tuple[int, int, str]]],
    min_votes: int,
    label_votes: Mapping[str, int] | None = None,
) -> list[tuple[int, int, str]]:
    """Spans predicted (same span and type) by at least ``min_votes`` models, sorted.

    ``label_votes`` overrides ``min_votes`` for individual labels (e.g. ``{"Metric": 1}``).
    """
    counts: dict[tuple[int, int, str], int] = {}
    for pred in predictions:
        for m in set(pred):
            counts[m] = counts.get(m, 0) + 1
    need = label_votes or {}
    return sorted(m for m, c in counts.items() if c >= need.get(m[2], min_votes))


def span_votes(predictions: Iterable[Iterable[tuple[int, int, str]]]) -> dict[tuple[int, int], int]:
    """How many models predict each (start, end) span, whatever the type."""
    counts: dict[tuple[int, int], int] = {}
    for pred in predictions:
        for s, e in {(s, e) for s, e, _ in pred}:
            counts[s, e] = counts.get((s, e), 0) + 1
    return counts


def typed_vote(
    doc: Doc,
    predictions: Iterable[Iterable[tuple[int, int, str]]],
    typer: LinearModel,
    min_votes: int,
    label_votes: Mapping[str, int] | None = None,
) -> list[tuple[int, int, str]]:
    """Spans predicted (any type) by enough models, typed by ``typer``, sorted.

    A span typed ``L`` is kept when ``label_votes.get(L, min_votes)`` models predict it.
    """
    counts = span_votes(predictions)
    spans = sorted(counts)
    need = label_votes or {}
    types = predict_types(typer, [doc[s:e] for s, e in spans])
    return [(s, e, t) for (s, e), t in zip(spans, types, strict=True) if counts[s, e] >= need.get(t, min_votes)]


def _load_ner(path: str | Path, vocab: Any) -> Language:
    """A trained NER pipeline sharing the host's vocab, without a tokenizer of its own; its
    tok2vec multiplies on numpy's BLAS (:mod:`kg.nlp.blas_ops`)."""
    nlp = spacy.load(path, vocab=vocab, exclude=["tokenizer"])
    if "tok2vec" in nlp.pipe_names:
        use_blas(cast(Any, nlp.get_pipe("tok2vec")).model)
    return nlp


class MentionEnsemble:
    """Thin spaCy component around :func:`predict_mentions` and :func:`vote` / :func:`typed_vote`."""

    def __init__(self, vocab: Any, name: str, span_key: str, min_votes: int) -> None:
        self.vocab, self.name, self.span_key, self.min_votes = vocab, name, span_key, min_votes
        self.label_votes: dict[str, int] = {}  # per-label override of min_votes
        self.models: list[Language] = []
        self.typer: LinearModel | None = None  # span typer; None: vote on span and type

    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, docs: Iterable[Doc], batch_size: int = 64) -> Iterator[Doc]:
        for batch in spacy.util.minibatch(docs, size=batch_size):
            with one_thread():
                predictions = predict_mentions(self.models, batch)
            for doc, preds in zip(batch, predictions, strict=True):
                if self.typer is None:
                    voted = vote(preds, self.min_votes, self.label_votes)
                else:
                    voted = typed_vote(doc, preds, self.typer, self.min_votes, self.label_votes)
                doc.spans[self.span_key] = [Span(doc, s, e, label=lab) for s, e, lab in voted]
                yield doc

    def add_model(self, path: str | Path) -> None:
        """Add a trained pipeline directory (``tok2vec`` + NER heads listening to it)."""
        self.models.append(_load_ner(path, self.vocab))

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        for i, model in enumerate(self.models):
            # vocab and tokenizer come from the host pipeline (file names fit package-data)
            model.to_disk(path / f"ner{i}", exclude=["vocab", "tokenizer"])
        cfg = {
            "n_models": len(self.models),
            "min_votes": self.min_votes,
            "label_votes": self.label_votes,
            "typer": self.typer is not None,
        }
        (path / "cfg.json").write_text(json.dumps(cfg))
        if self.typer is not None:
            save_linear(self.typer, path / "typer")

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> MentionEnsemble:
        path = Path(path)
        cfg = json.loads((path / "cfg.json").read_text())
        self.min_votes = cfg["min_votes"]
        self.label_votes = dict(cfg.get("label_votes", {}))
        self.models = [_load_ner(path / f"ner{i}", self.vocab) for i in range(cfg["n_models"])]
        self.typer = load_linear(path / "typer") if cfg.get("typer") else None
        return self


@Language.factory("kg_scierc_mentions", default_config={"span_key": SPAN_KEY, "min_votes": 2})
def make_mention_ensemble(nlp: Language, name: str, span_key: str, min_votes: int) -> MentionEnsemble:
    return MentionEnsemble(nlp.vocab, name, span_key, min_votes)
