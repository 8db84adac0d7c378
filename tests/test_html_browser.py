"""The HTML explorer in headless Debian Chromium (Playwright, sync API).

Needs ``/usr/bin/chromium`` (``apt-get install -y chromium``); skipped without it unless the
``CI`` environment variable is set, in which case it fails.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from test_html import HOSTILE, make_graph

from kg.export import html as kg_html

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[1]
FADED = "rgba(190,196,204,0.25)"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required when CI is set)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        _unavailable(f"{CHROMIUM} missing: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Page:
    """A page opened on a written HTML file, recording requests, console errors and dialogs."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.path = path
        self.page = browser.new_page(viewport={"width": 1400, "height": 850})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("dialog", self._dialog)
        self.page.goto(path.as_uri())
        # a function, not a string: the page's CSP forbids eval, which string predicates use
        self.page.wait_for_function("() => window.kgReady === true", timeout=20_000)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _dialog(self, dialog: Any) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def js(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def visible(self) -> list[str]:
        return sorted(self.js("() => kgExplorer.visibleIds()"))

    def assert_clean(self) -> None:
        assert self.requests == [self.path.as_uri()]
        assert self.errors == []


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests leave screenshots to look at (pytest keeps the last runs' temporary folders)."""
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture
def explorer(browser: Any, tmp_path: Path) -> Iterator[Page]:
    path = tmp_path / "kg.html"
    kg_html.write_html(make_graph(), path, title="kg browser test")
    page = Page(browser, path)
    yield page
    page.page.close()


def test_loads_offline_and_draws_every_node(explorer: Page, screenshots: Path) -> None:
    graph = make_graph()
    assert explorer.js("() => kgExplorer.nodes.length") == graph.number_of_nodes()
    assert explorer.js("() => kgExplorer.edges.length") == graph.number_of_edges()
    assert explorer.js("() => kgExplorer.network.body.nodeIndices.length") == 7
    assert explorer.visible() == sorted(graph.nodes)
    explorer.page.screenshot(path=str(screenshots / "html-explorer.png"))
    explorer.assert_clean()


def test_search_abbreviation_selects_and_highlights(explorer: Page) -> None:
    explorer.page.fill("#kg-search", "SAE")
    assert explorer.page.inner_text("#kg-results").startswith("sparse autoencoder")
    explorer.page.press("#kg-search", "Enter")
    assert explorer.js("() => kgExplorer.selectedId()") == "entity/sparse-autoencoder"
    selected = explorer.js("() => kgExplorer.network.getSelectedNodes()")
    assert [explorer.js("(i) => kgExplorer.data.nodes[i].i", i) for i in selected] == ["entity/sparse-autoencoder"]
    panel = explorer.page.inner_text("#kg-panel")
    assert explorer.page.inner_text("#kg-panel h3") == "sparse autoencoder"
    for text in (
        "Method",
        "SAE, sparse autoencoders",
        "https://example.org/vocab#SAE",
        "Sparse autoencoders find features",
        "We evaluate the SAE on MNIST.",
    ):
        assert text in panel
    links = explorer.js("() => [...document.querySelectorAll('#kg-panel a')].map(a => a.href)")
    assert "https://github.com/example/sae" in links
    assert all(link.startswith(("http://", "https://")) for link in links)
    colours = explorer.js(
        "() => Object.fromEntries(kgExplorer.nodes.get().map(n => [kgExplorer.data.nodes[n.id].i, n.color.background]))"
    )
    assert colours["entity/accuracy"] == FADED  # not a neighbour of the selection
    assert colours["entity/mnist"] != FADED
    explorer.assert_clean()


def test_filters_hide_types_and_rare_entities(explorer: Page) -> None:
    explorer.page.click("#kg-type-Dataset")
    assert "entity/mnist" not in explorer.visible() and len(explorer.visible()) == 6
    explorer.page.click("#kg-type-Paper")
    assert not [n for n in explorer.visible() if n.startswith("paper/")]
    explorer.page.fill("#kg-min-papers", "2")
    assert explorer.visible() == ["entity/interpretability", "entity/sparse-autoencoder"]
    explorer.page.fill("#kg-min-papers", "1")
    explorer.page.click("#kg-type-Dataset")
    explorer.page.click("#kg-type-Paper")
    assert len(explorer.visible()) == 7
    assert explorer.js("() => kgExplorer.edges.length") == 12
    explorer.assert_clean()


def test_hostile_text_renders_as_text(explorer: Page, screenshots: Path) -> None:
    page = explorer.page
    for node_id in ("paper/p2", "entity/hostile"):
        index = explorer.js("(id) => kgExplorer.data.nodes.findIndex(n => n.i === id)", node_id)
        explorer.js("(i) => kgExplorer.network.focus(i, {scale: 1.5})", index)
        point = explorer.js("(i) => kgExplorer.network.canvasToDOM(kgExplorer.network.getPosition(i))", index)
        box = page.locator("#kg-network").bounding_box()
        page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])  # a real click
        assert explorer.js("() => kgExplorer.selectedId()") == node_id
        assert page.inner_text("#kg-panel h3") == HOSTILE
        if node_id == "paper/p2":
            assert HOSTILE in page.inner_text("#kg-panel .kg-abstract")
            assert explorer.js("() => [...document.querySelectorAll('#kg-panel a')].map(a => a.href)") == [
                "http://example.org/c?a=1&b=2"
            ]
        else:
            assert page.inner_text("#kg-panel .kg-alt") == "<b>alt</b>"
            assert HOSTILE in page.inner_text("#kg-panel .kg-evidence")
    page.mouse.move(5, 5)
    page.wait_for_timeout(300)  # let a would-be onerror fire
    assert explorer.js("() => window.kgPwned") is None
    assert explorer.js("() => document.querySelectorAll('img, script:not([src])').length") == 3
    assert (
        explorer.js("() => document.querySelectorAll('#kg-panel *:not(h2,h3,p,span,ul,li,a,button,blockquote)').length")
        == 0
    )
    page.screenshot(path=str(screenshots / "html-explorer-hostile.png"))
    explorer.assert_clean()


def test_show_more_and_no_physics(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kg_html, "INITIAL_NODES", 4)
    monkeypatch.setattr(kg_html, "STEP_NODES", 2)
    monkeypatch.setattr(kg_html, "PHYSICS_MAX_NODES", 0)
    path = tmp_path / "capped.html"
    kg_html.write_html(make_graph(), path)
    page = Page(browser, path)
    assert page.js("() => kgExplorer.network.physics.options.enabled") is False
    most_connected = [n["i"] for n in kg_html.graph_data(make_graph())["nodes"]][:4]
    assert page.visible() == sorted(most_connected)
    assert "3 more match" in page.page.inner_text("#kg-status")
    page.page.click("#kg-more")
    assert len(page.visible()) == 6
    page.page.fill("#kg-search", "accuracy")  # a node beyond the cap is shown when selected
    page.page.press("#kg-search", "Enter")
    assert "entity/accuracy" in page.visible()
    page.assert_clean()
    page.page.close()


def test_conference_scale_is_interactive_within_5s(browser: Any, tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("html_scale", ROOT / "benchmarks/html_scale.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    graph = bench.synthetic_graph(2400)
    assert 20_000 <= graph.number_of_nodes() <= 40_000
    path = tmp_path / "iclr.html"
    kg_html.write_html(graph, path)
    start = time.perf_counter()
    page = Page(browser, path)
    assert time.perf_counter() - start < 5.0
    assert page.js("() => kgExplorer.nodes.length") == kg_html.INITIAL_NODES
    page.assert_clean()
    page.page.close()


def test_empty_graph_loads(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "empty.html"
    kg_html.write_html(nx.MultiDiGraph(), path)
    page = Page(browser, path)
    assert page.js("() => kgExplorer.nodes.length") == 0
    page.assert_clean()
    page.page.close()


def test_example_page_offline_complete_and_searchable(browser: Any, screenshots: Path) -> None:
    """The committed example page: no request beyond the file, every node drawn, SAE found."""
    from kg.export.rdf import read_rdf

    graph = read_rdf(ROOT / "exports" / "graph.ttl")
    page = Page(browser, ROOT / "exports" / "graph.html")
    try:
        assert page.js("() => kgExplorer.nodes.length") == graph.number_of_nodes()
        assert page.js("() => kgExplorer.network.body.nodeIndices.length") == graph.number_of_nodes()
        page.page.fill("#kg-search", "SAE")
        page.page.press("#kg-search", "Enter")
        assert page.js("() => kgExplorer.selectedId()") == "entity/sparseautoencoder"
        assert page.page.inner_text("#kg-panel h3") == "sparse autoencoder"
        page.page.screenshot(path=str(screenshots / "example-graph.png"))
        page.assert_clean()
    finally:
        page.page.close()
