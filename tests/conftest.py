"""Shared fixtures: the real pipeline and the example graph, each built once per session.

Every test that needs the pipeline is marked ``slow`` (automatically when it asks for one of
:data:`PIPELINE_FIXTURES`); a test that is not marked and loads it anyway fails. Tests write only
into temporary folders: the build cache and Hypothesis' example database included.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis.configuration import set_hypothesis_home_dir
from spacy.language import Language

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared"

#: Fixtures that load the real pipeline; a test that uses one, directly or through another fixture, is slow.
PIPELINE_FIXTURES = frozenset({"nlp", "example_built", "example_build", "example_graph"})
_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="kg-tests-hypothesis-")


def pytest_configure(config: pytest.Config) -> None:
    set_hypothesis_home_dir(_HYPOTHESIS_HOME)  # not ./.hypothesis in the checkout


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_HYPOTHESIS_HOME, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)  # before ``-m "not slow"`` deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if PIPELINE_FIXTURES & set(getattr(item, "fixturenames", ())):  # the whole fixture closure
            item.add_marker(pytest.mark.slow)


def _refuse(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("this test loads the pipeline: mark it slow")


@pytest.fixture(autouse=True)
def _pipeline_only_in_slow_tests(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test not marked slow that loads kg's pipeline or the English model fails.

    Covers loads made while the test runs (forked children included, as they inherit the patch);
    a module- or session-scoped fixture is set up before this one, so a test using such a fixture
    that loads a model carries ``@pytest.mark.slow`` itself.
    """
    if request.node.get_closest_marker("slow") is not None:
        return
    import spacy

    import kg.nlp.pipeline
    from kg.nlp.extractors import ENGLISH_MODELS

    monkeypatch.setattr(kg.nlp.pipeline, "load_pipeline", _refuse)
    load = spacy.load

    def load_but_no_english_model(name: str | Path, *args: object, **kwargs: object) -> Language:
        if str(name) in ENGLISH_MODELS:
            _refuse()
        return load(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(spacy, "load", load_but_no_english_model)


@pytest.fixture(scope="session", autouse=True)
def _cache_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Builds (and ``kg`` run in subprocesses) cache parsed abstracts under ``$XDG_CACHE_HOME``:
    a folder of this session's, never the user's ``~/.cache/kg``."""
    before = os.environ.get("XDG_CACHE_HOME")
    folder = tmp_path_factory.mktemp("xdg-cache")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    yield folder
    if before is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture(scope="session")
def nlp() -> Language:
    from kg.nlp.pipeline import load_pipeline

    return load_pipeline()


@pytest.fixture(scope="session")
def example_built(tmp_path_factory: pytest.TempPathFactory, nlp: Language) -> tuple[nx.MultiDiGraph, Path]:
    """The example corpus built into a fresh folder with every export format: the graph the
    build returned, and the folder."""
    from kg.engine.build import build
    from kg.export.formats import EXPORTERS

    out = tmp_path_factory.mktemp("example-build")
    graph, _report = build([EXAMPLES / "icml2025.jsonl"], out, formats=list(EXPORTERS), nlp=nlp)
    return graph, out


@pytest.fixture(scope="session")
def example_build(example_built: tuple[nx.MultiDiGraph, Path]) -> Path:
    """The folder of :func:`example_built`."""
    return example_built[1]


@pytest.fixture(scope="session")
def example_graph(example_build: Path) -> nx.MultiDiGraph:
    """The example graph as read back from its Turtle export."""
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


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` (a kg.sparql.serve.SparqlApp) served on a free loopback port in a thread; its URL.
    On exit the server, the app's query workers and the thread are stopped."""
    from kg.sparql.serve import make_http_server

    httpd = make_http_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        app.close()
        thread.join(5)


@pytest.fixture(scope="session")
def rules() -> Language:
    """The rules pipeline (no learned models), for tests that set mentions by hand."""
    from kg.nlp.pipeline import load_pipeline

    return load_pipeline(extractor="rules")
