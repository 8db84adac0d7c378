"""A paper's own name is the one whose results it states, when no proposal verb brings it in."""

from __future__ import annotations

import json
from pathlib import Path

from kg.engine.build import build

REALNESS = {
    "title": "Real or Not Real, that is the Question",
    "abstract": "In this generalized framework, referred to as RealnessGAN, the discriminator outputs a distribution"
    " as the measure of realness. Compared to MAML and other baselines, RealnessGAN achieves improvements on"
    " both synthetic and real-world datasets.",
}
STUDY = {
    "title": "Rapid Learning or Feature Reuse?",
    "abstract": "We study MAML, a popular meta-learning algorithm. MAML achieves strong few-shot accuracy, and we"
    " explain why with feature reuse.",
}


def test_a_new_name_whose_results_the_abstract_states_is_proposed(tmp_path: Path, nlp):
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (REALNESS, STUDY)))
    graph, _ = build([path], tmp_path / "o", cache_dir=tmp_path / "c", nlp=nlp, formats=["json"])
    proposed = {
        (graph.nodes[u]["title"], graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "proposes"
    }
    assert (REALNESS["title"], "RealnessGAN") in proposed
    # a name two papers use is no one's coinage, whatever its results
    assert not any(label == "MAML" for _, label in proposed)
