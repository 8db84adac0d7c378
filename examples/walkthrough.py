"""A walk through kg's Python API on the bundled example (19 ICML 2025 abstracts).

    python examples/walkthrough.py [OUT_DIR]

Builds the graph (parsing the abstracts with the default extractor), looks at its entities,
asks it a SPARQL question, hands it to rdflib and networkx, and writes two more formats.
tests/test_walkthrough.py runs this file.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import networkx as nx

import kg

HERE = Path(__file__).resolve().parent


def main(out_dir: Path) -> kg.KnowledgeGraph:
    # 1. Build: read, extract, resolve, link; write the default exports (ttl, html, graphml).
    graph = kg.build([HERE / "icml2025.jsonl"], out_dir=out_dir)
    print(graph)

    # 2. Entities named by several papers: the field's shared vocabulary.
    for entity in graph.entities(min_papers=3)[:10]:
        print(f"{entity.paper_count:3d}  {entity.label}  ({entity.type})")

    # 3. What the papers propose, from the bundled query file.
    rows = graph.query((HERE / "queries" / "contributions.rq").read_text(encoding="utf-8"))
    print(f"{len(rows)} contributions, e.g. {rows[0]}")

    # 4. The same graph as RDF (rdflib) and as networkx: both are the library's own objects.
    rdf = graph.to_rdflib()
    print(f"{len(rdf):,} triples; {nx.number_weakly_connected_components(graph.graph)} connected parts")

    # 5. More formats, written together (atomically) beside the others.
    for path in graph.write(out_dir, formats=["gexf", "json"]):
        print(f"wrote {path}")

    # 6. A graph kg wrote loads back without parsing anything.
    again = kg.load(out_dir / "graph.ttl")
    assert {e.label for e in again.entities()} == {e.label for e in graph.entities()}
    return graph


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(Path(tmp))
