"""Run a function in a forked child process and collect its result.

This is how kg uses the second core for work that starts from the parent's memory as it is (a
built graph, say) without pickling it over: the child is a copy of the parent at the moment of the
fork. Only the result travels back, pickled through a pipe; an exception comes back too and is
raised again in the parent, with the child's traceback attached as a note.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    """Whether forking is available (Linux, macOS; not Windows) and safe: only this thread runs,
    so no lock another thread holds (imports, logging) is copied into the child held forever."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def die_with_parent(parent: int) -> None:
    """Have the kernel kill this process when its parent (pid ``parent``) ends, however it ends.

    Without this, a worker idle on its queue outlives a parent killed by SIGKILL, forever. Linux
    only; elsewhere it does nothing.
    """
    try:
        prctl = ctypes.CDLL(None).prctl
    except (OSError, AttributeError):
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before we asked
        os._exit(1)


def start_child(parent: int) -> None:
    """How each of kg's child processes starts: it dies with its parent (pid ``parent``), and
    leaves Ctrl-C to it (the parent reports the interruption and stops its children)."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Forked(Generic[T]):
    """``fn()`` running in a forked child; :meth:`result` waits for its value or raises its error.

    The child ignores SIGINT: on Ctrl-C the parent gets the KeyboardInterrupt and should
    :meth:`cancel` the child (``with Forked(fn) as job: ... job.result()`` does), so the
    interruption is reported once, by the parent.
    """

    def __init__(self, fn: Callable[[], T], *, daemon: bool = True) -> None:
        """``daemon``: stopped when the parent exits; but a daemon may not start processes of its own."""
        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_run, args=(fn, send, self._receive, os.getpid()), daemon=daemon)
        self._process.start()
        send.close()

    def result(self) -> T:
        try:
            ok, value = self._receive.recv()
        except EOFError:
            self._process.join()
            raise RuntimeError(f"a worker process died (exit code {self._process.exitcode})") from None
        finally:
            self._receive.close()
        self._process.join()
        if not ok:
            raise value
        return value

    def cancel(self) -> None:
        """Stop the child if it is still running."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._receive.close()

    def __enter__(self) -> Forked[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()


def _run(fn: Callable[[], Any], send: Connection, receive: Connection, parent: int) -> None:
    start_child(parent)
    receive.close()  # the parent's end: with it closed here, a parent that is gone is a broken pipe
    try:
        outcome: tuple[bool, Any] = (True, fn())
    except BaseException as err:
        err.add_note("in a worker process:\n" + "".join(traceback.format_exception(err)).rstrip())
        outcome = (False, err)
    try:
        send.send(outcome)
    except OSError:
        pass  # the parent is gone (killed, or stopped while starting us): nobody to tell
    except Exception as err:  # an exception or value that does not pickle
        send.send((False, RuntimeError(f"a worker process failed: {outcome[1]!r} ({err})")))
    send.close()
