"""kg build --thesaurus as a user runs it: the report and the cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import EXAMPLES
from typer.testing import CliRunner

from kg.cli import app
from kg.export.formats import EXPORTERS
from kg.export.rdf import read_rdf

runner = CliRunner()
EVERY_FORMAT = [arg for name in EXPORTERS for arg in ("--to", name)]


def kg(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def build(root: Path, out: str, *thesauri: Path):
    example = EXAMPLES / "icml2025.jsonl"
    args = ["build", example, "--extractor", "rules", "--cache", root / "cache", "-o", root / out, *EVERY_FORMAT]
    result = kg(*args, *[arg for t in thesauri for arg in ("--thesaurus", t)])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example built with the rules, into a fresh cache, in every export format."""
    root = tmp_path_factory.mktemp("thesaurus")
    assert "19 parsed, 0 from cache" in build(root, "before").stdout
    return root


def test_thesaurus_file_that_is_not_one_stops_the_build_in_one_line(tmp_path: Path):
    (tmp_path / "t.txt").write_bytes(b"\x00\x01\x02" * 100)
    (tmp_path / "h.txt").write_text("LLMs\tlarge language model\n")
    for thesaurus, why in ((tmp_path / "t.txt", "binary file"), (tmp_path / "h.txt", "not a thesaurus file")):
        result = kg("build", EXAMPLES / "icml2025.jsonl", "--no-cache", "-o", tmp_path / "o", "--thesaurus", thesaurus)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith(f"kg: error: {thesaurus}: ") and why in result.stderr
        assert result.stderr.count("\n") == 1 and not (tmp_path / "o").exists()


@pytest.mark.slow
def test_thesaurus_rebuild_reports_rules_and_reuses_every_cached_extraction(first_build: Path, tmp_path: Path):
    vos = tmp_path / "t.txt"
    vos.write_text("label\treplace by\nTopoTune\tTopoTune framework\nno such entity\tx\nbad\tline\there\n")
    result = build(first_build, "vos", vos)
    assert "19 papers (0 records skipped, 0 of them duplicates; 1 warnings; 0 parsed, 19 from cache)" in result.stdout
    assert "thesaurus: 1 rules applied, 1 matched nothing" in result.stdout
    assert f"  applied: {vos}:2: renamed 'TopoTune' to 'TopoTune framework'" in result.stdout
    assert f"  matched nothing: {vos}:3: no entity named 'no such entity'" in result.stdout
    assert f"kg: warning: {vos}:4: 3 columns; a VOSviewer thesaurus line has 2" in result.stderr
    changed = tmp_path / "t.csv"
    changed.write_text("action,label,value\nretype,TopoTune,Task\ndrop,softmax,\n")
    result = build(first_build, "csv", changed)
    assert (
        "0 parsed, 19 from cache" in result.stdout and "thesaurus: 2 rules applied, 0 matched nothing" in result.stdout
    )
    graph = read_rdf(first_build / "csv" / "graph.ttl")
    assert graph.nodes["entity/topotune"]["type"] == "Task" and "entity/softmax" not in graph
