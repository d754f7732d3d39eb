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
from typing import get_args

from ..errors import InputError
from ..output.matrix import (
    CsvTable,
    confusion_csv,
    confusion_data,
    confusion_table,
    matrix_csv,
    matrix_data,
    matrix_table,
    problem_text,
)
from ..params import PAPER, PROFILES, Params
from ..read import AnnotationSet, load_annotations
from ..registry import METRIC, metrics, requested_metrics
from ..scoring import check_profile
from ..scoring.matrix import MatrixResult, score_matrix
from .common import (
    EXIT_INPUT_ERROR,
    add_drs_options,
    add_input_options,
    add_jobs,
    drs_params,
    say,
    solver_params,
    write_result,
)

__all__ = ["add_matrix_command", "run_matrix"]

DEFAULT_METRIC = "labeled_relation"


def add_matrix_command(commands) -> None:
    """Add ``matrix`` to the command line's sub-commands."""
    matrix = commands.add_parser(
        "matrix",
        help="agreement between several annotators' files of the same sentences",
        description="Score every pair of 2 to 20 annotators' files of the same sentences: the agreement "
        "matrix (row = test, column = gold), each annotator's mean agreement, each sentence's agreement.",
    )
    matrix.add_argument("files", nargs="+", metavar="FILE", help="annotation files (AMR/PENMAN, UMR or DRS)")
    matrix.add_argument(
        "--metric",
        choices=metrics(),
        default=DEFAULT_METRIC,
        help=f"the score shown (default {DEFAULT_METRIC}); smatch also computes optimal Smatch, which is slower; "
        "counter and dscorer are for DRS clause files",
    )
    matrix.add_argument("--gold", metavar="FILE", help="the gold (reference) file: one of FILE, or one more")
    matrix.add_argument("--format", choices=("table", "json", "csv"), default="table", help="output format")
    matrix.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    add_input_options(matrix, what="sentences")
    matrix.add_argument("--profile", choices=sorted(PROFILES), default=PAPER, help="scoring profile (see score)")
    add_drs_options(matrix)
    add_jobs(matrix)
    matrix.add_argument("--ci", action="store_true", help="95%% bootstrap interval of every cell's micro F1")
    matrix.add_argument("--seed", type=int, default=1, help="seed of the bootstrap (default 1)")
    matrix.add_argument(
        "--sort", choices=("order", "hardest"), default="order", help="sentences in file order or hardest first"
    )
    matrix.add_argument(
        "--table",
        choices=get_args(CsvTable),
        default="cells",
        help="with --format csv: one row per cell, per annotator or per sentence (default cells)",
    )
    matrix.add_argument(
        "--confusion",
        nargs="*",
        metavar="ANNOTATOR",
        help="print the label confusion of TEST against GOLD (names or files, after the FILEs; none needed for "
        "two files) instead of the matrix",
    )


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
