"""Matrix products of kg's own thinc layers on numpy's BLAS, one thread.

thinc's :class:`~thinc.api.NumpyOps` multiplies with BLIS; on this kind of machine numpy's
OpenBLAS does a tok2vec layer's product (thousands of rows of 288 by 288) in about two thirds of
the CPU time. With more than one thread, though, OpenBLAS spends more CPU than BLIS (its threads
wait for one another, and kg's parsing workers already use every core), so the products run
inside :func:`one_thread`.

Only kg's own SciERC mention models use this (:mod:`kg.nlp.mention_vote`); en_core_web_sm runs
as spaCy loads it. The results differ from BLIS's in the last bits of a float.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from functools import cache
from typing import Any

import numpy as np
from thinc.api import Model, NumpyOps
from threadpoolctl import ThreadpoolController


class BlasOps(NumpyOps):
    """NumpyOps whose ``gemm`` is ``numpy.matmul``."""

    def gemm(self, x: Any, y: Any, out: Any = None, trans1: bool = False, trans2: bool = False) -> Any:
        a = x.T if trans1 else x
        b = y.T if trans2 else y
        if out is None:
            return np.matmul(a, b)
        np.matmul(a, b, out=out)
        return out


def use_blas(model: Model[Any, Any]) -> None:
    """Give every layer of ``model`` :class:`BlasOps`."""
    ops = BlasOps()
    for node in model.walk():
        node.ops = ops


@cache
def _controller() -> ThreadpoolController:
    return ThreadpoolController()


def one_thread() -> AbstractContextManager[Any]:
    """A context in which the BLAS libraries numpy loaded use one thread."""
    return _controller().limit(limits=1, user_api="blas")
