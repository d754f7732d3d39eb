"""The selected pair's alignment as a table: each test node with its gold partner, their
intrinsic similarity S and the round the pair was fixed in, then the unaligned nodes of both
graphs. A row's tooltip is the graphs' tooltip of its nodes, the S cell's says what made S
(lemma, sense, attributes); choosing a row shows its nodes in the graphs."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTableView, QVBoxLayout, QWidget

from engine.align.similarity import similarity_reasons
from engine.layout.pair import plural
from engine.output.rows import AlignmentRow, alignment_table
from engine.scoring import PairResult

from ..common.binding import SyncGuard
from ..common.row_table import RowTableModel, compact_rows, select_row, share_width
from ..common.sides import Side
from ..state.services import AppServices

__all__ = ["ALIGNMENT_HEADERS", "AlignmentPanel"]

ALIGNMENT_HEADERS = ("Test node", "Gold node", "S", "Fixed in")
HEADER_TIPS = (
    "A node of the test graph (variable / concept)",
    "Its partner in the gold graph",
    "Intrinsic similarity of the two nodes (paper eq. 1)",
    "How the pair was found: an initial anchor, an anchor of round q, or matched in finalisation",
)
WIDTHS = {2: 56, 3: 100}  # the two nodes share the rest of the width


def _node(row: AlignmentRow, side: str):
    return row.test if side == "test" else row.gold


def _node_text(node) -> str:
    return f"{node.var} / {node.concept}" if node is not None else ""


def _cells(row: AlignmentRow) -> tuple[str, ...]:
    return (
        _node_text(row.test),
        _node_text(row.gold),
        f"{row.similarity:.4f}" if row.similarity is not None else "",
        row.how,
    )


def _similarity_tip(result: PairResult | None, row: AlignmentRow, nodes: str) -> str:
    """What made the pair's S (eq. 1-4); the nodes' tooltip for an unaligned node."""
    if result is None or result.test is None or result.gold is None or row.similarity is None:
        return nodes
    if row.test is None or row.gold is None:
        return nodes
    test, gold = result.test, result.gold
    why = similarity_reasons(
        row.test,
        row.gold,
        test.attributes_by_node[test.index[row.test.var]],
        gold.attributes_by_node[gold.index[row.gold.var]],
        row.similarity,
    )
    return f"S({row.test.var}, {row.gold.var}) = {row.similarity:.4f}: {why}"


class AlignmentPanel(QWidget):
    """``model`` holds one :class:`~engine.output.rows.AlignmentRow` per row (test order, then
    the unaligned gold nodes)."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color:#555; padding:4px;")
        self.model = RowTableModel(ALIGNMENT_HEADERS, self)
        self.model.header_tips = HEADER_TIPS
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        compact_rows(self.table)
        self.table.setWordWrap(False)
        share_width(self.table, (0, 1), WIDTHS)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        state.selection.pair_selected.connect(self.set_result)
        state.selection.node_selected.connect(self._show_node)
        self.set_result(state.selection.pair)  # what the state holds already

    def set_result(self, result: PairResult | None) -> None:
        rows = alignment_table(result) if result is not None else []
        tips = [self._tips(result, row) for row in rows]
        with self.syncing:
            self.model.set_rows(rows, [_cells(row) for row in rows], tips=tips)
        if result is None:
            note = self.state.selection.empty_text()
        elif result.alignment is None:
            why = "a graph of the sentence is missing" if result.missing else "the pair could not be read"
            note = f"No alignment: {why} (see the pair's header and PENMAN texts)."
        else:
            aligned = sum(1 for row in rows if row.test is not None and row.gold is not None)
            note = f"{plural(aligned, 'aligned pair')}, {plural(len(rows) - aligned, 'unaligned node')}."
        self.note.setText(note)

    def _tips(self, result: PairResult | None, row: AlignmentRow) -> tuple[str, ...]:
        test = self.state.selection.node_tooltip("test", row.test.var) if row.test else ""
        gold = self.state.selection.node_tooltip("gold", row.gold.var) if row.gold else ""
        either = test or gold
        return (test, gold, _similarity_tip(result, row, either), either)

    def _row_chosen(self, current, previous=None) -> None:
        if self.syncing or not current.isValid():
            return
        row: AlignmentRow = self.model.rows[current.row()]
        side: Side = "test" if row.test is not None else "gold"
        node = row.test or row.gold
        assert node is not None  # a row has a node on one side at least
        with self.syncing:
            self.state.selection.reveal_node(side, node.var)

    def _show_node(self, side: str, var: str) -> None:
        """Select the row of the selected node."""
        if self.syncing:
            return
        found = next(
            (
                number
                for number, row in enumerate(self.model.rows)
                if (node := _node(row, side)) is not None and node.var == var
            ),
            None,
        )
        with self.syncing:
            select_row(self.table, found)
