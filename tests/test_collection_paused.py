"""The collector is paused for a batch of scoring work and restored afterwards, also when batches
overlap in several threads or end with an error, and left off when it was off before."""

import gc
import threading

import pytest

from engine.params import Params
from engine.read import load_pairs
from engine.runtime.process import collection_paused
from engine.scoring import ScoreStream

from .conftest import ROOT


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_a_batch_pauses_the_collector_and_turns_it_back_on(collector_on):
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():  # nested: still off when the inner one ends
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_in_the_batch_still_turns_it_back_on(collector_on):
    @collection_paused()
    def failing() -> None:
        assert not gc.isenabled()
        raise ValueError("bad pair")

    with pytest.raises(ValueError):
        failing()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    was = gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_overlapping_batches_in_threads_end_with_the_collector_on(collector_on):
    """The first batch starts, a second starts in another thread, the first ends while the second
    runs (the collector must stay off for it), then the second ends."""
    second_started, first_ended, second_may_end = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def second() -> None:
        with collection_paused():
            second_started.set()
            first_ended.wait(5)
            seen.append(gc.isenabled())
            second_may_end.wait(5)

    thread = threading.Thread(target=second)
    with collection_paused():
        thread.start()
        assert second_started.wait(5)
    first_ended.set()
    second_may_end.set()
    thread.join(5)
    assert seen == [False] and gc.isenabled()


def test_scoring_a_corpus_leaves_the_collector_as_it_was(collector_on):
    demo = ROOT / "resources/demo/metamorphosed"
    loaded = load_pairs(demo / "comptest_sys.txt", demo / "comptest_gold.txt", lazy=True)
    rows = list(ScoreStream(loaded.pairs, Params(), lambda result: result.index))
    assert [index for index, _ in rows] == list(range(len(loaded.pairs))) and gc.isenabled()
