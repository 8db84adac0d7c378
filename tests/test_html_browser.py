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
from urllib.parse import quote

import networkx as nx
import pytest
from conftest import serving
from fixtures.topics import HOSTILE_LABEL, topic_graph
from test_html import HOSTILE, make_graph

from kg.export import html as kg_html
from kg.export.rdf import write_rdf
from kg.graph.clusters import add_clusters
from kg.graph.trends import add_years
from kg.sparql import overview
from kg.sparql.explore import OWN_PAPERS
from kg.sparql.serve import make_app

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
    """A page opened on a written HTML file or on a served page (its URL), recording requests,
    console errors and dialogs.

    Every request that is not for the page's own file or server is aborted and recorded: the
    page must make none. A file page requests nothing but itself; a served page, its own API.
    """

    def __init__(self, browser: Any, path: Path | str, fragment: str = "") -> None:
        self.url = path.as_uri() if isinstance(path, Path) else path
        self.origin = "file://" if isinstance(path, Path) else path
        self.page = browser.new_page(viewport={"width": 1400, "height": 850})
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("dialog", self._dialog)
        self.page.route("**/*", self._route)
        self.page.goto(self.url + fragment)
        self.wait()

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.origin):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _dialog(self, dialog: Any) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def wait(self, view: str | None = None) -> None:
        """Until the page has drawn its view (``view``: that one, as its URL fragment)."""
        # functions, not strings: the page's CSP forbids eval, which string predicates use
        self.page.wait_for_function("() => window.kgReady === true && !window.kgBusy", timeout=20_000)
        if view is not None:
            self.page.wait_for_function("(v) => window.kgView === v && !window.kgBusy", arg=view, timeout=20_000)
            assert self.page.evaluate("() => location.hash") == view

    def js(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def visible(self) -> list[str]:
        return sorted(self.js("() => kgExplorer.visibleIds()"))

    def click_node(self, node_id: str) -> None:
        """A real mouse click on a drawn node, zoomed in on it first so that no other node covers it."""
        self.js("(id) => kgExplorer.network.focus(id, {scale: 3})", node_id)
        point = self.js("(id) => kgExplorer.network.canvasToDOM(kgExplorer.network.getPosition(id))", node_id)
        box = self.page.locator("#kg-network").bounding_box()
        self.page.mouse.click(box["x"] + point["x"], box["y"] + point["y"])

    def assert_clean(self) -> None:
        assert self.outside == []
        if self.origin == "file://":
            assert self.requests == [self.url]
        else:  # the page, then its API only
            assert self.requests[0] == self.url and all(r.startswith(self.url + "api/") for r in self.requests[1:])
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


def node_hash(node_id: str, hops: int = 1, extra: str = "") -> str:
    return f"#node={quote(node_id, safe='')}&hops={hops}{extra}"


def test_loads_offline_and_draws_every_node(explorer: Page, screenshots: Path) -> None:
    graph = make_graph()
    assert explorer.js("() => window.kgView") == "#all"  # a small graph opens on all its nodes
    assert explorer.js("() => kgExplorer.nodes.length") == graph.number_of_nodes()
    assert explorer.js("() => kgExplorer.edges.length") == graph.number_of_edges()
    assert explorer.js("() => kgExplorer.network.body.nodeIndices.length") == 7
    assert explorer.visible() == sorted(graph.nodes)
    explorer.page.screenshot(path=str(screenshots / "html-explorer.png"))
    explorer.assert_clean()


def test_search_abbreviation_shows_only_its_neighbourhood(explorer: Page) -> None:
    explorer.page.fill("#kg-search", "SAE")
    explorer.page.wait_for_function("() => document.querySelector('#kg-results li') !== null")
    assert explorer.page.inner_text("#kg-results").startswith("sparse autoencoder")
    explorer.page.press("#kg-search", "Enter")
    explorer.wait(node_hash("entity/sparse-autoencoder"))
    assert explorer.js("() => kgExplorer.selectedId()") == "entity/sparse-autoencoder"
    assert explorer.js("() => kgExplorer.network.getSelectedNodes()") == ["entity/sparse-autoencoder"]
    graph = make_graph()
    near = {"entity/sparse-autoencoder"} | set(nx.all_neighbors(graph, "entity/sparse-autoencoder"))
    assert explorer.visible() == sorted(near) and "entity/accuracy" not in near
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
    explorer.page.keyboard.press("Escape")
    explorer.wait("#all")
    assert len(explorer.visible()) == 7
    explorer.assert_clean()


def test_search_finds_a_hidden_label_without_showing_it(browser: Any, tmp_path: Path) -> None:
    graph = make_graph()
    graph.nodes["entity/sparse-autoencoder"]["hidden_labels"] = ["SPAX"]  # skos:hiddenLabel
    path = tmp_path / "kg.html"
    kg_html.write_html(graph, path, title="hidden labels")
    page = Page(browser, path)
    page.page.fill("#kg-search", "spax")
    page.page.wait_for_function("() => document.querySelector('#kg-results li') !== null")
    assert page.page.inner_text("#kg-results").startswith("sparse autoencoder")
    page.page.press("#kg-search", "Enter")
    page.wait(node_hash("entity/sparse-autoencoder"))
    assert "SPAX" not in page.page.inner_text("#kg-panel")
    page.assert_clean()
    page.page.close()


def test_filters_hide_types_and_papers(explorer: Page) -> None:
    explorer.page.click("#kg-type-Dataset")
    explorer.wait()
    assert "entity/mnist" not in explorer.visible() and len(explorer.visible()) == 6
    explorer.page.click("#kg-type-Paper")
    explorer.wait("#all&papers=0")
    assert not [n for n in explorer.visible() if n.startswith("paper/")]
    explorer.page.click("#kg-type-Dataset")
    explorer.page.click("#kg-type-Paper")
    explorer.wait("#all")
    assert len(explorer.visible()) == 7
    assert explorer.js("() => kgExplorer.edges.length") == 12
    explorer.assert_clean()


def test_hostile_text_renders_as_text(explorer: Page, screenshots: Path) -> None:
    page = explorer.page
    for node_id in ("paper/p2", "entity/hostile"):
        explorer.click_node(node_id)  # a real click: the node's neighbourhood
        explorer.wait(node_hash(node_id))
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


# ---- the concept map, focus, history and years, on a graph with planted areas and years --------


@pytest.fixture(scope="module", params=["file", "served"])
def topics_page(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path | str, nx.MultiDiGraph]]:
    """The same graph as a written page, and as ``kg serve`` serves it from its RDF: every test of
    the views runs on both, so the served page shows what the file shows."""
    graph = topic_graph()
    add_years(graph)
    add_clusters(graph)
    folder = tmp_path_factory.mktemp("topics")
    if request.param == "file":
        path = folder / "topics.html"
        kg_html.write_html(graph, path, title="topics")
        yield path, graph
        return
    write_rdf(graph, folder / "topics.ttl")
    with serving(make_app(folder / "topics.ttl")) as url:
        yield url + "/", graph


@pytest.fixture
def topics(browser: Any, topics_page: tuple[Path | str, nx.MultiDiGraph]) -> Iterator[Page]:
    page = Page(browser, topics_page[0])
    yield page
    page.page.close()


def entity(graph: nx.MultiDiGraph, label: str) -> str:
    return next(n for n, d in graph.nodes(data=True) if d.get("label") == label)


def test_map_shows_named_clusters(
    topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph], screenshots: Path
) -> None:
    graph = topics_page[1]
    data = kg_html.graph_data(graph)
    n = data["config"]["mapDefault"]
    topics.wait(f"#map&n={n}")
    on_map = [data["nodes"][i]["i"] for i in data["map"][:n]]
    assert topics.visible() == sorted(on_map)  # entities only: 320 papers are hidden at first
    assert not topics.js("() => kgExplorer.edges.get().some(e => e.arrows.to.enabled)")
    colours = topics.js("() => Object.fromEntries(kgExplorer.nodes.get().map(v => [v.id, v.color.background]))")
    by_cluster: dict[int, set[str]] = {}
    for node in on_map:
        by_cluster.setdefault(graph.nodes[node]["cluster"], set()).add(colours[node])
    assert len(by_cluster) == 4 and all(len(c) == 1 for c in by_cluster.values())
    assert len({next(iter(c)) for c in by_cluster.values()}) == 4  # one colour per area
    names = [c["label"] for c in graph.graph["clusters"].values()]
    assert sorted(topics.js("() => kgExplorer.areas()")) == sorted(names)  # named on the map
    areas = topics.page.inner_text("#kg-panel .kg-areas")
    assert all(name in areas for name in names)
    labelled = topics.js("() => kgExplorer.nodes.get().filter(v => v.label).map(v => v.id)")
    assert entity(graph, "diffusion model") in labelled and 0 < len(labelled) < n  # the biggest only
    topics.page.screenshot(path=str(screenshots / "explorer-map.png"))
    topics.assert_clean()


def test_map_size_papers_and_emerging(topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph]) -> None:
    graph = topics_page[1]
    topics.page.locator("#kg-map-n").fill("20")
    topics.wait("#map&n=20")
    assert len(topics.visible()) == 20
    topics.page.click("#kg-type-Paper")
    topics.wait("#map&n=20&papers=1")
    papers = [n for n in topics.visible() if n.startswith("paper/")]
    mentioning = {p for n in topics.visible() if n.startswith("entity/") for p in graph.nodes[n]["papers"]}
    if isinstance(topics_page[0], Path):
        assert papers and set(papers) == mentioning
    else:  # a served map shows the papers that mention most of its entities, up to a cap
        assert set(papers) <= mentioning and len(papers) == min(len(mentioning), overview.MAP_PAPERS_MAX)
    emerging = topics.page.locator("#kg-panel .kg-emerging li").all_inner_texts()
    assert emerging[0].startswith("diffusion model") and "pts" in emerging[0]
    topics.page.locator("#kg-panel .kg-emerging button").first.click()
    topics.wait(node_hash(entity(graph, "diffusion model"), extra="&papers=1"))
    topics.assert_clean()


def test_focus_hides_the_rest_and_history_goes_back(
    topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph], screenshots: Path
) -> None:
    graph = topics_page[1]
    home = topics.js("() => window.kgView")
    on_map = topics.visible()
    centre = entity(graph, "diffusion model")
    topics.click_node(centre)
    topics.wait(node_hash(centre))
    shown = topics.visible()
    near = {n for n in nx.all_neighbors(graph, centre) if not n.startswith("paper/")}
    assert centre in shown and set(shown) - {centre} <= near
    assert len(shown) == min(len(near) + 1, kg_html.FOCUS_MAX_NODES)
    assert set(on_map) - near - {centre}, "the map had nodes outside the neighbourhood"
    assert not (set(on_map) - near - {centre}) & set(shown)  # everything else is hidden
    topics.page.screenshot(path=str(screenshots / "explorer-focus.png"))
    assert topics.page.is_enabled("#kg-back") and not topics.page.is_enabled("#kg-forward")
    topics.page.click("#kg-back")
    topics.wait(home)
    assert topics.visible() == on_map
    topics.page.click("#kg-forward")
    topics.wait(node_hash(centre))
    topics.page.go_back()  # the browser's own buttons
    topics.wait(home)
    topics.page.go_forward()
    topics.wait(node_hash(centre))
    other = entity(graph, "score matching")
    topics.page.fill("#kg-search", "score match")
    topics.page.press("#kg-search", "Enter")  # a search hit: its neighbourhood
    topics.wait(node_hash(other))
    topics.page.keyboard.press("Escape")
    topics.wait(home)
    topics.page.go_back()
    topics.wait(node_hash(other))
    topics.assert_clean()


def test_fragment_url_restores_a_view(browser: Any, topics_page: tuple[Path | str, nx.MultiDiGraph]) -> None:
    path, graph = topics_page
    centre = entity(graph, "diffusion model")
    view = node_hash(centre, 2, "&rel=uses,isA")
    page = Page(browser, path, view)
    page.wait(view)
    assert page.js("() => kgExplorer.selectedId()") == centre
    assert page.page.is_checked("#kg-hops-2") and page.page.is_checked("#kg-color-cluster")
    assert "Area: diffusion model" in page.page.inner_text("#kg-panel")
    checked = page.js("() => [...document.querySelectorAll('#kg-rels input:checked')].map(b => b.dataset.rel)")
    assert checked == ["uses", "isA"]
    follow = nx.MultiDiGraph(
        (u, v, k, d) for u, v, k, d in graph.edges(keys=True, data=True) if k in ("uses", "isA")
    ).to_undirected()
    within = nx.single_source_shortest_path_length(follow, centre, cutoff=2)
    shown = page.visible()
    assert set(shown) <= set(within) and any(within[n] == 2 for n in shown)
    relations = page.js("() => kgExplorer.edges.get().map(e => e.rel)")
    assert relations and set(relations) <= {"uses", "isA"}
    page.page.reload()
    page.wait(view)
    assert page.visible() == shown
    assert page.outside == [] and page.errors == []
    loads = [r for r in page.requests if r == page.url + view or r == page.url]
    assert len(loads) == 2 and all(r == page.url or r.startswith(page.url + "api/") for r in page.requests)
    page.page.close()


def test_unknown_node_in_the_url_falls_back_to_the_map(
    browser: Any, topics_page: tuple[Path | str, nx.MultiDiGraph]
) -> None:
    path = topics_page[0]
    page = Page(browser, path, "#node=entity%2F%3Cimg%20src%3Dx%3E&hops=9&rel=nope&color=evil")
    n = kg_html.graph_data(topics_page[1])["config"]["mapDefault"]
    page.wait(f"#map&n={n}")
    assert page.js("() => document.querySelectorAll('img').length") == 0
    assert page.page.is_checked("#kg-color-cluster")
    if isinstance(path, str):  # the API's answer, 404, which Chromium reports on the console
        assert [e for e in page.errors if "404" in e] == page.errors and len(page.errors) == 1
        page.errors.clear()
    page.assert_clean()
    page.page.close()


def test_year_overlay_changes_colours(
    topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph], screenshots: Path
) -> None:
    graph = topics_page[1]
    before = topics.js("() => Object.fromEntries(kgExplorer.nodes.get().map(v => [v.id, v.color.background]))")
    assert topics.page.is_hidden("#kg-year-legend")
    topics.page.click("#kg-color-year")
    view = topics.js("() => location.hash")
    assert view.endswith("&color=year")
    topics.wait(view)
    after = topics.js("() => Object.fromEntries(kgExplorer.nodes.get().map(v => [v.id, v.color.background]))")
    assert after.keys() == before.keys() and all(after[n] != before[n] for n in after)
    assert topics.page.is_visible("#kg-year-legend")
    low, high = map(float, topics.page.inner_text("#kg-year-legend .kg-gradient-ends").split())
    means = sorted(graph.nodes[n]["mean_year"] for n in after)
    assert means[0] <= low < high <= means[-1]  # the scale spans the entities in view
    by_year = sorted(after, key=lambda n: graph.nodes[n]["mean_year"])
    assert after[by_year[0]] != after[by_year[-1]]
    same = [n for n in after if graph.nodes[n]["mean_year"] == graph.nodes[by_year[0]]["mean_year"]]
    assert len({after[n] for n in same}) == 1
    assert topics.js("() => kgExplorer.areas()") == []  # area names belong to the cluster colours
    topics.page.screenshot(path=str(screenshots / "explorer-years.png"))
    topics.assert_clean()


def test_details_show_papers_per_year(
    topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph], screenshots: Path
) -> None:
    graph = topics_page[1]
    centre = entity(graph, "diffusion model")
    topics.js("(id) => kgExplorer.select(id)", centre)
    topics.wait(node_hash(centre))
    bars = topics.js(
        "() => [...document.querySelectorAll('#kg-panel svg.kg-chart rect.kg-bar')]"
        ".map(r => [r.querySelector('title').textContent, +r.getAttribute('height')])"
    )
    counts = graph.nodes[centre]["years"]
    assert [t for t, _ in bars] == [f"{y}: {counts.get(y, 0)} paper(s)" for y in range(2020, 2025)]
    heights = [h for _, h in bars]
    top = max(counts.values())
    assert heights[[counts.get(y, 0) for y in range(2020, 2025)].index(top)] == max(heights) > 0
    assert "papers per year" in topics.page.inner_text("#kg-panel").lower()
    topics.page.screenshot(path=str(screenshots / "explorer-details.png"))
    topics.assert_clean()


def test_views_have_the_documented_shapes(topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph]) -> None:
    """What kgViews.load answers is what a server's /api/map, /api/node, /api/search must answer."""
    graph = topics_page[1]
    centre = entity(graph, "diffusion model")
    answers = topics.js(
        """async (id) => ({
            map: await kgExplorer.views.load("map", {n: 10}),
            node: await kgExplorer.views.load("node", {id: id, hops: 2, limit: 30}),
            search: await kgExplorer.views.load("search", {q: "diffusion"}),
            missing: await kgExplorer.views.load("node", {id: "entity/none"}),
        })""",
        centre,
    )
    common = {"types", "rels", "nodes", "edges"}
    served = set() if isinstance(topics_page[0], Path) else {"total", "truncated"}  # the API says what it cut
    assert set(answers["map"]) == common | {"clusters", "years", "emerging"} | served
    assert set(answers["node"]) == common | {"centre", "draw", "total"} | served
    assert set(answers["search"]) == common | served and answers["search"]["edges"] == []
    assert answers["missing"] is None
    node = answers["node"]
    assert node["nodes"][0]["i"] == centre and node["draw"] == 30 and node["total"] >= 30
    listed = len(graph.nodes[centre]["papers"]) if not served else min(len(graph.nodes[centre]["papers"]), OWN_PAPERS)
    assert len(node["nodes"]) == 30 + listed  # its papers, for the details (a server lists the first)
    for answer in (answers["map"], node):
        size = len(answer["nodes"])
        assert all(0 <= e[0] < size and 0 <= e[1] < size and 0 <= e[2] < len(answer["rels"]) for e in answer["edges"])
        assert all(0 <= p < size for n in answer["nodes"] for p in n.get("p", []) + n.get("pb", []))
    if served:  # the API's 404 for the missing node, which Chromium reports on the console
        assert len(topics.errors) == 1 and "404" in topics.errors[0]
        topics.errors.clear()
    first = answers["map"]["nodes"][0]
    assert {"i", "l", "t", "x", "y", "n", "cluster", "cluster_label", "mean_year", "years"} <= set(first)
    assert [n["l"] for n in answers["search"]["nodes"]][:1] == ["diffusion model"]
    topics.assert_clean()


def test_hostile_label_on_the_map_stays_text(topics: Page, topics_page: tuple[Path | str, nx.MultiDiGraph]) -> None:
    graph = topics_page[1]
    hostile = entity(graph, HOSTILE_LABEL)
    topics.js("(id) => kgExplorer.select(id)", hostile)
    topics.wait(node_hash(hostile))
    assert topics.page.inner_text("#kg-panel h3") == HOSTILE_LABEL
    assert topics.page.inner_text("#kg-where") == "Neighbourhood of " + HOSTILE_LABEL
    topics.page.wait_for_timeout(200)
    assert topics.js("() => window.kgPwned") is None
    assert topics.js("() => document.querySelectorAll('img').length") == 0
    topics.assert_clean()


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
    assert page.js("() => window.kgView") == "#map&n=200"
    assert page.js("() => kgExplorer.nodes.length") == kg_html.graph_data(graph)["config"]["mapDefault"] == 200
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
        page.wait(node_hash("entity/sparseautoencoder"))
        assert page.js("() => kgExplorer.selectedId()") == "entity/sparseautoencoder"
        assert page.page.inner_text("#kg-panel h3") == "sparse autoencoder"
        page.page.screenshot(path=str(screenshots / "example-graph.png"))
        page.assert_clean()
    finally:
        page.page.close()
