"""The extractors ``kg build --extractor`` offers (a table with no imports, so the CLI starts fast).

Each maps to the learned SciERC NER models it adds to the rules: ``None`` none (rules only),
``()`` every shipped model voting with its shipped settings, else the named models. ``fast``
is the default: it keeps ``kg build`` within its speed budget; ``accurate`` is the full vote.

:data:`RELATION_MODELS` names each extractor's relation classifier: ``"linear"`` the logistic
regression alone, ``"minilm"`` MiniLM averaged with it (needs ``pip install 'kg[transformer]'``).
"""

from __future__ import annotations

EXTRACTORS: dict[str, tuple[str, ...] | None] = {"fast": ("ner0",), "accurate": (), "rules": None}
DEFAULT_EXTRACTOR = "fast"
RELATION_MODELS: dict[str, str] = {"fast": "linear", "accurate": "minilm", "rules": "linear"}
