"""Running per-pair work in worker processes, results in order.

The caller consumes the results one by one as they come, in order, so its progress callback
and its cancel check run between results as they would in one process; leaving the
:func:`ordered_map` block early (a cancel) stops the workers at once.

Worker processes are forked from the calling program when it calls from its main thread -
the quickest start, and they inherit everything already imported. A program with threads of
its own (the app: Qt's threads, the worker thread that scores) must not fork itself: the
child would hold a copy of every lock another thread held at that moment, never to be
released. Called from any other thread, workers are forked from a server process started for
the purpose, single-threaded (``forkserver``; ``spawn`` where there is none); such a program
calls :func:`start_workers_from_server` once, at start, so that the server loads the scoring
code once for all its workers (and so that the main thread never forks it either).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence, Sized
from contextlib import contextmanager

from .process import one_blas_thread_meanwhile, single_threaded_blas

__all__ = ["PARALLEL_WORK", "ordered_map", "start_workers_from_server", "worth_processes"]

log = logging.getLogger(__name__)
PARALLEL_WORK = 60_000  # Σ |V_T|·|V_G| below which starting processes costs more than it saves
SERVER_PRELOAD = ("engine.scoring",)  # what the server of start_workers_from_server loads for every worker
_start_method: str | None = None  # None: fork the calling program where possible


def start_workers_from_server(preload: Sequence[str] = SERVER_PRELOAD) -> str:
    """Start worker processes from a fork server from now on (see the module docstring), which
    loads ``preload`` once for all of them; the start method chosen, ``forkserver`` or
    ``spawn``."""
    import multiprocessing

    global _start_method
    _start_method = _server_method()
    if _start_method == "forkserver":
        multiprocessing.get_context("forkserver").set_forkserver_preload(list(preload))
    return _start_method


def _server_method() -> str:
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _method() -> str:
    """How workers start now (see the module docstring)."""
    import multiprocessing
    import threading

    if _start_method is not None:
        return _start_method
    forks = "fork" in multiprocessing.get_all_start_methods()
    return "fork" if forks and threading.current_thread() is threading.main_thread() else _server_method()


def worth_processes(sizes: list[tuple[int, int]]) -> bool:
    """Whether pairs of these (test, gold) sizes are worth worker processes."""
    return sum(test * gold for test, gold in sizes) >= PARALLEL_WORK and len(sizes) >= 4


@contextmanager
def ordered_map(jobs: int) -> Iterator[Callable]:
    """A ``map(function, items)`` that runs in ``jobs`` worker processes (in
    this one for 1), results in order; the function must be picklable."""
    if jobs <= 1:
        yield map
        return
    import multiprocessing

    def chunks(items: Sized) -> int:
        return max(1, len(items) // (8 * jobs))

    method = _method()
    log.debug("scoring in %d worker processes (%s)", jobs, method)
    if method == "fork":
        # forked workers inherit the BLAS thread setting, so set it once here (and restore it after)
        with one_blas_thread_meanwhile(), multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield lambda function, items: pool.imap(function, items, chunksize=chunks(items))
        return
    with multiprocessing.get_context(method).Pool(jobs, initializer=single_threaded_blas) as pool:
        yield lambda function, items: pool.imap(function, items, chunksize=chunks(items))
