"""What the sentence defines a name as: the common noun that says what kind of thing it is.

"QuxSeg, a dataset of ...", "a new benchmark, ZorbEval", "a benchmark named ZorbEval", "ZorbEval
is a benchmark for ...", "four image datasets CUB-7, Oxford Cats and MIT-9": the name is a
dataset because the noun defining it is one. Where the parse breaks ("the claim verification
benchmarks HoVer and FEVER" with "benchmarks" tagged a verb, "For PGM and RAVEN, two comprehensive
datasets") the plural noun listing the names is read off the words. Used by :mod:`kg.nlp.mentions`
to type a name that its own words do not type (issue 12: benchmarks and environments typed Method
like any name).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from kg.nlp.lexicon import Lexicon
from kg.nlp.span_edges import LIST_OPENERS, LIST_SEPARATORS, NAMING_PARTICIPLES
from kg.nlp.word_pieces import is_named
from kg.text import singular

#: Nouns that make the name they define a dataset, beside the lexicon's dataset heads (the
#: guidelines: "a dataset, benchmark, environment or simulator").
RESOURCE_NOUNS = frozenset(
    {"environment", "simulator", "testbed", "playground", "gym", "arena", "leaderboard", "domain", "game"}
)


#: What opens a list of examples after the noun that lists them: "games such as Chess and Go".
_LIST_OPENERS = LIST_OPENERS | {"such"}
#: What sets an apposition off: "QuxSeg, a dataset", "Sokoban (a planning benchmark)", "BGRL - a method".
_APPOSITION_MARKS = frozenset({",", ":", "(", "-", "\u2013", "\u2014", "--"})


def defining_noun(span: Span) -> Token | None:
    """The common noun the sentence defines a name by: "QuxSeg, a dataset of ...", "a new
    benchmark, ZorbEval", "the benchmark ZorbEval", "a benchmark named ZorbEval", "ZorbEval is a
    benchmark for ...", and the names listed after a plural noun ("four image datasets CUB-7,
    Oxford Cats and MIT-9")."""
    root = span.root
    for child in root.children:
        comma = child.left_edge.i > 0 and span.doc[child.left_edge.i - 1].text in _APPOSITION_MARKS
        if child.dep_ == "appos" and child.i >= span.end and child.pos_ == "NOUN" and comma:
            return _past_abbreviation(child)
    first = root
    while first.dep_ in {"conj", "appos"} and first.head.i < first.i and _listed_name(first.head):
        first = first.head  # a later item of the list, or one the parser hung on an earlier item
    if first.dep_ == "appos" and first.head.i < span.start and _noun_like(first.head):
        return first.head
    if first.dep_ == "pobj" and _gives_examples(first.head) and first.head.head.pos_ == "NOUN":
        noun = first.head.head  # "benchmarks like ImageNet-LT", "environments such as Pong"
        if singular(noun.lower_) in RESOURCE_NOUNS or noun.lemma_.lower() in _EXAMPLE_KINDS:
            return noun
    before = [c for c in first.children if c.dep_ == "compound" and c.pos_ == "NOUN" and c.i < span.start]
    if before:
        return before[-1]  # "the benchmark ZorbEval", "datasets CUB-7, ..."
    verb = root.head
    named = root.dep_ in {"oprd", "dobj", "attr"} and verb.lower_ in NAMING_PARTICIPLES and verb.dep_ == "acl"
    if named and verb.head.pos_ == "NOUN":
        noun = verb.head
        while noun.dep_ == "pobj" and noun.head.dep_ == "prep" and noun.head.head.pos_ == "NOUN":
            noun = noun.head.head  # "a framework for time series forecasting named X": the framework
        return noun
    if root.dep_ == "nsubj" and verb.lemma_ == "be":
        return next((c for c in verb.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    return None


def _past_abbreviation(noun: Token) -> Token:
    """The head noun after an abbreviation the phrase defines on its way: "algorithm" of "FooNet, a
    model-free reinforcement learning (RL) algorithm", which the parser ends at "learning"."""
    doc, k = noun.doc, noun.i + 1
    if k + 3 < len(doc) and doc[k].text == "(" and doc[k + 2].text == ")" and doc[k + 1].is_upper:
        after = doc[k + 3]
        noun_tag = after.tag_ in {"NN", "NNS", "NNP"}
        if after.is_lower and after.is_alpha and noun_tag and after.head in (noun, doc[k + 1]):
            return after
    return noun


#: Nouns whose examples ("datasets such as X", "metrics like Y") are of their kind; not "tasks
#: like SQuAD" nor "models like GPT-3", where a name is a dataset or a method whatever the noun.
_EXAMPLE_KINDS = frozenset({"dataset", "benchmark", "metric", "measure", "corpus"})


def _gives_examples(prep: Token) -> bool:
    """ "like", "including" or "such as": the words that list examples of the noun before them."""
    before = prep.doc[prep.i - 1] if prep.i > 0 else None
    such_as = prep.lower_ == "as" and before is not None and before.lower_ == "such"
    return prep.lower_ in {"like", "including"} or such_as


def _noun_like(token: Token) -> bool:
    """A noun, or a noun the tagger read as an adjective where a noun stands ("a new metric, X")."""
    return token.pos_ == "NOUN" or (token.pos_ == "ADJ" and token.dep_ in {"dobj", "pobj", "nsubj", "attr"})


#: Words introducing the noun a name is the apposition of: "a new evaluation metric for T, X".
_NEW_THING_WORDS = frozenset({"a", "an", "new", "novel"})


def _introduced_kind(noun: Token) -> Token:
    """The noun an apposition defines a name by: the one the parser hung it on, or the new thing
    that noun's phrase is about ("a new evaluation metric for VL grammar induction, CCRA": the
    metric, not the induction)."""
    outer = noun
    while outer.dep_ == "pobj" and outer.head.dep_ == "prep" and _noun_like(outer.head.head):
        outer = outer.head.head
    if outer is not noun and any(c.lower_ in _NEW_THING_WORDS for c in outer.children if c.i < outer.i):
        return outer
    return noun


def resource_name(span: Span) -> bool:
    """A name before a resource noun: "the Mahjong environment", "MuJoCo environments", "the
    VizDoom simulator" (not "RL environments": an abbreviation of a field, nor "a simple environment")."""
    if len(span) < 2 or singular(span[-1].lower_) not in RESOURCE_NOUNS:
        return False
    return any((t.is_title or is_named(t)) and not t.is_upper and not t.is_sent_start for t in span[:-1])


def _listed_name(token: Token) -> bool:
    return token.pos_ == "PROPN" or is_named(token) or token.is_title


def _compound_noun(name: Token) -> Token | None:
    """The plural noun the last name of a list is a compound of ("TED-talk datasets")."""
    head = name
    while head.dep_ == "compound" and head.head.i > head.i:
        head = head.head
    if head is name or head.tag_ != "NNS":
        return None
    return head


def _counted_plural(noun: Token) -> bool:
    """A plural noun with its count ("5 benchmarks", "three datasets"), which a list may follow."""
    return noun.tag_ == "NNS" and noun.is_lower and any(c.dep_ == "nummod" for c in noun.children)


def _opening_bracket(span: Span) -> Token | None:
    """The bracket ``span`` is a whole item of, in a list of three or more: "(MIMIC III/IV, eICU,
    HiRID, AUMCdb)"; not a definition's pair "(Environment Incremental Learning, Environment-IL)"."""
    doc, sent = span.doc, span.sent
    if span.start == 0 or span.end >= len(doc):
        return None
    if doc[span.start - 1].text not in {",", "("} or doc[span.end].text not in {",", ")"}:
        return None
    opening = next((t for t in reversed(doc[sent.start : span.start]) if t.text in {"(", ")"}), None)
    closing = next((t for t in doc[span.end : sent.end] if t.text in {"(", ")"}), None)
    if opening is None or closing is None or opening.text != "(" or closing.text != ")":
        return None
    commas = sum(t.text == "," for t in doc[opening.i : closing.i])
    return opening if commas >= 2 and closing.i - opening.i <= 30 else None


def listing_noun(span: Span) -> Token | None:
    """The plural noun a list of one-word names is set off by, read off the words where the parse
    breaks: "the claim verification benchmarks HoVer and FEVER" ("benchmarks" tagged a verb),
    "For PGM and RAVEN, two comprehensive datasets for ..." (the apposition hung on the comma),
    "on VoxCeleb, Taichi and TED-talk datasets" (the noun is the last name's compound), "across 5
    benchmarks, ProcTHOR, RoboTHOR and AI2-iTHOR" (a counted plural before the list), "ICU datasets
    (MIMIC III/IV, eICU, HiRID, AUMCdb)" (the bracket a plural noun opens for its list)."""
    doc = span.doc
    bracket = _opening_bracket(span)
    if bracket is not None and bracket.i >= 1 and doc[bracket.i - 1].tag_ == "NNS" and doc[bracket.i - 1].is_lower:
        return doc[bracket.i - 1]  # "most open-access ICU datasets (MIMIC III/IV, eICU, HiRID, AUMCdb)"
    start = span.start - 1
    while start >= 1 and doc[start].lower_ in LIST_SEPARATORS:  # back over the names listed before this one
        k = start - 1 - (doc[start - 1].text == "," and doc[start].lower_ in {"and", "or"})  # "A, B, and C"
        if k < 0 or not _listed_name(doc[k]):
            break
        while k >= 2 and doc[k - 1].text == "-" and not doc[k - 1].whitespace_ and not doc[k - 2].whitespace_:
            k -= 2  # "AI2-iTHOR"
        start = k - 1
    while start >= 1 and doc[start].lower_ in _LIST_OPENERS:  # "games (Breakout, Pong)", "games like Hex or Go"
        start -= 1
    if start >= 0 and doc[start].lower_ != singular(doc[start].lower_) and doc[start].is_lower:
        return doc[start]  # "benchmarks HoVer and FEVER"
    if start >= 1 and doc[start].text == "," and _counted_plural(doc[start - 1]):
        return doc[start - 1]  # "across 5 benchmarks, ProcTHOR, ArchitecTHOR and RoboTHOR"
    end = span.end
    while end + 1 < len(doc) and doc[end].lower_ in LIST_SEPARATORS:
        end += doc[end].text == "," and doc[end + 1].lower_ in {"and", "or"}  # "A, B, and C"
        if end + 1 >= len(doc) or not _listed_name(doc[end + 1]):
            break
        end += 2  # on over the names listed after it
        while end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ and not doc[end].whitespace_:
            end += 2  # "Something-Else", "Tiny-ImageNet": one name the tokenizer cut at its hyphens
    if end > span.end and end < len(doc) and doc[end].text != ",":
        after = doc[end]  # "the ACRE, CATER, Something-Else and STAR datasets", parsed "STAR" a conjunct
        return _compound_noun(doc[end - 1]) or (after if after.tag_ == "NNS" and after.is_lower else None)
    if end >= len(doc) or doc[end].text != "," or (end == span.end and start == span.start - 1):
        return None  # a single name's apposition is the parser's ("QuxSeg, a dataset")
    end += 1
    while end < len(doc) and doc[end].pos_ in {"DET", "NUM", "ADJ"}:
        end += 1
    if end < len(doc) and doc[end].tag_ == "NNS":
        return doc[end]  # "PGM and RAVEN, two comprehensive datasets"
    return None


def defined_kind(span: Span, lexicon: Lexicon) -> str | None:
    """What the noun defining a name says it is (:func:`defining_noun`), when it says; else a
    dataset when the noun listing it is a dataset's (:func:`listing_noun`)."""
    noun = defining_noun(span)
    if noun is None:
        listing = listing_noun(span)
        return "Dataset" if listing is not None and _kind_of(listing, lexicon) == "Dataset" else None
    kind = _kind_of(noun, lexicon)
    comma = span.start > 0 and span.doc[span.start - 1].text == ","
    if kind not in {"Dataset", "Metric"} and comma and span.root.dep_ == "appos":
        outer = _introduced_kind(noun)
        if outer is not noun and _kind_of(outer, lexicon) in {"Dataset", "Metric"}:
            return _kind_of(outer, lexicon)
    return kind


def _kind_of(noun: Token, lexicon: Lexicon) -> str | None:
    if singular(noun.lower_) in RESOURCE_NOUNS:
        return "Dataset"
    return lexicon.type_of_word(noun.text, noun.lemma_)


def listed_resource(span: Span, lexicon: Lexicon) -> bool:
    """A capitalized word a resource or dataset noun lists, even an English word said once:
    "MuJoCo domains (Cartpole, Fish, Walker)", "environments like Pong and Freeway"."""
    one = span[0]
    return len(span) == 1 and one.is_title and not one.is_sent_start and defined_kind(span, lexicon) == "Dataset"
