"""The ``matrix`` command: several annotators' files of the same sentences scored against each
other (:mod:`engine.scoring.matrix`), printed as an agreement matrix with per-annotator and
per-sentence tables (:mod:`engine.output.matrix`), or, with ``--confusion``, the label
confusion of one pair of annotators.

Exit status as ``score``: 0 when every sentence was scored in every cell, 2 when an input
problem left a sentence out of some cells (each on stderr as ``FILE:LINE: what is wrong``)
or an option is out of its domain.
"""

from __future__ import annotations

import argparse
import json

from ..errors import InputError
from ..output.matrix import (
    confusion_csv,
    confusion_data,
    confusion_table,
    matrix_csv,
    matrix_data,
    matrix_table,
    problem_text,
)
from ..params import Params
from ..read import AnnotationSet, load_annotations
from ..registry import METRIC, requested_metrics
from ..scoring import check_profile
from ..scoring.matrix import MatrixResult, score_matrix
from .common import (
    EXIT_INPUT_ERROR,
    drs_params,
    say,
    solver_params,
    write_result,
)

__all__ = ["run_matrix"]


def _confusion_pair(annotations: AnnotationSet, named: list[str]) -> tuple[int, int]:
    if not named and len(annotations) == 2:
        return 0, 1
    if len(named) != 2:
        raise ValueError(f"--confusion needs two annotators, TEST and GOLD, of: {', '.join(annotations.names)}")
    return annotations.index(named[0]), annotations.index(named[1])


def _render(result: MatrixResult, args: argparse.Namespace) -> str:
    if args.confusion is not None:
        test, gold = _confusion_pair(result.annotations, args.confusion)
        labels = result.annotations.sentence_labels()
        data = confusion_data(result.confusion(test, gold), result.names[test], result.names[gold], labels)
        render = {"json": lambda d: json.dumps(d, indent=2, ensure_ascii=False) + "\n", "csv": confusion_csv}
        return render.get(args.format, confusion_table)(data)
    data = matrix_data(result, args.metric, args.ci, args.sort == "hardest", args.seed)
    if args.format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return matrix_csv(data, args.table) if args.format == "csv" else matrix_table(data)


def run_matrix(args: argparse.Namespace) -> int:
    try:
        metric = METRIC[args.metric]
        switched = {metric.key} if metric.optional and args.confusion is None else set()
        params = Params.for_profile(
            args.profile, optional_metrics=switched, solvers=solver_params(args), **drs_params(args)
        )
        annotations = load_annotations(args.files, args.format_in, args.pair_by, gold=args.gold)
        check_profile(annotations.format, params, annotations.paths[0])
        requested_metrics(metric.key, annotations.format, params)  # the input and profile have the metric
        if args.confusion is not None:
            _confusion_pair(annotations, args.confusion)  # a wrong name fails before scoring
    except (InputError, ValueError) as error:  # a file that cannot be used, too many files, an unknown name, ...
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    for warning in annotations.warnings:
        say(f"warning: {warning}")
    result = score_matrix(annotations, params, jobs=args.jobs)
    for problem in result.problems:
        say(problem_text(result, problem))
    if write_result(args.output, _render(result, args)):
        return EXIT_INPUT_ERROR
    return EXIT_INPUT_ERROR if result.problems else 0
