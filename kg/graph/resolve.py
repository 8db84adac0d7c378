"""Resolve mentions into entities: one node per real thing across all papers.

Case, plurals, hyphen and space variants share a key (:mod:`kg.graph.terms`: "Sparse
Auto-Encoders" = "sparse autoencoder"); an abbreviation resolves to its long form, using the paper's own
definition first, then the corpus's most common one, then the vocabularies', a long form whose
initials spell it winning ("SAE" = "sparse autoencoder"); abbreviations inside a term expand too
("KV cache" = "Key-Value cache"). Spelling variants the key does not fold are merged afterwards
(:mod:`kg.graph.variants`), and a mention heading a longer established term is left to it
(:func:`nested`).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kg.graph.short_forms import (
    camel_initials_pairs,
    lower_initial,
    short_form_pairs,
    spelled_whole,
    spells,
    stem_pairs,
)
from kg.graph.terms import clean_term, dataset_head_cut, difficulty_term, singular_label, term_key, written_term
from kg.graph.typing_votes import decided_type, kind_clash
from kg.graph.variants import publisher_pairs, release_pairs, role_head_pairs, typo_pairs, variant_key
from kg.records import Extraction, Mention
from kg.text import singular, spelled_as_name

#: A one-word term named alone by this many papers is what "the <term> problem" is about.
DIFFICULTY_PAPERS = 3
#: A name at most this many papers write is one paper's own: how it was written with its role head
#: ("the gradient projection algorithm", "the DeepMind Control Suite") is one of its alternative labels.
OWN_NAME_PAPERS = 3
#: An abbreviation hyphenated to the word it qualifies: "KL-divergence", "GAN-based".
_GLUED_SHORT = re.compile(r"(?<![\w-])([A-Z][A-Za-z]*[A-Z]s?)-(?=[a-z])")


@dataclass(slots=True)
class Entity:
    key: str
    text: str = ""  # the first text whose term_key is ``key``
    surface: Counter[str] = field(default_factory=Counter)
    expansions: set[str] = field(default_factory=set)
    short_forms: set[str] = field(default_factory=set)
    types: Counter[str] = field(default_factory=Counter)
    short_types: Counter[str] = field(default_factory=Counter)
    papers: Counter[str] = field(default_factory=Counter)
    proposed_by: set[str] = field(default_factory=set)
    headed: set[str] = field(default_factory=set)  # written with a role head: "gradient projection algorithm"

    @property
    def type(self) -> str:
        # Bare abbreviations are typed by guesswork; the written-out forms decide when there are any.
        # A proposal says what a new name is; one paper "proposing" what many others name
        # ("convergence", "reproducing kernel Hilbert space") says little about it.
        proposed = 3 * len(self.proposed_by) >= len(self.papers) > 0
        votes = self.types or self.short_types
        return decided_type(tuple(votes.items()), self.text, proposed, frozenset(self.short_forms))

    @property
    def label(self) -> str:
        # A dataset's name is a name, plural or not: "Waterbirds", "CommonRoads", "Speech Commands",
        # "Natural Questions" (not "image datasets").
        named_dataset = self.types and self.types.most_common(1)[0][0] == "Dataset"

        def as_label(text: str) -> str:
            if named_dataset and all(word[:1].isupper() for word in text.split()):
                return text
            return singular_label(text)

        if len(self.surface) == 1 and not self.short_forms:  # most entities: what the rest gives
            return as_label(next(iter(self.surface)))
        longs = Counter({s: n for s, n in self.surface.items() if s not in self.short_forms})
        pool = longs or Counter(self.expansions) or self.surface
        groups: dict[str, Counter[str]] = defaultdict(Counter)
        for text, n in pool.items():
            form = as_label(text) if text not in self.short_forms else text
            groups[form.casefold()][form] += n
        _, variants = min(groups.items(), key=lambda kv: (-sum(kv[1].values()), len(kv[0]), kv[0]))
        # A common noun is written in lower case somewhere; a name never is ("Proximal Policy
        # Optimization"). Odd casings ("transFormer") lose to the plain one, unless most writers
        # spell it as a name ("ImageNet", "MNIST": "imagenet" is a slip).
        plain = [v for v in variants if v == v.lower()]
        top = max(variants, key=lambda v: (variants[v], v))
        if plain and not (spelled_as_name(top) and 2 * variants[top] > sum(variants.values())):
            return plain[0]
        return min(variants.items(), key=lambda kv: (-kv[1], not kv[0][:1].isupper(), kv[0]))[0]

    def absorb(self, other: Entity) -> None:
        """Take in the mentions of ``other``, a variant of this entity."""
        self.surface.update(other.surface)
        self.expansions |= other.expansions
        self.short_forms |= other.short_forms
        self.types.update(other.types)
        self.short_types.update(other.short_types)
        self.papers.update(other.papers)
        self.proposed_by |= other.proposed_by
        self.headed |= other.headed

    def alt_labels(self, label: str) -> list[str]:
        """Every other way the entity was written, besides ``label``; with its role head too when few
        papers name it (:data:`OWN_NAME_PAPERS`)."""
        if len(self.surface) == 1 and not self.expansions and not self.short_forms and not self.headed:  # most
            return [text for text in self.surface if text != label]
        headed = self.headed if len(self.papers) <= OWN_NAME_PAPERS else set()  # "NAS methods" names no NAS
        alts = set(self.surface) | self.expansions | {singular_label(s) for s in self.short_forms} | headed
        return sorted(a for a in alts if a != label)


def _stem(word: str) -> str:
    """A word's first seven letters in the singular: "segmentation" shares "segment"'s, "models"
    "model"'s; "generative" does not share "generalization"'s.

    >>> [_stem(w) for w in ("segmentation", "segment", "models", "generative", "generalization")]
    ['segment', 'segment', 'model', 'generat', 'general']
    """
    return singular(word)[:7]


class Resolver:
    """Collects every paper's extraction, then resolves mentions to entity keys."""

    def __init__(self, fallback: Iterable[tuple[str, str]] = ()) -> None:
        # short form -> long forms by term_key -> how many definitions, and each one's spellings
        self.global_defs: dict[str, Counter[str]] = defaultdict(Counter)
        self.written_defs: dict[str, Counter[str]] = defaultdict(Counter)  # "mAP" as written, not "MAP"
        self.capital_defs: dict[str, Counter[str]] = defaultdict(Counter)  # "MAP", not "mAP"
        self.spellings: dict[str, Counter[str]] = defaultdict(Counter)
        self.terms: Counter[str] = Counter()  # every mention's key: how many papers name it
        self.context: set[str] = set()  # the words of the paper being resolved
        self.fallback: dict[str, str] = {}
        for short, long in sorted(fallback):
            self.fallback.setdefault(term_key(short), long)

    def learn(self, extractions: Iterable[Extraction]) -> None:
        """Count the corpus's definitions of each short form. Long forms are counted by their
        :func:`term_key`, so "Large Language Models" and "large language model" add up against
        "large-scale language models" for LLM."""
        for ex in extractions:
            self.terms.update({term_key(clean_term(m.text)) for m in ex.mentions})
            for short, long in ex.definitions:
                key = term_key(long)
                self.global_defs[term_key(short)][key] += 1
                (self.written_defs[short] if lower_initial(short) else self.capital_defs[term_key(short)])[key] += 1
                self.spellings[key][long] += 1

    def _spelling(self, key: str) -> str:
        """The commonest spelling of a long form counted by its key."""
        return min(self.spellings[key].items(), key=lambda kv: (-kv[1], kv[0]))[0]

    def _shared(self, key: str) -> int:
        """How many words of the long form ``key`` the paper uses elsewhere, as :func:`_stem` folds
        them: an ASR in a paper on backdoor attacks is an attack success rate, not automatic speech
        recognition; a SAM in a paper on instance segmentation the Segment Anything Model, not
        Sharpness-Aware Minimization."""
        return len({_stem(w) for w in self._spelling(key).lower().split()} & self.context)

    def _long_form(self, word: str, local: dict[str, str]) -> str | None:
        """The paper's own definition first, then the corpus's (as capitalized: "MAP" is no "mAP"), then
        the vocabularies'; a long form whose initials spell the short form beats one that does not
        ("Proximal Policy Optimization" for PPO, not "policy optimization"), and completes a definition cut short."""
        key = term_key(word)
        found = local.get(key)
        if found is not None and spells(word, found):
            return found
        forms = (self.capital_defs.get(key) if not lower_initial(word) else None) or self.global_defs.get(key)
        fallback = self.fallback.get(key)
        if lower_initial(word):  # "mAP" is no "MAP": its own spelling's definitions, else the vocabularies'
            written = self.written_defs.get(word, Counter())
            if any(spells(word, self._spelling(k)) for k in written):
                forms = written
            elif fallback is not None and spells(word, fallback):
                forms = None
        if found is None and fallback is not None and term_key(fallback) == key and sum((forms or {}).values()) < 2:
            return None  # a name in its own right ("COCO") is not what one other paper coined it for
        best = None
        if forms:  # spelled out first, then the commonest, then the vocabularies' on a tie
            known = term_key(fallback) if fallback else None
            best = self._spelling(
                min(
                    forms.items(),
                    key=lambda kv: (
                        not spells(word, self._spelling(kv[0])),
                        -self._shared(kv[0]),
                        -kv[1],
                        kv[0] != known,
                        kv[0],
                    ),
                )[0]
            )
        if fallback is not None and (best is None or not spells(word, best)):
            best = fallback
        if found is None:
            return best
        if best is not None and spells(word, best) and term_key(best).endswith(term_key(found)):
            return best  # the paper's definition lost its first words: "policy optimization (PPO)"
        return found

    def resolve(self, mention: Mention, local: dict[str, str]) -> tuple[str, str | None, bool]:
        """``(key, expanded text or None, is a short form)`` of one mention; ``local``: the paper's own definitions."""
        # an abbreviation is written with capitals: "al" (of "et al.") is no AL, a symbol "K_F" no Kalman filter
        short = " " not in mention.text and "_" not in mention.text and sum(c.isupper() for c in mention.text) >= 2
        whole = self._long_form(mention.text, local) if short else None
        defined = sum(self.global_defs.get(term_key(mention.text), {}).values()) if whole is not None else 0
        if whole is not None and term_key(mention.text) not in local and kind_clash(mention.label, whole, defined):
            whole = None  # another paper's method under the letters of this one's dataset or metric
        if whole is not None and term_key(whole) != term_key(mention.text):
            whole = self._expand_words(whole, local) or whole  # MBRL = "model-based RL" = ... reinforcement learning
            return term_key(whole), whole, True
        text = self._expand_words(mention.text, local)
        if text is not None:
            return term_key(text), text, False
        return term_key(mention.text), None, False

    def _expand_words(self, text: str, local: dict[str, str]) -> str | None:
        """``text`` with the abbreviations among its words written out, or ``None`` if none is.
        An abbreviation the paper does not define is written out only when the corpus uses the
        written-out term: "KV cache" is "key-value cache" where papers say so, but "MS COCO" is
        no "malicious server COCO" because one paper defined MS so; "KL-divergence" is "Kullback-Leibler
        divergence"."""
        words = _GLUED_SHORT.sub(r"\1 ", text).split(" ")  # "KL-divergence": KL is a word of its own
        if len(words) < 2:
            return None
        expanded = [self._long_form(w, local) if w.isupper() or w[:-1].isupper() else None for w in words]
        if not any(expanded):
            return None
        out = " ".join(e or w for e, w in zip(expanded, words, strict=True))
        own = all(e is None or term_key(w) in local for e, w in zip(expanded, words, strict=True))
        return out if own or term_key(out) in self.terms else None


def resolve_entities(
    extractions: Sequence[tuple[str, Extraction]],
    junk: Iterable[str] = (),
    definitions: Iterable[tuple[str, str]] = (),
) -> tuple[dict[str, Entity], list[list[str | None]]]:
    """Entities by key, and for each paper the entity key of each of its mentions. ``junk`` holds terms
    that never become entities (by :func:`term_key`); ``definitions`` are known ``(short, long)``
    abbreviations used when no paper defines one."""
    resolver = Resolver(definitions)
    resolver.learn(ex for _, ex in extractions)
    junk_keys = {term_key(j) for j in junk}
    resolved: list[list[tuple[str, str | None, bool, Mention, str | None] | None]] = []
    papers_of: dict[str, set[str]] = defaultdict(set)
    for paper, ex in extractions:
        local = {term_key(short): long for short, long in ex.definitions}
        defined = {term_key(long) for _, long in ex.definitions}
        resolver.context = {_stem(w) for m in ex.mentions for w in m.text.lower().split() if len(w) > 3}
        row: list[tuple[str, str | None, bool, Mention, str | None] | None] = []
        for mention in ex.mentions:
            core = difficulty_term(clean_term(mention.text), resolver.terms, DIFFICULTY_PAPERS)
            whole = written_term(mention.text)
            core, headed = spelled_whole(whole, core, defined), None  # "Variational quantum algorithms (VQAs)"
            if core != mention.text:  # "the DeepMind Control Suite" names the dataset "DeepMind Control"
                headed = singular_label(whole) if core and whole.startswith(core + " ") else None
                named = dataset_head_cut(mention.text, core) and spelled_as_name(core)
                label = "Dataset" if named else mention.label
                mention = mention._replace(text=core, label=label)
            key, expanded, is_short = resolver.resolve(mention, local)
            if not key or key in junk_keys:
                row.append(None)
                continue
            row.append((key, expanded, is_short, mention, headed))
            papers_of[key].add(paper)
        resolved.append(row)
    entities: dict[str, Entity] = {}
    keys_per_paper: list[list[str | None]] = []
    for (paper, ex), row in zip(extractions, resolved, strict=True):
        keys: list[str | None] = []
        inner = nested(ex.mentions, [r[0] if r else None for r in row], papers_of)
        for i, item in enumerate(row):
            if item is None or i in inner:
                keys.append(None)
                continue
            key, expanded, is_short, mention, headed = item
            if expanded and written_term(expanded) != expanded:
                expanded = None  # "(stochastic) gradient descent (SGD)": a cut definition is no name to show
            entity = entities.get(key)
            if entity is None:
                entity = entities[key] = Entity(key, expanded or mention.text)
            entity.surface[mention.text] += 1
            if headed:
                entity.headed.add(headed)
            if expanded and not is_short:
                entity.expansions.add(expanded)
            if is_short:
                entity.short_forms.add(mention.text)
                if expanded:
                    entity.expansions.add(expanded)
            (entity.short_types if is_short else entity.types)[mention.label] += 1
            entity.papers[paper] += 1
            if i in ex.proposed:
                entity.proposed_by.add(paper)
            keys.append(key)
        keys_per_paper.append(keys)
    moved = merge_variants(entities)
    if moved:
        keys_per_paper = [[moved.get(k, k) if k else k for k in keys] for keys in keys_per_paper]
    return entities, keys_per_paper


def nested(
    mentions: Sequence[Mention], keys: Sequence[str | None], papers_of: dict[str, set[str]], min_papers: int = 2
) -> set[int]:
    """Indices of the mentions that end a longer mention of another entity which the corpus has
    established (in ``min_papers`` papers or more): "transformer" heading "vision transformer"
    names a narrower thing. A mention that starts a longer one is named ("ImageNet" in "ImageNet
    classification"), and so is the head of a term no other paper uses ("noisy vision transformer").

    >>> ms = [Mention("vision transformer", "Method", 0, 18), Mention("transformer", "Method", 7, 18)]
    >>> nested(ms, ["visiontransformer", "transformer"], {"visiontransformer": {"a", "b"}})
    {1}
    >>> nested(ms, ["visiontransformer", "transformer"], {"visiontransformer": {"a"}})
    set()
    """
    out: set[int] = set()
    spans = sorted(
        (m.start, -m.end, i)
        for i, m in enumerate(mentions)
        if keys[i] and len(papers_of.get(keys[i] or "", ())) >= min_papers
    )
    if not spans:
        return out
    for i, m in enumerate(mentions):
        if keys[i] is None:
            continue
        for start, neg_end, j in spans:
            if start > m.start:
                break
            outer, inner = keys[j] or "", keys[i] or ""
            if j != i and -neg_end >= m.end and start <= m.start and outer != inner and outer.endswith(inner):
                out.add(i)
                break
    return out


def merge_variants(entities: dict[str, Entity]) -> dict[str, str]:
    """Merge, in place, the entities that are spellings of one concept (same
    :func:`~kg.graph.variants.variant_key`, a one-letter slip of a commoner one, a long form
    of the same abbreviation with the same stems: :func:`~kg.graph.short_forms.stem_pairs`, or a dataset's name behind
    its publisher's initials, with a head saying it is one or with the size of a release:
    :func:`~kg.graph.variants.publisher_pairs`, :func:`~kg.graph.variants.role_head_pairs`,
    :func:`~kg.graph.variants.release_pairs`) into the one in most
    papers; the merged keys, old -> new."""
    groups: dict[str, list[Entity]] = defaultdict(list)
    for entity in entities.values():
        groups[variant_key(entity.text)].append(entity)
    # An entity named by a long form ("Wasserstein generative adversarial network") whose label is
    # another entity's name ("Wasserstein GAN", as most of its papers wrote it) is that entity.
    for vk, group in list(groups.items()):
        by_label = variant_key(group[0].label) if len(group) == 1 else vk
        if by_label != vk and by_label in groups and len(groups[by_label]) == 1:
            groups[by_label] += groups.pop(vk)
    papers = {vk: len({p for e in group for p in e.papers}) for vk, group in groups.items()}
    typos = typo_pairs(papers)
    for rare, common in typos.items():
        # a chain of slips stays apart; a name written as one is coined, not slipped ("ReTreever" is no "retriever")
        if common not in typos and not any(
            spelled_as_name(t) for e in groups[rare] for t in e.surface if t not in e.short_forms
        ):
            groups[common] += groups.pop(rare)
    for rare, common in stem_pairs(groups, papers).items():
        groups[common] += groups.pop(rare)
    for rare, common in short_form_pairs(groups).items():
        if rare in groups and common in groups:
            groups[common] += groups.pop(rare)
    datasets = {vk: [t for e in group for t in e.surface] for vk, group in groups.items() if group[0].type == "Dataset"}
    known = [vk for vk in datasets if papers[vk] >= 2]
    for pairs in (
        publisher_pairs(datasets, known),
        role_head_pairs(datasets, known),
        release_pairs(datasets, known),
        camel_initials_pairs(datasets),
    ):
        for rare, common in pairs.items():
            if rare in groups and common in groups:
                groups[common] += groups.pop(rare)
    moved: dict[str, str] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        keep = max(group, key=lambda e: (len(e.papers), sum(e.papers.values()), e.key))
        for entity in group:
            if entity is not keep:
                keep.absorb(entity)
                del entities[entity.key]
                moved[entity.key] = keep.key
    return moved
