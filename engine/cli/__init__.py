"""The command line: ``python -m engine score|smatch TEST GOLD``, ``matrix FILE...``,
``compare A B GOLD`` and ``session CREATE|SUMMARY|EXPORT DB``; the grammar (:mod:`.arguments`)
and the commands (:mod:`.commands`, :mod:`.matrix`, :mod:`.compare`, :mod:`.session`)."""

from __future__ import annotations

import sys

from ..runtime.process import tune_for_scoring
from .arguments import build_parser
from .commands import run_score, run_smatch
from .compare import run_compare
from .matrix import run_matrix
from .session import run_session

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tune_for_scoring()
    try:
        commands = {"smatch": run_smatch, "matrix": run_matrix, "compare": run_compare, "session": run_session}
        return commands.get(args.command, run_score)(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
