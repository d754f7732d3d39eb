"""Several annotators: the pairwise agreement matrix as a labelled heatmap (metric and micro or
macro switched without scoring again, a cell's bootstrap interval on hover, a click opens the
pair in the pair views), each annotator's mean agreement and F1 against the gold, and each
sentence's agreement, sortable hardest first (a click opens the sentence)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.output.drs import dscorer_note, with_profile
from engine.registry import DSCORER, METRIC
from engine.scoring import MatrixResult

from ..common.binding import SyncGuard
from ..common.chosen_bar import ChosenBar
from ..common.row_table import filtered_table, share_width
from .grid_heatmap import GridHeatmap, short_labels
from .name_box import NAME_ROOM, NameBox
from .state import AnnotatorsApp
from .views import (
    ANNOTATOR_HEADERS,
    AVERAGES,
    SENTENCE_HEADERS,
    Grid,
    annotator_rows,
    cell_text,
    compare_blocked,
    matrix_grid,
)

__all__ = ["EMPTY_TEXT", "AnnotatorsPanel", "MatrixCellBar"]

COMPARE_TIP = (
    "Compare two annotators against the gold: is the difference between their scores real? (nothing is scored again)"
)
EMPTY_TEXT = (
    "Open several annotators' files of the same sentences: File > Open Annotators, "
    "drop three or more files on the window, or app.py A B C [--gold G]."
)
SCORING = "Scoring every pair of annotators (Esc or Cancel stops)."
MEAN_COLUMN = SENTENCE_HEADERS.index("Mean F1")
LEAST_ROWS = 3  # of the annotator table kept in sight below the matrix
ANNOTATOR_TIPS = (
    "The annotator's file (the gold marked)",
    "Mean of (F1(a, b) + F1(b, a)) / 2 with the other annotators; the gold is the reference, not one of"
    " them (its own row: with the annotators)",
    "F1 of the annotator as test against the gold",
    "Sentences the annotator's cells scored",
)
INFO_STYLE = "padding:4px; background:#f6f8fa; border:1px solid #ddd;"  # the text under the matrix


class AnnotatorsPanel(QWidget):
    """Shows ``state.annotators``: the matrix, the annotator table and the sentence table (only the
    sentences chosen in a plot while some are). Available (:mod:`ui.shell.workspace`) while a matrix
    is shown or scored. ``compare_requested()``: the Compare button (two annotators against the gold)."""

    availability_changed = Signal(bool)
    compare_requested = Signal()

    def __init__(self, state: AnnotatorsApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.annotators = state.annotators
        self.syncing = SyncGuard()
        self._sentences_of: str | None = None  # the metric of the sentence rows shown
        self.metric_box = QComboBox()
        self.metric_box.setToolTip("The score shown; every metric was computed, switching does not score again")
        self.average_buttons = QButtonGroup(self)
        average_row = QHBoxLayout()
        average_row.setSpacing(0)
        for average in AVERAGES:
            button = QPushButton(average)
            button.setCheckable(True)
            button.setToolTip(AVERAGES[average])
            self.average_buttons.addButton(button)
            average_row.addWidget(button)
        self.average_buttons.buttons()[0].setChecked(True)
        self.gold_box = NameBox("The reference annotator: each annotator's F1 against it (nothing is scored again)")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(200)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop scoring the matrix and keep what was shown (Esc)")
        self.compare_button = QPushButton("Compare two...")
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Metric:"))
        bar.addWidget(self.metric_box)
        bar.addLayout(average_row)
        bar.addSpacing(12)
        bar.addWidget(QLabel("Gold:"))
        bar.addWidget(self.gold_box)
        bar.addStretch(1)
        bar.addWidget(self.progress)
        bar.addWidget(self.cancel_button)
        self.heatmap = GridHeatmap()
        self.heatmap.tooltip_for = self._tooltip
        self.cell_info = QLabel()
        self.cell_info.setWordWrap(True)
        self.cell_info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cell_info.setStyleSheet(INFO_STYLE)
        self._info_probe = QLabel()  # never shown: how tall a cell's text is at the info's width
        self._info_probe.setWordWrap(True)
        self._info_probe.setStyleSheet(INFO_STYLE)
        self.annotator_model, self.annotator_proxy, self.annotator_table = filtered_table(
            ANNOTATOR_HEADERS, 0, (200, 120, 120), self
        )
        self.sentence_model, self.sentence_proxy, self.sentence_table = filtered_table(
            SENTENCE_HEADERS, 0, (40, 90, 260, 70, 60, 60, 60, 45, 130), self
        )
        self.annotator_model.header_tips = ANNOTATOR_TIPS
        share_width(self.annotator_table, (0,), {1: 110, 2: 110, 3: 80})
        share_width(self.sentence_table, (2, 9), {0: 40, 1: 80, 3: 70, 4: 60, 5: 60, 6: 60, 7: 45, 8: 120})
        self.annotator_table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.sentence_table.setToolTip("Click a sentence to open it in the pair views")
        self.hardest_button = QPushButton("Hardest first")
        self.hardest_button.setToolTip("Sort by mean pairwise F1, lowest first (then widest spread)")
        self.sentence_note = QLabel()
        # the Sentences tab's note and button beside the tabs (shown with that tab), with Compare
        # two..., so that its table has the rows the annotator table has (above it they left 1.5
        # rows at 1366x768); the bar of the sentences a plot chose above it only while some are
        self.sentence_tools = QWidget()
        sentence_tools = QHBoxLayout(self.sentence_tools)
        sentence_tools.setContentsMargins(0, 0, 0, 0)
        sentence_tools.addWidget(self.sentence_note)
        sentence_tools.addWidget(self.hardest_button)
        corner = QWidget()
        corner_layout = QHBoxLayout(corner)
        corner_layout.setContentsMargins(0, 0, 0, 0)
        corner_layout.addWidget(self.sentence_tools)
        corner_layout.addWidget(self.compare_button)
        self.chosen_bar = ChosenBar("sentence")
        sentences = QWidget()
        sentence_layout = QVBoxLayout(sentences)
        sentence_layout.setContentsMargins(0, 0, 0, 0)
        sentence_layout.addWidget(self.chosen_bar)
        sentence_layout.addWidget(self.sentence_table)
        self.tables = QTabWidget()
        self.tables.addTab(self.annotator_table, "Annotators")
        self.tables.addTab(sentences, "Sentences")
        self.tables.setCornerWidget(corner, Qt.Corner.TopRightCorner)
        self.tables.currentChanged.connect(lambda index: self.sentence_tools.setVisible(index == 1))
        self.sentence_tools.setVisible(False)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.heatmap, 1)
        top_layout.addWidget(self.cell_info)
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.tables)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        self._dragged = False  # the user moved the handle: the sizes are theirs
        splitter.splitterMoved.connect(lambda *_: setattr(self, "_dragged", True))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        self.metric_box.currentIndexChanged.connect(self._metric_chosen)
        self.average_buttons.buttonClicked.connect(lambda button: self.annotators.set_average(button.text()))
        self.gold_box.currentIndexChanged.connect(self._gold_chosen)
        self.cancel_button.clicked.connect(self.annotators.cancel)
        self.compare_button.clicked.connect(self.compare_requested)
        self.chosen_bar.show_all.clicked.connect(lambda: self.annotators.choose_sentences(None))
        self.annotators.sentences_chosen.connect(self._show_chosen)
        self.heatmap.cell_clicked.connect(self.annotators.open_cell)
        self.heatmap.cell_hovered.connect(self._hovered)
        self.hardest_button.clicked.connect(self.sort_hardest_first)
        self.sentence_table.selectionModel().currentRowChanged.connect(self._sentence_chosen)
        self.annotators.matrix_changed.connect(self._show_matrix)
        self.annotators.view_changed.connect(self._show_view)
        self.annotators.cell_changed.connect(self._show_cell)
        self.annotators.interval_ready.connect(self._interval_ready)
        self.annotators.busy_changed.connect(self._show_busy)
        self.annotators.progress.connect(self._show_progress)
        self._show_busy(self.annotators.busy)
        self._show_matrix(self.annotators.result)
        self._show_chosen(self.annotators.chosen)

    @property
    def result(self) -> MatrixResult | None:
        return self.annotators.result

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._keep_info_height()
        self._share_height()

    def _keep_info_height(self) -> None:
        """The text under the matrix as tall as a cell's scores whatever it says now (the diagonal
        says one line), so that the matrix never moves under the pointer."""
        texts = [self.cell_info.text()]
        if self.result is not None and len(self.result.names) > 1:
            texts.append(self._cell_text(0, 1))
        width = max(self.cell_info.width(), 1)
        heights = []
        for text in texts:
            self._info_probe.setText(text)
            heights.append(self._info_probe.heightForWidth(width))
        self.cell_info.setMinimumHeight(max(0, *heights))  # -1: an empty text has no height for a width

    def _share_height(self) -> None:
        """The matrix first: the height at which its values are written readably (its column
        labels shortened as they must); then the tables, every annotator's row when there is room,
        never fewer than :data:`LEAST_ROWS`; what is left to the matrix. Kept until the handle is
        dragged."""
        total = self.splitter.height() - self.splitter.handleWidth()
        if self._dragged or total <= 0:
            return
        table = self.annotator_table
        row = table.verticalHeader().defaultSectionSize()
        frame = self.tables.height() - table.viewport().height() if self.tables.height() > 0 else 0
        chrome = max(frame, self.tables.tabBar().sizeHint().height() + table.horizontalHeader().sizeHint().height())
        rows = chrome + 2 * table.frameWidth() + row * max(LEAST_ROWS, self.annotator_model.rowCount())
        least = chrome + 2 * table.frameWidth() + row * LEAST_ROWS
        matrix = self.heatmap.readable_height() + self.cell_info.sizeHint().height()
        tables = min(rows, max(least, total - matrix))
        self.splitter.setSizes([total - tables, tables])

    def is_available(self) -> bool:
        return self.result is not None or self.annotators.busy

    # ------------------------------------------------------------- showing
    def _show_matrix(self, result: MatrixResult | None) -> None:
        self.availability_changed.emit(self.is_available())
        self._sentences_of = None
        with self.syncing:
            self.metric_box.clear()
            for metric in self.annotators.metrics():
                self.metric_box.addItem(
                    with_profile(METRIC[metric].title, metric, result.params) if result else METRIC[metric].title,
                    metric,
                )
                if metric == DSCORER and result is not None:
                    self.metric_box.setItemData(
                        self.metric_box.count() - 1, dscorer_note(result.params), Qt.ItemDataRole.ToolTipRole
                    )
            self.metric_box.setCurrentIndex(max(0, self.metric_box.findData(self.annotators.metric)))
            self.gold_box.clear()
            self.gold_box.addItem("(none)", None)
            names = result.names if result is not None else ()
            self.gold_box.fill_names(names, range(len(names)))
        self._show_view()
        if result is not None:
            self.sort_hardest_first()

    def _show_view(self) -> None:
        """The metric, average or gold changed: redraw the matrix and refill the tables."""
        result = self.result
        with self.syncing:
            for button in self.average_buttons.buttons():
                button.setChecked(button.text() == self.annotators.average)
            gold = result.gold if result is not None else None
            self.gold_box.setCurrentIndex(0 if gold is None else gold + 1)
            self.gold_box.setEnabled(result is not None)
            self.metric_box.setEnabled(result is not None)
            blocked = compare_blocked(result)
            self.compare_button.setEnabled(blocked is None)
            self.compare_button.setToolTip(f"{blocked}\n{COMPARE_TIP}" if blocked else COMPARE_TIP)  # why, first
        if result is None:
            self.heatmap.set_grid(Grid(EMPTY_TEXT, (), (), (), ()))
            self.cell_info.setText("")
            self.annotator_model.set_rows([], [])
            self.sentence_model.set_rows([], [])
            self.sentence_note.setText("")
            self._sentences_of = None
            return
        metric, average, tables = self.annotators.metric, self.annotators.average, self.annotators.tables
        assert tables is not None  # made with the result
        self.heatmap.set_grid(matrix_grid(result, metric, average, self.annotators.cell))
        annotators = annotator_rows(result, metric, average, tables.counts)
        names = tuple(r.cells[0] for r in annotators)  # each shown by what tells it apart, whole on hover
        labels = short_labels(QFontMetricsF(self.annotator_table.font()), names, NAME_ROOM)
        self.annotator_model.set_rows(
            [r.item for r in annotators],
            [(label, *r.cells[1:]) for label, r in zip(labels, annotators)],
            keys=[r.keys for r in annotators],
            tips=[(name,) + ("",) * (len(r.cells) - 1) for name, r in zip(names, annotators)],
        )
        if metric != self._sentences_of:  # the sentence rows do not depend on the average or the gold
            self._show_sentences(metric)
        self._show_info(self.annotators.cell)
        self._keep_info_height()
        self._share_height()

    def _show_sentences(self, metric: str) -> None:
        self._sentences_of = metric
        tables = self.annotators.tables
        assert tables is not None  # made with the result
        sentences = tables.sentences[metric]
        with self.syncing:
            self.sentence_model.set_rows(
                [r.item for r in sentences], [r.cells for r in sentences], keys=[r.keys for r in sentences]
            )
        self.sentence_note.setText(f"{METRIC[metric].title} F1 per sentence")
        self.sentence_note.setToolTip(
            f"Per sentence, the {METRIC[metric].title} F1 of every ordered pair of annotators: mean, spread "
            "(standard deviation), range; most central: the highest mean agreement with the others."
        )

    def _show_cell(self, cell) -> None:
        if self.result is not None:
            self.heatmap.set_grid(matrix_grid(self.result, self.annotators.metric, self.annotators.average, cell))
            self._show_info(cell)

    def _show_info(self, cell) -> None:
        """The cell under the mouse, else the one chosen: its scores and bootstrap interval."""
        cell = self.heatmap.hovered or cell
        if self.result is None or cell is None:
            self.cell_info.setText("Hover a cell for its scores and bootstrap interval; click it to open the pair.")
            return
        self.annotators.want_interval(*cell)
        self.cell_info.setText(self._cell_text(*cell))

    def _cell_text(self, test: int, gold: int) -> str:
        known, interval = self.annotators.interval(test, gold)
        note = interval if known else "95% bootstrap interval: computing..."
        result, tables = self.result, self.annotators.tables
        assert result is not None and tables is not None  # a cell is shown
        return cell_text(result, test, gold, self.annotators.metric, tables.counts[test][gold], note)

    def _tooltip(self, test: int, gold: int) -> str:
        if self.result is None:
            return ""
        if test == gold:
            return self._cell_text(test, gold)
        return self._cell_text(test, gold) + "\nClick to open this pair in the pair views."

    def _hovered(self, test: int, gold: int) -> None:
        self._show_info(self.annotators.cell)

    def _interval_ready(self, test: int, gold: int, metric: str) -> None:
        if metric == self.annotators.metric and (test, gold) in (self.heatmap.hovered, self.annotators.cell):
            self._show_info(self.annotators.cell)

    def _show_busy(self, busy: bool) -> None:
        self.availability_changed.emit(self.is_available())
        self.progress.setRange(0, 0)
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if self.result is None:
            self.heatmap.set_grid(Grid(SCORING if busy else EMPTY_TEXT, (), (), (), ()))

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        if self.result is None:
            self.heatmap.set_grid(Grid(f"{SCORING} Sentence {done} of {total}.", (), (), (), ()))

    def _show_chosen(self, chosen) -> None:
        """Only the sentences chosen in a plot (all when none are), the Sentences tab in front."""
        keys = chosen.keys if chosen is not None else None
        self.sentence_proxy.set_keep((lambda row: row.index in keys) if keys is not None else None)
        self.chosen_bar.show_chosen(len(chosen) if chosen is not None else None, chosen.description if chosen else "")
        if chosen is not None:
            self.tables.setCurrentIndex(1)

    def sort_hardest_first(self) -> None:
        self.sentence_table.sortByColumn(MEAN_COLUMN, Qt.SortOrder.AscendingOrder)

    # ------------------------------------------------------------- choices
    def _metric_chosen(self, index: int) -> None:
        if not self.syncing and index >= 0:
            self.annotators.set_metric(self.metric_box.itemData(index))

    def _gold_chosen(self, index: int) -> None:
        if not self.syncing and index >= 0:
            self.annotators.set_gold(self.gold_box.itemData(index))

    def _sentence_chosen(self, current, previous=None) -> None:
        if not self.syncing and current.isValid():
            self.annotators.open_sentence(self.sentence_proxy.item(current.row()).index)


class MatrixCellBar(QWidget):
    """Above the perspectives while the pair views show a cell of the annotators' matrix and
    ``matrix_view`` (the Annotators panel) is not on screen: which pair it is, and the way back
    to the matrix. Hidden too while one of the ``unrelated`` views is on screen (a comparison of two
    annotators, which is no cell)."""

    def __init__(
        self,
        state: AnnotatorsApp,
        matrix_view: QWidget | None = None,
        unrelated: tuple[QWidget, ...] = (),
        parent=None,
    ):
        super().__init__(parent)
        self.state = state
        self.matrix_view, self.unrelated = matrix_view, unrelated
        for view in (matrix_view, *unrelated):
            if view is not None:
                view.installEventFilter(self)  # its Show and Hide events
        self.label = QLabel()
        self.label.setWordWrap(True)  # long file names: two lines, not a window wider than the screen
        self.back = QPushButton("Back to the matrix")
        self.back.setToolTip("Show the annotators' agreement matrix (Ctrl+4)")
        self.setStyleSheet("MatrixCellBar { background:#fff3e0; border:1px solid #ffb74d; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.back)
        self.back.clicked.connect(state.annotators.show_matrix)
        state.scoring.corpus_changed.connect(self._show)
        state.annotators.matrix_changed.connect(self._show)
        state.annotators.view_changed.connect(self._show)
        self._show()

    def eventFilter(self, watched, event) -> bool:
        if (watched is self.matrix_view or watched in self.unrelated) and event.type() in (
            event.Type.Show,
            event.Type.Hide,
        ):
            self._show()
        return False

    def _show(self, *_) -> None:
        annotators = self.state.annotators
        cell = annotators.cell_of(self.state.scoring.files) if self.state.scoring.corpus is not None else None
        in_front = self.matrix_view is not None and self.matrix_view.isVisible()
        elsewhere = any(view.isVisible() for view in self.unrelated)
        self.setVisible(cell is not None and not in_front and not elsewhere)
        if cell is None or annotators.result is None:
            return
        result, (test, gold) = annotators.result, cell
        score = result.score(test, gold, annotators.metric, annotators.average)
        value = f"{score.f:.4f}" if score is not None and score.f is not None else "n/a"
        self.label.setText(
            f"Pair of annotators <b>{escape(result.names[test])}</b> (test) against "
            f"<b>{escape(result.names[gold])}</b> (gold): "
            f"a cell of the {len(result.names)}-annotator matrix ({METRIC[annotators.metric].short} "
            f"{annotators.average} F1 {value})."
        )
