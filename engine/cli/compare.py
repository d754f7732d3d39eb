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

from ..comparison import TESTS, compare_files
from ..errors import InputError
from ..output.comparison import comparison_csv, comparison_json, comparison_table
from ..output.matrix import problem_text
from ..params import PAPER, PROFILES, Params
from ..registry import metric_choices
from .common import (
    EXIT_INPUT_ERROR,
    add_drs_options,
    add_input_options,
    add_jobs,
    checked_number,
    drs_params,
    say,
    write_result,
)

__all__ = ["add_compare_command", "run_compare"]

DEFAULT_METRIC = "labeled_relation"
PRINTERS = {"json": comparison_json, "table": comparison_table, "csv": comparison_csv}


def add_compare_command(commands) -> None:
    """Add ``compare`` to the command line's sub-commands."""
    compare = commands.add_parser(
        "compare",
        help="is the difference between two systems (or annotators) against one gold real?",
        description="Score A and B against GOLD sentence by sentence (paired by id, as matrix pairs "
        "them) and test the difference of their micro F1, F(B) - F(A): paired approximate "
        "randomisation or paired bootstrap (two-sided p-value), with the paired bootstrap's 95%% "
        "interval of the difference.",
    )
    compare.add_argument("a", metavar="A", help="the first system's or annotator's file")
    compare.add_argument("b", metavar="B", help="the second system's or annotator's file")
    compare.add_argument("gold", metavar="GOLD", help="the gold (reference) file")
    compare.add_argument(
        "--metric",
        choices=metric_choices(),
        default=DEFAULT_METRIC,
        help=f"the score compared (default {DEFAULT_METRIC}); all: every sentence-level metric of the input "
        "(Smatch for PENMAN input, which is slower; Counter and DScorer for DRS clause files)",
    )
    compare.add_argument(
        "--test",
        choices=TESTS,
        default="permutation",
        help="permutation: paired approximate randomisation, exact over all 2^n swaps when 2^n <= TRIALS; "
        "bootstrap: paired bootstrap (default: permutation)",
    )
    compare.add_argument(
        "--trials", type=checked_number(int, 1), default=10_000, help="trials and resamples (default 10000)"
    )
    compare.add_argument("--seed", type=int, default=1, help="seed of the trials and resamples (default 1)")
    compare.add_argument("--format", choices=sorted(PRINTERS), default="table", help="output format (default table)")
    compare.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    add_input_options(compare, what="sentences")
    compare.add_argument("--profile", choices=sorted(PROFILES), default=PAPER, help="scoring profile (see score)")
    add_drs_options(compare)
    add_jobs(compare)


def run_compare(args: argparse.Namespace) -> int:
    try:
        params = Params.for_profile(args.profile, **drs_params(args))
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
