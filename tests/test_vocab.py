"""The shipped ML vocabulary (kg/vocab/data) and linking entities to it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kg.graph.model import new_graph
from kg.graph.terms import term_key
from kg.vocab import abbreviation_pairs, gazetteer_entries, link_entity, link_graph, load_vocabulary, type_by_vocabulary
from kg.vocab.field_abbreviations import field_definitions
from kg.vocab.link import known_definitions
from kg.vocab.vocabulary import DATA_DIR, DATA_FILES, Term, Vocabulary, read_terms

ROOT = Path(__file__).resolve().parents[1]
SHARED_VOCAB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "vocab"
PPO = "https://paperswithcode.com/method/ppo"
POLICY_GRADIENT = "https://paperswithcode.com/methods/category/policy-gradient-methods"
RL_AREA = "https://paperswithcode.com/area/reinforcement-learning"


def test_ppo_and_its_full_name_link_to_the_pwc_method_with_its_collection_and_area() -> None:
    vocab = load_vocabulary()
    full = link_entity("Proximal Policy Optimization", "Method")
    short = link_entity("PPO", "Method")
    assert full is not None and short is not None
    assert full.term.iri == short.term.iri == PPO
    assert (full.match, short.match) == ("exact", "close")
    broader = vocab.ancestors(PPO)
    assert broader[:2] == [POLICY_GRADIENT, RL_AREA]
    assert len(broader) == len(set(broader))


def test_link_graph_sets_the_node_attributes() -> None:
    graph = new_graph()
    graph.add_node("entity/ppo", type="Method", label="Proximal Policy Optimization", alt_labels=["PPO"])
    graph.add_node("entity/rl", type="Task", label="reinforcement learning", alt_labels=["RL"])
    graph.add_node("entity/model", type="Method", label="model", alt_labels=["models"])
    graph.add_node("entity/mujoco", type="Dataset", label="MuJoCo", alt_labels=[])
    graph.add_node("paper/x", type="Paper", label="A paper")
    link_graph(graph)
    ppo = graph.nodes["entity/ppo"]
    assert ppo["vocab"] == PPO
    assert ppo["vocab_label"] == "Proximal Policy Optimization"
    assert ppo["vocab_match"] == "exact"
    assert POLICY_GRADIENT in ppo["broader"] and RL_AREA in ppo["broader"]
    assert "vocab" not in graph.nodes["entity/model"]
    assert "vocab" not in graph.nodes["paper/x"]
    assert graph.nodes["entity/mujoco"]["vocab_match"] == "close"  # PwC has MuJoCo as a task
    rl = graph.nodes["entity/rl"]
    (term,) = load_vocabulary().terms_for([rl["vocab"]])
    assert term.kind == "Task" and term.label.casefold() == "reinforcement learning"
    assert rl["vocab_match"] == "exact"


def test_an_entity_takes_the_vocabulary_kind_of_its_written_out_name() -> None:
    # "KL divergence" is a label the vocabularies do not hold; its long form is a metric there
    graph = new_graph()
    graph.add_node("entity/kl", type="Method", label="KL divergence", alt_labels=["Kullback-Leibler divergence"])
    type_by_vocabulary(graph)
    assert graph.nodes["entity/kl"]["type"] == "Metric"


def test_a_notion_keeps_its_type_where_a_vocabulary_lists_it_as_a_method() -> None:
    # Papers with Code lists the neural tangent kernel among its methods; a kernel is a notion
    graph = new_graph()
    graph.add_node("entity/ntk", type="Concept", label="neural tangent kernel", alt_labels=["NTK"])
    graph.add_node("entity/nf", type="Concept", label="normalizing flow", alt_labels=[])
    type_by_vocabulary(graph)
    assert graph.nodes["entity/ntk"]["type"] == "Concept"
    assert graph.nodes["entity/nf"]["type"] == "Method"


@pytest.mark.parametrize("word", ["model", "network", "learning", "data", "models", "Model", "method"])
@pytest.mark.parametrize("kind", ["Method", "Task", "Concept", "Dataset", "Metric"])
def test_generic_words_link_to_nothing(word: str, kind: str) -> None:
    assert link_entity(word, kind) is None


def test_short_abbreviations_link_only_when_unique_and_of_the_same_kind() -> None:
    assert link_entity("SGD", "Method") is None  # Stochastic Gradient Descent or the SGD dialogue dataset
    assert link_entity("RL", "Method") is None  # reinforcement learning is a task
    rl = link_entity("RL", "Task")
    assert rl is not None and rl.match == "close"
    assert link_entity("node", "Method") is None  # not the NODE method: abbreviations are written in capitals


def test_terms_for_gives_what_an_rdf_exporter_needs() -> None:
    vocab = load_vocabulary()
    terms = vocab.terms_for([PPO, "https://example.org/unknown", PPO, POLICY_GRADIENT])
    assert [t.iri for t in terms] == [PPO, POLICY_GRADIENT]
    ppo, collection = terms
    assert (ppo.label, ppo.kind, ppo.source) == ("Proximal Policy Optimization", "Method", "pwc:method")
    assert ppo.broader == (POLICY_GRADIENT,) and "PPO" in ppo.abbreviations
    assert collection.broader == (RL_AREA,)
    assert all(i in vocab for i in vocab.ancestors(PPO))


def test_gazetteer_has_names_and_abbreviations() -> None:
    entries = gazetteer_entries()
    assert {"label": "Method", "pattern": "PPO", "id": PPO} in entries
    assert {"label": "Method", "pattern": "Proximal Policy Optimization", "id": PPO} in entries
    assert not [e for e in entries if e["pattern"].casefold() in {"model", "network", "learning", "data"}]
    assert ("PPO", "Proximal Policy Optimization") in abbreviation_pairs()


def test_data_files_ship_in_the_package_with_their_attribution() -> None:
    assert DATA_DIR == ROOT / "kg" / "vocab" / "data"
    total = sum((DATA_DIR / name).stat().st_size for name in DATA_FILES)
    assert total < 3_000_000
    attribution = (DATA_DIR / "ATTRIBUTION.md").read_text(encoding="utf-8")
    for needle in ("CC BY-SA 4.0", "CC BY 4.0", "Papers with Code", "World-Snapshot", "Blagec", "Joachimiak"):
        assert needle in attribution
    assert "Changes were made" in attribution
    sources = json.loads((DATA_DIR / "sources.json").read_text(encoding="utf-8"))
    assert set(sources["files"]) == set(DATA_FILES)
    if shutil.which("git") and (ROOT / ".git").exists():
        ignored = subprocess.run(["git", "check-ignore", *DATA_FILES], cwd=DATA_DIR, check=False, capture_output=True)
        assert ignored.returncode == 1, ignored.stdout  # none of them is git-ignored


def test_vocabulary_loads_without_the_shared_data(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    assert len(read_terms(copy)) == len(load_vocabulary())
    guard = (
        "import sys\n"
        "def hook(event, args):\n"
        "    if event == 'open' and '/shared/' in str(args[0]):\n"
        "        raise RuntimeError(f'read {args[0]}')\n"
        "sys.addaudithook(hook)\n"
        "from kg.vocab import link_entity\n"
        "assert link_entity('PPO', 'Method') is not None\n"
    )
    subprocess.run([sys.executable, "-c", guard], check=True, cwd=tmp_path)


@pytest.mark.skipif(not SHARED_VOCAB.is_dir(), reason="needs ../shared/data/vocab")
def test_build_vocab_is_deterministic_and_matches_the_shipped_files(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "scripts" / "build_vocab.py"), "--src", str(SHARED_VOCAB)]
    subprocess.run([*cmd, "--out", str(tmp_path)], check=True, capture_output=True)
    built = sorted(p.name for p in tmp_path.iterdir())
    assert built == sorted([*DATA_FILES, "ATTRIBUTION.md", "sources.json"])
    for name in built:
        assert (tmp_path / name).read_bytes() == (DATA_DIR / name).read_bytes(), name


def test_vocabulary_names_stand_for_themselves_unless_spelled_out():
    vocab = Vocabulary(
        [
            Term("d:coco", "COCO", "Dataset", "pwc:benchmark"),
            Term("m:ppo", "Proximal Policy Optimization", "Method", "pwc:method", abbreviations=("PPO",)),
            Term("m:ppo2", "PPO", "Method", "pwc:method"),
        ]
    )
    assert known_definitions(vocab, field=()) == [("COCO", "COCO"), ("PPO", "Proximal Policy Optimization")]


def test_a_short_form_takes_the_full_name_it_spells_when_the_label_does_not():
    vocab = Vocabulary(
        [
            Term(
                "m:dcn",
                "Deep Convolutional Network",
                "Method",
                "aio",
                full_names=("Convolutional Neural Network",),
                abbreviations=("DCN", "ConvNet", "CN"),
            )
        ]
    )
    known = known_definitions(vocab, field=())
    assert ("ConvNet", "Convolutional Neural Network") in known and ("DCN", "Deep Convolutional Network") in known
    assert not [long for short, long in known if short == "CN"]  # two letters: too ambiguous to spell out


def test_a_label_that_writes_the_short_form_with_a_head_does_not_spell_it_out():
    """AIO labels ReLU "ReLU Function": every ICLR 2024 paper's "ReLU" was shown as "ReLU Function"
    (held-out e); the full name spells it instead."""
    vocab = Vocabulary(
        [
            Term(
                "m:relu",
                "ReLU Function",
                "Method",
                "aio",
                full_names=("Rectified Linear Unit",),
                abbreviations=("ReLU",),
            ),
            Term("x:bleu", "BLEU score", "Metric", "aio", abbreviations=("BLEU",)),
        ]
    )
    known = known_definitions(vocab, field=())
    assert ("ReLU", "Rectified Linear Unit") in known
    assert not [long for short, long in known if long in ("ReLU Function", "BLEU score")]


def test_the_fields_abbreviations_come_after_the_vocabularies():
    vocab = Vocabulary([Term("m:ppo", "Proximal Policy Optimization", "Method", "pwc:method", abbreviations=("PPO",))])
    field = [("PPO", "proximal-policy optimization"), ("MCMC", "Markov chain Monte Carlo"), ("COCO", "common objects")]
    known = known_definitions(vocab, field=field)
    assert ("PPO", "Proximal Policy Optimization") in known and ("PPO", "proximal-policy optimization") not in known
    assert ("MCMC", "Markov chain Monte Carlo") in known


def test_the_shipped_field_abbreviations_are_ones_the_field_agrees_on():
    pairs = dict(field_definitions())
    assert pairs["MCMC"].lower() == "markov chain monte carlo" and pairs["MLPs"] == "multi-layer perceptrons"
    assert "SSL" not in pairs  # self-supervised or semi-supervised: the field does not agree
    assert all(short[0].isupper() and " " not in short for short in pairs)  # no "fMRI", "meta-RL"
    # the vocabularies' own pairs stay first: Papers with Code spells out PPO
    assert ("PPO", "Proximal Policy Optimization") in known_definitions()


def test_a_layer_class_abbreviation_stands_for_the_operation():
    vocab = Vocabulary(
        [
            Term("aio:bn", "BatchNormalization Layer", "Method", "aio", abbreviations=("BatchNorm",)),
            Term("aio:lgcl", "Learnable Graph Convolutional Layer", "Method", "aio", abbreviations=("LGCL",)),
        ]
    )
    known = known_definitions(vocab, field=())
    # a paper's "BatchNorm" is batch normalization, the node every other paper names
    assert ("BatchNorm", "BatchNormalization") in known and term_key("BatchNormalization") == term_key(
        "batch normalization"
    )
    assert ("LGCL", "Learnable Graph Convolutional Layer") in known  # its L spells the layer
