"""The main job: abstracts in, a knowledge graph out, as plain functions the CLI calls."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.engine.cache import ExtractionCache, pipeline_fingerprint
from kg.engine.distributed import extract_on_dask
from kg.engine.forked import Forked, can_fork
from kg.engine.speed import PipelineAhead, collector_paused, pipeline_ahead
from kg.engine.workers import extract_in_workers, stop_workers
from kg.export.formats import BUILD_FORMATS, EXPORTERS, import_writers
from kg.graph.terms import key_terms
from kg.io import InputError, read_papers
from kg.io.thesaurus import read_thesauri
from kg.nlp.extractors import DEFAULT_EXTRACTOR, english_model
from kg.records import DEFAULT_MIN_CONFIDENCE, Extraction, Paper, Problem, Titled

if TYPE_CHECKING:  # spaCy is imported only when something is to be parsed: a rebuild may not need it
    import networkx as nx
    from spacy.language import Language

Progress = Callable[[int, int], None]  # (done, total)


@dataclass
class BuildReport:
    papers: int = 0
    duplicates: int = 0
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    parsed: int = 0
    cached: int = 0
    nodes_by_type: Counter[str] = field(default_factory=Counter)
    edges_by_type: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=dict)
    outputs: list[Path] = field(default_factory=list)
    unsure: int = 0  # entities left out for a confidence below --min-confidence
    rules_applied: list[str] = field(default_factory=list)  # "FILE:LINE: what the rule did"
    rules_unmatched: list[str] = field(default_factory=list)  # "FILE:LINE: no entity named ..."


def extract_all(
    nlp: Language,
    texts: Sequence[Titled],
    *,
    n_process: int = 1,
    batch_size: int = 32,
    progress: Progress | None = None,
) -> list[Extraction]:
    """Parse every abstract (with its title) and extract its mentions, proposals and relations, in input order.

    With more than one process: forked workers that send back extractions (see
    :mod:`kg.engine.workers`), or spaCy's ``n_process`` where the platform cannot fork.
    """
    from kg.nlp.extract import extract
    from kg.nlp.titled import titled_docs

    if n_process > 1 and can_fork():
        return extract_in_workers(nlp, texts, n_process, batch_size=batch_size, progress=progress)
    out: list[Extraction] = []
    previous = signal.signal(signal.SIGINT, _quiet_interrupt(os.getpid())) if n_process > 1 else None
    try:
        with warnings.catch_warnings():
            # spaCy warns that interrupted workers "did not complete"; kg's own message says it.
            warnings.filterwarnings("ignore", message=r"\[W127\]")
            for doc in nlp.pipe(titled_docs(nlp, texts), n_process=n_process, batch_size=batch_size):
                out.append(extract(doc))
                if progress is not None:
                    progress(len(out), len(texts))
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return out


def _quiet_interrupt(parent: int) -> Callable[[int, Any], None]:
    """A SIGINT handler for parsing with worker processes (which inherit it): a worker leaves
    silently; the parent stops the workers, then raises KeyboardInterrupt as usual."""

    def handler(signum: int, frame: Any) -> None:
        if os.getpid() != parent:
            os._exit(130)
        stop_workers()
        raise KeyboardInterrupt

    return handler


def _parse(nlp: Language, texts: list[Titled], n_process: int) -> list[Extraction]:
    return extract_all(nlp, texts, n_process=n_process)


def auto_processes(n_texts: int) -> int:
    """Both cores pay off only once there is enough text to amortize loading a second model."""
    return 1 if n_texts < 300 else max(1, min(2, os.cpu_count() or 1))


def load_pipeline(extractor: str = DEFAULT_EXTRACTOR) -> Language:
    """:func:`kg.nlp.pipeline.load_pipeline`, imported (with spaCy) only when needed."""
    from kg.nlp import pipeline

    return pipeline.load_pipeline(extractor=extractor)


def extract_papers(
    papers: Sequence[Paper],
    report: BuildReport,
    lap: Callable[[str], None],
    *,
    cache_dir: Path | None,
    dask: str | None,
    nlp: Language | None,
    n_process: int,
    progress: Progress | None,
    extractor: str = DEFAULT_EXTRACTOR,
    ahead: PipelineAhead | None = None,
) -> list[Extraction]:
    """Extractions for every paper: from the cache when seen before, else parsed here or on Dask.

    ``ahead`` is the pipeline already loading in a child, used for a few new abstracts; while
    they are parsed, this process computes the term keys resolution needs for the cached ones.
    """
    texts = [Titled(p.abstract, p.title) for p in papers]
    fingerprint = pipeline_fingerprint(english_model(), extractor)
    store = ExtractionCache(cache_dir, fingerprint) if cache_dir is not None else None
    try:
        with collector_paused():
            found: list[Extraction | None] = store.get_many(texts) if store is not None else [None] * len(texts)
        missing = [i for i, e in enumerate(found) if e is None]
        report.parsed, report.cached = len(missing), len(texts) - len(missing)
        lap("cache lookup")
        if not missing:
            return [e for e in found if e is not None]
        todo = [texts[i] for i in missing]
        if dask is not None:
            fresh = extract_on_dask(dask, todo, extractor=extractor, progress=progress)
            lap("parse and extract")
        elif ahead is not None and auto_processes(len(todo)) == 1:
            ahead.send(todo, n_process)
            key_terms(e for e in found if e is not None)
            fresh = ahead.result()
            lap("load model and parse")
        else:
            if ahead is not None:
                ahead.cancel()  # parsing this many wants every core
            if nlp is None:
                nlp = load_pipeline(extractor=extractor)
            lap("load model")
            fresh = extract_all(nlp, todo, n_process=n_process or auto_processes(len(todo)), progress=progress)
            lap("parse and extract")
        for i, extraction in zip(missing, fresh, strict=True):
            found[i] = extraction
        if store is not None:
            store.put_many(zip(todo, fresh, strict=True))
        return [e for e in found if e is not None]
    finally:
        if store is not None:
            store.close()


STAGING = ".kg-staging-"
#: Rough relative time each format takes to write, to share them out between processes.
EXPORT_COST = {"html": 3, "graphml": 3, "ttl": 2}


def write_exports(
    graph: nx.MultiDiGraph, out_dir: Path, formats: Iterable[str], stem: str = "graph"
) -> dict[Path, float]:
    """Write each format to ``out_dir/<stem><suffix>``; seconds taken per format.

    Everything is written into a staging folder first and moved into place only when every
    export is complete, so an interrupted build leaves the previous exports as they were.
    With two formats or more and a second core, forked children write some of them: they start
    from this process's memory, so the graph is not copied over, and only the seconds come back.
    """
    names = list(dict.fromkeys(formats))
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in out_dir.glob(STAGING + "*"):  # left by a build that was killed
        shutil.rmtree(stale, ignore_errors=True)
    staging = Path(tempfile.mkdtemp(prefix=STAGING, dir=out_dir))
    try:
        cores = os.cpu_count() or 1
        own, *others = _share_out(names, processes=cores + 1 if cores > 1 and can_fork() else 1)
        with ExitStack() as children:
            jobs = [children.enter_context(Forked(partial(_write, graph, staging, share, stem))) for share in others]
            taken = _write(graph, staging, own, stem)
            for job in jobs:
                taken |= job.result()
        for path in sorted(staging.iterdir()):
            os.replace(path, out_dir / path.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return {out_dir / f"{stem}{EXPORTERS[name].suffix}": taken[name] for name in names}


def _share_out(names: list[str], processes: int) -> list[list[str]]:
    """The formats in at most ``processes`` shares of about equal time (longest first), the
    longest share first. One more process than cores: the three default formats take unequal
    times, and the scheduler evens out three processes on two cores better than any split in two.
    """
    shares: list[list[str]] = [[] for _ in range(max(1, min(processes, len(names))))]
    for name in sorted(names, key=lambda n: -EXPORT_COST.get(n, 1)):
        min(shares, key=lambda s: sum(EXPORT_COST.get(n, 1) for n in s)).append(name)
    return shares


def _write(graph: nx.MultiDiGraph, folder: Path, names: list[str], stem: str) -> dict[str, float]:
    taken: dict[str, float] = {}
    for name in names:
        exporter = EXPORTERS[name]
        start = time.perf_counter()
        exporter.write(graph, folder / f"{stem}{exporter.suffix}")
        taken[name] = time.perf_counter() - start
    return taken


def build(
    inputs: Sequence[Path],
    out_dir: Path | None,
    *,
    input_format: str | None = None,
    formats: Iterable[str] = BUILD_FORMATS,
    n_process: int = 1,
    nlp: Language | None = None,
    progress: Progress | None = None,
    on_problem: Callable[[Problem], None] | None = None,
    link: bool = True,
    cache_dir: Path | None = None,
    dask: str | None = None,
    extractor: str = DEFAULT_EXTRACTOR,
    min_confidence: float | None = None,
    thesauri: Sequence[Path] = (),
) -> tuple[nx.MultiDiGraph, BuildReport]:
    """Read ``inputs``, extract, resolve, and write the exports into ``out_dir``.

    ``n_process`` 0 chooses by input size; ``cache_dir`` reuses extractions of abstracts seen
    before; ``dask`` is a scheduler address to run parsing and extraction on; ``extractor``
    names the extraction pipeline (see :data:`kg.nlp.extractors.EXTRACTORS`); ``thesauri`` are
    thesaurus files (:mod:`kg.io.thesaurus`) whose rules correct the resolved graph, in order,
    before it is linked. They change nothing upstream: the cached extractions stay valid.
    Entities and relations whose confidence is below ``min_confidence`` are left out; None takes
    each one's default (the entity model's threshold; for relations, their statements' score,
    combined over papers in :func:`kg.graph.build.build_graph`, must reach
    :data:`kg.records.DEFAULT_MIN_CONFIDENCE`). A relation's confidence is then its statement's
    weighed by its two ends' (:mod:`kg.graph.relation_weights`), and a given ``min_confidence``
    applies to that too. An entity a thesaurus rule kept, renamed or merged into stays.
    """
    report = BuildReport()
    formats = list(formats)
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        report.seconds[name] = now - clock
        clock = now

    # Loading the model takes longer than reading and the cache lookup: start it alongside, in
    # case only a few abstracts are new (the usual rebuild).
    wanted = cache_dir is not None and nlp is None and dask is None
    with pipeline_ahead(partial(load_pipeline, extractor=extractor), _parse, wanted) as ahead:
        # Imported only now, while the pipeline loads in its child: networkx alone takes 0.1 s.
        from kg.graph.build import build_graph
        from kg.graph.clusters import add_clusters
        from kg.graph.confidence import drop_unnamed_relations, drop_unsure, load_model, score_entities
        from kg.graph.generic_heads import drop_generic_heads
        from kg.graph.hidden_labels import hide_colliding_short_forms
        from kg.graph.named_inside import link_about
        from kg.graph.naming import link_broader, link_named
        from kg.graph.relation_weights import weigh_relations
        from kg.graph.thesaurus import apply_thesaurus, check_rule
        from kg.graph.trends import add_years
        from kg.nlp.lexicon import load_lexicon, word_not_name
        from kg.vocab.link import known_definitions, link_graph, type_by_vocabulary, vocabulary_kinds

        with collector_paused():
            read = read_papers(inputs, input_format)
            thesaurus = read_thesauri(thesauri, check=check_rule)
        report.papers, report.duplicates = len(read.papers), read.duplicates
        report.problems, report.warnings = read.problems, read.warnings + thesaurus.problems
        if on_problem is not None:
            for problem in sorted(read.problems + read.warnings, key=lambda p: p.where) + thesaurus.problems:
                on_problem(problem)
        if not read.papers:
            skipped = f" ({len(read.problems)} records skipped)" if read.problems else ""
            raise InputError(f"no abstracts found in the input{skipped}")
        lap("read")
        with collector_paused():
            definitions = known_definitions() if link else []  # reads the vocabularies, while the model loads
            import_writers(formats)
        lap("vocabularies")
        extractions = extract_papers(
            read.papers,
            report,
            lap,
            cache_dir=cache_dir,
            dask=dask,
            nlp=nlp,
            n_process=n_process,
            progress=progress,
            extractor=extractor,
            ahead=ahead,
        )
    with collector_paused():
        graph = build_graph(
            read.papers,
            extractions,
            definitions,
            junk=load_lexicon().junk,
            min_confidence=DEFAULT_MIN_CONFIDENCE if min_confidence is None else min_confidence,
            kinds=vocabulary_kinds,
            retype=type_by_vocabulary if link else None,
        )
        lap("resolve and build graph")
        if thesaurus.rules:
            for rule, outcome in zip(thesaurus.rules, apply_thesaurus(graph, thesaurus.rules), strict=True):
                (report.rules_applied if outcome.applied else report.rules_unmatched).append(
                    f"{rule.where}: {outcome.detail}"
                )
            lap("thesaurus")
        hide_colliding_short_forms(graph)
        if link:
            link_graph(graph)
            lap("link vocabularies")
        score_entities(graph, not_name=word_not_name)
        threshold = load_model().threshold if min_confidence is None else min_confidence
        report.unsure = drop_unsure(graph, threshold) if threshold > 0 else 0
        lap("entity confidence")
        link_named(graph)
        drop_generic_heads(graph)  # "regularization technique" where the paper names regularization
        link_about(graph)
        drop_unnamed_relations(graph)  # what a paper states of what it no longer names
        weigh_relations(graph, min_confidence or 0.0)  # a relation is as sure as its statement and its ends
        link_broader(graph)
        lap("link named entities")
        add_years(graph)
        add_clusters(graph)
        lap("clusters")
        if out_dir is not None and formats:
            for path, seconds in write_exports(graph, out_dir, formats).items():
                report.outputs.append(path)
                report.seconds[f"write {path.suffix.lstrip('.')}"] = seconds
    report.nodes_by_type = Counter(d["type"] for _, d in graph.nodes(data=True))
    report.edges_by_type = Counter(k for _, _, k in graph.edges(keys=True))
    return graph, report
