"""The corpus: a filter box, one row per pair (sortable), and the corpus's micro and macro F1."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyle,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.layout.pair import plural
from engine.output.drs import dscorer_note, with_profile
from engine.output.text import f1_text
from engine.registry import DSCORER, SMATCH, short_name
from engine.scoring import CorpusResult, PairResult
from engine.scoring.results import totals_of

from ..adjudication.state import AdjudicationApp
from ..common.binding import SyncGuard
from ..common.chosen_bar import ChosenBar
from ..common.navigation import disagrees, next_position
from ..common.row_table import SortedHeader, compact_rows, fit_grid_width, name_grid_header, score_grid
from ..state.filter_expression import __doc__ as FILTER_HELP
from ..state.selection import Subset
from .model import (
    SENTENCE_COLUMN,
    CorpusFilterProxy,
    CorpusTableModel,
    run_metrics,
)

__all__ = ["CorpusPanel", "show_summary"]

PLACEHOLDER = "Filter: text, or e.g. LR F1 < 0.8, concept >= 0.9, error  (Ctrl+F)"
REVIEW_PLACEHOLDER = "Filter: text, LR F1 < 0.8, status = needs discussion, decided by = NAME, notes  (Ctrl+F)"
REVIEW_SENTENCE_WIDTH = 240  # the sentence column's width while the review columns come first (it goes last)
SCORES_IN_SIGHT = 2  # while they do, how many score columns the table keeps in sight at its narrowest
SENTENCE_LEAST = 200  # the sentence column stretches over the room the others leave, but not below this


def show_summary(
    grid: QTableWidget, corpus: CorpusResult | None, metrics: tuple[str, ...], shown: list[PairResult] | None = None
) -> None:
    """Micro and macro F1 of every metric (P and R in tooltips), a column each of ``metrics``,
    over the pairs ``shown`` (a filter's; None: all) that could be scored - the rows say how many
    when that is not all; the micro Smatch F1 of the whole corpus with its bootstrap interval."""
    grid.clearContents()
    if SMATCH in metrics:
        grid.horizontalHeader().setSectionResizeMode(metrics.index(SMATCH), QHeaderView.ResizeMode.Stretch)
    pairs = corpus.pairs if corpus is not None else []
    chosen = pairs if shown is None or len(shown) == len(pairs) else shown
    scored = [result for result in chosen if result.error is None]
    counted = f" ({len(scored)} of {plural(len(pairs), 'pair')})" if len(scored) < len(pairs) else ""
    over = f"the {plural(len(chosen), 'pair')} the filter shows" if chosen is not pairs else "every pair"
    unscored = len(chosen) - len(scored)
    tip = f"over {over}" + (f"; {unscored} could not be scored and count for nothing" if unscored else "")
    for row, (name, pooled) in enumerate((("micro F1", "pooled tallies"), ("macro F1", "mean of the pairs' F1"))):
        label = QTableWidgetItem(name + counted)
        label.setToolTip(f"{name}: {pooled}, {tip}")
        grid.setVerticalHeaderItem(row, label)
    if corpus is None:
        return
    totals = corpus.totals if chosen is pairs else totals_of(chosen, corpus.metrics)
    interval = corpus.interval(SMATCH) if chosen is pairs else None
    for row, scores in enumerate((totals.micro(), totals.macro())):
        for column, metric in enumerate(metrics):
            if metric not in scores:
                continue
            score = scores[metric]
            item = QTableWidgetItem(f1_text(score.f))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            tip = f"P {f1_text(score.p)}   R {f1_text(score.r)}"
            if metric == SMATCH and row == 0 and interval is not None:
                item.setText(f"{f1_text(score.f)} [{interval[0]:.3f}, {interval[1]:.3f}]")
                tip += "\n[ ] = 95% bootstrap interval over pairs"
                # as wide as its interval (the grid's minimum width counts it: see fit_grid_width)
                grid.horizontalHeader().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
            item.setToolTip(tip)
            grid.setItem(row, column, item)


class CorpusPanel(QWidget):
    """Shows ``state.scoring.corpus``; choosing a row selects that pair (a double click or Enter shows
    its graphs), typing filters the pairs; a note says why the table is empty, and a bar which pairs
    a plot chose (Show all brings the others back)."""

    def __init__(self, state: AdjudicationApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()  # the table follows the state: its own changes are not choices
        self.choosing = SyncGuard()  # the state follows the table: it selects and shows the row itself
        self.model = CorpusTableModel(self)
        self.model.review_of = state.adjudication.review_of
        self.proxy = CorpusFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setHorizontalHeader(SortedHeader(Qt.Orientation.Horizontal, self.table))  # narrow score columns
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        compact_rows(self.table)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # fitted to the corpus: _fit_columns
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        columns, first_review = self.model.columns, self.model.first_review_column
        for column, width in zip(range(first_review, len(columns)), (110, 90, 110)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)  # a change measures nothing
            header.resizeSection(column, max(width, header.sectionSizeHint(column)))  # the header never cut
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(PLACEHOLDER)
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(FILTER_HELP)
        self.summary = score_grid([short_name(m) for m in self.model.metrics], ["micro F1", "macro F1"])
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color:#555; padding:4px;")
        self.chosen_bar = ChosenBar("pair")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.chosen_bar)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        self.table.viewport().installEventFilter(self)  # the sentence column fitted to the room...
        header.sortIndicatorChanged.connect(lambda *_: self._fit_columns())  # the sorted column: its arrow
        header.sectionResized.connect(self._column_resized)  # ...and to the other columns, fitted to their contents
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.table.activated.connect(lambda index: state.selection.request_panel("graphs"))
        self.filter_edit.textChanged.connect(state.selection.set_filter)
        self.chosen_bar.show_all.clicked.connect(lambda: state.selection.set_subset(None))
        state.selection.subset_changed.connect(self._show_subset)
        state.scoring.corpus_changed.connect(self._show_corpus)
        state.selection.filter_changed.connect(self._show_filter)
        state.selection.pair_selected.connect(self._show_selection)
        state.messages.busy_changed.connect(lambda busy: self._show_note())
        state.adjudication.session_changed.connect(self._show_review_columns)
        state.adjudication.sentence_changed.connect(
            lambda index: self.model.refresh_reviews(state.adjudication.pair_of(index))
        )
        self._show_review_columns(state.adjudication.session)
        self._show_corpus(state.scoring.corpus)  # what the state holds already
        self._show_filter(state.selection.filter_text)
        self._show_subset(state.selection.subset)
        self._show_selection(state.selection.pair)

    def focus_filter(self) -> None:
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    def step_disagreement(self, step: int) -> None:
        """Select the next pair down the table (up when ``step`` < 0) that disagrees: an F1
        below 1 or an error; past the last row the search goes round to the first."""
        current = self.proxy.row_of(self.state.selection.pair) if self.state.selection.pair is not None else None
        row, wrapped = next_position(
            self.proxy.rowCount(), current, step, lambda number: disagrees(self.proxy.result(number))
        )
        if row is None or row == current:
            self.state.messages.show("No other pair shown disagrees: every F1 is 1.")
            return
        self.state.selection.select_pair(self.proxy.result(row))
        if wrapped:
            self.state.messages.show("Went round to the " + ("first" if step > 0 else "last") + " pair that disagrees.")

    def _show_note(self) -> None:
        empty = self.proxy.rowCount() == 0
        self.note.setText(self.state.selection.empty_text() if empty else "")
        self.note.setVisible(empty)

    def _show_review_columns(self, session) -> None:
        """The adjudication columns, while a session is open, beside the id - status, decider,
        notes -, then the scores, and the sentence last (as wide as :data:`REVIEW_SENTENCE_WIDTH`;
        whole in its tooltip and over the graphs), so that the review and the first scores are
        in sight in the corpus column of the Adjudication perspective."""
        for column in range(self.model.first_review_column, len(self.model.columns)):
            self.table.setColumnHidden(column, session is None)
        header = self.table.horizontalHeader()
        review = range(self.model.first_review_column, len(self.model.columns))
        sentence = SENTENCE_COLUMN
        if session is not None:
            for place, column in enumerate(review, 2):
                header.moveSection(header.visualIndex(column), place)
            header.moveSection(header.visualIndex(sentence), header.count() - 1)
            header.setSectionResizeMode(sentence, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(sentence, REVIEW_SENTENCE_WIDTH)
        else:
            header.moveSection(header.visualIndex(sentence), sentence)  # back to its own place first
            for column in reversed(review):  # then these, the last first
                header.moveSection(header.visualIndex(column), column)
        self.filter_edit.setPlaceholderText(PLACEHOLDER if session is None else REVIEW_PLACEHOLDER)
        self.model.refresh_reviews()
        self._keep_review_in_sight()
        self._fit_sentence()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_sentence()
        return super().eventFilter(watched, event)

    def _column_resized(self, column: int, old: int, new: int) -> None:
        if column != SENTENCE_COLUMN:
            self._fit_sentence()

    def _fit_sentence(self) -> None:
        """The sentence column takes the room the other columns leave (it stretches), and keeps
        :data:`SENTENCE_LEAST` when they leave less (the table scrolls sideways then); while the
        review columns are shown it is as wide as :data:`REVIEW_SENTENCE_WIDTH`."""
        header, sentence = self.table.horizontalHeader(), SENTENCE_COLUMN
        if not self.table.isColumnHidden(self.model.first_review_column):
            return
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != sentence)
        stretch = self.table.viewport().width() - others >= SENTENCE_LEAST
        mode = QHeaderView.ResizeMode.Stretch if stretch else QHeaderView.ResizeMode.Interactive
        if header.sectionResizeMode(sentence) != mode:
            header.setSectionResizeMode(sentence, mode)
        if not stretch:
            header.resizeSection(sentence, SENTENCE_LEAST)

    def _fit_columns(self) -> None:
        """The number, id, nodes, score and status columns as wide as their widest text in the
        whole corpus (and their header): not in the rows a filter leaves or in sight only, which
        would cut longer ids when the rows change."""
        header, metrics = self.table.horizontalHeader(), QFontMetricsF(self.table.font())
        # a cell's text margins as the item delegate lays them out, the grid line, and a pixel
        # for the text's fraction of a pixel (rounded down, it is elided)
        margin = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) + 2
        for column in range(self.model.first_review_column):
            if column == SENTENCE_COLUMN:
                continue
            widest = max((metrics.horizontalAdvance(text) for text in self.model.column_texts(column)), default=0.0)
            header.resizeSection(column, max(math.ceil(widest) + margin, header.sectionSizeHint(column)))

    def _keep_review_in_sight(self) -> None:
        """While the review columns are shown, the table is at least wide enough for the columns
        up to its :data:`SCORES_IN_SIGHT` th score column shown (a splitter gives it no less)."""
        header = self.table.horizontalHeader()
        if self.table.isColumnHidden(self.model.first_review_column):
            self.table.setMinimumWidth(0)
            return
        scores = sorted(header.visualIndex(self.model.metric_column(m)) for m in self.model.metrics)
        shown = [place for place in scores if not header.isSectionHidden(header.logicalIndex(place))]
        last = shown[min(SCORES_IN_SIGHT, len(shown)) - 1] if shown else header.count() - 1
        before = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if header.visualIndex(c) <= last and not header.isSectionHidden(c)
        )
        chrome = 2 * self.table.frameWidth() + self.table.verticalScrollBar().sizeHint().width()
        self.table.setMinimumWidth(before + chrome)

    def _row_chosen(self, current, previous=None) -> None:
        if not self.syncing:
            with self.choosing:
                self.state.selection.select_pair(self.proxy.result(current.row()) if current.isValid() else None)

    def _show_corpus(self, corpus: CorpusResult | None) -> None:
        with self.syncing:
            self.model.set_corpus(corpus)
        self._show_summary()
        computed = run_metrics(corpus)  # Smatch when asked for, Counter and DScorer only for DRS input
        for column, metric in enumerate(self.model.metrics):
            self.table.setColumnHidden(self.model.metric_column(metric), metric not in computed)
            self.summary.setColumnHidden(column, metric not in computed)
        drs = corpus.params if corpus is not None and corpus.drs else None  # DScorer's figures name their profile
        name_grid_header(
            self.summary,
            Qt.Orientation.Horizontal,
            self.model.metrics.index(DSCORER),
            with_profile(short_name(DSCORER), DSCORER, drs) if drs else short_name(DSCORER),
            dscorer_note(drs) if drs else "",
        )
        fit_grid_width(self.summary)  # no room kept for the hidden columns
        self._fit_columns()
        self._keep_review_in_sight()  # the id column fitted to the new ids
        self._fit_sentence()
        self._show_note()

    def _show_filter(self, text: str) -> None:
        with self.syncing:
            if self.filter_edit.text() != text:
                self.filter_edit.setText(text)
            self.proxy.set_predicate(self.state.selection.accepts)
        self._show_summary()
        self._show_note()

    def _show_summary(self) -> None:
        """The F1 under the table: of the pairs the filter (and a plot's choice) shows."""
        show_summary(self.summary, self.state.scoring.corpus, self.model.metrics, self.state.selection.visible_pairs())
        fit_grid_width(self.summary)

    def _show_subset(self, subset: Subset | None) -> None:
        """The bar saying which pairs a plot chose (hidden when none are)."""
        if self.proxy.accepts is not self.state.selection.accepts:  # not filtered yet (new scores cleared them)
            with self.syncing:
                self.proxy.set_predicate(self.state.selection.accepts)
        self.chosen_bar.show_chosen(len(subset) if subset is not None else None, subset.description if subset else "")
        self._show_note()

    def _show_selection(self, result: PairResult | None) -> None:
        """Select and show the row of the state's pair - unless the table has just made it current
        itself (a click or a key): it selects it then, and scrolls to it as it sees fit; scrolling
        here, in the middle of a click on a half-visible row, would move the next row under the
        pointer, which the click would then select."""
        row = self.proxy.row_of(result) if result is not None else None
        if self.choosing and row is not None and row == self.table.currentIndex().row():
            return
        with self.syncing:
            if row is None:
                self.table.clearSelection()
                self.table.setCurrentIndex(self.proxy.index(-1, -1))
            else:
                self.table.selectRow(row)
                self.table.setCurrentIndex(self.proxy.index(row, 0))
                self.table.scrollTo(self.proxy.index(row, 0))
