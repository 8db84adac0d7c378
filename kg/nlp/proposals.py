"""Tell what a paper proposes from what it only mentions: ``doc.spans["kg_proposed"]``.

"we introduce X", "we propose X", "X, a novel framework", "a new paradigm called X", "our novel method,
named X", "our model, namely X", "the proposed X", "a class of networks we refer to as X", "we propose
a novel approach: X", "we present CircuitNet 2.0": X is a contribution of the paper."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.nlp.abbreviations import definitions
from kg.nlp.lexicon import Lexicon, load_lexicon
from kg.nlp.mentions import SPANS_KEY, names_next
from kg.nlp.name_runs import ends_name_run
from kg.nlp.new_notions import NOT_THE_OBJECT, NOTIONS, at_the_core, new_notion
from kg.nlp.span_edges import ROLE_HEADS, STRIPPABLE_HEADS
from kg.nlp.spans import mention_index, region
from kg.nlp.versions import ends_named
from kg.nlp.word_pieces import is_named
from kg.text import normal_form

PROPOSED_KEY = "kg_proposed"
AUTHOR_SUBJECTS = frozenset({"we", "paper", "work", "i"})  # the paper or its authors: "this work presents"
_OTHERS_WORK = frozenset({"prior", "previous", "past", "earlier", "recent", "existing", "other", "related", "their"})
_NOVEL = frozenset({"novel", "new", "our"})
_INTRODUCING = frozenset({"introduce", "propose", "present", "develop", "design", "devise"})
_NAME_DEPS = frozenset({"oprd", "dobj", "attr", "xcomp"})
#: Words in a proposal's object that make the items it lists new too: "several novel techniques
#: including X and Y", "innovative priors such as X"; not "a method for tasks such as X".
_MANY_NEW = frozenset({"several", "novel", "new", "innovative", "two", "three", "four", "various"})
#: Heads of a phrase that only says what kind of thing a contribution is.
_CLASS_NOUNS = STRIPPABLE_HEADS | ROLE_HEADS | {"network", "procedure", "design", "observation"}
_NAMING_CLASS_NOUNS = _CLASS_NOUNS | {"algorithm"}  # "our algorithm introduces X", "algorithm LSVI-RFE"


def _by_authors(verb: Token, depth: int = 0) -> bool:
    """Whether the subject of ``verb`` is the authors ("we", "this paper"), following
    coordinated and controlled verbs up to three levels."""
    for child in verb.children:
        if (
            child.dep_ in {"nsubj", "nsubjpass"}
            and child.lemma_.lower() in AUTHOR_SUBJECTS
            and not any(c.lower_ in _OTHERS_WORK for c in child.children)  # not "prior work"
        ):
            return True
        if (
            child.dep_ == "nsubj"
            and child.lemma_.lower() in _NAMING_CLASS_NOUNS
            and verb.lemma_.lower() in _INTRODUCING
            and any(c.dep_ == "poss" and c.lower_ == "our" for c in child.children)
        ):
            return True  # "our approach introduces a loss regularization term", not "our results suggest"
    head = verb.head
    if verb.dep_ == "pcomp" and head.dep_ == "prep":  # "we solve this problem by proposing X"
        head = head.head
    return (
        depth < 3
        and verb.dep_ in {"conj", "xcomp", "advcl", "pcomp"}
        and head is not verb
        and _by_authors(head, depth + 1)
    )


#: Words after which the words after "we propose" are no longer its object.
_CLAUSE_ENDS = frozenset({"which", "that", "to", "for", "by", "with", "based", "using", "via", "through"})


def _surface_objects(sent: Span, lexicon: Lexicon) -> list[Token]:
    """Fallback when the parse misses the verb ("We present X" parsed as an adjective):
    the words after "we <proposal verb>" up to the end of the clause."""
    words = list(sent)
    for k, tok in enumerate(words[:-1]):
        verb = words[k + 1] if words[k + 1].pos_ != "ADV" else (words[k + 2] if k + 2 < len(words) else tok)
        if tok.lower_ == "we" and verb.lemma_.lower() in lexicon.proposal_verbs | {"present"}:
            out: list[Token] = []
            for t in words[verb.i - sent.start + 1 :]:
                if t.tag_ == "VBG" and t.dep_ not in {"amod", "compound"} and any(o.pos_ == "NOUN" for o in out):
                    break  # "an algorithm improving upon the previous upper bounds"
                if t.text in {";", ".", ":"} or t.lower_ in _CLAUSE_ENDS:
                    break
                out.append(t)
            return out
    return []


def _an_example(token: Token) -> bool:
    """ "..., e.g., covariate shifts": an object the sentence gives as an example, not a proposal."""
    left = token.left_edge.i
    before = {t.lower_ for t in token.doc[max(token.sent.start, left - 2) : left]}
    return bool(before & {"e.g.", "i.e.", "e.g", "i.e"})


def _listed_items(obj: Token) -> list[Token]:
    """The items a new proposal lists: "we develop several novel techniques including a robust
    sampling method and ...", "we propose several perturbation techniques, including Marvell",
    "we propose innovative priors such as diversity and topological simplicity"."""
    if not any(c.lower_ in _MANY_NEW for c in obj.children):
        return []
    out: list[Token] = []
    for child in obj.children:
        such_as = child.lower_ == "as" and any(c.lower_ == "such" for c in child.children)
        if child.dep_ in {"prep", "acl"} and (child.lower_ == "including" or such_as):
            for item in (c for c in child.children if c.dep_ == "pobj"):
                for one in (item, *item.conjuncts):
                    out.extend(region(one, NOT_THE_OBJECT))
    return out


def _after_comma(token: Token) -> bool:
    """Whether the phrase ``token`` heads (a name the parse hung on a verb) opens with or follows a comma."""
    left = token.left_edge
    return left.text == "," or (left.i > 0 and token.doc[left.i - 1].text == ",")


def _listing(token: Token) -> bool:
    """Does ``token`` head a list with an item that is no name ("RGB streams and optical flow"),
    unlike a list of the names given ("two algorithms, RGA and RGA-META")?"""
    items = [token, *(c for c in token.children if c.dep_ == "conj")]
    return len(items) > 1 and not all(any(is_named(t) for t in item.lefts) or is_named(item) for item in items)


def _new_and_specific(noun: Token, span: Span, lexicon: Lexicon) -> bool:
    """``span``, headed by ``noun``, is a contribution of its own: brought in as new ("a", "an" or
    no article: not "we formulate the predictor as ..."), two words or more, one thing (no "and"),
    not opening with a vague modifier ("multiple designs") nor headed by a class noun ("a
    meta-learning framework", "a federated learning method": what a named proposal is) after
    fewer than three words (not "a diffusion recovery likelihood method")."""
    if any(c.dep_ in {"det", "poss"} and c.lower_ not in {"a", "an"} for c in noun.children):
        return False
    words = [t for t in span if t.is_alpha or "-" in t.text]
    head = {span[-1].lower_, span[-1].lemma_.lower()}
    return (
        len(words) >= 2
        and not all(t.lower_ in lexicon.generic_words for t in words)  # "a new loss function"
        and words[0].lower_ not in lexicon.stop_modifiers
        and not any(t.pos_ == "CCONJ" for t in span)
        and (len(span.text.split()) >= 4 or not head & (lexicon.generic_heads | _CLASS_NOUNS))
    )


def _named_objects(head: Token, lexicon: Lexicon) -> list[Token]:
    """The object of a proposal, with its appositions and the X of "called X"."""
    tokens = region(head, NOT_THE_OBJECT)
    for child in head.children:
        if child.dep_ == "appos":
            tokens.extend(_named_objects(child, lexicon))
        if child.dep_ == "acl" and child.lemma_.lower() in lexicon.naming_verbs:
            tokens.extend(t for c in child.children if c.dep_ in _NAME_DEPS for t in region(c, NOT_THE_OBJECT))
        if child.dep_ == "conj":
            tokens.extend(_named_objects(child, lexicon))
        if child.dep_ == "prep":  # "a new evaluation metric for VL grammar induction, CCRA"
            tokens.extend(a for o in child.children if o.dep_ == "pobj" for a in o.children if _named_apposition(a))
    return tokens


def _named_apposition(token: Token) -> bool:
    return token.dep_ == "appos" and token.i > token.head.i and is_named(token)


#: Words between "our" (or "the proposed") and a name that keep the name the authors' own.
_NAMING_GLUE = frozenset({",", "namely", "called", "named", "dubbed", "termed", "coined", "proposed", "novel", "new"})


def _owned(span: Span) -> bool:
    """Whether ``span``, a name, is the authors' own by the words just before it: "our model,
    namely FALCON", "our proposed framework PiCO", "our PI3NN method", "the proposed SCRFD", "the resulting PAUs"."""
    doc = span.doc
    long = next((lf for sf, lf in definitions(doc) if (sf.start, sf.end) == (span.start, span.end)), None)
    if long is not None and long.start < span.start:
        span = long  # "the proposed Sample and Computation Redistribution for Face Detection (SCRFD)"
    k, steps, first = span.start - 1, 0, span.sent.start
    while k >= first and steps < 5:
        tok = doc[k]
        if tok.lower_ == "our" or (tok.lower_ in {"proposed", "resulting"} and k > 0 and doc[k - 1].lower_ == "the"):
            return True
        if tok.lower_ not in _NAMING_GLUE and tok.pos_ not in {"ADJ", "NOUN", "PROPN"}:
            return False
        k, steps = k - 1, steps + 1
    return False


def _this(noun: Token) -> bool:
    return noun.i > 0 and noun.doc[noun.i - 1].lower_ in {"this", "present"}


def _the_proposed(span: Span) -> bool:
    """ "the proposed weight scaling", "our newly-proposed 3D alignment loss": a term the authors
    call theirs, named or not."""
    doc, k = span.doc, span.start
    if k < 2 or doc[k - 1].lower_ != "proposed":
        return False
    k -= 3 if k >= 4 and doc[k - 2].text == "-" and doc[k - 3].lower_ == "newly" else 1
    return doc[k - 1].lower_ in {"the", "our"}


def _named_by_authors(span: Span) -> bool:
    """ "... that we refer to as HANNs", "a framework referred to as VLOG", "we propose a
    framework for forecasting named CoST", "we propose a novel approach: Feature Kernel
    Distillation", "we propose to train EBMs via a coarse-to-fine strategy, namely CF-EBM": a name
    the authors give in a sentence of theirs."""
    doc, first = span.doc, span.sent.start
    before = [t.lower_ for t in doc[max(first, span.start - 3) : span.start]]
    said = doc[first : span.start]  # "we", "our", "in the present paper", "this work"
    authors = any(t.lower_ in {"we", "our"} or (t.lower_ in {"paper", "work"} and _this(t)) for t in said)
    refer = any(t.lemma_ == "refer" and t.nbor(1).lower_ == "to" for t in said[:-1])
    if before[-3:] in (["refer", "to", "as"], ["referred", "to", "as"]) or (before[-1:] == ["as"] and refer):
        return authors  # "we refer to these as PI-SAC agents"
    if span.start > first and names_next(doc, span.start - 1):
        return authors  # "a model called X", "features that we call Super-features"
    if before[-1:] in ([":"], ["namely"]):  # "we propose to train EBMs via a ... strategy, namely CF-EBM"
        verbs = [t for t in said if t.lemma_.lower() in {"propose", "introduce", "present"}]
        return authors and bool(verbs)
    return False


def _proposed_here(verb: Token) -> bool:
    """ "Two efficient algorithms, AE-SAM and AE-LookSAM, are proposed": a passive proposal in
    the present, by no one named ("X was proposed by Y", "X has been proposed" are others' work),
    of something named, new or brought in with "a"."""
    children = list(verb.children)
    if not any(c.dep_ == "auxpass" and c.lower_ in {"is", "are"} for c in children):
        return False
    if any(c.dep_ in {"agent", "aux"} or c.lower_ in {"recently", "previously"} for c in children):
        return False
    subjects = [c for c in children if c.dep_ == "nsubjpass"]
    if any(t.lower_ in _NOVEL for c in subjects for t in c.subtree):
        return True
    if any(d.dep_ == "det" and d.lower_ in {"a", "an"} for c in subjects for d in c.children):
        return True  # "A white noise analysis of ... is presented", "an attentive training strategy is introduced"
    # the subject, its apposition or its given name is a name: not "GNN-based AL methods are proposed"
    named = [
        t
        for c in subjects
        for a in (c, *(x for x in c.children if x.dep_ in {"appos", "conj"}))
        for t in (*a.conjuncts, a)
    ]
    named += [t for c in subjects for t in c.subtree if t.head.lower_ in {"called", "named", "dubbed", "termed"}]
    return any(is_named(t) for t in named)


def _class_noun_before_name(span: Span, spans: Iterable[Span]) -> Span | None:
    """The name inside "algorithm LSVI-RFE", "framework PiCO", "a data-centric method
    InstructDET": a mention that ends the span after a lower-case class noun, when it is a name."""
    for word in span[:-1]:
        if word.is_lower and word.is_alpha and (word.i == span.start or word.lower_ in _NAMING_CLASS_NOUNS):
            inner = next((o for o in spans if o.start == word.i + 1 and o.end == span.end), None)
            if inner is not None and any(is_named(t) for t in inner):
                return inner
    return None


def _said_novel(span: Span, proposed: Iterable[str] = ()) -> bool:
    """ "Our model employs a novel pairwise attention mechanism", "ODConv leverages a novel
    attention mechanism": a mention called new ("a novel", "a new" just before it) in a sentence
    of the authors' or about a name they propose (``proposed``)."""
    doc = span.doc
    k, first = span.start - 1, span.sent.start
    while k >= first and span.start - k <= 3 and doc[k].pos_ in {"ADJ", "NOUN", "PROPN", "ADV"}:
        if doc[k].lower_ in {"novel", "new"}:
            before = doc[first:k]
            authors = any(t.lower_ in {"we", "our"} for t in before)
            return doc[k - 1].lower_ in {"a", "an"} and (authors or any(name in before.text for name in proposed))
        k -= 1
    return False


def _reads_as_name(span: Span) -> bool:
    """A name by its shape: a word of it reads as one ("PiCO"), or every word is capitalized."""
    return any(is_named(t) for t in span) or (len(span) > 1 and all(t.is_title for t in span))


def main_proposal(spans: list[Span]) -> Span | None:
    """What "we" and "our method" stand for: the first proposal that reads as a name ("Fish" over
    "an inter-domain gradient matching objective" proposed before it), else the first."""
    named = [s for s in spans if _reads_as_name(s) or (s[0].is_title and s.start != s.sent.start)]
    # a method before anything else: "we propose a variational method, VLOG, ... in the Mahjong environment"
    ranked = [s for s in named if s.label_ == "Method"] + named + [s for s in spans if s.label_ == "Method"] + spans
    return ranked[0] if ranked else None


def find_proposals(doc: Doc, lexicon: Lexicon) -> list[Span]:
    index = mention_index(doc)
    chosen: dict[tuple[int, int], Span] = {}

    def take(tokens: list[Token]) -> None:
        spans = {index[t.i] for t in tokens if t.i in index}
        for span in spans:
            if not any(o is not span and o.start <= span.start and span.end <= o.end for o in spans):
                span = _class_noun_before_name(span, doc.spans[SPANS_KEY]) or span
                chosen[(span.start, span.end)] = span

    def keep(tokens: list[Token]) -> None:  # take, and keep beside a named proposal
        before = set(chosen)
        take(tokens)
        kept.update(set(chosen) - before)

    direct: set[tuple[int, int]] = set()
    kept: set[tuple[int, int]] = set()
    for tok in doc:
        lemma = tok.lemma_.lower()
        if tok.pos_ == "AUX" or lemma == "be":
            keep(at_the_core(tok))
        if lemma in NOTIONS:
            keep(new_notion(tok))
        if tok.pos_ == "VERB" and lemma in lexicon.proposal_verbs and _by_authors(tok):
            for child in tok.children:
                if child.dep_ in {"dobj", "oprd", "attr"} and not _an_example(child):
                    take(_named_objects(child, lexicon))
                    keep(_listed_items(child))
                    head = index.get(child.i)
                    if (
                        lemma in _INTRODUCING - {"design", "develop"}
                        and head is not None
                        and head.end == child.i + 1
                        and _new_and_specific(child, head, lexicon)
                    ):
                        direct.add((head.start, head.end))
                # "we propose a new approach for model update, Federated ... (FedEMA)"
                # (not a list: "we propose X to improve Y, exploiting Z from views, RGB streams and optical flow")
                if child.dep_ in {"dep", "appos", "npadvmod"} and _after_comma(child) and not _listing(child):
                    take([t for t in _named_objects(child, lexicon) if is_named(t)])
        elif tok.pos_ == "VERB" and lemma in lexicon.proposal_verbs and _proposed_here(tok):
            take([t for c in tok.children if c.dep_ == "nsubjpass" for t in _named_objects(c, lexicon)])
        elif tok.dep_ in {"acl", "relcl"} and lemma in lexicon.naming_verbs:
            noun = tok.head
            ours = any(t.lower_ in _NOVEL for t in noun.subtree) or _by_authors(tok)
            if ours:
                take([t for c in tok.children if c.dep_ in _NAME_DEPS for t in region(c, NOT_THE_OBJECT)])
        elif lemma in lexicon.naming_verbs and any(
            c.dep_ == "nsubjpass" and any(t.lower_ in _NOVEL | {"proposed"} for t in c.subtree) for c in tok.children
        ):  # "the proposed method is dubbed CDTrans"
            take([t for c in tok.children if c.dep_ in _NAME_DEPS for t in region(c, NOT_THE_OBJECT)])
        elif tok.dep_ == "appos" and any(c.lower_ in {"novel", "new"} for c in tok.children):
            take(region(tok.head, NOT_THE_OBJECT | {"appos"}))
    for sent in doc.sents:
        if not any(sent.start <= k[0] < sent.end for k in chosen):
            take(_surface_objects(sent, lexicon))
    novel = set()
    for span in doc.spans[SPANS_KEY]:
        if _said_novel(span, [p.text for p in chosen.values() if any(is_named(t) for t in p)]) and not any(
            o.start <= span.start and span.end <= o.end for o in chosen.values()
        ):
            before = set(chosen)
            take(list(span))
            novel.update(set(chosen) - before)
        if _named_by_authors(span) or (_reads_as_name(span) and _owned(span)) or _the_proposed(span):
            take(list(span))
    # A contribution is new in the paper: drop what was already named before it was proposed.
    first_seen: dict[str, int] = {}
    for span in doc.spans[SPANS_KEY]:
        first_seen.setdefault(normal_form(span.text), span.sent.start)
    for key, span in list(chosen.items()):
        if first_seen.get(normal_form(span.text), span.sent.start) < span.sent.start:
            del chosen[key]
    # "we introduce Pareto Estimation to Pick the Perfect Precision (PEPPP)": PEPPP names the whole
    for short, long in definitions(doc):
        cut = [k for k, p in chosen.items() if p.start == long.start and p.end < long.end]
        if cut and short.start in index and index[short.start].end == short.end:
            for key in cut:
                del chosen[key]
            chosen[(short.start, short.end)] = index[short.start]
    spans = list(chosen.values())
    names = [s for s in spans if ends_named(s) or ends_name_run(s)]
    titled = [s for s in spans if _reads_as_name(s)]
    result = names or titled or spans
    result = [*result, *(s for s in spans if (s.start, s.end) in novel | kept and s not in result)]
    # "We propose a minimax formulation for ... We propose the I-BAU algorithm to solve it": a
    # second contribution the authors state in a sentence of its own, besides the named one (a
    # second name, "a novel BRO layer ... we design BRONet", is left out: "our method" is one)
    named_sents = {s.sent.start for s in result if _reads_as_name(s)}
    result += [
        s
        for s in spans
        if (s.start, s.end) in direct and s not in result and s.sent.start not in named_sents and not _reads_as_name(s)
    ]
    return sorted(result, key=lambda s: (s.start, s.end))


@Language.factory(
    "kg_proposals",
    assigns=["doc.spans"],
    requires=["doc.spans", "token.dep", "token.lemma"],
)
def make_proposals(nlp: Language, name: str) -> ProposalFinder:
    return ProposalFinder()


class ProposalFinder:
    """Thin component over :func:`find_proposals`."""

    def __init__(self) -> None:
        self.lexicon = load_lexicon()

    def __call__(self, doc: Doc) -> Doc:
        if SPANS_KEY in doc.spans:
            doc.spans[PROPOSED_KEY] = find_proposals(doc, self.lexicon)
        return doc
