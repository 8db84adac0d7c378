"""The HTML explorer without a browser: self-contained, escaped, deterministic."""

from __future__ import annotations

import io
import json
import re
from importlib import resources
from pathlib import Path

import networkx as nx
import pytest

from kg.export.html import graph_data, render_api_page, write_html

HOSTILE = "</script><script>window.kgPwned=1</script><img src=x onerror=\"window.kgPwned=2\"> & 'q'"


def make_graph() -> nx.MultiDiGraph:
    """A small graph following kg/graph/model.py, with hostile text in one paper and entity."""
    g = nx.MultiDiGraph(name="kg")
    g.add_node(
        "paper/p1",
        type="Paper",
        label="Sparse autoencoders find features",
        title="Sparse autoencoders find features",
        abstract="We train an SAE on MNIST.",
        url="https://example.org/p1",
        code=["https://github.com/example/sae"],
        authors=["Ada Lovelace"],
        year=2024,
        venue="ICLR",
        key="p1",
    )
    g.add_node(
        "paper/p2",
        type="Paper",
        label=HOSTILE,
        title=HOSTILE,
        abstract="Abstract " + HOSTILE + " \u2028 end",
        url="javascript:alert(1)",
        code=["http://example.org/c?a=1&b=2"],
        authors=["Eve"],
        year=2023,
        venue="X",
        key="p2",
    )
    entities = {
        "sparse-autoencoder": (
            "Method",
            "sparse autoencoder",
            ["SAE", "sparse autoencoders"],
            ["paper/p1", "paper/p2"],
            ["paper/p1"],
        ),
        "mnist": ("Dataset", "MNIST", [], ["paper/p1"], []),
        "accuracy": ("Metric", "accuracy", ["acc"], ["paper/p1"], []),
        "interpretability": ("Task", "interpretability", [], ["paper/p1", "paper/p2"], []),
        "hostile": ("Concept", HOSTILE, ["<b>alt</b>"], ["paper/p2"], []),
    }
    for key, (kind, label, alt, papers, proposed) in entities.items():
        g.add_node(
            f"entity/{key}",
            type=kind,
            label=label,
            alt_labels=alt,
            papers=papers,
            paper_count=len(papers),
            count=len(papers),
            proposed_by=proposed,
        )
        for p in papers:
            g.add_edge(p, f"entity/{key}", key="mentions", type="mentions", weight=1, papers=[p], evidence=[])
    g.nodes["entity/sparse-autoencoder"]["vocab"] = "https://example.org/vocab#SAE"
    g.add_edge(
        "paper/p1",
        "entity/sparse-autoencoder",
        key="proposes",
        type="proposes",
        weight=1,
        papers=["paper/p1"],
        evidence=[],
    )
    for u, v, rel, sentence in [
        ("sparse-autoencoder", "mnist", "evaluatedOn", "We evaluate the SAE on MNIST."),
        ("sparse-autoencoder", "interpretability", "addresses", "SAEs help interpretability."),
        ("mnist", "accuracy", "measuredBy", "Accuracy on MNIST is reported."),
        ("hostile", "sparse-autoencoder", "uses", HOSTILE),
    ]:
        g.add_edge(f"entity/{u}", f"entity/{v}", key=rel, type=rel, weight=1, papers=["paper/p1"], evidence=[sentence])
    return g


@pytest.fixture
def page(tmp_path: Path) -> str:
    out = tmp_path / "kg.html"
    write_html(make_graph(), out, title="kg <test> & co")
    return out.read_text(encoding="utf-8")


def test_self_contained(page: str) -> None:
    assert not re.search(r"<script[^>]*\bsrc\s*=", page, re.IGNORECASE)
    assert not re.search(r"<link\b", page, re.IGNORECASE)
    assert not re.search(r"(src|href)\s*=\s*[\"']?\s*(https?:)?//", page, re.IGNORECASE)
    assert not re.search(r"@import|url\(\s*[\"']?\s*(https?:)?//", page, re.IGNORECASE)
    assert "vis.Network" in page and "kgExplorer" in page
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "default-src 'none'" in csp.group(1) and "unsafe-inline" not in csp.group(1).split("style-src")[0]


def test_hostile_text_is_escaped(page: str) -> None:
    assert "<title>kg &lt;test&gt; &amp; co</title>" in page
    vis = (resources.files("pyvis") / "lib/vis-9.1.2/vis-network.min.js").read_text("utf-8")
    scripts = re.findall(r"<script\b", page.replace(vis, ""), re.IGNORECASE)
    assert len(scripts) == 3  # data, vis-network, explorer: nothing injected
    assert "kgPwned" not in page.replace("\\u003c", "")[: page.index("kg-data")]
    assert "<img" not in page and 'onerror="window' not in page
    blob = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page, re.S)
    assert blob is not None
    raw = blob.group(1)
    assert not re.search("[<>&\u2028\u2029]", raw)
    data = json.loads(raw)
    labels = {n["i"]: n for n in data["nodes"]}
    assert labels["entity/hostile"]["l"] == HOSTILE
    assert HOSTILE in labels["paper/p2"]["ab"] and "\u2028" in labels["paper/p2"]["ab"]
    assert "u" not in labels["paper/p2"]  # javascript: URL dropped
    assert labels["paper/p2"]["c"] == ["http://example.org/c?a=1&b=2"]


def test_deterministic(tmp_path: Path) -> None:
    g1 = make_graph()
    g2 = nx.MultiDiGraph(name="kg")  # same graph, other insertion order
    g2.add_nodes_from(reversed(list(g1.nodes(data=True))))
    g2.add_edges_from(reversed(list(g1.edges(keys=True, data=True))))
    a, b = io.StringIO(), io.StringIO()
    write_html(g1, a)
    write_html(g2, b)
    write_html(g1, tmp_path / "x.html")
    assert a.getvalue() == b.getvalue() == (tmp_path / "x.html").read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["x.html"]  # no temp file left behind


def test_graph_data_contract() -> None:
    data = graph_data(make_graph())
    nodes = {n["i"]: n for n in data["nodes"]}
    assert len(nodes) == 7 and len(data["edges"]) == 12
    sae = nodes["entity/sparse-autoencoder"]
    assert sae["a"] == ["SAE", "sparse autoencoders"] and sae["n"] == 2
    assert sae["v"] == [["https://example.org/vocab#SAE", "https://example.org/vocab#SAE"]]
    assert [data["nodes"][p]["i"] for p in sae["pb"]] == ["paper/p1"]
    assert data["types"][sae["t"]] == "Method"
    assert any(len(e) == 5 and e[4] == HOSTILE for e in data["edges"])
    assert nodes["paper/p1"]["yr"] == "2024" and nodes["paper/p1"]["u"] == "https://example.org/p1"
    assert all(isinstance(n["x"], int) and isinstance(n["y"], int) for n in data["nodes"])


def test_max_nodes_keeps_most_connected() -> None:
    data = graph_data(make_graph(), max_nodes=3)
    assert data["nodes"][0]["i"] == "entity/sparse-autoencoder"
    assert len(data["nodes"]) == 3
    assert all(e[0] < 3 and e[1] < 3 for e in data["edges"])


def test_empty_graph(tmp_path: Path) -> None:
    write_html(nx.MultiDiGraph(), tmp_path / "empty.html")
    assert "kg-data" in (tmp_path / "empty.html").read_text(encoding="utf-8")


def test_html_vis_network_comes_from_the_pinned_pyvis():
    """kg reads vis-network from inside pyvis: this fails if a pyvis release moves or drops it."""
    from importlib.metadata import version

    from kg.export.html import vis_network_assets

    js, css = vis_network_assets()
    assert version("pyvis") == "0.3.2"
    assert "vis-network" in js[:2000] and len(js) > 100_000
    assert ".vis-network" in css


def test_html_missing_vis_network_says_what_to_install(monkeypatch):
    import kg.export.html as kg_html

    monkeypatch.setattr(kg_html, "VIS_NETWORK", "vis-0.0.0")
    with pytest.raises(ImportError, match="pip install pyvis"):
        kg_html.vis_network_assets()


def test_api_page_has_no_data_and_reaches_its_own_server_only() -> None:
    """The page kg serve serves: data from the API (source_api.js), requests to its own origin only."""
    page = render_api_page(title="kg <store>", api_base="api", map_size=50)
    data = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page)
    assert data and json.loads(data.group(1)) is None
    config = re.search(r'<script type="application/json" id="kg-api">(.*?)</script>', page)
    assert config and json.loads(config.group(1)) == {"apiBase": "api", "mapSize": 50}
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "connect-src 'self';" in csp.group(1) and csp.group(1).count("'sha256-") == 3
    assert page.index("window.kgSource = Object.freeze") < page.index("kg explorer: every string")
    assert "<title>kg &lt;store&gt;</title>" in page


def test_embedded_page_makes_no_requests(page: str) -> None:
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "connect-src" not in csp.group(1) and csp.group(1).count("'sha256-") == 2
    assert 'id="kg-api"' not in page and "window.kgSource = " not in page
