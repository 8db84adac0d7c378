"""kg: knowledge graphs of machine-learning research from paper abstracts.

The library's entry points are :func:`kg.build`, :func:`kg.load` and :class:`kg.KnowledgeGraph`
(from :mod:`kg.api`, imported on first use so that ``import kg.records`` stays light).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Entity", "KnowledgeGraph", "__version__", "build", "load"]

if TYPE_CHECKING:
    from kg.api import Entity, KnowledgeGraph, build, load


def __getattr__(name: str) -> Any:
    if name in {"Entity", "KnowledgeGraph", "build", "load"}:
        from kg import api

        return getattr(api, name)
    raise AttributeError(f"module 'kg' has no attribute {name!r}")
