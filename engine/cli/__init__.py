"""The command line, ``python -m engine score|smatch TEST GOLD [options]``: the grammar
(:mod:`.arguments`) and the commands (:mod:`.commands`)."""

from __future__ import annotations

import sys

from ..runtime.process import tune_for_scoring
from .arguments import build_parser
from .commands import run_score, run_smatch
from .session import run_session

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tune_for_scoring()
    try:
        if args.command == "session":
            return run_session(args)
        return run_smatch(args) if args.command == "smatch" else run_score(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
