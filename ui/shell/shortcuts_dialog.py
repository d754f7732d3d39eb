"""Help > Keyboard Shortcuts: every command that has a key, as :func:`ui.shell.actions.shortcut_rows`
lists them from the action table (a command added there is listed here with no more work)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from ..common.row_table import compact_rows

__all__ = ["GRAPH_KEYS", "ShortcutsDialog"]

GRAPH_KEYS = (
    "In the graphs and heatmaps: wheel, + and - zoom, drag pans, F or 0 fits; in the heatmaps, "
    "arrow keys pan and a double click enlarges one."
)


class ShortcutsDialog(QDialog):
    """The shortcuts as a table (menu, command, keys), every row in sight when the screen allows."""

    def __init__(self, rows: Sequence[tuple[str, str, str]], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard Shortcuts")
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
        self.table.verticalHeader().hide()
        compact_rows(self.table)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        note = QLabel(GRAPH_KEYS)
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)
        rows_height = self.table.verticalHeader().length() + header.sizeHint().height() + 2 * self.table.frameWidth()
        width = header.length() + 2 * self.table.frameWidth() + 40
        room = QGuiApplication.primaryScreen().availableGeometry().height() * 0.85
        self.resize(max(width, 480), round(min(rows_height + 120, room)))  # every row when the screen allows
