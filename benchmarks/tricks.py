"""What each of kg's speed tricks (:mod:`kg.engine.speed`) buys, measured in one run.

Each trick is switched off alone (by patching it in a small driver that then runs the ``kg``
CLI), and the ICLR 2024 build is timed against the same build with every trick on:

- a rebuild after adding 10 abstracts (each run from a copy of the same cache), ``--rounds``
  times, variants interleaved so that a busy machine slows them all alike; the median is kept;
- a full build from an empty cache, ``--full-rounds`` times (0 to skip).

    python benchmarks/tricks.py                 # ICLR 2024, 5 rebuild rounds, 1 full round
    python benchmarks/tricks.py --rounds 9 --full-rounds 2

Prints, per variant, the median seconds and the difference to "all on" in seconds and percent of
the all-on time: the time the trick saves.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "corpora" / "airas-papers-db" / "iclr" / "2024.json"

#: How each variant switches its trick off, before the CLI runs.
DRIVER = r"""
import contextlib, sys
variant = sys.argv[1]
sys.argv = ["kg", *sys.argv[2:]]
import kg.engine.build as build
import kg.engine.speed as speed

@contextlib.contextmanager
def nothing(*args, **kwargs):
    yield None

if variant == "collector":  # no collector pauses anywhere
    speed.collector_paused = build.collector_paused = nothing
elif variant == "torch":  # thinc imports torch
    speed.torch_hidden = nothing
elif variant == "ahead":  # no pipeline loading ahead in a forked child
    build.pipeline_ahead = nothing
elif variant != "all-on":
    raise SystemExit(f"unknown variant {variant}")
from kg.cli import app
app()
"""
VARIANTS = ("all-on", "collector", "torch", "ahead")


def corpus_files(folder: Path) -> tuple[Path, Path]:
    """The corpus without its last 10 abstracts, and the whole corpus."""
    records, seen = [], set()
    for r in json.loads(CORPUS.read_text(encoding="utf-8")):
        if (r.get("abstract") or "").strip() and r.get("id") not in seen and r.get("title") not in seen:
            seen.update((r.get("id"), r.get("title")))
            records.append(r)
    base, full = folder / "base.json", folder / "full.json"
    base.write_text(json.dumps(records[:-10]), encoding="utf-8")
    full.write_text(json.dumps(records), encoding="utf-8")
    return base, full


def run(variant: str, args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", DRIVER, variant, *args], check=True, capture_output=True)
    return time.perf_counter() - start


def report(title: str, times: dict[str, list[float]]) -> None:
    base = statistics.median(times["all-on"])
    print(f"\n{title} (median of {len(times['all-on'])})")
    print(f"{'switched off':<12} {'seconds':>8} {'saves':>8} {'share':>7}")
    for variant, values in times.items():
        median = statistics.median(values)
        saves = median - base
        print(f"{variant:<12} {median:8.2f} {saves:+8.2f} {saves / base:+7.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rebuilds per variant")
    parser.add_argument("--full-rounds", type=int, default=1, help="full builds per variant (0: none)")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    args = parser.parse_args()
    if not CORPUS.exists():
        raise SystemExit(f"{CORPUS} not found: this benchmark needs ../shared beside the checkout")
    variants = ["all-on", *[v for v in args.variants if v != "all-on"]]
    with tempfile.TemporaryDirectory(prefix="kg-tricks-") as tmp:
        folder = Path(tmp)
        base, full = corpus_files(folder)
        warm = folder / "warm-cache"
        common = ["build", "--to", "ttl", "--to", "html", "--to", "graphml", "-q"]
        run("all-on", [*common, str(base), "--out", str(folder / "out"), "--cache", str(warm)])
        rebuilds: dict[str, list[float]] = {v: [] for v in variants}
        for _ in range(args.rounds):
            for variant in variants:
                cache = folder / "cache"
                shutil.rmtree(cache, ignore_errors=True)
                shutil.copytree(warm, cache)
                seconds = run(variant, [*common, str(full), "--out", str(folder / "out"), "--cache", str(cache)])
                rebuilds[variant].append(seconds)
                print(f"rebuild {variant}: {seconds:.2f} s", file=sys.stderr, flush=True)
        report("rebuild after adding 10 abstracts (ICLR 2024)", rebuilds)
        if args.full_rounds:
            fulls: dict[str, list[float]] = {v: [] for v in variants}
            for _ in range(args.full_rounds):
                for variant in variants:
                    cache = folder / "cache"
                    shutil.rmtree(cache, ignore_errors=True)
                    fulls[variant].append(
                        run(variant, [*common, str(full), "--out", str(folder / "out"), "--cache", str(cache)])
                    )
            report("full build from an empty cache (ICLR 2024)", fulls)


if __name__ == "__main__":
    main()
