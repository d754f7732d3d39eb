"""What the app tells the user outside the views: the status line's message, the banner's problem
(with its details, such as a traceback), and the scoring work in progress.

Signals: ``message(text)``; ``problem(text, details)`` ("" clears the banner; ``details`` is shown
under Details); ``busy_changed(bool)`` and ``progress(done, total)`` while files or a matrix are
scored.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal

__all__ = ["Messages"]

log = logging.getLogger(__name__)


class Messages(QObject):
    message = Signal(str)
    problem = Signal(str, str)
    busy_changed = Signal(bool)
    progress = Signal(int, int)

    def show(self, text: str) -> None:
        """A line for the status line."""
        self.message.emit(text)

    def show_problem(self, text: str, details: str = "") -> None:
        """A problem for the banner ("" clears it; a problem is logged too); ``details`` (a
        traceback, logged where it arose) are shown when asked for."""
        if text:
            log.warning("%s", text)
        self.problem.emit(text, details)

    def show_busy(self, busy: bool) -> None:
        self.busy_changed.emit(busy)

    def show_progress(self, done: int, total: int) -> None:
        self.progress.emit(done, total)
