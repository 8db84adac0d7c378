"""A paper's title travels with its abstract and names what "we" and "our model" stand for."""

from __future__ import annotations

import json
from pathlib import Path

from kg.engine.build import build
from kg.engine.cache import text_key
from kg.nlp.titled import title_of, titled_docs
from kg.records import Titled

STRUCTBERT = Titled(
    "Recently, the pre-trained language model, BERT, has attracted a lot of attention in natural language"
    " understanding. Inspired by the linearization exploration work of Elman, we extend BERT to a new model,"
    " StructBERT, by incorporating language structures into pre-training. Our model achieves new state-of-the-art"
    " results on the GLUE benchmark and on question answering.",
    "StructBERT: Incorporating Language Structures into Pre-training for Deep Language Understanding",
)


def _relations(nlp, text: Titled) -> set[tuple[str, str, str]]:
    doc = next(iter(nlp.pipe(titled_docs(nlp, [text]))))
    assert title_of(doc) == text.title
    return {
        (doc[r.head_start : r.head_end].text, r.label, doc[r.tail_start : r.tail_end].text) for r in doc._.kg_relations
    }


def test_the_name_a_title_opens_with_is_what_our_model_stands_for(nlp):
    found = _relations(nlp, STRUCTBERT)
    assert {("StructBERT", "evaluatedOn", "GLUE"), ("StructBERT", "addresses", "question answering")} <= found
    # without the title, "our model" stands for nothing the abstract proposes by its own words
    assert not any(
        head == "StructBERT" and label == "evaluatedOn" for head, label, _ in _relations(nlp, Titled(STRUCTBERT.text))
    )


def test_a_build_reads_the_title_and_caches_by_it(tmp_path: Path, nlp):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"title": STRUCTBERT.title, "abstract": STRUCTBERT.text}) + "\n")
    graph, _ = build([path], tmp_path / "o", cache_dir=tmp_path / "c", nlp=nlp, formats=["ttl"])
    labels = {graph.nodes[n].get("label") for u, v, k in graph.edges(keys=True) if k == "evaluatedOn" for n in (u, v)}
    assert {"StructBERT", "GLUE"} <= labels
    # the same abstract under another title is another extraction
    assert text_key(STRUCTBERT) != text_key(Titled(STRUCTBERT.text, "Another Title"))
    assert text_key(Titled(STRUCTBERT.text)) != text_key(STRUCTBERT)
