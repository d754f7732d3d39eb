"""Reading and scoring off the GUI thread, with progress and cancellation."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine.errors import InputError
from engine.params import Params
from engine.read import LoadedPairs, load_pairs
from engine.scoring import CorpusResult, check_profile, score_corpus


@dataclass
class ScoringOutcome:
    """What a finished job hands back: the files, their pairs and the scores."""

    test_path: Path
    gold_path: Path
    loaded: LoadedPairs
    corpus: CorpusResult


class ScoringJob(QObject):
    """Reads two files (unless already ``loaded``) and scores every pair.

    Signals: ``progress(done, total)``; ``finished(ScoringOutcome)`` - also
    after a cancel, with ``corpus.cancelled`` set; ``failed(message)`` when a
    file cannot be used at all.
    """

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, test_path: Path, gold_path: Path, params: Params, loaded: LoadedPairs | None = None):
        super().__init__()
        self.test_path, self.gold_path = Path(test_path), Path(gold_path)
        self.params = params
        self.loaded = loaded
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    @Slot()
    def run(self) -> None:
        try:
            loaded = self.loaded if self.loaded is not None else load_pairs(self.test_path, self.gold_path)
            check_profile(loaded.format, self.params, self.test_path)
        except InputError as error:
            self.failed.emit(str(error))
            return
        except Exception as error:  # never let a worker die silently
            self.failed.emit(f"unexpected problem while reading: {error!r}")
            return
        try:
            corpus = score_corpus(loaded.pairs, self.params, progress=self.progress.emit,
                                  cancelled=self._cancel.is_set, documents=loaded.documents)
        except Exception as error:
            self.failed.emit(f"unexpected problem while scoring: {error!r}")
            return
        self.finished.emit(ScoringOutcome(self.test_path, self.gold_path, loaded, corpus))


class JobRunner(QObject):
    """Runs one :class:`ScoringJob` at a time on its own QThread.

    The runner is idle again before the caller's ``on_finished``/``on_failed``
    slots run, so they may start the next job at once.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.job: ScoringJob | None = None
        self._thread: QThread | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, job: ScoringJob, on_progress, on_finished, on_failed) -> None:
        if self.busy:
            raise RuntimeError("a scoring job is already running")
        thread = QThread()
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.finished.connect(self._release)  # connected first: runs before the caller's slots
        job.failed.connect(self._release)
        job.progress.connect(on_progress)
        job.finished.connect(on_finished)
        job.failed.connect(on_failed)
        self.job, self._thread = job, thread
        thread.start()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def wait(self) -> None:
        """Cancel and block until the running job is over (used on close)."""
        if self.job is not None:
            self.job.cancel()
        self._release()

    @Slot()
    def _release(self, *_) -> None:
        thread, job = self._thread, self.job
        self.job, self._thread = None, None
        if thread is not None:
            thread.quit()
            thread.wait()
            thread.deleteLater()
        if job is not None:
            job.deleteLater()
