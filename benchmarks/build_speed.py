"""How fast is `kg build`, and how does it compare with bare en_core_web_sm on the same texts?

Prints, for a corpus from ../shared/data/corpora: abstracts/s, wall and CPU time (user+system,
all processes), time per phase (from kg's own summary), peak memory of the process tree, and the
CPU ratio to single-process bare `en_core_web_sm` `nlp.pipe` over the same abstracts, measured in
the same run. The bare parse and the build alternate --rounds times, so a machine that slows
down or speeds up during the run weighs on both sides; each round's ratio is printed and their median
is the figure. Then a rebuild after adding 10 abstracts to a built (cached) corpus, timed --rebuilds
times (each from the same cache) and reported by its median.

    python benchmarks/build_speed.py iclr2024              # ~2,400 abstracts
    python benchmarks/build_speed.py iclr2024 --rounds 3   # the median of three alternated ratios
    python benchmarks/build_speed.py all --no-bare         # ~8,400 abstracts, without nlp.pipe
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT.parent / "shared" / "data" / "corpora" / "airas-papers-db"
SETS = {
    "iclr2024": ["iclr/2024.json"],
    "all": [
        "iclr/2020.json",
        "iclr/2021.json",
        "iclr/2022.json",
        "iclr/2023.json",
        "iclr/2024.json",
        "neurips/2020.json",
    ],
}
BARE = """
import json, sys, spacy
from kg.nlp.extractors import english_model
texts = json.load(open(sys.argv[1]))
nlp = spacy.load(english_model())
for _ in nlp.pipe(texts):
    pass
"""


def tree_rss(pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS"))) * 1024
            for task in Path(f"/proc/{p}/task").iterdir():
                stack.extend(int(c) for c in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError, StopIteration):
            continue
    return total


def measure(cmd: list[str]) -> dict[str, float | str]:
    """Run ``cmd``; wall seconds, CPU seconds of all its processes, peak tree RSS, its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0]

    def watch() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], tree_rss(proc.pid))
            time.sleep(0.2)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    out, err = proc.communicate()
    watcher.join()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{err}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "peak_mb": peak[0] / 2**20, "out": out}


def phases(out: str) -> str:
    line = next((x for x in out.splitlines() if x.startswith("time:")), "")
    return line.removeprefix("time:").strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", choices=sorted(SETS), nargs="?", default="iclr2024")
    parser.add_argument("-j", "--processes", type=int, default=0, help="kg build -j (0 = automatic)")
    parser.add_argument("--no-bare", action="store_true", help="skip bare nlp.pipe (no CPU ratio; saves minutes)")
    parser.add_argument("--rounds", type=int, default=1, help="alternated bare/build pairs (median ratio)")
    parser.add_argument("--rebuilds", type=int, default=5, help="rebuilds to time (median; 0 = none)")
    args = parser.parse_args()
    if args.rounds < 1:
        sys.exit("--rounds must be at least 1")
    if not CORPORA.is_dir():
        sys.exit(f"needs {CORPORA}")
    from kg.io import read_papers

    paths = [CORPORA / name for name in SETS[args.corpus]]
    papers = read_papers(paths).papers
    texts = [p.abstract for p in papers]
    words = sum(len(t.split()) for t in texts)
    print(f"corpus {args.corpus}: {len(texts)} abstracts, {words:,} words, from {len(paths)} files")
    kg = [sys.executable, "-m", "kg"]
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        (t / "texts.json").write_text(json.dumps(texts))
        bares, fulls = [], []
        jobs = ["-j", str(args.processes)]
        for _ in range(args.rounds):
            if not args.no_bare:
                bares.append(measure([sys.executable, "-c", BARE, str(t / "texts.json")]))
            build = [*kg, "build", *map(str, paths), "-o", str(t / "out"), *jobs, "--no-cache"]
            fulls.append(measure(build))
        rebuilds = []
        if args.rebuilds > 0:
            # Rebuild after adding 10 abstracts: first build all but 10 into a cache, then all.
            lines = [json.dumps({"id": p.key, "title": p.title, "abstract": p.abstract}) + "\n" for p in papers]
            held_out, everything = t / "minus10.jsonl", t / "all.jsonl"
            held_out.write_text("".join(lines[:-10]))
            everything.write_text("".join(lines))
            built = t / "built"  # the cache after building all but 10; each rebuild starts from a copy
            measure([*kg, "build", str(held_out), "-o", str(t / "o2"), "--cache", str(built), *jobs])
            for _ in range(args.rebuilds):
                cache = t / "cache"
                shutil.rmtree(cache, ignore_errors=True)
                shutil.copytree(built, cache)
                rebuilds.append(measure([*kg, "build", str(everything), "-o", str(t / "o3"), "--cache", str(cache)]))
            rebuilds.sort(key=lambda r: float(r["wall"]))
    for n, full in enumerate(fulls):
        bare = bares[n] if bares else None
        head = f"round {n + 1}: " if args.rounds > 1 else ""
        if bare is not None:
            print(
                f"{head}bare en_core_web_sm nlp.pipe (1 process): wall {bare['wall']:.1f}s, CPU {bare['cpu']:.1f}s, "
                f"{len(texts) / float(bare['wall']):.0f} abstracts/s, peak {bare['peak_mb']:.0f} MB"
            )
        print(
            f"{head}kg build (ttl+html+graphml, -j {args.processes or 'auto'}): wall {full['wall']:.1f}s, "
            f"CPU {full['cpu']:.1f}s, {len(texts) / float(full['wall']):.0f} abstracts/s, "
            f"peak {full['peak_mb']:.0f} MB (process tree)"
        )
        print(f"  phases: {phases(str(full['out']))}")
        if bare is not None:
            print(f"  CPU ratio kg build / bare nlp.pipe: {float(full['cpu']) / float(bare['cpu']):.2f}")
    if bares:
        ratios = sorted(float(f["cpu"]) / float(b["cpu"]) for b, f in zip(bares, fulls, strict=True))
        print(
            f"CPU ratio kg build / bare nlp.pipe, median of {len(ratios)} alternated rounds: "
            f"{ratios[len(ratios) // 2]:.2f}  (budget <= 1.5, issues 12 and 13)"
        )
    if rebuilds:
        rebuild = rebuilds[len(rebuilds) // 2]  # the median run
        full = sorted(fulls, key=lambda r: float(r["wall"]))[len(fulls) // 2]
        summary = next((x for x in str(rebuild["out"]).splitlines() if "parsed" in x), "")
        walls = ", ".join(f"{float(r['wall']):.2f}" for r in rebuilds)
        print(
            f"rebuild after adding 10 abstracts, median of {len(rebuilds)}: wall {float(rebuild['wall']):.2f}s = "
            f"{100 * float(rebuild['wall']) / float(full['wall']):.1f}% of the full build (target < 10%), "
            f"CPU {float(rebuild['cpu']):.1f}s, peak {rebuild['peak_mb']:.0f} MB  ({summary.strip()})"
        )
        print(f"  every rebuild's wall (s): {walls}")
        print(f"  phases: {phases(str(rebuild['out']))}")
    print(f"machine: {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
