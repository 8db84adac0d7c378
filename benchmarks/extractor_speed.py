"""CPU cost of each extractor in a full `kg build`, against bare en_core_web_sm (issue 3's budget).

For a corpus from ../shared/data/corpora, in one run: single-process bare `en_core_web_sm`
`nlp.pipe` over the abstracts, then `kg build --extractor X --no-cache` (all exports, both
cores) for each extractor. Prints wall and CPU time (user+system, all processes), peak memory
and the CPU ratio to the bare pipe (budget: <= 2.0), and the graph each one built.

    python benchmarks/extractor_speed.py [iclr2024|all] [--extractors fast accurate rules]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from build_speed import BARE, CORPORA, SETS, measure, phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", choices=sorted(SETS), nargs="?", default="iclr2024")
    parser.add_argument("--extractors", nargs="+", default=["fast", "accurate", "rules"])
    args = parser.parse_args()
    if not CORPORA.is_dir():
        sys.exit(f"needs {CORPORA}")
    from kg.io import read_papers

    paths = [CORPORA / name for name in SETS[args.corpus]]
    texts = [p.abstract for p in read_papers(paths).papers]
    print(f"corpus {args.corpus}: {len(texts)} abstracts, {sum(len(t.split()) for t in texts):,} words")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "texts.json").write_text(json.dumps(texts))
        bare = measure([sys.executable, "-c", BARE, str(t / "texts.json")])
        print(f"bare en_core_web_sm nlp.pipe (1 process): wall {bare['wall']:.1f}s, CPU {bare['cpu']:.1f}s")
        for name in args.extractors:
            out = t / name
            cmd = [sys.executable, "-m", "kg", "build", *map(str, paths), "-o", str(out), "--no-cache"]
            run = measure([*cmd, "--extractor", name])
            lines = str(run["out"]).splitlines()
            print(
                f"kg build --extractor {name}: wall {run['wall']:.1f}s, CPU {run['cpu']:.1f}s, "
                f"peak {run['peak_mb']:.0f} MB; CPU ratio to bare {float(run['cpu']) / float(bare['cpu']):.2f}"
            )
            print(f"  phases: {phases(str(run['out']))}")
            for line in lines:
                if line.startswith(("nodes:", "edges:")):
                    print(f"  {line}")
    print(f"machine: {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
