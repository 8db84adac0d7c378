"""What the parse says about a relation between two mentions: is it stated, negated, coordinated.

Plain functions over spaCy tokens, used by the rule relations (:mod:`kg.nlp.relations`) and by
the combination of rule and learned relations (:mod:`kg.nlp.learned`) to give each relation a
confidence instead of keeping every pair the classifier likes (issue 13):

* :func:`negated`: the statement is negated ("X does not use Y", "X fails to capture Y",
  "X is unable to ..."), so it states no relation;
* :func:`contrasted`: a token sits in a contrast ("unlike X", "instead of X", "rather than X",
  "without X"), so a relation from inside to outside it is not stated;
* :func:`path` and :func:`linked`: the dependency path between two mentions, and whether it is short
  enough to be a statement rather than two mentions sharing a sentence;
* :func:`coordinated`: the parse coordinates the two ("X and Y", "X, Y, and Z");
* :func:`types_fit`: the argument types suit the relation (no "CheXpert measuredBy AUC"; whether a
  task is a kind of a method, the graph's types of the two decide, not a sentence's guesses);
  :func:`names_quality`: a phrase names a quality ("contextual consistency"), which no method
  improves on as on a baseline; :func:`same_thing`: the two ends
  are one thing; :func:`where_evaluated`: a mention stands where a dataset is named ("on D");
  :func:`kind_of_dataset`: "five text classification datasets"; :func:`unstated`: what no reading
  supports (a kind of dataset, a comparison with a winner by degree); a path that can state a kind
  is :func:`kg.nlp.kind_nouns.kind_path`;
* :func:`states_use`: a word on the path states a use ("leverages", "based on", "with"); who wins a
  comparison is :mod:`kg.nlp.comparisons`'s.

>>> import spacy
>>> from spacy.tokens import Doc
>>> words = ["X", "does", "not", "use", "Y"]
>>> doc = Doc(spacy.blank("en").vocab, words=words, heads=[3, 3, 3, 3, 3],
...           deps=["nsubj", "aux", "neg", "ROOT", "dobj"], lemmas=["X", "do", "not", "use", "Y"])
>>> negated(path(doc[0], doc[4]))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spacy.tokens import Span, Token

from kg.nlp.comparisons import by_degree
from kg.nlp.mentions import SPANS_KEY
from kg.nlp.word_pieces import is_named

#: Words that turn what follows into something not done: "fails to capture", "unable to use".
FAILING = frozenset({"fail", "unable", "lack", "cannot", "neglect", "ignore", "struggle", "avoid"})
#: Words that open a contrast: what is inside is not what the sentence asserts of the rest.
CONTRAST = frozenset({"unlike", "instead", "without", "rather", "except", "contrary"})


def path(a: Token, b: Token) -> list[Token]:
    """The tokens on the dependency path from ``a`` to ``b`` (both included); ``[]`` across sentences."""
    up_a = [a, *a.ancestors]
    up_b = [b, *b.ancestors]
    index_b = {t.i: k for k, t in enumerate(up_b)}
    for k, t in enumerate(up_a):
        if t.i in index_b:
            return up_a[: k + 1] + list(reversed(up_b[: index_b[t.i]]))
    return []


def negated(tokens: Iterable[Token]) -> bool:
    """Does a token of the path carry a negation ("not", "never") or a failing verb ("fail to")?"""
    for tok in tokens:
        if tok.lemma_.lower() in FAILING:
            return True
        if any(c.dep_ == "neg" for c in tok.children):
            return True
    return False


def verb_negated(verb: Token) -> bool:
    """Is ``verb`` negated, itself or through the verb it complements ("fails to use", "not able to")?"""
    chain = [verb]
    head = verb
    while head.dep_ in {"xcomp", "acomp", "ccomp"} and head.head is not head:
        head = head.head
        chain.append(head)
    return negated(chain)


def contrasted(tok: Token, stop: Token | None = None) -> bool:
    """Is ``tok`` inside a contrast phrase ("unlike X", "instead of X"), below ``stop`` if given?
    What inspired a method is no more what it uses than what it is unlike ("we propose Str2Str,
    inspired by simulated annealing"; "we draw inspiration from robust statistics"): the held-out
    readers judged such a ``uses`` not stated, and the development readers never gave one."""
    for anc in [tok, *tok.ancestors]:
        if stop is not None and anc.i == stop.i:
            return False
        if anc.lower_ in CONTRAST and anc.dep_ in {"prep", "advmod", "mark", "cc", "neg"}:
            return True
        if anc.dep_ == "prep" and anc.i > 0 and anc.doc[anc.i - 1].lower_ in {"instead", "rather"}:
            return True
        if anc.dep_ in {"agent", "prep"} and anc.lower_ in {"by", "from"} and _inspiring(anc.head):
            return True
    return False


def _inspiring(word: Token) -> bool:
    """ "inspired (by)", "inspiration (from)", "take/draw inspiration (from)"."""
    return word.lemma_.lower() in {"inspire", "inspiration"} or any(
        c.dep_ == "dobj" and c.lemma_.lower() == "inspiration" for c in word.children
    )


def crosses_contrast(a: Token, b: Token) -> bool:
    """Does the path from ``a`` to ``b`` enter a contrast phrase that holds one of them only?"""
    tokens = path(a, b)
    if not tokens:
        return False
    top = min(tokens, key=lambda t: len(list(t.ancestors)))
    return contrasted(a, top) != contrasted(b, top)


def linked(tokens: Sequence[Token], limit: int = 4) -> bool:
    """A statement links the two ends: a path of at most ``limit`` arcs."""
    return 0 < len(tokens) <= limit + 1


#: Verbs whose object is the user in "we propose a method using Y".
PROPOSING = frozenset({"propose", "introduce", "present", "develop", "design", "describe"})


def object_of_verb(span_root: Token, tokens: Sequence[Token]) -> bool:
    """Is ``span_root`` the object of the verb the path goes up through ("X learns Y using Z":
    Y is what is learned, X is what uses Z)? The parser also hangs "using Z" on Y ("learns Y
    [using Z]") or makes Y the subject of "using" ("approximating Y using Z"); not so for what is
    proposed ("we propose a method using Z")."""
    if span_root.dep_ == "nsubj" and span_root.head.tag_ == "VBG" and span_root.head.dep_ in {"advcl", "acl"}:
        return True
    if span_root.dep_ not in {"dobj", "pobj"} or len(tokens) <= 2:
        return False
    if tokens[1].i == span_root.head.i and span_root.head.pos_ in {"VERB", "ADP"}:
        return True
    return (
        tokens[1].dep_ == "acl"
        and tokens[1].tag_ == "VBG"
        and tokens[1].head.i == span_root.i
        and span_root.head.lemma_.lower() not in PROPOSING
    )


def states_property(head: Token, tail: Token) -> bool:
    """ "the robustness of X", "X's robustness": ``head`` is said to be a property of ``tail``."""
    if tail.dep_ == "poss" and tail.head.i == head.i:
        return True
    return tail.dep_ == "pobj" and tail.head.lower_ == "of" and tail.head.head.i == head.i


def acronym_of(short: str, long: str) -> bool:
    """Is ``short`` the initials of ``long`` ("HTLM", "hyper-text language model")?

    >>> acronym_of("HTLM", "hyper-text language model"), acronym_of("GNN", "graph neural networks")
    (True, True)
    >>> acronym_of("LAQ", "Latent Action Q-learning"), acronym_of("MNIST", "image dataset")
    (True, False)
    >>> acronym_of("X", "x")
    False
    """
    letters = [c for c in short.lower() if c.isalpha()]
    if len(letters) < 2:
        return False
    # "Q-learning" counts as one word or two: LAQ, "Latent Action Q-learning"
    return any(letters == [w[0] for w in text.split()] for text in (long.lower(), long.lower().replace("-", " ")))


#: Words that give a second name for the same thing ("a network, namely CDSFNet"), not a kind.
NAMING = frozenset({"namely", "called", "named", "dubbed", "termed", "coined", "i.e."})


def one_name(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one name, abbreviated and spelled out (either way)?"""
    return acronym_of(a, b) or acronym_of(b, a)


def renamed(a: Span, b: Span) -> bool:
    """Does the text between two mentions name one by the other ("X, namely Y", "X called Y")?"""
    first, second = (a, b) if a.start < b.start else (b, a)
    return any(t.lower_ in NAMING for t in a.doc[first.end : second.start])


def coordinated(a: Token, b: Token) -> bool:
    """Does the parse coordinate ``a`` and ``b`` ("X and Y", "X, Y and Z"; "e.g., X, Y", "Ys, e.g., X"
    and "X, Y, Z" need no "and"), not a clause's end and its subject ("of MLLMs, X-based methods could")?"""
    if b not in a.conjuncts:
        return False
    group = sorted([a, *a.conjuncts], key=lambda t: t.i)
    before = {t.lower_ for t in a.doc[max(group[0].i - 3, group[0].sent.start) : group[0].i]}
    between = {t.lower_ for t in a.doc[group[0].i : group[-1].i]}  # not the bracket of "RL (RL), OPE holds"
    listed = len(group) >= 3 or before & {"("} or (before | between) & {":", "e.g.", "eg", "like", "as", "including"}
    return bool(listed or any(c.dep_ in {"cc", "preconj"} for t in group for c in t.children))


#: Argument types each relation admits (kg's guidelines: addresses method -> task, evaluatedOn ->
#: dataset, measuredBy -> metric); "CheXpert measuredBy AUC" is no statement (a method is measured).
_NOT_TAIL = {"improvesOn": {"Dataset", "Metric"}, "comparedWith": {"Dataset", "Metric"}}
_NOT_HEAD = {
    "addresses": {"Task", "Dataset", "Metric"},
    "evaluatedOn": {"Task", "Dataset", "Metric"},
    "measuredBy": {"Dataset", "Metric"},
    "improvesOn": {"Task", "Dataset", "Metric"},
    "comparedWith": {"Dataset", "Metric"},
    "uses": {"Dataset", "Metric"},
}
_TAIL = {"addresses": {"Task"}, "evaluatedOn": {"Dataset"}, "measuredBy": {"Metric"}}


def types_fit(label: str, head: str, tail: str) -> bool:
    """Can a ``head`` of this type stand in ``label`` to a ``tail`` of that type? Any two may be
    ``conjoinedWith``: a coordination says they play one role, and their types in a sentence are guesses.

    >>> types_fit("measuredBy", "Method", "Metric"), types_fit("measuredBy", "Dataset", "Metric")
    (True, False)
    >>> types_fit("isA", "Method", "Method"), types_fit("isA", "Task", "Metric")
    (True, False)
    """
    if head in _NOT_HEAD.get(label, ()) or tail in _NOT_TAIL.get(label, ()):
        return False
    if label in _TAIL and tail not in _TAIL[label]:
        return False
    if label in {"isA", "partOf"}:  # a method is no kind of a task: the graph's types of the two decide
        return "Metric" not in {head, tail} or head == tail
    return True


#: Heads of a phrase that names a quality, not a thing ("model performance", "contextual consistency").
_QUALITY_HEADS = frozenset(
    {"performance", "quality", "accuracy", "efficiency", "speed", "cost", "error", "result", "score", "gain"}
)


def names_quality(span: Span) -> bool:
    """Does ``span`` name a quality rather than a method ("overall accuracy", "contextual consistency",
    "optimality performance")? An improvement on a quality names no baseline."""
    root = span.root
    if root.text[1:] != root.text[1:].lower() or any(c.isdigit() for c in root.text):
        return False  # "FID", "ResNet-50": a name
    lemma = root.lemma_.lower()
    return lemma in _QUALITY_HEADS or lemma.endswith(("ity", "ness", "ency", "ance", "acy"))


def is_name(span: Span) -> bool:
    """A name rather than a description: capitals inside the sentence ("ImageNet", "ToolEval"), digits."""
    return any(
        is_named(t) or (t.text[:1].isupper() and t.i != t.sent.start) or any(c.isdigit() for c in t.text) for t in span
    )


def _articles(noun: Token) -> list[str]:
    """The articles of ``noun``'s phrase: its own, or one the parser hung on a modifier before it
    ("a novel equivariant Transformer" with "a" the determiner of "novel")."""
    modifiers = [c for c in noun.children if c.dep_ in {"amod", "compound", "nmod"} and c.i < noun.i]
    return [d.lower_ for t in [noun, *modifiers] for d in t.children if d.dep_ == "det" and d.i < noun.i]


def indefinite(noun: Token) -> bool:
    """Is ``noun`` said with "a"/"an" ("a novel GNN architecture"): a description of a kind?"""
    return any(a in {"a", "an"} for a in _articles(noun))


def determined(noun: Token) -> bool:
    """Is ``noun`` said with an article ("a novel GNN architecture", "the first backdoor attack")?"""
    return any(a in {"a", "an", "the"} for a in _articles(noun))


#: Verbs whose subject uses their object ("X leverages Y"): the rule relations' ``uses`` verbs.
USE_VERBS = frozenset(
    "use employ utilize leverage adopt apply exploit incorporate integrate combine rely extend".split()
)

#: Words that state a use on the path between a method and what it uses ("X leverages Y",
#: "Y-based X", "X with Y", "X, parametrized by Y"); a learned ``uses`` without one is two
#: mentions the classifier liked, not a statement ("methods suffer from an instability issue").
USE_CUES = USE_VERBS | frozenset(
    "using base build via with by through equip parametrize parameterize upon consist comprise".split()
)


def states_use(tokens: Sequence[Token]) -> bool:
    """Is there a word of :data:`USE_CUES` on the dependency path between the two ends, not a verb
    that only joins them ("DePT integrates seamlessly with Y" says no one uses the other)?"""
    inner = tokens[1:-1]
    joined = {w.head.i for w in inner if w.lower_ == "with" and _joining(w.head)}
    cues = [t for t in inner if t.lemma_.lower() in USE_CUES or t.lower_ in USE_CUES]
    return any(t.i not in joined and t.head.i not in joined for t in cues)


#: Verbs that join two things: "X integrates with Y", "X is combined with Y" say not which uses which.
JOINING_VERBS = frozenset({"integrate", "combine", "incorporate", "couple", "unify"})


def _joining(verb: Token) -> bool:
    """A joining verb with no object: what its "with" holds is joined to its subject."""
    return verb.lemma_.lower() in JOINING_VERBS and not any(c.dep_ == "dobj" for c in verb.children)


#: Verbs of making data: "we leverage LLMs to generate instructions" says how the authors made their data.
_DATA_MAKING = frozenset({"generate", "create", "construct", "collect", "annotate", "label", "synthesize", "curate"})


def authors_data(verb: Token) -> bool:
    """Is ``verb`` the authors' use of something to make their data ("We leverage LLMs to generate a
    diverse set of instructions", "we use GPT-4 to annotate")? Their method does not use it."""
    return (
        verb.lemma_.lower() in USE_VERBS
        and any(s.lower_ == "we" for s in verb.children if s.dep_ == "nsubj")
        and any(c.dep_ in {"xcomp", "advcl"} and c.lemma_.lower() in _DATA_MAKING for c in verb.children)
    )


def kind_of_dataset(span: Span) -> bool:
    """Does ``span`` name a kind of dataset rather than one ("five text classification datasets",
    "standard control benchmarks")? A method evaluated on it is evaluated on no citable dataset."""
    return span.root.lower_ in {"datasets", "benchmarks"} and not is_name(span)


def where_evaluated(tok: Token) -> bool:
    """Does ``tok`` stand where a sentence names what something is evaluated on ("outperforms Y
    on MD17, ANI-1 and QM9 targets")? Such a mention is a dataset, whatever its type says, so
    it is not what a metric measures.
    """
    while tok.dep_ == "conj" and tok.head is not tok:
        tok = tok.head
    return tok.dep_ == "pobj" and tok.head.lower_ in {"on", "across"}


#: Words that pick one of a thing's parts: "the first flow model", "the latter stage".
_ORDINALS = frozenset({"first", "second", "third", "former", "latter"})
#: Heads of a phrase that describes a method ("an offline RL method", "a mechanistic interpretability framework").
METHOD_HEADS = frozenset("method approach framework model algorithm architecture network technique system".split())


def task_method(noun: Token) -> bool:
    """Is ``noun`` a method head named by its task ("an offline RL method")? A name said to be one
    addresses the task; it is no kind of it (nor of the phrase)."""
    doc = noun.doc  # "parameter-efficient fine-tuning (PEFT) methods": the task before its abbreviation
    end = noun.i - 3 if noun.i >= 3 and doc[noun.i - 1].text == ")" and doc[noun.i - 3].text == "(" else noun.i
    return noun.lemma_.lower() in METHOD_HEADS and any(
        s.label_ == "Task" and s.end in {noun.i, end} and s.root.head.i == noun.i for s in doc.spans.get(SPANS_KEY, [])
    )


#: The words that open the examples of a kind said just before them: "tasks such as X", "tasks like X".
_EXAMPLES = frozenset({"such", "like", "including"})


def unstated(label: str, head: Span, tail: Span) -> bool:
    """What no reading of the sentence supports, whoever found the relation: a ``comparedWith``
    with a winner by degree, an ``evaluatedOn`` a kind of dataset, a ``measuredBy`` of what a
    result is obtained "with" ("With only ImageNet-1K pretraining, X achieves ..."); a kind or part
    of a name's own extension ("Foo has two variants, Foo-Probe and Foo-Act": Foo is neither), said
    of one part picked out ("the second flow model is a Langevin flow") or of a method named by its
    task ("X, an offline RL method": X addresses offline RL, :func:`task_method`), nor of one of two
    kinds coordinated before it ("vision and language tasks such as X") nor of one thing that includes
    it ("methods relying on network Lipschitz, including DDIM").

    >>> import spacy
    >>> doc = spacy.blank("en")("Foo and Foo-Act")
    >>> unstated("isA", doc[0:1], doc[2:5]), unstated("isA", doc[2:5], doc[0:1])
    (True, False)
    """
    if label in {"isA", "partOf"}:
        base, name = head.text, tail.text
        extends = len(name) > len(base) + 1 and name.startswith(base) and name[len(base)] in "-_"
        picked = label == "isA" and any(c.lower_ in _ORDINALS for c in head.root.children)
        # "X, an offline RL method", not "offline RL methods like X" (one of them: a kind)
        family = label == "isA" and tail.root.i == tail.end - 1 and tail.root.tag_ == "NN" and task_method(tail.root)
        # "vision and language tasks such as X": the sentence does not say which X is one of
        after = tail.doc[tail.end].lower_ if tail.end < len(tail.doc) else ""
        other = any(c.lower_ == "other" for c in tail.root.children)
        shared = tail.root.dep_ == "conj" and tail.root.head.tag_ == "NN" and after in _EXAMPLES and not other
        listed = head.root
        while listed.dep_ == "conj" and listed.head.i < listed.i:
            listed = listed.head
        including = listed.dep_ == "pobj" and listed.head.lower_ == "including" and listed.head.head == tail.root
        # "methods relying on network Lipschitz, including DDIM": what one thing includes is its parts
        parts = including and tail.root.tag_ in {"NN", "NNP"}
        return extends or picked or family or (label == "isA" and (shared or parts))  # "the first layer of X"
    if label == "comparedWith":
        return by_degree(head, tail) is True  # left for an improvesOn (comparisons.compared)
    if label == "evaluatedOn":
        return kind_of_dataset(tail)
    if label == "measuredBy":
        return head.root.dep_ == "pobj" and head.root.head.lower_ in {"with", "without"}
    return False


def same_thing(label: str, head: Span, tail: Span) -> bool:
    """Are the two ends one thing ("HAO", "Harmonious Adversarial Objective"), or, outside a kind-of
    or part-of, is the tail the head's own kind ("GIA improvesOn GIA attacks")?

    "hybrid local SGD improvesOn local SGD" and "ST-GNN isA GNN" are not one thing.
    """
    a, b = head.text.lower(), tail.text.lower()
    if a == b or one_name(head.text, tail.text):
        return True
    if label in {"isA", "partOf"}:
        return False
    return b.startswith(a + " ") or (label in {"comparedWith", "conjoinedWith"} and a.startswith(b + " "))
