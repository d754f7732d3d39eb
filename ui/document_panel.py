"""UMR document level: modal, temporal and coref relations, matched or not, with their scores."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.metrics.document import DocumentResult
from engine.registry import DOCUMENT_METRICS

from .row_table import filtered_table, prf_grid, share_width, show_prf
from .state import AppState

CATEGORY_COLOURS = {"matched": QColor("#e8f5e9"), "only in test": QColor("#ffebee"), "only in gold": QColor("#fce4ec")}
HEADERS = ("Kind", "Category", "Test", "Gold")
HEADER_TIPS = ("Modal, temporal or coreference relation", "Matched, or in one document only",
               "The test document's relation, its variables mapped to gold's", "The gold document's relation")


def _item_text(item: tuple | None) -> str:
    return "" if item is None else "(" + " ".join(item) + ")"


class DocumentPanel(QWidget):
    """Scores and relations of the document the selected sentence belongs to; available
    (``availability_changed``) only while the files have UMR documents."""

    availability_changed = Signal(bool)

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.state = state
        self.title = QLabel("Document level: open UMR files to see modal, temporal and coreference agreement.")
        self.title.setWordWrap(True)
        self.scores = prf_grid(DOCUMENT_METRICS)
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (), self)
        self.model.header_tips = HEADER_TIPS
        share_width(self.table, (2, 3), {0: 80, 1: 100})
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
        state.corpus_changed.connect(lambda corpus: self.availability_changed.emit(self.is_available()))
        self._show_pair(state.pair)  # what the state holds already

    def is_available(self) -> bool:
        return self.state.corpus is not None and bool(self.state.corpus.documents)

    def _show_pair(self, result) -> None:
        corpus = self.state.corpus
        self.set_document(self.state.document_of(result), len(corpus.documents) if corpus else 0)

    def set_document(self, document: DocumentResult | None, count: int = 1) -> None:
        rows = [] if document is None else [
            (kind, category, _item_text(test), _item_text(gold)) for kind, category, test, gold in document.rows
        ]
        self.model.set_rows(rows, rows, [CATEGORY_COLOURS[row[1]] for row in rows], tips=rows)  # elided: hover
        if document is None:
            self.scores.clearContents()
            self.title.setText(self._why_none())
            return
        which = f"document {document.index + 1} of {count}" if count > 1 else "the document"
        self.title.setText(f"Document level of {which}: coref links are compared after transitive closure; "
                           "comprehensive pools labeled relations, modal, temporal and coref.")
        show_prf(self.scores, [document.scores[metric] for metric in DOCUMENT_METRICS])

    def _why_none(self) -> str:
        if not self.is_available():
            return "Document level: open UMR files to see modal, temporal and coreference agreement."
        if self.state.pair is None:
            return "Document level: " + self.state.empty_text()
        return "Document level: none for this pair (it could not be read, or it is in no document)."
