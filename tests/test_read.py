import json
from pathlib import Path

import pytest
from conftest import EXAMPLES

from kg.io import InputError, read_papers
from kg.records import content_key


def test_read_text_example_skips_header_and_finds_19():
    result = read_papers([EXAMPLES / "icml2025_abstracts.txt"])
    assert len(result.papers) == 19 and not result.problems
    assert result.papers[0].abstract.startswith("Large Language Model (LLM) collaborative decoding")
    assert result.papers[0].source.endswith("icml2025_abstracts.txt:3")


def test_read_jsonl_example_has_titles_authors_links():
    papers = read_papers([EXAMPLES / "icml2025.jsonl"]).papers
    assert len(papers) == 19
    spo = next(p for p in papers if p.title == "Simple Policy Optimization")
    assert spo.url.endswith("/poster/45232") and spo.authors and spo.year == 2025


def test_text_and_jsonl_examples_have_the_same_abstracts():
    text = read_papers([EXAMPLES / "icml2025_abstracts.txt"]).papers
    jsonl = read_papers([EXAMPLES / "icml2025.jsonl"]).papers
    assert [p.abstract for p in text] == [p.abstract for p in jsonl]


def test_read_json_array_and_csv(tmp_path: Path):
    records = [{"id": 1, "title": "T", "abstract": "We propose X for Y.", "paper_url": "https://x.org/1"}]
    (tmp_path / "a.json").write_text(json.dumps(records))
    (tmp_path / "b.csv").write_text('title,abstract\nU,"We study Z, a method."\n')
    result = read_papers([tmp_path / "a.json", tmp_path / "b.csv"])
    assert [p.title for p in result.papers] == ["T", "U"]
    assert result.papers[0].key == "1" and result.papers[0].url == "https://x.org/1"


def test_read_jsonl_reports_bad_lines_and_keeps_the_rest(tmp_path: Path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"abstract": "Good one."}\n{oops\n{"title": "no abstract"}\n{"abstract": 5}\n')
    result = read_papers([path])
    assert len(result.papers) == 1
    assert [str(p) for p in result.problems] == [
        f"{path}:2: malformed JSON: Expecting property name enclosed in double quotes (column 2)",
        f"{path}:3: no abstract",
        f"{path}:4: the abstract is a int, not text",
    ]


def test_same_paper_twice_is_one_paper(tmp_path: Path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"abstract": "Same  text."}\n{"abstract": "same text."}\n')
    result = read_papers([path])
    assert len(result.papers) == 1 and result.duplicates == 1
    assert result.papers[0].key == content_key("same text.")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("empty.txt", "", "the file is empty"),
        ("x.pdf", "abc", "unknown file extension '.pdf'"),
        ("bad.json", "[{", "malformed JSON"),
        ("t.csv", "title,body\na,b\n", "the CSV header has no abstract column"),
    ],
)
def test_bad_files_raise_one_line_errors(tmp_path: Path, name: str, content: str, message: str):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(InputError, match=message) as err:
        read_papers([path])
    assert "\n" not in str(err.value)


def test_format_override_reads_unknown_extension(tmp_path: Path):
    path = tmp_path / "papers.data"
    path.write_text('{"abstract": "We propose X."}\n')
    assert len(read_papers([path], "jsonl").papers) == 1


def test_missing_path_and_directory(tmp_path: Path):
    with pytest.raises(InputError, match="no such file"):
        read_papers([tmp_path / "nope.txt"])
    with pytest.raises(InputError, match="is a directory"):
        read_papers([tmp_path])
