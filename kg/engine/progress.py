"""A one-line progress display with rate and ETA for terminals; silent in pipes and CI."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call with ``(done, total)``; redraws at most ten times a second."""

    def __init__(self, label: str, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.1 and done < total):
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = done / elapsed
        eta = (total - done) / rate if rate > 0 else 0.0
        width = 24
        filled = int(width * done / max(total, 1))
        line = (
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
            f"  {rate:.0f}/s  ETA {int(eta) // 60}:{int(eta) % 60:02d} "
        )
        self.stream.write(line)
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
