"""Each input format's reader, on small files written from the format's documentation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.io import InputError, read_papers
from kg.io.bibtex import latex_to_text
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


def test_bibtex_reads_zotero_export_with_latex():
    path = DATA / "zotero.bib"
    result = read_papers([path])
    papers = by_title(result.papers)
    sparse = papers["Sparse Mixture Adapters for Low-Resource Speech Recognition"]  # {Mixture} unbraced
    assert sparse.authors == ("Jörg Müller", "Ingrid Øster", "Minh Tran")  # M{\"u}ller, {\O}ster
    assert (sparse.year, sparse.venue, sparse.source) == (2023, "Proceedings of Interspeech 2023", f"{path}:2")
    assert "by 9% relative" in sparse.abstract and sparse.key.endswith(":10.5555/kg.2023.0001")
    gan = papers["Contrastive Pretraining of GAN Discriminators"]
    assert gan.authors == ("Petr Šimánek", "Anna van der Berg") and gan.key.endswith(":arXiv:2401.04567")
    assert "We show that contrastive pretraining of" in gan.abstract  # {\em ...}
    sparse_l1 = papers["Sparse ℓ_1 Regularised Attention for Time Series Forecasting"]
    assert sparse_l1.authors == ("Lucía García", "Ken Nakamura") and sparse_l1.url == ""
    assert sparse_l1.code_urls == ("https://github.com/example/sparse-attention",)
    assert [str(p) for p in result.problems] == [f"{path}:31: no abstract"]


def test_bibtex_google_scholar_and_biblatex_entries(tmp_path: Path):
    path = tmp_path / "refs.bib"
    path.write_text(
        "@string{nips = {Advances in Neural Information Processing Systems}}\n"
        "@article{vaswani2017attention,\n  title={Attention is all you need},\n"
        "  author={Vaswani, Ashish and Shazeer, Noam},\n  journal={arXiv preprint arXiv:1706.03762},\n"
        "  year={2017},\n  abstract={We propose the Transformer, based solely on attention mechanisms.}\n}\n"
        "@InProceedings{Lee_2024,\n  TITLE = {Graph {{Networks}} at Scale},\n  BOOKTITLE = nips,\n"
        '  date = {2024-12-10},\n  eprint = {2405.00001},\n  eprinttype = {arXiv},\n  AUTHOR = "Lee, J. and others",\n'
        '  abstract = "We scale graph networks to billions of edges with a 100% exact sampler."\n}\n'
    )
    attention, graphs = read_papers([path]).papers
    assert attention.key.endswith(":arXiv:1706.03762") and attention.venue == "arXiv preprint arXiv:1706.03762"
    assert attention.url == "https://arxiv.org/abs/1706.03762" and attention.authors == (
        "Ashish Vaswani",
        "Noam Shazeer",
    )
    assert (graphs.title, graphs.year, graphs.venue) == (
        "Graph Networks at Scale",
        2024,
        "Advances in Neural Information Processing Systems",
    )
    assert graphs.key.endswith(":arXiv:2405.00001") and "100% exact" in graphs.abstract
    assert graphs.authors == ("J. Lee",)  # "and others" is BibTeX's et al.


def test_bibtex_broken_entry_is_reported_at_its_line(tmp_path: Path):
    path = tmp_path / "p.bib"
    path.write_text(
        "% exported by hand\n@article{broken,\n  title = {Unclosed {brace},\n  year = 2021\n}\n\n"
        "@misc{ok,\n  title = {Fine},\n  abstract = {We propose a fine method and show that it works.},\n}\n"
    )
    result = read_papers([path])
    assert [p.title for p in result.papers] == ["Fine"]
    [problem] = result.problems
    assert problem.where == f"{path}:2" and problem.message.startswith("malformed BibTeX entry: Unexpected block start")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ((DATA / "malformed.bib").read_text(), r"malformed\.bib:1: malformed BibTeX: Unexpectedly reached end"),
        ("% only a comment\n", r"no @entry\{\.\.\.\} in the file"),
    ],
)
def test_bibtex_malformed_files_are_one_line_errors(tmp_path: Path, content: str, message: str):
    path = tmp_path / "malformed.bib"
    path.write_text(content)
    with pytest.raises(InputError, match=message) as err:
        read_papers([path])
    assert "\n" not in str(err.value)


def test_ris_reads_mendeley_export():
    path = DATA / "mendeley.ris"  # CRLF line ends, as Mendeley writes them
    result = read_papers([path])
    fed, warmup = result.papers
    assert (fed.title, fed.authors, fed.year) == (
        "Federated Distillation with Noisy Clients",
        ("Chen Wei", "Fatima Zahra Benali"),
        2022,
    )
    assert fed.venue == "Advances in Neural Information Processing Systems" and fed.source == f"{path}:1"
    assert fed.url == "https://www.example.org/papers/fed-distill" and fed.key.endswith(":10.5555/kg.2022.0042")
    assert warmup.abstract.startswith("Learning rate warmup is standard")  # from N2
    assert (warmup.title, warmup.year, warmup.source) == (
        "Learning Rate Warmup Is Implicit Variance Reduction",
        2024,
        f"{path}:16",
    )
    assert warmup.authors == ("Hugo Lefèvre", "Nadia Petrova") and warmup.key.endswith(":arXiv:2402.22222")
    assert [str(p) for p in result.problems] == [f"{path}:28: no abstract"]


def test_ris_record_without_end_tag_is_reported_at_its_line(tmp_path: Path):
    path = tmp_path / "p.ris"
    path.write_text(
        "TY  - JOUR\nTI  - Cut off\nAB  - We propose X and show that it works.\n\n"
        "TY  - JOUR\nTI  - Whole\nAB  - We study Y and show that it helps.\nER  - \n"
    )
    result = read_papers([path])
    assert [p.title for p in result.papers] == ["Whole"]
    assert [str(p) for p in result.problems] == [f"{path}:1: malformed RIS record: no 'ER  - ' line ends it"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("malformed.ris", r"malformed\.ris:1: malformed RIS record: no 'ER  - ' line"),
        ("malformed-tags.ris", r"malformed-tags\.ris: malformed RIS: no record starts with a 'TY  - ' line"),
    ],
)
def test_ris_malformed_files_are_one_line_errors(name: str, message: str):
    with pytest.raises(InputError, match=message):
        read_papers([DATA / name])


def test_arxiv_reads_an_api_response():
    path = DATA / "arxiv-query.atom"
    result = read_papers([path])
    gan, chain, diffusion = result.papers
    assert (gan.title, gan.year, gan.venue) == ("Contrastive Pretraining of GAN Discriminators", 2024, "arXiv cs.LG")
    assert gan.authors == ("Petr Šimánek", "Anna van der Berg") and gan.source == f"{path}:10"
    assert gan.abstract.startswith(
        "Generative adversarial networks train a discriminator from scratch for every generator."
    )
    assert gan.url == "http://arxiv.org/abs/2401.04567v2" and gan.key.endswith(":arXiv:2401.04567")
    assert (chain.venue, chain.source) == ("arXiv cs.CL", f"{path}:35")
    assert diffusion.key.endswith(":10.5555/kg.2024.0314")  # arxiv:doi
    assert not result.problems


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ((DATA / "malformed.atom").read_text(), r"x\.atom:28: malformed XML: "),
        ('<rss version="2.0"><channel/></rss>', r"expected an Atom <feed> \(an arXiv API response\), found <rss>"),
        (
            '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format'
            "</id><title>Error</title><summary>incorrect id format for 1234.12345</summary></entry></feed>",
            r"x\.atom:1: the arXiv API returned an error: incorrect id format for 1234\.12345",
        ),
    ],
)
def test_arxiv_malformed_files_are_one_line_errors(tmp_path: Path, content: str, message: str):
    path = tmp_path / "x.atom"
    path.write_text(content)
    with pytest.raises(InputError, match=message) as err:
        read_papers([path])
    assert "\n" not in str(err.value)


def test_arxiv_xml_entities_are_not_expanded(tmp_path: Path):
    path = tmp_path / "x.xml"
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x</id>'
        "<summary>We propose &x; a method for parsing feeds safely.</summary></entry></feed>"
    )
    [paper] = read_papers([path]).papers
    assert paper.abstract == "We propose &x; a method for parsing feeds safely."  # left as written


@given(st.text())
def test_bibtex_latex_decoding_never_raises(text: str):
    assert isinstance(latex_to_text(text), str)


@given(st.text(alphabet=st.characters(blacklist_characters="\\{}$%&~^_#-`'\"[]<>"), max_size=60))
def test_bibtex_latex_decoding_keeps_plain_text(text: str):
    assert latex_to_text(text) == " ".join(text.split())


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet='@{}=,"\\ \nabcdeflmntuy0123', max_size=200))
def test_bibtex_reader_only_ever_raises_input_error(tmp_path_factory: pytest.TempPathFactory, text: str):
    path = tmp_path_factory.mktemp("bib") / "x.bib"
    path.write_text("@article{k,\n" + text)
    try:
        read_papers([path])
    except InputError as err:
        assert "\n" not in str(err)


LATEX_PIECES = ["\\%", "\\&", "\\_", "\\#", "\\$", "{", "}", "a", "é", " ", "-", "'", "`", "%", "&", "$", "\\em "]


@given(st.lists(st.sampled_from(LATEX_PIECES)).map("".join))
def test_bibtex_latex_fast_path_agrees_with_pylatexenc(text: str):
    from kg.io.bibtex import _decoded

    assert latex_to_text(text) == _decoded(text)  # the fast path, where taken, changes nothing


def test_json_single_record_with_a_list_field_is_one_record(tmp_path: Path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"abstract": "We propose X and show it works.", "notes": ["camera-ready"]}))
    assert len(read_papers([path]).papers) == 1


def test_semanticscholar_dataset_lines_with_lower_case_keys(tmp_path: Path):
    path = tmp_path / "papers.jsonl"
    line = {
        "corpusid": 233333333,
        "externalids": {"DOI": "10.5555/KG.2021.0007", "ArXiv": None},
        "title": "Sharpness-Aware Pruning of Vision Transformers",
        "abstract": "We prune towards flat minima and recover the accuracy of a dense ViT.",
        "authors": [{"authorId": "1700000001", "name": "Kenji Watanabe"}],
        "year": 2021,
    }
    path.write_text(json.dumps(line) + "\n")
    [paper] = read_papers([path]).papers
    assert paper.key == "2021:10.5555/kg.2021.0007" and paper.url == "https://doi.org/10.5555/kg.2021.0007"
