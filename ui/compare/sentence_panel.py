"""The compared sentences: a table of each sentence's F1 of A and of B and their difference
(only those chosen in a plot while some are), and the sentence shown - chosen in the table or
clicked in the scatter - as A, B and the gold annotated it, side by side, each with its F1
against the gold. Open A (or B) against the gold shows it in the pair views (graphs, triples,
alignment): the alignment is between two graphs, so the three-way view is the texts side by
side, and each side's alignment with the gold is one of the pair views' usual pairs."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from engine.comparison import Comparison

from ..common.binding import SyncGuard
from ..common.chosen_bar import ChosenBar
from ..common.elided import TitledBox
from ..common.row_table import filtered_table, select_row, share_width
from .state import CompareApp
from .views import (
    SENTENCE_HEADERS,
    SENTENCE_TIPS,
    SentenceColumns,
    largest_differences_first,
    sentence_columns,
    sentence_texts,
    sentence_texts_of,
)

__all__ = ["CompareSentencePanel"]

NO_SENTENCE = "Click a point of the scatter, or a sentence in the table, to see it as A, B and the gold annotated it."


class CompareSentencePanel(QWidget):
    """Available while a comparison is shown."""

    availability_changed = Signal(bool)

    def __init__(self, state: CompareApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.compare = state.compare
        self.syncing = SyncGuard()
        self._texts: list[str] = []  # every sentence's text, of the comparison shown
        self._rows: dict[tuple[str, bool], SentenceColumns] = {}  # its rows by metric and order, made once
        self.model, self.proxy, self.table = filtered_table(
            SENTENCE_HEADERS, 0, (90, 200, 60, 60, 60), self, presorted=True
        )
        share_width(self.table, (1,), {0: 90, 2: 60, 3: 60, 4: 64})
        self.model.header_tips = SENTENCE_TIPS
        self.table.setToolTip("Click a sentence to see it as A, B and the gold annotated it")
        self.chosen_bar = ChosenBar("sentence")
        self.heading = QLabel(NO_SENTENCE)
        self.heading.setWordWrap(True)
        self.open_a = QPushButton("Open A vs gold")
        self.open_b = QPushButton("Open B vs gold")
        for button in (self.open_a, self.open_b):
            button.setToolTip("Show this sentence in the pair views: graphs, triples and alignment with the gold")
        self.boxes: list[TitledBox] = []
        self.texts: list[QPlainTextEdit] = []
        texts = QSplitter(Qt.Orientation.Horizontal)
        texts.setChildrenCollapsible(False)
        for title in ("A", "B", "gold"):
            box, text = TitledBox(title), QPlainTextEdit()
            text.setReadOnly(True)
            text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            text.setMinimumWidth(120)
            inner = QVBoxLayout(box)
            inner.setContentsMargins(4, 4, 4, 4)
            inner.addWidget(text)
            texts.addWidget(box)
            self.boxes.append(box)
            self.texts.append(text)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.chosen_bar)
        left_layout.addWidget(self.table)
        buttons = QHBoxLayout()
        buttons.addWidget(self.heading, 1)
        buttons.addWidget(self.open_a)
        buttons.addWidget(self.open_b)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(buttons)
        right_layout.addWidget(texts, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([800, 1200])  # two fifths and three (sizes are shared out in proportion)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.chosen_bar.show_all.clicked.connect(lambda: self.compare.choose(None))
        self.open_a.clicked.connect(lambda: self.compare.open_pair("a"))
        self.open_b.clicked.connect(lambda: self.compare.open_pair("b"))
        self.compare.comparison_changed.connect(self._show_comparison)
        self.compare.metric_changed.connect(lambda metric: self._show_rows())
        self.compare.chosen_changed.connect(self._show_chosen)
        self.compare.sentence_changed.connect(self._show_sentence)
        self._show_comparison(self.compare.comparison)

    def is_available(self) -> bool:
        return self.compare.comparison is not None

    def _show_comparison(self, comparison: Comparison | None) -> None:
        self.availability_changed.emit(self.is_available())
        self._texts = sentence_texts_of(comparison) if comparison is not None else []
        self._rows = {}
        self._show_rows()
        self._show_chosen(self.compare.chosen)
        self._show_sentence(self.compare.sentence)

    def _columns(self, metric: str, opening: bool) -> SentenceColumns:
        """The rows of ``metric`` as the model takes them: in sentence order, or in the order the
        table opens in (``opening``: the largest differences first); made once a metric, so that a
        metric switched back is shown at once."""
        comparison = self.compare.comparison
        if comparison is None:
            return [], [], []
        if (metric, opening) not in self._rows:
            columns = sentence_columns(comparison, metric, self._texts)
            if opening:
                result = comparison.metrics[metric]
                order = largest_differences_first(result.differences, result.sentences).tolist()
                items, cells, keys = columns
                columns = [items[k] for k in order], [cells[k] for k in order], [keys[k] for k in order]
            self._rows[metric, opening] = columns
        return self._rows[metric, opening]

    def _show_rows(self) -> None:
        header = self.table.horizontalHeader()
        column, order = header.sortIndicatorSection(), header.sortIndicatorOrder()
        by_column = self.model.rowCount() > 0 and 0 <= column < len(SENTENCE_HEADERS)  # a header clicked
        # the first rows, or none sorted since: the largest differences first; else sorted from sentence order
        items, cells, keys = self._columns(self.compare.metric, opening=not by_column)
        with self.syncing:
            self.model.set_rows(items, cells, keys=keys)
            if by_column:
                self.table.sortByColumn(column, order)  # sorted by the model (thousands of rows)
            else:
                header.setSortIndicator(-1, Qt.SortOrder.DescendingOrder)  # no column claims this order
        self._show_sentence(self.compare.sentence)

    def _show_chosen(self, chosen) -> None:
        keys = chosen.keys if chosen is not None else None
        with self.syncing:
            self.proxy.set_keep((lambda sentence: sentence in keys) if keys is not None else None)
        self.chosen_bar.show_chosen(len(chosen) if chosen is not None else None, chosen.description if chosen else "")

    def _show_sentence(self, sentence: int | None) -> None:
        comparison = self.compare.comparison
        shown = comparison is not None and sentence is not None
        for button in (self.open_a, self.open_b):
            button.setEnabled(shown)
        with self.syncing:
            select_row(self.table, self.row_of(sentence))
        if comparison is None or sentence is None:
            self.heading.setText(NO_SENTENCE if comparison is not None else "")
            for box, text, title in zip(self.boxes, self.texts, ("A", "B", "gold")):
                box.setTitle(title)
                text.setPlainText("")
            return
        label = comparison.matrix.annotations.sentence_labels()[sentence]
        self.heading.setText(f"Sentence <b>{label}</b>" if label.isdigit() else f"<b>{label}</b>")
        for box, text, (title, written) in zip(
            self.boxes, self.texts, sentence_texts(comparison, self.compare.metric, sentence)
        ):
            box.setTitle(title)
            text.setPlainText(written)

    def row_of(self, sentence: int | None) -> int | None:
        """The table row of a sentence (None: not shown); the rows' items are sentence indices,
        equal but not always the same objects."""
        if sentence is None:
            return None
        try:
            source = self.model.rows.index(sentence)
        except ValueError:  # not a row of the table
            return None
        index = self.proxy.mapFromSource(self.model.index(source, 0))
        return index.row() if index.isValid() else None

    def _row_chosen(self, current, previous=None) -> None:
        if not self.syncing and current.isValid():
            self.compare.choose_sentence(self.proxy.item(current.row()))
