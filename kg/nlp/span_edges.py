"""Where a mention's span starts and ends (:func:`trim`; whole words: :mod:`kg.nlp.word_pieces`).

A noun chunk loses its determiners, pronouns, numbers, hedges and evaluative words at the edges ("a highly efficient
approach" -> "approach"), keeps an adverb that describes the next word ("linearly separable data"), stops before its
sentence's verb, a bracket or "w.r.t.", and never cuts a word in two ("NAS-Bench-101", "non-linearity"). A size or a
rate that says how much goes too ("low communication cost" -> "communication cost", "high-fidelity 3D
reconstruction"), unless it makes a term ("low-rank adaptation", "high-dimensional regression"), and so does a verb
the tagger takes for a noun ("fine-tune BERT") or a name given after the phrase ("X named Y").
"""

from __future__ import annotations

import re
from collections import Counter
from weakref import WeakKeyDictionary

from spacy.tokens import Doc, Span, Token

from kg.nlp.eponyms import eponym_possessive
from kg.nlp.gerunds import DANGLING_ADJECTIVES
from kg.nlp.hyphened import counted_kind, hyphen_after, prefix_term, word_at
from kg.nlp.kind_superlatives import names_kind
from kg.nlp.lexicon import Lexicon, known_types
from kg.nlp.word_pieces import is_named, math_call, whole_words
from kg.text import rare_term, singular

STRIPPABLE_HEADS = frozenset({"method", "technique", "approach", "framework", "paradigm", "strategy", "scheme"})
#: Heads of a role a task or a name plays: "text classification models", "Conceptual Captions dataset".
ROLE_HEADS = frozenset(
    {"model", "task", "dataset", "benchmark", "problem", "setting", "system", "solution", "architecture", "pipeline"}
)
_RIGHT_POS = frozenset({"CCONJ", "SCONJ", "ADP", "DET"})
#: Words between the items of a list: "A, B and C", "A, B, or C".
LIST_SEPARATORS = frozenset({",", "and", "or"})
#: Words that open a list of examples after the noun it lists: "games (Breakout, Pong)", "like", "(such) as".
LIST_OPENERS = frozenset({"(", "like", "including", "as"})
#: Finite verb tags: a name never runs on into its sentence's verb ("PER-ETD converge faster").
_FINITE = frozenset({"VBP", "VBZ", "VBD", "MD"})
#: Verbs the tagger takes for nouns after a name ("the benchmark demonstrate", "SGD converge", "OTTER
#: outperform"): a mention stops before them. Base forms; "shows" is read through singular().
CLAUSE_VERBS = frozenset(
    """demonstrate show outperform outperformed achieve converge suffer simplify require enable yield exhibit
    perform provide fail remain allow lead produce train learn leverage comprise bring resort handle reveal
    indicate suggest underperform correspond build operate extend consist combine excel surpass generalize
    rely attain facilitate eliminate encode utilize utilise employ adopt foster quantify deviate""".split()
)
#: Verbs that never start a term: after "and", "or", "to", a modal, an adverb or a plural subject they are
#: the verb of a clause the tagger read into a noun chunk ("..., and exploit latent representations").
LEADING_VERBS = frozenset(
    """exploit leverage facilitate formulate guarantee utilize utilise enhance expedite mitigate incorporate
    integrate employ ensure alleviate boost achieve demonstrate enable improve obtain accelerate""".split()
)
_NUMBER = re.compile(r"\d[\d.,]*")
#: Magnitudes, units and ordinals written against a number: "100K", "13B", "24GB", "0.85mm", "10x", "1st", "1s".
_UNITS = frozenset("k K M B T KB MB GB TB mm cm km ms s h min px x % USD st nd rd th".split())  # and "1st", "3rd", "1s"
_LEFT_POS = frozenset({"DET", "PRON", "PUNCT", "NUM", "ADV", "CCONJ", "SCONJ", "ADP", "PART", "SYM"})
#: Adverbs a chunk may run on into at its end ("DPSGD-GC only converges"; a hedge too: "our PDF mainly
#: models ..."), never a term's last word.
_TRAILING_ADVERBS = frozenset({"only", "also", "still", "even", "just", "often", "yet", "already", "alone"})
#: Adverbs of degree and hedging, never part of a term ("approximately optimal policy").
_HEDGES = frozenset(
    """approximately nearly almost highly extremely relatively significantly provably arbitrarily
    sufficiently reasonably potentially particularly especially increasingly surprisingly
    remarkably notably commonly widely only fairly truly really newly recently previously
    currently typically usually generally simply purely mostly largely mainly inherently
    naturally equally entirely completely specifically carefully properly efficiently effectively
    explicitly appropriately suitably specially""".split()
)
_ENDING_ADVERBS = _TRAILING_ADVERBS | _HEDGES  # what a span never ends on, formed once, not per chunk
#: Adverbs that make a term with a participle: "fully connected", "weakly supervised", "sparsely
#: activated"; any other adverb before a participle is a description ("specifically pre-trained").
_TERM_ADVERBS = frozenset(
    """fully densely sparsely partially weakly strongly doubly singly linearly locally globally
    jointly independently identically conditionally""".split()
)
#: Words of size that say how much, not what kind: "low communication cost" names the cost.
_MAGNITUDES = frozenset({"low", "high", "large", "small", "huge", "massive"})
#: What "low" and "high" make a term with, hyphenated or not: "low rank", "high-dimensional",
#: "low-resource", "high-order" (and "large-scale": a size word glued to more than a quality).
_SCALES = frozenset(
    "rank dimensional dimension resolution frequency order level resource precision pass bit degree scale".split()
)
#: Qualities a size word rates: "high-quality samples", "low-cost sensors", "high probability bound".
_RATED = frozenset({"quality", "fidelity", "performance", "performing", "cost", "accuracy", "probability"})
#: Rates that describe a bound of two words or more: "linear convergence rate", "optimal sample complexity".
_RATES = frozenset(
    """logarithmic polylogarithmic sublinear superlinear linear quadratic cubic polynomial exponential
    constant optimal""".split()
)
_RATING_STARTS = _MAGNITUDES | _RATES
_NO_NAME_FIRST = frozenset(
    "existing recent previous prior current traditional conventional typical popular various several numerous".split()
)
_BOUNDED = frozenset({"cost", "regret", "complexity", "overhead", "rate"})
#: Hyphenated verbs the tagger takes for a noun before their object: "fine-tune BERT", "pre-train a Transformer".
_VERB_WORDS = frozenset({"fine-tune", "finetune", "pre-train", "pretrain", "re-train", "retrain"})
#: Their gerunds, verbs too before what they train: "fine-tuning language models" (not "fine-tuning data").
_TRAINING = frozenset({"fine-tuning", "finetuning", "pre-training", "pretraining", "training", "re-training"})
_TRAINED = frozenset(
    {"model", "network", "transformer", "llm", "lm", "policy", "encoder", "hypernetwork", "autoencoder", "classifier"}
)
#: Participles of a model's training that say which state of it, not what kind: stripped before a name
#: or a plain "model" ("pre-trained BERT", "the pre-trained model"), kept in "pre-trained language model".
_TRAINED_STATES = frozenset({"pre-trained", "pretrained", "fine-tuned", "finetuned", "frozen"})
_PLAIN_MODELS = frozenset({"model", "models", "network", "networks", "weights", "one", "ones"})
#: Who may get a model or how well it does, not what it is: "open-source LLMs", "a top-performing tokenizer".
_NO_KIND = frozenset(
    {"open-source", "open-sourced", "closed-source", "proprietary"}
    | {"top-performing", "best-performing", "better-performing", "well-performing", "strong-performing"}
)


def _named_or_plain(rest: Span) -> bool:
    """Whether ``rest`` begins with a name ("BERT model", "TP-BERTa") or is a plain "model"."""
    return bool(len(rest)) and (is_named(rest[0]) or (len(rest) == 1 and rest[0].lower_ in _PLAIN_MODELS))


#: Participles that give a name: "a benchmark for segmentation named X" ends before "named".
NAMING_PARTICIPLES = frozenset({"named", "called", "dubbed", "termed", "coined"})
#: Latin and connective abbreviations that end a noun phrase ("w.r.t.", "i.e.", "vs.").
_LATIN = frozenset({"w.r.t", "wrt", "i.e", "e.g", "etc", "vs", "cf", "viz", "resp", "a.k.a", "aka", "abbr", "abbrev"})


def _keeps_case(token: Token) -> bool:
    # A capitalized word in a name is part of it ("Simple Policy Optimization"; not "Existing Safe RL", "Accurate 3D")
    nxt = token.nbor(1) if token.i + 1 < len(token.doc) else None
    name_first = nxt is not None and nxt.is_title and nxt.text[:1].isalpha() and token.lower_ not in _NO_NAME_FIRST
    return token.is_title and (not token.is_sent_start or name_first)


def quantity(doc: Doc, i: int) -> int:
    """How many tokens from ``i`` write an amount, not a name: 2 for "100K", "13B", "24GB" (the
    tokenizer splits number and unit), 1 for "100", 0 for "2D" or "1F1B" (names)."""
    token, text = doc[i], doc[i].text
    if not _NUMBER.fullmatch(text):
        number = _NUMBER.match(text)
        return int(number is not None and text[number.end() :] in _UNITS)
    if token.whitespace_ or i + 1 == len(doc):
        return 1
    return 2 if doc[i + 1].text in _UNITS else 0


def _rates_amount(span: Span) -> int:
    """How many tokens at the start of ``span`` rate an amount or a result rather than name a kind
    of thing: 1 for "low" of "low communication cost", "large" of "large datasets" and
    "logarithmic" of "logarithmic communication cost"; 3 for "high-fidelity"; 0 for "low-rank
    adaptation", "high-dimensional regression", "linear regression", "large-scale training",
    "Large Language Models" (a name), or a known name ("large language model").
    """
    if len(span) < 2 or (span[0].text != "-" and span[0].lower_ not in _RATING_STARTS):  # the cheap test first
        return 0
    word = word_at(span.doc, span.start)
    pieces = [t.lower_ for t in word if t.text != "-"]
    rest = span[len(word) :]
    if not len(rest) or not pieces or pieces[0] not in _RATING_STARTS or _keeps_case(span[0]) or _known(span):
        return 0
    if len(pieces) == 2 and pieces[0] in _MAGNITUDES and pieces[1] in _RATED:
        return len(word)  # "high-fidelity", "low-cost"
    if len(word) > 1:
        return 0
    if pieces[0] in _MAGNITUDES and rest[0].lower_ in _RATED and len(rest) >= 2:
        return 2  # "high quality semantic segmentation", "with high probability bounds"
    if pieces[0] in _MAGNITUDES:
        return int(rest[0].lower_ not in _SCALES)
    return int(len(rest) >= 2 and singular(rest[-1].lower_) in _BOUNDED)


def _known(span: Span) -> bool:
    """Whether ``span`` (its last word in the singular) is a name of the gazetteer."""
    words = span.text.lower()
    last = span[-1].lower_
    return words in known_types() or words[: len(words) - len(last)] + singular(last) in known_types()


#: Adjectives of size the tagger reads as adverbs before a hyphen ("long-tailed", "short-lived"), and
#: hyphened modifiers of the lexicon's that say what kind of task too ("fine-grained recognition").
_DIMENSIONS, _HYPHENED_KINDS = frozenset({"long", "short"}), frozenset({"fine-grained", "ad-hoc"})


def _strippable(token: Token, lexicon: Lexicon, last: bool, before_last: bool = False) -> bool:
    if not token.text[0].isalnum() or not any(c.isalpha() for c in token.text):
        return True
    if token.pos_ == "ADV" and token.lower_.endswith("ly") and _describes_next(token, lexicon):
        return False  # "linearly separable data", "fully connected layer", "geodesically convex"
    if hyphen_after(token) and (whole := word_at(token.doc, token.i).text.lower()) not in _HYPHENED_KINDS:
        if whole in lexicon.stop_modifiers:
            return True  # one hyphened word that rates: "long-standing", "moderate-sized", "small-scale"
        if token.lower_ in _DIMENSIONS:
            return False  # the tagger reads "long" of "long-tailed recognition" as an adverb
    if token.lower_ in NAMING_PARTICIPLES and not last:  # "termed AdaFormer"; not "named entity recognition"
        return token.lower_ != "named" or is_named(token.nbor(1))
    if token.pos_ in {"ADV", "ADP"} and prefix_term(token, lexicon):
        return False  # "over-smoothing", "off-policy", "down-sampling": a prefix of the term's word
    if token.pos_ in _LEFT_POS:
        return True
    if token.lower_ in lexicon.stop_modifiers:
        return not _keeps_case(token)
    if token.tag_ in {"JJR", "JJS", "RBR", "RBS"}:  # "higher accuracy", "best results"
        return not names_kind(token)
    if token.pos_ == "VERB" and token.tag_ == "VBN" and _gerund_next(token):
        return False  # "federated learning", "supervised learning", "distributed training"
    if token.tag_ == "VBN" and before_last and token.nbor(1).pos_ in {"NOUN", "PROPN"} and not _done(token):
        return False  # "federated optimization", "certified robustness", "induced subgraph"
    if not last and token.lower_ in lexicon.term_participles:
        return False  # "masked image modeling", "projected gradient descent", "quantized neural networks"
    if token.tag_ == "VBG" and not last and _gerund_term(token, lexicon):
        return False  # "the denoising objective", "a relabelling scheme", "normalizing flows"
    return token.pos_ == "VERB" and token.tag_ in {"VBG", "VBN"} and not last


def _gerund_term(token: Token, lexicon: Lexicon) -> bool:
    """Whether the gerund ``token``, a rare word or one of the field's ("missing data"), modifies the noun
    after it as part of a term ("denoising objective"), not a verb taking it as object after a
    preposition ("by resampling fragments") or a common participle ("growing body")."""
    prev = token.doc[token.i - 1] if token.i > 0 else None
    return (
        (rare_term(token.lower_) or token.lower_ in lexicon.term_gerunds)
        and token.dep_ in {"amod", "compound"}
        and token.head.i > token.i
        and token.nbor(1).pos_ in {"NOUN", "PROPN"}
        and not any(c.dep_ == "dobj" for c in token.children)
        and (prev is None or prev.pos_ not in {"ADP", "SCONJ", "PART"})
    )


def _done(token: Token) -> bool:
    """Whether the abstract of the participle ``token`` also uses its verb as a verb: "the learned
    representation" of "we learn representations" says what was done, "federated" names a kind."""
    if (verbs := _verbs.get(doc := token.doc)) is None:  # the Doc's verbs, read once per Doc
        verbs = _verbs[doc] = Counter(t.lemma_.lower() for t in doc if t.pos_ == "VERB" and t.dep_ != "amod")
    own = token.pos_ == "VERB" and token.dep_ != "amod"  # the participle itself does not count
    return verbs[token.lemma_.lower()] > own


_verbs: WeakKeyDictionary[Doc, Counter[str]] = WeakKeyDictionary()


def _describes_next(token: Token, lexicon: Lexicon) -> bool:
    """Whether the adverb ``token`` modifies the adjective or participle right after it, itself
    part of a term (not an evaluative word: "highly efficient" goes whole)."""
    nxt = token.nbor(1) if token.i + 1 < len(token.doc) else None
    return (
        nxt is not None
        and token.lower_ not in _HEDGES
        and (nxt.tag_ == "JJ" or (nxt.tag_ == "VBN" and token.lower_ in _TERM_ADVERBS))
        and nxt.lower_ not in lexicon.stop_modifiers
        and token.i + 2 < len(token.doc)
        and token.doc[token.i + 2].pos_ in {"NOUN", "PROPN", "ADJ"}
    )


def _gerund_next(token: Token) -> bool:
    """Whether a gerund heads the phrase after ``token`` ("federated learning (framework)"), not
    a compound ("given training set")."""
    doc = token.doc
    if token.i + 1 >= len(doc) or doc[token.i + 1].pos_ != "NOUN" or not doc[token.i + 1].lower_.endswith("ing"):
        return False
    after = doc[token.i + 2] if token.i + 2 < len(doc) else None
    return after is None or after.pos_ not in {"NOUN", "PROPN"} or after.lemma_.lower() in ROLE_HEADS | STRIPPABLE_HEADS


def trim(span: Span, lexicon: Lexicon) -> Span:
    """Strip determiners, pronouns, numbers and evaluative words from a chunk's edges.

    A hyphenated modifier goes as a whole ("real-world datasets" -> "datasets"), and so does
    everything up to a possessive ("TRPO's approach" -> "approach"); a chunk that runs on into
    its sentence's verb stops before it ("SGD converge" -> "SGD").
    """
    doc = span.doc
    start, end = span.start, span.end
    for k in range(span.start, span.end):
        token = doc[k]
        text, lower = token.text, token.lower_
        if k == start and _opens_aside(doc, k, span.end):
            start = k + 1  # "(i.e., realizability": the aside's opening, not the end of the term
            continue
        if text in {"(", "[", ":", ";", "—", "–"} or token.like_url or lower.rstrip(".") in _LATIN or math_call(text):
            end = k  # "linear speedup w.r.t. the number of workers" -> "linear speedup"; "complexity O(SABH)"
            break
        cut = text in {"'s", "’s", "'", ",", "i.e.", "e.g."} or token.tag_ == "POS"
        cut |= text == "-" and k > start and bool(token.whitespace_ and doc[k - 1].whitespace_)  # "metrics - L2 norm"
        if cut and not eponym_possessive(doc, k, end):  # not "Newton's method", "Bayes' rule"
            start = k + 1
        if k - 2 > start and lower == "based" and based_suffix(doc, k):
            start = _word_start(doc, k - 2, start)  # "the single gradient-based method" -> "gradient-based method"
        finite = token.tag_ in _FINITE and token.dep_ != "amod"  # not "novel" read as a verb before its noun
        finite &= k == 0 or doc[k - 1].lower_ not in DANGLING_ADJECTIVES  # "neural architectures" as a verb
        clause_verb = finite or (singular(lower) in CLAUSE_VERBS and not hyphen_after(token))
        clause_verb |= len(lower) > 6 and lower.endswith(("ifies", "izes"))  # "PLPD quantifies": no noun ("sizes")
        clause_verb |= lower == "speeds" and k + 1 < len(doc) and doc[k + 1].lower_ == "up"  # "X speeds up Y"
        if k > start and ((text.islower() and clause_verb) or token.tag_ == "PRP$"):  # not "build-up"
            end = k  # the verb: "self-play suffer convergence"; a pronoun: "WMT16 Romanian-English our model"
            break
        if (
            k > start
            and lower in NAMING_PARTICIPLES
            and doc[k - 1].whitespace_
            and k + 1 < span.end
            and (doc[k + 1].is_upper or doc[k + 1].is_title or is_named(doc[k + 1]))
        ):
            end = k  # "medical segmentation named X": the name is a mention of its own (not "nested named entity")
            break
    rated = False
    while start < end:
        if start + 1 < end and _clause_verb_first(doc, start):
            start += 1  # "and leverage instruction-tuned models" -> "instruction-tuned models"
            continue
        if counted_kind(doc, start):
            break  # "few-shot classification", "two-sample test", "zero-shot learning": the count makes the kind
        amount = quantity(doc, start)  # "100K natural language feedback", "13B-parameter LLM"
        word = word_at(doc, start)
        rest = doc[start + len(word) : end]
        trained = word.text.lower() in _TRAINING and (
            singular(doc[end - 1].lower_) in _TRAINED or _named_or_plain(rest)
        )
        if word.text.lower() in _VERB_WORDS or (trained and end - start > len(word)):
            amount = len(word)  # "fine-tune BERT", "fine-tuning language models", "fine-tuning GPT2"
        if word.text.lower() in _TRAINED_STATES and _named_or_plain(rest):
            amount = len(word)  # "pre-trained TP-BERTa", "a pretrained ResNet", "pre-trained model": what it is
        if word.text.lower() in _NO_KIND and len(rest):
            amount = len(word)  # "open-source LLMs": LLMs
        if not amount and (amount := _rates_amount(doc[start:end])):
            rated = True  # "large pretrained language models": what is rated keeps its participle
        elif rated and doc[start].tag_ in {"VBN", "VBG"}:
            break
        if not amount and not _strippable(doc[start], lexicon, start == end - 1, start == end - 2):
            break
        start += max(1, amount)
        while start + 1 < end and doc[start].text == "-" and doc[start - 1].whitespace_ == "":
            start += 2
    while end > start and (
        not (last := doc[end - 1]).text[0].isalnum()
        or last.text in {"'s", "’s"}
        or last.pos_ in _RIGHT_POS
        or (last.tag_ == "RB" and last.lower_ in _ENDING_ADVERBS and doc[end - 2].whitespace_)
    ):
        end -= 1  # "AE-SAM and", "DPSGD-GC only": a span never ends on a conjunction, preposition or hedge
    if end - start >= 3 and based_suffix(doc, end - 1):
        end = start  # "DFBT-based" of "DFBT-based approach": a modifier, not a term
    if rated and end - start == 1 and not (is_named(doc[start]) or _keeps_case(doc[start])):
        return doc[start:start]  # "high rewards", "large datasets": an amount of a common thing
    return whole_words(doc[start:end])


def _clause_verb_first(doc: Doc, i: int) -> bool:
    """Whether token ``i``, a chunk's first, is the verb of its clause ("and facilitate X", "to formulate
    X", "translators guarantee correctness"), not a word of the term ("via leverage score sampling")."""
    if i == 0 or doc[i].text not in LEADING_VERBS:
        return False
    prev = doc[i - 1]
    return (
        prev.lower_ in {"and", "or", "to", ","}
        or prev.tag_ in {"MD", "NNS", "PRP"}
        or (prev.pos_ == "ADV" and prev.lower_.endswith("ly"))
    )


def based_suffix(doc: Doc, i: int) -> bool:
    """Whether token ``i`` is the "based" of "X-based" ("gradient-based method", "DFBT-based")."""
    return i > 0 and doc[i].lower_ == "based" and doc[i - 1].text == "-"


def _word_start(doc: Doc, i: int, floor: int) -> int:
    """The first token of the word written without spaces that token ``i`` ends ("convex-optimization"
    of "convex-optimization-based"), not before ``floor``."""
    while i > floor and not doc[i - 1].whitespace_:
        i -= 1
    return i


def _opens_aside(doc: Doc, k: int, end: int) -> bool:
    """Whether token ``k`` opens an aside a chunk starts with: "i.e.", "e.g." or a bracket just before
    one ("(i.e., realizability in the class)"); the term after it is the chunk's."""
    latin = doc[k].lower_.rstrip(".") in _LATIN
    if not (latin or (doc[k].text in {"(", "["} and k + 1 < end and doc[k + 1].lower_.rstrip(".") in _LATIN)):
        return False
    return not any(t.text == ")" for t in doc[k:end])  # not "aka saliency) maps": the aside closes inside


#: Adjective endings that no English verb has: a word in these the tagger reads as a verb before a
#: noun is an adjective ("applied to lossless compression", "an approach to generative modeling").
_ADJECTIVE_ENDINGS = ("less", "ous", "ful", "ical", "tive", "ary")


def misread_adjective(doc: Doc, start: int, lexicon: Lexicon) -> bool:
    """Whether the word before a noun chunk starting at ``start`` is an adjective of the chunk's term the
    tagger read as a verb: "lossless" in "applied to lossless compression", "masked" in "apply masked X"."""
    if start == 0:
        return False
    word = doc[start - 1]
    ending = word.lower_.endswith(_ADJECTIVE_ENDINGS) or word.lower_ in lexicon.term_participles
    return word.tag_.startswith("VB") and word.is_lower and ending


def titled_name(span: Span) -> bool:
    """A name in title case with its head ("Open Graph Benchmark", "DeepMind Control Suite"), not a
    name before a head ("the GLUE benchmark", "the MuJoCo Benchmark", "Atari games")."""
    words = [t for t in span if t.is_alpha or t.like_num]
    cased = all(t.is_title or t.like_num or (k == 0 and is_named(t)) for k, t in enumerate(words))
    return len(words) >= 3 and cased and not words[0].is_sent_start
