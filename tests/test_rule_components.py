"""The rule components on hand-built Docs: parses written out token by token, no trained model.

Each table row is one token: text, coarse POS, fine tag, dependency label, head (token index,
a root points to itself), lemma. They are what the English model gives for these sentences.
"""

from __future__ import annotations

import pytest
import spacy
from relation_sentences import stated
from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span

from kg.nlp.abbreviations import AbbreviationDetector, definitions
from kg.nlp.extract import extract
from kg.nlp.lexicon import load_lexicon
from kg.nlp.mentions import SPANS_KEY, find_mentions
from kg.nlp.pipeline import COMPONENTS
from kg.nlp.proposals import PROPOSED_KEY, find_proposals
from kg.nlp.relations import find_relations

VOCAB = spacy.blank("en").vocab
_NO_SPACE_BEFORE = frozenset({".", ",", ")", ";", ":"})


def parsed(table: str) -> Doc:
    """A parsed Doc from one row a token (see the module's docstring). A token is followed by a
    space unless it opens a parenthesis or the next one is closing punctuation."""
    rows = [line.split() for line in table.strip().splitlines()]
    assert all(len(row) == 6 for row in rows), [row for row in rows if len(row) != 6]
    words = [row[0] for row in rows]
    spaces = [
        k + 1 < len(words) and words[k] != "(" and words[k + 1] not in _NO_SPACE_BEFORE for k in range(len(words))
    ]
    pos, tags, deps, heads, lemmas = ([row[i] for row in rows] for i in range(1, 6))
    return Doc(
        VOCAB, words=words, spaces=spaces, pos=pos, tags=tags, deps=deps, heads=[int(h) for h in heads], lemmas=lemmas
    )


def span(doc: Doc, text: str, label: str = "", nth: int = 0) -> Span:
    """The ``nth`` occurrence of ``text`` in ``doc`` as a span."""
    start = -1
    for _ in range(nth + 1):
        start = doc.text.index(text, start + 1)
    found = doc.char_span(start, start + len(text), label=label)
    assert found is not None, text
    return found


def texts(doc: Doc, relations) -> set[tuple[str, str, str]]:
    return {(r.head(doc).text, r.label, r.tail(doc).text) for r in relations}


OUTPERFORMS = """
FooNet       PROPN NNP nsubj 1 FooNet
outperforms  VERB  VBZ ROOT  1 outperform
ResNet       PROPN NNP dobj  1 ResNet
on           ADP   IN  prep  1 on
ImageNet     PROPN NNP pobj  3 ImageNet
.            PUNCT .   punct 1 .
"""

PRONOUN = """
We          PRON  PRP nsubj    1 we
propose     VERB  VBP ROOT     1 propose
FooNet      PROPN NNP dobj     1 FooNet
.           PUNCT .   punct    1 .
It          PRON  PRP nsubj    5 it
uses        VERB  VBZ ROOT     5 use
BERT        PROPN NNP dobj     5 BERT
for         ADP   IN  prep     5 for
question    NOUN  NN  compound 9 question
answering   NOUN  NN  pobj     7 answering
.           PUNCT .   punct    5 .
"""

APPOSITION = """
We            PRON  PRP nsubj    1 we
propose       VERB  VBP ROOT     1 propose
FooNet        PROPN NNP dobj     1 FooNet
,             PUNCT ,   punct    2 ,
a             DET   DT  det      6 a
graph         NOUN  NN  compound 6 graph
network       NOUN  NN  appos    2 network
for           ADP   IN  prep     6 for
image         NOUN  NN  compound 9 image
segmentation  NOUN  NN  pobj     7 segmentation
.             PUNCT .   punct    1 .
"""

SUCH_AS = """
Policy    NOUN  NN  nmod  2 policy
gradient  ADJ   JJ  amod  2 gradient
methods   NOUN  NNS nsubj 6 method
such      ADJ   JJ  amod  4 such
as        ADP   IN  prep  2 as
PPO       PROPN NNP pobj  4 PPO
are       AUX   VBP ROOT  6 be
popular   ADJ   JJ  acomp 6 popular
.         PUNCT .   punct 6 .
"""

EXPERIMENTS = """
We           PRON  PRP nsubj 1 we
propose      VERB  VBP ROOT  1 propose
FooNet       PROPN NNP dobj  1 FooNet
.            PUNCT .   punct 1 .
Experiments  NOUN  NNS nsubj 7 experiment
on           ADP   IN  prep  4 on
CIFAR-10     PROPN NNP pobj  5 CIFAR-10
show         VERB  VBP ROOT  7 show
large        ADJ   JJ  amod  9 large
gains        NOUN  NNS dobj  7 gain
.            PUNCT .   punct 7 .
"""

IN_TERMS_OF = """
We        PRON  PRP nsubj 1 we
evaluate  VERB  VBP ROOT  1 evaluate
FooNet    PROPN NNP dobj  1 FooNet
in        ADP   IN  prep  1 in
terms     NOUN  NNS pobj  3 term
of        ADP   IN  prep  4 of
accuracy  NOUN  NN  pobj  5 accuracy
.         PUNCT .   punct 1 .
"""


@pytest.mark.parametrize(
    ("table", "mentions", "proposed", "expected"),
    [
        pytest.param(
            OUTPERFORMS,
            [("FooNet", "Method"), ("ResNet", "Method"), ("ImageNet", "Dataset")],
            [],
            {("FooNet", "improvesOn", "ResNet"), ("FooNet", "evaluatedOn", "ImageNet")},
            id="X outperforms Y on D",
        ),
        pytest.param(
            OUTPERFORMS,
            [("FooNet", "Method"), ("ResNet", "Dataset"), ("ImageNet", "Dataset")],
            [],
            {("FooNet", "evaluatedOn", "ImageNet")},
            id="only a method or concept is improved on",
        ),
        pytest.param(
            PRONOUN,
            [("FooNet", "Method"), ("BERT", "Method"), ("question answering", "Task")],
            ["FooNet"],
            {("FooNet", "uses", "BERT"), ("FooNet", "addresses", "question answering")},
            id="'it' is the paper's contribution",
        ),
        pytest.param(
            PRONOUN,
            [("FooNet", "Method"), ("BERT", "Method"), ("question answering", "Task")],
            [],
            set(),
            id="'it' is nothing without a contribution",
        ),
        pytest.param(
            APPOSITION,
            [("FooNet", "Method"), ("graph network", "Method"), ("image segmentation", "Task")],
            ["FooNet"],
            {
                ("FooNet", "isA", "graph network"),
                ("FooNet", "addresses", "image segmentation"),
            },
            id="X, a Y for task T: X addresses T, not the kind Y",
        ),
        pytest.param(
            SUCH_AS,
            [("Policy gradient methods", "Method"), ("PPO", "Method")],
            [],
            {("PPO", "isA", "Policy gradient methods")},
            id="Y such as X",
        ),
        pytest.param(
            EXPERIMENTS,
            [("FooNet", "Method"), ("CIFAR-10", "Dataset"), ("large gains", "Concept")],
            ["FooNet"],
            {("FooNet", "evaluatedOn", "CIFAR-10")},
            id="experiments on D",
        ),
        pytest.param(
            IN_TERMS_OF,
            [("FooNet", "Method"), ("accuracy", "Metric")],
            [],
            {("FooNet", "measuredBy", "accuracy")},
            id="evaluate X in terms of M",
        ),
    ],
)
def test_relations_stated_by_the_parse(table: str, mentions, proposed, expected):
    doc = parsed(table)
    doc.spans[SPANS_KEY] = [span(doc, text, label) for text, label in mentions]
    doc.spans[PROPOSED_KEY] = [span(doc, text, "Method") for text in proposed]
    relations = find_relations(doc)
    assert texts(doc, relations) == expected
    assert all(r.sentence == doc[r.tail_start].sent.start for r in relations)  # the sentence that says it


def test_relations_need_mentions():
    assert find_relations(parsed(OUTPERFORMS)) == []


def _sentences(words: list[str], starts: list[int]) -> Doc:
    """An unparsed Doc whose sentences begin at ``starts``."""
    spaces = [
        k + 1 < len(words) and words[k] != "(" and words[k + 1] not in _NO_SPACE_BEFORE for k in range(len(words))
    ]
    return Doc(VOCAB, words=words, spaces=spaces, sent_starts=[k in starts for k in range(len(words))])


def test_abbreviations_component_keeps_definitions_through_serialization():
    doc = _sentences("It works . Proximal Policy Optimization ( PPO ) is stable .".split(), [0, 3])
    assert doc.text == "It works. Proximal Policy Optimization (PPO) is stable."
    assert definitions(doc) == []
    AbbreviationDetector()(doc)
    pairs = [(short.text, long.text) for short, long in definitions(doc)]
    assert pairs == [("PPO", "Proximal Policy Optimization")]
    stored = DocBin(docs=[doc]).to_bytes()  # as docs cross processes in nlp.pipe(n_process=...)
    (back,) = DocBin().from_bytes(stored).get_docs(VOCAB)
    assert [(short.text, long.text) for short, long in definitions(back)] == pairs


def test_abbreviations_long_form_stays_in_its_sentence():
    doc = _sentences("Proximal Policy . Optimization ( PO ) helps .".split(), [0, 3])
    AbbreviationDetector()(doc)
    assert [(short.text, long.text) for short, long in definitions(doc)] == []


PROPOSAL = """
In            ADP   IN  prep     5 in
this          DET   DT  det      2 this
paper         NOUN  NN  pobj     0 paper
,             PUNCT ,   punct    5 ,
we            PRON  PRP nsubj    5 we
propose       VERB  VBP ROOT     5 propose
LaCache       PROPN NNP dobj     5 LaCache
for           ADP   IN  prep     5 for
image         NOUN  NN  compound 9 image
segmentation  NOUN  NN  pobj     7 segmentation
on            ADP   IN  prep     9 on
CIFAR-10      PROPN NNP pobj     10 CIFAR-10
.             PUNCT .   punct    5 .
"""

THEY_PROPOSE = """
They     PRON  PRP nsubj 1 they
propose  VERB  VBP ROOT  1 propose
FooNet   PROPN NNP dobj  1 FooNet
.        PUNCT .   punct 1 .
"""

NAMED_BEFORE = """
FooNet   PROPN NNP nsubj 1 FooNet
is       AUX   VBZ ROOT  1 be
popular  ADJ   JJ  acomp 1 popular
.        PUNCT .   punct 1 .
We       PRON  PRP nsubj 5 we
propose  VERB  VBP ROOT  5 propose
FooNet   PROPN NNP dobj  5 FooNet
.        PUNCT .   punct 5 .
"""

LISTED_AFTER_A_COMMA = """
We           PRON  PRP nsubj    1 we
propose      VERB  VBP ROOT     1 propose
a            DET   DT  det      4 a
co-training  ADJ   JJ  amod     4 co-training
scheme       NOUN  NN  dobj     1 scheme
,            PUNCT ,   punct    1 ,
RGB          PROPN NNP compound 7 RGB
streams      NOUN  NNS dep      1 stream
and          CCONJ CC  cc       7 and
optical      ADJ   JJ  amod     10 optical
flow         NOUN  NN  conj     7 flow
.            PUNCT .   punct    1 .
"""

NAMES_AFTER_A_COMMA = """
We          PRON  PRP nsubj    1 we
design      VERB  VBP ROOT     1 design
two         NUM   CD  nummod   3 two
algorithms  NOUN  NNS dobj     1 algorithm
,           PUNCT ,   punct    1 ,
FooA        PROPN NNP npadvmod 1 FooA
and         CCONJ CC  cc       5 and
FooB        PROPN NNP conj     5 FooB
.           PUNCT .   punct    1 .
"""


@pytest.mark.parametrize(
    ("table", "mentions", "proposed"),
    [
        pytest.param(
            PROPOSAL,
            ["LaCache", "image segmentation", "CIFAR-10"],
            ["LaCache"],
            id="we propose X",
        ),
        pytest.param(
            APPOSITION,
            ["FooNet", "graph network", "image segmentation"],
            ["FooNet"],
            id="the name wins over its kind",
        ),
        pytest.param(THEY_PROPOSE, ["FooNet"], [], id="others propose X"),
        pytest.param(
            LISTED_AFTER_A_COMMA,
            ["co-training scheme", "RGB streams", "optical flow"],
            ["co-training scheme"],
            id="a list after the comma names no proposal",
        ),
        pytest.param(
            NAMES_AFTER_A_COMMA,
            ["algorithms", "FooA", "FooB"],
            ["FooA", "FooB"],
            id="a list of names after the comma names the proposals",
        ),
        pytest.param(NAMED_BEFORE, ["FooNet"], [], id="X was named before"),
    ],
)
def test_proposals_told_from_mentions(table: str, mentions: list[str], proposed: list[str]):
    doc = parsed(table)
    doc.spans[SPANS_KEY] = [
        span(doc, text, "Method", nth=k) for text in dict.fromkeys(mentions) for k in range(doc.text.count(text))
    ]
    assert [s.text for s in find_proposals(doc, load_lexicon())] == proposed


def test_mentions_name_methods_tasks_and_datasets_but_not_the_paper():
    doc = parsed(PROPOSAL)
    found = {(s.text, s.label_) for s in find_mentions(doc, load_lexicon(), known={"cifar-10": "Dataset"})}
    assert found == {("LaCache", "Method"), ("image segmentation", "Task"), ("CIFAR-10", "Dataset")}


JUNK = """
Extensive    ADJ   JJ  amod  1 extensive
experiments  NOUN  NNS nsubj 2 experiment
confirm      VERB  VBP ROOT  2 confirm
it           PRON  PRP dobj  2 it
in           ADP   IN  prep  2 in
this         DET   DT  det   6 this
paper        NOUN  NN  pobj  4 paper
.            PUNCT .   punct 2 .
"""


def test_mentions_leave_out_junk():
    assert find_mentions(parsed(JUNK), load_lexicon()) == []


CHAIN = """
We            PRON  PRP   nsubj    1  we
propose       VERB  VBP   ROOT     1  propose
Simple        PROPN NNP   compound 4  Simple
Policy        PROPN NNP   compound 4  Policy
Optimization  PROPN NNP   dobj     1  Optimization
(             PUNCT -LRB- punct    4  (
SPO           PROPN NNP   appos    4  SPO
)             PUNCT -RRB- punct    4  )
,             PUNCT ,     punct    4  ,
a             DET   DT    det      11 a
novel         ADJ   JJ    amod     11 novel
algorithm     NOUN  NN    appos    4  algorithm
.             PUNCT .     punct    1  .
SPO           PROPN NNP   nsubj    14 SPO
outperforms   VERB  VBZ   ROOT     14 outperform
PPO           PROPN NNP   dobj     14 PPO
on            ADP   IN    prep     14 on
MuJoCo        PROPN NNP   pobj     16 MuJoCo
.             PUNCT .     punct    14 .
"""


@pytest.fixture(scope="module")
def rules() -> Language:
    """kg's rule components, in pipeline order, on a blank English pipeline: no trained model."""
    nlp = spacy.blank("en", vocab=VOCAB)
    for name in COMPONENTS:
        nlp.add_pipe(name)
    return nlp


def test_rule_components_in_pipeline_order_give_the_extraction(rules: Language):
    doc = parsed(CHAIN)
    assert doc.text == "We propose Simple Policy Optimization (SPO), a novel algorithm. SPO outperforms PPO on MuJoCo."
    for _name, component in rules.pipeline:
        doc = component(doc)
    found = extract(doc)
    assert found.definitions == [("SPO", "Simple Policy Optimization")]
    names = {(m.text, m.label) for m in found.mentions}
    assert {
        ("Simple Policy Optimization", "Method"),
        ("SPO", "Method"),
        ("PPO", "Method"),
        ("MuJoCo", "Dataset"),
    } <= names
    assert {found.mentions[i].text for i in found.proposed} == {"SPO"}
    assert stated(found) == {("SPO", "improvesOn", "PPO"), ("SPO", "evaluatedOn", "MuJoCo")}
    assert {r.sentence for r in found.relations} == {"SPO outperforms PPO on MuJoCo."}
