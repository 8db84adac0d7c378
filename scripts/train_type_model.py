"""Fit kg's entity type model (kg/graph/type_model.py) on the development set's readers' types.

    python scripts/train_type_model.py --cache /tmp/kgcache_ctx

Builds the 100 development abstracts (``--dev``) and the 30 of the second development sample
(``--test``, abstracts looked up in the context corpus) inside all of ICLR 2022 (``--context``),
with every entity kept and without the type model, then takes each expected entity that a node of
its paper names (label or altLabel, the benchmarks' name matching) as an example: the node's type
features and the readers' types (one or two allowed; each counts with weight 1/k). Prints the
share of examples whose type is an allowed one under the rules and under the model, cross-validated
over the development papers (5 folds) for several ``min_probability`` values, and on the second
sample with the model fitted on all development papers; writes kg/graph/data/type_model.json with
the ``min_probability`` best in cross-validation (``--fit-all``: fitted on both samples).
Needs scikit-learn (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from kg_cli import in_context, name_key  # noqa: E402

import kg  # noqa: E402
from kg.graph import type_model  # noqa: E402
from kg.graph.type_model import MODEL_PATH, TYPES, TypeModel, all_type_features  # noqa: E402


def examples(
    dev: Path, test: Path, context: Path, cache: Path | None
) -> tuple[list[list[str]], list[set[str]], list[int], list[str], list[bool]]:
    """Features, allowed types, paper index, rules' type and whether in the test sample, per
    expected entity that a node of its paper names."""
    dev_papers = json.loads(dev.read_text(encoding="utf-8"))["papers"]
    test_papers = json.loads(test.read_text(encoding="utf-8"))["papers"]
    records = in_context(dev_papers, context)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "dev.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        # the features as the build computes them, with the rules' types (the model left out)
        features: dict[Any, list[str]] = {}
        original = type_model.retype_entities

        def record(graph: Any, roles: Any = None, kinds: Any = None, model: Any = None) -> int:
            features.update(all_type_features(graph, roles, kinds))
            return 0

        type_model.retype_entities = record
        try:
            graph = kg.build([source], cache=cache if cache is not None else False, min_confidence=0).graph
        finally:
            type_model.retype_entities = original
    by_key = {d.get("key", "").rpartition(":")[2]: n for n, d in graph.nodes(data=True) if d.get("type") == "Paper"}
    feats: list[list[str]] = []
    allowed: list[set[str]] = []
    groups: list[int] = []
    rules: list[str] = []
    in_test: list[bool] = []
    for i, (paper, is_test) in enumerate([(p, False) for p in dev_papers] + [(p, True) for p in test_papers]):
        node = by_key.get(paper["id"])
        if node is None:
            continue
        entities = [e for _, e, k in graph.out_edges(node, keys=True) if k in ("mentions", "proposes")]
        keys = {
            e: {name_key(x) for x in [graph.nodes[e]["label"], *graph.nodes[e].get("alt_labels", [])]} for e in entities
        }
        for gold in paper["entities"]:
            if gold.get("in_title_only"):
                continue
            names = {name_key(x) for x in [gold["label"], *gold.get("alt", [])]} - {""}
            match = next((e for e in dict.fromkeys(entities) if keys[e] & names), None)
            if match is None or not set(gold.get("types", ())) & set(TYPES):
                continue
            feats.append(features[match])
            allowed.append(set(gold["types"]) & set(TYPES))
            groups.append(i)
            rules.append(graph.nodes[match]["type"])
            in_test.append(is_test)
    return feats, allowed, groups, rules, in_test


def rows(
    feats: list[list[str]], allowed: list[set[str]]
) -> tuple[list[dict[str, float]], list[str], list[float], list[int]]:
    """One training row per allowed type, weighted 1/k; the example index of each row."""
    x, y, w, index = [], [], [], []
    for i, (f, types) in enumerate(zip(feats, allowed, strict=True)):
        for t in sorted(types):
            x.append(dict.fromkeys(f, 1.0))
            y.append(t)
            w.append(1.0 / len(types))
            index.append(i)
    return x, y, w, index


def fit(feats: list[list[str]], allowed: list[set[str]], c: float) -> TypeModel:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    x, y, w, _ = rows(feats, allowed)
    vec = DictVectorizer()
    model = LogisticRegression(C=c, max_iter=5000).fit(vec.fit_transform(x), y, sample_weight=w)
    names = vec.get_feature_names_out()
    weights: dict[str, dict[str, float]] = {t: {} for t in TYPES}
    bias: dict[str, float] = dict.fromkeys(TYPES, -10.0)
    for row, t in enumerate(model.classes_):
        bias[str(t)] = round(float(model.intercept_[row]), 4)
        weights[str(t)] = {
            n: round(float(v), 4) for n, v in zip(names, model.coef_[row], strict=True) if abs(v) >= 1e-3
        }
    return TypeModel(weights, bias, 0.0)


def typed(model: TypeModel, feats: list[list[str]], allowed: list[set[str]], rules: list[str], p: float) -> float:
    sure = TypeModel(model.weights, model.bias, p)
    return float(np.mean([sure.decide(f, r) in a for f, a, r in zip(feats, allowed, rules, strict=True)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dev", type=Path, default=ROOT.parent / "shared/data/kg-dev/iclr2022_dev.json")
    parser.add_argument("--test", type=Path, default=ROOT / "training/iclr2022_dev2.json")
    parser.add_argument(
        "--context", type=Path, default=ROOT.parent / "shared/data/corpora/airas-papers-db/iclr/2022.json"
    )
    parser.add_argument("--cache", type=Path, help="kg's extraction cache folder (default: none)")
    parser.add_argument("--c", type=float, default=1.0, help="inverse L2 strength")
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument(
        "--fit-all", action="store_true", help="write the model fitted on both samples (after reporting as above)"
    )
    args = parser.parse_args()
    feats, allowed, groups, rules, in_test = examples(args.dev, args.test, args.context, args.cache)
    dev = [i for i, t in enumerate(in_test) if not t]
    test = [i for i, t in enumerate(in_test) if t]

    def pick(idx: list[int]) -> tuple[list[Any], list[Any], list[Any]]:
        return [feats[i] for i in idx], [allowed[i] for i in idx], [rules[i] for i in idx]

    grid = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8)
    scores = {p: 0.0 for p in grid}
    rule_score = 0.0
    for fold in range(5):
        train = [i for i in dev if groups[i] % 5 != fold]
        held = [i for i in dev if groups[i] % 5 == fold]
        model = fit(*pick(train)[:2], args.c)
        f, a, r = pick(held)
        rule_score += sum(x in y for x, y in zip(r, a, strict=True))
        for p in grid:
            scores[p] += typed(model, f, a, r, p) * len(held)
    print(f"{len(dev)} development examples, {len(test)} in the second sample")
    print(f"cross-validated on development papers: rules {rule_score / len(dev):.3f}")
    for p in grid:
        print(f"  model, min_probability {p:.1f}: {scores[p] / len(dev):.3f}")
    best = max(grid, key=lambda p: (round(scores[p] / len(dev), 3), p))
    model = fit(*pick(dev)[:2], args.c)
    model = TypeModel(model.weights, model.bias, best)
    f, a, r = pick(test)
    print(f"second sample: rules {np.mean([x in y for x, y in zip(r, a, strict=True)]):.3f}, ", end="")
    print(f"model (min_probability {best}) {typed(model, f, a, r, best):.3f}")
    if args.fit_all:
        model = fit(*pick(dev + test)[:2], args.c)
        model = TypeModel(model.weights, model.bias, best)
    args.out.write_text(json.dumps(model.to_json(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
