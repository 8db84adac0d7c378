"""Work in a forked child: its value or its error comes back to the parent."""

from __future__ import annotations

import os
import threading
import time

import pytest

from kg.engine.forked import Forked, can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="no fork on this platform")


def test_forked_returns_the_value_computed_from_the_parents_memory():
    data = {"graph": list(range(1000))}
    assert Forked(lambda: sum(data["graph"])).result() == sum(range(1000))


def test_forked_raises_the_childs_error_in_the_parent():
    def broken() -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full") as caught:
        Forked(broken).result()
    assert any("in a worker process" in note for note in caught.value.__notes__)


def test_forked_child_that_dies_is_an_error():
    with pytest.raises(RuntimeError, match="exit code 3"):
        Forked(lambda: os._exit(3)).result()


def test_forked_cancel_stops_the_child():
    with Forked(lambda: time.sleep(60)) as job:
        pass
    assert not job._process.is_alive()


def test_forked_is_not_used_beside_other_threads():
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not can_fork()
    finally:
        release.set()
        other.join()


def test_forked_child_whose_parent_is_gone_leaves_quietly(capfd):
    job = Forked(lambda: time.sleep(0.5) or "x" * 1_000_000)  # more than a pipe holds
    job._receive.close()  # as if the parent had died
    job._process.join(timeout=10)
    assert job._process.exitcode == 0 and "Traceback" not in capfd.readouterr().err
