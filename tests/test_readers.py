"""Each input format's reader, on small files written from the format's documentation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kg.io import InputError, read_papers
from kg.records import Paper

DATA = Path(__file__).parent / "data"


def by_title(papers: list[Paper]) -> dict[str, Paper]:
    return {p.title: p for p in papers}


def test_csljson_reads_zotero_export():
    result = read_papers([DATA / "zotero-csl.json"])
    papers = by_title(result.papers)
    sparse = papers["Sparse Mixture Adapters for Low-Resource Speech Recognition"]
    assert sparse.authors == ("Jörg Müller", "Ingrid Øster", "Minh Tran")
    assert (sparse.year, sparse.venue) == (2023, "Proceedings of Interspeech 2023")
    assert sparse.url.startswith("https://www.isca-archive.org/") and sparse.key.endswith(":10.5555/kg.2023.0001")
    gan = papers["Contrastive Pretraining of GAN Discriminators"]
    assert gan.authors == ("Petr Šimánek", "Anna van der Berg") and gan.key.endswith("arXiv:2401.04567")
    assert [str(p) for p in result.problems] == [f"{DATA / 'zotero-csl.json'}:[2]: no abstract"]


def test_openreview_v1_notes_and_a_review_without_abstract():
    result = read_papers([DATA / "openreview-v1.json"])
    [paper] = result.papers
    assert paper.title == "Curriculum Dropout for Recurrent Networks"
    assert paper.authors == ("Lena Kovač", "Rahul Iyer") and paper.year == 2018
    assert paper.venue == "ICLR 2018 Conference Poster"
    assert paper.url == "https://openreview.net/forum?id=Hk9aQe3Zb" and paper.key.endswith(":Hk9aQe3Zb")
    assert [str(p) for p in result.problems] == [f"{DATA / 'openreview-v1.json'}:[1]: no abstract"]


def test_openreview_v2_notes_in_their_envelope():
    result = read_papers([DATA / "openreview-v2.json"])
    merging, calibrated = result.papers
    assert merging.title == "Token Merging for Long-Context Transformers" and merging.year == 2024
    assert merging.authors == ("Sofía Herrera", "Daniel Okafor", "Mei Lin") and merging.venue == "ICLR 2024 poster"
    assert "1.8× faster" in merging.abstract and merging.code_urls == ("https://github.com/example/token-merging",)
    assert calibrated.venue == "Submitted to ICLR 2024" and calibrated.year == 2024
    assert not result.problems


def test_openreview_year_from_dates_when_no_venue_names_one(tmp_path: Path):
    note = {"id": "abc", "content": {"title": {"value": "T"}, "abstract": {"value": "We propose X."}}}
    (tmp_path / "n.json").write_text(json.dumps([{**note, "pdate": 1705405837412}]))
    assert read_papers([tmp_path / "n.json"]).papers[0].year == 2024


def test_semanticscholar_search_response():
    path = DATA / "s2-search.json"
    result = read_papers([path])
    fed, tabular = result.papers
    assert fed.title == "Federated Distillation with Noisy Clients" and fed.year == 2022
    assert fed.authors == ("Chen Wei", "Fatima Zahra Benali") and fed.venue == "Neural Information Processing Systems"
    assert fed.url.startswith("https://www.semanticscholar.org/paper/") and fed.key.endswith(":10.5555/kg.2022.0042")
    assert tabular.venue == "International Conference on Machine Learning"  # from publicationVenue
    assert tabular.key.endswith(":c0ffee0123456789abcdef0123456789abcdef01")
    assert [str(p) for p in result.problems] == [f"{path}:[1]: no abstract"]


def test_semanticscholar_jsonl_reports_lines():
    path = DATA / "s2-papers.jsonl"
    result = read_papers([path])
    assert [p.source for p in result.papers] == [f"{path}:1", f"{path}:3"]
    assert result.papers[0].key.endswith(":arXiv:2402.22222") and result.papers[0].authors[0] == "Hugo Lefèvre"
    assert [str(p) for p in result.problems] == [f"{path}:2: no abstract"]


def test_semanticscholar_batch_nulls_are_reported(tmp_path: Path):
    path = tmp_path / "batch.json"
    path.write_text(json.dumps([None, {"paperId": "ab12", "title": "T", "abstract": "We propose X."}]))
    result = read_papers([path])
    assert len(result.papers) == 1
    assert [str(p) for p in result.problems] == [f"{path}:[0]: null: Semantic Scholar found no paper for this id"]


def test_kg_records_in_json_are_still_kg_records(tmp_path: Path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"data": [{"id": "7", "title": "T", "abstract": "We propose X.", "type": "poster"}]}))
    [paper] = read_papers([path]).papers
    assert (paper.key, paper.title) == ("7", "T")


@pytest.mark.parametrize(
    ("name", "line"),
    [("malformed-csl.json", 7), ("malformed-openreview.json", 2), ("malformed-s2.json", 1)],
)
def test_malformed_json_formats_are_one_line_errors(name: str, line: int):
    with pytest.raises(InputError, match=f"{name}:{line}: malformed JSON") as err:
        read_papers([DATA / name])
    assert "\n" not in str(err.value)
