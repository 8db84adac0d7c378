"""The docstring examples of the readers hold (CI runs pytest without --doctest-modules)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["kg.io.formats", "kg.io.dedup", "kg.io.fields", "kg.io.bibtex", "kg.io.clean"])
def test_io_docstring_examples_hold(name: str):
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried and not failures
