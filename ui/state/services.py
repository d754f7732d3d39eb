"""What the parts of the application state (several annotators, adjudication) use of the
application state: a Protocol, so that they need not import :mod:`ui.state`, which owns them."""

from __future__ import annotations

from typing import Any, Protocol

from engine.params import Params
from engine.scoring import CorpusResult, PairResult

from .files import AnnotatorFiles
from .jobs import JobRunner

__all__ = ["AppServices"]


class AppServices(Protocol):
    """The application state as its parts see it (:class:`ui.state.AppState` is one)."""

    params: Params
    runner: JobRunner
    files: AnnotatorFiles | None
    corpus: CorpusResult | None
    pair: PairResult | None
    progress: Any  # Signal(int, int)
    load_failed: Any  # Signal(str)
    busy_changed: Any  # Signal(bool)

    @property
    def busy(self) -> bool: ...

    def open_files(self, files: AnnotatorFiles, select: str | None = None, annotations: Any = None) -> bool: ...

    def open_roles(self, test: int, gold: int) -> bool: ...

    def show_message(self, text: str) -> None: ...

    def show_problem(self, text: str) -> None: ...

    def refresh_filter(self) -> None: ...

    def show_pair(self, result: PairResult) -> None: ...

    def select_pair_id(self, wanted: str) -> bool: ...

    def request_panel(self, key: str) -> None: ...
