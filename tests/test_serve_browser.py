"""The page ``kg serve`` serves, in headless Debian Chromium: it loads the concept map from the
JSON API, searches as you type through it, loads a neighbourhood on selection, and requests
nothing but its own server. Needs ``/usr/bin/chromium`` (see tests/test_html_browser.py)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kg.sparql.serve import MAP_SIZE, make_app, make_http_server
from kg.sparql.store import add_graph

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
ARGS += ["--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = tmp_path_factory.mktemp("served") / "store"
    add_graph(store, ROOT / "exports" / "graph.ttl", "example")
    app = make_app(store, timeout_s=30.0, workers=2)
    httpd = make_http_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()
    app.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} missing (required when CI is set)")
        pytest.skip(f"{CHROMIUM} missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[tuple[Any, list[str], list[str]]]:
    page = browser.new_page(viewport={"width": 1400, "height": 850})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.goto(url + "/")
    page.wait_for_function("() => window.kgReady === true", timeout=30_000)
    yield page, requests, errors
    page.close()


def test_served_page_loads_map_and_searches_through_the_api(page: tuple[Any, list[str], list[str]], url: str) -> None:
    p, requests, errors = page
    assert p.evaluate("() => kgExplorer.nodes.length") == MAP_SIZE
    assert p.evaluate("() => kgExplorer.data.total") == 343
    assert f"{MAP_SIZE} of 343 entities" in p.inner_text("#kg-stats")
    p.fill("#kg-search", "SAE")
    p.wait_for_function("() => document.querySelector('#kg-results li') !== null", timeout=20_000)
    assert p.inner_text("#kg-results").startswith("sparse autoencoder")
    p.press("#kg-search", "Enter")
    p.wait_for_function("() => kgExplorer.selectedId() === 'entity/sparseautoencoder'", timeout=20_000)
    # its neighbourhood comes from /api/node: the papers that mention it, with their abstracts
    p.wait_for_function("() => document.querySelector('#kg-panel').textContent.includes('Papers (2)')", timeout=20_000)
    assert "SAE-V: Interpreting Multimodal Models" in p.inner_text("#kg-panel")
    visible = p.evaluate("() => kgExplorer.visibleIds()")
    assert "entity/sparseautoencoder" in visible and any(i.startswith("paper/") for i in visible)
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    p.screenshot(path=str(ROOT / "test-artifacts" / "served-explorer.png"))
    assert errors == []
    assert requests and all(r == url + "/" or r.startswith(url + "/api/") for r in requests), requests
    assert any("/api/map?" in r for r in requests) and any("/api/search?q=SAE" in r for r in requests)


def test_served_page_finds_what_the_map_leaves_out(page: tuple[Any, list[str], list[str]], url: str) -> None:
    """An entity in one paper only is not among the map's 200 but is found and shown with its papers."""
    p, requests, errors = page
    trpo = "entity/trustregionpolicyoptimization"
    assert not p.evaluate("(id) => kgExplorer.data.nodes.some((n) => n.i === id)", trpo)
    p.fill("#kg-search", "TRUST region pol")
    p.wait_for_function("() => document.querySelector('#kg-results li') !== null", timeout=20_000)
    p.press("#kg-search", "Enter")
    p.wait_for_function(f"() => kgExplorer.selectedId() === '{trpo}'", timeout=20_000)
    p.wait_for_function("() => document.querySelector('#kg-panel').textContent.includes('Papers (1)')", timeout=20_000)
    assert "Simple Policy Optimization" in p.inner_text("#kg-panel")
    assert errors == [] and all(r.startswith(url + "/") for r in requests)
