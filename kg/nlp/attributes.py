"""The English model's attribute rules and lemmatizer, applied in bulk with the same output.

en_core_web_sm's ``attribute_ruler`` sets each token's coarse part of speech and morphology
from its fine-grained tag, then applies exceptions (pronouns, auxiliaries, determiners by
their dependency). It runs every rule through a Matcher, so the tag map alone costs a match, a
Span and a Python attribute write per token: 13% of the English model's time on abstracts.

:class:`AttributeTable` keeps the same rules and their order. The leading rules that test one
token's tag and nothing else become a table from tag to part of speech and morphology, written
with ``Doc.from_array``. The exceptions after them keep their order, so an exception still wins
over the tag map; each of their token patterns is indexed by the one value a token must have
(its lowercase form, else its tag, else its dependency, else being a space), so a token is tested
only against the few patterns it could match, instead of a Matcher trying them all on every
token (which cost as much as the whole tag map). A pattern with an operator or an attribute this
index does not know goes to a Matcher as before. The output is the ruler's, token for token.

The English lemmatizer caches only the words it has to inflect; a singular noun or a base verb
(most words of an abstract) is worked out again, through its morphology, each time it occurs.
:class:`LemmaTable` asks it once per word, part of speech and morphology, which is all its answer
depends on, and writes a document's lemmas with ``Doc.from_array``; the words its rules look
up are kept as sets instead of lists.

Together they take a sixth of the time of the two components they replace;
``tests/test_attributes.py`` compares their output with the English model's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast

import numpy
from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, ORTH, POS, TAG
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.parts_of_speech import IDS as POS_IDS
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.tokens import Doc, Span, Token
from spacy.tokens._retokenize import set_token_attrs  # the ruler's own writer, for the exceptions

TABLE_ATTRS = frozenset({"POS", "MORPH"})
# the token attributes an indexed pattern may test, in the order tried as its index key
TOKEN_VALUES = {"LOWER": "lower_", "TAG": "tag_", "DEP": "dep_"}
KEYED = (LOWER, TAG, DEP, IS_SPACE)

Test = Callable[[Token], bool]
Component = TypeVar("Component")


def _is_tag_rule(rule: dict[str, Any]) -> bool:
    """A rule that sets only part of speech or morphology from one token's tag alone."""
    return (
        rule.get("index", 0) in (0, -1)
        and set(rule["attrs"]) <= TABLE_ATTRS
        and all(len(p) == 1 and set(p[0]) == {"TAG"} and isinstance(p[0]["TAG"], str) for p in rule["patterns"])
    )


def _value_test(field: str, value: Any) -> Test | None:
    """A test of one token attribute as the Matcher reads ``value``; None if not supported."""
    if field == "IS_SPACE":
        return (lambda token: token.is_space == value) if isinstance(value, bool) else None
    name = TOKEN_VALUES.get(field)
    if name is None:
        return None
    if isinstance(value, str):
        return lambda token: getattr(token, name) == value
    if not isinstance(value, dict) or len(value) != 1:
        return None
    ((op, arg),) = value.items()
    if op in ("IN", "NOT_IN"):
        members, inside = frozenset(arg), op == "IN"
        return lambda token: (getattr(token, name) in members) == inside
    if op == "REGEX":
        regex = re.compile(arg)
        return lambda token: regex.search(getattr(token, name)) is not None
    return None


def _token_test(spec: dict[str, Any]) -> Test | None:
    tests = [_value_test(field, value) for field, value in spec.items()]
    if not tests or any(t is None for t in tests):
        return None
    return lambda token: all(t(token) for t in tests)  # type: ignore[misc]


def _index_keys(spec: dict[str, Any]) -> tuple[int, frozenset] | None:
    """The attribute (position in :data:`KEYED`) and the values a token must have to match."""
    for position, field in enumerate(TOKEN_VALUES):
        value = spec.get(field)
        if isinstance(value, str):
            return position, frozenset({value})
        if isinstance(value, dict) and set(value) == {"IN"}:
            return position, frozenset(value["IN"])
    if spec.get("IS_SPACE") is True:
        return 3, frozenset({True})
    return None


class AttributeTable:
    """An ``attribute_ruler`` whose leading tag rules are a lookup table (see the module)."""

    def __init__(self, ruler: AttributeRuler) -> None:
        self.vocab = ruler.vocab
        rules = cast(list[dict[str, Any]], ruler.patterns)
        lead = 0
        while lead < len(rules) and _is_tag_rule(rules[lead]):
            lead += 1
        # tag hash -> [POS id or None, MORPH hash or None]; a later rule for the same tag wins
        self.table: dict[int, list[int | None]] = {}
        for rule in rules[:lead]:
            attrs = rule["attrs"]
            for pattern in rule["patterns"]:
                entry = self.table.setdefault(self.vocab.strings.add(pattern[0]["TAG"]), [None, None])
                if "POS" in attrs:
                    entry[0] = POS_IDS[attrs["POS"]]
                if "MORPH" in attrs:
                    entry[1] = self.vocab.morphology.add(attrs["MORPH"])
        # the exceptions: (normalized attrs, index) per rule; its patterns indexed or in the Matcher
        self.exceptions: list[tuple[dict, int]] = []
        self.index: list[dict[int, list[tuple[int, list[Test]]]]] = [{} for _ in KEYED]
        self.matcher = Matcher(self.vocab, validate=False)
        for number, rule in enumerate(rules[lead:]):
            self.exceptions.append((ruler.attrs[lead + number], rule.get("index", 0)))
            for pattern in rule["patterns"]:
                tests = [_token_test(spec) for spec in pattern]
                keys = _index_keys(pattern[0]) if pattern else None
                if keys is None or any(t is None for t in tests):
                    self.matcher.add(str(number), [pattern])
                    continue
                position, values = keys
                for value in values:
                    key = int(value) if position == 3 else self.vocab.strings.add(value)
                    self.index[position].setdefault(key, []).append((number, tests))  # type: ignore[arg-type]

    def __call__(self, doc: Doc) -> Doc:
        if len(doc):
            self._apply_table(doc)
            self._apply_exceptions(doc)
        return doc

    def pipe(self, docs: Iterable[Doc], batch_size: int = 1000) -> Iterator[Doc]:
        for doc in docs:
            yield self(doc)

    def _apply_table(self, doc: Doc) -> None:
        array = doc.to_array([TAG, POS, MORPH])
        for tag in numpy.unique(array[:, 0]):
            entry = self.table.get(int(tag))
            if entry is None:
                continue
            rows = array[:, 0] == tag
            if entry[0] is not None:
                array[rows, 1] = entry[0]
            if entry[1] is not None:
                array[rows, 2] = entry[1]
        doc.from_array([POS, MORPH], cast(Any, array[:, 1:]))

    def matches(self, doc: Doc) -> list[tuple[int, int, int]]:
        """(rule, start, end) of every exception that matches ``doc``, in the ruler's order."""
        found = {(int(self.vocab.strings[m]), s, e) for m, s, e in self.matcher(doc, allow_missing=True)}
        n = len(doc)
        for start, row in enumerate(doc.to_array(list(KEYED)).tolist()):
            for position, key in enumerate(row):
                for rule, tests in self.index[position].get(key, ()):
                    end = start + len(tests)
                    if end <= n and all(test(doc[i]) for i, test in enumerate(tests, start)):
                        found.add((rule, start, end))
        return sorted(found)

    def _apply_exceptions(self, doc: Doc) -> None:
        for rule, start, end in self.matches(doc):
            attrs, index = self.exceptions[rule]
            set_token_attrs(Span(doc, start, end)[index], attrs)


class LemmaTable:
    """The model's lemmatizer, asked once per (word, part of speech, morphology) (see the module)."""

    def __init__(self, lemmatizer: Lemmatizer) -> None:
        self.lemmatizer = lemmatizer
        self.lemmas: dict[tuple[int, int, int], int] = {}
        # The rules test a candidate lemma's membership in the known words of its part of speech,
        # lists of up to 57,528 words: as sets, the same answers without a scan per test.
        if lemmatizer.lookups.has_table("lemma_index"):
            index = lemmatizer.lookups.get_table("lemma_index")
            for pos in list(index.keys()):
                index[pos] = frozenset(index[pos])

    def __call__(self, doc: Doc) -> Doc:
        if not len(doc):
            return doc
        strings, overwrite = doc.vocab.strings, self.lemmatizer.overwrite
        array = doc.to_array([ORTH, POS, MORPH, LEMMA])
        for i, (orth, pos, morph, lemma) in enumerate(array.tolist()):
            if lemma and not overwrite:
                continue
            key = (orth, pos, morph)
            value = self.lemmas.get(key)
            if value is None:
                value = self.lemmas[key] = strings.add(self.lemmatizer.lemmatize(doc[i])[0])
            array[i, 3] = value
        doc.from_array([LEMMA], cast(Any, array[:, 3:]))
        return doc

    def pipe(self, docs: Iterable[Doc], batch_size: int = 1000) -> Iterator[Doc]:
        for doc in docs:
            yield self(doc)


def _models(nlp: Language, name: str, kind: type[Component]) -> Component:
    """The English model's component ``name``, which must be spaCy's ``kind``."""
    component = nlp.get_pipe(name)
    if not isinstance(component, kind):
        raise TypeError(f"{name} is a {type(component).__name__}, not spaCy's {kind.__name__}")
    return component


@Language.factory("kg_attributes")
def make_attribute_table(nlp: Language, name: str) -> AttributeTable:
    """The English model's ``attribute_ruler``, rebuilt as :class:`AttributeTable`."""
    return AttributeTable(_models(nlp, "attribute_ruler", AttributeRuler))


@Language.factory("kg_lemmas")
def make_lemma_table(nlp: Language, name: str) -> LemmaTable:
    """The English model's ``lemmatizer``, asked once per word (:class:`LemmaTable`)."""
    return LemmaTable(_models(nlp, "lemmatizer", Lemmatizer))


def use_tables(nlp: Language) -> None:
    """Put :class:`AttributeTable` and :class:`LemmaTable` in place of the model's
    ``attribute_ruler`` and ``lemmatizer``, where it has them."""
    for old, new in (("attribute_ruler", "kg_attributes"), ("lemmatizer", "kg_lemmas")):
        if old in nlp.pipe_names:
            nlp.add_pipe(new, after=old)
            nlp.remove_pipe(old)
