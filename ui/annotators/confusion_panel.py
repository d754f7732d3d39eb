"""Label confusion of the pair shown (two files, or a cell of the annotators' matrix) over the
whole corpus under the alignment: concepts, roles and attribute values as tables, most
frequent first, a heatmap of the most frequent confusions of the kind shown, and the
sentences of the chosen cell (a click opens one in the pair views)."""

from __future__ import annotations

from dataclasses import replace
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.layout.pair import plural
from engine.metrics.confusion import KINDS, ConfusionCell

from ..common.binding import SyncGuard
from ..common.flow_layout import FlowLayout
from ..common.names import distinct_name
from ..common.row_table import filtered_table, share_width
from .grid_heatmap import GridHeatmap
from .name_box import NameBox
from .state import AnnotatorsApp
from .tasks import ConfusionOutcome
from .views import CONFUSION_HEADERS, Grid, confusion_grid, confusion_rows

__all__ = ["ConfusionPanel"]

NOTHING = "Open two files or several annotators to see which labels were paired with which."
WIDE_SHARES, TALL_SHARES = (5, 2, 4), (3, 1, 4)  # tables, sentences, heatmap
TITLES = {"concept": "Concepts", "role": "Roles", "attribute": "Attributes"}
TITLE_LETTERS = 40  # an annotator's name in the heatmap's titles: longer ones keep what tells them apart


class ConfusionPanel(QWidget):
    """Shows ``state.annotators.confusion``; choosing a row or a heatmap cell lists its
    sentences, choosing a sentence opens it; the pair boxes open another cell of the matrix
    (the pair views follow, out of sight: the window stays here).
    Available (:mod:`ui.shell.workspace`) once a confusion has been counted."""

    availability_changed = Signal(bool)

    def __init__(self, state: AnnotatorsApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.annotators = state.annotators
        self.outcome: ConfusionOutcome | None = None
        self._arranged = False  # the splitter's shares set once shown at a size
        self._dragged = False  # the user moved a handle: the sizes are theirs
        self.syncing = SyncGuard()
        self.header = QLabel(NOTHING)
        self.header.setWordWrap(True)
        self.test_box, self.gold_box = (
            NameBox(
                f"The {side} annotator of the pair: the matrix's {'row' if side == 'test' else 'column'} "
                f"(opens that cell of the matrix). The annotator chosen in {other} is greyed out: "
                "an annotator against itself is the matrix's diagonal."
            )
            for side, other in (("test", '"against"'), ("reference", '"Pair"'))
        )
        for box, side in ((self.test_box, "test"), (self.gold_box, "reference")):
            box.setPlaceholderText(f"({side} annotator)")  # shown while the pair is no cell of the matrix
        self.agreements = QCheckBox("Show agreements")
        self.agreements.setToolTip(
            "List the label pairs that agree too, after the confusions, and count them in the heatmap"
        )
        bar = FlowLayout()  # on two rows or three where the panel is narrow: it never widens the window
        self.pair_boxes = [_labelled(text, box) for text, box in (("Pair:", self.test_box), ("against", self.gold_box))]
        for group in self.pair_boxes:
            bar.addWidget(group)
        bar.addWidget(self.agreements)
        self.kinds = QTabWidget()
        self.models, self.proxies, self.views = {}, {}, {}
        for kind in KINDS:
            model, proxy, view = filtered_table(CONFUSION_HEADERS, 0, (), self)
            share_width(view, (0, 1, 4), {2: 50, 3: 100})
            # beside the matrix on a narrow screen its headers need more than the room: scroll to them
            view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            view.setToolTip("Choose a row for the sentences where its labels were paired")
            self.models[kind], self.proxies[kind], self.views[kind] = model, proxy, view
            self.kinds.addTab(view, TITLES[kind])
            view.selectionModel().currentRowChanged.connect(lambda current, _, kind=kind: self._row_chosen(kind))
            view.selectionModel().selectionChanged.connect(lambda *_: self._mark_chosen())
        self.sentences = QListWidget()
        self.sentences.setToolTip("Click a sentence to open it in the pair views")
        self.sentences_label = QLabel("Sentences of the chosen cell")
        self.sentences_box = sentences = QWidget()
        sentence_layout = QVBoxLayout(sentences)
        sentence_layout.setContentsMargins(0, 0, 0, 0)
        sentence_layout.addWidget(self.sentences_label)
        sentence_layout.addWidget(self.sentences)
        self.heatmap = GridHeatmap(wide=True)  # its labels are names to read: cells widen to them
        self.heatmap.tooltip_for = self._tooltip
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.kinds)
        splitter.addWidget(sentences)
        splitter.addWidget(self.heatmap)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        splitter.splitterMoved.connect(lambda *_: setattr(self, "_dragged", True))
        self.kinds.currentChanged.connect(lambda index: self._show_heatmap())
        self.agreements.toggled.connect(lambda checked: self._fill_tables())  # and the heatmap
        self.test_box.currentIndexChanged.connect(self._pair_chosen)
        self.gold_box.currentIndexChanged.connect(self._pair_chosen)
        self.heatmap.cell_clicked.connect(self._heatmap_clicked)
        self.sentences.itemClicked.connect(self._sentence_clicked)
        self.sentences.itemActivated.connect(self._sentence_clicked)
        self.annotators.matrix_changed.connect(lambda result: self._fill_pair_boxes())
        self.annotators.confusion_changed.connect(self._show_confusion)
        self.annotators.view_changed.connect(self._show_header)  # it names the gold annotator
        self._fill_pair_boxes()
        self._show_confusion(self.annotators.confusion)

    def resizeEvent(self, event) -> None:
        """Side by side in a wide dock (the bottom area), one above the other in a tall one."""
        wide = self.width() > 1.6 * self.height()
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if orientation != self.splitter.orientation() or not self._arranged:
            self._arranged, self._dragged = True, False
            self.splitter.setOrientation(orientation)
            room = self.width() if wide else self.height()
            shares = WIDE_SHARES if wide else TALL_SHARES
            self.splitter.setSizes([round(room * share / sum(shares)) for share in shares])
        super().resizeEvent(event)
        self._share_height()

    def _share_height(self) -> None:
        """One above the other, the heatmap gets the height at which its values, every row's
        label and the column labels whole can be read (:meth:`GridHeatmap.readable_height`) when
        its share is less, as far as the tables and the sentences keep their least height; they
        share the rest. Kept once a handle is dragged."""
        total = self.splitter.height() - 2 * self.splitter.handleWidth()
        if self._dragged or self.splitter.orientation() != Qt.Orientation.Vertical or total <= 0:
            return
        least_tables, least_sentences = (
            widget.minimumSizeHint().height() for widget in (self.kinds, self.sentences_box)
        )
        share = round(total * TALL_SHARES[2] / sum(TALL_SHARES))
        heatmap = max(share, min(self.heatmap.readable_height(whole=True), total - least_tables - least_sentences))
        rest = total - heatmap
        sentences = max(least_sentences, round(rest * TALL_SHARES[1] / sum(TALL_SHARES[:2])))
        tables = max(least_tables, rest - sentences)
        self.splitter.setSizes([tables, rest - tables, heatmap])

    @property
    def kind(self) -> str:
        return KINDS[self.kinds.currentIndex()]

    # ------------------------------------------------------------- showing
    def _fill_pair_boxes(self) -> None:
        result = self.annotators.result
        with self.syncing:
            for box in (self.test_box, self.gold_box):
                box.clear()
                box.fill_names(result.names if result is not None else ())
        for group in self.pair_boxes:
            group.setVisible(result is not None)
        self._show_pair_boxes()

    def _show_pair_boxes(self) -> None:
        """The cell shown; both boxes say which annotator to choose when the confusion is of two
        files outside the matrix (the boxes are hidden while no matrix is open)."""
        cell = self.outcome.cell if self.outcome is not None else None
        if cell is None or self.test_box.count() <= max(cell):
            cell = (-1, -1)
        with self.syncing:
            self.test_box.setCurrentIndex(cell[0])
            self.gold_box.setCurrentIndex(cell[1])
        self._grey_out_each_others_annotator()

    def _grey_out_each_others_annotator(self) -> None:
        """Each box's item for the annotator chosen in the other box is disabled: an annotator
        against itself is the matrix's diagonal, which has no label confusion to show."""
        for box, other in ((self.test_box, self.gold_box), (self.gold_box, self.test_box)):
            items = box.model()
            assert isinstance(items, QStandardItemModel)  # a combo box's own model
            for k in range(box.count()):
                item = items.item(k)
                if item is not None:
                    item.setEnabled(k != other.currentIndex())

    def is_available(self) -> bool:
        return self.outcome is not None

    def _show_confusion(self, outcome: ConfusionOutcome | None) -> None:
        self.outcome = outcome
        self.availability_changed.emit(self.is_available())
        self._show_header()
        self._show_pair_boxes()
        self._fill_tables()

    def _show_header(self) -> None:
        outcome = self.outcome
        if outcome is None:
            self.header.setText(NOTHING)
            return
        source = "a cell of the annotators' matrix" if outcome.cell is not None else "the two files shown"
        self.header.setText(
            f"Label confusion of <b>{escape(outcome.test)}</b> (test) against <b>{escape(outcome.gold)}</b> "
            f"({self._reference(outcome)}), {source}, over the corpus under the alignment. " + self._summary(outcome)
        )

    def _reference(self, outcome: ConfusionOutcome) -> str:
        """What the pair's second annotator is: the reference side of the pair, which is the gold
        annotator (the Gold box above the matrix) only when the text says so."""
        result = self.annotators.result
        if outcome.cell is None or result is None:
            return "reference: the gold file"
        if result.gold == outcome.cell[1]:
            return "reference: the gold annotator"
        if result.gold is None:
            return "reference"
        return f"reference, not the gold annotator {escape(result.names[result.gold])}"

    @staticmethod
    def _summary(outcome: ConfusionOutcome) -> str:
        return "; ".join(
            f"{TITLES[t.kind].lower()}: {t.agreed} of {t.total} pairs agree" for t in outcome.confusion.tables()
        )

    def _tab_title(self, kind: str) -> str:
        """The kind and how many rows its table lists: its confusions, and its agreeing label pairs
        when they are shown too."""
        if self.outcome is None:
            return TITLES[kind]
        table = self.outcome.confusion.table(kind)
        confused = len(table.confusions())
        if not self.agreements.isChecked():
            return f"{TITLES[kind]} ({confused})"
        return f"{TITLES[kind]} ({confused} + {len(table.cells) - confused} agreeing)"

    def _fill_tables(self) -> None:
        for kind in KINDS:
            self.kinds.setTabText(KINDS.index(kind), self._tab_title(kind))
            rows = (
                confusion_rows(self.outcome.confusion.table(kind), self.outcome.labels, self.agreements.isChecked())
                if self.outcome is not None
                else []
            )
            self.models[kind].set_rows([r.item for r in rows], [r.cells for r in rows], keys=[r.keys for r in rows])
            self.views[kind].sortByColumn(CONFUSION_HEADERS.index("Count"), Qt.SortOrder.DescendingOrder)
        self.sentences.clear()
        self.sentences_label.setText("Sentences of the chosen cell")
        self._show_heatmap()

    def _show_heatmap(self) -> None:
        if self.outcome is None:
            self.heatmap.set_grid(Grid(NOTHING, (), (), (), ()))
            return
        table = self.outcome.confusion.table(self.kind)
        if not table.confusions():
            self.heatmap.set_grid(Grid(f"No {self.kind} confusion: every pair agrees.", (), (), (), ()))
            return
        test, gold = self.outcome.test, self.outcome.gold
        result = self.annotators.result
        names = result.names if result is not None and test in result.names else (test, gold)
        test, gold = (distinct_name(name, names, TITLE_LETTERS) for name in (test, gold))  # the header: whole
        grid = confusion_grid(table, test, gold, self.agreements.isChecked())
        self.heatmap.set_grid(replace(grid, marked=self._chosen_in(grid)))
        self._share_height()

    def _chosen_in(self, grid: Grid) -> tuple[int, int] | None:
        """Where the confusion chosen in the table of the kind shown is in ``grid`` (framed there, so
        that the heatmap and the table agree), None when none is chosen or the grid leaves it out."""
        view = self.views[self.kind]
        row = view.currentIndex().row()
        if row < 0 or not view.selectionModel().isRowSelected(row):
            return None
        cell = self.proxies[self.kind].item(row)
        if cell.test not in grid.rows or cell.gold not in grid.columns:
            return None
        return grid.rows.index(cell.test), grid.columns.index(cell.gold)

    def _tooltip(self, row: int, column: int) -> str:
        cell, outcome = self._grid_cell(row, column), self.outcome
        if cell is None or outcome is None:
            return "These labels were never paired."
        if cell.agrees and not self.agreements.isChecked():
            return f"{cell.test} / {cell.gold}: an agreement, not shown; check Show agreements to count it."
        sentences = ", ".join(outcome.labels[s] for s in cell.sentences[:12])
        more = " ..." if len(cell.sentences) > 12 else ""
        times = plural(cell.count, "time")
        return f"{cell.test} / {cell.gold}: {times}, in {sentences}{more}\nClick to list the sentences."

    def _grid_cell(self, row: int, column: int) -> ConfusionCell | None:
        grid = self.heatmap.grid
        if self.outcome is None or row >= len(grid.rows) or column >= len(grid.columns):
            return None
        return self.outcome.confusion.table(self.kind).cells.get((grid.rows[row], grid.columns[column]))

    def show_cell(self, cell: ConfusionCell) -> None:
        """List the sentences of ``cell``."""
        self.sentences.clear()
        self.sentences_label.setText(f"{cell.test} / {cell.gold}: {plural(cell.count, 'time')} in these sentences")
        outcome = self.outcome
        if outcome is None:  # no pair shown: nothing to list
            return
        for sentence in cell.sentences:
            text = outcome.texts[sentence]
            item = QListWidgetItem(f"{outcome.labels[sentence]}  {text}".strip())
            item.setData(Qt.ItemDataRole.UserRole, sentence)
            item.setToolTip(text)
            self.sentences.addItem(item)

    # ------------------------------------------------------------- choices
    def _row_chosen(self, kind: str) -> None:
        index = self.views[kind].currentIndex()
        if index.isValid():
            self.show_cell(self.proxies[kind].item(index.row()))

    def _mark_chosen(self) -> None:
        grid = self.heatmap.grid
        self.heatmap.set_grid(replace(grid, marked=self._chosen_in(grid)))

    def _heatmap_clicked(self, row: int, column: int) -> None:
        cell = self._grid_cell(row, column)
        if cell is None or (cell.agrees and not self.agreements.isChecked()):  # not shown, as in the table
            return
        proxy, view = self.proxies[self.kind], self.views[self.kind]
        for proxy_row in range(proxy.rowCount()):
            if proxy.item(proxy_row) is cell:
                view.selectRow(proxy_row)
                view.scrollTo(proxy.index(proxy_row, 0))
                break
        self.show_cell(cell)

    def _sentence_clicked(self, item: QListWidgetItem) -> None:
        self.annotators.open_confusion_sentence(item.data(Qt.ItemDataRole.UserRole))

    def _pair_chosen(self, index: int) -> None:
        if self.syncing:
            return
        self._grey_out_each_others_annotator()
        test, gold = self.test_box.currentIndex(), self.gold_box.currentIndex()
        if test >= 0 and gold >= 0 and test != gold:  # the pair views follow, behind: the user stays here
            self.annotators.open_cell(test, gold, show=False)


def _labelled(text: str, box: QWidget) -> QWidget:
    """``box`` after its label, kept together on one row of the bar."""
    group = QWidget()
    row = QHBoxLayout(group)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(QLabel(text))
    row.addWidget(box, 1)
    return group
