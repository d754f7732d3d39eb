"""The state's messages: a banner for problems and the status line with a progress bar."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from .state import AppState

__all__ = ["ProblemBanner", "StatusLine"]


class ProblemBanner(QLabel):
    """A red banner with the state's last problem; hidden when there is none."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet("background:#fde7e9; color:#8c1d18; padding:6px; border:1px solid #e8b4b8;")
        self.hide()
        state.problem.connect(self.show_problem)

    def show_problem(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))


class StatusLine(QWidget):
    """The state's last message, and a progress bar while scoring (for the status bar)."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.label = QLabel("Open a test and a gold file (Ctrl+O) or drop two files here.")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(240)
        self.progress.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.progress)
        state.message.connect(self.label.setText)
        state.busy_changed.connect(self._busy)
        state.progress.connect(self._progress)

    def _busy(self, busy: bool) -> None:
        self.progress.setRange(0, 0)
        self.progress.setVisible(busy)

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
