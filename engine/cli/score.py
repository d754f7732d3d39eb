"""The ``score`` command: read and pair, score every metric of the run, print pair by pair;
problems on stderr, one a line.

Exit status: 0 when every pair was scored, 2 when any input problem was found (each
printed on stderr as ``FILE:LINE: what is wrong``; the other pairs are still scored and
printed) or an option is out of its domain.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError
from ..output.drs import counter_warning
from ..output.printers import PRINTERS, pair_row, print_corpus, summary_from
from ..params import Params
from ..registry import COUNTER, optional_metrics, solver_options
from ..scoring import ScoreStream, check_profile, score_corpus
from .common import EXIT_INPUT_ERROR, alignment_params, drs_params, load, open_result, say, solver_params

__all__ = ["run_score"]


def _params(args: argparse.Namespace) -> Params:
    switched = {metric.key for metric in optional_metrics() if metric.switch and getattr(args, metric.switch.dest)}
    return Params.for_profile(
        args.profile,
        optional_metrics=switched,
        solvers=solver_params(args),
        **alignment_params(args),
        **drs_params(args),
    )


def _warn_ignored_switches(params: Params, format: str) -> None:
    """A warning for each optional metric asked for that does not read ``format`` input."""
    for metric in optional_metrics():
        if metric.switch and params.computes(metric.key) and format not in metric.inputs:
            say(metric.switch.ignored_warning(format))


def run_score(args: argparse.Namespace) -> int:
    try:
        params = _params(args)
    except ValueError as error:  # options fine one by one, not together (DScorer's weights and n)
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    try:
        loaded = load(args, lazy=True)
        check_profile(loaded.format, params, args.test)
    except InputError as error:
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    _warn_ignored_switches(params, loaded.format)
    handle = open_result(args.output)  # before scoring: an unwritable output fails at once
    if handle is None:
        return EXIT_INPUT_ERROR
    try:
        printer = PRINTERS[args.format](handle)
        if loaded.documents:  # UMR: document-level scores need every sentence's alignment
            for pair in loaded.pairs:
                for problem in pair.errors:
                    say(f"{problem} (pair {pair.number} not scored)")
            corpus = score_corpus(loaded.pairs, params, documents=loaded.documents, jobs=args.jobs)
            print_corpus(corpus, printer)
            return EXIT_INPUT_ERROR if corpus.errors else 0
        stream = ScoreStream(loaded.pairs, params, pair_row, jobs=args.jobs, format=loaded.format)
        printer.begin(params, loaded.format)
        time_limit = solver_options(params, COUNTER).time_limit
        for row, problems in stream:
            for problem in problems:
                say(f"{problem} (pair {row.item['index'] + 1} not scored)")
            warning = counter_warning(row.item, time_limit)
            if warning:
                say(warning)
            printer.pair(row)
        printer.end(summary_from(stream.totals, stream.count, stream.errors, loaded.format == "drs"))
        return EXIT_INPUT_ERROR if stream.errors else 0
    finally:
        if handle is not sys.stdout:
            handle.close()
