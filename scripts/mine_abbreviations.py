"""Count the abbreviations machine-learning abstracts define, for kg/vocab/data/field_abbreviations.json.

    python scripts/mine_abbreviations.py iclr2020 iclr2021 iclr2022 neurips2020

Parses the abstracts of the given corpora (../shared/data/corpora; kg's parse cache makes this
fast after a build) with kg's default pipeline and counts, per short form, the papers that define
it with each long form ("graph neural networks (GNNs)"). A pair is kept when the field agrees on
it: at least ``--min-papers`` papers define it so and at least ``--min-share`` of the papers that
define the short form do; a short form of two letters ("RL", "OT") needs ``--min-papers-short``
papers; a short form must open with a capital ("fMRI", "meta-RL" are left out: their long forms
are cut short) and be one word. Only the pairs and their counts are written, no text.

kg's table comes from ICLR 2020-2022 and NeurIPS 2020, the years kg is developed on: ICLR 2023
and 2024 are kept out, as kg is measured on them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from kg_cli import corpus_path, read_records  # noqa: E402

from kg.engine.build import extract_all, load_pipeline  # noqa: E402
from kg.engine.cache import ExtractionCache, default_cache_dir, pipeline_fingerprint  # noqa: E402
from kg.graph.short_forms import spells  # noqa: E402
from kg.graph.terms import term_key  # noqa: E402
from kg.io.clean import clean_abstract  # noqa: E402
from kg.nlp.extractors import english_model  # noqa: E402
from kg.vocab.field_abbreviations import PATH  # noqa: E402

_SHORT = re.compile(r"[A-Z][A-Za-z0-9]*")


def extractions(texts: list[str]) -> list:
    """kg's extraction of each text, from the parse cache where it has them."""
    store = ExtractionCache(default_cache_dir(), pipeline_fingerprint(english_model()))
    try:
        found = store.get_many(texts)
        missing = [i for i, e in enumerate(found) if e is None]
        if missing:
            fresh = extract_all(load_pipeline(), [texts[i] for i in missing], n_process=2)
            store.put_many(zip([texts[i] for i in missing], fresh, strict=True))
            for i, e in zip(missing, fresh, strict=True):
                found[i] = e
    finally:
        store.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="+", help="corpus names (iclr2020, neurips2020, ...) or files")
    parser.add_argument("--min-papers", type=int, default=3)
    parser.add_argument("--min-papers-short", type=int, default=8, help="for two-letter short forms")
    parser.add_argument("--min-share", type=float, default=0.75)
    parser.add_argument("--out", type=Path, default=PATH)
    args = parser.parse_args()

    records = [r for name in args.corpora for r in read_records(corpus_path(name))]
    texts = list(dict.fromkeys(clean_abstract(r["abstract"]).text for r in records))
    defined: dict[str, Counter[str]] = defaultdict(Counter)  # short key -> long key -> papers
    spellings: dict[str, Counter[str]] = defaultdict(Counter)  # short or long key -> spellings
    for ex in extractions(texts):
        for short, long in {(term_key(s), term_key(w)): (s, w) for s, w in ex.definitions}.values():
            defined[term_key(short)][term_key(long)] += 1
            spellings[term_key(short)][short] += 1
            spellings[term_key(long)][long] += 1
    pairs = []
    for short_key, longs in defined.items():
        long_key, papers = longs.most_common(1)[0]
        short = spellings[short_key].most_common(1)[0][0]
        long = min(spellings[long_key].items(), key=lambda kv: (-kv[1], kv[0]))[0]
        letters = sum(c.isupper() or c.isdigit() for c in short.removesuffix("s"))
        enough = args.min_papers_short if letters <= 2 else args.min_papers
        if (
            _SHORT.fullmatch(short)
            and papers >= enough
            and papers >= args.min_share * sum(longs.values())
            and (spells(short, long) or papers >= 2 * args.min_papers)
        ):
            pairs.append({"short": short, "long": long, "papers": papers, "of": sum(longs.values())})
    pairs.sort(key=lambda p: (-p["papers"], p["short"]))
    about = (
        f"Abbreviations machine-learning abstracts define, each with the long form the field agrees on: "
        f"counted by scripts/mine_abbreviations.py over {len(texts)} abstracts of {', '.join(args.corpora)} "
        f"(papers: how many define it so; of: how many define the short form at all). Counts only, no text."
    )
    args.out.write_text(json.dumps({"about": about, "pairs": pairs}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(pairs)} pairs from {len(texts)} abstracts -> {args.out}")


if __name__ == "__main__":
    main()
