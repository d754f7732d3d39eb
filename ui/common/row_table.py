"""Read-only tables: rows with colours, tooltips and sort keys, a proxy that filters on one
column, and the small score grids the panels show (F1 first, then P and R)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView, QTableWidget, QTableWidgetItem

from engine.metrics import PRF
from engine.output.text import f1_text

SORT_ROLE = Qt.ItemDataRole.UserRole
Index = QModelIndex | QPersistentModelIndex  # what Qt's models are asked about


class SortedHeader(QHeaderView):
    """A header whose sections make room for the sort arrow only where it is drawn: Qt widens
    every section by the header's height for it, which doubles a narrow score column under a
    header of two or three lines. Fit the columns again when the sorted one changes.

    Its sections take clicks and highlight the current column as the header a table makes for
    itself does (a header made here starts with neither, and a click would not sort)."""

    def __init__(self, orientation: Qt.Orientation, parent=None):
        super().__init__(orientation, parent)
        self.setSectionsClickable(True)
        self.setHighlightSections(True)

    def sectionSizeFromContents(self, logical: int) -> QSize:
        size = super().sectionSizeFromContents(logical)
        if self.isSortIndicatorShown() and logical != self.sortIndicatorSection():
            margin = self.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, self)
            if self.orientation() == Qt.Orientation.Horizontal:
                size.setWidth(size.width() - size.height() - margin)
            else:
                size.setHeight(size.height() - size.width() - margin)
        return size


class RowTableModel(QAbstractTableModel):
    """``rows`` are the objects shown (kept for selection); each has display cells,
    a background colour, sort keys (default: the cells) and tooltips (default: none)."""

    def __init__(self, headers: Sequence[str], parent=None):
        super().__init__(parent)
        self.headers = tuple(headers)
        self.header_tips: tuple[str, ...] = ()  # a tooltip per column header
        self.rows: list[Any] = []
        self._cells: list[tuple[str, ...]] = []
        self._colours: list[QBrush | None] = []
        self._keys: list[tuple] = []
        self._tips: list[tuple[str, ...]] | None = None

    def set_rows(
        self,
        rows: Sequence[Any],
        cells: Sequence[tuple[str, ...]],
        colours: Sequence[QColor] | None = None,
        keys: Sequence[tuple] | None = None,
        tips: Sequence[tuple[str, ...]] | None = None,
    ) -> None:
        self.beginResetModel()
        self.rows, self._cells = list(rows), list(cells)
        self._colours = [QBrush(colour) for colour in colours] if colours is not None else [None] * len(self.rows)
        self._keys = list(keys) if keys is not None else self._cells
        self._tips = list(tips) if tips is not None else None
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Put the rows in the order of their sort keys in ``column`` (stable), in Python: a proxy
        asking every row's key through :meth:`data` takes a second for 10,000 rows, this a few
        milliseconds (:class:`PresortedProxy` leaves its sorting to this)."""
        if column < 0 or not self.rows:
            return
        self.layoutAboutToBeChanged.emit()
        new_order = sorted(
            range(len(self.rows)),
            key=lambda row: self._keys[row][column],
            reverse=order == Qt.SortOrder.DescendingOrder,
        )
        place = {old: new for new, old in enumerate(new_order)}
        self.rows = [self.rows[row] for row in new_order]
        self._cells = [self._cells[row] for row in new_order]
        self._colours = [self._colours[row] for row in new_order]
        self._keys = [self._keys[row] for row in new_order]
        if self._tips is not None:
            self._tips = [self._tips[row] for row in new_order]
        kept = self.persistentIndexList()
        self.changePersistentIndexList(kept, [self.index(place[index.row()], index.column()) for index in kept])
        self.layoutChanged.emit()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tips[section] if section < len(self.header_tips) else None
        return None

    def cell(self, row: int, column: int) -> str:
        return self._cells[row][column]

    def data(self, index: Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells[index.row()][index.column()]
        if role == SORT_ROLE:
            return self._keys[index.row()][index.column()]
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._colours[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole and self._tips is not None:
            return self._tips[index.row()][index.column()] or None
        return None

    def row_of(self, item: Any) -> int | None:
        """The row showing ``item`` (None when it is not shown)."""
        return next((number for number, row in enumerate(self.rows) if row is item), None)


class ColumnFilterProxy(QSortFilterProxyModel):
    """Sorts by the sort keys; keeps the rows whose cell in ``column`` equals ``value`` (None: all)
    and whose item ``keep`` accepts (None: all)."""

    def __init__(self, column: int, parent=None):
        super().__init__(parent)
        self.column = column
        self.value: str | None = None
        self.keep: Callable[[Any], bool] | None = None
        self.setSortRole(SORT_ROLE)

    def set_value(self, value: str | None) -> None:
        self.beginFilterChange()
        self.value = value
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_keep(self, keep: Callable[[Any], bool] | None) -> None:
        """Keep only the rows whose item ``keep`` accepts (None: every row)."""
        self.beginFilterChange()
        self.keep = keep
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def rows_model(self) -> RowTableModel:
        """The model of the rows filtered (the source model)."""
        model = self.sourceModel()
        assert isinstance(model, RowTableModel)
        return model

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if self.keep is None and self.value is None:  # every row: asked for each of 10,000 rows on a reset
            return True
        model = self.rows_model()
        if self.keep is not None and not self.keep(model.rows[source_row]):
            return False
        return self.value is None or model.cell(source_row, self.column) == self.value

    def item(self, proxy_row: int) -> Any:
        return self.rows_model().rows[self.mapToSource(self.index(proxy_row, 0)).row()]

    def row_of(self, item: Any) -> int | None:
        """The proxy row showing ``item`` (None when it is filtered out or not shown)."""
        model = self.rows_model()
        source = model.row_of(item)
        index = self.mapFromSource(model.index(source, 0)) if source is not None else None
        return index.row() if index is not None and index.isValid() else None


class PresortedProxy(ColumnFilterProxy):
    """A :class:`ColumnFilterProxy` whose rows are sorted in the model (:meth:`RowTableModel.sort`,
    fast for long tables) rather than by the proxy, which keeps the model's order."""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.rows_model().sort(column, order)


def compact_rows(view: QTableView) -> None:
    """Rows one line of text high (the style's default leaves a third of every row empty)."""
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(view.fontMetrics().height() + 8)


def fit_headers(view: QTableView | QTableWidget) -> None:
    """Widen any column narrower than its header's text, so that no header is cut."""
    header = view.horizontalHeader()
    for column in range(header.count()):
        if header.sectionSize(column) < header.sectionSizeHint(column):
            header.resizeSection(column, header.sectionSizeHint(column))


def share_width(view: QTableView, stretched: Sequence[int], fixed: dict[int, int]) -> None:
    """Columns that always fit the view: those in ``stretched`` share the room the ``fixed`` ones
    (column -> width, widened to their header) leave; the texts of narrow cells are elided."""
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    for column in range(header.count()):
        if column in stretched:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        else:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, max(fixed.get(column, 0), header.sectionSizeHint(column)))
    header.setMinimumSectionSize(max(header.sectionSizeHint(column) for column in stretched))
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


class FittedColumns(QObject):
    """Keeps ``columns`` of a view as wide as their longest text, sharing what the other columns
    leave when these do not all fit: each first gets up to ``least_chars`` characters (a readable
    start of its text), then what is left goes in proportion to what each still wants (texts are
    elided then, whole in their tooltips). The last column takes the rest (at least its header's
    width; in ``columns`` its text counts in the sharing, as at most ``last_share`` of the room or
    ``least_chars``),
    again whenever the view is resized: every column fits, none scrolls out of sight."""

    def __init__(self, view: QTableView, columns: Sequence[int], last_share: float = 1.0, least_chars: int = 18):
        super().__init__(view)
        self.view, self.columns, self.last_share = view, tuple(columns), last_share
        self.least_chars = least_chars
        self.longest = dict.fromkeys(self.columns, 0)
        view.horizontalHeader().setStretchLastSection(False)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.viewport().installEventFilter(self)

    def measure(self, cells: Sequence[tuple[str, ...]]) -> None:
        """The longest text of each column (measured, not laid out), then the widths."""
        metrics = self.view.fontMetrics()
        margin = 2 * metrics.averageCharWidth()
        self.longest = {
            column: max((metrics.horizontalAdvance(row[column]) for row in cells), default=0) + margin
            for column in self.columns
        }
        self.apply()

    def apply(self) -> None:
        header, width = self.view.horizontalHeader(), self.view.viewport().width()
        last = header.count() - 1
        fixed = sum(header.sectionSize(c) for c in range(last) if c not in self.columns)
        room = width - fixed
        wanted: dict[int, float] = {c: max(header.sectionSizeHint(c), self.longest[c]) for c in self.columns}
        readable = self.least_chars * self.view.fontMetrics().averageCharWidth()
        if last in wanted:  # its share, never less than a readable start
            wanted[last] = max(header.sectionSizeHint(last), min(wanted[last], max(self.last_share * room, readable)))
        floors = {c: min(wanted[c], max(header.sectionSizeHint(c), readable)) for c in self.columns}
        extra = {c: wanted[c] - floors[c] for c in self.columns}
        spare = room - sum(floors.values()) - (0 if last in wanted else header.sectionSizeHint(last))
        share = min(1.0, max(0.0, spare / sum(extra.values()))) if sum(extra.values()) else 1.0
        for column in self.columns:
            if column != last:
                header.resizeSection(column, int(floors[column] + extra[column] * share))
        used = sum(header.sectionSize(c) for c in range(last))
        header.resizeSection(last, max(header.sectionSizeHint(last), width - used))

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.apply()
        return False


def select_row(view: QTableView, row: int | None) -> None:
    """Select and show a row of ``view`` (None clears the selection)."""
    if row is None:
        view.clearSelection()
        return
    view.selectRow(row)
    view.scrollTo(view.model().index(row, 0), QAbstractItemView.ScrollHint.EnsureVisible)


def filtered_table(
    headers: Sequence[str], filter_column: int, widths: Sequence[int], parent=None, presorted: bool = False
):
    """(model, proxy, view): a sortable table whose rows a proxy filters on one column,
    with fixed starting widths (measuring every row on each update is slow); ``presorted``: the
    model sorts its rows (:class:`PresortedProxy`, for tables of thousands of rows)."""
    model = RowTableModel(headers, parent)
    proxy = (PresortedProxy if presorted else ColumnFilterProxy)(filter_column, parent)
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    view.verticalHeader().hide()
    compact_rows(view)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column, width in enumerate(widths):
        header.resizeSection(column, width)
    header.setStretchLastSection(True)
    fit_headers(view)
    return model, proxy, view


PRF_COLUMNS = ("F1", "P", "R")


def fit_grid_width(grid: QTableWidget) -> None:
    """A grid at least as wide as its shown columns' headers and scores - wider for a column
    sized to its contents (call it again after hiding columns or filling such a column): a
    splitter never squeezes a column's text, nor keeps room for hidden ones."""
    header = grid.horizontalHeader()
    least = header.minimumSectionSize()
    columns_width = sum(
        max(least, grid.sizeHintForColumn(column))
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.ResizeToContents
        else least
        for column in range(grid.columnCount())
        if not grid.isColumnHidden(column)
    )
    grid.setMinimumWidth(grid.verticalHeader().sizeHint().width() + columns_width + 2 * grid.frameWidth())


def _least_column(grid: QTableWidget) -> int:
    """The width every column of a score grid needs: its header, and a score in bold ("0.0000")."""
    header = grid.horizontalHeader()
    bold = QFont(grid.font())
    bold.setBold(True)
    score = QFontMetrics(bold).horizontalAdvance(f1_text(0.0)) + 2 * grid.fontMetrics().averageCharWidth() + 2
    return max([score] + [header.sectionSizeHint(column) for column in range(grid.columnCount())])


def name_grid_header(grid: QTableWidget, orientation: Qt.Orientation, section: int, text: str, tip: str) -> None:
    """Rename a column (or row) of a score grid, with a tooltip; the grid is widened to fit it."""
    horizontal = orientation == Qt.Orientation.Horizontal
    item = grid.horizontalHeaderItem(section) if horizontal else grid.verticalHeaderItem(section)
    if item is None:  # a header that was never named
        item = QTableWidgetItem()
        (grid.setHorizontalHeaderItem if horizontal else grid.setVerticalHeaderItem)(section, item)
    elif item.text() == text and item.toolTip() == tip:
        return
    item.setText(text)
    item.setToolTip(tip)
    if horizontal:
        grid.horizontalHeader().setMinimumSectionSize(_least_column(grid))
    fit_grid_width(grid)


def score_grid(columns: Sequence[str], rows: Sequence[str], at_least: int | None = None) -> QTableWidget:
    """A read-only grid of scores, exactly as tall as its rows (it never scrolls them away); with
    ``at_least``, a long grid that may shrink to that many rows and scroll the rest."""
    grid = QTableWidget(len(rows), len(columns))
    grid.setHorizontalHeaderLabels(list(columns))
    grid.setVerticalHeaderLabels(list(rows))
    grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    grid.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    grid.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    compact_rows(grid)
    header = grid.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    header.setMinimumSectionSize(_least_column(grid))
    fit_grid_width(grid)
    if at_least is None:
        grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    grid.setProperty("at_least", at_least)
    _fit_grid_height(grid)
    return grid


def _fit_grid_height(grid: QTableWidget) -> None:
    """As tall as the shown rows (a grid with ``at_least`` may shrink to that many and scroll)."""
    rows_header, at_least = grid.verticalHeader(), grid.property("at_least")
    frame = grid.horizontalHeader().sizeHint().height() + 2 * grid.frameWidth()
    grid.setMaximumHeight(rows_header.length() + frame)
    if at_least is None:
        grid.setMinimumHeight(grid.maximumHeight())
    else:
        shown = grid.rowCount() - rows_header.hiddenSectionCount()
        grid.setMinimumHeight(min(at_least, shown) * rows_header.defaultSectionSize() + frame)


def show_grid_rows(grid: QTableWidget, shown: Collection[int]) -> None:
    """Show only the rows in ``shown`` (hidden rows keep their index), the grid's height fitted to them."""
    for row in range(grid.rowCount()):
        grid.setRowHidden(row, row not in shown)
    _fit_grid_height(grid)


def prf_grid(rows: Sequence[str], at_least: int | None = None) -> QTableWidget:
    """A grid of one score per row: F1 (bold), P and R."""
    return score_grid(PRF_COLUMNS, rows, at_least)


def show_prf(grid: QTableWidget, scores: Sequence[PRF | None], missing: str = "") -> None:
    """Fill a :func:`prf_grid`, one score per row (None: ``missing`` in every cell)."""
    grid.clearContents()
    for row, score in enumerate(scores):
        for column, part in enumerate(("f", "p", "r")):
            item = QTableWidgetItem(f1_text(getattr(score, part)) if score is not None else missing)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if column == 0:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            grid.setItem(row, column, item)
