"""The concept check (benchmarks/concept_check.py): recall, spurious links, and a reader's word on them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from concept_check import Concept, check, load_judgments, summarize
from kg_cli import Entity, Graph

CIFAR = Concept.of("CIFAR-100", ["Dataset"], ["CIFAR-100"], ["CIFAR-100-C"])
TEXTS = {
    "paper/a": "We evaluate on CIFAR-100 and ImageNet.",
    "paper/b": "Results on Cifar-100 benchmarks.",  # the form is matched case-sensitively: not named
    "paper/c": "We study robustness on CIFAR-100-C.",  # a narrower dataset
    "paper/d": "We train language models.",  # not named at all
    "paper/e": "Experiments on MNIST.",  # not linked
}
TITLES = {p: f"Title of {p[-1].upper()}" for p in TEXTS}


def graph() -> Graph:
    g = Graph()
    g.entities["entity/cifar100"] = Entity("entity/cifar100", "CIFAR-100", "Dataset", ())
    for paper in ("paper/a", "paper/b", "paper/c", "paper/d"):
        g.mentions[paper].add("entity/cifar100")
    return g


def test_links_to_papers_that_do_not_name_the_concept_are_spurious_unless_a_reader_says_otherwise(
    tmp_path: Path,
) -> None:
    (plain,) = check([CIFAR], graph(), TEXTS, TITLES)
    assert (plain.naming, plain.linked, plain.hits, plain.spurious, plain.narrower) == (1, 4, 1, 3, 1)
    assert (plain.read, plain.read_right) == (0, 0)
    rows = [
        {"concept": "CIFAR-100", "title": "title of b!", "right": True, "evidence": "Cifar-100"},  # title as printed
        {"concept": "CIFAR-100", "title": "Title of D", "right": False, "evidence": "no dataset named"},
        {"concept": "MNIST", "title": "Title of B", "right": True, "evidence": "another concept's row"},
    ]
    path = tmp_path / "judged.json"
    path.write_text(json.dumps(rows))
    (judged,) = check([CIFAR], graph(), TEXTS, TITLES, load_judgments(path))
    assert (judged.spurious, judged.narrower, judged.read, judged.read_right) == (3, 1, 2, 1)
    summary = summarize([judged])
    assert (summary["read_papers"], summary["read_right_papers"], summary["spurious_papers"]) == (2, 1, 3)
