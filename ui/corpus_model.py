"""Qt models of a scored corpus: the pair table and its sort/filter proxy."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor

from engine.output.text import f1_text
from engine.registry import ALL_METRICS, short_name
from engine.scoring import CorpusResult, PairResult

SORT_ROLE = Qt.ItemDataRole.UserRole
FIXED_COLUMNS = ("#", "ID", "Sentence", "Nodes")
COLUMNS = FIXED_COLUMNS + tuple(f"{short_name(m)} F1" for m in ALL_METRICS) + ("Status",)
FIRST_METRIC_COLUMN = len(FIXED_COLUMNS)
STATUS_COLUMN = len(COLUMNS) - 1
ERROR_COLOUR = QColor("#b3261e")


def sentence_of(result: PairResult) -> str:
    for graph in (result.gold, result.test):
        if graph is not None and graph.text:
            return graph.text
    return ""


class CorpusTableModel(QAbstractTableModel):
    """One row per pair: id, sentence, node counts, each metric's F1 and status."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._results: list[PairResult] = []
        self._rows: dict[int, int] = {}

    def set_corpus(self, corpus: CorpusResult | None) -> None:
        self.beginResetModel()
        self._results = list(corpus.pairs) if corpus is not None else []
        self._rows = {result.index: row for row, result in enumerate(self._results)}
        self.endResetModel()

    def result(self, row: int) -> PairResult:
        return self._results[row]

    def row_of(self, result: PairResult) -> int | None:
        """The row of ``result`` (None when it is not one of this corpus's pairs)."""
        row = self._rows.get(result.index)
        return row if row is not None and self._results[row] is result else None

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._results)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole and section >= FIRST_METRIC_COLUMN:
            return "F1 of the pair; hover a cell for precision (test side) and recall (gold side)"
        return None

    def _value(self, result: PairResult, column: int):
        """(display text, sort key) of one cell."""
        if column == 0:
            return str(result.index), result.index
        if column == 1:
            return result.id or "", result.id or ""
        if column == 2:
            text = sentence_of(result)
            return text, text.lower()
        if column == 3:
            if result.test is None or result.gold is None:
                return "-", -1
            return f"{len(result.test)}/{len(result.gold)}", len(result.test) + len(result.gold)
        if column == STATUS_COLUMN:
            return ("error" if result.error else "ok"), (1 if result.error else 0)
        score = result.scores.get(ALL_METRICS[column - FIRST_METRIC_COLUMN])
        if score is None:  # an unreadable pair, or Smatch not asked for
            return "", -2.0
        return f1_text(score.f), -1.0 if score.f is None else score.f

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        result = self._results[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._value(result, column)[0]
        if role == SORT_ROLE:
            return self._value(result, column)[1]
        if role == Qt.ItemDataRole.ToolTipRole:
            if result.error:
                return result.error
            if column >= FIRST_METRIC_COLUMN and column != STATUS_COLUMN:
                score = result.scores.get(ALL_METRICS[column - FIRST_METRIC_COLUMN])
                if score is None:
                    return "Smatch is computed when Scoring > Parameters asks for it"
                return f"P {f1_text(score.p)}   R {f1_text(score.r)}   F1 {f1_text(score.f)}"
            if column == 2:
                return sentence_of(result)
        if role == Qt.ItemDataRole.ForegroundRole and result.error:
            return QBrush(ERROR_COLOUR)
        if role == Qt.ItemDataRole.TextAlignmentRole and (column == 0 or column >= 3) and column != STATUS_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class CorpusFilterProxy(QSortFilterProxyModel):
    """Sorts by the numeric sort keys and keeps the rows a predicate accepts."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._accepts: Callable[[PairResult], bool] = lambda result: True

    def set_predicate(self, accepts: Callable[[PairResult], bool]) -> None:
        self.beginFilterChange()
        self._accepts = accepts
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        return self._accepts(self.sourceModel().result(source_row))

    def result(self, proxy_row: int) -> PairResult:
        return self.sourceModel().result(self.mapToSource(self.index(proxy_row, 0)).row())

    def row_of(self, result: PairResult) -> int | None:
        """The proxy row showing ``result`` (None when filtered out or not in the corpus)."""
        source = self.sourceModel().row_of(result)
        index = self.mapFromSource(self.sourceModel().index(source, 0)) if source is not None else None
        return index.row() if index is not None and index.isValid() else None
