"""Find mentions of methods, tasks, datasets, metrics and concepts: ``doc.spans["kg_mentions"]``.

Candidates come from noun chunks (trimmed of determiners and evaluative words by :mod:`kg.nlp.span_edges`),
abbreviation definitions, named terms ("LaCache", "CIFAR-10", "SAE-V") and a gazetteer of well-known names;
spans may nest ("KV cache" in "KV cache optimization"). A candidate is kept only when it names something.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from spacy.attrs import LOWER, POS
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.symbols import NOUN, PROPN
from spacy.tokens import Doc, Span, Token

from kg.nlp.abbreviations import defined_inside, definitions, without_qualifiers
from kg.nlp.bounds import with_bounds
from kg.nlp.defining import defined_kind, listed_resource, resource_name
from kg.nlp.ellipsis import elided
from kg.nlp.gerunds import gerund_after, noun_after, rare_gerund
from kg.nlp.hyphened import hanging_coordinations, mapping_before_noun, modifier_word, prefix_term
from kg.nlp.kind_superlatives import superlative_start, with_superlative
from kg.nlp.lexicon import Lexicon, known_types, load_gazetteer, load_lexicon, word_not_name
from kg.nlp.listed_tasks import listed_task
from kg.nlp.name_runs import listed_names, named_runs, with_name_runs
from kg.nlp.of_terms import with_of_terms
from kg.nlp.persons import cited_author, eponym_before_head, names_before_head
from kg.nlp.span_edges import (
    NAMING_PARTICIPLES,
    ROLE_HEADS,
    STRIPPABLE_HEADS,
    based_suffix,
    misread_adjective,
    quantity,
    titled_name,
    trim,
)
from kg.nlp.variants import DATASET_HEADS, coordination_variants, slash_variants
from kg.nlp.versions import ends_named, with_versions
from kg.nlp.word_pieces import is_named, math_call, whole_words, word_cut
from kg.text import english_zipf, rare_term, singular

SPANS_KEY = "kg_mentions"


def _name_piece(token: Token) -> bool:
    """A name written against the next word piece: "TransNAS" in "TransNAS-Bench-101"."""
    return is_named(token) and not token.whitespace_


def is_acronym(token: Token) -> bool:
    core = token.text[:-1] if token.text.endswith("s") else token.text
    return len(core) >= 2 and core.isupper() and core.isalpha()


def head_type(span: Span, lexicon: Lexicon) -> str | None:
    return lexicon.type_of_word(span[-1].text, span[-1].lemma_)


def keep(span: Span, lexicon: Lexicon, counts: Counter[str], repeats: int = 2) -> bool:
    """Whether a trimmed candidate names something worth a node.

    A single common noun must occur ``repeats`` times in the abstract (``counts``), or be a
    metric (or a task twice), or be a word rare in English at large ("overfitting", "memristor"):
    a term of the field.
    """
    surface = span.text
    if not len(span) or not any(c.isalpha() for c in surface):
        return False
    text = surface.lower()
    if text in lexicon.junk or len(surface) < 2:
        return False
    tokens = list(span)
    if any(t.like_url or math_call(t.text) for t in tokens) or quantity(span.doc, span.start) == len(span):
        return False  # a link, a bound written as text ("O(SABH"), an amount ("24GB")
    if span.root.lemma_.lower() == "margin" and span.root.head.lower_ in {"by", "with"}:
        return False  # "outperforms X by a large margin": how much, no metric
    if len(span) == 1 and _CAPITALS_SHOWN.fullmatch(surface) and english_zipf(surface.lower()) >= 3.7:
        return False  # "GRAph" of "PROtotype GRAph Model (PROGRAM)": capitals that spell a name, no word alone
    if given_name(span):
        return True  # "an algorithm named Fish", "features that we call Super-features"
    if span[-1].text.endswith("-") and len(span[-1]) > 1:
        return False  # "Continual one-" of "Continual one- and two-block architectures"
    if modifier_word(span) or mapping_before_noun(span):
        return False  # "nonconvex", "out-of-distribution", "off-policy", "text-to-image" models: name nothing
    if listed_resource(span, lexicon):
        return True  # "MuJoCo domains (Cartpole, Fish, Walker)", "environments like Pong and Freeway"
    if any(t.pos_ == "CCONJ" for t in tokens[1:-1]) and len(coordination_variants(surface)) < 2:
        return False
    nouns = [t for t in span[:-1] if t.tag_ == "NNS" and t.is_alpha]  # not a hyphen tagged NNS ("hyper-parameters")
    plural = [t for t in nouns if singular(t.text) != t.text or not t.whitespace_]
    if any(not (_name_piece(t) or superlative_start(t) >= 0) for t in plural):
        return False  # "stores KV", "LLMs escalates", "sub-": misparsed (not "least squares problem", "Gibbs sampling")
    if names_before_head(span) or eponym_before_head(span) or cited_author(span):
        return False  # "Pauli-Liouville" of "the Pauli-Liouville basis", "Cauchy integral", "Rubinfeld [2022]"
    if any(is_named(t) for t in tokens):
        return True
    if _named_before_dataset_head(span):
        return True  # "the Walmart dataset"
    head, prefixed = span[-1], prefix_term(span[0], lexicon)  # "over-smoothing (problem)", "off-policy"
    one_word = (len(span) == 1 and rare_gerund(head)) or (prefixed and len(span) == 3)  # grokking, over-fitting
    if (
        head.pos_ not in {"NOUN", "PROPN"}
        and not one_word
        and head not in (gerund_after(span[:-1], lexicon), noun_after(span[:-1]))
    ):
        return False
    if len(span) == 1:
        lemma = singular(head.lower_)
        if {lemma, head.lower_} & lexicon.generic_words:
            return False
        if (kind := head_type(span, lexicon)) == "Task" and elided(head):
            return False  # "editing" of "image generation and editing"
        if counts[lemma] >= repeats or kind == "Metric" or (kind == "Task" and counts[lemma] >= 2):
            return True
        return rare_term(lemma) or listed_task(head, lexicon)
    generic = singular(head.lower_) in lexicon.generic_heads and not prefixed
    if generic and all(t.lower_ in lexicon.stop_modifiers or t.pos_ not in {"NOUN", "PROPN", "ADJ"} for t in span[:-1]):
        return False
    if len(span) <= 6 or len(surface.split()) <= 4:  # "two-way center-aware labeling algorithm": 4 words
        return True
    variants = coordination_variants(surface)  # "in- and out-of distribution data": two of 2 words
    return len(variants) > 1 and all(len(v.split()) <= 4 for v in variants)


#: An English word with its first letters capitalized to spell an abbreviation: "PROtotype", "GRAph".
_CAPITALS_SHOWN = re.compile(r"[A-Z]{2,}[a-z]{2,}")


def _named_before_dataset_head(span: Span) -> bool:
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    one = len(span) == 1 and span[0].is_title and not span[0].is_sent_start
    return one and nxt is not None and nxt.lower_ in DATASET_HEADS


def noun_counts(doc: Doc) -> Counter[str]:
    """How often each noun (singular, lower case) occurs in ``doc``."""
    strings = doc.vocab.strings  # read from the Doc's arrays: no Token made per word
    return Counter(singular(strings[low]) for pos, low in doc.to_array([POS, LOWER]).tolist() if pos in _NOUNS)


_NOUNS = frozenset({NOUN, PROPN})


def candidates(doc: Doc, lexicon: Lexicon, chunks: Iterable[Span] | None = None) -> Iterable[Span]:
    """Candidate mention spans; ``chunks`` are the doc's noun chunks, when the caller has them."""
    for chunk in doc.noun_chunks if chunks is None else chunks:
        span = with_superlative(trim(chunk, lexicon))
        if not len(span):
            continue
        if (
            span.start == chunk.start
            and misread_adjective(doc, span.start, lexicon)
            and span[0].pos_ in {"NOUN", "PROPN", "ADJ"}
        ):
            span = doc[span.start - 1 : span.end]  # "lossless compression"
        if span.end == chunk.end and (gerund := gerund_after(span, lexicon) or noun_after(span)) is not None:
            span = doc[span.start : gerund.i + 1]  # "importance reweighting" parsed as "importance" + verb
        yield span
        based = [t.i for t in span[1:-1] if based_suffix(doc, t.i)]
        if based:
            yield trim(doc[based[-1] + 1 : span.end], lexicon)  # "generative modeling" in "score-based ..."
        if len(span) >= 2 and span[-1].lemma_.lower() in STRIPPABLE_HEADS:
            yield trim(span[:-1], lexicon)
        elif len(span) >= 2 and span[-1].lemma_.lower() in ROLE_HEADS and _names_a_kind(span[:-1], lexicon):
            yield span[:-1]
        for tok in span[:-1]:
            nxt = doc[tok.i + 1]
            if is_acronym(tok) and nxt.pos_ == "NOUN" and nxt.lemma_.lower() not in lexicon.generic_heads:
                yield whole_words(doc[tok.i : tok.i + 2])  # "PALM hyper-parameters", not "PALM hyper"
    yield from named_runs(doc)
    yield from listed_names(doc)  # "Atari games (Breakout, Pong and Space Invaders)": one chunk
    yield from hanging_coordinations(doc)  # "first- and second-order optimizers": no trimming cuts it
    yield from (doc[t.i : t.i + 1] for t in doc if rare_gerund(t))
    yield from given_names(doc)
    for short, long in definitions(doc):
        yield short
        yield long
        inside = defined_inside(short, long)
        if inside is not None:
            yield inside


#: Verbs that give a name ("we call it X", "a method for T called X"): the lexicon's.
NAMING_VERBS = load_lexicon().naming_verbs


def names_next(doc: Doc, i: int) -> bool:
    """Does token ``i`` give a name to what follows: "named", "called", or "we call"?"""
    word = doc[i].lower_
    return word in NAMING_PARTICIPLES or (word in NAMING_VERBS and i > 0 and doc[i - 1].lower_ == "we")


def given_name(span: Span) -> bool:
    """A capitalized word or run just after "named", "called", "dubbed", "we call": a name, even an
    English word ("an algorithm named Fish", "features that we call Super-features")."""
    return (
        span.start > 0
        and names_next(span.doc, span.start - 1)
        and span[0].text[:1].isupper()
        and all(t.text[:1].isupper() or not t.is_alpha or not span.doc[t.i - 1].whitespace_ for t in span)
    )


def given_names(doc: Doc) -> Iterator[Span]:
    """The capitalized run after each naming participle ("a dataset called Foraging Maze"), with
    the pieces glued to it ("Super-features", "CETT-PPL-1"), up to four words."""
    for tok in doc[:-1]:
        if not names_next(doc, tok.i):
            continue
        end, words = tok.i + 1, 0
        while end < len(doc) and (doc[end].text == "-" or (doc[end].text[:1].isalnum() and "%" not in doc[end].text)):
            glued = end > tok.i + 1 and not doc[end - 1].whitespace_
            if not glued and (words == 4 or not doc[end].text[:1].isupper()):
                break
            words += not glued
            end += 1
        while end > tok.i + 1 and doc[end - 1].text == "-":
            end -= 1
        # a name the noun phrase goes on with ("called Bayesian optimization") is the phrase's
        if end > tok.i + 1 and not (end < len(doc) and doc[end].is_lower and doc[end].pos_ == "NOUN"):
            yield doc[tok.i + 1 : end]


def _names_a_kind(span: Span, lexicon: Lexicon) -> bool:
    """A modifier that names a task ("text classification") or a title-case name ("Conceptual
    Captions"), not a sentence's first word."""
    if head_type(span, lexicon) == "Task":
        return True
    if not all(t.is_title and not t.is_sent_start for t in span):
        return False
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    return len(span) >= 2 or (nxt is not None and nxt.lower_ in DATASET_HEADS)  # "the Walmart dataset"


#: Words under which "on <name>" names what something is evaluated on: "strong results on
#: GERBIL", "experiments conducted on WIDER FACE", "On Zork1, XTX obtains a score of 103".
EVALUATING = frozenset(
    {"result", "experiment", "evaluation", "evaluate", "test", "validate", "achieve", "obtain", "attain", "conduct"}
    | {"accuracy", "performance", "score", "error"}  # "82.9% top-1 accuracy on Kinetics-400"
)


def evaluated_on(token: Token) -> bool:
    """Does the phrase of ``token`` stand where a sentence names what is evaluated on (the object
    of "on"/"across" under :data:`EVALUATING`, or coordinated with it)?"""
    while token.dep_ in {"compound", "nmod", "conj"} and token.head is not token:
        token = token.head  # "the GERBIL benchmarking platform", "on MD17, ANI-1 and QM9"
    prep = token.head
    return token.dep_ == "pobj" and prep.lower_ in {"on", "across"} and prep.head.lemma_.lower() in EVALUATING


def _after_score(span: Span) -> bool:
    """Whether a percentage or a decimal number comes right before ``span``: "76.1% mAP"."""
    prev = span.doc[span.start - 1] if span.start else None
    return prev is not None and (prev.text == "%" or (prev.like_num and "." in prev.text))


def label_of(span: Span, lexicon: Lexicon, chunk_heads: dict[int, str]) -> str:
    typed = head_type(span, lexicon)
    if typed is not None and not (len(span) == 1 and is_named(span[0])):
        return typed
    if typed is None and resource_name(span):
        return "Dataset"  # "the Mahjong environment", "MuJoCo environments"
    if "(" in span.text and span[-1].text != ")":
        return "Concept"  # "out-of-distribution (OOD) data": the abbreviation in brackets is no name here
    if len(span) == 1 and is_named(span[0]) and not span.text.endswith("Hz") and _after_score(span):
        return "Metric"  # "41.2% OLS", "85.2 AUROC": a name a score is given in
    if any(is_named(t) for t in span):
        kind = chunk_heads.get(span[-1].i) or defined_kind(span, lexicon)
        return kind or ("Dataset" if evaluated_on(span.root) else "Method")
    if typed is None and all(t.is_title for t in span):
        kind = chunk_heads.get(span[-1].i) or defined_kind(span, lexicon)
        if kind:
            return kind  # "Conceptual Captions" of "the Conceptual Captions dataset"
    if typed is None and given_name(span) and span.start >= 2:
        noun = span.doc[span.start - 2]  # "an algorithm named Fish", "a dataset called Foraging"
        return lexicon.type_of_word(noun.text, noun.lemma_) or "Method"
    if typed is None and len(span) == 1 and listed_task(span[0], lexicon):
        return "Task"  # "experiments on calibration and OOD detection"
    if typed is None and _coined_word(span):
        return "Dataset" if evaluated_on(span.root) else "Method"
    return typed or "Concept"


def _coined_word(span: Span) -> bool:
    """A word of the authors' making in title case mid-sentence ("using Foldseek", "even Midjourney"), or
    a letter hyphened to a capitalized word ("V-Laplace and V-Poisson"): a name, with no capital inside."""
    first = span[0]
    if first.is_sent_start:
        return False
    if len(span) == 1:
        return first.is_title and first.is_alpha and english_zipf(first.text) < 1.0
    return len(span) == 3 and len(first) == 1 and first.is_upper and span[1].text == "-" and span[2].is_title


def find_mentions(
    doc: Doc,
    lexicon: Lexicon,
    matcher: PhraseMatcher | None = None,
    known: dict[str, str] | None = None,
) -> list[Span]:
    """Typed mention spans, sorted, one label per span."""
    counts = noun_counts(doc)
    # A name inside a chunk headed by "dataset"/"benchmark" is that kind of thing ("D4RL datasets").
    chunk_heads: dict[int, str] = {}
    chunks = list(doc.noun_chunks)
    for chunk in chunks:
        kind = head_type(chunk, lexicon)
        if kind in {"Dataset", "Metric", "Task"}:
            for tok in chunk[:-1]:
                chunk_heads[tok.i] = kind
        elif resource_name(chunk):  # "MiniGrid environments": the name is the environment's
            chunk_heads.update((tok.i, "Dataset") for tok in chunk[:-1] if not tok.is_upper)
    found: dict[tuple[int, int], str] = {}
    if matcher is not None:
        for span in matcher(doc, as_spans=True):
            if not word_cut(span) and not word_not_name(span.text):  # "to cater to" is no CATER dataset
                found[(span.start, span.end)] = span.label_
    for span in candidates(doc, lexicon, chunks):
        key = (span.start, span.end)
        if key in found or not keep(span, lexicon, counts):
            continue
        variant = slash_variants(span.text.rstrip("."))[0].lower()
        found[key] = (known or {}).get(variant) or label_of(span, lexicon, chunk_heads)
    # An abbreviation is the same kind of thing as its long form, and both are the kind of the
    # noun the definition goes on with ("the Multi-Agent Coordination (MACO) benchmark") or of
    # the noun defining the abbreviation ("Latent Action Q-learning or LAQ, an offline method").
    defined = definitions(doc)
    for short, long in defined:
        if (long.start, long.end) in found and (short.start, short.end) in found:
            after = short.end + 1 if short.end < len(doc) and doc[short.end].text == ")" else short.end
            if after < len(doc) and doc[after].pos_ == "NOUN":  # "(HO) methods": the noun the definition goes on with
                kind = lexicon.type_of_word(doc[after].text, doc[after].lemma_)
                kind = kind if kind in {"Dataset", "Metric", "Task"} else None
            else:
                kind = defined_kind(short, lexicon) or defined_kind(long, lexicon)
            if kind is not None:
                found[(long.start, long.end)] = kind
            found[(short.start, short.end)] = found[(long.start, long.end)]
    found = without_qualifiers(
        doc, with_bounds(doc, with_of_terms(doc, with_name_runs(doc, with_versions(doc, found))), lexicon)
    )
    shorts = {short.text for short, _ in defined}
    # "MuJoCo benchmark": the name is the dataset; "Open Graph Benchmark" is a name with its head
    for (s, e), lab in list(found.items()):
        if lab != "Dataset" or (s, e) not in found:
            continue
        inner = [(s2, e2) for (s2, e2) in found if (s2, e2) != (s, e) and s <= s2 and e2 <= e]
        if ends_named(doc[s:e]) or not any(found[k] == "Dataset" for k in inner):
            continue
        if titled_name(doc[s:e]):
            for k in inner:
                if k[1] == e - 1:
                    found.pop(k, None)
        else:
            del found[(s, e)]
            names = doc[s : e - 1]  # "the DTU MVS benchmark": DTU MVS, not DTU and MVS ("XLING BLI": BLI defined)
            if (
                len(names) > 1
                and (s, e - 1) not in found
                and all(is_named(t) for t in names)
                and not shorts & {t.text for t in names[1:]}
            ):
                for k in inner:
                    found.pop(k, None)
                found[(s, e - 1)] = "Dataset"
    return [Span(doc, s, e, label=lab) for (s, e), lab in sorted(found.items())]


@Language.factory(
    "kg_mentions",
    assigns=["doc.spans"],
    requires=["doc.spans", "token.pos", "token.lemma", "token.dep"],
)
def make_mentions(nlp: Language, name: str) -> MentionFinder:
    return MentionFinder(nlp)


class MentionFinder:
    """Thin component over :func:`find_mentions`; the gazetteer is a case-insensitive PhraseMatcher."""

    def __init__(self, nlp: Language) -> None:
        self.lexicon = load_lexicon()
        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        by_label: dict[str, list[str]] = {}
        self.known = known_types()
        for entry in load_gazetteer():
            by_label.setdefault(entry["label"], []).append(entry["pattern"])
        for label, patterns in sorted(by_label.items()):
            self.matcher.add(label, [nlp.make_doc(p) for p in patterns])

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[SPANS_KEY] = find_mentions(doc, self.lexicon, self.matcher, self.known)
        return doc
