"""Shared fixtures: the real pipeline and the example graph, each built once per session."""

from __future__ import annotations

import shutil
from pathlib import Path

import networkx as nx
import pytest
from spacy.language import Language

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def nlp() -> Language:
    from kg.nlp.pipeline import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def example_build(tmp_path_factory: pytest.TempPathFactory, nlp: Language) -> Path:
    """The example corpus built into a fresh folder with every export format."""
    from kg.engine.build import build
    from kg.export.formats import EXPORTERS

    out = tmp_path_factory.mktemp("example-build")
    build([EXAMPLES / "icml2025.jsonl"], out, formats=list(EXPORTERS), nlp=nlp)
    return out


@pytest.fixture(scope="session")
def example_graph(example_build: Path) -> nx.MultiDiGraph:
    from kg.export.rdf import read_rdf

    return read_rdf(example_build / "graph.ttl")


@pytest.fixture()
def shared_data() -> Path:
    if not (SHARED / "data").is_dir():
        pytest.skip("../shared/data is not beside the checkout")
    return SHARED / "data"


def copy_example(tmp_path: Path, name: str = "icml2025.jsonl") -> Path:
    target = tmp_path / name
    shutil.copy(EXAMPLES / name, target)
    return target
