"""The Python API (kg.api) on the committed example exports: no parsing, so not slow."""

from __future__ import annotations

from pathlib import Path

import pytest

import kg
from kg.io import InputError

EXPORTS = Path(__file__).resolve().parents[1] / "exports"


@pytest.fixture(scope="module")
def example() -> kg.KnowledgeGraph:
    return kg.load(EXPORTS / "graph.ttl")


def test_api_papers_are_the_records(example: kg.KnowledgeGraph) -> None:
    papers = example.papers()
    assert len(papers) == 19
    assert all(p.abstract and p.title for p in papers)
    assert papers == sorted(papers, key=lambda p: p.key)


def test_api_entities_filter_by_type_and_papers(example: kg.KnowledgeGraph) -> None:
    everything = example.entities()
    datasets = example.entities(type="Dataset")
    shared = example.entities(min_papers=2)
    assert datasets and {e.type for e in datasets} == {"Dataset"}
    assert all(e.paper_count >= 2 for e in shared) and len(shared) < len(everything)
    assert [e.paper_count for e in everything] == sorted((e.paper_count for e in everything), reverse=True)
    with pytest.raises(ValueError, match="type must be one of"):
        example.entities(type="Dataste")


def test_api_query_gives_rows(example: kg.KnowledgeGraph) -> None:
    rows = example.query("SELECT ?p ?t WHERE { ?p a kg:Paper ; dcterms:title ?t } ORDER BY ?t LIMIT 3")
    assert len(rows) == 3 and set(rows[0]) == {"p", "t"}
    assert example.query("ASK { ?e skos:altLabel 'SAE' }") == [{"ask": "true"}]


def test_api_to_rdflib_and_write_round_trip(example: kg.KnowledgeGraph, tmp_path: Path) -> None:
    assert len(example.to_rdflib()) > 1000
    written = example.write(tmp_path, formats=["ttl", "json"])
    assert [p.name for p in written] == ["graph.ttl", "graph.json"]
    for path in written:
        again = kg.load(path)
        assert {e.label for e in again.entities()} == {e.label for e in example.entities()}
    with pytest.raises(ValueError, match="unknown format"):
        example.write(tmp_path, formats=["docx"])


def test_api_load_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        kg.load(tmp_path / "missing.ttl")
    (tmp_path / "graph.docx").write_text("x")
    with pytest.raises(InputError, match=r"cannot read \.docx"):
        kg.load(tmp_path / "graph.docx")


def test_api_is_what_import_kg_offers() -> None:
    assert kg.build.__module__ == "kg.api" and kg.KnowledgeGraph.__module__ == "kg.api"
    with pytest.raises(AttributeError):
        _ = kg.nothing_here  # type: ignore[attr-defined]
