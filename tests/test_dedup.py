"""One paper read from several records is one paper: which records match, which one wins."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kg.io import read_papers
from kg.io.dedup import arxiv_id, normalize_doi, normalize_title

ABSTRACT = "We propose a method for {} and show that it improves accuracy on three benchmarks."


def write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def test_dedup_same_doi_in_two_files_first_wins_and_fills_gaps(tmp_path: Path):
    a = write(tmp_path / "a.jsonl", [{"doi": "10.5555/X.1", "abstract": ABSTRACT.format("A"), "title": "Alpha"}])
    b = write(
        tmp_path / "b.jsonl",
        [
            {
                "doi": "https://doi.org/10.5555/x.1",
                "abstract": ABSTRACT.format("A, longer"),
                "title": "Alpha (v2)",
                "year": 2023,
                "venue": "NeurIPS",
                "authors": ["Ada Lovelace"],
                "code": "https://github.com/example/alpha",
            }
        ],
    )
    result = read_papers([a, b])
    [paper] = result.papers
    assert (paper.title, paper.abstract, paper.source) == ("Alpha", ABSTRACT.format("A"), f"{a}:1")
    assert (paper.year, paper.venue, paper.authors) == (2023, "NeurIPS", ("Ada Lovelace",))
    assert paper.code_urls == ("https://github.com/example/alpha",)
    assert result.duplicates == 1
    assert [str(p) for p in result.problems] == [f"{b}:1: duplicate of the paper at {a}:1 (same DOI 10.5555/x.1)"]


def test_dedup_arxiv_doi_url_and_id_are_one_arxiv_id(tmp_path: Path):
    path = write(
        tmp_path / "p.jsonl",
        [
            {"doi": "10.48550/arXiv.2401.04567", "abstract": ABSTRACT.format("B")},
            {"url": "http://arxiv.org/abs/2401.04567v2", "abstract": ABSTRACT.format("B, again")},
            {"arxiv_id": "arXiv:2401.04567", "abstract": ABSTRACT.format("B, thrice")},
        ],
    )
    result = read_papers([path])
    assert len(result.papers) == 1 and result.duplicates == 2
    assert all("(same arXiv id 2401.04567)" in p.message for p in result.problems)


def test_dedup_normalized_title_matches_unless_ids_clash(tmp_path: Path):
    resnet = "Deep Residual Learning for Image Recognition"
    path = write(
        tmp_path / "p.jsonl",
        [
            {"title": resnet.replace("Residual", "{Residual}"), "abstract": ABSTRACT.format("C"), "doi": "10.5555/c"},
            {"title": resnet.lower() + ".", "abstract": ABSTRACT.format("C, preprint")},
            {"title": resnet, "abstract": ABSTRACT.format("D"), "doi": "10.5555/d"},
            {"title": "Introduction", "abstract": ABSTRACT.format("E")},
            {"title": "Introduction", "abstract": ABSTRACT.format("F")},
        ],
    )
    result = read_papers([path])
    assert [p.abstract for p in result.papers] == [ABSTRACT.format(x) for x in "CDEF"]
    assert [str(p) for p in result.problems] == [f"{path}:2: duplicate of the paper at {path}:1 (same title)"]


def test_dedup_a_merged_id_finds_later_duplicates(tmp_path: Path):
    path = write(
        tmp_path / "p.jsonl",
        [
            {"title": "Sparse Mixture Adapters for Speech", "abstract": ABSTRACT.format("G")},
            {"title": "Sparse mixture adapters for speech", "abstract": ABSTRACT.format("G2"), "doi": "10.5555/g"},
            {"title": "Other title entirely here", "abstract": ABSTRACT.format("G3"), "doi": "10.5555/G"},
        ],
    )
    result = read_papers([path])
    assert len(result.papers) == 1 and result.duplicates == 2
    assert result.problems[1].message.endswith("(same DOI 10.5555/g)")


def test_dedup_keeps_the_old_rules_for_ids_and_abstracts(tmp_path: Path):
    path = write(
        tmp_path / "p.jsonl",
        [{"id": "a", "abstract": ABSTRACT.format("H")}, {"id": "a", "abstract": ABSTRACT.format("I")}],
    )
    assert read_papers([path]).problems[0].message.endswith("(same id)")


@given(st.text())
def test_dedup_normalizers_never_raise(text: str):
    assert isinstance(normalize_doi(text), str) and isinstance(arxiv_id(text), str)
    title = normalize_title(text)
    assert title == normalize_title(title.upper()) and title == title.strip()


DATA = Path(__file__).parent / "data"
LIBRARY = ["zotero.bib", "zotero-csl.json", "s2-search.json", "arxiv-query.atom", "mendeley.ris", "s2-papers.jsonl"]


def test_dedup_across_formats_by_doi_and_arxiv_id():
    result = read_papers([DATA / name for name in LIBRARY])
    assert len(result.papers) == 9 and result.duplicates == 5
    reasons = {p.where.rsplit("/", 1)[1]: p.message for p in result.problems if "duplicate" in p.message}
    bib = DATA / "zotero.bib"
    assert reasons == {
        "zotero-csl.json:[0]": f"duplicate of the paper at {bib}:2 (same DOI 10.5555/kg.2023.0001)",
        "zotero-csl.json:[1]": f"duplicate of the paper at {bib}:17 (same arXiv id 2401.04567)",
        "arxiv-query.atom:10": f"duplicate of the paper at {bib}:17 (same arXiv id 2401.04567)",
        "mendeley.ris:1": f"duplicate of the paper at {DATA / 's2-search.json'}:[0] (same DOI 10.5555/kg.2022.0042)",
        "s2-papers.jsonl:1": f"duplicate of the paper at {DATA / 'mendeley.ris'}:16 (same arXiv id 2402.22222)",
    }
    gan = next(p for p in result.papers if p.title == "Contrastive Pretraining of GAN Discriminators")
    assert gan.source == f"{bib}:17" and gan.venue == "arXiv cs.LG"  # the BibTeX @misc had none
    # Semantic Scholar had no abstract for this one (skipped and reported); arXiv, read later, has
    chain = next(p for p in result.papers if p.title == "Self-Correcting Chain-of-Thought Decoding")
    assert chain.source == f"{DATA / 'arxiv-query.atom'}:35"
    assert f"{DATA / 's2-search.json'}:[1]: no abstract" in [str(p) for p in result.problems]
