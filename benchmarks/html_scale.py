"""Scale benchmark for the interactive HTML export (issue 5).

Builds synthetic graphs shaped like kg output for 200, 1,000 and ~2,400 abstracts (ICLR-sized),
writes the HTML and reports file size, Python write time (and the concept map's layout within it)
and the time until the page is interactive (``window.kgReady``) in headless Chromium.

    .venv/bin/python benchmarks/html_scale.py [--sizes 200 1000 2400] [--dense] [--no-browser]
                                              [--real] [--out DIR]

``--real`` also builds the ICLR 2024 corpus with ``kg.engine.build.build_graph`` when both exist.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kg.export import html as kg_html  # noqa: E402
from kg.export import html_map  # noqa: E402

TYPES = ("Method", "Task", "Dataset", "Metric", "Concept")
RELS = ("uses", "addresses", "evaluatedOn", "measuredBy", "improvesOn", "comparedWith", "isA", "partOf")
WORDS = (
    "sparse",
    "graph",
    "neural",
    "diffusion",
    "contrastive",
    "latent",
    "robust",
    "causal",
    "transformer",
    "attention",
    "policy",
    "reward",
    "token",
    "kernel",
    "federated",
    "vision",
    "language",
    "model",
    "network",
    "learning",
    "optimization",
    "bayesian",
    "adversarial",
)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def synthetic_graph(
    n_papers: int, seed: int = 0, *, new_per_paper: int = 8, relations_per_paper: int = 12
) -> nx.MultiDiGraph:
    """A graph with the shape of kg output: new entities per paper plus a Zipf-popular core."""
    rng = random.Random(seed)
    g = nx.MultiDiGraph(name="kg")
    n_popular = max(50, n_papers)
    popular = [f"entity/pop-{i}" for i in range(n_popular)]
    zipf = [1.0 / (i + 1) for i in range(n_popular)]

    def add_entity(node: str, paper: str) -> None:
        if node not in g:
            words = rng.sample(WORDS, 3)
            g.add_node(
                node,
                type=rng.choice(TYPES),
                label=" ".join(words),
                papers=[],
                alt_labels=["".join(w[0] for w in words).upper()],
                paper_count=0,
                count=0,
                proposed_by=[],
            )
        d = g.nodes[node]
        if paper not in d["papers"]:
            d["papers"].append(paper)
            d["paper_count"] += 1
        d["count"] += 1

    for p in range(n_papers):
        pid = f"paper/p{p}"
        title = f"Paper {p}: " + " ".join(rng.sample(WORDS, 6))
        abstract = " ".join(rng.choice(WORDS) for _ in range(180))
        g.add_node(
            pid,
            type="Paper",
            label=title,
            title=title,
            abstract=abstract,
            url=f"https://openreview.net/forum?id=p{p}",
            code=[],
            authors=["A. Author"],
            year=2024,
            venue="ICLR",
            key=f"p{p}",
        )
        ents = [f"entity/new-{p}-{i}" for i in range(new_per_paper)]
        ents += rng.choices(popular, weights=zipf, k=7)
        ents = sorted(set(ents))
        for e in ents:
            add_entity(e, pid)
            g.add_edge(pid, e, key="mentions", type="mentions", weight=1, papers=[pid], evidence=[])
        prop = ents[0]
        g.nodes[prop]["proposed_by"].append(pid)
        g.add_edge(pid, prop, key="proposes", type="proposes", weight=1, papers=[pid], evidence=[])
        for _ in range(relations_per_paper):
            a, b = rng.sample(ents, 2)
            rel = rng.choice(RELS)
            if g.has_edge(a, b, key=rel):
                g.edges[a, b, rel]["weight"] += 1
                g.edges[a, b, rel]["papers"].append(pid)
            else:
                g.add_edge(a, b, key=rel, type=rel, weight=1, papers=[pid], evidence=[f"In paper {p}, {a} {rel} {b}."])
    return g


def time_to_interactive(path: Path) -> float:
    """Seconds from navigation to ``window.kgReady`` in headless Chromium (file://)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        start = time.perf_counter()
        page.goto(path.as_uri())
        page.wait_for_function("() => window.kgReady === true", timeout=120_000, polling=50)
        elapsed = time.perf_counter() - start
        browser.close()
    return elapsed


def run(name: str, graph: nx.MultiDiGraph, out_dir: Path, browser: bool) -> None:
    path = out_dir / f"{name}.html"
    layout_s = 0.0
    layout = html_map.map_layout

    def timed_layout(graph: nx.MultiDiGraph, nodes: list[str]) -> dict[str, tuple[int, int]]:
        nonlocal layout_s
        start = time.perf_counter()
        try:
            return layout(graph, nodes)
        finally:
            layout_s += time.perf_counter() - start

    html_map.map_layout = timed_layout  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        kg_html.write_html(graph, path, title=name)
        write_s = time.perf_counter() - start
    finally:
        html_map.map_layout = layout  # type: ignore[assignment]
    size_mb = path.stat().st_size / 1e6
    tti = f"{time_to_interactive(path):.2f} s" if browser else "n/a"
    print(
        f"{name:>14}: {graph.number_of_nodes():>6} nodes {graph.number_of_edges():>7} edges | "
        f"{size_mb:6.2f} MB | write {write_s:5.2f} s (layout {layout_s:4.2f} s) | "
        f"time-to-interactive {tti}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 2400])
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--dense", action="store_true", help="also ~36k nodes / 150k edges")
    parser.add_argument("--real", action="store_true", help="also build ICLR 2024 if possible")
    parser.add_argument("--out", type=Path, default=None, help="keep the HTML files here")
    args = parser.parse_args()
    browser = not args.no_browser and os.path.exists(CHROMIUM)
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = args.out or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        for n in args.sizes:
            run(f"synthetic-{n}", synthetic_graph(n), out_dir, browser)
        if args.dense:
            dense = synthetic_graph(2400, new_per_paper=14, relations_per_paper=40)
            run("synthetic-2400-dense", dense, out_dir, browser)
        corpus = ROOT.parent / "shared/data/corpora/airas-papers-db/iclr/2024.json"
        if args.real and corpus.exists():
            try:
                from kg.engine.build import build
            except ImportError:
                print("kg.engine.build.build not available; skipping the real corpus")
            else:
                print("building the real ICLR 2024 graph (spaCy, slow)...", flush=True)
                graph, _ = build([corpus], out_dir, formats=())
                run("iclr-2024", graph, out_dir, browser)


if __name__ == "__main__":
    main()
