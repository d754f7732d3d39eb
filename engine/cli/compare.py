"""The ``compare`` command: two systems' (or annotators') files A and B against one GOLD file -
each metric's micro scores, the difference F(B) − F(A), its p-value (paired approximate
randomisation or paired bootstrap) and the bootstrap's 95 % interval
(:mod:`engine.comparison`), printed as JSON, a table or CSV
(:mod:`engine.output.comparison`).

Exit status as ``matrix``: 0 when every sentence was scored in both cells, 2 when an input
problem left a sentence out (each on stderr as ``FILE:LINE: what is wrong``; the other
sentences are still compared) or an option is out of its domain.
"""

from __future__ import annotations

import argparse

from ..comparison import compare_files
from ..errors import InputError
from ..output.comparison import comparison_csv, comparison_json, comparison_table
from ..output.matrix import problem_text
from ..params import Params
from .common import EXIT_INPUT_ERROR, drs_params, say, solver_params, write_result

__all__ = ["run_compare"]

PRINTERS = {"json": comparison_json, "table": comparison_table, "csv": comparison_csv}


def run_compare(args: argparse.Namespace) -> int:
    try:
        params = Params.for_profile(args.profile, solvers=solver_params(args), **drs_params(args))
        comparison = compare_files(
            args.a,
            args.b,
            args.gold,
            args.metric,
            args.test,
            args.trials,
            args.seed,
            params,
            args.format_in,
            args.pair_by,
            args.jobs,
        )
    except (InputError, ValueError) as error:  # a file that cannot be used, a metric the input lacks, ...
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    for warning in comparison.matrix.annotations.warnings:
        say(f"warning: {warning}")
    problems = comparison.problems
    for problem in problems:
        say(problem_text(comparison.matrix, problem))
    if write_result(args.output, PRINTERS[args.format](comparison)):
        return EXIT_INPUT_ERROR
    return EXIT_INPUT_ERROR if problems else 0
