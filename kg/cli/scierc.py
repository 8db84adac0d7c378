"""``kg evaluate scierc``: score the learned extractor on SciERC's gold annotations."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from kg.cli.app import Extractor, app, guard
from kg.io import InputError
from kg.nlp.extractors import EXTRACTORS, MENTION_MODELS, RELATION_MODELS


class Benchmark(StrEnum):
    scierc = "scierc"


@app.command()
@guard
def evaluate(
    benchmark: Annotated[Benchmark, typer.Argument(help="The annotation scheme of FILE.", show_default=False)],
    file: Annotated[Path, typer.Argument(help="Gold annotations, e.g. SciERC's dev.json.", show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    extractor: Annotated[
        Extractor, typer.Option(help="The learned extractor to score (fast or accurate; see kg build --help).")
    ] = "accurate",  # type: ignore[assignment]
) -> None:
    """Score kg's learned extractor against gold annotations (SciERC: entity and relation P/R/F1).

    Entities count when span and type are exact (nested spans included); relations are strict:
    both argument spans, their types and the relation label must be right, with predicted
    entities ("relations") and with gold entities ("relations_gold_entities").
    """
    import json

    import spacy

    from kg.nlp.evaluate import evaluate_scierc, format_scores
    from kg.nlp.extractors import english_model
    from kg.nlp.learned_models import add_learned

    models = EXTRACTORS[extractor.value]
    if models is None:
        raise InputError(f"the {extractor.value} extractor has no SciERC types to score; choose fast or accurate")
    if not file.is_file():
        raise InputError(f"{file}: no such file")
    base = spacy.load(english_model(), exclude=["ner"])
    nlp = add_learned(
        base, models or None, relations=RELATION_MODELS[extractor.value], mentions=MENTION_MODELS[extractor.value]
    )
    scores = evaluate_scierc(nlp, file)
    typer.echo(json.dumps(scores, indent=1, sort_keys=True) if as_json else format_scores(scores))
