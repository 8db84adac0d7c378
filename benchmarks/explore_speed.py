"""Latency of the explorer's JSON API (kg.sparql.explore) through the real HTTP server on loopback.

Starts ``kg serve STORE`` in its own process (so the client does not share its interpreter), waits
until it answers, then asks, one request at a time as a browser would:

- search as you type: every prefix (1 to 12 characters) of real labels, for a fixed sample of
  entities from the most to the least mentioned, and of words inside labels (substring matches);
- neighbourhoods, 1 and 2 hops: of the hubs (the 10 entities in most papers), of ordinary
  entities (sampled among those in 2 to 20 papers) and of papers;
- the concept map (200 entities), the page's first request.

With ``--browser``, also opens the served page in headless Debian Chromium (``/usr/bin/chromium``)
and times, from navigation, the concept map drawn and interactive (``window.kgReady``; target
< 3 s), then a hub's neighbourhood opened from the URL fragment, then a label typed into the search
box until its hits are listed; 5 runs each, median and max.

Prints median, p95 and max wall time per kind against the targets (search < 100 ms, neighbourhood
< 300 ms; the verdict is on the wall p95), the mean and p95 CPU time the server's processes spent
per request (from /proc, in clock ticks of 10 ms; unlike wall time it does not grow when other
jobs share the cores), and the server's start-up time (label index built, workers ready).

    flock /tmp/kg-cpu.lock .venv/bin/python benchmarks/explore_speed.py /tmp/all-store [--labels 40] [--browser]
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from kg.rdf.iri import node_of
from kg.sparql.labels import build_index
from kg.sparql.store import QUERY_PREFIXES, open_store

TARGETS = {"search": 0.100, "node": 0.300}
PAPERS = "SELECT ?p WHERE { ?p a kg:Paper } ORDER BY ?p"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str) -> tuple[float, int, int]:
    """Seconds to the last byte, status, body size."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            body = r.read()
            status = r.status
    except urllib.error.HTTPError as err:
        body, status = err.read(), err.code
    return time.perf_counter() - start, status, len(body)


def server_cpu(pid: int) -> float:
    """CPU seconds of the server process and its children (the query workers), from /proc."""
    total = 0.0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def start_server(store: Path, port: int) -> tuple[subprocess.Popen[bytes], float]:
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "kg", "serve", str(store), "--port", str(port), "--timeout", "30"]
    server = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    while True:
        try:
            if get(f"http://127.0.0.1:{port}/api/map?n=1")[1] == 200:
                return server, time.perf_counter() - start
        except OSError:
            pass
        if server.poll() is not None:
            raise SystemExit("kg serve stopped")
        time.sleep(0.1)


def workload(store: Path, n_labels: int, seed: int) -> dict[str, list[str]]:
    """The requests of each kind (URL paths and queries)."""
    rng = random.Random(seed)
    index = build_index(open_store(store))
    # entities spread over the whole range of paper counts: every len/n-th, from most to least mentioned
    step = max(1, len(index) // n_labels)
    sample = [index[k] for k in range(0, len(index), step)][:n_labels]
    typed: list[str] = []
    for entity in sample:
        typed += [entity.label[:i] for i in range(1, min(12, len(entity.label)) + 1)]
        words = entity.label.split()
        if len(words) > 1:  # a word inside the label: found by substring
            typed += [words[-1][:i] for i in range(3, min(10, len(words[-1])) + 1)]
    search = ["/api/search?" + urllib.parse.urlencode({"q": q, "limit": 15}) for q in typed if q.strip()]
    hubs = [node_of(index[k].iri) for k in range(10)]
    ordinary = [node_of(index[k].iri) for k in range(len(index)) if 2 <= index.counts[k] <= 20]
    ordinary = rng.sample(ordinary, min(20, len(ordinary)))
    papers = [node_of(r[0].value) for r in open_store(store).query(PAPERS, prefixes=QUERY_PREFIXES)]  # type: ignore[union-attr]
    papers = rng.sample(papers, min(10, len(papers)))
    out: dict[str, list[str]] = {"search": search, "map 200": ["/api/map?n=200"] * 5}
    for kind, ids in (("hub", hubs), ("ordinary", ordinary), ("paper", papers)):
        for hops in (1, 2):
            out[f"node {kind} {hops} hop"] = [
                f"/api/node?{urllib.parse.urlencode({'id': i, 'hops': hops})}" for i in ids
            ]
    return out


def page_times(base: str, hub: str, label: str, runs: int = 5) -> None:
    """The served page in Chromium: map interactive, a hub's neighbourhood, a search (see the docstring)."""
    from playwright.sync_api import sync_playwright

    ready = "() => window.kgReady === true && !window.kgBusy"
    names = ("page + map interactive", "hub neighbourhood (URL)", "search hits listed")
    rows: dict[str, list[float]] = {name: [] for name in names}
    view = f"#node={urllib.parse.quote(hub, safe='')}&hops=1"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for _ in range(runs):
            page = browser.new_page(viewport={"width": 1400, "height": 850})
            start = time.perf_counter()
            page.goto(base + "/")
            page.wait_for_function(ready, timeout=60_000, polling=20)
            rows["page + map interactive"].append(time.perf_counter() - start)
            start = time.perf_counter()
            page.evaluate("(v) => { location.hash = v; }", view)
            page.wait_for_function("(v) => window.kgView === v && !window.kgBusy", arg=view, timeout=60_000, polling=20)
            rows["hub neighbourhood (URL)"].append(time.perf_counter() - start)
            start = time.perf_counter()
            page.fill("#kg-search", label)
            page.wait_for_function("() => document.querySelectorAll('#kg-results li').length > 0", polling=10)
            rows["search hits listed"].append(time.perf_counter() - start)
            page.close()
        browser.close()
    print(f"\n{'in Chromium':26} {'median ms':>10} {'max ms':>8}")
    for name, times in rows.items():
        target = "  < 3000 ms: " + ("yes" if max(times) < 3 else "NO") if name.startswith("page") else ""
        print(f"{name:26} {statistics.median(times) * 1000:10.0f} {max(times) * 1000:8.0f}{target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--labels", type=int, default=40, help="entities whose labels are typed")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--browser", action="store_true", help="also time the served page in Chromium")
    args = parser.parse_args()
    requests = workload(args.store, args.labels, args.seed)
    port = free_port()
    server, startup = start_server(args.store, port)
    try:
        base = f"http://127.0.0.1:{port}"
        print(f"store {args.store}; kg serve answering after {startup:.1f} s; load average {os.getloadavg()[0]:.1f}")
        for path in requests["search"][:20] + requests["node hub 1 hop"][:2]:  # warm up both workers
            get(base + path)
        print(
            f"\n{'request':22} {'n':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
            f" {'CPU ms':>7} {'CPU p95':>7} {'KB':>6}  target"
        )
        for kind, paths in requests.items():
            times, sizes, cpus = [], [], []
            for path in paths:
                cpu = server_cpu(server.pid)
                seconds, status, size = get(base + path)
                cpus.append(server_cpu(server.pid) - cpu)
                assert status == 200, (status, path)
                times.append(seconds)
                sizes.append(size)
            times.sort()
            cpus.sort()
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            cpu_p95 = cpus[min(len(cpus) - 1, round(0.95 * (len(cpus) - 1)))]
            target = TARGETS.get(kind.split()[0])
            verdict = "" if target is None else f"< {target * 1000:.0f} ms: {'yes' if p95 < target else 'NO'} (p95)"
            med = statistics.median(times) * 1000
            print(
                f"{kind:22} {len(times):5} {med:10.1f} {p95 * 1000:8.1f} {times[-1] * 1000:8.1f}"
                f" {statistics.mean(cpus) * 1000:7.1f} {cpu_p95 * 1000:7.0f}"
                f" {statistics.median(sizes) / 1024:6.0f}  {verdict}"
            )
        if args.browser:
            hub = urllib.parse.parse_qs(requests["node hub 1 hop"][0].split("?", 1)[1])["id"][0]
            page_times(base, hub, "diffusion")
        print(f"\nload average at the end {os.getloadavg()[0]:.1f}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
