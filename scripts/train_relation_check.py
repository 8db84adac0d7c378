"""Fit the readers' relation check (kg/nlp/relation_check.py) on the development samples' relations.

    python scripts/train_relation_check.py --sample ../shared/data/kg-dev/iclr2022_dev.json \
        --sample training/iclr2022_dev2.json ... [--out DIR] [--keep 0.9] [--c 0.3] [--min-count 3]

Parses each sample's abstracts (looked up in ../shared/data/corpora as ``benchmarks/judged.py``
does) with kg's default pipeline, without the check, and takes every pair of kg mentions in one
sentence as an example: its class is the relation a reader wrote between the two in that sentence
(a mention names an expected entity by its label or an alt, as judged.py compares names; ``L`` when
the first mention is the head, ``L<`` when it is the tail, one class for the symmetric labels),
else NONE; its features are the SciERC classifier's pair features. A multinomial logistic regression
over the features seen at least ``--min-count`` times is cross-validated by sample (each sample
predicted by a model fitted on the others; with ``--folds N``, by N groups of samples: N + 1 fits
instead of one a sample). For the relations the pipeline emits, the script prints how well the
probability of their label and direction tells the readers' relations from the others (AUC) and,
per threshold, how many are kept and how many of them a reader wrote. The model's threshold is the
one that keeps ``--keep`` of the emitted relations a reader wrote, cross-validated; the model fitted
on every sample is written to ``--out`` (default: the shipped kg/nlp/models/readers_relations).
Needs scikit-learn (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "scripts")]
from judged import abstract_records, load_samples  # noqa: E402
from kg_cli import name_key  # noqa: E402
from train_scierc import _fit  # noqa: E402

from kg.nlp.linear import LinearModel, save_linear  # noqa: E402
from kg.nlp.mentions import SPANS_KEY  # noqa: E402
from kg.nlp.pipeline import load_pipeline  # noqa: E402
from kg.nlp.relation_check import MODEL_DIR, class_probabilities, pair_class  # noqa: E402
from kg.nlp.relation_classifier import NONE, candidate_pairs, pair_features  # noqa: E402
from kg.nlp.spans import relations_of  # noqa: E402

Example = tuple[str, list[str], str, str | None]  # sample, features, readers' class, emitted class


def _start(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()[:25]


def examples(paths: list[Path]) -> list[Example]:
    nlp = load_pipeline()
    if "kg_relation_check" in nlp.pipe_names:
        nlp.remove_pipe("kg_relation_check")
    out: list[Example] = []
    for path, papers in load_samples(paths):
        records = {str(r["id"]): r for r in abstract_records(papers)}
        for paper in papers:
            record = records.get(str(paper["id"]))
            if record is None:
                continue
            doc = nlp(record["abstract"])
            keys = {
                e["label"]: {name_key(n) for n in [e["label"], *e.get("alt", ())]} - {""}
                for e in paper.get("entities", [])
            }
            gold = [
                (
                    keys.get(g["head"], {name_key(g["head"])}),
                    g["type"],
                    keys.get(g["tail"], {name_key(g["tail"])}),
                    _start(g.get("sentence", "")),
                )
                for g in paper.get("relations", [])
            ]
            emitted = {}
            for r in relations_of(doc._.kg_relations):
                head_first = (r.head_start, r.head_end) <= (r.tail_start, r.tail_end)
                ends = sorted([(r.head_start, r.head_end), (r.tail_start, r.tail_end)])
                emitted[tuple(ends)] = pair_class(r.label, head_first)
            bounds = sorted((s.start, s.end) for s in doc.spans[SPANS_KEY])
            for a, b in candidate_pairs(doc, SPANS_KEY):
                ka, kb, said = name_key(a.text), name_key(b.text), _start(a.sent.text)
                label = NONE
                for head, kind, tail, sentence in gold:
                    if sentence and not said.startswith(sentence):
                        continue
                    if ka in head and kb in tail:
                        label = kind
                        break
                    if kb in head and ka in tail:
                        label = pair_class(kind, False)
                        break
                ends = ((a.start, a.end), (b.start, b.end))
                out.append((path.stem, pair_features(a, b, bounds), label, emitted.get(ends)))
        print(f"{path}: {len(out)} pairs so far", file=sys.stderr)
    return out


def fit(rows: list[Example], c: float, min_count: int = 3) -> LinearModel:
    """The multinomial logistic regression over ``rows`` (train_scierc.py's fitting, no class weights)."""
    return _fit(
        [r[1] for r in rows], [r[2] for r in rows], c, min_count, max_iter=3000, class_weight=None, threshold=0.0
    )


def emitted_probabilities(model: LinearModel, rows: list[Example]) -> list[tuple[float, bool]]:
    """For the rows the pipeline relates: the model's probability of its class, and whether a reader wrote it."""
    kept = [r for r in rows if r[3] is not None]
    probabilities = class_probabilities(model, [r[1] for r in kept], [str(r[3]) for r in kept])
    return [(p, r[3] == r[2]) for p, r in zip(probabilities, kept, strict=True)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=Path, action="append", required=True, help="a sample in the kg-dev format")
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--keep", type=float, default=0.9, help="share of the readers' emitted relations to keep")
    parser.add_argument("--min-count", type=int, default=3, help="fewest examples a feature is seen in")
    parser.add_argument("--c", type=float, default=0.3, help="inverse L2 strength")
    parser.add_argument("--folds", type=int, default=0, help="cross-validate over N groups of samples (0: each)")
    args = parser.parse_args(argv)
    from sklearn.metrics import roc_auc_score

    rows = examples(args.sample)
    print(f"{len(rows)} pairs; classes: {Counter(r[2] for r in rows).most_common()}")
    scored: list[tuple[float, bool]] = []
    samples = sorted({r[0] for r in rows})
    folds = [samples[k :: args.folds] for k in range(args.folds)] if args.folds else [[s] for s in samples]
    for held in map(set, folds):  # each sample predicted by a model fitted without it
        model = fit([r for r in rows if r[0] not in held], args.c, args.min_count)
        scored += emitted_probabilities(model, [r for r in rows if r[0] in held])
    p = np.array([s for s, _ in scored])
    right = np.array([r for _, r in scored])
    print(f"emitted relations: {len(scored)}, {int(right.sum())} a reader's; AUC {roc_auc_score(right, p):.3f}")
    threshold = float(np.quantile(p[right], 1 - args.keep))
    for t in sorted({0.001, 0.002, 0.005, 0.01, 0.02, 0.05, threshold}):
        kept = p >= t
        print(
            f"  threshold {t:.4f}: keeps {int(kept.sum())} ({kept.mean():.0%}), {int(right[kept].sum())} a reader's "
            f"(share {right[kept].mean():.3f}, all {right.mean():.3f})"
        )
    model = fit(rows, args.c, args.min_count)._replace(threshold=round(threshold, 5))
    save_linear(model, args.out)
    print(f"threshold {model.threshold}; {len(model.features)} features; wrote {args.out}")


if __name__ == "__main__":
    main()
