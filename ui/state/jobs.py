"""Running tasks off the GUI thread: one thread per job, one job at a time per lane,
with progress, cancellation and at most one job waiting per lane.

Two rules keep Qt safe while Python runs on other threads, whoever owns the runner:

* a job's thread is kept alive (referenced) until it has finished, even if the
  runner that started it is deleted first;
* while any job runs, Python's cyclic garbage collector runs on the GUI thread only
  (a timer collects instead of the automatic collector): a collection that a
  worker happened to trigger would delete Qt objects (pyqtgraph items, closed
  windows) on that thread, which deadlocks or crashes Qt.
"""

from __future__ import annotations

import gc
import logging
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from .tasks import TaskFailed, UnexpectedFailure

__all__ = ["Failure", "Job", "JobRunner"]

log = logging.getLogger(__name__)

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]


class Failure(str):
    """Why a job failed, for the user; ``details`` holds the traceback of an unexpected error
    ("" when the input was at fault: the message says all); ``profile``, the scoring profile
    that cannot score the input (which is fine), else None."""

    details: str
    profile: str | None

    def __new__(cls, text: str, details: str = "", profile: str | None = None) -> Failure:
        failure = super().__new__(cls, text)
        failure.details, failure.profile = details, profile
        return failure


class Job(QThread):
    """Runs ``work(progress, cancelled)`` once on its own thread. Signals (emitted from that
    thread, received on the GUI thread): ``progressed(job, done, total)``,
    ``succeeded(job, value)``, ``failed(job, Failure)``. An unexpected error is logged with its
    traceback (:mod:`logging`, this module's logger)."""

    progressed = Signal(object, int, int)
    succeeded = Signal(object, object)
    failed = Signal(object, object)

    def __init__(self, work: Work):
        super().__init__()
        self.work = work
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def run(self) -> None:
        try:
            value = self.work(lambda done, total: self.progressed.emit(self, done, total), self._cancel.is_set)
        except UnexpectedFailure as failure:
            cause = failure.__cause__ or failure
            log.error("%s", failure, exc_info=cause)
            self.failed.emit(self, Failure(str(failure), "".join(traceback.format_exception(cause))))
        except TaskFailed as failure:
            self.failed.emit(self, Failure(str(failure), profile=failure.profile))
        except Exception as error:  # a worker must never die silently
            log.exception("a job failed unexpectedly")
            text = f"unexpected problem: {type(error).__name__}: {error}"
            self.failed.emit(self, Failure(text, traceback.format_exc()))
        else:
            self.succeeded.emit(self, value)


class _Keeper(QObject):
    """Holds every started job until it has finished, and collects garbage on the GUI
    thread meanwhile (each generation once its count passes its threshold)."""

    INTERVAL_MS = 100

    def __init__(self):
        super().__init__()
        self.jobs: set[Job] = set()
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.tick)
        self._gc_was_enabled = gc.isenabled()

    def keep(self, job: Job) -> None:
        if not self.jobs:
            self._gc_was_enabled = gc.isenabled()
            gc.disable()
            self._timer.start()
        self.jobs.add(job)

    def drop(self, job: Job) -> None:
        """Forget a job once it has finished (waits for its thread to end)."""
        job.wait()
        self.jobs.discard(job)
        if not self.jobs:
            self._timer.stop()
            if self._gc_was_enabled:
                gc.enable()

    @Slot()
    def tick(self) -> None:
        for job in [job for job in self.jobs if job.isFinished()]:  # their runner is gone
            self.drop(job)
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return


_keeper: _Keeper | None = None


def _the_keeper() -> _Keeper:
    global _keeper
    if _keeper is None:
        _keeper = _Keeper()
    return _keeper


@dataclass
class _Request:
    work: Work
    on_finished: Callable[[Any], None]
    on_failed: Callable[[Failure], None] | None = None
    on_progress: Callable[[int, int], None] | None = None


class JobRunner(QObject):
    """Jobs by lane (e.g. "score", "trace"). The callbacks run on the GUI thread,
    after the lane is free again, so they may start the next job at once."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._running: dict[str, tuple[Job, _Request]] = {}
        self._waiting: dict[str, _Request] = {}

    def busy(self, lane: str) -> bool:
        return lane in self._running

    def idle(self) -> bool:
        """No job runs or waits in any lane."""
        return not self._running and not self._waiting

    def start(self, lane: str, work: Work, on_finished, on_failed=None, on_progress=None) -> bool:
        """Run ``work`` now; False (and nothing started) when the lane is busy."""
        if self.busy(lane):
            return False
        self._launch(lane, _Request(work, on_finished, on_failed, on_progress))
        return True

    def queue(self, lane: str, work: Work, on_finished, on_failed=None) -> None:
        """Run ``work`` now, or when the lane's running job is over; a job already waiting is dropped."""
        request = _Request(work, on_finished, on_failed)
        if self.busy(lane):
            self._waiting[lane] = request
        else:
            self._launch(lane, request)

    def cancel(self, lane: str) -> None:
        """Ask the lane's running job to stop (it decides when) and drop the one waiting."""
        self._waiting.pop(lane, None)
        if lane in self._running:
            self._running[lane][0].cancel()

    def wait(self) -> None:
        """Cancel every job and block until all are over (used on close); no callback runs."""
        self._waiting.clear()
        for lane in list(self._running):
            self._running[lane][0].cancel()
            self._release(lane)

    def _launch(self, lane: str, request: _Request) -> None:
        job = Job(request.work)
        # the runner lives on the GUI thread: these are queued connections
        job.progressed.connect(self._progressed)
        job.succeeded.connect(self._succeeded)
        job.failed.connect(self._failed)
        self._running[lane] = (job, request)
        _the_keeper().keep(job)
        job.start()

    def _lane_of(self, job: Job) -> str | None:
        return next((lane for lane, (running, _) in self._running.items() if running is job), None)

    @Slot(object, int, int)
    def _progressed(self, job: Job, done: int, total: int) -> None:
        lane = self._lane_of(job)
        on_progress = self._running[lane][1].on_progress if lane is not None else None
        if on_progress is not None:
            on_progress(done, total)

    @Slot(object, object)
    def _succeeded(self, job: Job, value) -> None:
        lane = self._lane_of(job)
        if lane is not None:
            self._release(lane).on_finished(value)
            self._next(lane)

    @Slot(object, object)
    def _failed(self, job: Job, message: Failure) -> None:
        lane = self._lane_of(job)
        if lane is not None:
            request = self._release(lane)
            if request.on_failed is not None:
                request.on_failed(message)
            self._next(lane)

    def _next(self, lane: str) -> None:
        if not self.busy(lane) and lane in self._waiting:
            self._launch(lane, self._waiting.pop(lane))

    def _release(self, lane: str) -> _Request:
        job, request = self._running.pop(lane)
        _the_keeper().drop(job)
        return request
