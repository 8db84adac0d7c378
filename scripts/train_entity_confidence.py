"""Fit kg's entity confidence model (kg/graph/confidence.py) on the development set.

    python scripts/train_entity_confidence.py [--sample SAMPLE.json:CORPUS.json ...]
    python scripts/train_entity_confidence.py --background ../shared/data/corpora/airas-papers-db/iclr/202[01].json

Builds the judged samples (``--sample``; default the 100 development abstracts), each inside its
conference (default all of ICLR 2022), with every entity kept
(``min_confidence=0``), labels each (paper, entity) pair by the readers' annotation (an entity node
whose label or an altLabel names one of the paper's expected entities is wanted; one the readers
listed among the paper's not-nodes is not, and counts ``--not-node-weight`` times: they are sure of
those) and, for the pairs their lists do not name, by ``training/kg_dev_node_judgments.json`` (pairs
judged by reading; any pair left is not wanted), and fits an
L2 logistic regression on the entity features (:func:`kg.graph.confidence.all_features`). The default
threshold is chosen by 5-fold cross-validation over papers, on each pair's link confidence (the
entity's, moved by the score of the paper's mention as ``kg build`` moves it, with the shipped
model's ``mention_weight`` and ``mention_center``, which the refit keeps): the highest confidence (in
steps of 0.01) that still keeps ``--keep`` of the important wanted nodes on held-out folds (what the
paper proposes, its tasks and datasets: precision first, without losing what a reader looks for).
Writes kg/graph/data/entity_confidence.json and prints the CV table, with the shipped model's AUC,
recall and precision on the same pairs (in sample for the pairs it was fitted on).

kg's model: every development sample but the fresh dev57-dev64, each inside its conference and
alone (``--sample training/iclr2021_dev3.json:../shared/data/corpora/airas-papers-db/iclr/2021.json
--sample training/iclr2021_dev3.json:none ...``).

``--background FILES`` first counts the word statistics of those abstracts (JSON lists of records
with an ``abstract``) into kg/graph/data/word_stats.json
(:func:`kg.graph.entity_evidence.count_words`): per-word counts only, no text. kg's table comes
from ICLR 2020 and 2021: neither the development year nor a held-out one.
Needs scikit-learn (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, cast

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from judged import abstract_records  # noqa: E402
from kg_cli import in_context, name_key  # noqa: E402  (the benchmarks' name matching: case, plural, punctuation)

import kg  # noqa: E402
from kg.graph.confidence import MODEL_PATH, EntityModel, all_features, link_confidence, load_model  # noqa: E402
from kg.graph.entity_evidence import WORD_STATS_PATH, count_words  # noqa: E402
from kg.graph.forest import from_sklearn  # noqa: E402
from kg.graph.model import MENTION_SCORE  # noqa: E402

#: One number per paper id, so a paper built in two contexts falls in one cross-validation fold.
_PAPERS: dict[str, int] = {}


def _context_examples(
    samples: list[Path], cache: Path | None, context: Path | None, judged: Path | None, extra: Path | None
) -> tuple[list[dict[str, float]], list[int], list[int], list[bool], list[bool], list[float | None], int]:
    """Features, labels, paper number, whether the readers listed it as a not-node and whether it
    is one of the paper's important entities (proposed, a Dataset or a Task: judged.py's rule), of
    every (paper, entity) pair; the number of papers. With ``context`` (a JSON list of records) the
    development papers are built inside that corpus, as a user building the conference would:
    an entity's usage is then read over all its papers there, and papers are linked to names the
    corpus established. ``judged`` labels the pairs the readers' lists say nothing about;
    ``extra`` holds every pair of more papers of the context corpus, judged by reading (a pair
    neither file judged is left out for those papers)."""
    papers = [p for path in samples for p in json.loads(path.read_text(encoding="utf-8"))["papers"]]
    verdicts = {}
    for path in (judged, extra):
        if path is not None:
            for item in json.loads(path.read_text(encoding="utf-8"))["entities"]:
                verdicts[(item["paper"], item["label"])] = bool(item["right"])
    if extra is not None:
        more = json.loads(extra.read_text(encoding="utf-8"))["papers"]
        papers = papers + [{"id": pid, "entities": [], "judged_only": True} for pid in more]
    records = in_context(papers, context) if context is not None else abstract_records(papers)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "dev.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        built = kg.build([source], cache=cache if cache is not None else False, min_confidence=0)
    graph = built.graph
    features = all_features(graph)
    by_key = {d.get("key", "").rpartition(":")[2]: n for n, d in graph.nodes(data=True) if d.get("type") == "Paper"}
    feats, labels, groups, not_nodes, important, scores = [], [], [], [], [], []
    unlabelled = 0
    for paper in papers:
        node = by_key.get(paper["id"])
        if node is None:
            continue
        wanted = {name_key(x) for e in paper["entities"] for x in [e["label"], *e.get("alt", [])]} - {""}
        junk = {name_key(x) for x in paper.get("not_nodes", [])} - {""}
        key_names = {
            name_key(x)
            for e in paper["entities"]
            if e.get("proposed") or {"Dataset", "Task"} & set(e.get("types", []))
            for x in [e["label"], *e.get("alt", [])]
        } - {""}
        for _, entity, key, edge in graph.out_edges(node, keys=True, data=True):
            if key != "mentions":
                continue
            data = graph.nodes[entity]
            names = {name_key(x) for x in [data["label"], *data.get("alt_labels", [])]}
            verdict = verdicts.get((paper["id"], data["label"]))
            listed_junk = bool(names & junk) and not names & wanted
            if names & wanted:
                label = 1
            elif verdict is not None:
                label = int(verdict)
            elif paper.get("judged_only"):
                continue
            else:
                label = 0
                unlabelled += not listed_junk
            feats.append(features[entity])
            labels.append(label)
            groups.append(_PAPERS.setdefault(str(paper["id"]), len(_PAPERS)))
            not_nodes.append(listed_junk)
            important.append(bool(names & key_names))
            scores.append(edge.get(MENTION_SCORE))
    if unlabelled:
        print(f"{unlabelled} pairs neither listed by the readers nor judged: counted as not wanted")
    return feats, labels, groups, not_nodes, important, scores, len(papers)


def examples(
    samples: list[tuple[Path, Path | None]], cache: Path | None, judged: Path | None, extra: Path | None
) -> tuple[list[dict[str, float]], list[int], list[int], list[bool], list[bool], list[float | None], int]:
    """The pairs of every sample, each context corpus built once (a sample without one is built
    alone: its papers only); ``extra`` counts with the context that holds its papers."""
    builds: dict[tuple[Path | None, Path | None], list[Path]] = {}
    for sample, context in samples:
        builds.setdefault((context, sample if context is None else None), []).append(sample)
    out: tuple[list[Any], ...] = ([], [], [], [], [], [])
    for (context, _), paths in builds.items():
        holds_extra = extra is not None and context is not None and _holds(context, extra)
        *part, _n = _context_examples(paths, cache, context, judged, extra if holds_extra else None)
        for whole, piece in zip(out, part, strict=True):
            whole.extend(cast(list[Any], piece))
    n_papers = len(set(out[2]))
    return out[0], out[1], out[2], out[3], out[4], out[5], n_papers


def _holds(context: Path, extra: Path) -> bool:
    """Does the corpus hold the papers of the judged file?"""
    ids = {str(r["id"]) for r in json.loads(context.read_text(encoding="utf-8"))}
    return bool(ids & set(json.loads(extra.read_text(encoding="utf-8"))["papers"]))


def sample_in(value: str) -> tuple[Path, Path | None]:
    """``SAMPLE:CONTEXT`` (a judged sample and the corpus it is built inside; ``none``: alone)."""
    sample, _, context = value.partition(":")
    if not context:
        raise argparse.ArgumentTypeError(f"expected SAMPLE:CONTEXT, got {value!r}")
    return Path(sample), None if context == "none" else Path(context)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    corpora = ROOT.parent / "shared/data/corpora/airas-papers-db/iclr"
    parser.add_argument(
        "--sample",
        type=sample_in,
        action="append",
        help="SAMPLE:CONTEXT, a judged sample built inside a corpus (JSON list of records; 'none' for alone);"
        " repeatable; default the development samples (kg-dev inside ICLR 2022)",
    )
    parser.add_argument("--cache", type=Path, help="kg's extraction cache folder (default: none)")
    parser.add_argument(
        "--judgments",
        type=Path,
        default=ROOT / "training/kg_dev_node_judgments.json",
        help="pairs judged by reading beyond the readers' lists ('none' to use the lists alone)",
    )
    parser.add_argument("--c", type=float, default=1.0, help="inverse L2 strength")
    parser.add_argument("--trees", type=int, default=150, help="boosted trees averaged with the LR (0: LR alone)")
    parser.add_argument("--depth", type=int, default=5, help="the trees' depth")
    parser.add_argument(
        "--min-count", type=int, default=8, help="features the trees may read: those of at least this many pairs"
    )
    parser.add_argument(
        "--not-node-weight", type=float, default=3.0, help="weight of a pair the readers listed as not a node"
    )
    parser.add_argument(
        "--extra",
        type=Path,
        default=ROOT / "training/iclr2022_node_judgments.json",
        help="more papers of the context corpus, every node judged by reading ('none' to leave out)",
    )
    parser.add_argument(
        "--keep", type=float, default=0.93, help="share of the important wanted nodes kept, on held-out folds"
    )
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--background", type=Path, nargs="+", help="recount word_stats.json from these corpora")
    args = parser.parse_args()
    if args.background:
        records = [r for path in args.background for r in json.loads(path.read_text(encoding="utf-8"))]
        table = count_words(str(r.get("abstract") or "") for r in records)
        WORD_STATS_PATH.write_text(json.dumps(table, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(table['words'])} words of {table['abstracts']} abstracts; wrote {WORD_STATS_PATH}")
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    samples = args.sample or [(ROOT.parent / "shared/data/kg-dev/iclr2022_dev.json", corpora / "2022.json")]
    judged = None if str(args.judgments) == "none" else args.judgments
    extra = None if str(args.extra) == "none" else args.extra
    feats, labels, groups, not_nodes, key, mention, n_papers = examples(samples, args.cache, judged, extra)
    weight = np.where(np.array(not_nodes), args.not_node_weight, 1.0)
    vec = DictVectorizer()
    x = vec.fit_transform(feats)
    y, g = np.array(labels), np.array(groups)
    counts = Counter(name for f in feats for name in f)
    tree_vec = DictVectorizer(sparse=False)
    dense = tree_vec.fit_transform([{k: v for k, v in f.items() if counts[k] >= args.min_count} for f in feats])

    def fit(rows: np.ndarray) -> tuple[Any, Any]:
        linear = LogisticRegression(C=args.c, max_iter=3000).fit(x[rows], y[rows], sample_weight=weight[rows])
        if not args.trees:
            return linear, None
        trees = HistGradientBoostingClassifier(
            max_iter=args.trees, learning_rate=0.1, max_depth=args.depth, l2_regularization=1.0, random_state=0
        ).fit(dense[rows], y[rows], sample_weight=weight[rows])
        return linear, trees

    probs = np.zeros(len(y))
    for fold in range(5):
        test = g % 5 == fold
        linear, trees = fit(~test)
        probs[test] = linear.predict_proba(x[test])[:, 1]
        if trees is not None:
            probs[test] = (probs[test] + trees.predict_proba(dense[test])[:, 1]) / 2
    from sklearn.metrics import roc_auc_score

    # a paper keeps its link to an entity by the link's confidence: the entity's, moved by the
    # score of the paper's best mention of it, as the shipped model moves it (kg build)
    shipped = load_model(args.out) if args.out.is_file() else EntityModel({}, 0.0, 0.5)
    probs = np.array([link_confidence(float(c), s, shipped) for c, s in zip(probs, mention, strict=True)])
    print(f"{len(y)} (paper, entity) pairs, {y.sum()} wanted ({y.mean():.1%}); cross-validated over papers:")
    print(f"AUC {roc_auc_score(y, probs):.4f}")
    if args.out.is_file():
        old = shipped.confidences(feats)
        old_links = np.array([link_confidence(c, s, shipped) for c, s in zip(old, mention, strict=True)])
        old_kept = old_links >= shipped.threshold
        print(
            f"the shipped model on the same pairs (fitted on some of them): AUC {roc_auc_score(y, old_links):.4f};"
            f" at its threshold {shipped.threshold} it keeps {y[old_kept].sum() / y.sum():.1%} of the wanted pairs"
            f" at precision {y[old_kept].mean():.1%}"
        )
    junk = np.array(not_nodes)
    key_pairs = np.array(key)
    print(
        f"{'threshold':>9} {'nodes/paper':>11} {'wanted kept':>11} {'important kept':>14} {'precision':>9}"
        f" {'not-nodes kept':>14}"
    )
    chosen = None
    for t in [round(0.01 * k, 2) for k in range(0, 91)]:
        kept = probs >= t
        precision = y[kept].mean() if kept.any() else 0.0
        important = (key_pairs & kept).sum()
        if t * 100 % 5 == 0 or important >= args.keep * key_pairs.sum() > (key_pairs & (probs >= t + 0.01)).sum():
            print(
                f"{t:9.2f} {kept.sum() / n_papers:11.1f} {y[kept].sum() / y.sum():11.1%}"
                f" {important / key_pairs.sum():14.1%} {precision:9.1%} {(junk & kept).sum():>8}/{junk.sum()}"
            )
        if important >= args.keep * key_pairs.sum():
            chosen = t
    model, trees = fit(np.ones(len(y), dtype=bool))
    weights = {name: round(float(w), 4) for name, w in zip(vec.get_feature_names_out(), model.coef_[0], strict=True)}
    forest = None
    if trees is not None:
        forest = from_sklearn(trees, list(tree_vec.get_feature_names_out()))
        gap = np.abs(forest.log_odds(feats) - trees.decision_function(dense)).max()
        assert gap < 1e-3, f"the shipped forest scores differ from scikit-learn's by {gap}"
        print(f"forest: {len(forest.trees)} trees over {len(forest.features)} features (largest gap {gap:.1e})")
    fitted = EntityModel(
        {k: v for k, v in weights.items() if abs(v) >= 1e-3},
        round(float(model.intercept_[0]), 4),
        chosen or 0.5,
        forest,
        shipped.mention_weight,
        shipped.mention_center,
    )
    args.out.write_text(json.dumps(fitted.to_json(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"threshold {fitted.threshold}; {len(fitted.weights)} weights; wrote {args.out}")
    by_weight = sorted(fitted.weights.items(), key=lambda kv: kv[1])
    print("most against:", ", ".join(f"{k} {v:+.2f}" for k, v in by_weight[:15]))
    print("most for:", ", ".join(f"{k} {v:+.2f}" for k, v in by_weight[-15:]))


if __name__ == "__main__":
    main()
