"""Count how conference builds type the field's terms, for kg/graph/data/field_terms.json.

    python scripts/mine_field_terms.py iclr2021 iclr2022 --readers ../shared/data/kg-dev/iclr2022_dev.json \
        $(ls training/*_dev[0-9]*.json | grep -v -E '_dev(4[5-9]|[5-9][0-9])[.]json')

Builds each corpus (../shared/data/corpora) with `kg build` (node-link JSON) and counts, for every
entity node, the papers that name it under each type, by the term key of its label and of its
written-out alt labels (abbreviations are left out: one stands for several terms). A term is kept
when at least ``--min-papers`` papers name it over the builds; kg then types a term a corpus names
too rarely to decide alone the way these builds did (:mod:`kg.graph.field_terms`). ``--readers``
adds, per term, the types the readers of the development samples accepted for it (``readers``). The builds run
without the table (it is deleted first). Only labels, types and counts are written, no text.

kg's table comes from the builds of ICLR 2021 and 2022 and the readers of the 44 development
samples kg-dev and dev2 to dev44 (ICLR 2020-2022, NeurIPS 2020; the command above leaves out dev45
and later); the samples kept fresh to measure kg and ICLR 2023 and 2024, on which kg is measured,
stay out of it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from kg_cli import corpus_path  # noqa: E402

from kg.graph.field_terms import PATH  # noqa: E402
from kg.graph.terms import term_key  # noqa: E402


def entity_nodes(corpus: Path, folder: Path) -> list[dict]:
    subprocess.run(
        [sys.executable, "-m", "kg", "build", str(corpus), "--out", str(folder), "--to", "json"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    graph = json.loads((folder / "graph.json").read_text(encoding="utf-8"))
    return [n for n in graph["nodes"] if n.get("type") not in (None, "Paper")]


def reader_types(samples: list[Path]) -> dict[str, tuple[str, Counter[str]]]:
    """Per term key, a label and how often readers accepted each type for it (an entity lists the
    types it may take, its usual one first; by label: an alt is often a looser name)."""
    out: dict[str, tuple[str, Counter[str]]] = {}
    for path in samples:
        for paper in json.loads(path.read_text(encoding="utf-8"))["papers"]:
            for entity in paper["entities"]:
                label = entity["label"]
                if label.isupper() or not entity.get("types"):
                    continue
                kinds = out.setdefault(term_key(label), (label, Counter()))[1]
                kinds.update(entity["types"])
                kinds[entity["types"][0]] += 1  # the usual type counts twice
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="+", help="corpus names (iclr2021, ...) or files")
    parser.add_argument("--min-papers", type=int, default=3)
    parser.add_argument("--readers", type=Path, nargs="*", default=[], help="samples annotated by reading")
    parser.add_argument("--out", type=Path, default=PATH)
    args = parser.parse_args()

    args.out.unlink(missing_ok=True)  # the builds must not read the table they make
    types: dict[str, Counter[str]] = defaultdict(Counter)
    labels: dict[str, Counter[str]] = defaultdict(Counter)
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(args.corpora):
            for node in entity_nodes(corpus_path(name), Path(tmp) / str(i)):
                papers = int(node.get("paper_count", 1))
                names = [node["label"], *(a for a in node.get("alt_labels", ()) if not a.isupper())]
                for key in dict.fromkeys(term_key(n) for n in names):
                    types[key][node["type"]] += papers
                    labels[key][node["label"]] += papers
    terms = {
        key: {"label": labels[key].most_common(1)[0][0], "papers": sum(c.values()), "types": dict(c.most_common())}
        for key, c in sorted(types.items())
        if sum(c.values()) >= args.min_papers
    }
    for key, (label, kinds) in sorted(reader_types(args.readers).items()):
        terms.setdefault(key, {"label": label, "papers": 0, "types": {}})["readers"] = dict(kinds.most_common())
    about = (
        f"How kg's builds of {', '.join(args.corpora)} type the field's terms: per term key, the papers naming it "
        f"under each type (scripts/mine_field_terms.py; terms named by >= {args.min_papers} papers). Counts only."
    )
    args.out.write_text(json.dumps({"about": about, "terms": terms}, ensure_ascii=False, indent=0) + "\n")
    print(f"{len(terms)} terms -> {args.out}")


if __name__ == "__main__":
    main()
