"""The learned SciERC components added to a pipeline, as each extractor asks for them.

:func:`add_learned` places the mention component (the NER vote, or the vote combined with
MiniLM's span scores) and the relation component (the logistic regression, or MiniLM averaged
with it) before ``kg_mentions``; :mod:`kg.nlp.learned` then maps their output into kg's.
The MiniLM modules are imported only when asked for, so the default build never imports torch.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from spacy.language import Language

from kg.nlp.linear import load_linear
from kg.nlp.mention_vote import MENTION_COMPONENT, MentionEnsemble
from kg.nlp.relation_classifier import RELATION_COMPONENT, RelationClassifier
from kg.nlp.scierc import MODEL_DIR


def add_learned(
    nlp: Language,
    models: Iterable[str] | None = None,
    path: Path = MODEL_DIR,
    relations: str = "linear",
    mentions: str = "vote",
) -> Language:
    """Add the SciERC mention and relation components before ``kg_mentions``.

    ``models`` names the NER models to vote with (``"ner0"``...); ``None`` takes every shipped
    model with its shipped vote settings; named models keep every span they predict, typed by
    the shipped span typer. ``mentions="minilm"`` combines every model's votes with MiniLM's span
    scores (:mod:`kg.nlp.transformer_mentions`); ``relations`` is ``"linear"`` (the logistic
    regression) or ``"minilm"`` (MiniLM averaged with it); both MiniLMs need torch.
    """
    if relations not in ("linear", "minilm") or mentions not in ("vote", "minilm"):
        raise ValueError(f"relations and mentions must be 'linear'/'vote' or 'minilm', not {relations!r}, {mentions!r}")
    before = "kg_mentions" if "kg_mentions" in nlp.pipe_names else None
    if mentions == "minilm":
        from kg.nlp import transformer_mentions  # noqa: F401 (the factory)

        cast(Any, nlp.add_pipe("kg_minilm_mentions", name=MENTION_COMPONENT, before=before)).from_disk(path)
    elif models is None:
        ment = cast(MentionEnsemble, nlp.add_pipe("kg_scierc_mentions", name=MENTION_COMPONENT, before=before))
        ment.from_disk(path / "mentions")
    else:
        ment = cast(MentionEnsemble, nlp.add_pipe("kg_scierc_mentions", name=MENTION_COMPONENT, before=before))
        ment.min_votes, ment.label_votes = 1, {}
        for name in models:
            ment.add_model(path / "mentions" / name)
        if (path / "mentions" / "typer").is_dir():
            ment.typer = load_linear(path / "mentions" / "typer")
    if relations == "minilm":
        from kg.nlp import transformer_relations  # noqa: F401 (the factory)

        cast(Any, nlp.add_pipe("kg_minilm_relations", name=RELATION_COMPONENT, before=before)).from_disk(path)
        return nlp
    rel = cast(RelationClassifier, nlp.add_pipe("kg_scierc_relations", name=RELATION_COMPONENT, before=before))
    rel.from_disk(path / "relations")
    return nlp
