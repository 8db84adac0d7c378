"""Mine the terms kg's development readers rarely take as a paper's node (kg/graph/reader_rates.py).

    python scripts/mine_reader_rates.py [--exclude dev57 dev58 dev59 dev60 dev61 dev62 dev63 dev64] [--min-papers 10] [--max-rate 0.2]

Builds the development samples (every ``training/*_dev*.json`` and
../shared/data/kg-dev/iclr2022_dev.json, less ``--exclude``: the fresh samples nobody tunes on), each
inside its conference (the file name's prefix, read from ../shared/data/corpora) as a user building the
conference would, with every entity kept and with no cap (the table is switched off while mining).
For each (paper, entity) link that the default threshold keeps (the entity's confidence moved by the
paper's mention score: :func:`kg.graph.confidence.link_confidence`), it counts the term (its
:func:`kg.text.term_key`) as linked, and as listed when the label or an altLabel names one of the
entities the paper's readers wrote (names compared as ``benchmarks/judged.py`` does). Terms linked in
at least ``--min-papers`` papers and listed in at most ``--max-rate`` of them are written to
kg/graph/data/reader_rates.json (``--out``) with both counts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from judged import abstract_records  # noqa: E402
from kg_cli import corpus_path, in_context, name_key  # noqa: E402

import kg  # noqa: E402
from kg.graph import reader_rates  # noqa: E402
from kg.graph.confidence import link_confidence, load_model  # noqa: E402
from kg.graph.model import ENTITY_TYPES, MENTION_SCORE  # noqa: E402
from kg.text import term_key  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "kg-dev" / "iclr2022_dev.json"
FRESH = ["dev57", "dev58", "dev59", "dev60", "dev61", "dev62", "dev63", "dev64"]


def samples_by_conference(exclude: list[str]) -> dict[str, list[Path]]:
    """The development samples, grouped by the conference they were drawn from."""
    groups: dict[str, list[Path]] = defaultdict(list)
    if DEV.is_file():
        groups["iclr2022"].append(DEV)
    for path in sorted((ROOT / "training").glob("*_dev*.json")):
        match = re.fullmatch(r"([a-z]+\d{4})_(dev\d+)", path.stem)
        if match and match.group(2) not in exclude:
            groups[match.group(1)].append(path)
    return dict(groups)


def count_links(conference: str, paths: list[Path], counts: dict[str, list[int]]) -> None:
    """Add the default links of the papers of ``paths``, built inside ``conference``, to ``counts``."""
    papers = [p for path in paths for p in json.loads(path.read_text(encoding="utf-8"))["papers"]]
    records = in_context(abstract_records(papers), corpus_path(conference))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "dev.jsonl"
        source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        graph = kg.build([source], min_confidence=0).graph
    model = load_model()
    wanted = {
        str(p["id"]): {name_key(n) for e in p.get("entities", []) for n in [e["label"], *e.get("alt", ())]}
        for p in papers
    }
    for node, data in graph.nodes(data=True):
        listed = wanted.get(str(data.get("key", "")).rpartition(":")[2]) if data.get("type") == "Paper" else None
        if listed is None:
            continue
        for entity in graph.successors(node):
            info = graph.nodes[entity]
            if info.get("type") not in ENTITY_TYPES or not graph.has_edge(node, entity, "mentions"):
                continue
            score = graph.edges[node, entity, "mentions"].get(MENTION_SCORE)
            if link_confidence(float(info.get("confidence", 1.0)), score, model) < model.threshold:
                continue
            names = [str(info.get("label", "")), *map(str, info.get("alt_labels", ()))]
            slot = counts[term_key(names[0])]
            slot[0] += 1
            slot[1] += any(name_key(n) in listed for n in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exclude", nargs="*", default=FRESH, help="sample names left out")
    parser.add_argument("--min-papers", type=int, default=10)
    parser.add_argument("--max-rate", type=float, default=0.2)
    parser.add_argument("--out", type=Path, default=reader_rates.RATES_PATH)
    args = parser.parse_args()
    reader_rates.RATES_PATH = Path(tempfile.gettempdir()) / "no-reader-rates.json"  # the model's own confidence
    reader_rates.load_reader_rates.cache_clear()
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for conference, paths in samples_by_conference(args.exclude).items():
        count_links(conference, paths, counts)
        print(f"{conference}: {len(paths)} samples", flush=True)
    terms = {
        key: [linked, listed]
        for key, (linked, listed) in sorted(counts.items())
        if linked >= args.min_papers and listed <= args.max_rate * linked
    }
    about = (
        "Terms kg's development readers rarely take as a paper's node (kg authors, MIT): per term key, the"
        " development papers kg linked to the term by default and those whose readers listed it"
        f" (scripts/mine_reader_rates.py: linked in at least {args.min_papers}, listed in at most"
        f" {args.max_rate:.0%}). kg/graph/reader_rates.py caps the term's confidence at that share."
    )
    table = {"_about": about, "terms": terms}
    args.out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    for key, (linked, listed) in sorted(terms.items(), key=lambda kv: -kv[1][0]):
        print(f"  {key:30} linked {linked:4}  listed {listed / linked:.2f}")
    print(f"{len(terms)} terms; wrote {args.out}")


if __name__ == "__main__":
    main()
