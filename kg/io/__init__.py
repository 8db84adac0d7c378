"""Readers: paper records from text, JSON, CSV, BibTeX, RIS, CSL-JSON, arXiv, OpenReview and
Semantic Scholar files into :class:`kg.records.Paper` (the table is :data:`kg.io.formats.FORMATS`)."""

from kg.io.formats import FORMATS, InputError
from kg.io.read import read_papers

__all__ = ["FORMATS", "InputError", "read_papers"]
