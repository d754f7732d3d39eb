"""Running per-pair work in worker processes, results in order."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sized
from contextlib import contextmanager

from .process import one_blas_thread_meanwhile, single_threaded_blas

__all__ = ["PARALLEL_WORK", "ordered_map", "worth_processes"]

log = logging.getLogger(__name__)
PARALLEL_WORK = 60_000  # Σ |V_T|·|V_G| below which starting processes costs more than it saves


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

    log.debug("scoring in %d worker processes", jobs)
    if "fork" in multiprocessing.get_all_start_methods():
        # forked workers inherit the BLAS thread setting, so set it once here (and restore it after)
        with one_blas_thread_meanwhile(), multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield lambda function, items: pool.imap(function, items, chunksize=chunks(items))
        return
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=single_threaded_blas) as pool:
        yield lambda function, items: pool.imap(function, items, chunksize=chunks(items))
