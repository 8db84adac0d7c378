"""kg build --thesaurus as a user runs it: the report, the cache, and curate -> edit -> rebuild."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import networkx as nx
import pytest
from conftest import EXAMPLES
from typer.testing import CliRunner

from kg.cli import app
from kg.export.formats import EXPORTERS
from kg.export.rdf import read_rdf
from kg.rdf.formats import RDF_FORMATS

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
    assert "19 papers (0 records skipped, 0 of them duplicates; 1 warnings; 0 parsed, 19 from cache;" in result.stdout
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


def entity_labels(folder: Path, fmt: str) -> dict[str, str]:
    """Entity node id -> label, as the export in ``fmt`` holds them."""
    path = folder / f"graph{EXPORTERS[fmt].suffix}"
    if fmt in RDF_FORMATS:
        graph = read_rdf(path)
    elif fmt in ("graphml", "gexf"):
        graph = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    elif fmt == "json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return {n["id"]: n["label"] for n in data["nodes"] if n["type"] != "Paper"}
    elif fmt == "csv":
        with path.open(encoding="utf-8", newline="") as rows:
            return {r["id:ID"]: r["label"] for r in csv.DictReader(rows) if r[":LABEL"] != "Paper"}
    else:
        page = path.read_text(encoding="utf-8")
        blob = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page, re.S)
        assert blob is not None
        return {n["i"]: n["l"] for n in json.loads(blob.group(1))["nodes"] if n["i"].startswith("entity/")}
    return {str(n): d["label"] for n, d in graph.nodes(data=True) if d["type"] != "Paper"}


@pytest.mark.slow
def test_thesaurus_round_trip_curate_edit_rebuild_reaches_every_export(first_build: Path):
    suggested = first_build / "suggested.txt"
    curated = kg("curate", first_build / "before" / "graph.ttl", "--suggest", "--out", suggested)
    assert curated.exit_code == 0, curated.output
    merges = [line.split("\t") for line in suggested.read_text(encoding="utf-8").splitlines()[1:] if line[-1] != "\t"]
    # keep one suggested merge (the build merges most spellings itself, kg.graph.variants: without
    # one, a merge of the user's own); add a drop and a rename
    source, target = merges[0] if merges else ("generative diffusion model", "diffusion model")
    edited = first_build / "edited.txt"
    rules = f"label\treplace by\n{source}\t{target}\nsoftmax function\t\nTopoTune\tTopoTune framework\n"
    edited.write_text(rules, "utf-8")
    result = build(first_build, "after", edited)
    assert "thesaurus: 3 rules applied, 0 matched nothing" in result.stdout

    before = entity_labels(first_build / "before", "ttl")
    named = {n for n, label in before.items() if label in (source, target)}
    assert len(named) >= 2 and "softmax function" in before.values() and "TopoTune" in before.values()
    expected = entity_labels(first_build / "after", "ttl")
    for fmt in EXPORTERS:
        after = entity_labels(first_build / "after", fmt)
        assert after == expected, fmt
        assert len(named & set(after)) == 1, fmt  # merged into one node
        assert list(after.values()).count(target) == 1 and (source == target or source not in after.values())
        assert "softmax function" not in after.values(), fmt
        assert "TopoTune" not in after.values() and after["entity/topotuneframework"] == "TopoTune framework", fmt
    assert len(expected) == len(before) - (len(named) - 1) - 1
