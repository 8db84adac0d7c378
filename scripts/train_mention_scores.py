"""Fit kg's mention scores (kg/nlp/mention_scores.py) on the readers of the development samples.

    python scripts/train_mention_scores.py [--sample S.json ...] [--exclude dev57 dev58 dev59 dev60 dev61 dev62 dev63 dev64] [--folds 5]

Parses each sample's abstracts (looked up in ../shared/data/corpora as ``benchmarks/judged.py``
does, cleaned and titled as ``kg build`` reads them) with kg's default pipeline and takes every kg
mention as an example: wanted when its text names one of the paper's expected entities (by the
label or an alt, as judged.py compares names), unwanted when it names one of the readers'
not-nodes (they are sure of those), and unwanted with weight ``--other-weight`` when the readers
named it neither way. An L2 logistic regression (``--c``) over the mention's features (words,
syntactic role: :func:`kg.nlp.mention_scores.mention_features`, seen at least ``--min-count``
times) and its standardized context vectors (:func:`kg.nlp.mention_scores.context_vector`).
With ``--folds N`` the script first prints the AUC of out-of-fold scores (folds by paper) on the
readers' entities against their not-nodes. Writes kg/nlp/data/mention_scores.json (``--out``).
How much a score moves a link's confidence is the graph's (``mention_weight`` and
``mention_center`` in kg/graph/data/entity_confidence.json, chosen on out-of-fold scores of the
tuning samples: benchmarks/README.md, session 40).

Default samples: every ``training/*_dev*.json`` and ../shared/data/kg-dev/iclr2022_dev.json, less
``--exclude`` (the fresh samples nobody tunes on). Needs scikit-learn (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from judged import abstract_records, load_samples  # noqa: E402
from kg_cli import name_key  # noqa: E402

from kg.io.clean import clean_abstract  # noqa: E402
from kg.nlp.mention_scores import MODEL_PATH, MentionModel, context_vector, mention_features  # noqa: E402
from kg.nlp.mentions import SPANS_KEY  # noqa: E402
from kg.nlp.pipeline import load_pipeline  # noqa: E402
from kg.nlp.titled import titled_docs  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "kg-dev" / "iclr2022_dev.json"


def default_samples(exclude: list[str]) -> list[Path]:
    found = sorted((ROOT / "training").glob("*_dev*.json"))
    chosen = [p for p in found if re.search(r"_(dev\d+)\.json$", p.name) and p.stem.split("_")[-1] not in exclude]
    return [DEV, *chosen] if DEV.is_file() else chosen


def examples(paths: list[Path]) -> tuple[list[list[str]], np.ndarray, np.ndarray, list[str]]:
    """Features, context vectors, labels (1 wanted, 0 a not-node, -1 neither) and paper ids."""
    nlp = load_pipeline()
    feats: list[list[str]] = []
    vectors: list[np.ndarray] = []
    labels: list[int] = []
    papers_of: list[str] = []
    for _, papers in load_samples(paths):
        records = {str(r["id"]): r for r in abstract_records(papers)}
        chosen = [(p, records[str(p["id"])]) for p in papers if str(p["id"]) in records]
        texts = [(clean_abstract(r["abstract"]).text, clean_abstract(r.get("title") or "").text) for _, r in chosen]
        for (paper, _), doc in zip(chosen, nlp.pipe(titled_docs(nlp, texts)), strict=True):
            wanted = {name_key(n) for e in paper.get("entities", []) for n in [e["label"], *e.get("alt", ())]}
            unwanted = {name_key(n) for n in paper.get("not_nodes", [])}
            for span in doc.spans.get(SPANS_KEY, []):
                vector = context_vector(span)
                if vector is None:
                    continue
                key = name_key(span.text)
                feats.append(mention_features(span))
                vectors.append(vector)
                labels.append(1 if key in wanted else 0 if key in unwanted else -1)
                papers_of.append(str(paper["id"]))
    return feats, np.vstack(vectors), np.asarray(labels), papers_of


def fit(
    feats: list[list[str]], vectors: np.ndarray, labels: np.ndarray, c: float, other: float, min_count: int
) -> MentionModel:
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    counts = Counter(f for row in feats for f in set(row))
    names = sorted(f for f, n in counts.items() if n >= min_count)
    index = {f: i for i, f in enumerate(names)}
    rows, cols = [], []
    for r, row in enumerate(feats):
        for f in set(row):
            if f in index:
                rows.append(r)
                cols.append(index[f])
    words = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(feats), len(names)))
    mean, scale = vectors.mean(axis=0), vectors.std(axis=0) + 1e-6
    matrix = sparse.hstack([words, sparse.csr_matrix((vectors - mean) / scale)]).tocsr()
    weight = np.where(labels < 0, other, 1.0)
    model = LogisticRegression(C=c, max_iter=3000).fit(matrix, (labels > 0).astype(int), sample_weight=weight)
    coef = model.coef_[0]
    kept = {f: round(float(w), 5) for f, w in zip(names, coef[: len(names)], strict=True) if abs(w) >= 1e-4}
    return MentionModel(kept, coef[len(names) :].astype(np.float32), mean, scale, float(model.intercept_[0]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=Path, action="append", help="a judged sample (default: see above)")
    parser.add_argument(
        "--exclude", nargs="*", default=["dev57", "dev58", "dev59", "dev60", "dev61", "dev62", "dev63", "dev64"], help="sample names left out"
    )
    parser.add_argument("--folds", type=int, default=0)
    parser.add_argument("--c", type=float, default=0.3)
    parser.add_argument("--other-weight", type=float, default=0.5)
    parser.add_argument("--min-count", type=int, default=2)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    paths = args.sample or default_samples(args.exclude)
    feats, vectors, labels, papers = examples(paths)
    print(
        f"{len(paths)} samples, {len(set(papers))} papers, {len(labels)} mentions: "
        f"{int((labels == 1).sum())} wanted, {int((labels == 0).sum())} not-nodes, {int((labels < 0).sum())} neither"
    )
    if args.folds:
        from sklearn.metrics import roc_auc_score
        from sklearn.model_selection import GroupKFold

        out = np.zeros(len(labels))
        for train, test in GroupKFold(args.folds).split(vectors, labels, papers):
            model = fit(
                [feats[i] for i in train], vectors[train], labels[train], args.c, args.other_weight, args.min_count
            )
            out[test] = model.probabilities([feats[i] for i in test], vectors[test])
        judged = labels >= 0
        auc = roc_auc_score(labels[judged], out[judged])
        print(f"out-of-fold AUC, readers' entities against their not-nodes: {auc:.4f}")
    model = fit(feats, vectors, labels, args.c, args.other_weight, args.min_count)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(model.weights)} feature weights)")


if __name__ == "__main__":
    main()
