"""kg's speed tricks, all in one place: each buys time a user waits for and costs clarity.

Figures from ``benchmarks/tricks.py`` (ICLR 2024, 2,271 abstracts, fast extractor, one 2-core
machine; each trick switched off alone, medians, same run): the time it saves on a rebuild after
adding 10 abstracts (about 4.2 s) and on a full build (about 47 s). A trick worth less than 3% of
either was removed.

TRICKS_TABLE

Not here, because they are not tricks but how kg uses two cores, each with its own tests:
parsing in forked workers (:mod:`kg.engine.workers`), exports written side by side in forked
children (:func:`kg.engine.build.write_exports`) and the Turtle writer (:mod:`kg.rdf.turtle`,
byte-identical to Oxigraph's). Forking is used only when no other thread runs
(:func:`kg.engine.forked.can_fork`), a safety rule: a lock held by another thread would be
copied into the child held forever.
"""

from __future__ import annotations

import atexit
import gc
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kg.engine.forked import Forked, can_fork
from kg.nlp.extractors import RELATION_MODELS
from kg.records import Extraction

if TYPE_CHECKING:
    import networkx as nx
    from spacy.language import Language


#: ``parse(nlp, texts, n_process)``: the extractions of ``texts`` (:func:`kg.engine.build.extract_all`).
Parse = Callable[["Language", list[str], int], list[Extraction]]


def freeze_at_exit() -> None:
    """At exit, move every object out of the collector's sight (``gc.freeze``).

    A build leaves millions of objects (the graph, the caches) that the interpreter's final
    collection would walk for nothing as the process ends. The CLI calls this; a library user
    whose process goes on keeps the collector as it is.
    """
    atexit.register(gc.freeze)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a while.

    Reading, resolution, the exports and a store's counts make millions of objects that live to
    the end and make no reference cycles worth collecting, yet each of the collector's full passes
    walks them all: with it paused a rebuild from the cache takes a third less time. Parsing (spaCy's
    objects) runs with the collector on.

    On the way out the objects made meanwhile go straight to the oldest generation (a freeze
    and unfreeze moves them without walking them): otherwise the next young collection walks all
    of them, 0.1 s after a conference-sized build. They are still collected when the oldest is.
    """
    was_enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.disable()
    gc.set_threshold(0)  # also paused should a library enable it meanwhile (srsly does, loading a model)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


@contextmanager
def torch_hidden(extractor: str) -> Iterator[None]:
    """Keep PyTorch out of spaCy if it is first imported in this block and ``extractor`` does
    not need PyTorch.

    thinc, under spaCy, imports PyTorch whenever it is installed (it is, with
    ``kg[transformer]``), though only the ``accurate`` extractor's MiniLM relations use it, and
    they import it themselves: that is about 0.9 s and 300 MB more per process, the larger part
    of a rebuild's start-up. The CLI wraps its commands in this; a program using kg as a library
    keeps thinc's PyTorch support, unless it asks for this too.
    """
    hide = RELATION_MODELS.get(extractor) != "minilm" and not {"spacy", "thinc", "torch"} & sys.modules.keys()
    if hide:
        sys.modules["torch"] = None  # type: ignore[assignment]  # makes `import torch` fail
    try:
        yield
    finally:
        if hide and sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]


#: networkx's cached views of a graph; each refers back to it.
_CACHED_VIEWS = ("adj", "succ", "pred", "edges", "out_edges", "in_edges", "degree", "in_degree", "out_degree", "nodes")


def drop_cached_views(graph: nx.Graph) -> None:
    """Forget the views networkx caches on a graph (``graph.nodes``, ``graph.edges``...).

    Each cached view refers back to its graph: a reference cycle, so a dropped graph waits for
    the cyclic garbage collector (at interpreter exit, a pass over everything). Without them it is
    freed the moment it is dropped. The views are made again on first use.
    """
    for name in _CACHED_VIEWS:
        vars(graph).pop(name, None)


class PipelineAhead:
    """The extraction pipeline, loading in a forked child from the start of a build.

    A rebuild finds all but a few abstracts in the cache, and loading the model for those few
    takes longer than reading the inputs and looking them up: this way the two overlap.
    :meth:`send` gives it the texts that were not in the cache, :meth:`result` waits for their
    extractions; :meth:`cancel` stops the child when it is not needed.
    """

    def __init__(self, load: Callable[[], Language], parse: Parse) -> None:
        receive, self._send = multiprocessing.get_context("fork").Pipe(duplex=False)

        def work() -> list[Extraction]:
            self._send.close()  # the child's copy; the parent closing its own is the child's EOF
            with collector_paused():  # importing spaCy and loading the model: ~0.1 s of collections
                nlp = load()
            texts, n_process = receive.recv()
            # The parent waits, so both cores are free; workers forked now share the loaded model.
            return parse(nlp, texts, n_process or min(len(texts), os.cpu_count() or 1))

        self._job = Forked(work, daemon=False)  # it starts workers; pipeline_ahead() always stops it
        receive.close()

    def send(self, texts: Sequence[str], n_process: int = 0) -> None:
        """The texts to parse, with ``n_process`` workers (0: one per core, up to one per text)."""
        try:
            self._send.send((list(texts), n_process))
        except OSError:
            pass  # the child has ended, failing to load the model: its result says why
        finally:
            self._send.close()

    def result(self) -> list[Extraction]:
        return self._job.result()

    def cancel(self) -> None:
        self._send.close()
        self._job.cancel()


@contextmanager
def pipeline_ahead(load: Callable[[], Language], parse: Parse, wanted: bool) -> Iterator[PipelineAhead | None]:
    """A :class:`PipelineAhead` if ``wanted`` and the platform can fork, else None; stopped on exit."""
    ahead = PipelineAhead(load, parse) if wanted and can_fork() else None
    try:
        yield ahead
    finally:
        if ahead is not None:
            ahead.cancel()
