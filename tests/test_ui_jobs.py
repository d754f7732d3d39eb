"""The job runner: lanes, progress, failure, a waiting job replaced, callbacks on the GUI thread."""

import gc
import threading

import pytest
from PySide6.QtWidgets import QApplication

from ui.state.jobs import Failure, JobRunner
from ui.state.tasks import TaskFailed


@pytest.fixture
def runner():
    runner = JobRunner()
    yield runner
    runner.wait()


def test_a_job_reports_progress_then_its_value_on_the_gui_thread(qtbot, runner):
    seen, threads = [], []

    def work(progress, cancelled):
        threads.append(threading.current_thread())
        for done in range(1, 4):
            progress(done, 3)
        return "value"

    finished = []
    assert runner.start(
        "lane",
        work,
        lambda value: finished.append((value, threading.current_thread())),
        on_progress=lambda done, total: seen.append((done, total)),
    )
    assert runner.busy("lane") and not runner.start("lane", work, finished.append)
    qtbot.waitUntil(lambda: len(finished) == 1, timeout=5000)
    assert finished == [("value", threading.main_thread())] and threads[0] is not threading.main_thread()
    assert seen == [(1, 3), (2, 3), (3, 3)] and not runner.busy("lane")
    assert gc.isenabled()  # the automatic collector is back once no job runs


def test_failures_are_messages(qtbot, runner):
    failures: list[Failure] = []

    def refuse(progress, cancelled):
        raise TaskFailed("file.amr:3: no graph")

    def crash(progress, cancelled):
        raise KeyError("x")

    runner.start("a", refuse, pytest.fail, failures.append)
    runner.start("b", crash, pytest.fail, failures.append)
    qtbot.waitUntil(lambda: len(failures) == 2, timeout=5000)
    assert sorted(failures) == ["file.amr:3: no graph", "unexpected problem: KeyError: 'x'"]
    refused, crashed = sorted(failures)
    assert refused.details == ""  # the input's fault: the message says all
    assert (
        crashed.details.startswith("Traceback") and "in crash" in crashed.details and "KeyError: 'x'" in crashed.details
    )


def test_a_queued_job_replaces_the_one_waiting(qtbot, runner):
    release, ran = threading.Event(), []

    def job(name):
        def work(progress, cancelled):
            if name == "first":
                release.wait(5)
            ran.append(name)
            return name

        return work

    finished: list[str] = []
    runner.queue("trace", job("first"), finished.append)
    runner.queue("trace", job("second"), finished.append)
    runner.queue("trace", job("third"), finished.append)
    release.set()
    qtbot.waitUntil(runner.idle, timeout=5000)  # nothing runs or waits: "second" will never come
    assert finished == ["first", "third"] and ran == ["first", "third"]


def test_idle_means_no_job_runs_or_waits_in_any_lane(qtbot, runner):
    release, finished = threading.Event(), list[str]()

    def held(progress, cancelled):
        release.wait(5)
        return "held"

    assert runner.idle()
    runner.start("a", held, finished.append)
    runner.queue("b", lambda progress, cancelled: "quick", finished.append)
    runner.queue("a", lambda progress, cancelled: "next", finished.append)  # waits for "a"
    qtbot.waitUntil(lambda: finished == ["quick"], timeout=5000)
    assert not runner.idle() and not runner.busy("b")  # "a" runs, its next job waits
    release.set()
    qtbot.waitUntil(runner.idle, timeout=5000)
    assert finished == ["quick", "held", "next"]


def test_cancel_is_seen_by_the_work(qtbot, runner):
    started, finished = threading.Event(), list[str]()

    def work(progress, cancelled):
        started.set()
        while not cancelled():
            threading.Event().wait(0.01)
        return "stopped"

    runner.start("score", work, finished.append)
    started.wait(5)
    runner.cancel("score")
    qtbot.waitUntil(lambda: finished == ["stopped"], timeout=5000)


def test_wait_stops_everything_without_callbacks(qtbot):
    runner, finished = JobRunner(), list[object]()
    runner.start(
        "score",
        lambda progress, cancelled: [threading.Event().wait(0.01) for _ in range(500) if not cancelled()],
        finished.append,
    )
    runner.wait()
    assert not runner.busy("score")
    QApplication.processEvents()  # the job's thread is over: whatever it sent is delivered now
    assert finished == [] and gc.isenabled()
