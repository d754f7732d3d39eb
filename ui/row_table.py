"""Read-only tables: rows with colours and sort keys, a proxy that filters on one column,
and the small P/R/F1 grids the panels show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTableView, QTableWidget

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

    def set_rows(self, rows: Sequence[Any], cells: Sequence[tuple[str, ...]], colours: Sequence[QColor] | None = None,
                 keys: Sequence[tuple] | None = None) -> None:
        self.beginResetModel()
        self.rows, self._cells = list(rows), list(cells)
        self._colours = [QBrush(colour) for colour in colours] if colours is not None else [None] * len(self.rows)
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


def filtered_table(headers: Sequence[str], filter_column: int, widths: Sequence[int], parent=None):
    """(model, proxy, view): a sortable table whose rows a proxy filters on one column,
    with fixed starting widths (measuring every row on each update is slow)."""
    model = RowTableModel(headers, parent)
    proxy = ColumnFilterProxy(filter_column, parent)
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column, width in enumerate(widths):
        header.resizeSection(column, width)
    header.setStretchLastSection(True)
    return model, proxy, view


def score_grid(columns: Sequence[str], rows: Sequence[str] = ("P", "R", "F1")) -> QTableWidget:
    """A read-only grid of scores, as tall as its rows."""
    grid = QTableWidget(len(rows), len(columns))
    grid.setHorizontalHeaderLabels(list(columns))
    grid.setVerticalHeaderLabels(list(rows))
    grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    grid.setMaximumHeight(grid.verticalHeader().length() + grid.horizontalHeader().height() + 6)
    return grid
