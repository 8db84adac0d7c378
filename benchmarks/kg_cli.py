"""kg seen from outside, for the quality benchmarks: run its CLI, read its node-link JSON export.

The quality scripts (concept_check.py, judged.py) must keep working while kg's modules are
reorganised, so nothing here imports kg: graphs come from `kg build --to json`, and any other
export kg writes (graph.ttl, .nt, .jsonld, .rdf) is converted with `kg export --to json`.

What the export holds, as read here: paper nodes (`type` "Paper", `key` = "venue-year:id" or the
record id, `title`); entity nodes (`label`, `alt_labels`, `type`); links with a `type`
("mentions" and "proposes" from a paper to an entity, anything else between two entities) and
the `papers` that support them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
CORPORA = DATA / "corpora" / "airas-papers-db"
CORPUS_FILES = {
    "iclr2020": "iclr/2020.json",
    "iclr2021": "iclr/2021.json",
    "iclr2022": "iclr/2022.json",
    "iclr2023": "iclr/2023.json",
    "iclr2024": "iclr/2024.json",
    "neurips2020": "neurips/2020.json",
}
PAPER_LINKS = frozenset({"mentions", "proposes"})


def corpus_path(name_or_path: str) -> Path:
    """A corpus name (iclr2024, neurips2020, ...) or a path to a JSON / JSONL file of records."""
    path = CORPORA / CORPUS_FILES[name_or_path] if name_or_path in CORPUS_FILES else Path(name_or_path)
    if not path.is_file():
        names = ", ".join(CORPUS_FILES)
        raise SystemExit(f"no corpus file {path} (give a path or one of {names}; corpora live in {CORPORA})")
    return path


def read_records(path: Path) -> list[dict[str, Any]]:
    """Records of a JSON array or JSONL file with a non-empty abstract, first of each id kept.

    kg drops the same duplicates (a paper listed as oral and as poster has one id).
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        raw = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        raw = json.loads(text)
    seen: set[str] = set()
    records = []
    for record in raw:
        rid = str(record.get("id") or "")
        if not (record.get("abstract") or "").strip() or (rid and rid in seen):
            continue
        seen.add(rid)
        records.append(record)
    return records


def in_context(papers: Iterable[dict[str, Any]], context: Path | None) -> list[dict[str, Any]]:
    """The records of ``papers`` that hold their abstract, then every other record of the
    ``context`` corpus (a JSON list of records): a sample built as a user building the whole
    conference would."""
    records = [{"id": p["id"], "title": p["title"], "abstract": p["abstract"]} for p in papers if "abstract" in p]
    own = {r["id"] for r in records}
    if context is not None:
        records += [
            {"id": str(r["id"]), "title": r.get("title") or "", "abstract": r["abstract"]}
            for r in json.loads(context.read_text(encoding="utf-8"))
            if r.get("abstract") and str(r["id"]) not in own
        ]
    return records


def kg(*args: str) -> str:
    """Run `kg ARGS` with this interpreter's kg (the project's venv) and return its stdout."""
    proc = subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr.strip()}")
    return proc.stdout


def build(
    inputs: Sequence[Path], out: Path, *, extractor: str | None = None, cache: bool = True, options: Sequence[str] = ()
) -> Path:
    """`kg build INPUTS --out OUT --to json` (kg's default extractor unless one is given); the JSON path."""
    args = ["build", *map(str, inputs), "--out", str(out), "--to", "json"]
    if extractor:
        args += ["--extractor", extractor]
    args += list(options)
    if not cache:
        args.append("--no-cache")
    summary = kg(*args)
    for line in summary.splitlines():
        if line.startswith(("nodes:", "edges:")) or " papers (" in line:
            print(f"  {line}", file=sys.stderr)
    return out / "graph.json"


def as_node_link_json(path: Path, tmp: Path) -> Path:
    """The node-link JSON of an export: a folder (its graph.json, else graph.ttl) or a graph file."""
    if path.is_dir():
        found = [path / name for name in ("graph.json", "graph.ttl") if (path / name).is_file()]
        if not found:
            raise SystemExit(f"{path} has neither graph.json nor graph.ttl")
        path = found[0]
    if not path.is_file():
        raise SystemExit(f"no graph file {path}")
    if path.suffix == ".json":
        return path
    converted = tmp / "converted.json"
    kg("export", str(path), "--to", "json", "--out", str(converted))
    return converted


@dataclass(frozen=True)
class Entity:
    id: str
    label: str
    type: str
    alt_labels: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return (self.label, *self.alt_labels)


@dataclass(frozen=True)
class Relation:
    source: str
    type: str
    target: str
    papers: tuple[str, ...]
    evidence: tuple[str, ...] = ()


@dataclass
class Graph:
    """The parts of a node-link export the benchmarks read; papers are keyed by their node id."""

    papers: dict[str, dict[str, Any]] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)
    mentions: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    proposes: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    about: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # named only inside a longer name
    relations: list[Relation] = field(default_factory=list)

    def mentioned_by(self, about: bool = False) -> dict[str, set[str]]:
        """Entity id -> the papers that mention it (kg:mentions), and with ``about`` those that name
        it only as the head of a longer name they mention (kg:about)."""
        by_entity: dict[str, set[str]] = defaultdict(set)
        for links in (self.mentions, self.about) if about else (self.mentions,):
            for paper, entities in links.items():
                for entity in entities:
                    by_entity[entity].add(paper)
        return by_entity

    def paper_entities(self, paper: str) -> set[str]:
        """The entity nodes a paper is linked to (mentioned or proposed)."""
        return self.mentions.get(paper, set()) | self.proposes.get(paper, set())

    def relations_by_paper(self) -> dict[str, list[Relation]]:
        """Entity-entity relations, under each paper that supports them."""
        by_paper: dict[str, list[Relation]] = defaultdict(list)
        for relation in self.relations:
            for paper in relation.papers:
                by_paper[paper].append(relation)
        return by_paper

    def paper_ids(self, records: Iterable[dict[str, Any]]) -> dict[str, str]:
        """Record id -> paper node id, by the paper's key ("venue-year:ID" or "ID"), else by title."""
        by_key: dict[str, str] = {}
        by_title: dict[str, str] = {}
        for node, attrs in self.papers.items():
            key = str(attrs.get("key") or "")
            by_key[key.rsplit(":", 1)[-1]] = node
            if attrs.get("title"):
                by_title.setdefault(normal_title(str(attrs["title"])), node)
        found = {}
        for record in records:
            rid = str(record.get("id") or "")
            match = by_key.get(rid) or by_title.get(normal_title(str(record.get("title") or "")))
            if rid and match:
                found[rid] = match
        return found


def normal_title(title: str) -> str:
    return " ".join(title.lower().split())


def read_graph(path: Path) -> Graph:
    data = json.loads(path.read_text(encoding="utf-8"))
    graph = Graph()
    for node in data["nodes"]:
        if node.get("type") == "Paper":
            graph.papers[node["id"]] = node
        else:
            alts = tuple(node.get("alt_labels") or ())
            graph.entities[node["id"]] = Entity(node["id"], str(node.get("label", "")), str(node.get("type", "")), alts)
    for link in data.get("links", data.get("edges", [])):
        kind, source, target = link.get("type", ""), link["source"], link["target"]
        if kind == "mentions":
            graph.mentions[source].add(target)
        elif kind == "proposes":
            graph.proposes[source].add(target)
        elif kind == "about":
            graph.about[source].add(target)
        elif source in graph.entities and target in graph.entities:
            papers, evidence = tuple(link.get("papers") or ()), tuple(link.get("evidence") or ())
            graph.relations.append(Relation(source, kind, target, papers, evidence))
    return graph


_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\s*")
_MARKUP = re.compile(r"[{}$*`]")


def plain_text(abstract: str) -> str:
    r"""An abstract without LaTeX commands, braces, `$`, `*` and backticks, whitespace collapsed.

    >>> plain_text("we define {\\it core features} with $\\mathcal{O}(n)$ **LoRA**")
    'we define core features with O(n) LoRA'
    """
    return " ".join(_MARKUP.sub("", _LATEX_COMMAND.sub(" ", abstract)).split())


def name_key(name: str) -> str:
    """A name compared case-, plural-, hyphen- and accent-insensitively (judged samples vs nodes).

    >>> name_key("Graph Neural Networks") == name_key("graph-neural network")
    True
    >>> name_key("CIFAR-10"), name_key("Fréchet Inception Distances"), name_key("β-VAEs")
    ('cifar10', 'frechetinceptiondistance', 'βvae')
    """
    decomposed = unicodedata.normalize("NFKD", plain_text(name))
    text = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return "".join(_singular(word) for word in re.findall(r"[^\W_]+", text))


def _singular(word: str) -> str:
    if len(word) <= 3:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
