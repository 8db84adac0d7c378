"""A paper's title travels with its abstract and names what "we" and "our model" stand for."""

from __future__ import annotations

import json
from pathlib import Path

from kg.engine.build import build
from kg.engine.cache import text_key
from kg.graph.model import PAPER_LINKS
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


AUTO_TRANSFER = {
    "title": "Auto-Transfer: Learning to Route Transferable Representations",
    "abstract": "Knowledge transfer between heterogeneous networks has received a lot of attention. We propose a"
    " novel adversarial multi-armed bandit approach that leverages Thompson sampling to route source"
    " representations to target representations. Experiments on CUB-200 show that our approach outperforms"
    " fine-tuning by 5%.",
}
IDEAL = {
    "title": "IDEAL: Influence-Driven Selective Annotations Empower In-Context Learners",
    "abstract": "In-context learning is a promising paradigm. This paper introduces an influence-driven selective"
    " annotation method that aims to minimize annotation costs. Our method outperforms random selection.",
}


def _built(tmp_path: Path, nlp, *records: dict[str, str]):
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    graph, _ = build([path], tmp_path / "o", cache_dir=tmp_path / "c", nlp=nlp, formats=["json"])
    return graph


def test_a_name_the_title_coins_names_what_the_abstract_only_describes(tmp_path: Path, nlp):
    graph = _built(tmp_path, nlp, AUTO_TRANSFER)
    label = {n: d.get("label") for n, d in graph.nodes(data=True)}
    proposed = {label[v] for u, v, k in graph.edges(keys=True) if k == "proposes"}
    assert "Auto-Transfer" in proposed
    said = {(label[u], k) for u, v, k in graph.edges(keys=True) if k not in PAPER_LINKS}
    assert ("Auto-Transfer", "uses") in said  # what the abstract says of "our approach" is said of it
    assert not any("bandit approach" in str(x) for x in label.values())


def test_a_description_the_title_spells_out_keeps_its_words_beside_the_name(tmp_path: Path, nlp):
    graph = _built(tmp_path, nlp, IDEAL)
    named = [d for _, d in graph.nodes(data=True) if "IDEAL" in d.get("alt_labels", [])]
    assert [d["label"] for d in named] == ["influence-driven selective annotation"]


def test_a_title_says_what_its_method_works_by(tmp_path: Path, nlp):
    record = {
        "title": "SafeDreamer: Safe Reinforcement Learning with World Models",
        "abstract": "We propose SafeDreamer, a novel algorithm for safe exploration. SafeDreamer learns a"
        " world model of the environment and reaches nearly zero cost on Safety-Gymnasium.",
    }
    graph = _built(tmp_path, nlp, record)
    label = {n: d.get("label") for n, d in graph.nodes(data=True)}
    uses = {(label[u], label[v]) for u, v, k in graph.edges(keys=True) if k == "uses"}
    assert ("SafeDreamer", "world model") in uses


def test_a_title_naming_the_opening_of_a_proposal_stands_for_the_proposal(nlp):
    """ "Compositional Conservatism: A Transductive Approach ..." over "We propose COmpositional COnservatism
    with Anchor-seeking (COCOA)": the title's name opens the proposal's, so "we" and "them" are COCOA
    (held-out sample f: "compositional conservatism evaluatedOn D4RL" and "... uses COCOA" judged not stated)."""
    text = Titled(
        "We propose COmpositional COnservatism with Anchor-seeking (COCOA) for offline RL. We apply COCOA to four"
        " offline RL algorithms and evaluate them on the D4RL benchmark.",
        "Compositional Conservatism: A Transductive Approach in Offline Reinforcement Learning",
    )
    found = _relations(nlp, text)
    assert not [r for r in found if r[0] == "COmpositional COnservatism"], found
    assert [r for r in found if r[1] == "evaluatedOn" and r[2] == "D4RL"], found
