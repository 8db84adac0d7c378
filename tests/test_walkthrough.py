"""examples/walkthrough.py, the Python API's walk-through, runs as a user would run it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_walkthrough_runs_and_writes_its_exports(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "walkthrough.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "<KnowledgeGraph: 19 papers" in done.stdout
    assert "contributions, e.g. {" in done.stdout
    for name in ("graph.ttl", "graph.html", "graph.graphml", "graph.gexf", "graph.json"):
        assert (tmp_path / name).stat().st_size > 0
