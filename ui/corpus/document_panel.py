"""UMR document level: modal, temporal and coref relations, matched or not, with their scores.

The test document's relations are written with the gold variables their test variables are
aligned to, so that they compare with gold's; a test variable with no gold partner keeps its
name, marked "(unaligned)" (the engine's ``?`` prefix). Where the panel is wide (the Pair
perspective's lower tabs) the scores stand beside the relations, so that the panel asks for
little height; where it is narrow, above them; while hidden (a tab behind another, whose
minimum height still counts for its tab group) beside them."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QBoxLayout, QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.metrics.document import UNMAPPED, DocumentResult
from engine.metrics.triples import Category
from engine.registry import metrics

from ..common.row_table import FittedColumns, filtered_table, prf_grid, show_prf
from ..state.services import AppServices

CATEGORY_COLOURS = {  # by the categories' words, as the document's rows give them
    Category.MATCHED: QColor("#e8f5e9"),
    Category.ONLY_IN_TEST: QColor("#ffebee"),
    Category.ONLY_IN_GOLD: QColor("#fce4ec"),
}
HEADERS = ("Kind", "Category", "Test", "Gold")
UNALIGNED = " (unaligned)"
HEADER_TIPS = (
    "Modal, temporal or coreference relation",
    "Matched, or in one document only",
    "The test document's relation, its variables replaced by the gold variables they are aligned to;"
    f" 'x{UNALIGNED}': test variable x has no gold partner, so the relation cannot match",
    "The gold document's relation",
)
NOTE = f"test relations in gold's variables; x{UNALIGNED}: a test variable with no gold partner"
EXPLANATION = (
    "The test document's relations are written with the gold variables their test variables are aligned "
    f"to (through the sentence alignments), so that they compare with gold's; 'x{UNALIGNED}' is a test "
    "variable with no gold partner. Coref links are compared after transitive closure; comprehensive pools "
    "the labeled relations of the sentences, modal, temporal and coref."
)
WIDE = 760  # px: from this width on, the scores stand beside the relations


def _symbol_text(symbol: str) -> str:
    return symbol[len(UNMAPPED) :] + UNALIGNED if symbol.startswith(UNMAPPED) and len(symbol) > 1 else symbol


def _item_text(item: tuple | None) -> str:
    return "" if item is None else "(" + " ".join(_symbol_text(symbol) for symbol in item) + ")"


def _unannotated(document: DocumentResult) -> str:
    """What the title says of a side with no document-level relation (its scores are 0 or n/a)."""
    empty = document.sides_without_relations
    if len(empty) == 1:
        other = "gold" if empty[0] == "test" else "test"
        return f" · {empty[0]} has no document-level annotation: every relation is only in {other}"
    return " · neither side has document-level annotation" if empty else ""


class DocumentPanel(QWidget):
    """Scores and relations of the document the selected sentence belongs to; available
    (``availability_changed``) only while the files have UMR documents."""

    availability_changed = Signal(bool)

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.title = QLabel("Document level: open UMR files to see modal, temporal and coreference agreement.")
        self.title.setWordWrap(True)
        self.title.setToolTip(EXPLANATION)
        self.scores = prf_grid(metrics("document"))
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (80, 100), self)
        self.model.header_tips = HEADER_TIPS
        self.fitted = FittedColumns(self.table, (2, 3))  # test and gold share the width by their texts
        self.kind = QComboBox()
        self.kind.addItem("All kinds", "")
        for kind in ("modal", "temporal", "coref"):
            self.kind.addItem(kind, kind)
        self.kind.currentIndexChanged.connect(lambda _: self.proxy.set_value(self.kind.currentData() or None))
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.kind)
        top.addStretch(1)
        relations = QVBoxLayout()
        relations.addLayout(top)
        relations.addWidget(self.table, 1)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.body.addWidget(self.scores, 0, Qt.AlignmentFlag.AlignTop)
        self.body.addLayout(relations, 1)
        self.outer = QVBoxLayout(self)
        self.outer.setContentsMargins(0, 0, 0, 0)
        self.outer.addWidget(self.title)
        self.outer.addLayout(self.body, 1)
        self._arrange(WIDE)
        state.selection.pair_selected.connect(self._show_pair)
        state.scoring.corpus_changed.connect(lambda corpus: self.availability_changed.emit(self.is_available()))
        self._show_pair(state.selection.pair)  # what the state holds already

    def _arrange(self, width: int) -> None:
        """Scores beside the relations from WIDE px on, above them below (by width alone, which
        does not depend on the arrangement's height)."""
        wide = width >= WIDE
        direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        if direction == self.body.direction() and self.body.stretch(1) == (5 if wide else 1):
            return
        self.body.setDirection(direction)
        self.body.setStretch(0, 2 if wide else 0)
        self.body.setStretch(1, 5 if wide else 1)
        self.outer.invalidate()  # the outer layout's cached minimum too (not redone while hidden)
        self.updateGeometry()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.isVisible():
            self._arrange(event.size().width())

    def minimumSizeHint(self) -> QSize:
        """Its layout's least size while shown; none while hidden (a tab behind another must not
        keep the window wider than that tab needs)."""
        return super().minimumSizeHint() if self.isVisible() else QSize(0, 0)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._arrange(self.width())
        self.updateGeometry()

    def hideEvent(self, event) -> None:
        super().hideEvent(event)
        self._arrange(WIDE)  # the least height while behind another tab
        self.updateGeometry()  # and no least width (minimumSizeHint)

    def is_available(self) -> bool:
        return self.state.scoring.corpus is not None and bool(self.state.scoring.corpus.documents)

    def _show_pair(self, result) -> None:
        corpus = self.state.scoring.corpus
        self.set_document(self.state.scoring.document_of(result), len(corpus.documents) if corpus else 0)

    def set_document(self, document: DocumentResult | None, count: int = 1) -> None:
        rows = (
            []
            if document is None
            else [(kind, category, _item_text(test), _item_text(gold)) for kind, category, test, gold in document.rows]
        )
        self.model.set_rows(
            rows, rows, [CATEGORY_COLOURS[Category(row[1])] for row in rows], tips=rows
        )  # elided: hover
        self.fitted.measure(rows)
        if document is None:
            self.scores.clearContents()
            self.title.setText(self._why_none())
            return
        which = f" of document {document.index + 1} of {count}" if count > 1 else ""
        self.title.setText(f"Document level{which}{_unannotated(document)} · {NOTE}")
        show_prf(self.scores, [document.scores[metric] for metric in metrics("document")])

    def _why_none(self) -> str:
        if not self.is_available():
            return "Document level: open UMR files to see modal, temporal and coreference agreement."
        if self.state.selection.pair is None:
            return "Document level: " + self.state.selection.empty_text()
        return "Document level: none for this pair (it could not be read, or it is in no document)."
