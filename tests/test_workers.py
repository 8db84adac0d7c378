"""Forked extraction workers give what one process gives, in order, and report a dead worker."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from kg.nlp.extract import extract
from kg.workers import extract_in_workers

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_workers_match_one_process_in_order(nlp):
    texts = [json.loads(line)["abstract"] for line in (EXAMPLES / "icml2025.jsonl").read_text().splitlines()]
    seen: list[int] = []
    got = extract_in_workers(nlp, texts, 2, chunk_size=4, progress=lambda done, total: seen.append(done))
    assert got == [extract(doc) for doc in nlp.pipe(texts)]
    assert seen == sorted(seen) and seen[-1] == len(texts)


def test_a_worker_that_dies_is_an_error_not_a_hang(nlp):
    texts = [json.loads(line)["abstract"] for line in (EXAMPLES / "icml2025.jsonl").read_text().splitlines()]

    def kill_a_worker(done: int, total: int) -> None:  # as the kernel's OOM killer would
        workers = multiprocessing.active_children()
        if workers:
            os.kill(workers[0].pid, signal.SIGKILL)

    with pytest.raises(BrokenProcessPool):
        extract_in_workers(nlp, texts * 3, 2, chunk_size=2, progress=kill_a_worker)
    assert not multiprocessing.active_children()
