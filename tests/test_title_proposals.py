"""What a title says a paper proposes (issue 12: contributions marked ``proposes``)."""

from __future__ import annotations

from kg.graph.build import build_graph
from kg.records import Extraction, Mention, Paper
from kg.vocab.link import vocabulary_kinds


def _proposed(title: str, *mentions: str) -> set[str]:
    paper = Paper("p1", "An abstract.", title=title)
    extraction = Extraction([Mention(m, "Method", 0, len(m)) for m in mentions], [], [], [])
    graph = build_graph([paper], [extraction], kinds=vocabulary_kinds)
    return {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "proposes"}


def test_a_new_name_opening_the_title_is_proposed() -> None:
    assert _proposed("RelViT: Concept-guided Vision Transformer for Relational Reasoning", "RelViT", "ViT") == {
        "RelViT"
    }
    assert _proposed("Hierarchical Variational Memory for Few-shot Learning", "hierarchical variational memory") == {
        "hierarchical variational memory"
    }


def test_a_term_of_the_field_or_what_a_title_studies_is_not_proposed() -> None:
    assert _proposed("Reinforcement Learning for Robot Control", "reinforcement learning") == set()
    assert _proposed("Query Embedding on Hyper-Relational Knowledge Graphs", "query embedding") == set()
    assert _proposed("Triangle and Four Cycle Counting", "triangle") == set()


def test_a_known_abbreviation_does_not_make_a_new_written_out_name_known() -> None:
    # "ET" is a known metric, "equivariant Transformer" is no known term: the title proposes it
    known = {"et"}
    paper = Paper("p1", "An abstract.", title="Equivariant Transformers for Molecular Potentials")
    extraction = Extraction(
        [Mention("equivariant Transformer", "Method", 0, 23), Mention("ET", "Method", 25, 27)],
        [],
        [],
        [("ET", "equivariant Transformer")],
    )
    graph = build_graph(
        [paper], [extraction], kinds=lambda name: ["ito:metric:Metric"] if name.lower() in known else []
    )
    assert {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "proposes"} == {
        "equivariant Transformer"
    }


def test_a_title_proposes_the_name_its_abstract_writes_only_by_its_abbreviation() -> None:
    # "Residual Energy-Based Models for Text Generation": the abstract defines EBM and writes only
    # "residual EBMs", whose key is the title's written-out name
    abstract = "Energy-based models (EBMs) are old. We propose residual EBMs."
    paper = Paper("p1", abstract, title="Residual Energy-Based Models for Text Generation")
    extraction = Extraction(
        [
            Mention("Energy-based models", "Method", 0, 19),
            Mention("EBMs", "Method", 21, 25),
            Mention("residual EBMs", "Method", 47, 60),
        ],
        [],
        [],
        [("EBMs", "Energy-based models")],
    )
    graph = build_graph([paper], [extraction], kinds=vocabulary_kinds)
    assert {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "proposes"} == {"residual EBM"}


def test_a_capitalized_variant_of_a_proposed_name_is_proposed_too() -> None:
    # "we propose Zorb-Net ... Sparse Zorb-Net and Mild Zorb-Net, two variants of Zorb-Net"
    proposed = _proposed("Zorb-Net: Fooling Transformers", "Zorb-Net", "Sparse Zorb-Net", "our Zorb-Net", "ViT")
    assert proposed == {"Zorb-Net", "Sparse Zorb-Net"}
    # a common noun the paper proposes has no variants by capitals ("Stateful optimizer")
    assert _proposed("Optimizer Tricks", "optimizer", "Stateful optimizer") <= {"optimizer"}


def _coined(abstract: str, definitions: list[tuple[str, str]], *mentions: str) -> set[str]:
    paper = Paper("p1", abstract, title="A Study of Things")
    found = [(m, abstract.find(m)) for m in mentions]
    extraction = Extraction([Mention(m, "Method", i, i + len(m)) for m, i in found], [], [], definitions)
    graph = build_graph([paper], [extraction], kinds=vocabulary_kinds)
    return {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "proposes"}


def test_a_name_the_authors_bring_in_with_an_abbreviation_is_proposed() -> None:
    # the parse may miss it ("describe", "derive" are no cues there, or the name is split at "and")
    abstract = "We describe Quiet Gradient Mixing (QGM), a simple method. QGM beats SGD on CIFAR-10."
    assert _coined(abstract, [("QGM", "Quiet Gradient Mixing")], "Quiet Gradient Mixing", "QGM", "SGD") == {
        "Quiet Gradient Mixing"
    }
    abstract = "Here we present the split-Zorb-Gamma (SZG) distribution, an extension of the Zorb law."
    assert _coined(abstract, [("SZG", "split-Zorb-Gamma")], "SZG") == {"split-Zorb-Gamma"}
    abstract = "We introduce Sparse and Private Voting (SPV) learning, the first such method."
    assert _coined(abstract, [("SPV", "Sparse and Private Voting")], "SPV") == {"Sparse and Private Voting"}


def test_a_name_the_authors_bring_in_between_quotes_is_proposed() -> None:
    abstract = "From this we derive “Zorb Net”, a simple technique. We use “fair” data."
    assert _coined(abstract, [], "Zorb Net", "fair") == {"Zorb Net"}
    # quoted by others, or not after a proposal verb of the authors
    abstract = "Prior work calls it “Zorb Net”. We study the “Zorb Net” effect."
    assert _coined(abstract, [], "Zorb Net") == set()


def test_a_name_others_coined_or_one_not_given_as_the_authors_own_is_not_proposed() -> None:
    # others' method the authors apply, a notion their method builds on, a name outside their sentences
    abstract = "We apply our estimator to the recently proposed Joint Zorb Model (JZM)."
    assert _coined(abstract, [("JZM", "Joint Zorb Model")], "Joint Zorb Model", "JZM") == set()
    abstract = "We propose Q-Masking, a strategy based on Pointwise Zorb Information (PZI)."
    assert _coined(abstract, [("PZI", "Pointwise Zorb Information")], "PZI") == set()
    abstract = "Blurred Zorb Networks (BZN) model uncertainty in the weights. We study them."
    assert _coined(abstract, [("BZN", "Blurred Zorb Networks")], "BZN") == set()
    # "by X" is the authors' means, "given by X" is not
    abstract = "We model the dynamics given by a zorb differential equation (ZDE)."
    assert _coined(abstract, [("ZDE", "zorb differential equation")], "ZDE") == set()
    abstract = "We cut the variance of a classifier by routing zorb experts (RZE)."
    assert _coined(abstract, [("RZE", "routing zorb experts")], "RZE") == {"routing zorb expert"}


def test_the_conjuncts_the_parse_spells_out_of_a_coined_name_are_not_proposed() -> None:
    # "Red and Blue Voting (RBV) learning" read as "Red Voting learning" and "Blue Voting learning"
    abstract = "We introduce Red and Blue Voting (RBV) learning, a new method."
    place = (13, 48)
    mentions = [Mention("Red Voting learning", "Method", *place), Mention("Blue Voting learning", "Method", *place)]
    mentions.append(Mention("RBV", "Method", 39, 42))
    extraction = Extraction(mentions, [0, 1], [], [("RBV", "Red and Blue Voting")])
    graph = build_graph([Paper("p1", abstract, title="A Study")], [extraction], kinds=vocabulary_kinds)
    assert {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "proposes"} == {"Red and Blue Voting"}
    # without a coined abbreviation there, the parse's proposals stay
    extraction = Extraction(mentions[:2], [0, 1], [], [])
    graph = build_graph([Paper("p1", abstract, title="A Study")], [extraction], kinds=vocabulary_kinds)
    assert len([v for _, v, k in graph.edges(keys=True) if k == "proposes"]) == 2


def _addresses(title: str, *mentions: tuple[str, str]) -> list[tuple[str, str, object, list[str]]]:
    paper = Paper("p1", "An abstract.", title=title)
    extraction = Extraction([Mention(m, kind, 0, len(m)) for m, kind in mentions], [], [], [])
    graph = build_graph([paper], [extraction], kinds=vocabulary_kinds)
    return [
        (graph.nodes[u]["label"], graph.nodes[v]["label"], d.get("confidence"), d["evidence"])
        for u, v, k, d in graph.edges(keys=True, data=True)
        if k == "addresses"
    ]


def test_the_method_a_title_proposes_addresses_what_the_title_says_it_is_for() -> None:
    title = "Zorb-Net: Sparse Transformers for Efficient Image Segmentation under Shift"
    assert _addresses(title, ("Zorb-Net", "Method"), ("image segmentation", "Task")) == [
        ("Zorb-Net", "image segmentation", 0.8, [title])
    ]
    # the abstract must name the task; a method the paper does not propose addresses nothing here
    assert _addresses(title, ("Zorb-Net", "Method"), ("segmentation", "Task")) == []
    assert (
        _addresses(
            "Reinforcement Learning for Robot Control", ("reinforcement learning", "Method"), ("robot control", "Task")
        )
        == []
    )


def _papers_entities(papers: list[tuple[str, str, list[tuple[str, str]], list[int]]]) -> dict[str, dict[str, str]]:
    """paper key -> {label: "proposes" or "mentions"} of a build of (title, abstract, mentions, proposed)."""
    built, extractions = [], []
    for n, (title, abstract, mentions, proposed) in enumerate(papers):
        built.append(Paper(f"p{n}", abstract, title=title))
        placed = [
            Mention(text, kind, abstract.index(text), abstract.index(text) + len(text)) for text, kind in mentions
        ]
        extractions.append(Extraction(placed, proposed, [], []))
    graph = build_graph(built, extractions, kinds=vocabulary_kinds)
    out: dict[str, dict[str, str]] = {}
    for u, v, k in graph.edges(keys=True):
        if k in {"mentions", "proposes"}:
            links = out.setdefault(graph.nodes[u]["key"], {})
            links[graph.nodes[v]["label"]] = "proposes" if k == "proposes" or links.get(graph.nodes[v]["label"]) else k
    return out


def test_a_name_the_title_coins_and_the_abstract_never_writes_is_proposed() -> None:
    """ "LoTa-Bench: Benchmarking Language-oriented Task Planners ..." over "we propose a benchmark
    system" (ICLR 2024): the abstract describes no method, so the title's name had no node at all."""
    lota = (
        "LoTa-Bench: Benchmarking Language-oriented Task Planners",
        "We propose a benchmark system for task planning.",
    )
    links = _papers_entities([(*lota, [("benchmark system", "Concept"), ("task planning", "Task")], [0])])
    assert links["p0"].get("LoTa-Bench") == "proposes", links
    # nor where the abstract proposes a name already (it may be the same thing: SimWnW), nor a name
    # another paper of the corpus writes (someone else's DINO)
    wnw = ("Waxing-and-Waning: a Generic Framework", "We propose SimWnW, a framework.", [("SimWnW", "Method")], [0])
    dino = ("DINO: A Conditional GAN", "We propose a conditional GAN.", [("conditional GAN", "Concept")], [0])
    other = ("Self-distillation", "We study DINO features.", [("DINO", "Method")], [])
    links = _papers_entities([wnw, dino, other])
    assert "Waxing-and-Waning" not in links["p0"] and links["p1"] == {"conditional GAN": "proposes"}, links
