"""Process-wide settings for scoring runs, applied by the entry points (the CLI,
the app, worker processes), never on import."""

from __future__ import annotations

import ctypes
import gc
import logging
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import NoReturn

# glibc's mallopt parameter numbers (malloc.h)
M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3


def keep_freed_memory() -> bool:
    """Ask glibc's allocator to reuse freed memory instead of handing it back to
    the system; True when it was asked, False where there is no glibc ``mallopt``.

    Each broadcast step on a large pair allocates a few arrays of 200-300 kB. By
    default glibc maps fresh pages for each and unmaps them when they are freed,
    and those page faults cost more than the step's arithmetic (about a fifth of
    aligning a corpus of 150-200-node graphs). Blocks under 16 MB then come from
    the heap, which keeps up to 64 MB free at its top."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):
        return False
    settings = ((M_MMAP_THRESHOLD, 16 << 20), (M_TRIM_THRESHOLD, 64 << 20), (M_TOP_PAD, 16 << 20))
    accepted = [mallopt(parameter, value) == 1 for parameter, value in settings]  # all asked, even after a refusal
    return all(accepted)


BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")


def one_blas_thread_at_load() -> None:
    """Ask for one BLAS thread through the variables BLAS libraries read when
    NumPy loads them (a value the user set is kept). Only effective before NumPy
    is imported, so the entry points call it first; then BLAS starts no threads
    at all, where limiting them later (:func:`single_threaded_blas`) leaves the
    ones already started spinning for a while (0.14 s of CPU on the small benchmark
    corpus, taken from the worker processes)."""
    global _blas_single_from_load
    for variable in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(variable, "1")
    _blas_single_from_load = "numpy" not in sys.modules and all(os.environ[v] == "1" for v in BLAS_THREAD_VARIABLES)


_blas_single_from_load = False  # set when one_blas_thread_at_load ran before NumPy and took effect


def import_first(package: str) -> None:
    """Import ``package`` (with everything it imports) now, from the caller's short call stack,
    before the modules that use it: an entry point calls it for a large package that its command's
    modules import deep down their chain of imports (NumPy, under ``score``: cli.score ->
    output.printers -> output.rows -> align -> align.alignment).

    CPython 3.11 keeps the frames of running Python calls in 16 kB chunks, and frees a chunk as
    soon as the call at its start returns. Each level of nested import adds some six frames, so
    NumPy's own tree of imports, begun at the end of such a chain, runs across a chunk's end:
    its calls go back and forth over it, each time a chunk mapped, touched and unmapped again
    (about 770 pairs of mmap and munmap calls, some 6 ms of a command's start-up). Begun here, the
    whole tree fits in the first chunk."""
    import_module(package)


def single_threaded_blas() -> None:
    """One BLAS thread: every matrix product here is small (the broadcast's are at
    most 64 x 64 dense, larger ones sparse), so extra BLAS threads only spin and
    take a core from the worker processes, which are the parallelism."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)


@contextmanager
def one_blas_thread_meanwhile():
    """One BLAS thread while the block runs, the setting restored after (worker
    processes forked inside inherit it); nothing to do when
    :func:`one_blas_thread_at_load` already gave one thread."""
    if _blas_single_from_load:
        yield
        return
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1):
        yield


def no_collection_during_start_up() -> None:
    """Automatic garbage collection off until :func:`tune_for_scoring` has frozen what
    start-up made (the entry points call it first, with :func:`one_blas_thread_at_load`).

    Importing the command line's modules and NumPy makes some 40,000 objects that live as long
    as the process: the collector, started every 700 new containers, walks them again and again
    as they come (some 50 collections, 6 ms of a command's start-up), to free about 1,500 (the
    argument parser's help formatters, a few cycles of the imports), which now stay."""
    global _collector_off_for_start_up
    if gc.isenabled():
        gc.disable()
        _collector_off_for_start_up = True


_collector_off_for_start_up = False  # set when no_collection_during_start_up turned the collector off


def tune_for_scoring() -> None:
    """Memory reuse, one BLAS thread and a lighter garbage collector, for a process about to
    score. The BLAS limit is set at run time only when :func:`one_blas_thread_at_load` did
    not already give one thread (that would cost 9 ms of start-up for nothing). The objects
    made so far (the imported modules' functions, classes and constants: some 40,000 for the
    command line) are moved out of the collector's generations (``gc.freeze``), so that the
    collections that scoring's many short-lived objects set off no longer walk them (on 200
    sentence pairs, about a sixth of the scoring time); a collector that
    :func:`no_collection_during_start_up` turned off is turned on again."""
    global _collector_off_for_start_up
    keep_freed_memory()
    if not _blas_single_from_load:
        single_threaded_blas()
    gc.freeze()
    if _collector_off_for_start_up:
        _collector_off_for_start_up = False
        gc.enable()


_pause_lock = threading.Lock()
_pauses = 0  # runs of work inside collection_paused() now, in any thread
_resume = False  # whether the collector was on when the first of them began


@contextmanager
def collection_paused() -> Iterator[None]:
    """Automatic garbage collection off for a batch of work, on again (if it was on) when the
    last batch running in any thread ends; usable as a decorator.

    Scoring a batch of pairs makes many short-lived containers (graphs, triples, tallies) that
    reference counting frees; the collector, started every 700 allocations, only walks the
    objects that survive, about a tenth of the time of 200 sentence pairs. Cyclic garbage left
    by the batch, if any, is collected soon after it ends, so memory stays bounded by a batch."""
    global _pauses, _resume
    with _pause_lock:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.enable()


def exit_without_teardown(status: int) -> NoReturn:
    """End the process with exit status ``status`` as soon as what it wrote is out: the log
    handlers flushed and closed, stdout and stderr flushed, then :func:`os._exit`. The
    interpreter's own exit would tear down every module and free every object one by one
    (3 ms after one small pair, 10 ms after 200 sentence pairs) for nothing the process still
    needs. A run that started worker processes leaves through the normal exit, which stops and
    waits for them, and so does one whose output cannot be flushed (its reader gone), which
    the normal exit reports as Python does."""
    if "multiprocessing" not in sys.modules:
        logging.shutdown()
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):  # a stream closed or its reader gone
            pass
        else:
            os._exit(status)
    sys.exit(status)
