"""Parse abstracts on several cores: forked workers that send back extractions, not Docs.

``nlp.pipe(n_process=N)`` sends every parsed Doc back to the parent (its arrays, spans and
tensors serialized and rebuilt), though kg needs only the small extraction records; that costs
about a fifth more CPU than the parsing itself. Here each worker is forked after the pipeline is
loaded (so it shares the loaded model), parses a chunk of abstracts, and returns their
:class:`~kg.records.Extraction` records. Results come back in input order.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from kg.engine.forked import start_child
from kg.records import Extraction, Titled

if TYPE_CHECKING:
    from spacy.language import Language

_NLP: Language | None = None  # the pipeline, as the workers inherit it from the parent


def _extract_chunk(texts: list[Titled], batch_size: int) -> list[Extraction]:
    from kg.nlp.extract import extract
    from kg.nlp.titled import titled_docs

    assert _NLP is not None
    return [extract(doc) for doc in _NLP.pipe(titled_docs(_NLP, texts), batch_size=batch_size)]


def stop_workers(seconds: float = 5.0) -> None:
    """Terminate this process's workers, again while the pool's manager thread still starts or holds one."""
    deadline = time.monotonic() + seconds
    while (children := multiprocessing.active_children()) and time.monotonic() < deadline:
        for child in children:
            child.terminate()
            child.join(timeout=1)


def extract_in_workers(
    nlp: Language,
    texts: Sequence[Titled],
    n_process: int,
    *,
    batch_size: int = 32,
    chunk_size: int = 64,
    progress: Callable[[int, int], None] | None = None,
) -> list[Extraction]:
    """Extractions of ``texts`` computed by ``n_process`` forked workers, in input order."""
    global _NLP
    _NLP = nlp
    chunk_size = max(1, min(chunk_size, -(-len(texts) // n_process)))  # a few texts: one chunk per worker
    chunks = [list(texts[i : i + chunk_size]) for i in range(0, len(texts), chunk_size)]
    out: list[Extraction] = []
    context = multiprocessing.get_context("fork")
    executor = ProcessPoolExecutor(n_process, mp_context=context, initializer=start_child, initargs=(os.getpid(),))
    # The workers' collector leaves alone what they inherit (the loaded pipeline, the papers): it
    # would walk all of it on each full pass, and writing to it copies the shared pages.
    gc.freeze()
    try:
        for part in executor.map(_extract_chunk, chunks, [batch_size] * len(chunks)):
            out.extend(part)
            if progress is not None:
                progress(len(out), len(texts))
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        stop_workers()
        raise
    finally:
        _NLP = None
        gc.unfreeze()
    executor.shutdown()
    return out
