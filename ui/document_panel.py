"""UMR document level: modal, temporal and coref relations, matched or not, with their scores."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QHeaderView, QLabel, QTableView, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from engine.document import DOCUMENT_METRICS, DocumentResult

from .corpus_model import format_score

CATEGORY_COLOURS = {"matched": QColor("#e8f5e9"), "only in test": QColor("#ffebee"), "only in gold": QColor("#fce4ec")}
HEADERS = ("Kind", "Category", "Test (mapped to gold variables)", "Gold")


def _item_text(item: tuple | None) -> str:
    return "" if item is None else "(" + " ".join(item) + ")"


class DocumentRowsModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[tuple[str, str, str, str]] = []

    def set_document(self, document: DocumentResult | None) -> None:
        self.beginResetModel()
        self.rows = [] if document is None else [
            (kind, category, _item_text(test), _item_text(gold)) for kind, category, test, gold in document.rows
        ]
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row[index.column()]
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(CATEGORY_COLOURS[row[1]])
        return None


class KindProxy(QSortFilterProxyModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.kind: str | None = None

    def set_kind(self, kind: str | None) -> None:
        self.beginFilterChange()
        self.kind = kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        return self.kind is None or self.sourceModel().rows[source_row][0] == self.kind


class DocumentPanel(QWidget):
    """Scores and relations of the document the selected sentence belongs to."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.title = QLabel("Document level: open UMR files to see modal, temporal and coreference agreement.")
        self.title.setWordWrap(True)
        self.scores = QTableWidget(3, len(DOCUMENT_METRICS))
        self.scores.setHorizontalHeaderLabels(list(DOCUMENT_METRICS))
        self.scores.setVerticalHeaderLabels(["P", "R", "F1"])
        self.scores.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.scores.setMaximumHeight(self.scores.verticalHeader().length() + self.scores.horizontalHeader().height() + 6)
        self.model = DocumentRowsModel(self)
        self.proxy = KindProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        for column, width in enumerate((80, 100, 280)):
            header.resizeSection(column, width)
        header.setStretchLastSection(True)
        self.kind = QComboBox()
        self.kind.addItem("All kinds", "")
        for kind in ("modal", "temporal", "coref"):
            self.kind.addItem(kind, kind)
        self.kind.currentIndexChanged.connect(lambda _: self.proxy.set_kind(self.kind.currentData() or None))
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.kind)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.scores)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)

    def set_document(self, document: DocumentResult | None, count: int = 1) -> None:
        self.model.set_document(document)
        self.scores.clearContents()
        if document is None:
            self.title.setText("Document level: none (AMR input, or the pair could not be read).")
            return
        which = f"document {document.index + 1} of {count}" if count > 1 else "the document"
        self.title.setText(f"Document level of {which}: coref links are compared after transitive closure; "
                           "comprehensive pools labeled relations, modal, temporal and coref.")
        for column, metric in enumerate(DOCUMENT_METRICS):
            score = document.scores[metric]
            for row, part in enumerate(("p", "r", "f")):
                item = QTableWidgetItem(format_score(getattr(score, part)))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.scores.setItem(row, column, item)
