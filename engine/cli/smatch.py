"""The ``smatch`` command: Smatch of every pair under the best variable mapping, the corpus
totals, and with the options the bootstrap interval and the fine-grained sub-scores.

Exit status as ``score``: 0 when every pair was scored, 2 for input problems (each on stderr
as ``FILE:LINE: what is wrong``; the other pairs are still scored) or an option out of its domain.
"""

from __future__ import annotations

import argparse
import json

from ..errors import InputError
from ..output.smatch import smatch_data, smatch_notes, smatch_table
from ..params import SolverOptions
from ..registry import METRIC, SMATCH
from ..smatch.scorer import smatch_corpus
from .common import EXIT_INPUT_ERROR, load, say, write_result

__all__ = ["run_smatch"]


def run_smatch(args: argparse.Namespace) -> int:
    try:
        loaded = load(args, lazy=True)
    except InputError as error:
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    if loaded.format not in METRIC[SMATCH].inputs:
        say(
            f"error: {args.test}: classic Smatch is not computed for {loaded.format.upper()} input (it reads PENMAN "
            f"graphs); Counter is its clause-level counterpart: python -m engine score {args.test} {args.gold}"
        )
        return EXIT_INPUT_ERROR
    pairs = loaded.pairs
    options = SolverOptions(args.solver, args.time_limit, args.restarts, args.seed)
    results = smatch_corpus(pairs, options, args.fine_grained, args.standardize, args.jobs)
    data = smatch_data(results, args.solver, args.standardize, args.ci, args.seed, args.fine_grained)
    for note in smatch_notes(results, args.solver, args.time_limit):
        say(note)
    text = json.dumps(data, indent=2) + "\n" if args.format == "json" else smatch_table(data)
    if write_result(args.output, text):
        return EXIT_INPUT_ERROR
    return EXIT_INPUT_ERROR if any(r.error for r in results) else 0
