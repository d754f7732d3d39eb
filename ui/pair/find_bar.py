"""A find box for the graphs: type a variable, a concept or a constant; each match is selected
and centred in both graphs with its partner (Enter or F3: next, Shift+Enter or Shift+F3: previous)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from ..common.navigation import find_nodes
from ..common.sides import Side
from ..state.services import AppServices

__all__ = ["FindBar"]

NO_MATCH_STYLE = "QLineEdit { background: #fde7e9; }"
NO_MATCH, NOT_HERE, NO_PAIR = "no match", "not in this pair", "no pair"
COUNT_TEXTS = (NO_MATCH, NOT_HERE, NO_PAIR, "888 of 888", "888 matches")  # what the count may say (widest numbers)


class FindBar(QWidget):
    """``matches`` are the selected pair's nodes the text names; ``position`` the one shown."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.matches: list[tuple[Side, str]] = []
        self.position: int | None = None
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("Find a node (Ctrl+Shift+F)")  # what it finds: in the tooltip
        self.edit.setClearButtonEnabled(True)
        self.edit.setToolTip(
            "Finds a node in both graphs by its variable, concept or value, and centres it with its partner.\n"
            "Enter or F3: next match; Shift+Enter or Shift+F3: previous match"
        )
        self.edit.setMinimumWidth(300)
        self.count = QLabel()
        # as wide as its longest text, whatever it says now: the box never moves
        self.count.setFixedWidth(max(self.count.fontMetrics().horizontalAdvance(text) for text in COUNT_TEXTS) + 8)
        self.previous_button = self._button("▲", "Previous match (Shift+F3)", lambda: self.step(-1))
        self.next_button = self._button("▼", "Next match (F3)", lambda: self.step(1))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.count)
        layout.addWidget(self.previous_button)
        layout.addWidget(self.next_button)
        self.edit.textEdited.connect(lambda text: self.search(reveal=True))
        self.edit.returnPressed.connect(self._enter)
        state.selection.pair_selected.connect(lambda result: self.search(reveal=False, asked=False))
        self._show_count()

    @staticmethod
    def _button(text: str, tip: str, slot) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    def focus(self) -> None:
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()

    def _enter(self) -> None:
        shift = QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier
        self.step(-1 if shift else 1)

    def search(self, reveal: bool, asked: bool = True) -> None:
        """Find the text in the selected pair; ``reveal`` shows the first match. ``asked``: the
        user searched (typed, stepped) - a text that matches nothing is marked red; when another
        pair is selected the text is looked for again, and a miss there only says so, in grey."""
        self.matches = find_nodes(self.state.selection.pair, self.edit.text())
        self.position = None
        if reveal and self.matches:
            self._show(0)
        self._show_count(asked)

    def step(self, delta: int) -> None:
        """Show the next match (the previous one when ``delta`` < 0), going round past the end."""
        if not self.matches:
            self.search(reveal=False)
        if not self.matches:
            if self.edit.text().strip():
                self.state.messages.show(f"No node of this pair matches \u201c{self.edit.text().strip()}\u201d.")
            return
        start = self.position if self.position is not None else (-1 if delta > 0 else 0)
        self._show((start + delta) % len(self.matches))

    def _show(self, position: int) -> None:
        self.position = position
        side, key = self.matches[position]
        self.state.selection.request_panel("graphs")
        self.state.selection.reveal_node(side, key)
        self._show_count()

    def _show_count(self, asked: bool = True) -> None:
        text = self.edit.text().strip()
        missing = bool(text) and not self.matches
        self.edit.setStyleSheet(NO_MATCH_STYLE if missing and asked else "")
        self.count.setStyleSheet("" if asked else "color: #666;")
        if not text:
            self.count.setText("")
        elif missing:
            self.count.setText(NO_MATCH if asked else NOT_HERE if self.state.selection.pair is not None else NO_PAIR)
        elif self.position is not None:
            self.count.setText(f"{self.position + 1} of {len(self.matches)}")
        else:  # found again in another pair, none shown yet (Enter or F3 shows the first)
            count = len(self.matches)
            self.count.setText(f"{count} match" if count == 1 else f"{count} matches")
        self.previous_button.setEnabled(len(self.matches) > 0)
        self.next_button.setEnabled(len(self.matches) > 0)
