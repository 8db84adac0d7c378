"""The learned SciERC extractor inside kg build: type and relation mapping, Generic mentions,
and the default pipeline finding at least what the rules alone find on the examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.tokens import Doc, Span

from kg.engine.build import build
from kg.graph.model import ABOUT
from kg.nlp.learned import learned_mentions, learned_relations, map_relation
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mention_vote import MENTION_COMPONENT
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.pipeline import load_pipeline
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.relation_classifier import RELATION_COMPONENT
from kg.nlp.scierc import SPAN_KEY
from kg.nlp.spans import Relation

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TEXT = (
    "We propose FooNet, a graph network. Our method uses graph convolution for node classification. "
    "It is evaluated on the Cora dataset and on citation graphs in terms of accuracy. "
    "Existing approaches are slow. Pooling is cheap on speech, and pooling helps on speech."
)


def _span(doc: Doc, text: str, label: str) -> Span:
    start = doc.text.index(text)
    span = doc.char_span(start, start + len(text), label=label)
    assert span is not None
    return span


@pytest.fixture(scope="module")
def ruled() -> Doc:
    """TEXT through the rule components only, with learned output given by hand."""
    rules = load_pipeline(extractor="rules")
    doc = rules(TEXT)
    doc.spans[SPAN_KEY] = [
        _span(doc, "Our method", "Generic"),
        _span(doc, "graph convolution", "Method"),
        _span(doc, "node classification", "Task"),
        _span(doc, "It", "Generic"),
        _span(doc, "Cora dataset", "Material"),
        _span(doc, "citation graphs", "Material"),
        _span(doc, "accuracy", "Metric"),
        _span(doc, "Existing approaches", "Generic"),
        _span(doc, "Pooling", "Method"),
        _span(doc, "speech", "Material"),
    ]
    return doc


@pytest.mark.slow  # ruled loads the rules pipeline
def test_learned_mentions_are_typed_and_generic_is_never_a_mention(ruled):
    doc = ruled
    before = {(s.start, s.end): s.label_ for s in doc.spans[SPANS_KEY]}
    merged = learned_mentions(doc, load_lexicon(), {})
    after = {(s.start, s.end): s.label_ for s in merged}
    assert all(after[k] == v for k, v in before.items())  # the rules' mentions and types stay
    new = {s.text: s.label_ for s in merged if (s.start, s.end) not in before}
    assert new == {}  # a noun twice is enough for the rules and the learned model alike
    texts = {s.text for s in merged}
    assert {"Pooling", "speech"} <= texts
    assert "Cora" in texts and "Cora dataset" not in texts  # the name, not the phrase, as the rules do
    assert not texts & {"Our method", "It", "Existing approaches"}  # Generic is never a mention


@pytest.mark.slow  # ruled loads the rules pipeline
def test_generic_arguments_stand_for_the_paper_contribution(ruled):
    doc = ruled.copy()
    doc.spans[SPANS_KEY] = learned_mentions(doc, load_lexicon(), {})
    foonet = next(s for s in doc.spans[SPANS_KEY] if s.text == "FooNet")
    doc.spans[PROPOSED_KEY] = [foonet]
    sc = {s.text: s for s in doc.spans[SPAN_KEY]}
    cora = next(s for s in doc.spans[SPANS_KEY] if s.text.startswith("Cora"))

    def rel(a: Span, label: str, b: Span) -> Relation:
        return Relation(a.start, a.end, label, b.start, b.end, score=0.9)

    doc._.kg_relations = []
    doc._.relations = [
        rel(sc["graph convolution"], "USED-FOR", sc["Our method"]),
        rel(sc["Our method"], "USED-FOR", sc["node classification"]),
        rel(sc["Cora dataset"], "EVALUATE-FOR", sc["It"]),
        rel(sc["accuracy"], "EVALUATE-FOR", sc["It"]),
        rel(sc["graph convolution"], "COMPARE", sc["Existing approaches"]),  # not the paper's: dropped
    ]
    got = {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}
    assert got == {
        ("FooNet", "uses", "graph convolution"),
        ("FooNet", "addresses", "node classification"),
        ("FooNet", "evaluatedOn", cora.text),
        ("FooNet", "measuredBy", "accuracy"),
    }


@pytest.mark.slow  # the rules fixture loads the rules pipeline
def test_generic_arguments_named_beside_them_or_owned_by_the_paper(rules):
    """ "FooNet, an approach that enables T": the approach is FooNet; "our [method]" is the paper's
    even when the learned span leaves "our" out; "a new [method] based on Y" need not be."""
    text = (
        "We propose FooNet, an approach that enables domain generalization. "
        "Experiments on CIFAR-10 show that our method is accurate. A new method based on BarNet is slow."
    )
    doc = rules(text)
    foonet, dg, cifar, barnet = (
        _span(doc, name, label)
        for name, label in [
            ("FooNet", "Method"),
            ("domain generalization", "Task"),
            ("CIFAR-10", "Dataset"),
            ("BarNet", "Method"),
        ]
    )
    doc.spans[SPANS_KEY] = [foonet, dg, cifar, barnet]
    doc.spans[PROPOSED_KEY] = [foonet]
    approach = _span(doc, "approach", "Generic")
    method, other = (Span(doc, t.i, t.i + 1, label="Generic") for t in doc if t.text == "method")
    doc.spans[SPAN_KEY] = [foonet, approach, dg, cifar, method, other, barnet]
    doc._.kg_relations = []
    doc._.relations = [
        Relation(approach.start, approach.end, "USED-FOR", dg.start, dg.end, score=0.9),
        Relation(cifar.start, cifar.end, "EVALUATE-FOR", method.start, method.end, score=0.9),
        Relation(barnet.start, barnet.end, "USED-FOR", other.start, other.end, score=0.9),
    ]
    got = {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}
    assert got == {("FooNet", "addresses", "domain generalization"), ("FooNet", "evaluatedOn", "CIFAR-10")}


@pytest.mark.parametrize(
    ("label", "head", "tail", "expected"),
    [
        ("USED-FOR", "Method", "Task", ("addresses", False)),
        ("USED-FOR", "Method", "Method", ("uses", True)),
        ("USED-FOR", "Dataset", "Method", ("uses", True)),
        ("EVALUATE-FOR", "Dataset", "Method", ("evaluatedOn", True)),
        ("EVALUATE-FOR", "Metric", "Task", ("measuredBy", True)),
        ("EVALUATE-FOR", "Concept", "Method", None),
        ("HYPONYM-OF", "Method", "Method", ("isA", False)),
        ("PART-OF", "Concept", "Method", ("partOf", False)),
        ("COMPARE", "Method", "Method", ("comparedWith", False)),
        ("FEATURE-OF", "Concept", "Dataset", ("featureOf", False)),
        ("CONJUNCTION", "Task", "Task", ("conjoinedWith", False)),
    ],
)
def test_every_scierc_relation_maps_to_an_ontology_property(label, head, tail, expected):
    assert map_relation(label, head, tail) == expected


def test_default_pipeline_uses_the_learned_extractor(nlp):
    assert MENTION_COMPONENT in nlp.pipe_names and RELATION_COMPONENT in nlp.pipe_names
    assert nlp.pipe_names[-3:] == ["kg_learned_mentions", "kg_learned_relations", "kg_relation_check"]
    rules = load_pipeline(extractor="rules").pipe_names
    assert "scierc_mentions" not in rules and rules[-1] == "kg_relation_check"


@pytest.mark.parametrize("extractor", ["fast", "accurate"])
def test_learned_extractor_finds_at_least_what_the_rules_find(tmp_path: Path, extractor: str, example_graph):
    # Every entity kept: the confidence of an entity weighs the paper's other entities, which the
    # learned extractor adds to, so the filtered graphs need not nest.
    rules, _ = build(
        [EXAMPLES / "icml2025.jsonl"], tmp_path / "r", formats=["ttl"], extractor="rules", min_confidence=0
    )
    learned, _ = build(
        [EXAMPLES / "icml2025.jsonl"], tmp_path / "l", formats=["ttl"], extractor=extractor, min_confidence=0
    )
    # A name the learned extractor finds longer ("k-fold cross-validation", "cross-validation
    # scheme") makes the shorter one the rules found the head or the start of a longer name: the
    # paper is about it (kg.graph.named_inside), and an entity no paper mentions on its own any more
    # is gone.
    longer = {str(d["label"]).lower() for n, d in learned.nodes(data=True) if n.startswith("entity/")}

    def inside(label: str) -> bool:
        return any(h.endswith((" " + label, "-" + label)) or h.startswith(label + " ") for h in longer)

    gone = set(rules) - set(learned)
    assert all(inside(str(rules.nodes[n]["label"]).lower()) for n in gone), gone
    # a few: 8 of 359 with the accurate extractor since a name at a longer name's start is `about` too
    assert len(gone) <= 0.03 * rules.number_of_nodes(), gone
    # The type model reads the relations stated of an entity too, which the learned extractor
    # adds to: a few types may change, and with them the relations whose ends no longer fit.
    retyped = {n for n, d in rules.nodes(data=True) if n in learned and learned.nodes[n]["type"] != d["type"]}
    assert len(retyped) <= 0.05 * rules.number_of_nodes(), retyped
    missing = set(rules.edges(keys=True)) - set(learned.edges(keys=True))
    missing = {(u, v, k) for u, v, k in missing if not (k == "mentions" and learned.has_edge(u, v, ABOUT))}
    assert all({u, v} & (retyped | gone) for u, v, _ in missing), missing
    assert learned.number_of_nodes() > rules.number_of_nodes()
    assert learned.number_of_edges() > rules.number_of_edges()


@pytest.mark.slow  # the rules fixture loads the rules pipeline
def test_a_learned_comparison_is_read_in_the_sentence_that_states_it(rules):
    """ "our method outperforms BarNet" with "our method" the paper's FooNet, named in another
    sentence: the winner is read where the classifier read it, so FooNet improves on BarNet."""
    doc = rules("We propose FooNet for graphs. Experiments show that our method outperforms BarNet on citation graphs.")
    foonet, barnet = _span(doc, "FooNet", "Method"), _span(doc, "BarNet", "Method")
    ours = _span(doc, "our method", "Generic")
    doc.spans[SPANS_KEY] = [foonet, barnet]
    doc.spans[PROPOSED_KEY] = [foonet]
    doc.spans[SPAN_KEY] = [foonet, ours, barnet]
    doc._.kg_relations = []
    doc._.relations = [Relation(ours.start, ours.end, "COMPARE", barnet.start, barnet.end, score=0.9)]
    got = {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}
    assert got == {("FooNet", "improvesOn", "BarNet")}
