from hypothesis import assume, given
from hypothesis import strategies as st

from kg.graph.resolve import resolve_entities, term_key
from kg.records import Extraction, Mention
from kg.text import normal_form


def ex(*mentions, definitions=(), proposed=()):
    return Extraction(
        [Mention(t, label, 0, len(t)) for t, label in mentions],
        list(proposed),
        [],
        list(definitions),
    )


def test_case_plural_hyphen_and_space_variants_share_a_key():
    keys = {
        term_key(t)
        for t in [
            "Sparse Autoencoders",
            "sparse autoencoder",
            "sparse auto-encoder",
            "Sparse Auto Encoders",
        ]
    }
    assert len(keys) == 1
    assert term_key("SAE") != term_key("SAE-V")


def test_abbreviation_links_papers_that_only_use_one_form():
    entities, keys = resolve_entities(
        [
            (
                "p1",
                ex(
                    ("Sparse Autoencoders", "Method"),
                    ("SAEs", "Method"),
                    definitions=[("SAEs", "Sparse Autoencoders")],
                ),
            ),
            ("p2", ex(("sparse autoencoder", "Method"))),
            ("p3", ex(("SAE", "Method"))),
        ]
    )
    sae = entities[term_key("sparse autoencoder")]
    assert sae.label == "sparse autoencoder"
    assert {"SAE", "SAEs"} <= set(sae.alt_labels(sae.label))
    assert set(sae.papers) == {"p1", "p2", "p3"}
    assert keys[2] == [sae.key]


def test_abbreviation_inside_a_term_expands():
    entities, _ = resolve_entities(
        [
            (
                "p1",
                ex(
                    ("Key-Value", "Concept"),
                    ("KV cache", "Method"),
                    definitions=[("KV", "Key-Value")],
                ),
            ),
        ]
    )
    kv = entities[term_key("Key-Value cache")]
    assert kv.label == "KV cache" and "Key-Value cache" in kv.alt_labels(kv.label)


def test_papers_own_definition_wins_over_the_corpus():
    _entities, keys = resolve_entities(
        [
            ("p1", ex(("RL", "Task"), definitions=[("RL", "reinforcement learning")])),
            ("p2", ex(("RL", "Task"), definitions=[("RL", "representation learning")])),
            ("p3", ex(("RL", "Task"), definitions=[("RL", "reinforcement learning")])),
            ("p4", ex(("RL", "Task"))),
        ]
    )
    assert keys[1] == [term_key("representation learning")]
    assert keys[3] == [term_key("reinforcement learning")]


def test_junk_terms_are_dropped():
    _entities, keys = resolve_entities([("p", ex(("SOTA", "Method"), ("PPO", "Method")))], junk=["sota"])
    assert keys == [[None, term_key("PPO")]]


def test_proposed_concept_becomes_a_method():
    entities, _ = resolve_entities([("p", ex(("selective response", "Concept"), proposed=[0]))])
    assert entities[term_key("selective response")].type == "Method"


@given(st.text())
def test_normal_form_is_idempotent(text):
    # A name whose capital S is no plural (TransNAS) is the one exception: lower-cased, the s is one.
    once = normal_form(text)
    last = text.split()[-1].split("-")[-1] if text.split() else ""
    assume(not (last.endswith("S") and sum(c.isupper() for c in last) >= 2))
    assert normal_form(once) == once
