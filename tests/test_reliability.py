"""Bad input gets a clear error, interruptions lose nothing, untrusted text stays text."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdflib import Graph

import kg.engine.build as kg_build
from kg.engine.build import build, write_exports
from kg.export.formats import EXPORTERS
from kg.io import InputError, read_papers

ABSTRACT = "We propose FooNet, a convolutional network for image segmentation, and evaluate it on CIFAR-10."


def run_kg(*args: object, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kg", *map(str, args)], capture_output=True, text=True, timeout=timeout
    )


def one_line_error(result: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert result.returncode == 2, result
    assert result.stderr.startswith("kg: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("empty.jsonl", b"", "the file is empty"),
        ("blank.txt", b"  \n\n \n", "the file is empty"),
        ("notes.docx", b"hello", "unknown file extension '.docx'"),
        ("image.txt", bytes(range(256)) * 40, "looks like a binary file"),
        ("bad.json", b'[{"abstract": "x"},\n{"abstract": }]', "bad.json:2: malformed JSON"),
        ("nohead.csv", b"title,body\nA,B\n", "no abstract column"),
    ],
)
def test_bad_file_one_line_error(tmp_path: Path, name: str, content: bytes, fragment: str):
    path = tmp_path / name
    path.write_bytes(content)
    one_line_error(run_kg("build", path, "-o", tmp_path / "out"), fragment)
    assert not (tmp_path / "out" / "graph.ttl").exists()


def test_file_without_any_good_record(tmp_path: Path):
    path = tmp_path / "short.jsonl"
    path.write_text('{"title": "no abstract here"}\n')
    result = run_kg("build", path, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"kg: skipped: {path}:1: no abstract",
        "kg: error: no abstracts found in the input (1 records skipped)",
    ]


def test_directory_and_missing_path(tmp_path: Path):
    one_line_error(run_kg("build", tmp_path, "-o", tmp_path / "out"), "is a directory")
    one_line_error(run_kg("build", tmp_path / "nope.txt", "-o", tmp_path / "out"), "no such file")


def test_debug_flag_shows_the_traceback(tmp_path: Path):
    result = run_kg("--debug", "build", tmp_path / "nope.txt", "-o", tmp_path / "out")
    assert result.returncode == 2 and "Traceback" in result.stderr


@pytest.mark.parametrize(("encoding", "note"), [("latin-1", "read as Windows-1252"), ("utf-16", "read as UTF-16")])
def test_latin1_and_utf16_text_are_read(tmp_path: Path, encoding: str, note: str):
    path = tmp_path / "papers.txt"
    path.write_bytes(("Résumé of naïve models.\n\n" + ABSTRACT + " Café.\n").encode(encoding))
    result = read_papers([path])
    assert len(result.papers) == 2 and "Café" in result.papers[1].abstract
    assert [w.message.split(";")[-1].strip() if ";" in w.message else w.message for w in result.warnings]
    assert note in result.warnings[0].message


@pytest.mark.slow  # builds one paper with the pipeline, in a subprocess
def test_bad_records_are_skipped_counted_and_located(tmp_path: Path):
    path = tmp_path / "p.jsonl"
    lines = [
        {"id": "a", "abstract": ABSTRACT},
        {"id": "b", "abstract": ""},
        {"id": "c"},
        {"id": "d", "abstract": ["not", "text"]},
        {"id": "a", "abstract": ABSTRACT},
        {
            "id": "e",
            "abstract": "Le modèle est évalué sur des données réelles et montre une amélioration nette "
            "par rapport aux méthodes existantes dans la plupart des cas étudiés ici.",
        },
    ]
    path.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n{not json\n")
    result = run_kg("build", path, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    for where, what in [
        (2, "no abstract"),
        (3, "no abstract"),
        (4, "the abstract is a list"),
        (5, "duplicate of the paper at"),
        (6, "does not look like English"),
        (7, "malformed JSON"),
    ]:
        assert f"{path}:{where}: {what}" in result.stderr
    assert "1 papers (6 records skipped, 1 of them duplicates" in result.stdout


def test_control_characters_nul_bytes_and_huge_abstracts(tmp_path: Path, nlp):
    path = tmp_path / "p.jsonl"
    huge = " ".join([ABSTRACT] * 7000)
    records = [
        {"id": "ctl", "abstract": "We propose\x00 Bar\x07Net\x1b for\ud800 image segmentation."},
        {"id": "huge", "abstract": huge},
    ]
    path.write_text("\n".join(json.dumps(r) for r in records))
    _graph, report = build([path], tmp_path / "out", formats=list(EXPORTERS), nlp=nlp)
    assert report.papers == 2 and any("cut to its first" in w.message for w in report.warnings)
    for name in ("graph.ttl", "graph.nt", "graph.rdf", "graph.graphml"):
        data = (tmp_path / "out" / name).read_bytes()
        assert b"\x00" not in data and b"\x07" not in data
    Graph().parse(tmp_path / "out" / "graph.rdf", format="xml")
    nx.read_graphml(tmp_path / "out" / "graph.graphml")


def test_injection_labels_stay_literals(tmp_path: Path, nlp):
    # Titles are cleaned of TeX (braces go), so the braces are tried in an author name, which is not.
    evil = 'We propose "Evil\\" . <x> <y> <z> . # ]]> \'; DROP GRAPH <g> ; INSERT DATA ( <a> <b> <c> ), a method.'
    braces = "Eve } . <a> <b> <c> . { <d>"
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"id": "x> <y", "title": evil, "abstract": evil, "authors": [braces]}) + "\n")
    build([path], tmp_path / "out", formats=["ttl", "nt", "xml", "jsonld"], nlp=nlp)
    g = Graph().parse(tmp_path / "out" / "graph.ttl", format="turtle")
    literals = {str(o) for o in g.objects(None, None)}
    assert evil in literals, "the title must come back as one literal, unchanged"
    assert braces in literals, "the author must come back as one literal, unchanged"
    assert not any("x> <y" in str(s) for s in g.subjects())


def test_failed_export_leaves_previous_exports(tmp_path: Path, example_graph, monkeypatch: pytest.MonkeyPatch):
    write_exports(example_graph, tmp_path, ["ttl", "graphml"])
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken(graph: nx.MultiDiGraph, path: Path) -> None:
        path.write_text("half")
        raise OSError("disk full")

    monkeypatch.setitem(kg_build.EXPORTERS, "graphml", EXPORTERS["graphml"]._replace(write=broken))
    with pytest.raises(OSError, match="disk full"):
        write_exports(nx.MultiDiGraph(), tmp_path, ["ttl", "graphml"])
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def big_input(tmp_path: Path, copies: int) -> Path:
    papers = [json.loads(line) for line in (EXAMPLES / "icml2025.jsonl").read_text().splitlines()]
    path = tmp_path / "big.jsonl"
    with path.open("w") as out:
        for i in range(copies):
            for p in papers:
                # A distinct title too: copies with one title are duplicates, and kg keeps one.
                copy = {
                    "id": f"{p['id']}-{i}",
                    "title": f"{p['title']} ({i})",
                    "abstract": f"{p['abstract']} (copy {i})",
                }
                out.write(json.dumps({**p, **copy}) + "\n")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_killed_build_leaves_previous_exports_intact(tmp_path: Path, example_build: Path, sig: signal.Signals):
    out = tmp_path / "out"
    out.mkdir()
    for name in ("graph.ttl", "graph.html", "graph.graphml"):
        (out / name).write_bytes((example_build / name).read_bytes())
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    # Its own process group, signalled as a whole, as a terminal's Ctrl-C or a `kill -9 -PGID` does:
    # the parsing worker processes get the signal too.
    proc = subprocess.Popen(
        [sys.executable, "-m", "kg", "build", str(big_input(tmp_path, 30)), "-o", str(out), "--no-cache"],
        start_new_session=True,
        # A shell starting tests in the background ignores SIGINT, and a child inherits that:
        # give the build the default disposition a terminal's Ctrl-C finds.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4)
    assert proc.poll() is None, "the build finished before it could be interrupted"
    os.killpg(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    if sig == signal.SIGINT:
        assert "interrupted" in err and "Traceback" not in err
    after = {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")}
    assert after == before
    Graph().parse(out / "graph.ttl", format="turtle")
    result = run_kg("build", EXAMPLES / "icml2025.jsonl", "-o", out, "-q")
    assert result.returncode == 0 and not any(p.name.startswith(".kg-staging") for p in out.iterdir())


abstract_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)) | st.sampled_from(list("<>&\"'$\\{}*_[]()#")),
    min_size=1,
    max_size=300,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(abstract_text, min_size=1, max_size=3))
def test_arbitrary_text_never_crashes_and_every_export_reparses(tmp_path_factory, nlp, texts: list[str]):
    out = tmp_path_factory.mktemp("prop")
    path = out / "in.jsonl"
    path.write_text("\n".join(json.dumps({"abstract": t + " We propose FooNet for segmentation."}) for t in texts))
    graph, report = build([path], out, formats=list(EXPORTERS), nlp=nlp)
    assert report.papers >= 1
    Graph().parse(out / "graph.ttl", format="turtle")
    Graph().parse(out / "graph.nt", format="nt")
    Graph().parse(out / "graph.rdf", format="xml")
    Graph().parse(out / "graph.jsonld", format="json-ld")
    assert nx.read_graphml(out / "graph.graphml").number_of_nodes() == graph.number_of_nodes()
    igraph = pytest.importorskip("igraph")
    assert igraph.Graph.Read_GraphML(str(out / "graph.graphml")).vcount() == graph.number_of_nodes()


def test_input_error_is_raised_before_parsing(tmp_path: Path):
    with pytest.raises(InputError):
        build([tmp_path / "missing.jsonl"], tmp_path / "out")
