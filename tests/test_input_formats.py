"""The input format table: detection by extension and content, --format, and bad files in the CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.io import FORMATS, InputError, read_papers
from kg.io.formats import JSON_KINDS, format_of, json_kind

DATA = Path(__file__).parent / "data"
# characters that matter to some format, and some text: random input reaches past the first check
ALPHABET = '@{}=,"\\%$&~-[]:<>/!?#\n TYERAB0123abcxyzé{"paperId": "content": "type": "issued": <feed entry summary>'


def run_kg(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kg", *map(str, args)], capture_output=True, text=True, timeout=300)


def test_input_formats_table_drives_the_cli_choices():
    from kg.cli.app import InputFormat

    assert [f.value for f in InputFormat] == list(FORMATS)
    assert set(JSON_KINDS) <= set(FORMATS)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("zotero-csl.json", "csljson"),
        ("openreview-v1.json", "openreview"),
        ("openreview-v2.json", "openreview"),
        ("s2-search.json", "semanticscholar"),
        ("s2-papers.jsonl", "semanticscholar"),
    ],
)
def test_input_formats_json_kind_is_told_by_content(tmp_path: Path, name: str, kind: str):
    text = (DATA / name).read_text()
    data = json.loads(text.splitlines()[0] if name.endswith(".jsonl") else text)
    if isinstance(data, dict):
        data = data.get("notes") or data.get("data") or [data]
    assert json_kind(data[0]) == kind
    # the same content with no extension, or a wrong one, reads the same
    blind = tmp_path / "download"
    shutil.copy(DATA / name, blind)
    expected = [(p.title, p.abstract) for p in read_papers([DATA / name]).papers]
    assert [(p.title, p.abstract) for p in read_papers([blind]).papers] == expected
    assert [(p.title, p.abstract) for p in read_papers([blind], kind).papers] == expected


def test_input_formats_by_extension_then_content(tmp_path: Path):
    assert format_of(Path("a.JSON"), "") == "json" and format_of(Path("a.ndjson"), "") == "jsonl"
    assert format_of(Path("a.txt"), '{"abstract": "x"}') == "text"  # the extension says
    assert format_of(Path("a"), '{"abstract": "x"}\n{"abstract": "y"}\n') == "jsonl"
    with pytest.raises(InputError, match=r"unknown file extension '\.pdf'"):
        format_of(Path("a.pdf"), "%PDF-1.7")


@pytest.mark.parametrize(
    ("name", "fmt"), [("zotero.bib", "bibtex"), ("mendeley.ris", "ris"), ("arxiv-query.atom", "arxiv")]
)
def test_input_formats_told_by_content_without_extension(tmp_path: Path, name: str, fmt: str):
    text = (DATA / name).read_text()
    assert format_of(Path("download"), text) == fmt
    shutil.copy(DATA / name, tmp_path / "download")
    expected = [(p.title, p.abstract) for p in read_papers([DATA / name]).papers]
    assert [(p.title, p.abstract) for p in read_papers([tmp_path / "download"]).papers] == expected


def test_input_formats_override_forces_the_mapping(tmp_path: Path):
    path = tmp_path / "papers.txt"
    shutil.copy(DATA / "s2-papers.jsonl", path)
    assert read_papers([path]).papers[0].abstract.startswith('{"paperId"')  # as text: one block of JSON
    result = read_papers([path], "semanticscholar")
    assert [p.year for p in result.papers] == [2024, 2021]
    with pytest.raises(InputError, match="unknown format 'endnote'"):
        read_papers([path], "endnote")


@pytest.mark.parametrize(
    "name",
    [
        "malformed.bib",
        "malformed.ris",
        "malformed.atom",
        "malformed-csl.json",
        "malformed-openreview.json",
        "malformed-s2.json",
    ],
)
def test_input_formats_malformed_file_is_one_line_and_exit_2(tmp_path: Path, name: str):
    result = run_kg("build", DATA / name, "--to", "ttl", "--out", tmp_path, "--extractor", "rules", "--no-cache")
    assert result.returncode == 2, result
    assert result.stderr.startswith(f"kg: error: {DATA / name}:") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and not list(tmp_path.iterdir())


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(FORMATS)), st.text(alphabet=st.sampled_from(sorted(set(ALPHABET)))))
def test_input_formats_bad_input_never_crashes_a_reader(tmp_path_factory: pytest.TempPathFactory, fmt: str, text: str):
    path = tmp_path_factory.mktemp("any") / "input"
    path.write_text(text)
    try:
        result = read_papers([path], fmt)
    except InputError as err:
        assert "\n" not in str(err)
    else:
        assert all(isinstance(p.title, str) for p in result.papers)


@pytest.mark.slow
def test_input_formats_a_mixed_library_builds_end_to_end(tmp_path: Path):
    from rdflib import Graph, Literal
    from rdflib.namespace import DCTERMS

    from kg.rdf.ontology import KG

    names = ["zotero.bib", "zotero-csl.json", "s2-search.json", "arxiv-query.atom", "mendeley.ris", "s2-papers.jsonl"]
    out = tmp_path / "out"
    result = run_kg(
        "build", *[DATA / n for n in names], "--to", "ttl", "--out", out, "--extractor", "rules", "--no-cache"
    )
    assert result.returncode == 0, result.stderr
    assert "9 papers (10 records skipped, 5 of them duplicates;" in result.stdout
    assert f"kg: skipped: {DATA / 'zotero.bib'}:31: no abstract" in result.stderr
    assert f"kg: skipped: {DATA / 'mendeley.ris'}:28: no abstract" in result.stderr
    graph = Graph().parse(out / "graph.ttl")
    assert len(set(graph.subjects(None, KG.Paper))) == 9
    assert (None, DCTERMS.creator, Literal("Jörg Müller")) in graph


def test_input_formats_override_goes_through_the_cli(tmp_path: Path):
    result = run_kg("build", DATA / "zotero.bib", "--format", "ris", "--out", tmp_path, "--no-cache")
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result
    assert result.stderr == f"kg: error: {DATA / 'zotero.bib'}: malformed RIS: no record starts with a 'TY  - ' line\n"
    result = run_kg("build", DATA / "zotero.bib", "--format", "endnote", "--out", tmp_path)
    assert result.returncode == 2 and "endnote" in result.stderr  # typer lists the choices


FIXTURES = {
    "zotero.bib": "bibtex",
    "mendeley.ris": "ris",
    "arxiv-query.atom": "arxiv",
    "zotero-csl.json": "csljson",
    "openreview-v2.json": "openreview",
    "s2-papers.jsonl": "semanticscholar",
}


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(FIXTURES)), st.floats(0, 1), st.text(alphabet=st.sampled_from(sorted(set(ALPHABET)))))
def test_input_formats_cut_or_corrupted_files_never_crash(
    tmp_path_factory: pytest.TempPathFactory, name: str, where: float, junk: str
):
    text = (DATA / name).read_text()
    cut = int(where * len(text))
    path = tmp_path_factory.mktemp("cut") / name
    path.write_text(text[:cut] + junk + text[cut + len(junk) :] if junk else text[:cut])
    for fmt in (FIXTURES[name], None):
        try:
            read_papers([path], fmt)
        except InputError as err:
            assert "\n" not in str(err)
