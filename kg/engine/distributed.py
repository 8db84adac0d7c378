"""Parsing and extraction on a Dask distributed cluster (``kg build --dask ADDRESS``).

Each worker loads the pipeline once and extracts chunks of abstracts; the client gathers the
extractions in input order, so the graph is the same as a local build's. Workers need kg and
its English model installed (the same environment as the client).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kg.records import Extraction, Titled

_PIPELINES: dict[str, Any] = {}


def _extract_chunk(texts: list[Titled], extractor: str) -> list[dict[str, list[list[object]]]]:
    from kg.nlp.extract import extract
    from kg.nlp.pipeline import load_pipeline
    from kg.nlp.titled import titled_docs

    if extractor not in _PIPELINES:
        _PIPELINES[extractor] = load_pipeline(extractor=extractor)
    nlp = _PIPELINES[extractor]
    return [extract(doc).to_json() for doc in nlp.pipe(titled_docs(nlp, texts))]


def extract_on_dask(
    address: str,
    texts: Sequence[Titled],
    *,
    chunk_size: int = 64,
    extractor: str = "fast",
    progress: Callable[[int, int], None] | None = None,
) -> list[Extraction]:
    """Extract every abstract (with its title) on the cluster at ``address`` (e.g. ``tcp://10.0.0.5:8786``)."""
    from dask.distributed import Client, as_completed

    chunks = [list(texts[i : i + chunk_size]) for i in range(0, len(texts), chunk_size)]
    results: list[list[Extraction]] = [[] for _ in chunks]
    done = 0
    with Client(address, timeout="30s") as client:
        futures = client.map(_extract_chunk, chunks, extractor=extractor, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for future in as_completed(futures):
            i = index[future.key]
            results[i] = [Extraction.from_json(x) for x in future.result()]
            done += len(chunks[i])
            if progress is not None:
                progress(done, len(texts))
    return [e for chunk in results for e in chunk]
