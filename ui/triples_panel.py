"""The pair's relations by category: matched, label differs, concept differs, only in test/gold."""

from __future__ import annotations

import csv
import io

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.metrics.triples import Category, TripleMatch

from .row_table import filtered_table
from .state import AppState

CATEGORY_COLOURS = {
    Category.MATCHED: QColor("#e8f5e9"),
    Category.LABEL_DIFFERS: QColor("#fff3e0"),
    Category.CONCEPT_DIFFERS: QColor("#fffde7"),
    Category.ONLY_IN_TEST: QColor("#ffebee"),
    Category.ONLY_IN_GOLD: QColor("#fce4ec"),
}
HEADERS = ("Category", "Test triple", "Gold triple", "Similarity")


def triple_cells(row: TripleMatch) -> tuple[str, str, str, str]:
    return (row.category.value, str(row.test) if row.test else "", str(row.gold) if row.gold else "",
            f"{row.similarity:.4f}")


def triples_csv(rows: list[TripleMatch]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["category", "test_triple", "gold_triple", "similarity"])
    writer.writerows(triple_cells(row) for row in rows)
    return buffer.getvalue()


class TriplesPanel(QWidget):
    """The selected pair's triples; choosing a row selects that triple, selecting a node
    shows the first row that touches it."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.state = state
        self._syncing = False
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (110, 300, 300), self)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.category = QComboBox()
        self.category.addItem("All categories", None)
        for category in Category:
            self.category.addItem(category.value, category.value)
        self.category.currentIndexChanged.connect(lambda _: self._category_changed())
        self.counts = QLabel()
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.category)
        top.addWidget(self.counts, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table)
        state.pair_selected.connect(self._show_pair)
        state.node_selected.connect(self.select_node)
        self._show_pair(state.pair)  # what the state holds already

    def _show_pair(self, result) -> None:
        self.set_rows(self.state.triple_rows)

    def set_rows(self, rows: list[TripleMatch]) -> None:
        cells = [triple_cells(row) for row in rows]
        keys = [c[:3] + (row.similarity,) for c, row in zip(cells, rows)]
        self.model.set_rows(rows, cells, [CATEGORY_COLOURS[row.category] for row in rows], keys)
        tally = dict.fromkeys(Category, 0)
        for row in rows:
            tally[row.category] += 1
        self.counts.setText("  ".join(f"{category.value}: {count}" for category, count in tally.items()))

    def _category_changed(self) -> None:
        self.proxy.set_value(self.category.currentData() or None)

    def _current_changed(self, current, previous=None) -> None:
        if current.isValid() and not self._syncing:
            self.state.select_triple(self.proxy.item(current.row()))

    def select_node(self, side: str, var: str) -> None:
        """Select the first shown row whose triple on ``side`` starts or ends at ``var``."""
        for proxy_row in range(self.proxy.rowCount()):
            row = self.proxy.item(proxy_row)
            triple = row.test if side == "test" else row.gold
            if triple is not None and var in (triple.source, triple.target if triple.target_concept else None):
                self._syncing = True
                self.table.selectRow(proxy_row)
                self._syncing = False
                self.table.scrollTo(self.proxy.index(proxy_row, 0))
                return
        self.table.clearSelection()
