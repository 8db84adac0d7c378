"""The kg command as a user runs it: summaries, queries, conversions and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, copy_example
from typer.testing import CliRunner

from kg.cli import app

runner = CliRunner()


def kg(*args: str):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.slow
def test_cli_build_prints_summary_and_writes_exports(tmp_path: Path):
    result = kg("build", EXAMPLES / "icml2025_abstracts.txt", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "19 papers" in result.output
    assert "nodes: Concept" in result.output and "Paper 19" in result.output
    assert "edges:" in result.output and "proposes" in result.output and "total" in result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "graph.graphml",
        "graph.html",
        "graph.ttl",
    ]


def test_cli_query_formats(example_build: Path):
    q = "SELECT ?label WHERE { ?e skos:altLabel 'PPO' ; skos:prefLabel ?label }"
    table = kg("query", example_build / "graph.ttl", q)
    assert table.exit_code == 0 and "Proximal Policy Optimization" in table.output and "(1 row)" in table.output
    as_json = json.loads(kg("query", example_build / "graph.ttl", q, "--format", "json").output)
    assert as_json == [{"label": "Proximal Policy Optimization"}]
    as_csv = kg("query", example_build / "graph.ttl", q, "-f", "csv").output
    assert as_csv == "label\nProximal Policy Optimization\n"


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json", "csv", "nt", "jsonld", "xml", "html"])
def test_cli_export_converts(example_build: Path, tmp_path: Path, fmt: str):
    out = tmp_path / f"g.{fmt}"
    result = kg("export", example_build / "graph.ttl", "--to", fmt, "--out", out)
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000


def test_cli_stats(example_build: Path):
    result = kg("stats", example_build / "graph.ttl")
    assert result.exit_code == 0
    assert "Paper 19" in result.output and "large language model" in result.output


def test_cli_bad_input_is_one_line_without_traceback(tmp_path: Path):
    (tmp_path / "x.pdf").write_text("hello")
    for args in (
        ["build", tmp_path / "missing.txt"],
        ["build", tmp_path / "x.pdf"],
        ["query", tmp_path / "missing.ttl", "ASK {}"],
        ["build", tmp_path],
    ):
        result = subprocess.run(
            [sys.executable, "-m", "kg", *map(str, args), "--out", str(tmp_path / "o")]
            if args[0] == "build"
            else [sys.executable, "-m", "kg", *map(str, args)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 2, result
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("kg: error: "), result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_cli_missing_extra_says_what_to_install(tmp_path: Path):
    (tmp_path / "dev.json").write_text("{}\n")
    script = (
        "import sys; sys.modules['torch'] = None\n"  # as if kg[transformer] were not installed
        "from kg.cli import app\n"
        f"app(['evaluate', 'scierc', {str(tmp_path / 'dev.json')!r}, '--extractor', 'accurate'])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 2, result
    assert result.stderr.startswith("kg: error: MiniLM relations need torch") and result.stderr.count("\n") == 1
    assert "pip install 'kg[transformer]'" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_cli_bad_records_are_reported_and_skipped(tmp_path: Path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"abstract": "We propose LaCache, a KV cache method."}\n{broken\n')
    result = subprocess.run(
        [sys.executable, "-m", "kg", "build", str(path), "-o", str(tmp_path / "o")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0
    assert f"kg: skipped: {path}:2: malformed JSON" in result.stderr
    assert "1 papers" in result.stdout and "1 records skipped" in result.stdout


def test_cli_help_explains_commands():
    result = kg("--help")
    for command in ("build", "query", "export", "stats"):
        assert command in result.output
    assert "--processes" in kg("build", "--help").output


@pytest.mark.slow
def test_cli_build_accepts_copied_input(tmp_path: Path):
    source = copy_example(tmp_path)
    assert kg("build", source, "-o", tmp_path / "o", "-q").exit_code == 0


@pytest.mark.slow
def test_cli_evaluate_scierc_fast_extractor(shared_data: Path):
    result = kg("evaluate", "scierc", shared_data / "scierc" / "dev.json", "--json", "--extractor", "fast")
    assert result.exit_code == 0, result.output
    scores = json.loads(result.output)
    # floors a few points under the default (fast) extractor's dev scores (0.597 / 0.206 / 0.543)
    assert scores["entities"]["f1"] >= 0.57
    assert scores["relations"]["f1"] >= 0.18
    assert scores["relations_gold_entities"]["f1"] >= 0.51


def test_cli_evaluate_refuses_the_rules(shared_data: Path):
    result = kg("evaluate", "scierc", shared_data / "scierc" / "dev.json", "--extractor", "rules")
    assert result.exit_code == 2
    assert "no SciERC types" in result.output


def test_cli_evaluate_scores_the_accurate_extractor_and_prints_a_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What `kg evaluate` adds to the scoring, with the models and the scoring stubbed out: the
    accurate extractor by default, and the table. (Its real SciERC dev scores: test_transformer_relations.)"""
    import spacy

    from kg.nlp import evaluate as scoring
    from kg.nlp import learned_models

    calls = []
    blank = spacy.blank("en")

    def add_learned(nlp, models, relations, mentions):
        calls.append(("add_learned", models, relations, mentions))
        return nlp

    def evaluate_scierc(nlp, path):
        calls.append(("evaluate_scierc", nlp is blank, path))
        part = {"precision": 0.5, "recall": 0.25, "f1": 1 / 3}
        per_type = {"Task": {**part, "f1": 0.1}, "Method": {**part, "f1": 0.9}}
        return {"entities": {**part, "per_type": per_type}, "relations": part, "relations_gold_entities": part}

    monkeypatch.setattr(spacy, "load", lambda *_args, **_kwargs: blank)
    monkeypatch.setattr(learned_models, "add_learned", add_learned)
    monkeypatch.setattr(scoring, "evaluate_scierc", evaluate_scierc)
    dev = tmp_path / "dev.json"
    dev.write_text("{}\n")
    result = kg("evaluate", "scierc", dev)
    assert result.exit_code == 0, result.output
    # every model voting with MiniLM's span scores, MiniLM relations
    assert calls == [("add_learned", None, "minilm", "minilm"), ("evaluate_scierc", True, dev)]
    assert result.output.splitlines() == [
        "                            P      R     F1",
        "entities                0.500  0.250  0.333",
        "  Method                0.500  0.250  0.900",
        "  Task                  0.500  0.250  0.100",
        "relations (strict)      0.500  0.250  0.333",
        "relations, gold ents    0.500  0.250  0.333",
    ]


@pytest.mark.slow
def test_cli_build_into_store_twice_then_query_and_serve(tmp_path: Path):
    store = tmp_path / "store"
    for _ in range(2):
        result = kg("build", EXAMPLES / "icml2025.jsonl", "-o", tmp_path / "out", "--store", store, "--no-cache")
        assert result.exit_code == 0, result.output
    counts = [line for line in result.output.splitlines() if line.startswith("store ")]
    first = kg("query", store, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "-f", "csv").output
    assert counts and counts[0].split(": ")[1].split()[0].replace(",", "") == first.split()[1]
    q = "SELECT ?label WHERE { ?e skos:altLabel 'PPO' ; skos:prefLabel ?label }"
    assert "Proximal Policy Optimization" in kg("query", store, q).output
    help_text = kg("serve", "--help").output
    assert "read-only" in help_text and "127.0.0.1" in help_text
