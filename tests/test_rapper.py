"""Every RDF export parses with an independent parser (raptor's rapper), hostile labels included."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

from kg.engine.build import build
from kg.io.clean import clean_abstract

RAPPER = shutil.which("rapper")
needs_rapper = pytest.mark.skipif(RAPPER is None and not os.environ.get("CI"), reason="rapper (raptor2-utils) missing")
HOSTILE = (
    'We propose "Quote\\"Net" <b>&amp;</b> \\ backslash,\nnew line, naïve Ünïcödé 中文, $\\sqrt{x}$ LaTeX, '
    "and </script> for image segmentation."
)


def rapper_triples(path: Path, syntax: str) -> int:
    assert RAPPER is not None, "rapper is required in CI (apt-get install raptor2-utils)"
    result = subprocess.run([RAPPER, "-i", syntax, "-o", "ntriples", "-q", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return len([line for line in result.stdout.splitlines() if line.strip()])


@needs_rapper
@pytest.mark.parametrize(
    ("name", "syntax", "fmt"),
    [("graph.ttl", "turtle", "turtle"), ("graph.nt", "ntriples", "nt"), ("graph.rdf", "rdfxml", "xml")],
)
def test_rapper_parses_example_exports(example_build: Path, name: str, syntax: str, fmt: str):
    assert rapper_triples(example_build / name, syntax) == len(Graph().parse(example_build / name, format=fmt))


@needs_rapper
def test_rapper_parses_jsonld_free_exports_with_hostile_labels(tmp_path: Path, nlp):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"id": 'id "with" <odd> chars & ü', "title": HOSTILE, "abstract": HOSTILE}) + "\n")
    build([path], tmp_path, formats=["ttl", "nt", "xml", "jsonld"], nlp=nlp)
    ttl = Graph().parse(tmp_path / "graph.ttl", format="turtle")
    title = clean_abstract(HOSTILE).text
    assert '"Quote' in title and "<b>" in title and "中文" in title
    assert any(str(o) == title for o in ttl.objects())
    for name, syntax, fmt in [
        ("graph.ttl", "turtle", "turtle"),
        ("graph.nt", "ntriples", "nt"),
        ("graph.rdf", "rdfxml", "xml"),
    ]:
        assert rapper_triples(tmp_path / name, syntax) == len(ttl)
        assert isomorphic(Graph().parse(tmp_path / name, format=fmt), ttl)
    assert isomorphic(Graph().parse(tmp_path / "graph.jsonld", format="json-ld"), ttl)
