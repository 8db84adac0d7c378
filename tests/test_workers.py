"""Forked extraction workers give what one process gives, in order, and report a dead worker."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from kg.engine.workers import extract_in_workers
from kg.nlp.extract import extract
from kg.nlp.titled import titled_docs
from kg.records import Titled

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _examples() -> list[Titled]:
    records = [json.loads(line) for line in (EXAMPLES / "icml2025.jsonl").read_text().splitlines()]
    return [Titled(r["abstract"], r.get("title", "")) for r in records]


def test_workers_match_one_process_in_order(nlp):
    texts = _examples()
    seen: list[int] = []
    got = extract_in_workers(nlp, texts, 2, chunk_size=4, progress=lambda done, total: seen.append(done))
    assert got == [extract(doc) for doc in nlp.pipe(titled_docs(nlp, texts))]
    assert seen == sorted(seen) and seen[-1] == len(texts)


def test_a_worker_that_dies_is_an_error_not_a_hang(nlp):
    texts = _examples()

    def kill_a_worker(done: int, total: int) -> None:  # as the kernel's OOM killer would
        workers = multiprocessing.active_children()
        if workers:
            os.kill(workers[0].pid, signal.SIGKILL)

    with pytest.raises(BrokenProcessPool):
        extract_in_workers(nlp, texts * 3, 2, chunk_size=2, progress=kill_a_worker)
    assert not multiprocessing.active_children()


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_workers_end_with_a_parent_killed_by_sigkill(nlp):
    """A killed `kg build` used to leave its workers idle on their queue forever."""
    texts = _examples()
    receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)

    def parent() -> None:
        def die(done: int, total: int) -> None:
            send.send([w.pid for w in multiprocessing.active_children()])
            os.kill(os.getpid(), signal.SIGKILL)

        extract_in_workers(nlp, texts * 3, 2, chunk_size=2, progress=die)

    process = multiprocessing.get_context("fork").Process(target=parent)
    process.start()
    workers = receive.recv()
    process.join()
    assert process.exitcode == -signal.SIGKILL and workers
    deadline = time.monotonic() + 10
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:  # so a failure does not leave them holding pytest's output open
        os.kill(pid, signal.SIGKILL)
    assert not left
