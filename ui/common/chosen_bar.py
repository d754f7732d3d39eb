"""The bar over a table that says which of its rows a plot chose, with **Show all** to bring the
others back; hidden while none are chosen (as a whole: a layout of hidden widgets would keep its
height)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from engine.layout.pair import plural

__all__ = ["ChosenBar"]


class ChosenBar(QWidget):
    """The note ("Showing the 12 pairs chosen in the plot: LR F1 from 0.6 to 0.65") and the
    ``show_all`` button, whose click the panel connects to clearing the choice."""

    def __init__(self, unit: str, parent=None):
        super().__init__(parent)
        self.unit = unit
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.show_all = QPushButton("Show all")
        self.show_all.setToolTip(f"Show every {unit} again, not only those chosen in the plot")
        self.setObjectName("chosen-bar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet("#chosen-bar { background:#eceff1; border:1px solid #90a4ae; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.note, 1)
        layout.addWidget(self.show_all)
        self.hide()

    def show_chosen(self, count: int | None, description: str = "") -> None:
        """Say that ``count`` rows are chosen, and how (None: hide the bar)."""
        self.setVisible(count is not None)
        if count is not None:
            self.note.setText(f"Showing the {plural(count, self.unit)} chosen in the plot: {description}.")
