"""UMR document level: modal, temporal and coref relations, matched or not, with their scores."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTableWidgetItem, QVBoxLayout, QWidget

from engine.metrics.document import DocumentResult
from engine.output.text import f1_text
from engine.registry import DOCUMENT_METRICS

from .row_table import filtered_table, score_grid
from .state import AppState

CATEGORY_COLOURS = {"matched": QColor("#e8f5e9"), "only in test": QColor("#ffebee"), "only in gold": QColor("#fce4ec")}
HEADERS = ("Kind", "Category", "Test (mapped to gold variables)", "Gold")


def _item_text(item: tuple | None) -> str:
    return "" if item is None else "(" + " ".join(item) + ")"


class DocumentPanel(QWidget):
    """Scores and relations of the document the selected sentence belongs to."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.state = state
        self.title = QLabel("Document level: open UMR files to see modal, temporal and coreference agreement.")
        self.title.setWordWrap(True)
        self.scores = score_grid(DOCUMENT_METRICS)
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (80, 100, 280), self)
        self.kind = QComboBox()
        self.kind.addItem("All kinds", "")
        for kind in ("modal", "temporal", "coref"):
            self.kind.addItem(kind, kind)
        self.kind.currentIndexChanged.connect(lambda _: self.proxy.set_value(self.kind.currentData() or None))
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
        state.pair_selected.connect(self._show_pair)
        self._show_pair(state.pair)  # what the state holds already

    def _show_pair(self, result) -> None:
        corpus = self.state.corpus
        self.set_document(self.state.document_of(result), len(corpus.documents) if corpus else 0)

    def set_document(self, document: DocumentResult | None, count: int = 1) -> None:
        rows = [] if document is None else [
            (kind, category, _item_text(test), _item_text(gold)) for kind, category, test, gold in document.rows
        ]
        self.model.set_rows(rows, rows, [CATEGORY_COLOURS[row[1]] for row in rows])
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
                item = QTableWidgetItem(f1_text(getattr(score, part)))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.scores.setItem(row, column, item)
