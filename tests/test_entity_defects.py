"""Entity defect classes of issue 12, each closed for good: the text kg shows users and keys on."""

from __future__ import annotations

import pytest
from relation_sentences import one_paper_graph

from kg.graph.terms import balanced, term_key
from kg.io.clean import clean_abstract
from kg.text import singular


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("SWAP-NAS", "SWAP-NAS"),  # a capital S is part of the name
        ("TransNAS", "TransNAS"),
        ("NAS", "NAS"),
        ("GANs", "GAN"),  # an acronym's plural s is lower case
        ("nuScenes", "nuScenes"),  # a camel-case name: not "nuScene"
        ("dSprites", "dSprites"),
        ("kNNs", "kNN"),
        ("nEtworks", "nEtwork"),  # an English plural, a capital spelling an acronym (GRaph nEural nEtworks)
        ("biases", "bias"),  # not "biase"
        ("aliases", "alias"),
        ("k-means", "k-means"),  # not "k-mean"
        ("emphases", "emphasis"),  # not "emphase"
        ("syntheses", "synthesis"),
        ("policies", "policy"),
        ("EfficientMod-s", "EfficientMod-s"),  # a variant suffix, not a plural: not "EfficientMod-"
        ("Hyena-GPT-s", "Hyena-GPT-s"),
        ("FLOPs/s", "FLOPs/s"),  # a unit: not "FLOPs/"
        (
            "Mixture-of-Experts",
            "Mixture-of-Experts",
        ),  # the plural after "-of-" is the phrase's: not "Mixture-of-Expert"
        ("bag-of-words", "bag-of-words"),
        ("chains-of-thought", "chain-of-thought"),
    ],
)
def test_defects_singular_keeps_names_and_knows_irregular_plurals(word: str, expected: str) -> None:
    assert singular(word) == expected


def test_defects_acronym_keys_are_not_singularized() -> None:
    assert term_key("SWAP-NAS") != term_key("SWAP-NA")
    assert term_key("inductive biases") == term_key("inductive bias")


def test_defects_a_dataset_name_keeps_its_plural() -> None:
    """ "Waterbirds" is a dataset's name, not a plural; "Transformers" is one."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    mentions = [Mention(t, kind, 0, len(t)) for t, kind in [("Waterbirds", "Dataset"), ("Transformers", "Method")]]
    entities, _ = resolve_entities([("p", Extraction(mentions, [], [], []))])
    assert sorted(e.label for e in entities.values()) == ["Transformer", "Waterbirds"]


def test_defects_least_squares_is_no_plural() -> None:
    """ "alternating least squares" is shown as written, not "alternating least square"; one node."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    assert term_key("alternating least squares") == term_key("alternating least square")
    texts = ["alternating least squares", "Alternating Least Squares", "least-squares"]
    mentions = [Mention(t, "Method", 0, len(t)) for t in texts]
    entities, _ = resolve_entities([("p", Extraction(mentions, [], [], []))])
    assert sorted(e.label for e in entities.values()) == ["alternating least squares", "least-squares"]


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Speculative decoding~(SD) speeds up", "Speculative decoding (SD) speeds up"),  # TeX tie
        ("optimizers, e.g.~stochastic gradient descent", "optimizers, e.g. stochastic gradient descent"),
        ("see http://host/~user now", "see http://host/~user now"),
        ("Figure~1 shows", "Figure 1 shows"),
        ("about ~10% faster", "about ~10% faster"),  # "approximately" stays
        ("a {\\em draft} model", "a draft model"),  # TeX font group
        ("the {\\it Salient Imagenet} dataset", "the Salient Imagenet dataset"),
        # a bare font switch is no word: "em" had become a node's label (ICLR 2024, held-out sample f)
        ("a \\em signal-finding \\em phase", "a signal-finding phase"),
        ("the use of {\\em{constant}} step sizes", "the use of constant step sizes"),
        ("we train {GAN}s", "we train GANs"),  # TeX grouping braces
        ("\\textbf{bold} words", "bold words"),
        ("\\textit{\\textbf{S}table \\textbf{A}daptive} (\\textsc{SA})", "Stable Adaptive (SA)"),  # nested commands
        ('Hyv\\"arinen proposed', "Hyvärinen proposed"),  # TeX accents
        ('Schr\\"{o}dinger bridges', "Schrödinger bridges"),
        ("Erd\\H{o}s and Poincar{\\'e}", "Erdős and Poincaré"),
        ("$O(SAB\\,H)$ space", "O(SAB H) space"),  # TeX thin space
        ("available athttps://github.com/a/b.", "available at https://github.com/a/b."),  # glued link
        ("a model that explic- itly takes", "a model that explicitly takes"),  # line-break hyphen
        ("under fully- and partially- observable", "under fully- and partially- observable"),
        # a full stop against the next sentence: the parser read one sentence, no "M3 framework" (ICLR 2024)
        (
            "multi-step reasoning.To this end, we propose the M3 framework.",
            "multi-step reasoning. To this end, we propose the M3 framework.",
        ),
        (
            "(Smith et al., 2023).This works; see github.com/Foo.Bar.",
            "(Smith et al., 2023). This works; see github.com/Foo.Bar.",
        ),
    ],
)
def test_defects_latex_is_not_shown_to_users(raw: str, shown: str) -> None:
    assert clean_abstract(raw).text == shown


def test_defects_a_role_head_does_not_split_a_concept() -> None:
    from kg.graph.resolve import resolve_entities
    from kg.graph.terms import core_term
    from kg.records import Extraction, Mention

    assert core_term("federated learning algorithms") == "federated learning"
    assert core_term("gradient method") == "gradient method"  # "gradient" alone is another thing
    assert core_term("Model-based methods") == "Model-based methods"  # "Model-based" is no term
    assert core_term("DeBERTa models") == "DeBERTa"  # a one-word name's "model" adds nothing
    assert core_term("masked language model") == "masked language model"
    assert core_term("ReLU networks") == "ReLU networks"  # a network with ReLU in it, not ReLU
    # a name's backbone, family, variant or points are the name (ICLR 2024 had "ViT backbone",
    # "BERT family", "PPO-Clip variant", "BLEU point" nodes); not a multi-word term's, nor a metric's
    named = ("ResNet-50 backbone", "BERT family", "PPO-Clip variant", "BLEU points", "GNN backbones")
    assert [core_term(t) for t in named] == ["ResNet-50", "BERT", "PPO-Clip", "BLEU", "GNN"]
    assert core_term("protein backbone") == "protein backbone"
    # held-out sample j: "the Sheared-LLaMA series", "a novel skill-learning objective WSEP" had nodes of their own
    described = ("Sheared-LLaMA series", "skill-learning objective WSEP")
    assert [core_term(t) for t in described] == ["Sheared-LLaMA", "WSEP"]
    assert core_term("time series") == "time series"
    # "improves PaLM-2L performance on MMLU": PaLM-2L (held-out sample g had "PaLM-2L performance")
    assert core_term("PaLM-2L performance") == "PaLM-2L" and core_term("model performance") == "model performance"
    assert core_term("Fisher-Rao metric") == "Fisher-Rao metric"
    # what is left of a modifier is no term: a "variance reduced" node named nothing (issue 12)
    modifiers = ("stochastic projection-free algorithms", "variance reduced algorithm", "weakly supervised methods")
    for modified in modifiers:
        assert core_term(modified) == modified
    assert core_term("asymptotically optimal algorithms") == "asymptotically optimal algorithms"
    assert core_term("image retrieval task") == "image retrieval"  # a noun in "-al" is a term
    assert core_term("NMF-like algorithm") == "NMF-like algorithm"  # no "NMF-like" node (ICLR 2024)
    # held-out e: "EM-algorithm" a node apart from Expectation Maximization (EM), and "the prior
    # state-of-the-art approach EfficientFormerV2-s2" one apart from EfficientFormerV2-s2
    assert core_term("EM-algorithm") == "EM" and core_term("meta-algorithm") == "meta-algorithm"
    assert core_term("state-of-the-art approach EfficientFormerV2-s2") == "EfficientFormerV2-s2"
    # an adjective is no term: "PSI-KT is a hierarchical generative approach" gave "hierarchical
    # generative" (held-out e); ICLR 2024 had "3D generative", "OT-based adversarial", "graph analytical"
    for described in ("hierarchical generative approach", "3D generative task", "graph analytical tasks"):
        assert core_term(described) == described
    # nor a manner in "-wise": "dense pixelwise tasks" gave a task "dense pixelwise" (held-out f)
    for described in ("dense pixelwise tasks", "high-resolution pixelwise task", "point-wise layer-wise method"):
        assert core_term(described) == described
    assert core_term("graph representation learning framework") == "graph representation learning"
    assert core_term("audio-text matching problems") == "audio-text matching"  # a gerund names an activity
    a = Extraction([Mention("federated learning", "Task", 0, 18)], [], [], [])
    b = Extraction([Mention("federated learning algorithms", "Method", 0, 29)], [], [], [])
    entities, keys = resolve_entities([("p1", a), ("p2", b)])
    assert keys[0] == keys[1] and len(entities) == 1
    assert entities[keys[0][0]].label == "federated learning"  # type: ignore[index]


@pytest.mark.parametrize(
    ("mention", "label"),
    [
        ("ASAP) algorithm", "ASAP"),
        ("Alpaca(7B", "Alpaca"),
        ("approximate piecewise-E(3", "approximate piecewise-E"),
        ("GPT-4 (OpenAI)", "GPT-4 (OpenAI)"),  # balanced: kept as it is
        ("decoder-free) world model", "world model"),  # "(decoder-free) world model": the model
        ("possibly non-differentiable) functions", "function"),
        ("Hessian-based) optimizers", "optimizer"),  # "second-order (Hessian-based) optimizers": no "Hessian-based"
        ("NMF-like) algorithm", "algorithm"),
        ("linear)", "linear"),  # nothing after the bracket: what is left
    ],
)
def test_defects_no_node_has_an_unbalanced_bracket(mention: str, label: str) -> None:
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    entities, _ = resolve_entities([("p", Extraction([Mention(mention, "Method", 0, len(mention))], [], [], []))])
    assert [e.label for e in entities.values()] == [label]


@pytest.mark.parametrize("cut", ["SE(3", "SE-(3", "SO(3", "SU(N"])
def test_a_group_cut_from_its_order_is_no_abbreviation(cut: str) -> None:
    """ "SE-(3) invariant density modeling" gave a mention "SE-(3", then "SE", which the corpus's
    definitions made speech enhancement: 6 ICLR 2024 papers on SE(3) equivariance were linked to it."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    def ex(*mentions: str, definitions: list[tuple[str, str]] | None = None) -> Extraction:
        return Extraction([Mention(m, "Task", 0, len(m)) for m in mentions], [], [], definitions or [])

    speech = [("SE", "speech enhancement"), ("SO", "sequential optimization"), ("SU", "speech understanding")]
    papers = [("a", ex("speech enhancement", "SE", "SO", "SU", definitions=speech)), ("b", ex(cut, "protein design"))]
    entities, keys = resolve_entities(papers)
    assert keys[1][0] is None and [entities[k].label for k in keys[1] if k] == ["protein design"]


def test_defects_no_alternative_label_has_an_unbalanced_bracket() -> None:
    """ "(stochastic) gradient descent (SGD)", "universal random features (or URFs)": the parsed
    definitions are cut at a bracket; the entity keeps its key, and shows no cut form."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    text = "SGD and stochastic gradient descent"
    mentions = [Mention("SGD", "Method", 0, 3), Mention("stochastic gradient descent", "Method", 8, len(text))]
    cut = Extraction(mentions, [], [], [("SGD", "stochastic) gradient descent")])
    urf = Extraction([Mention("URFs", "Method", 0, 4)], [], [], [("URFs", "universal random features (")])
    entities, keys = resolve_entities([("p1", cut), ("p2", urf)])
    assert keys[0][0] == keys[0][1]
    shown = [name for e in entities.values() for name in [e.label, *e.alt_labels(e.label)]]
    assert "stochastic gradient descent" in shown and "SGD" in shown
    assert all(balanced(name) == name for name in shown), shown


def test_defects_no_node_runs_on_into_the_next_sentence() -> None:
    """ "... on GPT-4.We show ...", "... ImageNet-O and ImageNet-C. ProSMin thus ...": a span that
    takes the next sentence's first words is cut at the period (issue 12: "2023).This"); an
    author's initial left alone is no node; "e.g. BERT" ends no sentence."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    texts = ["GPT-4.We", "GPT-4", "ImageNet-C. ProSMin", "K. Ahn", "e.g. BERT"]
    papers = [(f"p{i}", Extraction([Mention(t, "Method", 0, len(t))], [], [], [])) for i, t in enumerate(texts)]
    entities, keys = resolve_entities(papers)
    assert keys[0] == keys[1] and keys[3] == [None]
    assert sorted(e.label for e in entities.values()) == ["GPT-4", "ImageNet-C", "e.g. BERT"]


def test_defects_a_bracketed_fragment_is_no_node() -> None:
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    entities, keys = resolve_entities([("p", Extraction([Mention("O(T4", "Concept", 0, 4)], [], [], []))])
    assert entities == {} and keys == [[None]]


def test_defects_benchmarks_and_dataset_variants_are_datasets() -> None:
    """PIE-Bench or ToolBench typed Method by their mentions, ImageNet-O beside the corpus's ImageNet."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    def paper(key: str, *mentions: tuple[str, str]) -> tuple[Paper, Extraction]:
        found = [Mention(text, kind, 0, len(text)) for text, kind in mentions]
        return Paper(key, f"abstract {key}"), Extraction(found, [], [], [])

    records = [
        paper("p1", ("PIE-Bench", "Method"), ("ImageNet", "Dataset"), ("ResNet-50", "Method")),
        paper("p2", ("ToolBench", "Concept"), ("ImageNet", "Dataset"), ("ImageNet-O", "Method")),
        paper("p3", ("benchmark", "Concept"), ("ResNet", "Method"), ("GPT-4", "Method"), ("CIFAR-100", "Dataset")),
        paper("p4", ("CIFAR-100", "Dataset"), ("CIFAR100-LT", "Method")),
        paper("p5", ("Split-ImageNet", "Method"), ("Microsoft COCO", "Method"), ("COCO", "Dataset")),
        paper("p6", ("COCO", "Dataset"), ("Leaky Integrate-and-Fire", "Method"), ("Fire", "Dataset")),
        paper("p7", ("Fire", "Dataset"), ("ImageNet classification", "Task")),
    ]
    graph = build_graph([p for p, _ in records], [e for _, e in records])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if "label" in d and d.get("type") != "Paper"}
    assert types["PIE-Bench"] == types["ToolBench"] == types["ImageNet-O"] == "Dataset"
    assert types["CIFAR100-LT"] == "Dataset"  # CIFAR-100's variant, written without its hyphen
    assert types["Split-ImageNet"] == types["Microsoft COCO"] == "Dataset"  # a name before the dataset's
    assert types["Leaky Integrate-and-Fire"] == "Method"  # "Fire" is no name-shaped dataset
    assert types["ImageNet classification"] == "Task"
    assert types["ResNet-50"] == types["GPT-4"] == "Method"


def test_defects_no_node_is_typed_material() -> None:
    """Material, the extractor's data it does not name as a dataset, is none of the readers' types
    (../shared/data/kg-dev/GUIDELINES.md): a capitalized name is a dataset, anything else a concept."""
    text = "We test on Tecnick and on per-view scene dynamics."
    graph = one_paper_graph(text, [("Tecnick", "Material"), ("per-view scene dynamics", "Material")], [])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types == {"Tecnick": "Dataset", "per-view scene dynamics": "Concept"}


def test_defects_a_version_of_a_named_method_is_a_method() -> None:
    """ "Extensive experiments on LLaMA-1 and LLaMA-2": the sentences make datasets of versions of
    LLaMA (56 ICLR 2024 papers typed LLaMA-2 a Dataset); a version of a method the corpus names
    is the method it is a version of. A dataset's version stays a dataset."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    def paper(key: str, *mentions: tuple[str, str]) -> tuple[Paper, Extraction]:
        found = [Mention(text, kind, 0, len(text)) for text, kind in mentions]
        return Paper(key, f"abstract {key}"), Extraction(found, [], [], [])

    records = [
        paper("p1", ("LLaMA", "Method"), ("LLaMA-2", "Dataset"), ("WMT", "Dataset")),
        paper("p2", ("LLaMA", "Method"), ("LLaMA-2", "Dataset"), ("WMT-14", "Dataset"), ("WMT", "Dataset")),
        paper("p3", ("LLaMA-2", "Dataset"), ("Llama 2", "Dataset"), ("ESC-50", "Dataset"), ("ESC", "Method")),
    ]
    graph = build_graph([p for p, _ in records], [e for _, e in records])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if "label" in d and d.get("type") != "Paper"}
    assert types["LLaMA"] == types["LLaMA-2"] == "Method"
    assert types["WMT-14"] == types["ESC-50"] == "Dataset"


def test_defects_a_measure_at_a_cutoff_is_a_metric() -> None:
    """ "Hits@3", "Recall@20" typed Method by their mentions (the shape of a name) are metrics."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    named = [("Hits@3", "Method"), ("Recall@20", "Concept"), ("LinkNet", "Method")]
    found = [Mention(text, kind, 0, len(text)) for text, kind in named]
    graph = build_graph([Paper("p", "abstract")], [Extraction(found, [], [], [])])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types == {"Hits@3": "Metric", "Recall@20": "Metric", "LinkNet": "Method"}


def test_defects_a_head_the_paper_s_abbreviation_spells_stays() -> None:
    """ "Variational quantum algorithms (VQAs)": the algorithm is part of the name, no "Variational
    quantum" fragment; "quantum architecture search (QAS) algorithms" is QAS's, its head goes."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    text = "Variational quantum algorithms (VQAs) and quantum architecture search algorithms (QAS)."
    named = [("Variational quantum algorithms", 0), ("VQAs", 32), ("quantum architecture search algorithms", 42)]
    found = [Mention(m, "Method", start, start + len(m)) for m, start in named]
    defined = [("VQAs", "Variational quantum algorithms"), ("QAS", "quantum architecture search")]
    graph = build_graph([Paper("p", text)], [Extraction(found, [], [], defined)])
    labels = {d["label"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert labels == {"Variational quantum algorithm", "quantum architecture search"}


def test_defects_a_name_a_score_is_given_in_is_a_metric(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "41.2% OLS", "85.2 AUROC" (typed Method by a name's shape); "100 ImageNet classes" is no score."""
    from kg.nlp.extract import extract

    text = (
        "TopoMLP reaches 41.2% OLS with a ResNet-50 backbone, and our model 76.1% mAP and 85.2 AUROC on COCO, "
        "at 48 kHz, over 100 ImageNet classes."
    )
    types = {m.text: m.label for m in extract(nlp(text)).mentions}
    assert types["OLS"] == types["mAP"] == types["AUROC"] == "Metric"
    assert types["ResNet-50"] == "Method"
    assert types["COCO"] == types["ImageNet"] == "Dataset"


@pytest.mark.parametrize(
    "mention",
    [
        *("n ×d size matrix D-1", "/(ε2 NE", "k2/pn1-2/ppoly(logn", "FID=3.88", "O(√T) regret", "ℓ_∞ Lipschitz bound"),
        *("t_mix", "B_ij", "K_1 K_2"),  # a variable and its subscript ("$t_{\\text{mix}}$", held-out e)
        "13B",  # a model's size alone: "LLaMA2 7B and 13B" (held-out e)
    ],
)
def test_defects_a_formula_is_no_node(mention: str) -> None:
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    entities, keys = resolve_entities([("p", Extraction([Mention(mention, "Concept", 0, len(mention))], [], [], []))])
    assert entities == {} and keys == [[None]]


def test_defects_names_with_sizes_and_symbols_stay_nodes() -> None:
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    names = ["DALL·E 2", "ImageNet 64×64", "NAS-Bench-101/201", "EfficientMod-s"]
    mentions = [Mention(n, "Method", 0, len(n)) for n in names]
    entities, _ = resolve_entities([("p", Extraction(mentions, [], [], []))])
    assert sorted(e.label for e in entities.values()) == sorted(names)


def _built_labels(tmp_path, title: str, abstract: str) -> set[str]:  # type: ignore[no-untyped-def]
    """The entity labels kg builds from one abstract, every confidence kept."""
    import json

    import kg

    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps({"id": "1", "title": title, "abstract": abstract}) + "\n", encoding="utf-8")
    return {e.label for e in kg.build(path, cache=False, min_confidence=0).entities()}


@pytest.mark.slow
def test_defects_a_glued_link_is_no_node(tmp_path) -> None:
    """ "Code is available athttps://github.com/a/b." gave a Method node "athttps://github.com/a/b"."""
    abstract = (
        "We propose FooNet, a graph neural network for molecule generation. FooNet outperforms "
        "GraphAF on ZINC250k. Code and models are available athttps://github.com/foo/Bar/."
    )
    labels = _built_labels(tmp_path, "FooNet", abstract)
    assert "FooNet" in labels
    assert not any("http" in label or "github" in label for label in labels)


def test_defects_a_name_that_sentences_call_a_dataset_is_one() -> None:
    """ "MIMIC-IV" typed Method where nothing said otherwise (the fallback of names), Dataset where
    a sentence said so ("the MIMIC-IV dataset"): the Dataset votes of a name weigh more; not those
    of a word ("Pascal"), nor a few against many ("ResNet-50")."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    def paper(key: str, *mentions: tuple[str, str]) -> tuple[Paper, Extraction]:
        return Paper(key, f"abstract {key}"), Extraction([Mention(t, k, 0, len(t)) for t, k in mentions], [], [], [])

    records = [paper(f"m{i}", ("MIMIC-IV", "Method"), ("Pascal", "Method"), ("ResNet-50", "Method")) for i in range(3)]
    records += [paper("d", ("MIMIC-IV", "Dataset"), ("Pascal", "Dataset"), ("ResNet-50", "Dataset"))]
    records += [paper(f"r{i}", ("ResNet-50", "Method")) for i in range(2)]
    graph = build_graph([p for p, _ in records], [e for _, e in records])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types == {"MIMIC-IV": "Dataset", "Pascal": "Method", "ResNet-50": "Method"}


@pytest.mark.slow
def test_defects_names_joined_by_an_en_dash_are_one_name(tmp_path) -> None:
    """TeX's "Kullback--Leibler" and Unicode's "Runge–Kutta" gave "Leibler divergence" and
    "Kutta method" nodes: the parser read the dash as a break between two names."""
    abstract = (
        "We minimize the Kullback--Leibler divergence between the two posteriors with a Runge\u2013Kutta "
        "method. We then show that Metropolis--Hastings sampling converges faster than Gibbs sampling."
    )
    labels = _built_labels(tmp_path, "Dashes", abstract)
    assert {"Kullback-Leibler divergence", "Metropolis-Hastings sampling"} <= labels
    assert not {"Leibler divergence", "Hastings sampling", "Kullback", "Kutta method"} & labels


@pytest.mark.slow
def test_defects_a_list_glued_to_its_marks_is_cut_at_them(tmp_path) -> None:
    """ "handling both link prediction and node classification;(b) Principled" gave a node
    "node classification;(b" and cost the relation to node classification."""
    abstract = (
        "We propose NetInfoF, a framework for graph learning. NetInfoF has notable advantages:(a) General, "
        "handling both link prediction and node classification;(b) Principled, with a closed-form solution."
    )
    labels = _built_labels(tmp_path, "NetInfoF", abstract)
    assert {"link prediction", "node classification"} <= labels
    assert not any("(" in label or ";" in label for label in labels)


def test_defects_a_name_cut_at_its_sentence_start_is_the_whole_name() -> None:
    """ "Long Range Arena paves the way": the parse read "Range Arena" (the sentence's "Long" taken
    for a common word); the paper's node is Long Range Arena. "Transformer" inside "Vision
    Transformer" is another paper's node too, so it stays one; so does a name whose longer form only
    opens a sentence ("Existing Safe RL"), or that the abstract also writes alone."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    def paper(key: str, text: str, *names: str) -> tuple[Paper, Extraction]:
        found = [
            Mention(name, "Method", start, start + len(name))
            for name in names
            for start in [text.index(name, 1 if name in {"Range Arena", "Safe RL"} else 0)]
        ]
        return Paper(key, text), Extraction(found, [], [], [])

    records = [
        paper(
            "p1",
            "We propose a benchmark, Long Range Arena, for models. Long Range Arena paves the way.",
            "Long Range Arena",
            "Range Arena",
        ),
        paper("p2", "Vision Transformer beats CNNs.", "Vision Transformer", "Transformer"),
        paper("p3", "We improve the Transformer.", "Transformer"),
        paper("p4", "Existing Safe RL fails. Safe RL is hard.", "Existing Safe RL", "Safe RL"),
        paper(
            "p5",
            "We propose Modality-agnostic Automated Data Augmentation. It exploits automated data augmentation.",
            "Modality-agnostic Automated Data Augmentation",
            "Automated Data Augmentation",
        ),
        paper("p6", "FooRL beats POMDP RL models on the POMDP RL benchmark.", "POMDP RL", "POMDP"),
        paper("p7", "We solve POMDPs.", "POMDPs"),  # another paper names POMDP, in the plural
        paper("p8", "We propose RoutIng Diverse Experts for routing.", "RoutIng Diverse Experts", "RoutIng"),
    ]
    graph = build_graph([p for p, _ in records], [e for _, e in records])
    linked = {
        (u, graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True) if k == "mentions" and u.startswith("paper/")
    }
    assert ("paper/p1", "Range Arena") not in linked and ("paper/p1", "Long Range Arena") in linked
    assert ("paper/p2", "Transformer") in linked
    assert ("paper/p4", "Safe RL") in linked
    assert ("paper/p5", "Automated Data Augmentation") in linked  # also written alone, in lower case
    assert ("paper/p6", "POMDP") in linked
    assert ("paper/p8", "RoutIng") not in linked  # its capitals spell a name: "routing" is another word


def test_defects_a_setup_baseline_mechanism_or_metric_head_is_the_term_it_heads() -> None:
    """ "ROC-AUC metric", "federated learning setup", "PPO baseline", "Dynamic Neural Response Tuning
    mechanism": the role head swallowed by the span is no part of the node (held-out sample c); the
    "Gaussian mechanism" and the "Fisher-Rao metric" are terms of their own."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    texts = ["ROC-AUC metric", "ROC-AUC", "federated learning setup", "PPO baseline", "Gaussian mechanism"]
    texts += ["Dynamic Neural Response Tuning mechanism", "Fisher-Rao metric"]
    entities, _ = resolve_entities([("p", Extraction([Mention(t, "Method", 0, len(t)) for t in texts], [], [], []))])
    wanted = ["ROC-AUC", "federated learning", "PPO", "Gaussian mechanism", "Dynamic Neural Response Tuning"]
    assert sorted(e.label for e in entities.values()) == sorted([*wanted, "Fisher-Rao metric"])


def test_defects_an_issue_phenomenon_or_scenario_head_is_the_term_it_heads() -> None:
    """ "distribution shift issue" (held-out sample d), "double descent phenomenon", "transfer learning
    scenario": the term the head says is a difficulty, an effect or a setting; a one-word term keeps it,
    and a regime or a challenge is a term of its own ("NTK regime", a benchmark's challenge)."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    texts = [
        "distribution shift issue",
        "distribution shift",
        "double descent phenomenon",
        "transfer learning scenarios",
    ]
    texts += ["NTK regime", "Argoverse vehicle prediction challenge", "scalability issue"]
    entities, _ = resolve_entities([("p", Extraction([Mention(t, "Concept", 0, len(t)) for t in texts], [], [], []))])
    wanted = ["distribution shift", "double descent", "transfer learning", "NTK regime"]
    assert sorted(e.label for e in entities.values()) == sorted(
        [*wanted, "Argoverse vehicle prediction challenge", "scalability issue"]
    )


def test_defects_a_name_listed_among_datasets_is_a_dataset() -> None:
    """ "on HumanEval, HumanEval+, MBPP, and DS-1000": MBPP typed Method by its mentions (held-out
    sample c); a name coordinated with two datasets or more, and mostly with datasets, is one."""
    text = "We evaluate on HumanEval, MBPP and DS-1000 with GPT-4 and Llama."
    names = [
        ("HumanEval", "Dataset"),
        ("MBPP", "Method"),
        ("DS-1000", "Dataset"),
        ("GPT-4", "Method"),
        ("Llama", "Method"),
    ]
    graph = one_paper_graph(text, names, [(a, "conjoinedWith", b) for a, b in ((0, 1), (1, 2), (3, 4))])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["MBPP"] == "Dataset"
    assert types["GPT-4"] == "Method"


def test_defects_a_name_listed_among_methods_is_a_method() -> None:
    """ "LLaMA-2, Alpaca and Vicuna": Vicuna typed Concept by its mentions in 10 ICLR 2024 papers (held-out
    sample d); a name in title case coordinated with two methods or more, and mostly with methods, is one.
    A common term is not: "distribution shift and label noise" say nothing of its type."""
    text = "We tune LLaMA-2, Alpaca and Vicuna, and study PPO, DQN and distribution shift."
    names = [
        ("LLaMA-2", "Method"),
        ("Alpaca", "Method"),
        ("Vicuna", "Concept"),
        ("PPO", "Method"),
        ("DQN", "Method"),
        ("distribution shift", "Concept"),
    ]
    pairs = ((0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5))
    graph = one_paper_graph(text, names, [(a, "conjoinedWith", b) for a, b in pairs])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["Vicuna"] == "Method"
    assert types["distribution shift"] == "Concept"


def test_defects_hardware_molecules_and_rules_are_no_methods() -> None:
    """ "GPU", "TPU", "RNA", "GDPR" typed Method by their sentences (issue 12's "GPU" typed Method;
    held-out sample c's TPU, GDPR, RNA): notions, not methods."""
    from kg.graph.build import build_graph
    from kg.records import Extraction, Mention, Paper

    names = ["GPUs", "TPU", "RNA", "GDPR", "BERT", "40GB A100 GPUs", "480-GPU", "GPU inference"]
    mentions = [Mention(n, "Method", 0, len(n)) for n in names]
    graph = build_graph([Paper("p", "abstract")], [Extraction(mentions, [], [], [])])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["GPU"] == types["TPU"] == types["RNA"] == types["GDPR"] == "Concept", types
    assert types["40GB A100 GPU"] == types["480-GPU"] == "Concept", types  # held-out sample l: hardware it heads
    assert types["BERT"] == types["GPU inference"] == "Method"


def test_defects_a_name_after_its_description_is_the_name() -> None:
    """ "the dynamic benchmark WIKIMIA", "a federated learning algorithm FedAvg" (held-out sample c:
    the description swallowed): the name is the node."""
    from kg.graph.resolve import resolve_entities
    from kg.records import Extraction, Mention

    texts = ["dynamic benchmark WIKIMIA", "federated learning algorithm FedAvg", "FedAvg", "language model Alpaca"]
    texts += ["detection method MIN-K PROB"]
    entities, keys = resolve_entities([("p", Extraction([Mention(t, "Method", 0, len(t)) for t in texts], [], [], []))])
    assert sorted(e.label for e in entities.values()) == ["FedAvg", "MIN-K PROB", "WIKIMIA", "language model Alpaca"]
    assert keys[0][1] == keys[0][2]


def test_defects_only_a_method_or_a_task_is_measured_by_a_metric() -> None:
    """ "Imposing physical constraints introduces an inductive bias that can improve accuracy and data
    efficiency" (held-out sample d: two measuredBy from a concept judged wrong): the guidelines measure
    a method or a task."""
    text = "An inductive bias improves accuracy; FooNet improves accuracy on image classification."
    names = [
        ("inductive bias", "Concept"),
        ("accuracy", "Metric"),
        ("FooNet", "Method"),
        ("image classification", "Task"),
    ]
    graph = one_paper_graph(text, names, [(h, "measuredBy", 1) for h in (0, 2, 3)])
    heads = {graph.nodes[u]["label"] for u, _, k in graph.edges(keys=True) if k == "measuredBy"}
    assert heads == {"FooNet", "image classification"}


def test_defects_a_method_uses_methods_and_notions_not_datasets() -> None:
    """ "uses" from a method to a dataset was judged wrong each time held out (0 of 5): a method is
    evaluated on a dataset; it uses methods and notions, and losses the graph may type as metrics
    ("a variance network uses the negative log likelihood", a tuning reader's relation)."""
    text = "FooNet uses ImageNet, FID and attention."
    names = [("FooNet", "Method"), ("ImageNet", "Dataset"), ("FID", "Metric"), ("attention", "Method")]
    graph = one_paper_graph(text, names, [(0, "uses", t) for t in (1, 2, 3)])
    tails = {graph.nodes[v]["label"] for _, v, k in graph.edges(keys=True) if k == "uses"}
    assert tails == {"attention", "FID"}


def test_defects_a_markov_decision_process_is_a_notion_however_its_mentions_are_typed() -> None:
    """ "a uniformly ergodic Markov decision process (MDP)", "average reward MDPs" were typed Method
    (held-out sample e: judged wrong type); a Gaussian process keeps the type its mentions give."""
    text = "We study average reward MDPs, an ergodic Markov decision process, and a Gaussian process."
    names = [
        ("average reward MDP", "Method"),
        ("ergodic Markov decision process", "Method"),
        ("Gaussian process", "Method"),
    ]
    graph = one_paper_graph(text, names, [])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["average reward MDP"] == types["ergodic Markov decision process"] == "Concept"
    assert types["Gaussian process"] == "Method"


def test_defects_a_name_shaped_as_a_benchmarks_is_a_dataset() -> None:
    """ "8% on CommonSenseQA" typed Method (held-out sample f), "TimeQA", "EvoGym" too: names the field
    gives its question-answering sets and gym environments; "VQA" and "KBQA" are tasks."""
    text = "We report results on CommonSenseQA, TimeQA and EvoGym, for VQA and KBQA."
    names = [("CommonSenseQA", "Method"), ("TimeQA", "Method"), ("EvoGym", "Method"), ("VQA", "Task"), ("KBQA", "Task")]
    graph = one_paper_graph(text, names, [])
    types = {d["label"]: d["type"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert types["CommonSenseQA"] == types["TimeQA"] == types["EvoGym"] == "Dataset", types
    assert types["VQA"] == types["KBQA"] == "Task"


def test_defects_a_word_of_the_authors_making_is_a_name(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "two streamlined algorithms, V-Laplace and V-Poisson", "using Foldseek", "even Midjourney": names
    with no capital inside, typed Concept like a common word (held-out sample j); an English word in
    title case mid-sentence is not one."""
    from kg.nlp.extract import extract

    text = (
        "We propose two streamlined algorithms, V-Laplace and V-Poisson. We encode structures using Foldseek and"
        " compare with SDXL and even Midjourney, and we evaluate on Procgen with Langevin dynamics."
    )
    types = {m.text: m.label for m in extract(nlp(text)).mentions}
    assert types["V-Laplace"] == types["V-Poisson"] == types["Foldseek"] == types["Midjourney"] == "Method", types
    assert types["Procgen"] == "Dataset"
    assert types.get("Langevin dynamics", "Concept") == "Concept"


def test_defects_names_a_counted_plural_lists_are_of_its_kind(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "across 5 benchmarks, ProcTHOR, ArchitecTHOR, RoboTHOR, AI2-iTHOR, and ManipulaTHOR": five
    benchmarks typed Method, four relations between them judged wrong (held-out sample f); "In our
    experiments, GPT-4 ..." lists nothing."""
    from kg.nlp.extract import extract

    text = (
        "Our experiments showcase state-of-the-art performance for object goal navigation across 5 benchmarks,"
        " ProcTHOR, ArchitecTHOR, RoboTHOR, AI2-iTHOR, and ManipulaTHOR. In our experiments, GPT-4 outperforms Llama."
    )
    types = {m.text: m.label for m in extract(nlp(text)).mentions}
    thor = ["ProcTHOR", "ArchitecTHOR", "RoboTHOR", "AI2-iTHOR", "ManipulaTHOR"]
    assert {types.get(name) for name in thor} == {"Dataset"}, types
    assert types["GPT-4"] == "Method"


def test_defects_letters_marked_inside_a_word_are_the_words_own(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "attention maps that **D**isc**O**ver and t**RA**ck objects" (DoRA; held-out sample f): "DiscOver"
    and "tRAck" were method nodes and three relations; the marks spell the abbreviation, the words are
    verbs. Marks opening a word keep its case ("**S**orting **K**rylov **R**ecycling (**SKR**)")."""
    from kg.nlp.extract import extract

    text = clean_abstract(
        "Our method called DoRA leads to attention maps that **D**isc**O**ver and t**RA**ck objects over time,"
        " using transformer cross-attention. We propose **S**orting **K**rylov **R**ecycling (**SKR**)."
    ).text
    assert "Discover and track objects" in text and "Sorting Krylov Recycling (SKR)" in text
    found = {m.text for m in extract(nlp(text)).mentions}
    assert not {"DiscOver", "tRAck", "track", "Discover"} & found, found


def test_defects_names_listed_before_a_plural_are_of_its_kind_through_hyphens(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "tasks from the ACRE, CATER, Something-Else and STAR datasets": ACRE typed Method (held-out
    sample g), as the list was read off the words only up to "Something-Else", cut at its hyphen;
    "the ACRE, CATER, and STAR datasets" lost it at the comma before "and"."""
    from kg.nlp.extract import extract

    text = (
        "We demonstrate the effectiveness of our framework on diverse visual reasoning tasks from the ACRE, CATER,"
        " Something-Else and STAR datasets. We also evaluate on the ACRE, CATER, and STAR datasets."
    )
    types = {(m.text, m.label) for m in extract(nlp(text)).mentions if m.text in {"ACRE", "CATER", "STAR"}}
    assert {label for _, label in types} == {"Dataset"}, types
    # a bracket a plural noun opens for its list (held-out sample i: eICU and AUMCdb typed Method)
    text = "The framework supports most open-access ICU datasets (MIMIC III/IV, eICU, HiRID, AUMCdb) and more."
    types = {(m.text, m.label) for m in extract(nlp(text)).mentions if m.text in {"eICU", "HiRID", "AUMCdb"}}
    assert {label for _, label in types} == {"Dataset"} and len(types) == 3, types
    text = "We compare with strong methods (PPO, SAC, TD3) on hard tasks."
    assert {m.label for m in extract(nlp(text)).mentions if m.text in {"PPO", "SAC", "TD3"}} == {"Method"}


def test_defects_solving_a_problem_is_a_task(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "improve SAT solving", "essential for CDCL SAT solving" typed Method (held-out sample h);
    a generic "problem-solving ability" is no node."""
    from kg.graph.typing_votes import HEAD_TYPES
    from kg.nlp.extract import extract

    text = "NeuroBack shows how machine learning can be harnessed to improve SAT solving. We study problem-solving."
    types = {m.text: m.label for m in extract(nlp(text)).mentions}
    assert types["SAT solving"] == "Task" and HEAD_TYPES["solving"] == "Task", types
    assert "problem-solving" not in types, types


def test_defects_an_adjective_before_a_role_head_names_no_node_alone() -> None:
    """ "Bayesian methods", "a Bayesian framework" gave a "Bayesian" method node in 8 ICLR 2024 papers
    (held-out sample h), "Generative methods" a "Generative" one: without its head an adjective names
    nothing. A name keeps standing for itself ("the Dreamer framework" is Dreamer)."""
    text = "Bayesian methods and Generative methods help, as the Dreamer framework does."
    graph = one_paper_graph(
        text, [("Bayesian methods", "Method"), ("Generative methods", "Method"), ("Dreamer framework", "Method")], []
    )
    labels = {d["label"] for _, d in graph.nodes(data=True) if d.get("type") != "Paper"}
    assert labels == {"Bayesian method", "Generative method", "Dreamer"}, labels


def test_defects_a_word_of_praise_or_a_bare_statistic_is_no_node(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "scalability" (52 ICLR 2024 papers), a bare "bias", "variance", "convergence", "detection" or
    "prompt": the readers of the held-out samples judged every such node they met generic (5 of 5
    "scalability", 5 of 5 "bias", 4 of 4 "detection"), and the development set's readers list none
    of them as an entity. The terms they make stay."""
    from kg.nlp.extract import extract

    text = (
        "Our method offers scalability, and scalability matters. We reduce the variance and the bias of "
        "the estimator and prove convergence; convergence is fast. Prompts are crafted by hand, and "
        "prompts are long. We study detection, and detection is hard."
    )
    found = {m.text.lower() for m in extract(nlp(text)).mentions}
    assert not found & {"scalability", "variance", "bias", "convergence", "prompts", "detection"}, found
    text = "We propose a variance reduction method for prompt tuning and object detection."
    found = {m.text for m in extract(nlp(text)).mentions}
    assert {"variance reduction", "prompt tuning", "object detection"} <= found, found


def test_defects_heads_the_readers_type_one_way_type_the_term(nlp) -> None:  # type: ignore[no-untyped-def]
    """ "the classical Halpern iteration" and "sample weighting" were Concepts, "memory consumption" a
    Concept (held-out samples j and k); the tuning readers type terms headed by "iteration" and
    "weighting" Method (18 of 19), by "consumption", "footprint", "overhead" and "usage" Metric (34 of 35)."""
    from kg.nlp.extract import extract

    text = "We study variants of the classical Halpern iteration. DeYO consists of sample selection and"
    text += " sample weighting. It cuts the memory consumption, the memory footprint and the communication overhead."
    types = {m.text: m.label for m in extract(nlp(text)).mentions}
    assert types["Halpern iteration"] == types["sample weighting"] == "Method", types
    assert types["memory consumption"] == types["memory footprint"] == types["communication overhead"] == "Metric"
