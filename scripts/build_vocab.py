"""Build kg's compact vocabulary (``kg/vocab/data/*.jsonl``) from the open vocabularies in ../shared.

    python scripts/build_vocab.py [--src ../shared/data/vocab] [--out kg/vocab/data] [--gazetteer]

Reads AIO (OBO), Papers with Code methods (with collections and areas), PwC task hierarchies and
task list (with their benchmark names as datasets) and ITO (AI processes, performance measures).
Writes one JSON object a line per term, sorted by IRI, so a rebuild gives identical bytes:
``{"iri", "label", "kind", "source", "broader", "full", "alt", "abbr"}`` (empty lists left out).
``full`` holds other full names (an exact match), ``alt`` looser synonyms and ``abbr`` abbreviations.
Then derives the Papers with Code names the mention finder matches (``kg/nlp/data/vocab_names.jsonl``;
``--gazetteer`` does only that, from the vocabulary already built).
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SRC = ROOT.parent / "shared" / "data" / "vocab"
OUT = ROOT / "kg" / "vocab" / "data"

AIO = "https://w3id.org/aio/"
ITO = "https://identifiers.org/ito:"
#: ITO's JSON exports carry no ids; terms the AIO->ITO mapping does not name get a kg IRI.
ITO_MINTED = "https://w3id.org/kg-ml/resource/vocab/ito/"
PWC = "https://paperswithcode.com/"
#: Task files: the area of their top-level tasks.
TASK_AREAS = {"cv": "computer-vision", "nlp": "natural-language-processing", "audio": "audio"}
AREA_NAMES = {"computer-vision": "Computer Vision", "natural-language-processing": "Natural Language Processing"}
#: Parents in the hierarchy CSVs that are artefacts (each "has" 10 unrelated children).
BAD_PARENTS = {
    "1 Image, 2*2 Stitchi",
    "2D Classification",
    "10-shot image generation",
    "2D Semantic Segmentation",
    "2D Human Pose Estimation",
    "16k",
}
#: Root classes of AIO and the kind of term below each.
AIO_KINDS = {"MachineLearningTask": "Task", "Bias": "Concept"}

Term = dict[str, Any]
Terms = dict[str, Term]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def is_abbreviation(text: str) -> bool:
    """One short token with two or more capitals: PPO, BiGCN, ReLU, GPT-3."""
    return " " not in text and len(text) <= 20 and sum(c.isupper() for c in text) >= 2


def split_paren(text: str) -> tuple[str, str | None]:
    """ "Named Entity Recognition (NER)" -> ("Named Entity Recognition", "NER")."""
    m = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", text.strip())
    if m and is_abbreviation(m.group(2)):
        return m.group(1), m.group(2)
    return text.strip(), None


def new_term(iri: str, label: str, kind: str, source: str) -> Term:
    return {
        "iri": iri,
        "label": label,
        "kind": kind,
        "source": source,
        "broader": [],
        "full": [],
        "alt": [],
        "abbr": [],
    }


def add(term: Term, field: str, value: str | None) -> None:
    if value and value.strip() and value.strip() != term["label"] and value.strip() not in term[field]:
        term[field].append(value.strip())


def merge(first: Term, other: Term) -> None:
    """Add ``other``'s names and parents to ``first`` (the same IRI met twice)."""
    if other is first:
        return
    for field in ("broader", "full", "alt", "abbr"):
        for value in other[field]:
            add(first, field, value)
    add(first, "alt", other["label"])


def aio_terms(src: Path) -> Iterator[Term]:
    stanzas = (src / "aio" / "aio.obo").read_text(encoding="utf-8").split("\n[")
    raw: dict[str, dict[str, list[str]]] = {}
    for stanza in stanzas:
        if not stanza.startswith("Term]"):
            continue
        tags: dict[str, list[str]] = defaultdict(list)
        for line in stanza.splitlines()[1:]:
            tag, _, value = line.partition(": ")
            tags[tag].append(value)
        raw[tags["id"][0].removeprefix("aio:")] = tags
    parents = {k: [p.split(" ! ")[0].removeprefix("aio:") for p in t["is_a"]] for k, t in raw.items()}

    def root(key: str) -> str:
        seen = {key}
        while parents.get(key) and parents[key][0] not in seen:
            key = parents[key][0]
            seen.add(key)
        return key

    for key, tags in raw.items():
        term = new_term(AIO + key, tags["name"][0], AIO_KINDS.get(root(key), "Method"), "aio")
        term["broader"] = [AIO + p for p in parents[key]]
        for syn in tags["synonym"]:
            m = re.match(r'"(.*)" (\w+)', syn)
            if m:
                text, scope = m.groups()
                add(term, "abbr" if is_abbreviation(text) else "full" if scope == "EXACT" else "alt", text)
        yield term


def pwc_method_terms(src: Path) -> Iterator[Term]:
    areas: dict[str, str] = {}
    collections: dict[str, Term] = {}
    for rec in json.loads((src / "pwc" / "methods.json").read_text(encoding="utf-8")):
        name, full = (rec.get("name") or "").strip(), (rec.get("full_name") or "").strip() or None
        short, long = (full, name) if full and is_abbreviation(full) and not is_abbreviation(name) else (name, full)
        long, paren = split_paren(long or short)
        term = new_term(rec["url"].rstrip("/"), long, "Method", "pwc:method")
        add(term, "abbr" if is_abbreviation(short) else "full", short)
        add(term, "abbr", paren)
        for c in rec["collections"]:
            iri = f"{PWC}methods/category/{slug(c['collection'])}"
            coll = collections.setdefault(iri, new_term(iri, c["collection"], "Method", "pwc:collection"))
            area = f"{PWC}area/{c['area_id']}"
            areas[area] = c["area"]
            if area not in coll["broader"]:
                coll["broader"].append(area)
            if iri not in term["broader"]:
                term["broader"].append(iri)
        yield term
    yield from collections.values()
    for area_id, name in AREA_NAMES.items():
        areas.setdefault(f"{PWC}area/{area_id}", name)
    for iri, name in areas.items():
        yield new_term(iri, name, "Task", "pwc:area")


def pwc_task_terms(src: Path) -> Iterator[Term]:
    names = {line.strip().strip('"') for line in (src / "pwc/tasks/all_tasks.txt").open(encoding="utf-8")}
    rows: list[tuple[str, dict[str, str]]] = []
    for path in sorted((src / "pwc" / "tasks").glob("*_hierarchy.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            rows += [(path.stem.removesuffix("_hierarchy"), r) for r in csv.DictReader(f)]
    names |= {r["Task Name"].strip() for _, r in rows}
    names.discard("")
    # Names PwC cut short mid-word ("1 Image, 2*2 Stitchi") are dropped.
    cut = {n for n in names if any(m != n and m.startswith(n) and m[len(n)].isalnum() for m in names)}
    terms: dict[str, Term] = {}
    iri_of: dict[str, str] = {}
    for name in sorted(names - cut, key=lambda n: (split_paren(n)[1] is not None, n)):
        long, abbr = split_paren(name)
        iri = iri_of.get(long, f"{PWC}task/{slug(name)}")  # "RL (RL)" joins "RL" when both exist
        term = terms.setdefault(iri, new_term(iri, long, "Task", "pwc:task"))
        add(term, "abbr", abbr)
        iri_of[name] = iri_of.setdefault(long, iri)
    domains: dict[str, set[str]] = defaultdict(set)  # a task's area, when only one domain file has it
    datasets: dict[str, Term] = {}
    for domain, r in rows:
        task = iri_of.get(r["Task Name"].strip())
        if task is None:
            continue
        parent = iri_of.get(r["Parent Task"].strip()) if r["Parent Task"] not in BAD_PARENTS else None
        if parent and parent != task and parent not in terms[task]["broader"]:
            terms[task]["broader"].append(parent)
        domains[task].add(domain)
        for bench in r["Benchmarks"].split(";"):
            bench = bench.strip()
            if 1 < len(bench) <= 40 and slug(bench) and not re.search(r"[,'\"<>=*]|\bselect\b|sleep\(", bench, re.I):
                ds = f"{PWC}dataset/{slug(bench)}"
                datasets.setdefault(ds, new_term(ds, bench, "Dataset", "pwc:benchmark"))
    for iri, found in domains.items():
        if len(found) == 1 and (domain := found.pop()) in TASK_AREAS and not terms[iri]["broader"]:
            terms[iri]["broader"].append(f"{PWC}area/{TASK_AREAS[domain]}")
    yield from terms.values()
    yield from datasets.values()


def ito_tree(node: dict[str, Any], parent: Term | None, depth: int, source: str, iri: Callable[[str], str]) -> Terms:
    """The terms of an ITO tree, by IRI; a metric's leaves below the top are its spellings ("Macro-F1")."""
    name = node["name"].strip()
    children = node.get("children", [])
    if source == "ito:metric" and parent is not None and depth > 1 and not children:
        add(parent, "alt", name)
        return {}
    term = new_term(iri(name), name, "Metric" if source == "ito:metric" else "Task", source)
    if parent is not None:
        term["broader"].append(parent["iri"])
    for scope in ("hasExactSynonym", "hasNarrowSynonym"):
        value = node.get(scope)
        for syn in ast.literal_eval(value) if isinstance(value, str) and value.startswith("[") else []:
            add(term, "abbr" if is_abbreviation(syn) else "alt", syn)
    terms = {term["iri"]: term}
    for child in children:
        for key, sub in ito_tree(child, term, depth + 1, source, iri).items():
            merge(terms.setdefault(key, sub), sub)
    return terms


def ito_terms(src: Path) -> Iterator[Term]:
    ids: dict[str, str] = {}
    for line in (src / "aio" / "aio-to-ito.sssom.tsv").read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if not line.startswith("#") and len(cols) > 4 and cols[3].startswith("ito:"):
            ids[cols[4]] = ITO + cols[3].removeprefix("ito:")
    for file, source in (("ai-process", "ito:process"), ("performance-measure", "ito:metric")):
        tree = json.loads((src / "ito" / f"{file}.json").read_text(encoding="utf-8"))

        def iri(name: str, source: str = source) -> str:
            return ids[name] if source == "ito:process" and name in ids else ITO_MINTED + slug(name)

        yield from ito_tree(tree, None, 0, source, iri).values()


CHANGES = (
    "Changes were made: kg kept only names, synonyms, abbreviations, kinds and parent links (no descriptions, "
    "papers or code links), split abbreviations from full names, merged duplicate names, dropped truncated task "
    "names and artefact parents, read benchmark names as datasets, and gave each term an IRI (see below)."
)
SOURCES = {
    "aio.jsonl": {
        "title": "Artificial Intelligence Ontology (AIO)",
        "license": "CC BY 4.0",
        "license_url": "https://creativecommons.org/licenses/by/4.0/",
        "source": "https://github.com/berkeleybop/artificial-intelligence-ontology "
        "@ 397851c547d1c4d8f06ef184f63c1d40bc86937a (aio.obo, release 2026-07-22)",
        "attribution": "Joachimiak MP, Miller MA, Caufield JH, Ly R, Harris NL, Tritt A, Mungall CJ, Bouchard KE. "
        "The Artificial Intelligence Ontology: LLM-assisted construction of AI concept hierarchies. "
        "Applied Ontology, 2024. doi:10.1177/15705838241304103",
    },
    "pwc.jsonl": {
        "title": "Papers with Code methods, method collections and areas, tasks and benchmark names",
        "license": "CC BY-SA 4.0",
        "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
        "source": "Papers with Code (https://paperswithcode.com) data: methods.json as carried in "
        "https://github.com/berkeleybop/artificial-intelligence-ontology (annotate/methods.json, added 2024-03-29); "
        "task list and task hierarchies (data/all_tasks.txt, results/hierarchical/*_hierarchy.csv) from "
        "https://github.com/World-Snapshot/papers-with-code @ c50b88eb13b179903ecf715bb941fef91bdb5414",
        "attribution": "Papers with Code (paperswithcode.com), data licensed CC BY-SA; "
        "task hierarchies compiled by World-Snapshot/papers-with-code from Papers with Code data",
    },
    "ito.jsonl": {
        "title": "Intelligence Task Ontology (ITO) v1.01: AI processes and performance measures",
        "license": "CC BY-SA 4.0",
        "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
        "source": "https://github.com/OpenBioLink/ITO @ 8bf11fb26c55725501349d5e6ba5dabc44be33f9 "
        "(ai-process.json, performance-measure.json); ITO ids from AIO's src/mappings/aio-to-ito.sssom.tsv",
        "attribution": "Blagec K, Barbosa-Silva A, Ott S, Samwald M. A curated, ontology-based, large-scale knowledge "
        "graph of artificial intelligence tasks and benchmarks. Scientific Data 9, 322 (2022). ITO includes data "
        "from Papers with Code (CC BY-SA) and EDAM (CC BY-SA). Metric taxonomy: Blagec K, Dorffner G, Moradi M, "
        "Samwald M. A critical analysis of metrics used for measuring progress in artificial intelligence. "
        "arXiv:2008.02577 (2020)",
    },
}
README = """# kg's ML vocabulary: sources, licenses, attribution

`scripts/build_vocab.py` derives these files from open vocabularies; they are **not** under kg's MIT
license but under the licenses below. {changes}

| file | terms | derived from | license |
|---|---|---|---|
{rows}

## Attribution

{credits}

## Format and IRIs

One JSON object a line: `iri`, `label`, `kind` (Method, Task, Dataset, Metric, Concept), `source`, `broader`
(direct parents), `full` (other full names), `alt` (synonyms, spellings), `abbr` (abbreviations).

- AIO terms keep their IRIs (`https://w3id.org/aio/<Name>`); kind from the root class (Machine Learning Task:
  Task, Bias: Concept, else Method).
- PwC methods keep their page URL (`https://paperswithcode.com/method/<slug>`); broader: their collections
  (`https://paperswithcode.com/methods/category/<slug>`), whose broader is their area
  (`https://paperswithcode.com/area/<area_id>`). Tasks get `https://paperswithcode.com/task/<slug>` (slug made
  from the name, may differ from PwC's own), broader: parent tasks in the hierarchy CSVs, or the area of the one
  domain file (cv, nlp, audio) a top-level task is listed in. Benchmark names become datasets
  `https://paperswithcode.com/dataset/<slug>` (slug made from the name; not checked against PwC).
- ITO processes whose ITO id is known (from AIO's AIO-to-ITO mapping) use
  `https://identifiers.org/ito:ITO_xxxxx`; the JSON exports carry no ids, so the others get a kg IRI
  `https://w3id.org/kg-ml/resource/vocab/ito/<slug>`. A metric's leaf children (its spellings) are its `alt`.
"""


def write_attribution(out: Path, counts: dict[str, int]) -> None:
    rows = "\n".join(
        f"| `{file}` | {counts[file.removesuffix('.jsonl')]} | {s['title']} | [{s['license']}]({s['license_url']}) |"
        for file, s in SOURCES.items()
    )
    credits = "\n".join(
        f"- **{s['title']}** ({s['license']}): {s['attribution']}. Source: {s['source']}." for s in SOURCES.values()
    )
    text = README.format(changes=CHANGES, rows=rows, credits=credits)
    (out / "ATTRIBUTION.md").write_text(text, encoding="utf-8")
    meta = {"changes": CHANGES, "files": SOURCES}
    (out / "sources.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def build(src: Path, out: Path) -> dict[str, int]:
    files = {"aio": list(aio_terms(src)), "pwc": [*pwc_method_terms(src), *pwc_task_terms(src)], "ito": []}
    files["ito"] = list(ito_terms(src))
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, terms in files.items():
        merged: dict[str, Term] = {}
        for term in terms:
            merge(merged.setdefault(term["iri"], term), term)
        lines = [
            json.dumps({k: v for k, v in t.items() if v}, ensure_ascii=False, separators=(",", ":"))
            for t in sorted(merged.values(), key=lambda t: t["iri"])
        ]
        (out / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        counts[name] = len(lines)
    write_attribution(out, counts)
    return counts


GAZETTEER = ROOT / "kg" / "nlp" / "data" / "vocab_names.jsonl"
GAZETTEER_NOTE = """# kg/nlp/data: licenses

`gazetteer.jsonl` and `lexicon.json` are kg's own (MIT). `vocab_names.jsonl` is not: see below.

## vocab_names.jsonl: names from Papers with Code (CC BY-SA 4.0)

`vocab_names.jsonl` lists the Papers with Code task, method, method-collection and benchmark names of
`kg/vocab/data/pwc.jsonl` (see `kg/vocab/data/ATTRIBUTION.md` for the source, the attribution and the
changes made) that kg's mention finder matches in abstracts: every name of two or more words, and the
one-word benchmark names with a digit or two capitals (MNIST, CIFAR10). It is under CC BY-SA 4.0, not
kg's MIT license. Written by `scripts/build_vocab.py --gazetteer`.
"""


def write_gazetteer(vocab: Path = OUT, out: Path = GAZETTEER) -> int:
    """The Papers with Code names kg's mention finder looks for, typed by their kind (one
    ``{"label", "pattern"}`` a line, like ``gazetteer.jsonl``): names of two or more words (a
    single word such as "Attention" or "Cars" is too often a common word) and one-word benchmark
    names that cannot be ("MNIST", "CIFAR10"); the hand-written gazetteer's names are left to it."""
    from kg.nlp.lexicon import load_gazetteer  # kg reads what this script writes: imported only here
    from kg.vocab.vocabulary import read_terms

    seen = {entry["pattern"].lower() for entry in load_gazetteer((out.parent / "gazetteer.jsonl",))}
    lines = []
    for term in read_terms(vocab):
        if not term.source.startswith("pwc:") or term.source == "pwc:area":
            continue
        for name in [term.label, *term.full_names]:
            one_word_name = term.kind == "Dataset" and (
                any(c.isdigit() for c in name) or sum(c.isupper() for c in name) >= 2
            )
            if len(name) < 4 or name.lower() in seen or not (" " in name or one_word_name):
                continue
            seen.add(name.lower())
            lines.append(json.dumps({"label": term.kind, "pattern": name}, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out.parent / "ATTRIBUTION.md").write_text(GAZETTEER_NOTE, encoding="utf-8")
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=SRC)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--gazetteer", action="store_true", help="only derive kg/nlp/data/vocab_names.jsonl from --out's pwc.jsonl"
    )
    args = parser.parse_args()
    if not args.gazetteer:
        for name, n in build(args.src, args.out).items():
            print(f"{name}: {n} terms -> {args.out / (name + '.jsonl')}")
    print(f"{write_gazetteer(args.out)} names -> {GAZETTEER}")


if __name__ == "__main__":
    main()
