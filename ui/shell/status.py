"""The state's messages: a banner for problems and the status line with a progress bar.

The banner is one line (a long or several-line problem is elided, with a Details button that
shows all of it, and the traceback of an unexpected error when there is one) with a close
button (Esc closes it too while it has focus). The status line
sits in the status bar as a permanent widget, so that Qt never hides or re-shows it; a
temporary message (a toolbar button's or menu item's hint) takes the place of the state's
message while it lasts, instead of being drawn over it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QStatusBar, QToolButton, QWidget

from ..common.elided import OneLineLabel
from ..state.services import AppServices

__all__ = ["ProblemBanner", "StatusLine"]

SEPARATOR = "  ·  "  # between the lines of a problem shown on one line


def one_line(text: str) -> str:
    """A problem's lines on one line ("2 warnings:" and its first warning side by side)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    joined = ""
    for line in lines:
        joined += ("" if not joined else " " if joined.endswith(":") else SEPARATOR) + line
    return joined


class ProblemBanner(QFrame):
    """A red banner with the state's last problem on one line; hidden when there is none, or
    once closed (until the next problem)."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.setObjectName("ProblemBanner")
        self.setStyleSheet(
            "#ProblemBanner { background:#fde7e9; border:1px solid #e8b4b8; }#ProblemBanner QLabel { color:#8c1d18; }"
        )
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._text = ""
        self._details = ""  # a traceback, shown under Details only
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # elided, never widening
        self.details = QToolButton()
        self.details.setText("Details")
        self.details.setCheckable(True)
        self.details.setToolTip("Show the whole message (and the traceback of an unexpected error)")
        self.details.setAutoRaise(True)
        self.details.toggled.connect(lambda _: self._show_text())
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setToolTip("Close this message (Esc)")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 1, 2, 1)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.details, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()
        state.messages.problem.connect(self.show_problem)

    def text(self) -> str:
        """The whole problem shown (also when elided)."""
        return self._text

    def details_text(self) -> str:
        """What Details adds to the problem: the traceback of an unexpected error ("" if none)."""
        return self._details

    def show_problem(self, text: str, details: str = "") -> None:
        self._text, self._details = text, details
        self.details.setChecked(False)
        self.setVisible(bool(text))
        self._show_text()

    def _show_text(self) -> None:
        expanded = self.details.isChecked()
        self.label.setWordWrap(expanded)
        self.label.setToolTip("" if expanded else self._text)
        if expanded:
            self.label.setText(self._text + (f"\n\n{self._details}" if self._details else ""))
            self.details.show()
            return
        line = one_line(self._text)
        width = max(self.label.width(), 1)
        shown = self.label.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, width)
        self.label.setText(shown)
        self.details.setVisible(shown != self._text or bool(self._details))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if not self.details.isChecked():
            self._show_text()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._show_text()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
        else:
            super().keyPressEvent(event)


class StatusLine(QWidget):
    """The state's last message (``label``), and a progress bar while scoring; a temporary
    message of the status bar (``hint``) shows in the message's place while it lasts."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.label = OneLineLabel("Open a test and a gold file (Ctrl+O) or drop two files here.")
        self.hint = OneLineLabel()
        self.hint.hide()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(240)
        self.progress.hide()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.hint, 1)
        layout.addWidget(self.progress)
        state.messages.message.connect(self.label.setText)
        state.messages.busy_changed.connect(self._busy)
        state.messages.progress.connect(self._progress)

    def attach(self, bar: QStatusBar) -> None:
        """Fill ``bar``: permanent, so that Qt neither hides it for a temporary message nor
        paints that message over it; the message is shown here instead."""
        bar.addPermanentWidget(self, 1)
        bar.messageChanged.connect(self.show_hint)

    def show_hint(self, text: str) -> None:
        """A temporary message in the place of the state's message ("" brings that back)."""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))
        self.label.setVisible(not text)

    def _busy(self, busy: bool) -> None:
        self.progress.setRange(0, 0)
        self.progress.setVisible(busy)

    def _progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
