"""The command line: ``python -m engine score|smatch TEST GOLD``, ``trace|explain TEST GOLD``,
``matrix FILE...`` and ``session CREATE|SUMMARY|EXPORT DB``; the grammar (:mod:`.arguments`)
and the commands (:mod:`.commands`, :mod:`.trace`, :mod:`.matrix`, :mod:`.session`)."""

from __future__ import annotations

import sys

from ..runtime.process import tune_for_scoring
from .arguments import build_parser
from .commands import run_score, run_smatch
from .matrix import run_matrix
from .session import run_session
from .trace import run_explain, run_trace

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tune_for_scoring()
    try:
        return {
            "smatch": run_smatch,
            "matrix": run_matrix,
            "session": run_session,
            "trace": run_trace,
            "explain": run_explain,
        }.get(args.command, run_score)(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
