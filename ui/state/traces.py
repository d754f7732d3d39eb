"""The selected pair's trace for the heatmaps: from the cache at once, else traced on a worker
thread; the traces of files read once are kept for when their pairs are selected again.

Signal: ``trace_ready(PairTrace)`` - the selected pair's trace is known.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal

from engine.scoring import PairResult

from .jobs import JobRunner
from .scoring import Scoring
from .tasks import UNREADABLE, PairTrace, trace_pair
from .trace_cache import TraceCache, TraceKey

__all__ = ["TRACE", "Traces"]

TRACE = "trace"  # the lane tracing pairs


class Traces(QObject):
    trace_ready = Signal(object)

    def __init__(self, scoring: Scoring, runner: JobRunner, parent=None):
        super().__init__(parent)
        self.scoring, self.runner = scoring, runner
        self.cache: TraceCache[PairTrace] = TraceCache(size_of=lambda trace: trace.nbytes)
        self.pair: PairResult | None = None  # the pair traced for
        self.trace: PairTrace | None = None  # its trace, once known
        self._generation = 0  # counts the times files were read (part of the trace key)

    def forget(self) -> None:
        """New files were read: the traces kept are of no use any more."""
        self._generation += 1
        self.cache.clear()

    def follow(self, result: PairResult | None) -> None:
        """Another pair is selected: its trace from the cache, if it is there (:meth:`request` then
        brings it, or traces it)."""
        self.pair = result
        key = self._key()
        self.trace = self.cache.get(key) if key is not None else None

    def _key(self) -> TraceKey | None:
        corpus = self.scoring.corpus
        if self.pair is None or corpus is None:
            return None
        return TraceKey(self._generation, self.pair.index, corpus.params)

    def request(self) -> None:
        """The selected pair's trace: from the cache, else traced on a worker thread."""
        result, key = self.pair, self._key()
        if result is None or key is None:
            return
        if self.trace is None and result.alignment is None:
            self.trace = PairTrace.missing(UNREADABLE)
        if self.trace is not None:
            self.trace_ready.emit(self.trace)
            return
        self.runner.queue(
            TRACE,
            lambda progress, cancelled: trace_pair(result.test, result.gold, key.params),
            partial(self._arrived, key),
            lambda text: self._arrived(key, PairTrace.missing(f"No trace: {text}.")),
        )

    def _arrived(self, key: TraceKey, trace: PairTrace) -> None:
        """Keep a trace of these files in the cache; show it only if its pair is still selected."""
        if key.generation != self._generation:
            return
        self.cache.put(key, trace)
        if key == self._key() and self.trace is None:
            self.trace = trace
            self.trace_ready.emit(trace)

    def wait_for_trace(self) -> PairTrace | None:
        """The selected pair's trace, traced here and now when it has not arrived yet
        (for exports, which need it at once)."""
        key = self._key()
        if self.trace is None and key is not None and self.pair is not None:
            self._arrived(key, trace_pair(self.pair.test, self.pair.gold, key.params))
        return self.trace
