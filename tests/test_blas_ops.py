"""kg's own models multiply on numpy's BLAS with one thread (kg.nlp.blas_ops): the same products
as thinc's BLIS, in every layout thinc asks for, and the shipped SciERC tok2vec uses them."""

from __future__ import annotations

import numpy as np
import pytest
from spacy.language import Language
from thinc.api import NumpyOps
from threadpoolctl import threadpool_info

from kg.nlp.blas_ops import BlasOps, one_thread


@pytest.mark.parametrize(("trans1", "trans2"), [(False, False), (True, False), (False, True), (True, True)])
def test_gemm_is_thincs_product(trans1: bool, trans2: bool) -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((7, 5) if not trans1 else (5, 7)).astype("f")
    y = rng.standard_normal((5, 3) if not trans2 else (3, 5)).astype("f")
    want = NumpyOps().gemm(x, y, trans1=trans1, trans2=trans2)
    assert np.allclose(BlasOps().gemm(x, y, trans1=trans1, trans2=trans2), want, atol=1e-5)
    out = np.zeros((7, 3), dtype="f")
    assert BlasOps().gemm(x, y, out=out, trans1=trans1, trans2=trans2) is out
    assert np.allclose(out, want, atol=1e-5)


def test_one_thread_limits_blas_and_restores_it() -> None:
    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    if not blas:
        pytest.skip("numpy loaded no BLAS library that threadpoolctl can limit")
    before = [lib["num_threads"] for lib in blas]
    with one_thread():
        assert all(lib["num_threads"] == 1 for lib in threadpool_info() if lib["user_api"] == "blas")
    assert [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"] == before


def test_scierc_tok2vec_multiplies_on_blas(nlp: Language) -> None:
    ensemble = nlp.get_pipe("scierc_mentions")
    tok2vec = ensemble.models[0].get_pipe("tok2vec")  # type: ignore[attr-defined]
    assert all(isinstance(node.ops, BlasOps) for node in tok2vec.model.walk())
    # en_core_web_sm runs as spaCy loads it
    assert not any(isinstance(node.ops, BlasOps) for node in nlp.get_pipe("tok2vec").model.walk())  # type: ignore[attr-defined]
    doc = nlp("We evaluate the Transformer on the CIFAR-10 dataset with stochastic gradient descent.")
    assert ("stochastic gradient descent", "Method") in {(s.text, s.label_) for s in doc.spans["sc"]}
