"""The command line, ``python -m engine score|smatch TEST GOLD [options]`` and ``python -m
engine matrix FILE... [options]``: the grammar (:mod:`.arguments`) and the commands
(:mod:`.commands`, :mod:`.matrix`)."""

from __future__ import annotations

import sys

from ..runtime.process import tune_for_scoring
from .arguments import build_parser
from .commands import run_score, run_smatch
from .matrix import run_matrix

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tune_for_scoring()
    try:
        return {"smatch": run_smatch, "matrix": run_matrix}.get(args.command, run_score)(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
