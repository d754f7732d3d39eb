"""What every command shares: options with their domain checks, messages on stderr, writing
the result (stdout or a file), and the exit status for input problems."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from typing import TextIO

from ..params import in_range, range_text
from ..read import FORMAT_CHOICES, PAIR_BY

__all__ = ["EXIT_INPUT_ERROR", "add_input_options", "add_jobs", "checked_number", "open_result", "say", "write_result"]

EXIT_INPUT_ERROR = 2


def say(line: str) -> None:
    """One line on stderr (a problem, a warning, a note)."""
    print(line, file=sys.stderr)


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
        help="input format: AMR/PENMAN or UMR (default: detected from the first file)",
    )
    command.add_argument(
        "--pair-by",
        choices=PAIR_BY,
        default="auto",
        help=f"pair {what} by '# ::id' or by position (default auto: by id when every graph of every file has a "
        "unique id and the files share ids, else by position, with a warning)",
    )


def add_jobs(command: argparse.ArgumentParser) -> None:
    """``--jobs``: worker processes (at least 1; default all cores)."""
    command.add_argument(
        "--jobs",
        "-j",
        type=checked_number(int, 1),
        default=os.cpu_count() or 1,
        help="worker processes for scoring (default: all %(default)s cores)",
    )
