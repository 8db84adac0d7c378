"""Score kg's entity-entity relations against relations read by hand (issue 13).

A sample is a JSON file like benchmarks/heldout/iclr2023_relations_01_15.json: papers with an `id`,
`entities` ({label, alt, types}), `relations` ({head, type, tail}) and `tempting_wrong`
({head, type, tail, why}: relations a reader rejects). The abstracts go through `kg build`
(judged.py's build), then over the sample:

- relations right: the reader's relations that an emitted relation matches by type, both entities
  (label or alt, ignoring case, plurals, hyphens and accents) and direction (either direction for
  comparedWith and conjoinedWith);
- precision proxy: the share of emitted relations that match a reader's relation;
- tempting wrong: how many emitted relations are among the reader's tempting_wrong ones;
- relations per paper;
- --dump writes the emitted relations that match no reader's relation, with their evidence
  sentences, for judging by reading (`"right": true/false`); --judgments reads such a file back
  and reports the hand-judged precision (matched plus judged right over matched plus judged).

    python benchmarks/relations_judged.py benchmarks/heldout/iclr2023_relations_01_15.json \
        benchmarks/heldout/iclr2023_relations_16_30.json --dump rel_dump.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judged import (
    SYMMETRIC,
    Judgments,
    PaperScore,
    abstract_records,
    dump,
    load_samples,
    names_keys,
    score_paper,
)
from kg_cli import CORPUS_FILES, Graph, Relation, build, corpus_path, name_key, read_graph, read_records


def tempting_wrong(paper: dict[str, Any], relations: Sequence[Relation], graph: Graph) -> list[str]:
    """The paper's tempting_wrong relations that kg emitted (same matching as the reader's relations)."""
    entities = paper.get("entities", [])

    def names_of(label: str) -> frozenset[str]:
        key = name_key(label)
        for e in entities:
            keys = names_keys([e["label"], *e.get("alt", ())])
            if key in keys:
                return keys
        return frozenset({key})

    def joins(r: Relation, head: frozenset[str], tail: frozenset[str]) -> bool:
        return bool(
            names_keys(graph.entities[r.source].names) & head and names_keys(graph.entities[r.target].names) & tail
        )

    out = []
    for wrong in paper.get("tempting_wrong", []):
        head, tail, kind = names_of(wrong["head"]), names_of(wrong["tail"]), wrong["type"]
        if any(
            r.type == kind and (joins(r, head, tail) or (kind in SYMMETRIC and joins(r, tail, head))) for r in relations
        ):
            out.append(f"{wrong['head']} -{kind}-> {wrong['tail']}")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("samples", type=Path, nargs="+", help="samples with relations and tempting_wrong")
    parser.add_argument("--extractor", help="kg build --extractor (default: kg's default)")
    parser.add_argument("--min-confidence", help="kg build --min-confidence (default: kg's default)")
    parser.add_argument("--dump", type=Path, help="write the unmatched emitted relations here for judging")
    parser.add_argument("--judgments", type=Path, help="a judged dump: report hand-judged precision")
    parser.add_argument("--quiet", action="store_true", help="only the summary")
    parser.add_argument(
        "--corpus",
        default="iclr2023",
        choices=sorted(CORPUS_FILES),
        help="where the abstracts are looked up first (ids repeat across years: judged.py takes the first)",
    )
    args = parser.parse_args(argv)

    samples = load_samples(args.samples)
    papers = [p for _, ps in samples for p in ps]
    corpus = {str(r["id"]): r for r in read_records(corpus_path(args.corpus))}
    own = [{**p, "abstract": corpus[str(p["id"])]["abstract"]} if str(p["id"]) in corpus else p for p in papers]
    records = abstract_records(own)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "judged.jsonl"
        jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        extra = ("--min-confidence", args.min_confidence) if args.min_confidence else ()
        graph = read_graph(build([jsonl], Path(tmp) / "out", extractor=args.extractor, options=extra))
    ids = graph.paper_ids(records)
    by_paper = graph.relations_by_paper()
    judgments = Judgments(args.judgments) if args.judgments else Judgments()
    scores: list[PaperScore] = []
    tempting = 0
    tempting_total = 0
    for paper in papers:
        pid = str(paper["id"])
        if pid not in ids:
            continue
        rels = by_paper.get(ids[pid], [])
        score = score_paper(paper, ids[pid], graph, rels, marked=False)
        scores.append(score)
        wrong = tempting_wrong(paper, rels, graph)
        tempting += len(wrong)
        tempting_total += len(paper.get("tempting_wrong", []))
        if not args.quiet:
            right = f"{score.relations_found}/{score.gold_relations}"
            print(f"[{pid}] {score.title}: {right} right, {score.relations} emitted")
            for r in score.unmatched_relations:
                print(f"    unmatched: {r.head} -{r.type}-> {r.tail}")
            for w in wrong:
                print(f"    TEMPTING WRONG: {w}")
    gold = sum(s.gold_relations for s in scores)
    found = sum(s.relations_found for s in scores)
    pair = sum(s.relations_as_pair for s in scores)
    emitted = sum(s.relations for s in scores)
    matched = sum(s.matched_relations for s in scores)
    marks = [judgments.relation(s.id, r) for s in scores for r in s.unmatched_relations]
    hand, judged, unmatched = judgments.precision(matched, marks)
    n = max(len(scores), 1)
    print(f"\n{len(scores)} papers, extractor {args.extractor or 'default'}")
    rows = [
        ("reader's relations right (type, entities, direction)", f"{found}/{gold} = {found / max(gold, 1):.3f}"),
        ("reader's relations found as a pair", f"{pair}/{gold} = {pair / max(gold, 1):.3f}"),
        ("emitted matching a reader's relation (proxy)", f"{matched}/{emitted} = {matched / max(emitted, 1):.3f}"),
        ("emitted among tempting_wrong", f"{tempting} (of {tempting_total} listed)"),
        ("entity-entity relations per paper", f"{emitted / n:.2f}"),
    ]
    if args.judgments:
        rows.append(("hand-judged precision", f"{hand:.3f} ({judged} of {unmatched} unmatched judged)"))
    for label, figure in rows:
        print(f"  {label:<56}{figure}")
    if args.dump:
        dump(args.dump, scores, judgments, args.extractor or "default")
        print(f"wrote {args.dump}", file=sys.stderr)


if __name__ == "__main__":
    main()
