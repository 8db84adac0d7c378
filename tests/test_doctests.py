"""Every example in kg's docstrings runs, so the documentation cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

KG = Path(__file__).resolve().parents[1] / "kg"
MODULES = sorted(
    ".".join(("kg", *p.relative_to(KG).with_suffix("").parts)).removesuffix(".__init__")
    for p in KG.rglob("*.py")
    if ">>>" in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
