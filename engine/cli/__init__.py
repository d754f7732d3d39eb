"""The command line: ``python -m engine score|smatch TEST GOLD``, ``trace|explain TEST GOLD``,
``matrix FILE...``, ``compare A B GOLD`` and ``session CREATE|SUMMARY|EXPORT DB``; the grammar
(:mod:`.arguments`) and the commands (:mod:`.commands`, :mod:`.trace`, :mod:`.matrix`,
:mod:`.compare`, :mod:`.session`)."""

from __future__ import annotations

import logging
import sys

from ..runtime.process import tune_for_scoring
from .arguments import build_parser, log_level
from .commands import run_score, run_smatch
from .compare import run_compare
from .matrix import run_matrix
from .session import run_session
from .trace import run_explain, run_trace

__all__ = ["EXIT_INTERNAL_ERROR", "main"]

EXIT_INTERNAL_ERROR = 1  # a bug, not the input: logged with its traceback
log = logging.getLogger(__name__)


def main(argv: list[str] | None = None) -> int:
    """Run one command. The messages meant for the user (problems, warnings, notes) are written
    on stderr as they are; diagnostics go through :mod:`logging` (``--log-level``, ``-v``), and so
    does an unexpected error, with its traceback (exit status 1)."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=log_level(args), stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    tune_for_scoring()
    try:
        commands = {
            "smatch": run_smatch,
            "matrix": run_matrix,
            "compare": run_compare,
            "session": run_session,
            "trace": run_trace,
            "explain": run_explain,
        }
        return commands.get(args.command, run_score)(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
    except Exception:
        log.critical(
            "%s stopped on an unexpected error (please report it with this message)", args.command, exc_info=True
        )
        return EXIT_INTERNAL_ERROR
