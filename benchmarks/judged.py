"""Score a kg build against hand-judged abstracts (issue 12's entity and relation targets).

A sample is a JSON file in the format of ../shared/data/kg-dev/iclr2022_dev.json: papers with an
`id`, `entities` ({label, alt, types, proposed?, important?, in_title_only?}), `not_nodes` and
`relations` ({head, type, tail}). Each paper's abstract is its own `abstract` field or, without
one, the record with that id in ../shared/data/corpora (ICLR 2020-2024, NeurIPS 2020). The
abstracts go through `kg build` (one temporary JSONL, node-link JSON export), then per paper:

- an expected entity is found when a node the paper mentions or proposes has a label or altLabel
  equal to its label or an alt, ignoring case, plurals, hyphens, spaces and accents; typed when
  such a node has one of its types; a proposal is found when the paper `kg:proposes` such a node.
  Entities named only in the title (`in_title_only`) are left out: kg reads abstracts only.
- proposal precision proxy: the share of the paper's `kg:proposes` links whose node matches one of the
  reader's proposals (title-only ones included); recall alone rewards proposing everything.
- important entities: those marked `"important": true`; in a sample without the field, the
  proposed ones and every Dataset or Task.
- not_nodes that became nodes: a not_node phrase equal (same comparison) to a node of the paper.
- precision proxy: the share of the paper's entity nodes that match an expected entity; the
  others are listed for hand judging (--dump writes them with `"right": null` for a reader to
  set true or false; --judgments reads such a file back and reports the hand-judged precision:
  matching nodes plus nodes judged right, over matching plus judged nodes).
- relations: an expected relation is found when an emitted one joins nodes matching its head
  and tail with its type and direction (either direction for comparedWith and conjoinedWith),
  found as a pair when any emitted relation joins them; the precision proxy is the share of
  emitted relations that match an expected one; unmatched ones are dumped and judged the same way.

    python benchmarks/judged.py ../shared/data/kg-dev/iclr2022_dev.json
    python benchmarks/judged.py SAMPLE.json --extractor accurate --dump to_judge.json
    python benchmarks/judged.py SAMPLE.json --judgments judged.json --quiet
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kg_cli import (
    CORPORA,
    CORPUS_FILES,
    Entity,
    Graph,
    Relation,
    build,
    corpus_path,
    name_key,
    read_graph,
    read_records,
)

SYMMETRIC = frozenset({"comparedWith", "conjoinedWith"})
TARGETS = {
    "found": ">= 0.85",
    "typed": ">= 0.80",
    "proposals": ">= 0.76 (35/46)",
    "important_missed": "<= 0.5",
    "nodes": "<= 15",
    "not_nodes": "<= 10%",
    "precision": ">= 0.80",
    "relations": ">= 3",
}


@dataclass
class Expected:
    label: str
    keys: frozenset[str]
    types: frozenset[str]
    proposed: bool
    important: bool


@dataclass(frozen=True)
class Emitted:
    """A relation kg emitted for a paper, by node labels (what a reader judges)."""

    head: str
    type: str
    tail: str
    evidence: tuple[str, ...]


@dataclass
class PaperScore:
    """The counts for one judged paper; a sample's figures are sums of these."""

    id: str
    title: str
    expected: int = 0
    found: int = 0
    typed: int = 0
    proposed: int = 0
    proposals_found: int = 0
    important: int = 0
    important_missed: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    proposals_missed: list[str] = field(default_factory=list)
    proposed_nodes: list[str] = field(default_factory=list)
    proposes: int = 0
    proposes_right: int = 0
    mistyped: list[str] = field(default_factory=list)
    nodes: int = 0
    unmatched_nodes: list[Entity] = field(default_factory=list)
    not_nodes: int = 0
    not_nodes_as_nodes: list[str] = field(default_factory=list)
    gold_relations: int = 0
    relations_found: int = 0
    relations_as_pair: int = 0
    relations_with_nodes: int = 0
    relations: int = 0
    unmatched_relations: list[Emitted] = field(default_factory=list)
    relations_missed: list[str] = field(default_factory=list)

    @property
    def matched_nodes(self) -> int:
        return self.nodes - len(self.unmatched_nodes)

    @property
    def matched_relations(self) -> int:
        return self.relations - len(self.unmatched_relations)


def marks_important(papers: Iterable[dict[str, Any]]) -> bool:
    """Does the sample mark important entities itself (else: proposed, Dataset and Task ones)?"""
    return any("important" in e for p in papers for e in p.get("entities", []))


def expected_entities(paper: dict[str, Any], marked: bool) -> list[Expected]:
    """The paper's expected entities with the name keys they match; title-only ones left out."""
    out = []
    for e in paper.get("entities", []):
        if e.get("in_title_only"):
            continue
        types = frozenset(e.get("types", ()))
        important = bool(e.get("important")) if marked else bool(e.get("proposed") or types & {"Dataset", "Task"})
        out.append(
            Expected(e["label"], names_keys([e["label"], *e.get("alt", ())]), types, bool(e.get("proposed")), important)
        )
    return out


def names_keys(names: Iterable[str]) -> frozenset[str]:
    return frozenset(name_key(n) for n in names) - {""}


def score_paper(
    paper: dict[str, Any], node: str, graph: Graph, relations: Sequence[Relation], *, marked: bool
) -> PaperScore:
    """Score one judged paper against its paper node in the graph (marked: see marks_important)."""
    score = PaperScore(str(paper["id"]), str(paper.get("title", "")))
    nodes = [graph.entities[e] for e in sorted(graph.paper_entities(node)) if e in graph.entities]
    keys = {n.id: names_keys(n.names) for n in nodes}
    proposes = graph.proposes.get(node, set())
    expected = expected_entities(paper, marked)
    # a node naming a title-only entity is right too
    every_name = names_keys(n for e in paper.get("entities", []) for n in [e["label"], *e.get("alt", ())])
    for e in expected:
        matches = [n for n in nodes if keys[n.id] & e.keys]
        score.expected += 1
        score.found += bool(matches)
        score.typed += any(n.type in e.types for n in matches)
        score.proposed += e.proposed
        score.proposals_found += e.proposed and any(n.id in proposes for n in matches)
        if e.proposed and not any(n.id in proposes for n in matches):
            score.proposals_missed.append(f"{e.label} ({'a node' if matches else 'no node'})")
        score.important += e.important
        if e.important and not matches:
            score.important_missed.append(e.label)
        if not matches:
            score.missed.append(f"{e.label} ({'/'.join(sorted(e.types))})")
        elif not any(n.type in e.types for n in matches):
            score.mistyped.append(f"{e.label} ({'/'.join(sorted(e.types))}, not {matches[0].type})")
    score.nodes = len(nodes)
    made = [graph.entities[e] for e in proposes if e in graph.entities]
    score.proposed_nodes = sorted(n.label for n in made)
    # what kg proposes, against every proposal the reader wrote (title-only ones too: kg reads titles for them)
    theirs = names_keys(
        n for e in paper.get("entities", []) if e.get("proposed") for n in [e["label"], *e.get("alt", ())]
    )
    score.proposes = len(made)
    score.proposes_right = sum(bool(names_keys(n.names) & theirs) for n in made)
    score.unmatched_nodes = [n for n in nodes if not keys[n.id] & every_name]
    node_keys = frozenset().union(*keys.values())
    score.not_nodes = len(paper.get("not_nodes", []))
    score.not_nodes_as_nodes = [p for p in paper.get("not_nodes", []) if name_key(p) in node_keys]
    score_relations(score, paper, expected, relations, graph, node_keys)
    return score


def score_relations(
    score: PaperScore,
    paper: dict[str, Any],
    expected: Sequence[Expected],
    relations: Sequence[Relation],
    graph: Graph,
    node_keys: frozenset[str],
) -> None:
    """Expected relations found (type and direction, or as a pair), those whose two entities are
    both nodes of the paper (what a relation extractor could find), and emitted ones matching none."""

    def names_of(label: str) -> frozenset[str]:
        key = name_key(label)
        return next((e.keys for e in expected if key in e.keys), frozenset({key}))

    def joins(r: Relation, head: frozenset[str], tail: frozenset[str]) -> bool:
        return bool(
            names_keys(graph.entities[r.source].names) & head and names_keys(graph.entities[r.target].names) & tail
        )

    emitted = sorted(set(relations), key=lambda r: (r.source, r.type, r.target))
    matched: set[Relation] = set()
    for gold in paper.get("relations", []):
        head, tail, kind = names_of(gold["head"]), names_of(gold["tail"]), gold["type"]
        same = [
            r
            for r in emitted
            if r.type == kind and (joins(r, head, tail) or (kind in SYMMETRIC and joins(r, tail, head)))
        ]
        matched.update(same)
        score.gold_relations += 1
        score.relations_found += bool(same)
        as_pair = any(joins(r, head, tail) or joins(r, tail, head) for r in emitted)
        with_nodes = bool(node_keys & head and node_keys & tail)
        score.relations_as_pair += as_pair
        score.relations_with_nodes += with_nodes
        if not same:
            where = "as a pair" if as_pair else "both nodes" if with_nodes else "an end is no node"
            score.relations_missed.append(f"{gold['head']} -{kind}-> {gold['tail']} ({where})")
    score.relations = len(emitted)
    score.unmatched_relations = [
        Emitted(graph.entities[r.source].label, r.type, graph.entities[r.target].label, r.evidence)
        for r in emitted
        if r not in matched
    ]


class Judgments:
    """Hand marks read from a dump: `right` true or false per unmatched node and relation. A node's
    mark holds for its label with the type it was judged with (a type is part of being right)."""

    def __init__(self, path: Path | None = None) -> None:
        self.marks: dict[tuple[str, ...], bool] = {}
        if path is None:
            return
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in data.get("entities", []):
            if isinstance(item.get("right"), bool):
                self.marks[("entity", item["paper"], item["label"], item.get("type", ""))] = item["right"]
        for item in data.get("relations", []):
            if isinstance(item.get("right"), bool):
                self.marks[("relation", item["paper"], item["head"], item["type"], item["tail"])] = item["right"]

    def entity(self, paper: str, node: Entity) -> bool | None:
        return self.marks.get(("entity", paper, node.label, node.type))

    def relation(self, paper: str, r: Emitted) -> bool | None:
        return self.marks.get(("relation", paper, r.head, r.type, r.tail))

    def precision(self, matched: int, marks: Sequence[bool | None]) -> tuple[float, int, int]:
        """(matched + judged right over matched + judged, judged, unmatched)."""
        judged = [m for m in marks if m is not None]
        return _ratio(matched + sum(judged), matched + len(judged)), len(judged), len(marks)


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def summarize(scores: Sequence[PaperScore], judgments: Judgments | None) -> dict[str, Any]:
    """A sample's figures: shares pooled over entities, nodes and relations; means per paper."""

    def total(name: str) -> int:
        return sum(getattr(s, name) for s in scores)

    n = max(len(scores), 1)
    figures: dict[str, Any] = {
        "papers": len(scores),
        "expected": total("expected"),
        "found": _ratio(total("found"), total("expected")),
        "typed": _ratio(total("typed"), total("expected")),
        "proposals_found": total("proposals_found"),
        "proposed": total("proposed"),
        "proposals": _ratio(total("proposals_found"), total("proposed")),
        "proposes": total("proposes"),
        "proposes_right": total("proposes_right"),
        "important": total("important"),
        "important_missed": sum(len(s.important_missed) for s in scores) / n,
        "nodes": total("nodes") / n,
        "not_nodes_as_nodes": sum(len(s.not_nodes_as_nodes) for s in scores),
        "not_nodes_total": total("not_nodes"),
        "not_nodes": _ratio(sum(len(s.not_nodes_as_nodes) for s in scores), total("not_nodes")),
        "precision": _ratio(total("matched_nodes"), total("nodes")),
        "gold_relations": total("gold_relations"),
        "relations_found": total("relations_found"),
        "relations_as_pair": total("relations_as_pair"),
        "relations_with_nodes": total("relations_with_nodes"),
        "relation_precision": _ratio(total("matched_relations"), total("relations")),
        "relations": total("relations") / n,
    }
    if judgments is not None:
        nodes = [judgments.entity(s.id, node) for s in scores for node in s.unmatched_nodes]
        relations = [judgments.relation(s.id, r) for s in scores for r in s.unmatched_relations]
        figures["hand_precision"] = judgments.precision(total("matched_nodes"), nodes)
        figures["hand_relation_precision"] = judgments.precision(total("matched_relations"), relations)
    return figures


def print_papers(scores: Sequence[PaperScore]) -> None:
    for s in scores:
        print(f"[{s.id}] {s.title}")
        print(f"  found {s.found}/{s.expected}, {s.nodes} nodes, {s.matched_nodes} matching an expected entity")
        if s.important_missed:
            print(f"  important missed: {'; '.join(s.important_missed)}")
        if s.missed:
            print(f"  missed: {'; '.join(s.missed)}")
        if s.mistyped:
            print(f"  mistyped: {'; '.join(s.mistyped)}")
        if s.proposals_missed:
            print(f"  proposals missed: {'; '.join(s.proposals_missed)}")
        if s.proposed_nodes:
            print(f"  kg proposes: {'; '.join(s.proposed_nodes)}")
        if s.unmatched_nodes:
            print(f"  unmatched nodes: {'; '.join(f'{n.label} ({n.type})' for n in s.unmatched_nodes)}")
        if s.not_nodes_as_nodes:
            print(f"  not_nodes as nodes: {'; '.join(s.not_nodes_as_nodes)}")
        if s.unmatched_relations:
            rels = "; ".join(f"{r.head} -{r.type}-> {r.tail}" for r in s.unmatched_relations)
            print(f"  unmatched relations: {rels}")
        if s.relations_missed:
            print(f"  relations missed: {'; '.join(s.relations_missed)}")


def _of(a: int, b: int, percent: bool = False) -> str:
    return f"{_ratio(a, b):.1%} ({a}/{b})" if percent else f"{_ratio(a, b):.3f} ({a}/{b})"


def _hand(figure: tuple[float, int, int]) -> str:
    precision, judged, unmatched = figure
    return f"{precision:.3f} ({judged} of {unmatched} unmatched judged)"


def print_summary(name: str, f: dict[str, Any]) -> None:
    important = f["important"] / max(f["papers"], 1)
    rows = [
        ("entities", "", ""),
        ("  expected entities found", f"{f['found']:.3f} of {f['expected']}", TARGETS["found"]),
        ("  found with an acceptable type", f"{f['typed']:.3f}", TARGETS["typed"]),
        ("  proposals found (kg:proposes)", _of(f["proposals_found"], f["proposed"]), TARGETS["proposals"]),
        ("  proposal precision proxy (a reader's proposal)", _of(f["proposes_right"], f["proposes"]), ""),
        (
            "  important entities missed per paper",
            f"{f['important_missed']:.2f} of {important:.2f}",
            TARGETS["important_missed"],
        ),
        ("  entity nodes per abstract", f"{f['nodes']:.1f}", TARGETS["nodes"]),
        (
            "  not_nodes that became nodes",
            _of(f["not_nodes_as_nodes"], f["not_nodes_total"], True),
            TARGETS["not_nodes"],
        ),
        ("  precision proxy (nodes matching an expected entity)", f"{f['precision']:.3f}", TARGETS["precision"]),
    ]
    if "hand_precision" in f:
        rows.append(("  hand-judged precision", _hand(f["hand_precision"]), TARGETS["precision"]))
    rows += [
        ("relations", "", ""),
        ("  expected relations found, type and direction", _of(f["relations_found"], f["gold_relations"]), ""),
        ("  expected relations found as a pair", _of(f["relations_as_pair"], f["gold_relations"]), ""),
        ("  ... whose two entities are both nodes", _of(f["relations_with_nodes"], f["gold_relations"]), ""),
        (
            "  precision proxy (emitted matching an expected one)",
            f"{f['relation_precision']:.3f}",
            TARGETS["precision"],
        ),
    ]
    if "hand_relation_precision" in f:
        rows.append(("  hand-judged precision", _hand(f["hand_relation_precision"]), TARGETS["precision"]))
    rows.append(("  entity-entity relations per paper", f"{f['relations']:.1f}", TARGETS["relations"]))
    print(f"\n{name}: {f['papers']} papers")
    print(f"{'':<56}{'figure':<40}target")
    for label, figure, target in rows:
        print(f"{label:<56}{figure:<40}{target}")


def load_samples(paths: Sequence[Path]) -> list[tuple[Path, list[dict[str, Any]]]]:
    samples = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        samples.append((path, data["papers"] if isinstance(data, dict) else data))
    return samples


def abstract_records(papers: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One {id, title, abstract} record per paper id: its own abstract, else the corpora's."""
    corpus: dict[str, list[dict[str, Any]]] | None = None
    records: dict[str, dict[str, Any]] = {}
    for paper in papers:
        pid = str(paper["id"])
        if pid in records:
            continue
        abstract, title = paper.get("abstract"), paper.get("title")
        if not abstract:
            if corpus is None:
                corpus = {}
                for name in CORPUS_FILES.values():
                    for r in read_records(CORPORA / name):
                        corpus.setdefault(str(r["id"]), []).append(r)
            # ids repeat across years: the record with the sample's title, else the first
            same = corpus.get(pid, [])
            found = next((r for r in same if title and r.get("title") == title), same[0] if same else None)
            if found is None:
                print(f"warning: no abstract for paper {pid}; left out", file=sys.stderr)
                continue
            abstract, title = found["abstract"], title or found.get("title")
        records[pid] = {"id": pid, "title": title or "", "abstract": abstract}
    return list(records.values())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("samples", type=Path, nargs="+", help="hand-judged samples in the kg-dev format")
    parser.add_argument("--extractor", help="kg build --extractor (default: kg's default)")
    parser.add_argument("--min-confidence", help="kg build --min-confidence (default: kg's default)")
    parser.add_argument("--no-cache", action="store_true", help="kg build --no-cache")
    parser.add_argument("--dump", type=Path, help="write the unmatched nodes and relations here for hand judging")
    parser.add_argument("--judgments", type=Path, help="a judged dump: report hand-judged precision")
    parser.add_argument("--quiet", action="store_true", help="only the summary, not the per-paper lists")
    parser.add_argument(
        "--context",
        help="build the sample's papers inside this corpus (iclr2024, ... or a JSON/JSONL file), as a user "
        "building the whole conference would, and score the sample's papers only",
    )
    args = parser.parse_args(argv)

    samples = load_samples(args.samples)
    records = abstract_records(p for _, papers in samples for p in papers)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "judged.jsonl"
        built = records
        if args.context:
            own = {r["id"] for r in records}
            built = records + [
                {"id": str(r["id"]), "title": r.get("title", ""), "abstract": r["abstract"]}
                for r in read_records(corpus_path(args.context))
                if str(r["id"]) not in own
            ]
        jsonl.write_text("".join(json.dumps(r) + "\n" for r in built), encoding="utf-8")
        extractor = args.extractor or "kg's default"
        print(f"kg build: {len(built)} abstracts, extractor {extractor}", file=sys.stderr)
        graph = read_graph(
            build(
                [jsonl],
                Path(tmp) / "out",
                extractor=args.extractor,
                cache=not args.no_cache,
                options=["--min-confidence", args.min_confidence] if args.min_confidence else [],
            )
        )
    ids = graph.paper_ids(records)
    by_paper = graph.relations_by_paper()
    judgments = Judgments(args.judgments) if args.judgments else None
    every: list[PaperScore] = []
    for path, papers in samples:
        marked = marks_important(papers)
        scores = [
            score_paper(p, ids[str(p["id"])], graph, by_paper.get(ids[str(p["id"])], []), marked=marked)
            for p in papers
            if str(p["id"]) in ids
        ]
        if not args.quiet:
            print_papers(scores)
        print_summary(str(path), summarize(scores, judgments))
        every += scores
    if len(samples) > 1:
        print_summary("all samples", summarize(every, judgments))
    if args.dump:
        dump(args.dump, every, judgments or Judgments(), extractor)
        print(f'\nwrote {args.dump}: set each item\'s "right" to true or false, then pass it to --judgments')


def dump(path: Path, scores: Sequence[PaperScore], judgments: Judgments, extractor: str) -> None:
    """The unmatched nodes and relations for hand judging, with the marks already made."""
    entities = [
        {
            "paper": s.id,
            "title": s.title,
            "label": node.label,
            "type": node.type,
            "alt_labels": list(node.alt_labels),
            "right": judgments.entity(s.id, node),
        }
        for s in scores
        for node in s.unmatched_nodes
    ]
    relations = [
        {
            "paper": s.id,
            "title": s.title,
            "head": r.head,
            "type": r.type,
            "tail": r.tail,
            "evidence": list(r.evidence),
            "right": judgments.relation(s.id, r),
        }
        for s in scores
        for r in s.unmatched_relations
    ]
    about = (
        f"Nodes and relations of a kg build (extractor: {extractor}) that match no expected entity or relation "
        "of the judged sample. Set each item's right to true (a node a reader wants / a relation the sentence "
        "states) or false, then run judged.py --judgments on this file."
    )
    data = {"about": about, "entities": entities, "relations": relations}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
