"""A read-only table of rows with colours and sort keys, and a proxy that filters on one column."""

from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor

SORT_ROLE = Qt.ItemDataRole.UserRole


class RowTableModel(QAbstractTableModel):
    """``rows`` are the objects shown (kept for selection); each has display cells,
    a background colour and sort keys (default: the cells)."""

    def __init__(self, headers: Sequence[str], parent=None):
        super().__init__(parent)
        self.headers = tuple(headers)
        self.rows: list[Any] = []
        self._cells: list[tuple[str, ...]] = []
        self._colours: list[QBrush] = []
        self._keys: list[tuple] = []

    def set_rows(self, rows: Sequence[Any], cells: Sequence[tuple[str, ...]], colours: Sequence[QColor],
                 keys: Sequence[tuple] | None = None) -> None:
        self.beginResetModel()
        self.rows, self._cells = list(rows), list(cells)
        self._colours = [QBrush(colour) for colour in colours]
        self._keys = list(keys) if keys is not None else self._cells
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def cell(self, row: int, column: int) -> str:
        return self._cells[row][column]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells[index.row()][index.column()]
        if role == SORT_ROLE:
            return self._keys[index.row()][index.column()]
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._colours[index.row()]
        return None


class ColumnFilterProxy(QSortFilterProxyModel):
    """Sorts by the sort keys; keeps the rows whose cell in ``column`` equals ``value`` (None: all)."""

    def __init__(self, column: int, parent=None):
        super().__init__(parent)
        self.column = column
        self.value: str | None = None
        self.setSortRole(SORT_ROLE)

    def set_value(self, value: str | None) -> None:
        self.beginFilterChange()
        self.value = value
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        return self.value is None or self.sourceModel().cell(source_row, self.column) == self.value

    def item(self, proxy_row: int) -> Any:
        return self.sourceModel().rows[self.mapToSource(self.index(proxy_row, 0)).row()]
