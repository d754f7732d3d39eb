"""DScorer of a DRS pair: P, R and F1 per k-gram order with the counts behind them, the
pair's and the corpus's DScorer, and the k-grams of one order that one side has and the
other has not (or has fewer times), so a user sees which chains of meaning differ.

The k-grams are listed on a worker thread (:class:`~ui.drs.kgrams.KgramLister`)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.drs import DScorerTally
from engine.drs.pair import dscorer_settings
from engine.output.text import f1_text
from engine.registry import DSCORER
from engine.scoring import CorpusResult, PairResult

from ..common.binding import SyncGuard
from ..common.row_table import ColumnFilterProxy, Index, RowTableModel, filtered_table, score_grid
from ..state.services import AppServices
from .kgram_rows import KgramList, KgramRow, KgramSide
from .kgrams import KgramLister

__all__ = ["DScorerPanel", "OneLineLabel", "settings_text"]

HEADERS = ("Side", "Test", "Gold", "Difference", "k-gram")  # the sequence last: it takes the room left
COLOURS = {
    KgramSide.ONLY_TEST: QColor("#ffebee"),
    KgramSide.ONLY_GOLD: QColor("#fce4ec"),
    KgramSide.MORE_TEST: QColor("#fff3e0"),
    KgramSide.MORE_GOLD: QColor("#fffde7"),
}
SHOWN = (  # (combo text, the sides it keeps)
    ("Found on one side only", (KgramSide.ONLY_TEST, KgramSide.ONLY_GOLD)),
    ("Only in test", (KgramSide.ONLY_TEST,)),
    ("Only in gold", (KgramSide.ONLY_GOLD,)),
    ("More often in test", (KgramSide.MORE_TEST,)),
    ("More often in gold", (KgramSide.MORE_GOLD,)),
    ("Every k-gram counted differently", tuple(KgramSide)),
)
ORDER_COLUMNS = ("P", "R", "F1", "test", "gold", "shared")
HINT = "DScorer compares DRS input (clause files, .clf): File > Open Demo has a DRS pair."
LEGENDS = {  # how to read a k-gram, per DScorer profile: (one line, its tooltip)
    "paper": (
        "─Agent-A1─: the Agent role's edge to its 1st argument (-A2: to its 2nd), read either way; B box, "
        'X entity, E event, S state, P proposition, T time, "..." a constant',
        "A k-gram is a path of k edges, read as its labels. Nodes: B a box; a discourse referent by its type - X "
        "entity, E event, S state, P proposition, T time (the first letter of its variable); a constant by its text. "
        "Edges: a concept (B ─give.v.01─ E), a box relation (B ─NOT─ B), or a role clause b Agent e x split in two - "
        "B ─Agent-A1─ E (the role's first argument) and E ─Agent-A2─ X (its second). An edge that does not join "
        "two boxes is walked both ways under the same label, so X ─Agent-A2─ E is the same edge read backwards.",
    ),
    "reference": (
        "─R:1→ / ─R:2→: a role's edge to its 1st / 2nd argument, ←R─ an edge read backwards; B box, X any other "
        'referent, "..." a constant or sense',
        "A k-gram is a path of k edges, read as its labels (DRSScorer's graph). Nodes: B a box, X any other "
        'variable, a constant (or a sense such as "n.02") by its text. Edges: b R v is B ─R→ v; a role clause '
        "b R y z is B ─R:1→ y ─R:2→ z. An edge whose relation is not all capitals is also walked backwards, "
        "shown ←R─ (REF, NOT, TPR stay one-way).",
    ),
}


class OneLineLabel(QLabel):
    """A line of text cut short (…) to the label's width; the whole of it is ``full_text``."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.full_text = ""
        self.setMinimumWidth(40)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self._elide()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight, self.width()))


class KgramModel(RowTableModel):
    """The k-gram rows, each whole sequence also as a tooltip (a long one is cut short in its cell)."""

    def data(self, index: Index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid():
            return self.cell(index.row(), len(HEADERS) - 1)
        return super().data(index, role)


class SidesProxy(ColumnFilterProxy):
    """Keeps the rows whose side is one of ``sides``."""

    def __init__(self, parent=None):
        super().__init__(0, parent)
        self.sides: tuple[KgramSide, ...] = SHOWN[0][1]

    def set_sides(self, sides: tuple[KgramSide, ...]) -> None:
        self.beginFilterChange()
        self.sides = sides
        self.endFilterChange(ColumnFilterProxy.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self.rows_model().rows[source_row].side in self.sides


def settings_text(corpus: CorpusResult) -> str:
    """DScorer's profile, highest order and weights, as the corpus was scored."""
    params = corpus.params
    n = params.dscorer_n
    weights = params.dscorer_weights
    given = ", ".join(f"{w:g}" for w in weights) if weights else f"0.1, then {0.9 / n:g} each"
    return f"{params.dscorer_profile} profile, n = {n}, weights w0..w{n}: {given}"


def _zero_tip(small: int, large: int, nodes: tuple[int, int] | None) -> str:
    """What the k = 0 row says: P = R = F1 = min / max of the two graphs' node counts."""
    sizes = f"test {nodes[0]:,}, gold {nodes[1]:,} nodes; " if nodes is not None else ""
    ratio = small / large if large else 1.0
    return (
        f"k = 0 compares the node counts of DScorer's graphs (referents, boxes and constants): {sizes}"
        f"P = R = F1 = min / max = {small:,}/{large:,} = {f1_text(ratio)}"
    )


def _prf(score) -> str:
    return f"P {f1_text(score.p)}  R {f1_text(score.r)}  F1 {f1_text(score.f)}"


class DScorerPanel(QWidget):
    """The selected DRS pair's DScorer by order and its differing k-grams of the order chosen."""

    availability_changed = Signal(bool)  # offered only while the corpus is DRS input

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()  # the order box follows the pair: its range is no choice
        self.kgram_lister = KgramLister(state, self)
        self.kgram_lister.ready.connect(self.show_kgrams)
        self.title = QLabel(HINT)
        self.title.setWordWrap(True)
        self.title.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.orders = score_grid(ORDER_COLUMNS, ["k = 0 (nodes)"])
        self.orders.setMaximumHeight(16777215)  # it scrolls when the dock is low
        self.orders.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.orders.setToolTip(
            "Per order k: P = shared / test k-grams, R = shared / gold k-grams (multisets), "
            "with the counts of k-grams; k = 0: the test and gold graphs' node counts, and "
            "P = R = F1 = min/max of them (in the shared column)"
        )
        self.order = QSpinBox()
        self.order.setRange(1, 4)
        self.order.setPrefix("k = ")
        self.order.setToolTip("The order of the k-grams listed: paths of k edges")
        self.order.valueChanged.connect(self.syncing.unless_syncing(lambda order: self._request()))
        self.shown = QComboBox()
        for text, _ in SHOWN:
            self.shown.addItem(text)
        self.found = QLabel()
        self.found.setWordWrap(True)
        self.legend = OneLineLabel()  # how to read a k-gram
        self.legend.setStyleSheet("color:#555555;")
        _, _, self.table = filtered_table(HEADERS, 0, (85, 45, 45, 70), self)
        self.table.setWordWrap(False)
        self.model = KgramModel(HEADERS, self)
        self.proxy = SidesProxy(self)
        self.proxy.setSourceModel(self.model)
        self.shown.currentIndexChanged.connect(lambda k: self.proxy.set_sides(SHOWN[k][1]))
        self.table.setModel(self.proxy)
        self.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
        controls = QHBoxLayout()
        controls.addWidget(QLabel("k-grams of order"))
        controls.addWidget(self.order)
        controls.addWidget(self.shown, 1)
        self.kgrams = QWidget()
        right = QVBoxLayout(self.kgrams)
        right.setContentsMargins(0, 0, 0, 0)
        right.addLayout(controls)
        right.addWidget(self.found)
        right.addWidget(self.table, 1)
        right.addWidget(self.legend)
        self.split = QSplitter(Qt.Orientation.Horizontal)  # orders beside the k-grams: the dock stays low
        self.split.addWidget(self.orders)
        self.split.addWidget(self.kgrams)
        self.split.setStretchFactor(1, 1)
        self.split.setSizes([430, 1000])  # the orders' six columns, the rest for the k-grams
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.split, 1)
        self.listing: KgramList | None = None
        state.selection.pair_selected.connect(self.show_pair)
        state.scoring.corpus_changed.connect(lambda corpus: self.availability_changed.emit(self.is_available()))
        self.show_pair(state.selection.pair)  # what the state holds already

    def is_available(self) -> bool:
        return self.state.scoring.corpus is not None and self.state.scoring.corpus.drs

    def show_pair(self, result: PairResult | None) -> None:
        """The pair's DScorer by order, then its k-grams of the order chosen (asked for)."""
        self.listing = None
        self.model.set_rows([], [])
        drs, corpus = (result.drs if result is not None else None), self.state.scoring.corpus
        self.split.setVisible(drs is not None)
        if drs is None or corpus is None or result is None:
            self.title.setText(HINT if result is None or result.error is None else f"Not compared: {result.error}")
            return
        pooled = corpus.micro.get(DSCORER)
        self.title.setText(
            f"DScorer ({settings_text(corpus)}): this pair {_prf(drs.dscorer.total)}; the corpus, "
            f"k-gram counts pooled, {_prf(pooled) if pooled else '-'}."
        )
        legend, explained = LEGENDS[corpus.params.dscorer_profile]
        self.legend.set_full_text(legend)
        for widget in (self.legend, self.table):
            widget.setToolTip(explained)
        self._show_orders(result)
        with self.syncing:
            self.order.setRange(1, len(drs.dscorer.orders))
        self._request()

    def _show_orders(self, result: PairResult) -> None:
        assert result.drs is not None
        score = result.drs.dscorer
        tally = result.tallies.get(DSCORER)
        counts = tally.counts if isinstance(tally, DScorerTally) else None
        n = len(score.orders)
        self.orders.setRowCount(n + 1)
        self.orders.setVerticalHeaderLabels(["k = 0 (nodes)"] + [f"k = {k}" for k in range(1, n + 1)])
        nodes = self._node_counts(result.drs) if counts is not None else None
        for row in range(n + 1):
            order = score.orders[row - 1] if row else None
            values: list[float | int | str | None] = (
                [score.zero] * 3 if row == 0 else [order.p, order.r, order.f] if order else [None] * 3
            )
            if row and counts is not None:
                values += [counts.test[row - 1], counts.gold[row - 1], counts.matched[row - 1]]
            elif counts is not None:  # k = 0: the node counts, and min / max in place of the shared ones
                values += [*(nodes or (None, None)), f"{counts.nodes_min}/{counts.nodes_max}"]
            for column, value in enumerate(values):
                text = value if isinstance(value, str) else f"{value:,}" if isinstance(value, int) else f1_text(value)
                item = QTableWidgetItem(text if value is not None or column < 3 else "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if row and order is None and column < 3:
                    item.setToolTip("Left out: the test side has no k-gram of this order (reference profile)")
                elif row == 0 and counts is not None:
                    item.setToolTip(_zero_tip(counts.nodes_min, counts.nodes_max, nodes))
                self.orders.setItem(row, column, item)
        self.orders.resizeColumnsToContents()

    def _node_counts(self, drs) -> tuple[int, int] | None:
        """The nodes of DScorer's test and gold graphs (referents, boxes and constants; None without the corpus)."""
        corpus = self.state.scoring.corpus
        if corpus is None:
            return None
        settings = dscorer_settings(corpus.params)
        return len(settings.graph(drs.test_clauses)), len(settings.graph(drs.gold_clauses))

    def _request(self) -> None:
        result = self.state.selection.pair
        if result is None or result.drs is None:
            return
        self.found.setText(f"Listing the {self.order.value()}-grams...")
        self.kgram_lister.request(self.order.value())

    def show_kgrams(self, listing: KgramList) -> None:
        """Show a listing if it is of the selected pair and the order chosen."""
        result = self.state.selection.pair
        if result is None or listing.index != result.index or listing.k != self.order.value():
            return
        self.listing = listing
        rows: list[KgramRow] = list(listing.rows)
        cells = [(str(row.side), f"{row.test:,}", f"{row.gold:,}", f"{row.excess:,}", row.text) for row in rows]
        keys = [(row.side, row.test, row.gold, row.excess, row.text) for row in rows]
        self.model.set_rows(rows, cells, [COLOURS[row.side] for row in rows], keys)
        counts = ", ".join(f"{count:,} {side}" for side, count in listing.found.items())
        text = f"{listing.total:,} distinct {listing.k}-grams in the two graphs; counted differently: {counts}."
        if listing.cut:
            text += f" The {listing.limit:,} largest differences of each side are listed."
        self.found.setText(text)
