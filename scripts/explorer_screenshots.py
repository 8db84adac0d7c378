"""Screenshots of the HTML explorer's views for the README (docs/explorer-*.png).

    .venv/bin/python scripts/explorer_screenshots.py ICLR2024.json ICLR2020-2024.json [--out docs]
    .venv/bin/python scripts/explorer_screenshots.py --served http://127.0.0.1:8000/ [--out docs]

Each argument is a node-link ``graph.json`` written by ``kg build ... --to json``: the first for the
concept map and a neighbourhood (ICLR 2024), the second, spanning years, for the year overlay and
an entity's papers per year. ``--served URL`` instead takes the served page of ``kg serve STORE``
(all corpora together: docs/explorer-served-*.png). A graph without ``cluster`` attributes
(built before kg had them) gets them here as a build sets them. Needs Debian's chromium and
Playwright; PNGs are shrunk with ``pngquant`` when it is installed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kg.export import html as kg_html  # noqa: E402
from kg.graph.clusters import add_clusters  # noqa: E402
from kg.graph.trends import add_years  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
#: name -> (which graph, URL fragment)
SHOTS = {
    "explorer-map": (0, ""),
    "explorer-focus": (0, "#node=entity%2Fdiffusionmodel&hops=1"),
    "explorer-years": (1, "#map&n=200&color=year"),
    "explorer-details": (1, "#node=entity%2Flargelanguagemodel&hops=1&color=year"),
}
SERVED_SHOTS = {
    "explorer-served-map": "#map&n=200&color=year",
    "explorer-served-focus": "#node=entity%2Fdiffusionmodel&hops=2",
}


def load(path: Path) -> nx.MultiDiGraph:
    graph = nx.node_link_graph(json.loads(path.read_text(encoding="utf-8")), edges="links")
    if not any("cluster" in d for _, d in graph.nodes(data=True)):  # a graph from before clusters
        add_years(graph)
        add_clusters(graph)
    return graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("graphs", type=Path, nargs="*")
    parser.add_argument("--served", help="the URL of a served page, instead of the graphs")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    if args.served:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            tab = browser.new_page(viewport={"width": 1400, "height": 860})
            for name, fragment in SERVED_SHOTS.items():
                shoot(tab, args.served + fragment, args.out / f"{name}.png")
            browser.close()
        return
    if len(args.graphs) != 2:
        parser.error("give two graphs (or --served URL)")

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        pages = []
        for k, path in enumerate(args.graphs):
            graph = load(path)
            page = Path(tmp) / f"graph{k}.html"
            start = time.perf_counter()
            kg_html.write_html(graph, page, title=path.parent.name or path.stem)
            print(f"{path}: {graph.number_of_nodes()} nodes, page in {time.perf_counter() - start:.2f} s")
            pages.append(page)
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        tab = browser.new_page(viewport={"width": 1400, "height": 860})
        tab.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
        for name, (k, fragment) in SHOTS.items():
            shoot(tab, pages[k].as_uri() + fragment, args.out / f"{name}.png")
        browser.close()


def shoot(tab: Any, url: str, png: Path) -> None:
    """A screenshot of the page at ``url`` once it has drawn its view."""
    tab.goto(url)
    tab.wait_for_function("() => window.kgReady === true && !window.kgBusy", timeout=60_000)
    tab.screenshot(path=str(png))
    if shutil.which("pngquant"):
        shrink = ["pngquant", "--force", "--skip-if-larger", "--ext", ".png", "256", str(png)]
        subprocess.run(shrink, check=False)
    print(f"{png}: {png.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
