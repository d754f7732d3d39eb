"""The command line's grammar: commands, options, and checks of every value's domain."""

from __future__ import annotations

import argparse
import logging

from ..matching import SOLVERS
from ..output.printers import PRINTERS
from ..params import PAPER, PROFILES
from ..registry import METRIC, SMATCH, optional_metrics
from ..smatch import STANDARDIZATIONS
from .common import add_alignment_options, add_drs_options, add_jobs, add_pair_arguments, checked_number
from .compare import add_compare_command
from .matrix import add_matrix_command
from .session import add_session_parser
from .trace import add_trace_commands

__all__ = ["LOG_LEVELS", "build_parser", "log_level"]

LOG_LEVELS = ("debug", "info", "warning", "error")


class _Parser(argparse.ArgumentParser):
    """Usage mistakes in one line on stderr, exit status 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def log_level(args: argparse.Namespace) -> int:
    """The logging level ``--log-level`` or ``-v`` asks for (warning by default)."""
    if args.log_level:
        return getattr(logging, args.log_level.upper())
    return (logging.WARNING, logging.INFO)[args.verbose] if args.verbose < 2 else logging.DEBUG


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m engine",
        description="Agreement between semantic-graph annotations (AnCast alignment and metrics, Smatch; "
        "Counter and DScorer for DRS).",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        help="diagnostics shown on stderr from this level on (default warning; -v info, -vv debug)",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more diagnostics (-vv: all of them)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = commands.add_parser("score", help="score a test file against a gold file")
    add_pair_arguments(score)
    score.add_argument("--format", choices=sorted(PRINTERS), default="table", help="output format (default: table)")
    score.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default=PAPER,
        help="paper: the AnCast paper's equations (default); ancast-0.1.1: the reference package's "
        "numbers pair for pair (AMR input with '# ::snt' lines; see README)",
    )
    add_alignment_options(score)
    for metric in optional_metrics():
        assert metric.switch is not None
        score.add_argument(metric.switch.option, action="store_true", dest=metric.switch.dest, help=metric.switch.help)
    add_drs_options(score)
    add_jobs(score)
    smatch = commands.add_parser("smatch", help="Smatch of a test file against a gold file")
    add_pair_arguments(smatch)
    defaults = METRIC[SMATCH].solver
    assert defaults is not None
    smatch.add_argument(
        "--solver",
        choices=SOLVERS,
        default=defaults.solver,
        help="exact: hill-climbing proven optimal by upper bounds, the integer program (SciPy milp/HiGHS) "
        "only where they differ; ilp: the integer program for every pair; hillclimb: the search alone "
        f"(default: {defaults.solver})",
    )
    smatch.add_argument(
        "--standardize",
        choices=STANDARDIZATIONS,
        default="none",
        help="none: classic Smatch, the triples smatch 1.0.4 reads; smatchpp: as Smatch++'s AMR standardiser "
        "(:domain as :mod, dereification, root concept, duplicates once)",
    )
    smatch.add_argument(
        "--time-limit",
        type=checked_number(float, 0.0, low_open=True),
        default=defaults.time_limit,
        help="seconds per pair for the whole search, the integer program included; a pair not proven "
        f"optimal by then keeps the best alignment found, with a warning (default {defaults.time_limit:g})",
    )
    smatch.add_argument(
        "--restarts",
        type=checked_number(int, 1),
        default=defaults.restarts,
        help=f"hill-climbing starts (default {defaults.restarts})",
    )
    smatch.add_argument(
        "--seed", type=int, default=defaults.seed, help=f"seed of hill-climbing and bootstrap (default {defaults.seed})"
    )
    smatch.add_argument("--ci", action="store_true", help="bootstrap 95%% confidence interval of the micro F")
    smatch.add_argument(
        "--fine-grained",
        action="store_true",
        help="sub-scores: concepts, frames, named entities, negation, wiki, arguments, reentrancies, ...",
    )
    smatch.add_argument("--format", choices=("table", "json"), default="table")
    add_jobs(smatch)
    add_matrix_command(commands)
    add_trace_commands(commands)
    add_compare_command(commands)
    add_session_parser(commands)
    return parser
