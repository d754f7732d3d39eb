"""The command line's grammar: commands, options, and checks of every value's domain."""

from __future__ import annotations

import argparse

from ..matching import SOLVERS
from ..output.printers import PRINTERS
from ..params import ANCAST, PAPER, PROFILES, Params
from ..smatch import STANDARDIZATIONS
from .common import add_drs_options, add_input_options, add_jobs, checked_number
from .compare import add_compare_command
from .matrix import add_matrix_command
from .session import add_session_parser

__all__ = ["build_parser"]


class _Parser(argparse.ArgumentParser):
    """Usage mistakes in one line on stderr, exit status 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _common(command: argparse.ArgumentParser) -> None:
    command.add_argument("test", help="test (system or annotator A) file")
    command.add_argument("gold", help="gold (reference or annotator B) file")
    command.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    add_input_options(command)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m engine",
        description="Agreement between semantic-graph annotations (AnCast alignment and metrics, Smatch; "
        "Counter and DScorer for DRS).",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = commands.add_parser("score", help="score a test file against a gold file")
    _common(score)
    score.add_argument("--format", choices=sorted(PRINTERS), default="table", help="output format (default: table)")
    score.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default=PAPER,
        help="paper: the AnCast paper's equations (default); ancast-0.1.1: the reference package's "
        "numbers pair for pair (AMR input with '# ::snt' lines; see README)",
    )
    paper, reference = Params(), Params.for_profile(ANCAST)
    score.add_argument(
        "--gamma", type=checked_number(float, 0.0, 1.0), help=f"sense coefficient in [0, 1] (default {paper.gamma})"
    )
    score.add_argument(
        "--alpha", type=checked_number(float, 0.0), help=f"similarity bias, >= 0 (default {paper.alpha})"
    )
    score.add_argument(
        "--beta",
        type=checked_number(float, 0.0),
        help=f"broadcast bias, >= 0 (default {paper.beta}; {reference.beta} under ancast-0.1.1)",
    )
    score.add_argument("--no-text", action="store_true", help="ignore '# ::snt' text when finding initial anchors")
    score.add_argument("--no-alignments", action="store_true", help="ignore token alignments (~e.N) for anchors")
    score.add_argument(
        "--smatch",
        action="store_true",
        help="also compute classic Smatch under the optimal (ILP) alignment for every pair",
    )
    add_drs_options(score)
    add_jobs(score)
    smatch = commands.add_parser("smatch", help="Smatch of a test file against a gold file")
    _common(smatch)
    smatch.add_argument(
        "--solver",
        choices=SOLVERS,
        default="exact",
        help="exact: hill-climbing proven optimal by upper bounds, the integer program (SciPy milp/HiGHS) "
        "only where they differ; ilp: the integer program for every pair; hillclimb: the search alone "
        "(default: exact)",
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
        default=10.0,
        help="seconds per pair for the whole search, the integer program included; a pair not proven "
        "optimal by then keeps the best alignment found, with a warning (default 10)",
    )
    smatch.add_argument("--restarts", type=checked_number(int, 1), default=5, help="hill-climbing starts (default 5)")
    smatch.add_argument("--seed", type=int, default=1, help="seed of hill-climbing and bootstrap (default 1)")
    smatch.add_argument("--ci", action="store_true", help="bootstrap 95%% confidence interval of the micro F")
    smatch.add_argument(
        "--fine-grained",
        action="store_true",
        help="sub-scores: concepts, frames, named entities, negation, wiki, arguments, reentrancies, ...",
    )
    smatch.add_argument("--format", choices=("table", "json"), default="table")
    add_jobs(smatch)
    add_matrix_command(commands)
    add_compare_command(commands)
    add_session_parser(commands)
    return parser
