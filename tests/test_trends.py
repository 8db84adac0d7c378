"""Years and trends: papers per year per entity, the entities rising and falling, and `kg trends`."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.export.jsongraph import write_json
from kg.export.rdf import write_rdf
from kg.graph.model import new_graph
from kg.graph.trends import add_years, trends, window

runner = CliRunner()


def corpus() -> nx.MultiDiGraph:
    """Ten papers a year, 2020-2023. "transformer" goes 1, 3, 6, 9 papers; "LSTM" 8, 5, 2, 1;
    "ImageNet" 4 a year; "rare" 1 paper in 2023; 2022's papers also at venue B."""
    g = new_graph()
    for year in range(2020, 2024):
        for i in range(10):
            g.add_node(
                f"paper/{year}-{i}",
                type="Paper",
                label=f"{year}-{i}",
                key=f"{year}-{i}",
                abstract="a",
                year=year,
                venue="B" if year == 2022 else "A",
            )

    def entity(label: str, per_year: list[int], kind: str = "Method") -> None:
        papers = sorted(
            f"paper/{year}-{i}" for year, n in zip(range(2020, 2024), per_year, strict=True) for i in range(n)
        )
        node = f"entity/{label.lower()}"
        g.add_node(node, type=kind, label=label, papers=papers, paper_count=len(papers), count=len(papers))
        for paper in papers:
            g.add_edge(paper, node, key="mentions", type="mentions", weight=1, papers=[paper], evidence=[])

    entity("transformer", [1, 3, 6, 9])
    entity("LSTM", [8, 5, 2, 1])
    entity("ImageNet", [4, 4, 4, 4], "Dataset")
    entity("rare", [0, 0, 0, 1])
    return g


def test_trends_years_per_entity():
    g = corpus()
    add_years(g)
    t = g.nodes["entity/transformer"]
    assert t["years"] == {2020: 1, 2021: 3, 2022: 6, 2023: 9}
    assert t["mean_year"] == round((2020 + 3 * 2021 + 6 * 2022 + 9 * 2023) / 19, 2)
    assert g.nodes["entity/rare"]["years"] == {2023: 1} and g.nodes["entity/rare"]["mean_year"] == 2023.0


def test_trends_years_left_out_without_years():
    g = corpus()
    for _, d in g.nodes(data=True):
        if d["type"] == "Paper":
            d["year"] = None
    add_years(g)
    assert "years" not in g.nodes["entity/transformer"]


def test_trends_rising_and_falling():
    result = trends(corpus(), min_papers=2)
    assert result.periods == ["2020", "2021", "2022", "2023"] and result.totals == [10] * 4
    assert result.window == 1
    assert [t.label for t in result.rising] == ["transformer"]
    assert [t.label for t in result.falling] == ["LSTM"]
    transformer = result.rising[0]
    assert transformer.counts == (1, 3, 6, 9) and transformer.shares == (0.1, 0.3, 0.6, 0.9)
    assert transformer.rise == pytest.approx(0.8)
    assert result.falling[0].rise == pytest.approx(-0.7)


def test_trends_minimum_papers_and_type():
    assert "rare" in {t.label for t in trends(corpus(), min_papers=1).rising}
    assert "rare" not in {t.label for t in trends(corpus(), min_papers=2).rising}
    assert trends(corpus(), min_papers=2, type="Dataset").rising == []
    with pytest.raises(ValueError, match="type must be one of"):
        trends(corpus(), type="Gadget")


def test_trends_window_pools_the_first_and_last_periods():
    assert [window(k) for k in (1, 4, 5, 7, 8)] == [1, 1, 2, 2, 3]


def test_trends_by_venue():
    result = trends(corpus(), by="venue", min_papers=2)
    assert result.periods == ["A", "B"]  # A's papers are from 2020.3 on average, B's from 2022
    assert result.totals == [30, 10]
    transformer = next(t for t in result.rising if t.label == "transformer")
    assert transformer.rise == pytest.approx(6 / 10 - 13 / 30)


@pytest.fixture(scope="module")
def graph_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("trends")
    g = corpus()
    write_json(g, folder / "g.json")
    write_rdf(g, folder / "g.ttl")
    return {"json": folder / "g.json", "ttl": folder / "g.ttl"}


@pytest.mark.parametrize("kind", ["json", "ttl"])
def test_trends_cli_table(graph_files, kind):
    result = runner.invoke(app, ["trends", str(graph_files[kind]), "--min-papers", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "papers by year: 2020: 10, 2021: 10, 2022: 10, 2023: 10"
    assert "share of the papers of 2023 minus share of the papers of 2020" in lines[1]
    row = next(line for line in lines if line.strip().startswith("transformer"))
    assert "1 (10.0%)" in row and "9 (90.0%)" in row and row.endswith("+80.00")
    assert lines.index("falling:") < lines.index(next(line for line in lines if "LSTM" in line))


def test_trends_cli_csv_and_json(graph_files):
    text = runner.invoke(app, ["trends", str(graph_files["json"]), "--min-papers", "2", "-f", "csv"]).output
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["direction"], r["label"]) for r in rows] == [("rising", "transformer"), ("falling", "LSTM")]
    assert rows[0]["papers 2023"] == "9" and float(rows[0]["rise"]) == pytest.approx(0.8)
    data = json.loads(runner.invoke(app, ["trends", str(graph_files["ttl"]), "--min-papers", "2", "-f", "json"]).output)
    assert data["periods"] == ["2020", "2021", "2022", "2023"] and data["window"] == 1
    assert data["entities"][0]["counts"] == {"2020": 1, "2021": 3, "2022": 6, "2023": 9}


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_trends_cli_charts(graph_files, tmp_path: Path, fmt: str):
    out = tmp_path / f"trends.{fmt}"
    result = runner.invoke(app, ["trends", str(graph_files["json"]), "--min-papers", "2", "-f", fmt, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    if fmt == "svg":
        root = ET.parse(out).getroot()
        assert root.tag.endswith("svg")
        again = tmp_path / "again.svg"
        runner.invoke(app, ["trends", str(graph_files["json"]), "--min-papers", "2", "-f", "svg", "-o", str(again)])
        assert again.read_bytes() == out.read_bytes()  # deterministic
    else:
        assert out.read_bytes().startswith(b"\x89PNG")


def test_trends_cli_chart_needs_out(graph_files):
    result = runner.invoke(app, ["trends", str(graph_files["json"]), "-f", "png"])
    assert result.exit_code == 2 and "--out" in result.output


def test_trends_cli_reads_a_store(graph_files, tmp_path: Path):
    from kg.sparql.store import add_graph

    add_graph(tmp_path / "store", corpus(), "batch")
    result = runner.invoke(app, ["trends", str(tmp_path / "store"), "--min-papers", "2", "-f", "json"])
    assert result.exit_code == 0, result.output
    assert [e["label"] for e in json.loads(result.output)["entities"]] == ["transformer", "LSTM"]
