"""Running per-pair work in worker processes, results in order.

The caller consumes the results one by one as they come, in order, so its progress callback
and its cancel check run between results as they would in one process; leaving the
:func:`ordered_map` block early (a cancel) stops the workers at once.

Work is handed to the workers a few chunks ahead of the results read, not all at once: with every
chunk queued, ``Pool``'s feeding thread is almost always writing into a full pipe, and
``Pool.terminate`` can then wait for it for ever (CPython issue #73945: the pipe is drained once,
while the workers it would feed are being killed). Should a pool still not stop within a few
seconds, its workers are killed and its threads, which are daemon threads, left behind.

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
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from multiprocessing.pool import ApplyResult, Pool

from .process import one_blas_thread_meanwhile, single_threaded_blas

__all__ = ["PARALLEL_WORK", "ordered_map", "start_workers_from_server", "worth_processes"]

log = logging.getLogger(__name__)
PARALLEL_WORK = 60_000  # Σ |V_T|·|V_G| below which starting processes costs more than it saves
SERVER_PRELOAD = ("engine.scoring",)  # what the server of start_workers_from_server loads for every worker
_start_method: str | None = None  # None: fork the calling program where possible
CHUNKS_PER_WORKER = 8  # a corpus is cut into this many chunks per worker (fewer for a small one)
AHEAD_PER_WORKER = 2  # chunks handed out per worker beyond the results read
STOP_PATIENCE_S = 5.0  # how long a pool may take to stop before its workers are killed


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


def _apply_each(function: Callable, batch: list) -> list:
    return [function(item) for item in batch]


class _HandsOut(Protocol):
    """What :func:`_fed_map` needs of a pool: ``apply_async`` (a test hands in a counting stand-in)."""

    def apply_async(self, func: Callable, args: tuple) -> ApplyResult: ...


def _fed_map(pool: _HandsOut, jobs: int, function: Callable, items: Iterable) -> Iterator:
    """``pool.imap(function, items)`` in chunks of len(items) / (8 jobs) items, at most 2 jobs of them
    handed out beyond the results read (see the module docstring)."""
    size = max(1, len(items) // (CHUNKS_PER_WORKER * jobs)) if isinstance(items, Sized) else 1
    remaining = iter(items)
    handed: deque[ApplyResult[list]] = deque()

    def hand_out() -> None:
        batch = list(islice(remaining, size))
        if batch:
            handed.append(pool.apply_async(_apply_each, (function, batch)))

    for _ in range(AHEAD_PER_WORKER * jobs):
        hand_out()
    while handed:
        results = handed.popleft().get()
        hand_out()
        yield from results


def _stop(pool: Any, patience: float = STOP_PATIENCE_S) -> None:
    """``pool.terminate()``, waiting at most ``patience`` seconds for it; past that its workers are
    killed and the terminating thread (a daemon) left to itself."""
    stopper = threading.Thread(target=pool.terminate, name="stop-worker-pool", daemon=True)
    stopper.start()
    stopper.join(patience)
    if stopper.is_alive():
        workers = [worker for worker in getattr(pool, "_pool", ()) if worker.exitcode is None]
        log.warning("the worker pool did not stop within %.0f s; killing its %d workers", patience, len(workers))
        for worker in workers:
            worker.kill()


@contextmanager
def _pool(pool: Pool) -> Iterator[Pool]:
    try:
        yield pool
    finally:
        _stop(pool)


@contextmanager
def ordered_map(jobs: int) -> Iterator[Callable]:
    """A ``map(function, items)`` that runs in ``jobs`` worker processes (in
    this one for 1), results in order; the function must be picklable."""
    if jobs <= 1:
        yield map
        return
    import multiprocessing

    method = _method()
    log.debug("scoring in %d worker processes (%s)", jobs, method)
    if method == "fork":
        # forked workers inherit the BLAS thread setting, so set it once here (and restore it after)
        with one_blas_thread_meanwhile(), _pool(multiprocessing.get_context("fork").Pool(jobs)) as pool:
            yield lambda function, items: _fed_map(pool, jobs, function, items)
        return
    with _pool(multiprocessing.get_context(method).Pool(jobs, initializer=single_threaded_blas)) as pool:
        yield lambda function, items: _fed_map(pool, jobs, function, items)
