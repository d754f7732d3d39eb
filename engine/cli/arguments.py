"""The command line's grammar: commands, options, and checks of every value's domain.

It imports only names and defaults, so that parsing the command line loads none of the code
that runs a command (:mod:`engine.cli` imports that for the command given)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from typing import Any, get_args

from ..about import VersionAction
from ..output.text import CsvTable, OutputFormat
from ..params import PAPER, PROFILES, SOLVERS, STANDARDIZATIONS, TESTS
from ..registry import METRIC, SMATCH, metric_choices, metrics, optional_metrics
from .common import (
    add_alignment_options,
    add_drs_options,
    add_input_options,
    add_jobs,
    add_pair_arguments,
    checked_number,
)

__all__ = ["DEFAULT_METRIC", "LOG_LEVELS", "PROG", "build_parser", "log_level"]

LOG_LEVELS = ("debug", "info", "warning", "error")
DEFAULT_METRIC = "labeled_relation"  # the matrix and compare commands'
PROG = "python -m engine"  # the installed command passes its own name, graphagree


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it: ``$COLUMNS`` when it is
    a positive number, else the width of the terminal on stdout, else ``fallback``."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        return (stdout is not None and os.get_terminal_size(stdout.fileno()).columns) or fallback
    except (ValueError, OSError):  # no terminal, or a closed stream
        return fallback


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as argparse makes it (the terminal's width less 2),
    the width found without :mod:`shutil`: argparse makes a formatter for every argument it adds,
    and the first loads shutil, which loads three compression modules (~1.8 ms of start-up)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """Usage mistakes in one line on stderr, exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def log_level(args: argparse.Namespace) -> int:
    """The logging level ``--log-level`` or ``-v`` asks for (warning by default)."""
    if args.log_level:
        return getattr(logging, args.log_level.upper())
    return (logging.WARNING, logging.INFO)[args.verbose] if args.verbose < 2 else logging.DEBUG


class _Unmade:
    """A lazy command's parser until the command line reaches it: what makes it (the keyword
    arguments of its parser class, as :meth:`argparse._SubParsersAction.add_parser` gives them)."""

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs


class _Commands(argparse._SubParsersAction):
    """The sub-commands. Each is named with its help at once (``--help`` lists them) and gets its
    parser and arguments at once, or under ``lazy`` only for the command given, when the command
    line reaches it. Making every command's parser and grammar costs a command's start-up about a
    millisecond (argparse looks up the translation of its messages, for each parser, and makes a
    help formatter for each argument), and a run parses one of them."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = False
        self._unmade: dict[str, Callable[[argparse.ArgumentParser], None]] = {}

    def add_command(self, name: str, add_arguments: Callable[[argparse.ArgumentParser], None], **kwargs: Any) -> None:
        """The command ``name`` (``kwargs`` as :meth:`add_parser`'s), its arguments added by
        ``add_arguments`` now, or when it is given if the commands are lazy: :meth:`add_parser`
        then names it and keeps its help as for any command, an :class:`_Unmade` in its parser's
        place."""
        if not self.lazy:
            add_arguments(self.add_parser(name, **kwargs))
            return
        parser_class, self._parser_class = self._parser_class, _Unmade
        try:
            self.add_parser(name, **kwargs)
        finally:
            self._parser_class = parser_class
        self._unmade[name] = add_arguments

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        name = values[0]
        if name in self._unmade:
            unmade = self.choices[name]
            assert isinstance(unmade, _Unmade)
            command = self.choices[name] = self._parser_class(**unmade.kwargs)
            self._unmade.pop(name)(command)
        super().__call__(parser, namespace, values, option_string)


def build_parser(prog: str = PROG, lazy: bool = False) -> argparse.ArgumentParser:
    """The grammar of every command, ``prog`` naming the program in usage and error lines; under
    ``lazy`` only the command given gets its arguments, when parsing reaches it (what a run
    needs, the same usage, help and errors)."""
    parser = _Parser(
        prog=prog,
        description="Agreement between semantic-graph annotations (AnCast alignment and metrics, Smatch; "
        "Counter and DScorer for DRS).",
    )
    parser.add_argument("--version", action=VersionAction)
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        help="diagnostics shown on stderr from this level on (default warning; -v info, -vv debug)",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more diagnostics (-vv: all of them)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, action=_Commands)
    assert isinstance(commands, _Commands)
    commands.lazy = lazy
    commands.add_command("score", _score_arguments, help="score a test file against a gold file")
    commands.add_command("smatch", _smatch_arguments, help="Smatch of a test file against a gold file")
    _add_matrix(commands)
    _add_trace(commands)
    _add_compare(commands)
    _add_session(commands)
    _add_demo(commands)
    return parser


def _score_arguments(score: argparse.ArgumentParser) -> None:
    """The arguments of ``score``."""
    add_pair_arguments(score)
    score.add_argument(
        "--format", choices=sorted(get_args(OutputFormat)), default="table", help="output format (default: table)"
    )
    score.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default=PAPER,
        help="paper: the AnCast paper's equations (default); ancast-0.1.1: the reference package's "
        "numbers pair for pair (AMR input with '# ::snt' lines; docs/metrics.md lists the differences)",
    )
    add_alignment_options(score)
    for metric in optional_metrics():
        assert metric.switch is not None
        score.add_argument(metric.switch.option, action="store_true", dest=metric.switch.dest, help=metric.switch.help)
    add_drs_options(score)
    add_jobs(score)


def _smatch_arguments(smatch: argparse.ArgumentParser) -> None:
    """The arguments of ``smatch``."""
    add_pair_arguments(smatch)
    defaults = METRIC[SMATCH].solver
    assert defaults is not None
    smatch.add_argument(
        "--solver",
        choices=SOLVERS,
        default=defaults.solver,
        help="exact: hill-climbing proven optimal by upper bounds, else by a branch and bound or the integer "
        "program over the pairings that can still improve it, within the time limit; ilp: the integer program "
        "(SciPy milp/HiGHS) for every pair; hillclimb: the search alone "
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
        help="seconds per pair for the whole search, counted as work (about that many seconds on the development "
        "machine; the same result in every run); a pair not proven optimal within it keeps the best alignment "
        f"found, with a warning (default {defaults.time_limit:g})",
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


def _add_demo(commands: _Commands) -> None:
    """Add ``demo`` to the command line's sub-commands."""
    commands.add_command(
        "demo",
        _demo_arguments,
        help="the bundled demo pairs: list them, or print one pair's two paths",
        description="Without NAME, list the demo pairs installed with graphagree (each folder with its NOTICE "
        "and licence); with NAME, print its test and gold file paths, one a line, e.g. for "
        "'score $(... demo smatch)'.",
    )


def _demo_arguments(demo: argparse.ArgumentParser) -> None:
    """The arguments of ``demo``."""
    demo.add_argument("name", nargs="?", metavar="NAME", help="a demo's name, as the list shows it")
    demo.set_defaults(demo_prog=demo.prog)


def _add_matrix(commands: _Commands) -> None:
    """Add ``matrix`` to the command line's sub-commands."""
    commands.add_command(
        "matrix",
        _matrix_arguments,
        help="agreement between several annotators' files of the same sentences",
        description="Score every pair of 2 to 20 annotators' files of the same sentences: the agreement "
        "matrix (row = test, column = gold), each annotator's mean agreement, each sentence's agreement.",
    )


def _matrix_arguments(matrix: argparse.ArgumentParser) -> None:
    """The arguments of ``matrix``."""
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


def _add_session(commands: _Commands) -> None:
    """Register ``session`` on the main parser's subcommands."""
    commands.add_command("session", _session_actions, help="adjudication sessions: CREATE, SUMMARY, EXPORT")


def _session_actions(session: argparse.ArgumentParser) -> None:
    """The actions of ``session`` and their arguments."""
    actions = session.add_subparsers(dest="action", required=True, parser_class=type(session))
    create = actions.add_parser("CREATE", aliases=["create"], help="make a session of annotation files")
    create.add_argument("db", help="the session file to make ('-': <first file>.adjudication.sqlite beside it)")
    create.add_argument("files", nargs="+", help="annotation files of the same sentences")
    create.add_argument("--gold", metavar="FILE", help="the gold/reference annotation (added if not among FILES)")
    create.add_argument("--author", default=None, help="the adjudicator's name (default: the login name)")
    create.add_argument(
        "--start",
        choices=("auto", "gold", "central", "first"),
        default="auto",
        help="annotation each sentence starts from (default auto: the gold, else the most central of three or "
        "more, else the first file's)",
    )
    add_input_options(create, what="sentences")
    summary = actions.add_parser("SUMMARY", aliases=["summary"], help="print a session's progress")
    summary.add_argument("db", help="the session file")
    summary.add_argument("--format", choices=("table", "json"), default="table")
    export = actions.add_parser("EXPORT", aliases=["export"], help="write the adjudicated corpus, log and report")
    export.add_argument("db", help="the session file")
    export.add_argument("--output", "-o", metavar="FILE", help="the adjudicated corpus (default: stdout)")
    export.add_argument("--log", metavar="FILE", help="the decisions log (JSON)")
    export.add_argument("--report", metavar="FILE", help="the session report (HTML)")


def _trace_options(command: argparse.ArgumentParser) -> None:
    """The arguments of ``trace``, which ``explain`` has too."""
    add_pair_arguments(command)
    command.add_argument(
        "--id",
        metavar="ID",
        help="the pair: its '# ::id', or its number (from 1: the # column of score's table, Pair N in the app); "
        "needed when the files hold more than one pair",
    )
    command.add_argument("--format", choices=("table", "json"), default="table", help="output format (default: table)")
    add_alignment_options(command)


def _add_trace(commands: _Commands) -> None:
    """Add ``trace`` and ``explain`` to the command line's sub-commands."""
    commands.add_command(
        "trace",
        _trace_options,
        help="one pair's alignment step by step",
        description="One pair's anchor-broadcast alignment step by step (paper profile): S, then for every "
        "round its anchors, the broadcast matrix A after every inner iteration, F and the new anchors with "
        "the rule that chose each; the finalisation's picks; the alignment score reports.",
    )
    commands.add_command(
        "explain",
        _explain_arguments,
        help="one cell of a pair's alignment with the numbers of every equation",
        description="Why a test node and a gold node have their A and F in a round: S with its terms, P and C "
        "as sums over named neighbour pairs, the root, the normalisation, F (paper profile).",
    )


def _explain_arguments(explain: argparse.ArgumentParser) -> None:
    """The arguments of ``explain``: ``trace``'s, and the cell, round and iteration."""
    _trace_options(explain)
    explain.add_argument("--test-node", required=True, metavar="V", help="the test node's variable")
    explain.add_argument("--gold-node", required=True, metavar="W", help="the gold node's variable")
    explain.add_argument("--round", type=checked_number(int, 1), default=1, metavar="R", help="the round (default 1)")
    explain.add_argument(
        "--iteration",
        type=checked_number(int, 1),
        metavar="K",
        help="the inner iteration of the round (default: the last, converged one)",
    )


def _add_compare(commands: _Commands) -> None:
    """Add ``compare`` to the command line's sub-commands."""
    commands.add_command(
        "compare",
        _compare_arguments,
        help="is the difference between two systems (or annotators) against one gold real?",
        description="Score A and B against GOLD sentence by sentence (paired by id, as matrix pairs "
        "them) and test the difference of their micro F1, F(B) - F(A): paired approximate "
        "randomisation or paired bootstrap (two-sided p-value), with the paired bootstrap's 95% "
        "interval of the difference.",
    )


def _compare_arguments(compare: argparse.ArgumentParser) -> None:
    """The arguments of ``compare``."""
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
    compare.add_argument(
        "--format", choices=sorted(get_args(OutputFormat)), default="table", help="output format (default table)"
    )
    compare.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    add_input_options(compare, what="sentences")
    compare.add_argument("--profile", choices=sorted(PROFILES), default=PAPER, help="scoring profile (see score)")
    add_drs_options(compare)
    add_jobs(compare)
