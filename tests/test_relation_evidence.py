"""Issue 13: relations only where a sentence states them, the right way round, with a confidence.

Each class of wrong relation the issue found has a test here on a parsed sentence: ``uses``
between two mentions that only share a sentence, a reversed ``isA`` (and ``uses``), a
``conjoinedWith`` between items that are not coordinated, a negated statement, a contrast. The
learned relations are given by hand (on the rules' parse) so the tests do not hang on the classifier.
"""

from __future__ import annotations

import pytest
from relation_sentences import one_paper_graph
from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.graph.build import build_graph
from kg.graph.model import PAPER_LINKS
from kg.nlp.evidence import linked, path
from kg.nlp.learned import learned_relations
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.pipeline import load_pipeline
from kg.nlp.proposals import PROPOSED_KEY
from kg.nlp.relations import find_relations
from kg.nlp.scierc import SPAN_KEY
from kg.nlp.spans import Relation
from kg.records import Extraction, Mention, Paper, RelationRecord


@pytest.fixture(scope="module")
def rules() -> Language:
    return load_pipeline(extractor="rules")


def _span(doc: Doc, text: str, label: str) -> Span:
    start = doc.text.index(text)
    span = doc.char_span(start, start + len(text), label=label)
    assert span is not None, text
    return span


def _learned(
    rules: Language,
    text: str,
    mentions: dict[str, str],
    learned: list[tuple[str, str, str, float]],
    proposed: tuple[str, ...] = (),
) -> set[tuple[str, str, str]]:
    """``text`` parsed, with these mentions, no rule relations and these learned SciERC relations."""
    doc = rules(text)
    spans = {name: _span(doc, name, label) for name, label in mentions.items()}
    doc.spans[SPANS_KEY] = sorted(spans.values(), key=lambda s: (s.start, s.end))
    doc.spans[SPAN_KEY] = doc.spans[SPANS_KEY]
    doc.spans[PROPOSED_KEY] = [spans[p] for p in proposed]
    doc._.kg_relations = []
    doc._.relations = [
        Relation(spans[h].start, spans[h].end, label, spans[t].start, spans[t].end, score=score)
        for h, label, t, score in learned
    ]
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in learned_relations(doc, load_lexicon())}


def _ruled(rules: Language, text: str) -> set[tuple[str, str, str]]:
    doc = rules(text)
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in find_relations(doc)}


def test_issue_13_cooccurrence_only_uses_is_dropped(rules):
    text = "Although FooNet was introduced for speech, recent results with BarNet on molecules are promising."
    doc = rules(text)
    assert not linked(path(doc[1], doc[10]))  # FooNet ... BarNet: no statement links them
    mentions = {"FooNet": "Method", "BarNet": "Method"}
    assert _learned(rules, text, mentions, [("BarNet", "USED-FOR", "FooNet", 0.7)]) == set()


def test_issue_13_linked_uses_is_kept(rules):
    text = "FooNet relies on BarNet."
    got = _learned(rules, text, {"FooNet": "Method", "BarNet": "Method"}, [("BarNet", "USED-FOR", "FooNet", 0.7)])
    assert got == {("FooNet", "uses", "BarNet")}


def test_issue_13_reversed_isa_is_turned_round(rules):
    text = "The automatic evaluator is ToolEval."
    mentions = {"automatic evaluator": "Method", "ToolEval": "Method"}
    got = _learned(rules, text, mentions, [("automatic evaluator", "HYPONYM-OF", "ToolEval", 0.9)])
    assert got == {("ToolEval", "isA", "automatic evaluator")}


def test_issue_13_proposed_method_is_the_user(rules):
    text = "We propose C-PSRL, which builds on posterior sampling."
    mentions = {"C-PSRL": "Method", "posterior sampling": "Method"}
    got = _learned(rules, text, mentions, [("C-PSRL", "USED-FOR", "posterior sampling", 0.9)], proposed=("C-PSRL",))
    assert got == {("C-PSRL", "uses", "posterior sampling")}


def test_issue_13_conjoined_needs_coordination(rules):
    text = "FooNet uses graph convolution, and pooling and attention are cheap."
    mentions = {"FooNet": "Method", "graph convolution": "Method", "pooling": "Method", "attention": "Method"}
    learned = [("FooNet", "CONJUNCTION", "graph convolution", 0.9), ("pooling", "CONJUNCTION", "attention", 0.9)]
    assert _learned(rules, text, mentions, learned) == {("pooling", "conjoinedWith", "attention")}


@pytest.mark.slow
def test_issue_13_an_abbreviations_bracket_makes_no_list():
    """ "In the realm of reinforcement learning (RL), off-policy evaluation (OPE) holds ..." gave
    "reinforcement learning conjoinedWith off-policy evaluation" (held-out sample k): the parser
    coordinates the two with no "and", and the bracket of "(RL)" was read as opening a list."""
    from kg.nlp.extract import extract

    nlp = load_pipeline()
    text = "In the realm of reinforcement learning (RL), off-policy evaluation (OPE) holds a pivotal position."
    extraction = extract(nlp(text))
    assert not [r for r in extraction.relations if r.label == "conjoinedWith"], extraction.relations
    text = "We evaluate on two datasets (CIFAR-10 and SVHN). The results on MNIST and SVHN show gains."
    extraction = extract(nlp(text))
    pairs = {(extraction.mentions[r.head].text, extraction.mentions[r.tail].text) for r in extraction.relations}
    assert {("CIFAR-10", "SVHN"), ("MNIST", "SVHN")} <= pairs, pairs


@pytest.mark.parametrize(
    "text",
    [
        "Deterministic functions are not sufficiently powerful to capture ambiguity.",
        "Deterministic functions fail to capture ambiguity.",
    ],
)
def test_issue_13_negated_statement_states_no_relation(rules, text):
    mentions = {"Deterministic functions": "Method", "ambiguity": "Concept"}
    assert _learned(rules, text, mentions, [("Deterministic functions", "USED-FOR", "ambiguity", 0.95)]) == set()


def test_issue_13_negated_verb_gives_no_rule_relation(rules):
    assert ("FooNet", "uses", "graph convolution") in _ruled(rules, "FooNet uses graph convolution.")
    assert not _ruled(rules, "FooNet does not use graph convolution.")
    assert not _ruled(rules, "FooNet fails to use graph convolution.")


def test_issue_13_contrast_states_nothing_of_what_is_contrasted(rules):
    found = _ruled(rules, "Unlike BarNet, which uses recurrence, FooNet uses graph convolution.")
    assert ("FooNet", "uses", "graph convolution") in found
    assert not any("BarNet" in (h, t) and "graph convolution" in (h, t) for h, _, t in found)
    text = "Unlike BarNet, FooNet uses graph convolution."
    mentions = {"BarNet": "Method", "FooNet": "Method", "graph convolution": "Method"}
    assert _learned(rules, text, mentions, [("graph convolution", "USED-FOR", "BarNet", 0.95)]) == set()


@pytest.mark.parametrize(
    "text",
    [
        "We present FooNet, an approach that is inspired by BarNet.",
        "Inspired by BarNet, we propose FooNet, a new model.",
        "We draw inspiration from BarNet to propose FooNet.",
    ],
)
def test_issue_13_what_inspired_a_method_is_not_what_it_uses(rules, text):
    """ "we propose CAST, ... through designs inspired by vision transformers" gave "CAST uses vision
    transformer" and "adapter layers inspired by SNNKs" "adapter layer uses SNNK" (held-out sample l)."""
    assert not any({"FooNet", "BarNet"} == {h, t} for h, _, t in _ruled(rules, text))
    mentions = {"FooNet": "Method", "BarNet": "Method"}
    assert _learned(rules, text, mentions, [("BarNet", "USED-FOR", "FooNet", 0.95)]) == set()
    assert ("FooNet", "uses", "BarNet") in _ruled(rules, "FooNet uses BarNet, inspired by recurrence.")


def test_issue_13_learned_agreeing_with_a_rule_raises_its_confidence_and_reversed_is_dropped(rules):
    doc = rules("FooNet relies on BarNet.")
    foo, bar = _span(doc, "FooNet", "Method"), _span(doc, "BarNet", "Method")
    doc.spans[SPANS_KEY] = [foo, bar]
    doc.spans[SPAN_KEY] = [foo, bar]
    rule = Relation(foo.start, foo.end, "uses", bar.start, bar.end, 0, score=0.75)
    doc._.kg_relations = [rule]
    doc._.relations = [Relation(bar.start, bar.end, "USED-FOR", foo.start, foo.end, score=0.6)]
    (agreed,) = learned_relations(doc, load_lexicon())
    assert agreed.score == pytest.approx(1 - 0.25 * 0.4)
    doc._.relations = [Relation(foo.start, foo.end, "USED-FOR", bar.start, bar.end, score=0.99)]  # BarNet uses FooNet
    assert learned_relations(doc, load_lexicon()) == [rule]


def _paper(key: str, relations: list[RelationRecord]) -> tuple[Paper, Extraction]:
    text = "FooNet outperforms PPO on MuJoCo in return."
    mentions = [Mention("FooNet", "Method", 0, 6), Mention("PPO", "Method", 19, 22)]
    mentions += [Mention("MuJoCo", "Dataset", 26, 32), Mention("return", "Metric", 36, 42)]
    return Paper(key, text), Extraction(mentions, [0], relations, [])


def test_issue_13_confidence_combines_over_papers_and_results_name_dataset_and_metric():
    sentence = "FooNet outperforms PPO on MuJoCo in return."
    one = [
        RelationRecord(0, "improvesOn", 1, sentence, 0.6),
        RelationRecord(0, "evaluatedOn", 2, sentence, 0.8),
        RelationRecord(0, "measuredBy", 3, sentence, 0.8),
    ]
    a, b = _paper("a", one), _paper("b", [RelationRecord(0, "improvesOn", 1, sentence, 0.5)])
    graph = build_graph([a[0], b[0]], [a[1], b[1]], min_confidence=0.7)
    edge = graph.edges["entity/foonet", "entity/ppo", "improvesOn"]
    assert edge["confidence"] == pytest.approx(0.8)  # 1 - 0.4 * 0.5
    assert edge["datasets"] == ["entity/mujoco"] and edge["metrics"] == ["entity/return"]
    alone = build_graph([a[0]], [a[1]], min_confidence=0.7)
    assert not alone.has_edge("entity/foonet", "entity/ppo", "improvesOn")  # 0.6 alone is below
    assert alone.has_edge("entity/foonet", "entity/mujoco", "evaluatedOn")


def test_issue_13_a_relation_whose_ends_resolved_to_other_kinds_is_left_out():
    """ "an RL method uses X" merged into the task reinforcement learning; "evaluated on a task"."""
    text = "Our reinforcement learning method uses proprioceptive states; FooNet is evaluated on parsing."
    mentions = [
        Mention("reinforcement learning method", "Method", 4, 33),
        Mention("reinforcement learning", "Task", 4, 26),
    ]
    mentions += [Mention("proprioceptive states", "Concept", 39, 60), Mention("FooNet", "Method", 62, 68)]
    mentions += [Mention("parsing", "Task", 85, 92)]
    relations = [RelationRecord(0, "uses", 2, text, 0.9), RelationRecord(3, "evaluatedOn", 4, text, 0.9)]
    relations += [RelationRecord(3, "addresses", 4, text, 0.9)]
    graph = build_graph([Paper("p", text)], [Extraction(mentions, [], relations, [])])
    assert graph.nodes["entity/reinforcementlearning"]["type"] == "Task"
    stated = {(u, k, v) for u, v, k in graph.edges(keys=True) if k not in PAPER_LINKS}
    assert stated == {("entity/foonet", "addresses", "entity/parsing")}


def test_issue_13_a_method_is_no_kind_of_a_task():
    """ "Large language models ... for language understanding" gave "large language model isA language
    understanding" (held-out sample h): a method is no kind of a task, nor a task of a method; a
    method is a kind of a method ("SEINE, a video diffusion model")."""
    text = "LLMs, a tool for language understanding, and SEINE, a video diffusion model."
    names = [
        ("LLMs", "Method"),
        ("language understanding", "Task"),
        ("SEINE", "Method"),
        ("video diffusion model", "Method"),
    ]
    graph = one_paper_graph(text, names, [(0, "isA", 1), (1, "isA", 0), (2, "isA", 3)])
    stated = {(graph.nodes[u]["label"], k, graph.nodes[v]["label"]) for u, v, k in graph.edges(keys=True)}
    assert stated - {(u, k, v) for u, k, v in stated if k in PAPER_LINKS} == {("SEINE", "isA", "video diffusion model")}


def test_issue_13_old_cache_records_read_with_full_confidence():
    data = {"mentions": [["A", "Method", 0, 1], ["B", "Method", 2, 3]], "proposed": [], "definitions": []}
    old = Extraction.from_json({**data, "relations": [[0, "uses", 1, "A uses B."]]})
    new = Extraction.from_json({**data, "relations": [[0, "uses", 1, "A uses B.", 0.25]]})
    assert old.relations[0].confidence == 1.0 and new.relations[0].confidence == 0.25
    assert Extraction.from_json(new.to_json()) == new


def test_issue_13_min_confidence_is_checked():
    with pytest.raises(ValueError, match="min_confidence"):
        build_graph([], [], min_confidence=1.5)


def test_issue_13_a_second_name_is_not_a_kind(rules):
    text = "We present a feature extraction network, namely CDSFNet."
    mentions = {"feature extraction network": "Method", "CDSFNet": "Method"}
    assert _learned(rules, text, mentions, [("CDSFNet", "HYPONYM-OF", "feature extraction network", 0.9)]) == set()
    assert not any(label == "isA" for _, label, _ in _ruled(rules, text))


def test_issue_13_method_with_component_uses_it(rules):
    assert ("FooNet", "uses", "graph convolution") in _ruled(rules, "FooNet with graph convolution is fast.")


def test_issue_13_a_dataset_is_no_kind_of_a_task_and_coordinated_concepts_are_conjoined():
    """ "image classification datasets, e.g. CIFAR-10" hangs CIFAR-10 under the task: no relation to
    cite; "the balance between realism and faithfulness" coordinates two concepts, which readers
    conjoin (the tuning samples hold 1,416 conjunctions; the new held-out ones read right 7 of 8)."""
    text = "We use image classification datasets, e.g. CIFAR-10, and balance realism and faithfulness."
    mentions = [Mention("image classification", "Task", 7, 27), Mention("CIFAR-10", "Dataset", 43, 51)]
    mentions += [Mention("realism", "Concept", 65, 72), Mention("faithfulness", "Concept", 77, 89)]
    relations = [RelationRecord(1, "isA", 0, text, 0.9), RelationRecord(2, "conjoinedWith", 3, text, 0.9)]
    graph = build_graph([Paper("p", text)], [Extraction(mentions, [], relations, [])])
    types = {graph.nodes[n]["type"] for n in ("entity/cifar10", "entity/imageclassification", "entity/realism")}
    assert types == {"Dataset", "Task", "Concept"} and graph.nodes["entity/faithfulness"]["type"] == "Concept"
    kept = [(u, k, v) for u, v, k in graph.edges(keys=True) if k not in PAPER_LINKS]
    assert kept == [("entity/realism", "conjoinedWith", "entity/faithfulness")]


def test_issue_13_a_relation_stands_when_the_vocabularies_type_its_end():
    """ "VOS reduces the FPR95 by 7.87%": a vocabulary that knows FPR95 is a metric types it before
    the relations are kept, so "VOS measuredBy FPR95" is not left out as a method measured by a method."""
    from kg.vocab.link import type_by_vocabulary
    from kg.vocab.vocabulary import Term, Vocabulary

    text = "VOS reduces the FPR95 by 7.87%."
    mentions = [Mention("VOS", "Method", 0, 3), Mention("FPR95", "Method", 16, 21)]
    paper = (Paper("p", text), Extraction(mentions, [0], [RelationRecord(0, "measuredBy", 1, text, 0.9)], []))
    vocab = Vocabulary([Term("v:fpr95", "FPR95", "Metric", "ito:metric")])
    typed = build_graph([paper[0]], [paper[1]], retype=lambda graph: type_by_vocabulary(graph, vocab))
    assert typed.nodes["entity/fpr95"]["type"] == "Metric"
    assert typed.has_edge("entity/vos", "entity/fpr95", "measuredBy")
    untyped = build_graph([paper[0]], [paper[1]])  # typed after the relations, as link_graph used to
    assert untyped.nodes["entity/fpr95"]["type"] == "Method"
    assert not untyped.has_edge("entity/vos", "entity/fpr95", "measuredBy")


def test_issue_13_we_stands_only_for_what_the_paper_proposes():
    """ "we" and "our method" stand for the paper's proposal: a relation whose head is written in
    another sentence is kept only when the paper proposes that head."""
    text = "We study FooNet. Our method uses attention."
    mentions = [Mention("FooNet", "Method", 9, 15), Mention("attention", "Concept", 33, 42)]
    relations = [RelationRecord(0, "uses", 1, "Our method uses attention.", 0.9)]
    edge = ("entity/foonet", "entity/attention", "uses")
    assert not build_graph([Paper("p", text)], [Extraction(mentions, [], relations, [])]).has_edge(*edge)
    assert build_graph([Paper("p", text)], [Extraction(mentions, [0], relations, [])]).has_edge(*edge)
    written = [RelationRecord(0, "uses", 1, text, 0.9)]  # both ends in the sentence: no stand-in
    assert build_graph([Paper("p", text)], [Extraction(mentions, [], written, [])]).has_edge(*edge)


def test_issue_13_a_baseline_is_a_method_and_a_comparison_joins_like_kinds():
    """ "FooNet outperforms existing parsing methods": the baseline is no node, and parsing is the
    task, not what FooNet improves on; "compared with parsing" compares no two methods."""
    text = "FooNet outperforms existing parsing methods and BarNet."
    mentions = [Mention("FooNet", "Method", 0, 6), Mention("parsing", "Task", 28, 35)]
    mentions += [Mention("BarNet", "Method", 48, 54)]
    relations = [RelationRecord(0, "improvesOn", 1, text, 0.9), RelationRecord(0, "comparedWith", 1, text, 0.9)]
    relations += [RelationRecord(0, "improvesOn", 2, text, 0.9)]
    graph = build_graph([Paper("p", text)], [Extraction(mentions, [], relations, [])])
    stated = {(u, k, v) for u, v, k in graph.edges(keys=True) if k not in PAPER_LINKS}
    assert stated == {("entity/foonet", "improvesOn", "entity/barnet")}


@pytest.mark.slow
def test_issue_13_a_kind_is_judged_by_the_graphs_types_not_a_sentences():
    """ "value-based methods (e.g., Q-learning)" stated Q-learning is a kind of value-based method, but
    the sentence typed "Q-learning" a Task (its head "learning") and the kind was dropped before the
    graph, which types it from all its mentions, could keep it; a Method that the graph's types make
    a kind of a Task is still left out there (:func:`kg.graph.relation_ends.ends_fit`)."""
    from kg.graph.relation_ends import ends_fit
    from kg.nlp.extract import extract

    extraction = extract(load_pipeline()("RL with value-based methods (e.g., Q-learning) has shown success."))
    names = [m.text for m in extraction.mentions]
    found = {(names[r.head], r.label, names[r.tail]) for r in extraction.relations}
    assert ("Q-learning", "isA", "value-based methods") in found, found
    assert not ends_fit("isA", "Method", "Task") and not ends_fit("partOf", "Task", "Method")
