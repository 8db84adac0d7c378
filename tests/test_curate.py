"""kg curate --suggest: which merges and drops it proposes, why, in what order, and in what file."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
from typer.testing import CliRunner

from kg.cli import app
from kg.export.rdf import write_rdf
from kg.graph.build import build_graph
from kg.graph.curate import Suggestion, suggest
from kg.graph.model import ENTITY_PREFIX
from kg.graph.thesaurus import apply_thesaurus
from kg.io.thesaurus import Rule, read_thesaurus
from kg.records import Extraction, Mention, Paper, RelationRecord


def _paper(key: str, *mentions: tuple[str, str], relations=(), proposed=(), definitions=()) -> tuple[Paper, Extraction]:
    found = [Mention(text, kind, 0, len(text)) for text, kind in mentions]
    rels = [RelationRecord(h, label, t, "A sentence.") for h, label, t in relations]
    return Paper(key, f"abstract {key}"), Extraction(found, list(proposed), rels, list(definitions))


def graph() -> nx.MultiDiGraph:
    records = [
        _paper(
            "p1",
            ("low-rank adaptation", "Method"),
            ("LoRA", "Method"),
            ("GPT-3", "Method"),
            ("encoder", "Method"),
            definitions=[("LoRA", "low-rank adaptation")],
            relations=[(0, "comparedWith", 2), (3, "partOf", 2)],
        ),
        _paper("p2", ("low-rank adaptation", "Method"), ("model compression", "Task"), ("GPT-4", "Method")),
        _paper(
            "p3",
            ("Low-rank adapation", "Method"),
            ("models compression", "Task"),
            ("low-rank adapted attention", "Method"),
            ("LoRA", "Method"),
            ("decoder", "Method"),
            definitions=[("LoRA", "low-rank adapted attention")],
            relations=[(4, "partOf", 2)],
        ),
        _paper(
            "p4",
            ("proposed method", "Method"),
            ("Model", "Concept"),
            ("quantum annealing", "Method"),
            ("Monte Carlo tree search", "Method"),
            ("MCTS planner", "Method"),
            ("GPT-4", "Method"),
            ("Monte Carlo tree search", "Method"),
            proposed=[4],
            relations=[(3, "uses", 5)],
        ),
    ]
    g = build_graph([p for p, _ in records], [e for _, e in records])
    linked = {"montecarlotreesearch": "exact", "mctsplanner": "exact", "gpt3": "close"}  # close links are loose
    for node, match in linked.items():
        g.nodes[f"entity/{node}"].update(
            vocab="https://x.org/mcts", vocab_label="Monte Carlo Tree Search", vocab_match=match
        )
    return g


def test_curate_suggests_merges_into_the_entity_with_more_papers_then_drops():
    assert suggest(graph()) == [
        Suggestion(
            "Low-rank adapation",
            "low-rank adaptation",
            "typo: 'adapation' ~ 'adaptation' ('low-rank adaptation')",
        ),
        Suggestion(
            "low-rank adapted attention",
            "low-rank adaptation",
            "both written 'LoRA' ('low-rank adaptation')",
        ),
        Suggestion(
            "MCTS planner",
            "Monte Carlo tree search",
            "both linked to the vocabulary term 'Monte Carlo Tree Search' ('Monte Carlo tree search')",
        ),
        Suggestion("Model", "", "generic: only generic words"),
        Suggestion("proposed method", "", "generic: only generic words"),
        Suggestion("quantum annealing", "", "rare: one mention in one paper, no relation, not proposed"),
    ]


def test_curate_leaves_different_things_apart():
    merged = {s.label for s in suggest(graph()) if s.replace_by}
    # encoder ~ decoder: first letters differ; GPT-3 ~ GPT-4: digits differ; both are rare (one
    # mention) but in a relation, so not dropped either
    assert not merged & {"encoder", "decoder", "GPT-3", "GPT-4"}


def test_curate_without_rare_and_in_any_node_order():
    g = graph()
    shuffled = nx.MultiDiGraph()
    shuffled.add_nodes_from(reversed(list(g.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(g.edges(keys=True, data=True))))
    assert suggest(shuffled) == suggest(g)
    assert [s.label for s in suggest(g, rare=False) if not s.replace_by] == ["Model", "proposed method"]


def test_curate_suggestions_applied_leave_one_entity_per_thing():
    g = graph()
    rules = [Rule("replace" if s.replace_by else "drop", s.label, s.replace_by) for s in suggest(g)]
    outcomes = apply_thesaurus(g, rules)
    assert all(o.applied for o in outcomes)
    labels = sorted((d["label"] for n, d in g.nodes(data=True) if n.startswith(ENTITY_PREFIX)), key=str.casefold)
    assert labels == [
        "decoder",
        "encoder",
        "GPT-3",
        "GPT-4",
        "low-rank adaptation",
        "model compression",
        "Monte Carlo tree search",
    ]


def test_curate_cli_prints_a_pure_vosviewer_file_and_the_reasons_apart(tmp_path: Path):
    write_rdf(graph(), tmp_path / "g.ttl")
    runner = CliRunner()
    printed = runner.invoke(app, ["curate", str(tmp_path / "g.ttl"), "--suggest"])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.splitlines()[:2] == ["label\treplace by", "Low-rank adapation\tlow-rank adaptation"]
    assert "6 suggestions: 3 merges, 3 drops" in printed.stderr and "typo: 'adapation'" in printed.stderr
    written = runner.invoke(app, ["curate", str(tmp_path / "g.ttl"), "--suggest", "--out", str(tmp_path / "t.txt")])
    assert written.exit_code == 0 and f"wrote {tmp_path / 't.txt'}" in written.stdout and "typo:" in written.stdout
    assert (tmp_path / "t.txt").read_text(encoding="utf-8") == printed.stdout
    items = list(read_thesaurus(tmp_path / "t.txt"))
    assert len(items) == 6 and all(not hasattr(i, "message") for i in items)  # no malformed line
    refused = runner.invoke(app, ["curate", str(tmp_path / "g.ttl")])
    assert refused.exit_code == 2 and "pass --suggest" in refused.stderr


def test_curate_spellings_typos_names_and_ambiguous_abbreviations():
    common = [("causal inference", "Method"), ("causal influence", "Method"), ("DreamBooth", "Method")]
    common.append(("low-rank adaptation", "Method"))
    records = [_paper(f"c{i}", *common) for i in range(3)]
    records += [
        _paper("p1", ("Bayesian optimisation", "Method"), ("DreamSmooth", "Method"), ("Low-rank adapation", "Method")),
        _paper("p2", ("Bayesian optimization", "Method")),
        _paper(
            "p3",
            ("ASR", "Task"),
            ("automatic speech recognition", "Task"),
            definitions=[("ASR", "automatic speech recognition")],
        ),
        _paper(
            "p4", ("ASR", "Metric"), ("attack success rate", "Metric"), definitions=[("ASR", "attack success rate")]
        ),
    ]
    g = build_graph([p for p, _ in records], [e for _, e in records])
    merges = [(s.label, s.replace_by, s.reason.split(" (")[0]) for s in suggest(g) if s.replace_by]
    # The build merges British spellings and a rare slip of a term 3+ papers write right itself
    # (kg.graph.variants); nothing is left to suggest. Not: inference ~ influence (neither is
    # rare), DreamBooth ~ DreamSmooth (names), ASR's two meanings.
    assert merges == []
    labels = {d["label"]: d["alt_labels"] for _, d in g.nodes(data=True) if d["type"] != "Paper"}
    spellings = {"Bayesian optimisation", "Bayesian optimization"}
    assert any(spellings == {label, *alts} for label, alts in labels.items())
    assert "Low-rank adapation" in labels["low-rank adaptation"]
    assert {"causal inference", "causal influence", "DreamBooth", "DreamSmooth"} <= set(labels)
