"""Can a pair scorer learned from the readers' relations admit relations the rules miss? (issue 13)

    python scripts/relations_pair_cv.py [--c 0.1 0.3] [--limit N]

Parses the two development samples (``../shared/data/kg-dev/iclr2022_dev.json``, 100 papers, and
``training/iclr2022_dev2.json``, 30) with kg's default pipeline and takes every ordered pair of kg
mentions in one sentence as a candidate. A pair's class is the readers' relation between the two
mentions (type and direction: ``uses>`` when the first mention is the head, ``uses<`` when it is the
tail; a mention names an expected entity by its text or, for an abbreviation the abstract defines, its
long form, as ``benchmarks/judged.py`` compares names), else NONE. Features: the SciERC relation
classifier's pair features (:func:`kg.nlp.relation_classifier.pair_features`: types, words between,
dependency path, heads), the rules' relation on the pair (type, direction) and whether either end is
what the paper proposes. A multinomial logistic regression (features seen twice or more) is
cross-validated over papers (5 folds of both samples); a pair is admitted when its best class other
than NONE reaches the threshold. Printed per threshold: admitted pairs and how many have the readers'
type and direction, split by whether the rules relate the pair at all. Nothing is written.

Measured 2026-12-02 (branch rel11): 9,346 candidate pairs, 618 of them a reader's relation (of 687).
Not adopted. The rules' own relations (score >= 0.7) on these pairs: 433, of which 129 carry a
reader's type and direction. Cross-validated, the scorer admits almost nothing the rules miss, and
what it admits is wrong:

| C | threshold | admitted, no rule relation | right | admitted, rule pairs | right |
|---|---|---|---|---|---|
| 0.1 | 0.3 | 6 | 1 | 51 | 31 |
| 0.1 | 0.5 | 1 | 0 | 10 | 4 |
| 0.3 | 0.3 | 12 | 1 | 63 | 37 |
| 0.3 | 0.4 | 6 | 1 | 40 | 25 |
| 0.3 | 0.5 | 2 | 0 | 22 | 14 |

The readers' relations are too few and too varied (130 papers) for the pair features to generalise
across papers; as a confidence for the rules' relations it ranks no better than their own scores
(whose precision proxy on the development sample is flat between thresholds 0.5 and 0.9).
Measured again 2026-12-03 on the twenty-two tuning samples (``--sample`` each; 730 papers): 47,516
candidate pairs, 4,486 of them a reader's relation. With five times the data the scorer now admits
pairs the rules miss, but about 40% of them carry a reader's type and direction, where the rules'
own relations on these pairs carry 60%; by reading, the build's relations are about 1.3 times their
proxy, so these would be near .5, well under issue 13's .80. Not adopted:

| C | threshold | admitted, no rule relation | right | per paper |
|---|---|---|---|---|
| 0.1 | 0.5 | 245 | 108 | 0.34 |
| 0.3 | 0.5 | 376 | 149 | 0.52 |
| 0.3 | 0.7 | 153 | 68 | 0.21 |
| 1.0 | 0.5 | 516 | 195 | 0.71 |
| 1.0 | 0.7 | 253 | 100 | 0.35 |

Needs scikit-learn (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import judged  # noqa: E402
from kg_cli import name_key  # noqa: E402

from kg.io.read import read_papers  # noqa: E402
from kg.nlp.abbreviations import definitions  # noqa: E402
from kg.nlp.mentions import SPANS_KEY  # noqa: E402
from kg.nlp.pipeline import load_pipeline  # noqa: E402
from kg.nlp.proposals import PROPOSED_KEY  # noqa: E402
from kg.nlp.relation_classifier import pair_features  # noqa: E402
from kg.nlp.spans import relations_of  # noqa: E402

SAMPLES = [ROOT.parent / "shared/data/kg-dev/iclr2022_dev.json", ROOT / "training/iclr2022_dev2.json"]
SYMMETRIC = {"conjoinedWith", "comparedWith"}


def abstracts(sample: Path) -> list[tuple[dict[str, Any], str]]:
    """The sample's papers with their abstracts cleaned as ``kg build`` reads them."""
    papers = judged.load_samples([sample])[0][1]
    records = judged.abstract_records(papers)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "papers.jsonl"
        jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        read = read_papers([jsonl], None)
    by_id = {p.key.rsplit(":", 1)[-1]: p.abstract for p in read.papers}
    return [(p, by_id[str(p["id"])]) for p in papers if str(p["id"]) in by_id]


def pairs(paper: dict[str, Any], doc: Any) -> list[tuple[list[str], str, bool]]:
    """(features, class, whether the rules relate the pair) for each candidate pair of one paper."""
    expected = judged.expected_entities(paper, True)

    def keys_of(label: str) -> frozenset[str]:
        key = name_key(label)
        return next((e.keys for e in expected if key in e.keys), frozenset({key}))

    gold = [(keys_of(r["head"]), r["type"], keys_of(r["tail"])) for r in paper.get("relations", [])]
    long = {name_key(short.text): name_key(full.text) for short, full in definitions(doc)}

    def keys(span: Any) -> set[str]:
        key = name_key(span.text.rstrip(".,;:"))
        return {key, long[key]} if key in long else {key}

    spans = sorted({(s.start, s.end): s for s in doc.spans.get(SPANS_KEY, [])}.values(), key=lambda s: (s.start, s.end))
    proposed = {(s.start, s.end) for s in doc.spans.get(PROPOSED_KEY, [])}
    rules = {(r.head_start, r.head_end, r.tail_start, r.tail_end): r.label for r in relations_of(doc._.kg_relations)}
    bounds = [(s.start, s.end) for s in spans]
    out = []
    for i, a in enumerate(spans):
        for b in spans[i + 1 :]:
            if b.start < a.end or a.sent.start != b.sent.start:
                continue
            ka, kb = keys(a), keys(b)
            label = "NONE"
            for head, kind, tail in gold:
                if (head & ka and tail & kb) or (kind in SYMMETRIC and head & kb and tail & ka):
                    label = kind + ">"
                    break
                if head & kb and tail & ka:
                    label = kind + "<"
                    break
            forward, backward = rules.get((a.start, a.end, b.start, b.end)), rules.get((b.start, b.end, a.start, a.end))
            back = f"{backward}{'>' if backward in SYMMETRIC else '<'}" if backward else "none"
            rule = f"{forward}>" if forward else back
            feats = [
                *pair_features(a, b, bounds),
                f"rule={rule}",
                f"rule_t={rule}|{a.label_}>{b.label_}",
                f"prop={(a.start, a.end) in proposed}|{(b.start, b.end) in proposed}",
            ]
            out.append((feats, label, rule != "none"))
    return out


def main() -> None:
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--c", type=float, nargs="+", default=[0.1, 0.3], help="inverse regularization strengths")
    parser.add_argument("--limit", type=int, help="only the first N papers of each sample (a quick run)")
    parser.add_argument(
        "--sample", type=Path, action="append", help="a development sample (repeatable; default: kg-dev and dev2)"
    )
    args = parser.parse_args()

    nlp = load_pipeline()
    rows: list[list[str]] = []
    labels: list[str] = []
    groups: list[str] = []
    ruled: list[bool] = []
    for k, sample in enumerate(args.sample or SAMPLES):
        items = abstracts(sample)[: args.limit]
        for (paper, _), doc in zip(items, nlp.pipe(text for _, text in items), strict=True):
            for feats, label, rule in pairs(paper, doc):
                rows.append(feats)
                labels.append(label)
                groups.append(f"{k}:{paper['id']}")
                ruled.append(rule)
    y, has_rule = np.array(labels), np.array(ruled)
    print(f"{len(y)} candidate pairs, {int((y != 'NONE').sum())} a reader's relation")
    counts = Counter(f for row in rows for f in set(row))
    vocab = {f: i for i, f in enumerate(f for f, n in counts.items() if n >= 2)}
    cells = [(r, vocab[f]) for r, row in enumerate(rows) for f in set(row) if f in vocab]
    x = csr_matrix((np.ones(len(cells)), tuple(zip(*cells, strict=True))), shape=(len(rows), len(vocab)))
    for c in args.c:
        best, chosen = np.zeros(len(y)), np.empty(len(y), dtype=object)
        for train, test in GroupKFold(5).split(x, y, groups):
            model = LogisticRegression(C=c, max_iter=300).fit(x[train], y[train])
            probs = model.predict_proba(x[test])
            probs[:, list(model.classes_).index("NONE")] = -1.0
            pick = probs.argmax(axis=1)
            best[test], chosen[test] = probs[np.arange(len(test)), pick], model.classes_[pick]
        for threshold in (0.3, 0.4, 0.5, 0.6, 0.7):
            admitted = best >= threshold
            for name, mask in (("no rule relation", admitted & ~has_rule), ("rule pairs", admitted & has_rule)):
                right = int((chosen[mask] == y[mask]).sum())
                print(f"C {c} threshold {threshold}: {name}: {int(mask.sum())} admitted, {right} right")


if __name__ == "__main__":
    main()
