"""Thesaurus files: the readers, each action on a small graph built by kg's own code, file order."""

from __future__ import annotations

import doctest
from pathlib import Path

import networkx as nx
import pytest

import kg.graph.curate
import kg.graph.thesaurus
import kg.io.thesaurus
from kg.export.rdf import write_rdf
from kg.graph.build import build_graph
from kg.graph.model import ABOUT, ENTITY_PREFIX, ENTITY_TYPES, PAPER_LINKS
from kg.graph.terms import term_key
from kg.graph.thesaurus import ACTIONS, apply_thesaurus, check_rule
from kg.io import InputError
from kg.io.thesaurus import Rule, read_thesauri, read_thesaurus
from kg.records import Extraction, Mention, Paper, Problem, RelationRecord

# --- readers ---------------------------------------------------------------------------------


def _write(path: Path, data: str | bytes) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def test_thesaurus_reads_vosviewer_with_bom_crlf_blank_and_malformed_lines(tmp_path: Path):
    text = (
        "\ufeffLabel\tReplace by\r\n"
        "\r\n"
        "Low-rank adapation\tlow-rank adaptation\r\n"
        "proposed method\t\r\n"
        "a\tb\tc\r\n"  # three columns: malformed
        '"quoted, ""label"""\tkept\r\n'
        "\tno label\r\n"
        "bare term\r\n"  # no tab: VOSviewer reads an empty replace by
        "spaced    columns\r\n"  # columns separated by spaces, not a tab
        "trailing\ttabs\t\t\r\n"
    )
    path = _write(tmp_path / "t.txt", text)
    items = list(read_thesaurus(path))
    assert [i for i in items if isinstance(i, Rule)] == [
        Rule("replace", "Low-rank adapation", "low-rank adaptation", f"{path}:3"),
        Rule("drop", "proposed method", "", f"{path}:4"),
        Rule("replace", 'quoted, "label"', "kept", f"{path}:6"),
        Rule("drop", "bare term", "", f"{path}:8"),
        Rule("replace", "trailing", "tabs", f"{path}:10"),
    ]
    problems = [str(i) for i in items if isinstance(i, Problem)]
    assert problems == [
        f"{path}:5: 3 columns; a VOSviewer thesaurus line has 2 (label, replace by)",
        f"{path}:7: no label before the tab",
        f"{path}:9: no tab between label and replace by (the columns look separated by spaces)",
    ]


def test_thesaurus_reads_utf16_vosviewer_with_a_note(tmp_path: Path):
    path = _write(tmp_path / "t.tsv", "label\treplace by\nLLMs\tlarge language model\n".encode("utf-16"))
    items = list(read_thesaurus(path))
    assert items[0] == Problem(str(path), "read as UTF-16 (it has a byte-order mark)", warning=True)
    assert items[1:] == [Rule("replace", "LLMs", "large language model", f"{path}:2")]


def test_thesaurus_reads_kg_csv(tmp_path: Path):
    text = (
        "Label,Action,Note,Value\n"
        "LoRA tuning,merge,same method,low-rank adaptation\n"
        'ImageNet,RETYPE,"a dataset, not a concept",Dataset\n'
        "\n"
        "model,drop,,\n"
        "x,drop,,,extra\n"
        "y,,,\n"
        ",rename,,z\n"
    )
    path = _write(tmp_path / "t.csv", text)
    read = read_thesauri([path])
    assert read.rules == [
        Rule("merge", "LoRA tuning", "low-rank adaptation", f"{path}:2"),
        Rule("retype", "ImageNet", "Dataset", f"{path}:3"),
        Rule("drop", "model", "", f"{path}:5"),
    ]
    assert [str(p) for p in read.problems] == [
        f"{path}:6: 5 columns; the header has 4 (quote a label with a comma)",
        f"{path}:7: no action",
        f"{path}:8: no label",
    ]


def test_thesaurus_reads_what_spreadsheets_save(tmp_path: Path):
    semicolons = _write(tmp_path / "s.csv", "action;label;value\r\nrename;LoRA, tuned;LoRA\r\n")
    assert read_thesauri([semicolons]).rules == [Rule("rename", "LoRA, tuned", "LoRA", f"{semicolons}:2")]
    trailing_tab = _write(tmp_path / "v.txt", "label\treplace by\t\nLLMs\tLLM\t\n")
    assert read_thesauri([trailing_tab]).rules == [Rule("replace", "LLMs", "LLM", f"{trailing_tab}:2")]


def test_thesaurus_check_reports_rules_that_cannot_apply_with_their_line(tmp_path: Path):
    text = "action,label,value\nmerge,a,\nretype,b,Algorithm\nfrobnicate,c,d\nrename,---,x\nretype,e,task\n"
    read = read_thesauri([_write(tmp_path / "t.csv", text)], check=check_rule)
    assert read.rules == [Rule("retype", "e", "task", f"{tmp_path / 't.csv'}:6")]
    assert [p.message for p in read.problems] == [
        "merge needs a value: the label to merge into",
        "unknown type 'Algorithm'; use one of " + ", ".join(ENTITY_TYPES),
        "unknown action 'frobnicate'; use one of " + ", ".join(ACTIONS),
        "the label '---' has no letters or digits",
    ]
    assert [p.where.rsplit(":", 1)[1] for p in read.problems] == ["2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("name", "data", "why"),
    [
        ("t.txt", b"\x00\x01\x02\x03" * 100, "looks like a binary file"),
        ("t.txt", "LLMs\tlarge language model\n", "not a thesaurus file: its first line must be"),
        ("t.csv", "label,value\nx,y\n", "not a thesaurus file"),
        ("t.csv", "action,label,valeu\n", "unknown thesaurus column 'valeu'"),
        ("t.txt", "", "the file is empty"),
        ("t.xlsx", "label\treplace by\n", "unknown thesaurus extension '.xlsx'"),
        ("missing.txt", None, "no such file"),
    ],
)
def test_thesaurus_file_that_is_not_one_stops(tmp_path: Path, name: str, data: str | bytes | None, why: str):
    path = tmp_path / name if data is None else _write(tmp_path / name, data)
    with pytest.raises(InputError, match=why) as err:
        read_thesauri([path])
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_thesaurus_modules_examples_hold():
    for module in (kg.io.thesaurus, kg.graph.thesaurus, kg.graph.curate):
        assert doctest.testmod(module).failed == 0


# --- actions on a graph ------------------------------------------------------------------------

EVIDENCE = "LoRA is evaluated on GLUE."


def _paper(key: str, *mentions: tuple[str, str], relations=(), proposed=(), definitions=()) -> tuple[Paper, Extraction]:
    found = [Mention(text, kind, 0, len(text)) for text, kind in mentions]
    rels = [RelationRecord(h, label, t, EVIDENCE) for h, label, t in relations]
    return Paper(key, f"abstract {key}"), Extraction(found, list(proposed), rels, list(definitions))


def corpus(typo: str = "Low-rank adapation") -> nx.MultiDiGraph:
    """Three papers; the second writes low-rank adaptation with a typo (``typo``)."""
    records = [
        _paper(
            "p1",
            ("low-rank adaptation", "Method"),
            ("GLUE", "Dataset"),
            ("low-rank adaptation", "Method"),
            relations=[(0, "evaluatedOn", 1)],
            proposed=[0],
        ),
        _paper(
            "p2",
            (typo, "Method"),
            ("GLUE", "Dataset"),
            ("low-rank adaptation", "Method"),
            relations=[(0, "evaluatedOn", 1), (0, "comparedWith", 2)],
            proposed=[0],
        ),
        _paper(
            "p3",
            ("adapter tuning", "Method"),
            ("ImageNet", "Concept"),
            ("model", "Concept"),
            ("proposed method", "Concept"),
            relations=[(0, "evaluatedOn", 1), (2, "uses", 0)],
        ),
    ]
    return build_graph([p for p, _ in records], [e for _, e in records])


def rules(*lines: tuple[str, str, str]) -> list[Rule]:
    return [Rule(action, label, value, f"t.csv:{i}") for i, (action, label, value) in enumerate(lines, 2)]


def assert_invariants(graph: nx.MultiDiGraph) -> None:
    """What kg.graph.model promises of every entity and edge."""
    entities = [n for n, d in graph.nodes(data=True) if d["type"] in ENTITY_TYPES]
    for node in entities:
        d = graph.nodes[node]
        assert d["papers"] == sorted(set(d["papers"])) and d["paper_count"] == len(d["papers"])
        assert d["proposed_by"] == sorted(set(d["proposed_by"])) and set(d["proposed_by"]) <= set(d["papers"])
        assert d["alt_labels"] == sorted(set(d["alt_labels"])) and d["label"] not in d["alt_labels"]
        mentions = [(u, w) for u, _, k, w in graph.in_edges(node, keys=True, data="weight") if k == "mentions"]
        assert d["count"] == sum(w for _, w in mentions) and sorted(u for u, _ in mentions) == d["papers"]
    for u, v, key, d in graph.edges(keys=True, data=True):
        assert u != v and d["type"] == key
        assert d["papers"] == sorted(set(d["papers"])) and d["evidence"] == sorted(set(d["evidence"]))
        if key not in PAPER_LINKS:
            assert d["weight"] == len(d["papers"])
    papers = [n for n, d in graph.nodes(data=True) if d["type"] == "Paper"]
    assert list(graph) == papers + sorted(entities)  # the order build_graph inserts in


def _snapshot(graph: nx.MultiDiGraph, drop_alts: bool = False) -> tuple[list, list]:
    """Nodes and edges; with ``drop_alts``, without what a merge adds by design: the merged label as
    an alt label, and confidence 1.0 on the entity the user merged into."""
    left_out = {"alt_labels", "confidence"} if drop_alts else set()
    nodes = [(n, {k: v for k, v in d.items() if k not in left_out}) for n, d in graph.nodes(data=True)]
    return nodes, list(graph.edges(keys=True, data=True))


def test_thesaurus_merge_moves_everything_as_if_the_typo_was_never_written():
    graph = corpus()
    outcomes = apply_thesaurus(graph, rules(("merge", "Low-rank adapation", "low-rank adaptation")))
    assert [tuple(o) for o in outcomes] == [(True, "merged 'Low-rank adapation' into 'low-rank adaptation'")]
    assert_invariants(graph)
    target = graph.nodes[ENTITY_PREFIX + "lowrankadaptation"]
    assert target["alt_labels"] == ["Low-rank adapation"]
    assert (target["papers"], target["count"], target["proposed_by"]) == (
        ["paper/p1", "paper/p2"],
        4,
        ["paper/p1", "paper/p2"],
    )
    assert graph.edges["paper/p2", ENTITY_PREFIX + "lowrankadaptation", "mentions"]["weight"] == 2
    evaluated = graph.edges[ENTITY_PREFIX + "lowrankadaptation", ENTITY_PREFIX + "glue", "evaluatedOn"]
    assert (evaluated["papers"], evaluated["weight"]) == (["paper/p1", "paper/p2"], 2)
    assert nx.number_of_selfloops(graph) == 0  # the comparedWith between the two went
    assert target["confidence"] == 1.0  # the user says it is an entity
    # the same graph, in the same order, as resolution gives when the typo is not there
    assert _snapshot(graph, drop_alts=True) == _snapshot(corpus(typo="low-rank adaptation"), drop_alts=True)


def test_thesaurus_merge_into_what_a_paper_is_about_makes_it_a_mention():
    """A paper about low-rank adaptation only through a longer name (``about``, kg.graph.named_inside)
    that mentions the typo: once merged, the paper mentions it, and is not also about it."""
    graph = corpus()
    node = ENTITY_PREFIX + "lowrankadaptation"
    graph.remove_edge("paper/p2", node, "mentions")
    graph.add_edge("paper/p2", node, key=ABOUT, type=ABOUT, weight=1, papers=["paper/p2"], evidence=[])
    data = graph.nodes[node]
    data["papers"], data["paper_count"], data["count"] = ["paper/p1"], 1, 2
    apply_thesaurus(graph, rules(("merge", "Low-rank adapation", "low-rank adaptation")))
    assert graph.has_edge("paper/p2", node, "mentions") and not graph.has_edge("paper/p2", node, ABOUT)
    assert_invariants(graph)


def test_thesaurus_rename_keeps_the_node_under_the_key_of_its_new_label():
    graph = corpus()
    degree = graph.degree(ENTITY_PREFIX + "adaptertuning")
    (outcome,) = apply_thesaurus(graph, rules(("rename", "Adapter-Tuning", "Adapter Fine-Tuning")))
    assert outcome.detail == "renamed 'adapter tuning' to 'Adapter Fine-Tuning'"
    assert ENTITY_PREFIX + "adaptertuning" not in graph
    node = ENTITY_PREFIX + term_key("Adapter Fine-Tuning")
    assert graph.nodes[node]["label"] == "Adapter Fine-Tuning" and graph.nodes[node]["alt_labels"] == ["adapter tuning"]
    assert graph.degree(node) == degree and graph.has_edge(ENTITY_PREFIX + "model", node, "uses")
    assert_invariants(graph)


def test_thesaurus_rename_onto_an_existing_entity_merges_and_respells():
    graph = corpus()
    (outcome,) = apply_thesaurus(graph, rules(("rename", "Low-rank adapation", "Low-Rank Adaptation")))
    assert outcome.detail == (
        "merged 'Low-rank adapation' into 'low-rank adaptation',"
        " then renamed 'low-rank adaptation' to 'Low-Rank Adaptation'"
    )
    node = graph.nodes[ENTITY_PREFIX + "lowrankadaptation"]
    assert node["label"] == "Low-Rank Adaptation" and node["alt_labels"] == [
        "Low-rank adapation",
        "low-rank adaptation",
    ]
    assert_invariants(graph)


def test_thesaurus_retype_and_drop():
    graph = corpus()
    edges = graph.number_of_edges() - graph.degree(ENTITY_PREFIX + "model")
    outcomes = apply_thesaurus(graph, rules(("retype", "imagenet", "dataset"), ("drop", "Models", "")))
    assert [o.detail for o in outcomes] == ["'ImageNet' retyped Dataset", "dropped 'model'"]
    assert graph.nodes[ENTITY_PREFIX + "imagenet"]["type"] == "Dataset"
    assert ENTITY_PREFIX + "model" not in graph and graph.number_of_edges() == edges
    assert_invariants(graph)


def test_thesaurus_vosviewer_replace_merges_renames_or_drops():
    graph = corpus()
    replace = [
        ("replace", "Low-rank adapation", "low-rank adaptation"),  # an entity has that name: merge
        ("replace", "proposed method", "Proposed-Method X"),  # none has: rename
        ("replace", "glue", "GLUE"),  # the same entity, spelled the same: nothing
        ("drop", "model", ""),
    ]
    assert [o.detail for o in apply_thesaurus(graph, rules(*replace))] == [
        "merged 'Low-rank adapation' into 'low-rank adaptation'",
        "renamed 'proposed method' to 'Proposed-Method X'",
        "'glue' is 'GLUE' already: no change",
        "dropped 'model'",
    ]
    assert graph.nodes[ENTITY_PREFIX + "proposedmethodx"]["label"] == "Proposed-Method X"
    assert_invariants(graph)


def test_thesaurus_unmatched_rules_say_what_matched_nothing():
    graph = corpus()
    before = _snapshot(graph)
    outcomes = apply_thesaurus(
        graph,
        rules(
            ("drop", "transformer", ""), ("merge", "GLUE", "SuperGLUE"), ("retype", "x", "Task"), ("frob", "GLUE", "")
        ),
    )
    assert [tuple(o) for o in outcomes] == [
        (False, "no entity named 'transformer'"),
        (False, "no entity named 'SuperGLUE' to merge 'GLUE' into"),
        (False, "no entity named 'x'"),
        (False, "unknown action 'frob'; use one of " + ", ".join(ACTIONS)),
    ]
    assert _snapshot(graph) == before


def test_thesaurus_label_names_preferred_labels_before_alt_labels():
    papers = [
        _paper(
            "p1", ("stacked autoencoder", "Method"), ("SAE", "Method"), definitions=[("SAE", "stacked autoencoder")]
        ),
        _paper("p2", ("sparse autoencoder", "Method"), ("SAE", "Method"), definitions=[("SAE", "sparse autoencoder")]),
        _paper("p3", ("SAE-V", "Method")),
    ]
    graph = build_graph([p for p, _ in papers], [e for _, e in papers])
    assert graph.nodes[ENTITY_PREFIX + "stackedautoencoder"]["alt_labels"] == ["SAE"]
    # "SAE" is no entity's own label: it names both entities written so
    (outcome,) = apply_thesaurus(graph, rules(("replace", "SAE", "sparse autoencoder")))
    assert outcome.detail == "merged 'stacked autoencoder' into 'sparse autoencoder'"
    # "sparse autoencoder" is one entity's label: the alt label "sparse autoencoder" elsewhere does not count
    graph.nodes[ENTITY_PREFIX + "saev"]["alt_labels"] = ["sparse autoencoder"]
    (outcome,) = apply_thesaurus(graph, rules(("drop", "Sparse Autoencoders", "")))
    assert outcome.detail == "dropped 'sparse autoencoder'" and ENTITY_PREFIX + "saev" in graph


def test_thesaurus_rules_apply_in_file_order_and_files_in_the_order_given(tmp_path: Path):
    rename = _write(tmp_path / "rename.txt", "label\treplace by\nadapter tuning\tPEFT method\n")
    drop = _write(tmp_path / "drop.csv", "action,label,value\ndrop,PEFT method,\n")
    first = corpus()
    out = apply_thesaurus(first, read_thesauri([rename, drop]).rules)
    assert [o.applied for o in out] == [True, True] and ENTITY_PREFIX + "peftmethod" not in first
    second = corpus()
    out = apply_thesaurus(second, read_thesauri([drop, rename]).rules)
    assert [o.applied for o in out] == [False, True] and second.nodes[ENTITY_PREFIX + "peftmethod"]


def test_thesaurus_result_is_deterministic(tmp_path: Path):
    lines = ("merge", "Low-rank adapation", "low-rank adaptation"), ("rename", "adapter tuning", "adapters")
    exports = []
    for _ in range(2):
        graph = corpus()
        apply_thesaurus(graph, rules(*lines))
        write_rdf(graph, tmp_path / "g.ttl")
        exports.append((tmp_path / "g.ttl").read_bytes())
    assert exports[0] == exports[1]
    untouched = corpus()
    assert apply_thesaurus(untouched, []) == [] and _snapshot(untouched) == _snapshot(corpus())
