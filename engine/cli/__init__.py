"""The command line: ``python -m engine score|smatch TEST GOLD``, ``trace|explain TEST GOLD``,
``matrix FILE...``, ``compare A B GOLD``, ``session CREATE|SUMMARY|EXPORT DB`` and ``demo [NAME]``;
the grammar (:mod:`.arguments`) and the commands (:mod:`.score`, :mod:`.smatch`, :mod:`.trace`,
:mod:`.matrix`, :mod:`.compare`, :mod:`.session`, :mod:`.demo`),
of which only the one given is imported: a run loads only the code it uses."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from typing import NoReturn

from ..runtime.process import (
    exit_without_teardown,
    import_first,
    no_collection_during_start_up,
    one_blas_thread_at_load,
    tune_for_scoring,
)
from .arguments import PROG, build_parser, log_level
from .common import all_cores

__all__ = ["EXIT_INTERNAL_ERROR", "graphagree", "main"]

EXIT_INTERNAL_ERROR = 1  # a bug, not the input: logged with its traceback
log = logging.getLogger(__name__)


def graphagree() -> NoReturn:
    """The installed ``graphagree`` command: :func:`main` with that name in its usage and error
    lines, the process set up and ended as ``python -m engine`` does (:mod:`engine.__main__`)."""
    no_collection_during_start_up()
    one_blas_thread_at_load()  # NumPy is not loaded yet: the command's module loads it
    exit_without_teardown(main(prog="graphagree"))


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    """Run one command. The messages meant for the user (problems, warnings, notes) are written
    on stderr as they are; diagnostics go through :mod:`logging` (``--log-level``, ``-v``), and so
    does an unexpected error, with its traceback (exit status 1)."""
    args = build_parser(prog, lazy=True).parse_args(argv)
    all_cores(args)
    logging.basicConfig(level=log_level(args), stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    try:
        run = _command(args.command)
        tune_for_scoring()  # once the command's modules are loaded: they are frozen with the rest
        return run(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
    except Exception:
        log.critical(
            "%s stopped on an unexpected error (please report it with this message)", args.command, exc_info=True
        )
        return EXIT_INTERNAL_ERROR


WITHOUT_NUMPY = ("smatch", "demo")  # the commands whose modules do not import NumPy (it would cost them ~40 ms)


def _command(name: str) -> Callable[[argparse.Namespace], int]:
    """The function that runs the sub-command ``name``, its module imported now (NumPy first,
    when the command uses it: :func:`~engine.runtime.process.import_first`)."""
    if name not in WITHOUT_NUMPY:
        import_first("numpy")
    if name == "smatch":
        from .smatch import run_smatch

        return run_smatch
    if name == "matrix":
        from .matrix import run_matrix

        return run_matrix
    if name == "session":
        from .session import run_session

        return run_session
    if name == "compare":
        from .compare import run_compare

        return run_compare
    if name == "demo":
        from .demo import run_demo

        return run_demo
    if name in ("trace", "explain"):
        from .trace import run_explain, run_trace

        return run_trace if name == "trace" else run_explain
    from .score import run_score

    return run_score
