"""The pair's relations by category: matched, label differs, concept differs, only in test/gold;
each end with its aligned partner, and for a relation that does not match, why."""

from __future__ import annotations

import csv
import io
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.metrics.triples import RELATION_CATEGORIES, Category, Partners, Triple, TripleMatch

from ..common.binding import SyncGuard
from ..common.navigation import next_position
from ..common.row_table import FittedColumns, filtered_table, select_row
from ..common.sides import Side
from ..state.services import AppServices

__all__ = ["CATEGORY_COLOURS", "HEADERS", "TriplesPanel", "triple_cells", "triple_text", "triples_csv"]

CATEGORY_COLOURS = {
    Category.MATCHED: QColor("#e8f5e9"),
    Category.LABEL_DIFFERS: QColor("#fff3e0"),
    Category.CONCEPT_DIFFERS: QColor("#fffde7"),
    Category.ONLY_IN_TEST: QColor("#ffebee"),
    Category.ONLY_IN_GOLD: QColor("#fce4ec"),
}
HEADERS = ("Category", "Test triple", "Gold triple", "S", "Why")
HEADER_TIPS = (
    "How the relation compares with the other graph",
    "x → y′: node x is aligned to y of the gold graph (its concept shown when it differs); none: unaligned;"
    " x alone: aligned to gold's x, of the same concept",
    "x → y′: node x is aligned to y of the test graph (its concept shown when it differs); none: unaligned;"
    " x alone: aligned to test's x, of the same concept",
    "s_c: the mean intrinsic similarity of the two ends and their partners (paper eq. 17); 0 without a mirror",
    "Why it does not match: an end without a partner, ends aligned elsewhere, a missing constant, "
    "another concept or role (in full under the table)",
)
WIDTHS = (100, 0, 0, 56)  # the triples and why share the rest by their texts, why the stretch
WHY_SHARE = 0.2  # in that sharing, why claims at most this share (its text is in full under the table)
NONE = "none"


def _end(var: str, concept: str, partner) -> str:
    if partner is None:
        return f"{var}/{concept} → {NONE}"
    if partner.var == var and partner.concept == concept:  # its namesake: nothing to add
        return f"{var}/{concept}"
    other = f"{partner.var}′" + ("" if partner.concept == concept else f"/{partner.concept}")
    return f"{var}/{concept} → {other}"


def triple_text(triple: Triple | None, partners: Partners) -> str:
    """A relation with the aligned partner of each end where it is not the other graph's node of
    the same name and concept, e.g. ``(u/understand-01  :ARG1  i2/it → none)``: two versions of
    one annotation (which keep their variables) read as the triples, the ends aligned elsewhere
    standing out, and fit the table at 1366x768."""
    if triple is None:
        return ""
    target = triple.target if triple.target_concept is None else _end(triple.target, triple.target_concept, partners[1])
    return f"({_end(triple.source, triple.source_concept, partners[0])}  {triple.role}  {target})"


def triple_cells(row: TripleMatch) -> tuple[str, str, str, str, str]:
    return (
        row.category.value,
        triple_text(row.test, row.test_partners),
        triple_text(row.gold, row.gold_partners),
        f"{row.similarity:.4f}",
        row.why,
    )


def _partner_vars(triple: Triple | None, partners: Partners) -> str:
    if triple is None:
        return ""
    ends = partners[:1] if triple.target_concept is None else partners
    return " ".join(node.var if node is not None else "-" for node in ends)


def triples_csv(rows: list[TripleMatch]) -> str:
    """The table as CSV: the triples as written, the partners of their ends ("-": unaligned) and why."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["category", "test_triple", "gold_triple", "similarity", "test_ends_aligned_to", "gold_ends_aligned_to", "why"]
    )
    writer.writerows(
        (
            row.category.value,
            str(row.test) if row.test else "",
            str(row.gold) if row.gold else "",
            f"{row.similarity:.4f}",
            _partner_vars(row.test, row.test_partners),
            _partner_vars(row.gold, row.gold_partners),
            row.why,
        )
        for row in rows
    )
    return buffer.getvalue()


class TriplesPanel(QWidget):
    """The selected pair's triples in the engine's order (click a header to sort); choosing a
    row selects that triple, selecting a node shows the first row that touches it."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, WIDTHS, self)
        self.fitted = FittedColumns(self.table, (1, 2, 4), WHY_SHARE)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the engine's order until a header is clicked
        self.table.setWordWrap(False)
        self.model.header_tips = HEADER_TIPS
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.category = QComboBox()
        self.category.addItem("All categories", None)
        for category in RELATION_CATEGORIES:
            self.category.addItem(category.value, category.value)
        self.category.currentIndexChanged.connect(lambda _: self._category_changed())
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setStyleSheet("padding:2px 4px;")
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.category)
        top.addWidget(self.counts, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail)
        state.selection.pair_selected.connect(self._show_pair)
        state.selection.node_selected.connect(self.select_node)
        state.selection.triple_selected.connect(self._show_triple)
        self._show_pair(state.selection.pair)  # what the state holds already

    def _show_pair(self, result) -> None:
        self.set_rows(self.state.selection.triple_rows)
        if result is None:
            self.counts.setText(self.state.selection.empty_text())
        elif result.alignment is None:
            why = "a graph of the sentence is missing" if result.missing else "the pair could not be read"
            self.counts.setText(f"No triples: {why}.")

    def set_rows(self, rows: list[TripleMatch]) -> None:
        cells = [triple_cells(row) for row in rows]
        keys = [c[:3] + (row.similarity, row.why) for c, row in zip(cells, rows)]
        with self.syncing:
            self.model.set_rows(
                rows, cells, [CATEGORY_COLOURS[row.category] for row in rows], keys, [self._tips(row) for row in rows]
            )
        tally = dict.fromkeys(RELATION_CATEGORIES, 0)
        for row in rows:
            tally[row.category] += 1
        self.counts.setText("  ".join(f"{category.value}: {count}" for category, count in tally.items()))
        self.fitted.measure(cells)
        self._show_detail(None)

    def _show_detail(self, row: TripleMatch | None) -> None:
        """The chosen row's reason in full under the table."""
        if row is None:
            hint = "<span style='color:#555'>Choose a row (or press F8) to see why it does not match.</span>"
            self.detail.setText(hint if self.model.rows else "")
        elif row.category is Category.MATCHED:
            self.detail.setText("<b>matched</b>: the same relation between partners in both graphs.")
        else:
            self.detail.setText(f"<b>{escape(row.category.value)}</b>: {escape(row.why)}.")

    def _tips(self, row: TripleMatch) -> tuple[str, ...]:
        """Each triple in full (its cell may be elided) with the graphs' tooltips of its ends
        (partner, S, round), and the reason in full."""

        def ends(side: Side, triple: Triple | None, partners: Partners) -> str:
            if triple is None:
                return ""
            keys = [triple.source] + ([triple.target] if triple.target_concept is not None else [])
            tips = (self.state.selection.node_tooltip(side, key) for key in keys)
            return "\n\n".join(filter(None, (triple_text(triple, partners), *tips)))

        return (
            row.why or row.category.value,
            ends("test", row.test, row.test_partners),
            ends("gold", row.gold, row.gold_partners),
            "",
            row.why,
        )

    def _category_changed(self) -> None:
        self.proxy.set_value(self.category.currentData() or None)

    def _current_changed(self, current, previous=None) -> None:
        self._show_detail(self.proxy.item(current.row()) if current.isValid() else None)
        if current.isValid() and not self.syncing:
            with self.syncing:
                self.state.selection.select_triple(self.proxy.item(current.row()))

    def _show_triple(self, row: TripleMatch | None) -> None:
        if not self.syncing:
            with self.syncing:
                select_row(self.table, self.proxy.row_of(row) if row is not None else None)

    def step_mismatch(self, step: int) -> None:
        """Select the next row down (up when ``step`` < 0) that does not match, after the triple
        chosen, going round past the end; with none chosen, the first (the last). A node's row,
        shown when the node is clicked, is no triple chosen: F8 then starts at the top."""
        current = self.proxy.row_of(self.state.selection.triple) if self.state.selection.triple is not None else None
        row, wrapped = next_position(
            self.proxy.rowCount(),
            current,
            step,
            lambda number: self.proxy.item(number).category is not Category.MATCHED,
        )
        if row is None:
            self.state.messages.show("No unmatched triple is shown for this pair.")
            return
        self.state.selection.request_panel("triples")
        self.state.selection.select_triple(self.proxy.item(row))
        if wrapped:
            self.state.messages.show("Went round to the " + ("first" if step > 0 else "last") + " unmatched triple.")

    def select_node(self, side: str, var: str) -> None:
        """Select the first shown row whose triple on ``side`` starts or ends at ``var``."""
        for proxy_row in range(self.proxy.rowCount()):
            row = self.proxy.item(proxy_row)
            triple = row.test if side == "test" else row.gold
            if triple is not None and var in (triple.source, triple.target if triple.target_concept else None):
                with self.syncing:
                    select_row(self.table, proxy_row)
                return
        self.table.clearSelection()
