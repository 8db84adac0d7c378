"""kg's speed tricks, all in one place: each buys time a user waits for and costs clarity.

What each buys, from ``benchmarks/tricks.py``: the ICLR 2024 rebuild after adding 10 abstracts
(2,271 abstracts, fast extractor, 2 cores; each trick switched off alone, median of 5 runs,
variants interleaved in one run, 2026-12-01, with the machine lightly loaded, load 1.5). The
rebuild now takes about 10 s (clusters, confidence and the relation evidence were added this
session), and runs of the same variant spread over +-2 s, so only effects of about a second
stand out. Where this run cannot tell, the figure measured alone on a quiet machine on 2026-11-30
(session 3) is given beside it.

=========================  ================================  ===============================
trick                      this run (saves / share)          measured alone, 2026-11-30
=========================  ================================  ===============================
collector_paused           +1.44 s / +14.3%                  a third of a 4.2 s rebuild
torch_hidden               -0.99 s / -9.8% (noise)           0.85 s of spaCy's import, 445 MB
PipelineAhead              +0.06 s / +0.6% (noise)           0.4 s: the model loads meanwhile
=========================  ================================  ===============================

Removed after this run, each below 3% of the rebuild in it: ``gc.freeze`` at exit (-0.2%;
session 3 measured 0.35 s of a 4.2 s rebuild), dropping networkx's cached views (-8.9%, noise)
and the configs that skipped spaCy's throw-away tokenizers (-2.9%; 0.07 s, 1.7%, in session 3).
torch_hidden and PipelineAhead stay on their session-3 figures until a quiet machine measures
them again.

Not here, because they are not tricks but how kg uses two cores, each with its own tests:
parsing in forked workers (:mod:`kg.engine.workers`), exports written side by side in forked
children (:func:`kg.engine.build.write_exports`) and the Turtle writer (:mod:`kg.rdf.turtle`,
byte-identical to Oxigraph's). Forking is used only when no other thread runs
(:func:`kg.engine.forked.can_fork`), a safety rule: a lock held by another thread would be
copied into the child held forever.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kg.engine.forked import Forked, can_fork
from kg.nlp.extractors import RELATION_MODELS
from kg.records import Extraction, Titled

if TYPE_CHECKING:
    from spacy.language import Language


#: ``parse(nlp, texts, n_process)``: the extractions of ``texts``, abstracts with their titles
#: (:func:`kg.engine.build.extract_all`).
Parse = Callable[["Language", list[Titled], int], list[Extraction]]


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

    def send(self, texts: Sequence[Titled], n_process: int = 0) -> None:
        """The abstracts (with their titles) to parse, with ``n_process`` workers (0: one per core,
        up to one per text)."""
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
