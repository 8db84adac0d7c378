"""A name's type from the names the corpus writes beside it, after the votes of its own mentions
(:mod:`kg.graph.typing_votes`) and the type model have typed every entity:

* a variant of a dataset the corpus knows is a dataset ("ImageNet-O" beside ImageNet,
  :func:`dataset_variants`);
* a version of a method the corpus knows is a method ("LLaMA-2" beside LLaMA, :func:`model_versions`);
* a name the corpus lists among datasets is a dataset ("HumanEval, MBPP and DS-1000",
  :func:`listed_datasets`), one it lists among methods a method ("Alpaca and Vicuna", :func:`listed_methods`);
* hardware, molecules and rules are notions ("GPU", "RNA", "GDPR": :data:`NOTION_NAMES`);
* a name shaped as a benchmark's is a dataset ("CommonsenseQA", "EvoGym": :func:`benchmark_named`);
* what a paper's title presents as a benchmark is a dataset ("GAIA: a benchmark for ...",
  :func:`kg.graph.titles.titled_dataset`).

:func:`retype_by_names` applies them to a built graph (``dataset_variants`` applies before, when the
entities are added).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping

import networkx as nx

from kg.graph.model import ENTITY_PREFIX
from kg.text import term_key

#: Names of hardware, molecules and rules, notions however the sentences used them ("trained on a
#: GPU", "RNA design", "GDPR compliance" typed Method): Concept, as the guidelines type what is no method;
#: so is a term they head ("24GB consumer GPUs", "40GB A100 GPUs", "a 480-GPU", held-out sample l).
NOTION_NAMES = frozenset("cpu gpu tpu npu fpga asic dna rna gdpr a100 h100 v100 a6000".split())
#: Names the field gives its question-answering sets and gym environments: "CommonsenseQA", "TimeQA",
#: "HotpotQA", "EvoGym" (a word in lower case before the suffix: not the tasks "VQA", "KBQA").
_BENCHMARK_NAME = re.compile(r"[A-Z][A-Za-z]*[a-z][A-Za-z]*(?:QA|Gym)(?:[- ]?\d+(?:\.\d+)?)?")


def benchmark_named(label: str) -> bool:
    """Is ``label`` shaped as a benchmark's name?

    >>> [benchmark_named(x) for x in ("CommonSenseQA", "HotpotQA", "EvoGym", "VQA", "KBQA", "OpenAI Gym", "Gym")]
    [True, True, True, False, False, False, False]
    """
    return _BENCHMARK_NAME.fullmatch(label) is not None


def dataset_variants(labels: Mapping[str, tuple[str, bool]]) -> set[str]:
    """The entities named as a variant of a dataset the corpus knows: one word that is a
    dataset's label, a hyphen and more ("ImageNet-O", "LAION-2B", "CelebA-HQ-256", "LSUN-Church"
    beside ImageNet, LAION, CelebA, LSUN). ``labels`` maps each entity to its label and whether
    it is a Dataset that two papers or more name.

    >>> sorted(dataset_variants({"a": ("ImageNet", True), "b": ("ImageNet-O", False), "c": ("ResNet-50", False),
    ...     "d": ("ImageNet classification", False), "e": ("GPT-4", False), "f": ("Imagenet-100", False)}))
    ['b', 'f']

    The dataset's own name may hold a hyphen, or be written without it:

    >>> sorted(dataset_variants({"a": ("CIFAR-100", True), "b": ("CIFAR100-LT", False), "c": ("CIFAR-100-C", False),
    ...     "d": ("CIFAR-10", False), "e": ("CIFAR", False)}))
    ['b', 'c']

    So is a name written before a dataset's, in a label of three words or fewer that opens with a
    capital (not "pretrained ImageNet"), when the dataset's name is written as a name (not "Fire"
    of "Leaky Integrate-and-Fire", should a paper call something "Fire" a dataset):

    >>> sorted(dataset_variants({"a": ("ImageNet", True), "b": ("Split-ImageNet", False),
    ...     "c": ("Microsoft COCO", False), "d": ("COCO", True), "e": ("pretrained ImageNet", False),
    ...     "f": ("ImageNet classification", False)}))
    ['b', 'c']
    """
    datasets = [label for label, is_dataset in labels.values() if is_dataset]
    known = {_squashed(label) for label in datasets}
    # written as a name (two capitals or a digit, four characters or more): not "Fire", "MAP"
    names = {_squashed(label) for label in datasets if len(label) >= 4 and _name_shaped(label)}
    out = set()
    for entity, (label, is_dataset) in labels.items():
        if is_dataset:
            continue
        # a name before the dataset's own: "Microsoft COCO", "Split-ImageNet", "On-Manifold ImageNet"
        last = re.split(r"[\s-]", label)[-1]
        if last != label and len(label.split()) <= 3 and label[:1].isupper() and _squashed(last) in names:
            out.add(entity)
        if " " in label:
            continue
        # every hyphen may end the dataset's name: "CIFAR-100-LT" is CIFAR-100's, "CIFAR100-LT" too
        bases = [label[:i] for i, c in enumerate(label) if c == "-" and 0 < i < len(label) - 1]
        if any(_squashed(base) in known for base in bases):
            out.add(entity)
    return out


#: A name and the version written after it: "LLaMA-2", "Llama 2", "LLaMA-1", "GPT-3.5", "PaLM-v2".
_VERSIONED = re.compile(r"(.+?)[- ]?(?:\d+(?:\.\d+)?[kKmMbB]?|[vV]\d+)")


def model_versions(labels: Mapping[str, tuple[str, str, int]]) -> set[str]:
    """The entities named as a version of a method the corpus knows by name, and not typed
    Method: "LLaMA-2" beside LLaMA, which sentences such as "experiments on LLaMA-2 and Mistral"
    make a dataset. ``labels`` maps each entity to its label, type and number of papers; the method
    is named by two papers or more, by its label (not "ESC" of Early-Stopping Self-Consistency for
    ESC-50), written as a name (two capitals or a digit).

    >>> sorted(model_versions({"a": ("LLaMA", "Method", 66), "b": ("LLaMA-2", "Dataset", 56),
    ...     "c": ("Llama 2", "Concept", 1), "d": ("ImageNet", "Dataset", 80), "e": ("ImageNet-1K", "Dataset", 5),
    ...     "f": ("GPT-4", "Method", 50), "g": ("ESC-50", "Dataset", 2), "h": ("ESC", "Method", 1),
    ...     "i": ("DALL-E", "Method", 1), "j": ("DALL-E 2", "Dataset", 1)}))
    ['b', 'c']
    """
    methods = {
        _squashed(label)
        for label, kind, papers in labels.values()
        if kind == "Method" and papers >= 2 and _name_shaped(label)
    }
    out = set()
    for entity, (label, kind, _) in labels.items():
        versioned = _VERSIONED.fullmatch(label)
        if kind != "Method" and versioned is not None and _squashed(versioned.group(1)) in methods:
            out.add(entity)
    return out


def listed_datasets(partners: Mapping[str, Counter[str]], labels: Mapping[str, str]) -> set[str]:
    """The entities the corpus lists among datasets: written as a name, and coordinated with two
    datasets or more and mostly with datasets ("on HumanEval, HumanEval+, MBPP and DS-1000", "MIMIC-III
    and eICU"), whatever their own mentions voted. ``partners`` counts the types of each entity's
    coordinated partners; ``labels`` gives its label.

    >>> partners = {"mbpp": Counter(Dataset=3, Method=1), "gpt": Counter(Dataset=2, Method=3),
    ...     "data": Counter(Dataset=2)}
    >>> sorted(listed_datasets(partners, {"mbpp": "MBPP", "gpt": "GPT-4", "data": "real data"}))
    ['mbpp']
    """
    return _listed_among(partners, labels, "Dataset", _name_shaped)


def listed_methods(partners: Mapping[str, Counter[str]], labels: Mapping[str, str]) -> set[str]:
    """The entities the corpus lists among methods: written as a name in title case, and coordinated
    with two methods or more and mostly with methods ("LLaMA-2, Alpaca and Vicuna", "Code Llama and
    WizardLM"), whatever their own mentions voted ("Vicuna" typed Concept in 10 ICLR 2024 papers).

    >>> partners = {"vicuna": Counter(Method=4, Dataset=1), "shift": Counter(Method=3)}
    >>> sorted(listed_methods(partners, {"vicuna": "Vicuna", "shift": "distribution shift"}))
    ['vicuna']
    """
    return _listed_among(partners, labels, "Method", _title_cased)


def _listed_among(
    partners: Mapping[str, Counter[str]], labels: Mapping[str, str], kind: str, shaped: Callable[[str], bool]
) -> set[str]:
    return {
        node
        for node, types in partners.items()
        if types[kind] >= 2 and 2 * types[kind] > sum(types.values()) and shaped(labels[node])
    }


def _title_cased(label: str) -> bool:
    return all(word[:1].isupper() or word[:1].isdigit() for word in label.split())


def _name_shaped(label: str) -> bool:
    return sum(c.isupper() for c in label) >= 2 or any(c.isdigit() for c in label)


def _squashed(name: str) -> str:
    """A name without case and hyphens: "CIFAR-100" and "cifar100" are one."""
    return name.casefold().replace("-", "")


def retype_by_names(
    graph: nx.MultiDiGraph, conjoined: Iterable[tuple[str, str]], presented: Mapping[str, set[str | None]]
) -> None:
    """Type the entities of ``graph`` by the names beside them (the module's list), once the type
    model and the vocabularies have typed each alone: ``conjoined``, the pairs of entities the build
    coordinates (at its confidence); ``presented``, for each proposed entity, the name each title
    proposing it presents as a dataset, by its key (None where a title presents none)."""
    entities = {n: d for n, d in graph.nodes(data=True) if n.startswith(ENTITY_PREFIX)}
    for node in model_versions({n: (d["label"], d["type"], d["paper_count"]) for n, d in entities.items()}):
        entities[node]["type"] = "Method"  # "LLaMA-2" is the method LLaMA is, whatever "on LLaMA-2" said
    for data in entities.values():
        if re.split(r"[\s-]", str(data["label"]).lower())[-1].removesuffix("s") in NOTION_NAMES:  # a GPU is no method
            data["type"] = "Concept"
        elif benchmark_named(str(data["label"])):  # "8% on CommonSenseQA" typed Method
            data["type"] = "Dataset"
    partners: dict[str, Counter[str]] = defaultdict(Counter)  # "on HumanEval, MBPP and DS-1000"
    for u, v in conjoined:
        for one, other in ((u, v), (v, u)):
            if entities[one]["type"] in {"Method", "Concept"}:
                partners[one][entities[other]["type"]] += 1
    labels = {n: entities[n]["label"] for n in partners}
    named_methods = listed_methods({n: t for n, t in partners.items() if entities[n]["type"] == "Concept"}, labels)
    for node in listed_datasets(partners, labels):
        entities[node]["type"] = "Dataset"
    for node in named_methods:
        entities[node]["type"] = "Method"
    for node, names in presented.items():  # every title proposing it presents it: another paper's GAIA is a method
        data = entities[node]
        spelled = {term_key(str(n)) for n in [data["label"], *data.get("alt_labels", ())]}
        if all(name is not None and name in spelled for name in names):
            data["type"] = "Dataset"
