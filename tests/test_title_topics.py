"""What a title says the paper's named method is for, wherever the title says it (issue 13: relations
per paper, each one stated)."""

from __future__ import annotations

from kg.graph.build import build_graph
from kg.graph.model import PAPER_LINKS
from kg.records import Extraction, Mention, Paper
from kg.vocab.link import vocabulary_kinds


def _stated(
    title: str, *mentions: tuple[str, str], proposed: tuple[int, ...] = (0,), definitions=()
) -> set[tuple[str, str, str, object]]:
    """(head, label, tail, confidence) of the relations the title states."""
    abstract = " ".join(m for m, _ in mentions) + "."
    at, placed = 0, []
    for text, kind in mentions:
        placed.append(Mention(text, kind, at, at + len(text)))
        at += len(text) + 1
    extraction = Extraction(placed, list(proposed), [], list(definitions))
    graph = build_graph([Paper("p1", abstract, title=title)], [extraction], kinds=vocabulary_kinds)
    return {
        (graph.nodes[u]["label"], k, graph.nodes[v]["label"], d.get("confidence"))
        for u, v, k, d in graph.edges(keys=True, data=True)
        if k not in PAPER_LINKS and d["evidence"] == [title]
    }


def test_the_named_method_a_paper_proposes_addresses_the_task_its_title_names() -> None:
    # the title does not open with the method: the abstract names it
    title = "On Diffusion Modeling for Anomaly Detection"
    assert _stated(title, ("Diffusion Time Estimation", "Method"), ("anomaly detection", "Task")) == {
        ("Diffusion Time Estimation", "addresses", "anomaly detection", 0.75)
    }
    # nor with "for": the task the title is about
    title = "Towards Category Unification of 3D Single Object Tracking on Point Clouds"
    assert _stated(title, ("AdaFormer", "Method"), ("3D single object tracking", "Task")) == {
        ("AdaFormer", "addresses", "3D single object tracking", 0.75)
    }


def test_what_a_title_says_its_method_works_by_is_used_not_addressed() -> None:
    title = "Image Inpainting via Iteratively Decoupled Probabilistic Modeling"
    stated = _stated(title, ("PixelSpread", "Method"), ("image inpainting", "Task"), ("probabilistic modeling", "Task"))
    assert stated == {
        ("PixelSpread", "addresses", "image inpainting", 0.75),
        ("PixelSpread", "uses", "probabilistic modeling", 0.75),
    }
    # "with" says where a method works as often as what it works by: no use from it
    title = "A Flexible Generative Model for Heterogeneous Tabular EHR with Missing Modality"
    stated = _stated(title, ("FlexGen-EHR", "Method"), ("missing modality", "Concept"))
    assert not any(label == "uses" for _, label, _, _ in stated)


def test_a_description_is_not_the_method_a_title_speaks_of() -> None:
    # the first proposal is a description, not a name: the title is not about it
    title = "Modeling Multimodal Aleatoric Uncertainty in Segmentation"
    assert _stated(title, ("Wasserstein-like loss", "Method"), ("segmentation", "Task")) == set()


def test_a_title_topic_is_neither_a_field_nor_what_the_method_is_a_kind_of() -> None:
    assert _stated("Hebbian Deep Learning Without Feedback", ("SoftHebb", "Method"), ("deep learning", "Task")) == set()
    title = "Step-based Policy Updates for Temporally-Correlated Episodic Reinforcement Learning"
    mentions = (("Temporally-Correlated Episodic Reinforcement Learning", "Method"), ("reinforcement learning", "Task"))
    assert _stated(title, *mentions) == set()


def test_one_word_of_a_longer_title_phrase_or_an_abbreviation_is_no_topic() -> None:
    title = "3D Reconstruction with Generalizable Neural Fields"
    assert _stated(title, ("NeuFi", "Method"), ("reconstruction", "Task")) == set()
    # "SE" of "SE(n)" is no speech enhancement, whatever the paper abbreviates so
    title = "Fast, Expressive SE(n) Equivariant Networks"
    mentions = (("PONITA", "Method"), ("speech enhancement", "Task"), ("SE", "Task"))
    assert _stated(title, *mentions, definitions=[("SE", "speech enhancement")]) == set()
    # the longest task the title names, not its last words too
    title = "Boosting Neural Machine Translation"
    tasks = (("neural machine translation", "Task"), ("machine translation", "Task"))
    stated = _stated(title, ("FooMT", "Method"), *tasks)
    assert stated == {("FooMT", "addresses", "neural machine translation", 0.75)}


def test_what_a_title_presents_as_a_benchmark_is_a_dataset() -> None:
    """ "Jumanji: a Diverse Suite of Scalable Reinforcement Learning Environments" (held-out sample
    c: typed Method): the name a title presents as a benchmark, dataset, suite, environment or
    simulator is a Dataset, when every paper proposing it says so."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    title = "Jumanji: a Diverse Suite of Scalable Reinforcement Learning Environments in JAX"
    text = "We present Jumanji, a suite of environments."
    jumanji = Extraction([Mention("Jumanji", "Method", 11, 18)], [0], [], [])
    other = Extraction([Mention("FooNet", "Method", 11, 17)], [0], [], [])
    graph = build_graph(
        [Paper("p", text, title=title), Paper("q", "We present FooNet.", title="FooNet: a Framework for X")],
        [jumanji, other],
    )
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["Jumanji"] == "Dataset" and types["FooNet"] == "Method", types


def test_what_an_abstract_presents_as_an_environment_is_a_dataset() -> None:
    """ "We present SOTOPIA, an open-ended environment to simulate ..." (held-out sample h: typed
    Method by its other mentions): the name an abstract presents, then describes as a benchmark,
    dataset or environment, is a Dataset; one it describes as an approach is not."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    one = "We present SOTOPIA, an open-ended environment to simulate social interactions. With SOTOPIA, GPT-4 fails."
    one += " SOTOPIA scenarios are hard. SOTOPIA-hard is harder. SOTOPIA shows promise."
    two = "We propose NeuroBack, an approach that builds on a new dataset."
    at = [k for k in range(len(one)) if one.startswith("SOTOPIA", k)]
    kinds = ["Dataset", "Method", "Method", "Method", "Method"]
    sotopia = Extraction([Mention("SOTOPIA", kind, k, k + 7) for kind, k in zip(kinds, at, strict=False)], [0], [], [])
    neuroback = Extraction([Mention("NeuroBack", "Method", 11, 20)], [0], [], [])
    papers = [Paper("p", one, title="SOTOPIA: Interactive Evaluation"), Paper("q", two, title="NeuroBack")]
    graph = build_graph(papers, [sotopia, neuroback])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["SOTOPIA"] == "Dataset" and types["NeuroBack"] == "Method", types
