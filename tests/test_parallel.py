"""Worker pools: results in order, work handed out a few chunks ahead of the results read, and a
pool that will not stop is left behind rather than waited for."""

import multiprocessing
import threading
import time

import pytest

from engine.runtime import parallel


def _length(text: str) -> int:
    return len(text)


def _slow_length(text: str) -> int:
    time.sleep(0.002)
    return len(text)


@pytest.mark.parametrize("count", [1, 5, 16, 33, 100])
def test_results_come_in_order_whatever_the_chunking(count):
    items = ["x" * n for n in range(count)]
    with parallel.ordered_map(2) as mapped:
        assert list(mapped(_length, items)) == list(range(count))


def test_work_is_handed_out_only_a_few_chunks_ahead():
    """Reading the first result has handed out at most 2 chunks per worker plus the one refilled:
    the rest of a corpus is never queued in the pool's pipe (where Pool.terminate can hang on it)."""
    handed = []

    class Counting:
        def __init__(self, pool):
            self.pool = pool

        def apply_async(self, function, arguments):
            handed.append(len(arguments[1]))
            return self.pool.apply_async(function, arguments)

    with parallel._pool(multiprocessing.get_context("fork").Pool(2)) as pool:
        results = parallel._fed_map(Counting(pool), 2, _length, ["x"] * 160)
        first = next(results)
        assert first == 1 and len(handed) == 2 * 2 + 1 and sum(handed) == 50
        assert sum(results) == 159 and sum(handed) == 160


def test_leaving_early_with_large_items_stops_the_pool():
    """Cancelling after two results with 80 items of 200 kB (more than a pipe holds) leaves the block."""
    items = ["x" * 200_000] * 80
    done = []

    def score_and_cancel():
        with parallel.ordered_map(2) as mapped:
            for n, _ in enumerate(mapped(_slow_length, items)):
                if n == 1:
                    break
        done.append(True)

    worker = threading.Thread(target=score_and_cancel, daemon=True)
    worker.start()
    worker.join(60)
    assert done == [True]


def test_a_pool_that_does_not_stop_is_left_to_itself():
    """If terminate() hangs (CPython issue #73945), the pool's live workers are killed and the
    caller goes on."""
    release = threading.Event()
    killed = []

    class Worker:
        def __init__(self, exitcode):
            self.exitcode = exitcode

        def kill(self):
            killed.append(self)

    class Stuck:
        _pool = (Worker(None), Worker(0), Worker(None))

        def terminate(self):
            release.wait()

    parallel._stop(Stuck(), patience=0.05)
    assert len(killed) == 2 and all(worker.exitcode is None for worker in killed)
    release.set()


def test_a_pool_that_stops_is_not_killed():
    stopped = []

    class Quick:
        _pool = ()

        def terminate(self):
            stopped.append(True)

    parallel._stop(Quick(), patience=5)
    assert stopped == [True]
