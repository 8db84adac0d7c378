"""Readers: abstracts from plain text, JSON, JSONL and CSV files into :class:`kg.records.Paper`."""

from kg.io.read import FORMATS, InputError, read_papers

__all__ = ["FORMATS", "InputError", "read_papers"]
