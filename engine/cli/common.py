"""What every command shares: options with their domain checks, messages on stderr, writing
the result (stdout or a file), and the exit status for input problems."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TextIO, get_args

from ..params import ANCAST, DScorerProfile, Params, SolverOptions, in_range, range_text
from ..read import FORMAT_CHOICES, PAIR_BY, LoadedPairs, load_pairs
from ..registry import METRIC, time_limit_key

__all__ = [
    "EXIT_INPUT_ERROR",
    "add_alignment_options",
    "add_drs_options",
    "add_input_options",
    "add_jobs",
    "add_pair_arguments",
    "add_time_limits",
    "alignment_params",
    "all_cores",
    "checked_number",
    "drs_params",
    "load",
    "open_result",
    "say",
    "solver_params",
    "write_result",
]

EXIT_INPUT_ERROR = 2


def say(line: str) -> None:
    """One line on stderr (a problem, a warning, a note)."""
    print(line, file=sys.stderr)


def load(args: argparse.Namespace, lazy: bool) -> LoadedPairs:
    """The pairs of TEST and GOLD as the options say, each warning said on stderr."""
    loaded = load_pairs(args.test, args.gold, args.format_in, args.pair_by, lazy=lazy)
    for warning in loaded.warnings:
        say(f"warning: {warning}")
    return loaded


def open_result(path: str | None) -> TextIO | None:
    """Where the result goes: stdout without a path, else the file, or None after saying why
    it cannot be written."""
    if not path:
        return sys.stdout
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        say(f"error: {path}: cannot write: {error.strerror or error}")
        return None


def write_result(path: str | None, text: str) -> int:
    """Write the result (see :func:`open_result`): 0, or EXIT_INPUT_ERROR when it cannot be written."""
    handle = open_result(path)
    if handle is None:
        return EXIT_INPUT_ERROR
    handle.write(text)
    if handle is not sys.stdout:
        handle.close()
    return 0


def checked_number(kind: Callable[[str], float], low: float, high: float = math.inf, low_open: bool = False):
    """An argparse type: a finite number of ``kind`` in [low, high] ((low, high] if ``low_open``),
    checked as :class:`engine.params.Params` checks its values."""

    def convert(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not in_range(value, low, high, low_open):
            raise argparse.ArgumentTypeError(f"must be {range_text(low, high, low_open)}, got {text}")
        return value

    return convert


def add_input_options(command: argparse.ArgumentParser, what: str = "graphs") -> None:
    """``--format-in`` and ``--pair-by``."""
    command.add_argument(
        "--format-in",
        choices=FORMAT_CHOICES,
        default="auto",
        help="input format: AMR/PENMAN, UMR or DRS clauses (default: detected from the first file; "
        "*.clf and files starting with a %% comment or a clause are DRS)",
    )
    command.add_argument(
        "--pair-by",
        choices=PAIR_BY,
        default="auto",
        help=f"pair {what} by '# ::id' or by position (default auto: by id when every graph of every file has a "
        "unique id and the files share ids, else by position, with a warning)",
    )


def add_pair_arguments(command: argparse.ArgumentParser) -> None:
    """TEST and GOLD, ``--output`` and the input options."""
    command.add_argument("test", help="test (system or annotator A) file")
    command.add_argument("gold", help="gold (reference or annotator B) file")
    command.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    add_input_options(command)


def add_alignment_options(command: argparse.ArgumentParser) -> None:
    """γ, α, β and the sources of initial anchors (``score``, ``trace``, ``explain``)."""
    paper, reference = Params(), Params.for_profile(ANCAST)
    command.add_argument(
        "--gamma", type=checked_number(float, 0.0, 1.0), help=f"sense coefficient in [0, 1] (default {paper.gamma})"
    )
    command.add_argument(
        "--alpha", type=checked_number(float, 0.0), help=f"similarity bias, >= 0 (default {paper.alpha})"
    )
    command.add_argument(
        "--beta",
        type=checked_number(float, 0.0),
        help=f"broadcast bias, >= 0 (default {paper.beta}; {reference.beta} under ancast-0.1.1)",
    )
    command.add_argument("--no-text", action="store_true", help="ignore '# ::snt' text when finding initial anchors")
    command.add_argument("--no-alignments", action="store_true", help="ignore token alignments (~e.N) for anchors")


def alignment_params(args: argparse.Namespace) -> dict:
    """The :class:`~engine.params.Params` fields the alignment options give: γ, α, β where
    given, and the sources of initial anchors."""
    fields = {name: getattr(args, name) for name in ("gamma", "alpha", "beta") if getattr(args, name) is not None}
    fields["use_text"] = not args.no_text
    if args.no_alignments:
        fields["use_alignments"] = False
    return fields


def add_jobs(command: argparse.ArgumentParser) -> None:
    """``--jobs``: worker processes (at least 1; default all cores: :func:`all_cores`)."""
    command.add_argument(
        "--jobs",
        "-j",
        type=checked_number(int, 1),
        default=None,
        help="worker processes for scoring (default: one per core)",
    )


def all_cores(args: argparse.Namespace) -> None:
    """A command's ``--jobs`` given no value: one per core of this machine (the grammar's default
    is None, so that it reads the same on every machine)."""
    if getattr(args, "jobs", 0) is None:
        args.jobs = os.cpu_count() or 1


def _weights(text: str) -> tuple[float, ...]:
    """``w0,w1,...,wn``: numbers >= 0, comma-separated."""
    number = checked_number(float, 0.0)
    return tuple(number(part) for part in text.split(","))


def add_drs_options(command: argparse.ArgumentParser) -> None:
    """The options of Counter and DScorer (DRS input only)."""
    defaults = Params()
    drs = command.add_argument_group("DRS input (Counter and DScorer)")
    drs.add_argument(
        "--dscorer-profile",
        choices=get_args(DScorerProfile),
        default=defaults.dscorer_profile,
        help="paper: DScorer as the paper defines it (default); reference: the numbers of the public "
        "DRSScorer code (docs/metrics.md lists the differences)",
    )
    drs.add_argument(
        "--dscorer-n",
        type=checked_number(int, 1),
        default=defaults.dscorer_n,
        help=f"DScorer's highest k-gram order n (default {defaults.dscorer_n})",
    )
    drs.add_argument(
        "--dscorer-weights",
        type=_weights,
        metavar="W0,...,WN",
        help="DScorer's n + 1 weights w_0..w_n, comma-separated (default 0.1, then 0.9/n each)",
    )
    drs.add_argument(
        "--drs-include-ref",
        action="store_true",
        help="Counter also counts REF clauses (Counter's -ic/--include_ref option)",
    )
    add_time_limits(drs)


def _time_limited() -> list[str]:
    """The metrics whose time limit is a user parameter (:attr:`engine.registry.Metric.time_limit_option`)."""
    return [key for key, metric in METRIC.items() if metric.time_limit_option and metric.solver is not None]


def add_time_limits(group) -> None:
    """``--KEY-time-limit`` for each metric whose time limit is a user parameter."""
    for key in _time_limited():
        metric, default = METRIC[key], METRIC[key].solver
        assert default is not None
        group.add_argument(
            "--" + time_limit_key(key).replace("_", "-"),
            type=checked_number(float, 0.0, low_open=True),
            default=default.time_limit,
            help=f"seconds per pair for {metric.title}'s optimal mapping, counted as work (the same result in every "
            "run); a pair not proven optimal within it keeps the best mapping found, with a warning "
            f"(default {default.time_limit:g})",
        )


def solver_params(args: argparse.Namespace) -> dict[str, SolverOptions]:
    """The metrics' solver options the time-limit options change from their defaults."""
    solvers = {}
    for key in _time_limited():
        default = METRIC[key].solver
        assert default is not None
        options = replace(default, time_limit=getattr(args, time_limit_key(key)))
        if options != default:
            solvers[key] = options
    return solvers


def drs_params(args: argparse.Namespace) -> dict:
    """The :class:`~engine.params.Params` fields the DRS options give."""
    return {
        "dscorer_profile": args.dscorer_profile,
        "dscorer_n": args.dscorer_n,
        "dscorer_weights": args.dscorer_weights,
        "drs_include_ref": args.drs_include_ref,
    }
