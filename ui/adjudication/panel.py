"""The Adjudication panel: the selected sentence's status, notes, decider and start
annotation, every annotator's agreement with the adjudicated graph (re-scored after each
change), the compared annotator's disagreements with it - open ones to accept or reject,
decided ones greyed with their decision, shown as the *Show* box says -, the buttons of the
graph edits, and the history: the session's whole log (who changed what, when, in order, from
the session file, so a reopened session shows it all) and the undo steps (undo to any point by
clicking one).

Everything here is written to the session file at once: there is no Save. The panel has
something to show only while a session is open (``is_available``, ``availability_changed``:
the window's Adjudication perspective appears with it, see :mod:`ui.shell.workspace`).
"""

from __future__ import annotations

from enum import Enum
from html import escape

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolTip,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from engine.adjudication.agreement import agreement_metrics
from engine.adjudication.schema import ReviewStatus
from engine.output.text import f1_text
from engine.registry import short_name

from ..common.binding import SyncGuard
from ..common.elided import OneLineLabel
from ..common.row_table import FittedColumns, RowTableModel, filtered_table
from . import dialogs
from .rows import LogEntry, MismatchRow, RowDecision, counts_text
from .state import AdjudicationApp, SentenceView

__all__ = ["DECISION_COLOURS", "HEADERS", "LOG_HEADERS", "AdjudicationPanel", "RowsShown"]

HEADERS = ("Decision", "Category", "Annotator's triple", "Adjudicated triple")
LOG_HEADERS = ("When (UTC)", "Who", "Sentence", "Change")
METRICS = agreement_metrics()  # the agreement table's columns
DECIDED_TEXT = QBrush(QColor("#8a8a8a"))  # a decided row is greyed
SCORE_COLUMNS = tuple(  # (header, its tooltip): a metric's two words on two lines, to keep the column narrow
    (short_name(metric).replace(" ", "\n"), f"{short_name(metric)} F1 against the adjudicated graph")
    for metric in METRICS
) + (("Corrections", "Alignment pairs pinned or excluded for the annotator"),)
NAME_WIDTH = 120  # pixels of an annotator's name in the agreement table; a longer one is cut in the middle

DECISION_COLOURS = {
    RowDecision.TO_DECIDE: QColor("#fff3e0"),
    RowDecision.REJECTED: QColor("#eeeeee"),
    RowDecision.ACCEPTED: QColor("#e8f5e9"),
    None: QColor("#ffffff"),  # a matched triple
}
EMPTY = (
    "<b>No adjudication session.</b><br>Open two or more annotation files, then "
    "<i>Adjudication &gt; Adjudicate Loaded Files</i>: every sentence gets a status, notes and an "
    "adjudicated graph, built by accepting or rejecting each disagreement. Every decision is saved "
    "in a session file the moment it is made."
)


def _corrections_item(agreement) -> QTableWidgetItem:
    """An annotator's alignment corrections, the counts that are not zero (all in the tooltip)."""
    correction = agreement.correction
    counts = {"pinned": len(correction.pinned), "excluded": len(correction.excluded)} if correction else {}
    counts["stale"] = len(agreement.stale)
    item = QTableWidgetItem(", ".join(f"{count} {what}" for what, count in counts.items() if count))
    tip = [f"{counts.get('pinned', 0)} pinned, {counts.get('excluded', 0)} excluded"]
    if agreement.stale:
        tip.append(
            "stale - naming a node an edit removed since: "
            + ", ".join(f"{agreement.annotator}:{a} = {b}" for a, b in agreement.stale)
        )
    item.setToolTip("Alignment corrections: " + "; ".join(tip))
    return item


class RowsShown(Enum):
    """The Show box's choices: which rows of the disagreements table; the values are its words."""

    ALL = "open and decided"
    OPEN = "open only"
    DECIDED = "decided only"
    MATCHED = "every triple (matched too)"


def _shown(row: MismatchRow, shown: RowsShown) -> bool:
    """Whether the Show box's choice ``shown`` keeps the row."""
    if shown is RowsShown.OPEN:
        return row.decision is RowDecision.TO_DECIDE
    if shown is RowsShown.DECIDED:
        return row.decided
    return shown is RowsShown.MATCHED or row.decided or row.mismatched


def _row_tips(row: MismatchRow, cells: tuple[str, ...]) -> tuple[str, ...]:
    """A row's tooltips: what its decision did or why it disagrees, under each triple whole."""
    why = row.tooltip()
    return tuple(
        "\n".join(part for part in (cell if column >= 2 else "", why) if part) for column, cell in enumerate(cells)
    )


class _DisagreementsModel(RowTableModel):
    """The disagreements table's rows, the decided ones greyed."""

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.ForegroundRole and index.isValid() and self.rows[index.row()].decided:
            return DECIDED_TEXT
        return super().data(index, role)


class _NotesEdit(QPlainTextEdit):
    left = Signal()

    def focusOutEvent(self, event) -> None:
        self.left.emit()
        super().focusOutEvent(event)


class _UndoSteps(QUndoView):
    """The undo steps, each cut short to the list's width (no scrolling sideways) and shown
    whole in its tooltip."""

    def __init__(self, stack, parent=None):
        super().__init__(stack, parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # laid out again to the new width
        self.setUniformItemSizes(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.indexAt(event.pos())
            if index.isValid():
                QToolTip.showText(event.globalPos(), index.data(), self.viewport(), self.visualRect(index))
                return True
        return super().viewportEvent(event)


class AdjudicationPanel(QWidget):
    """Shows ``state.adjudication``; its widgets make the adjudicator's changes through it."""

    adjudicate_requested = Signal()  # the empty page's button
    availability_changed = Signal(bool)  # a session opened (True) or closed

    def __init__(self, state: AdjudicationApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.adjudication = state.adjudication
        self.syncing = SyncGuard()
        self.pages = QStackedWidget()
        self.pages.addWidget(self._empty_page())
        self.pages.addWidget(self._work_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)
        adjudication = self.adjudication
        adjudication.session_changed.connect(lambda session: self._show())
        adjudication.session_changed.connect(lambda session: self.availability_changed.emit(session is not None))
        adjudication.current_changed.connect(self._show)
        adjudication.node_selected.connect(self.select_node)
        self._show()

    def is_available(self) -> bool:
        return self.adjudication.session is not None

    # ------------------------------------------------------------- building
    def _empty_page(self) -> QWidget:
        page = QWidget()
        self.empty_label = QLabel(EMPTY)
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextFormat(Qt.TextFormat.RichText)
        button = QPushButton("Adjudicate the loaded files...")
        button.clicked.connect(self.adjudicate_requested)
        layout = QVBoxLayout(page)
        layout.addWidget(self.empty_label)
        layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        return page

    def _work_page(self) -> QWidget:
        page = QWidget()
        self.saved = QLabel()
        self.saved.setStyleSheet("color:#2e7d32;")
        self.scoring = QLabel()  # which pair the corpus table scores
        self.scoring.setWordWrap(True)
        self.scoring.setToolTip(
            "While a session is open the corpus table, its micro and macro F1 and the pair's "
            "graphs score the compared annotator (Triples of) against the session's gold, or "
            "against the annotation the sentences start from when it has none"
        )
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._review_box())
        self.middle = QTabWidget()  # the history gets the room of the disagreements' long triples
        self.middle.addTab(self._mismatch_box(), "Disagreements with the adjudicated graph")
        self.middle.addTab(self._history_box(), "History")
        splitter.addWidget(self.middle)
        right = QSplitter(Qt.Orientation.Vertical)  # the agreement as tall as its rows, the notes the rest
        right.addWidget(self._agreement_box())
        right.addWidget(self._notes_box())
        right.setStretchFactor(1, 1)
        right.setChildrenCollapsible(False)
        splitter.addWidget(right)
        for part, stretch in enumerate((2, 5, 2)):
            splitter.setStretchFactor(part, stretch)
        self.saved.setWordWrap(True)
        lines = QHBoxLayout()  # one line each where there is room, side by side
        lines.addWidget(self.scoring, 3)
        lines.addWidget(self.saved, 2)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(lines)
        layout.addWidget(splitter, 1)
        self.state.scoring.corpus_changed.connect(lambda corpus: self._show_scoring())
        return page

    def _review_box(self) -> QWidget:
        box = QGroupBox("Sentence")
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.status_box = QComboBox()
        self.status_box.addItems([status.value for status in ReviewStatus])
        self.status_box.setToolTip("Alt+1 not reviewed, Alt+2 agreed, Alt+3 needs discussion, Alt+4 adjudicated")
        self.status_box.activated.connect(lambda _: self._status_chosen())
        self.start_box = QComboBox()
        self.start_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.start_box.activated.connect(lambda _: self._start_chosen())
        self.decided = QLabel()
        self.decided.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color:#b3261e;")
        form = QFormLayout()
        form.addRow("Status:", self.status_box)
        form.addRow("Start from:", self.start_box)
        form.addRow("Decided by:", self.decided)
        layout = QVBoxLayout(box)
        layout.addWidget(self.header)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        return box

    def _notes_box(self) -> QWidget:
        """The sentence's notes, under the agreement (whose column has room to spare below its
        rows): several lines in sight even where the panel is low."""
        box = QGroupBox("Notes on the sentence")
        self.notes = _NotesEdit()
        self.notes.setPlaceholderText("Notes on this sentence (saved as you type)")
        self.notes.setMinimumHeight(3 * self.notes.fontMetrics().lineSpacing())
        self.notes.textChanged.connect(self._notes_typed)
        self.notes.left.connect(self.adjudication.flush_notes)
        layout = QVBoxLayout(box)
        layout.addWidget(self.notes, 1)
        return box

    def _mismatch_box(self) -> QWidget:
        box = QWidget()
        self.compared_box = QComboBox()
        self.compared_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.compared_box.setToolTip(
            "The annotation compared with the adjudicated graph (drawn on the left in the Adjudicated graph panel)"
        )
        self.compared_box.activated.connect(lambda _: self.adjudication.set_compared(self.compared_box.currentText()))
        self.shown_box = QComboBox()
        for shown in RowsShown:
            self.shown_box.addItem(shown.value)
        self.shown_box.setToolTip(
            "A decided disagreement stays in the table, greyed, with its decision (accepting "
            "makes the triple match): show the open ones, the decided ones, both, or every "
            "triple. Ctrl+Z undoes a decision."
        )
        self.shown_box.activated.connect(lambda _: self._shown_chosen())
        self.counts = OneLineLabel()
        top = QHBoxLayout()
        top.addWidget(QLabel("Triples of"))
        top.addWidget(self.compared_box)
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.shown_box)
        top.addWidget(self.counts, 1)
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (70, 130), self)
        self.model = _DisagreementsModel(HEADERS, self)  # greys the decided rows
        self.proxy.setSourceModel(self.model)
        self.fitted = FittedColumns(self.table, (2, 3))  # the triples share the room: nothing scrolls sideways
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the order of the triples until a header is clicked
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.table.doubleClicked.connect(lambda _: self.judge(True))
        self.table.setToolTip("Double click accepts; the graph's context menu (right click) offers the same")
        self.accept_button = self._button("Accept", "Take the annotator's version", lambda: self.judge(True))
        self.reject_button = self._button("Reject", "Keep the adjudicated version", lambda: self.judge(False))
        adjudication = self.adjudication
        self.edit_buttons = [
            self._button("Concept...", "Change a node's concept", lambda: dialogs.edit_concept(self, adjudication)),
            self._button("Add node...", "Add a node under another", lambda: dialogs.edit_new_node(self, adjudication)),
            self._button(
                "Relation...",
                "Change a relation's label, or remove it",
                lambda: dialogs.edit_relation(self, self.adjudication),
            ),
            self._button(
                "Add relation...",
                "Relate two nodes, or a node to a constant",
                lambda: dialogs.edit_new_relation(self, self.adjudication),
            ),
            self._button(
                "Alignment...",
                "Pin or exclude a pair of nodes the alignment got wrong",
                lambda: dialogs.edit_alignment(self, self.adjudication),
            ),
        ]
        # under the table, so that the triples get the whole width: the verdicts on the left, the
        # graph edits on the right, each in two rows
        self.buttons = QGridLayout()
        self.buttons.setColumnStretch(2, 1)  # between the verdicts and the edits
        self._buttons_rows = 0
        layout = QVBoxLayout(box)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(self.buttons)
        self._mismatch_page = box
        self._arrange_buttons(2)
        box.setMinimumWidth(box.minimumSizeHint().width())  # as narrow as two rows of buttons allow
        box.installEventFilter(self)  # its resizes: the buttons in one row when they fit
        self._arrange_buttons(1)
        return box

    def _arrange_buttons(self, rows: int) -> None:
        """The verdicts, then the graph edits, in one row or (where it is narrow) two."""
        if rows == self._buttons_rows:
            return
        self._buttons_rows = rows
        verdicts = (self.accept_button, self.reject_button)
        for button in (*verdicts, *self.edit_buttons):
            self.buttons.removeWidget(button)
        for number, button in enumerate(verdicts):
            self.buttons.addWidget(button, number % rows, number // rows)
        for number, button in enumerate(self.edit_buttons):
            self.buttons.addWidget(button, number % rows, 3 + number // rows)

    def eventFilter(self, watched, event) -> bool:
        if watched is self._mismatch_page and event.type() == QEvent.Type.Resize:
            self._arrange_buttons(1 if watched.width() >= self._buttons_width() else 2)
        return super().eventFilter(watched, event)

    def _buttons_width(self) -> int:
        spacing = self.buttons.horizontalSpacing()
        buttons = (self.accept_button, self.reject_button, *self.edit_buttons)
        return sum(button.sizeHint().width() + spacing for button in buttons) + 4 * spacing

    def _agreement_box(self) -> QWidget:
        box = QGroupBox("Agreement with the adjudicated graph (F1)")
        self.scores = QTableWidget(0, len(SCORE_COLUMNS))  # a row per annotator: it fits whatever their number
        for column, (text, tip) in enumerate(SCORE_COLUMNS):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.scores.setHorizontalHeaderItem(column, item)
        self.scores.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.scores.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.scores.horizontalHeader().setStretchLastSection(True)
        self.scores.verticalHeader().setDefaultSectionSize(22)
        self.scores.setToolTip(
            "Each annotation scored as test against the adjudicated graph as gold, "
            "under the alignment corrections made for it (the compared annotator in bold)"
        )
        layout = QVBoxLayout(box)
        layout.addWidget(self.scores)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)  # no taller than its rows
        return box

    def _history_box(self) -> QWidget:
        """The session's log beside the undo steps."""
        self.log_model, self.log_proxy, self.log = filtered_table(LOG_HEADERS, 0, (150, 90, 90), self)
        self.log.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.log.setSortingEnabled(False)  # the order of the log
        self.log.setWordWrap(False)
        self.log_columns = FittedColumns(self.log, (1, 2, 3))  # who and the sentence whole, the change the rest
        self.log.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # ids cut keep their distinct ends
        self.log.setToolTip(
            "Every change in the session file, in order: decisions, undo and redo, statuses, notes "
            "and start annotations, with who made it and when. Double click one to show its sentence."
        )
        self.log.doubleClicked.connect(lambda index: self._show_logged(index.row()))
        self.history = _UndoSteps(self.adjudication.stack)
        self.history.setEmptyLabel("session opened")
        self.history.setMinimumWidth(120)
        self.history.setToolTip("What Ctrl+Z and Ctrl+Shift+Z go through; click a step to undo or redo up to it")
        undo = QWidget()
        undo_layout = QVBoxLayout(undo)
        undo_layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel("Undo steps (Ctrl+Z, Ctrl+Shift+Z; click one to go back to it):")
        title.setWordWrap(True)
        undo_layout.addWidget(title)
        undo_layout.addWidget(self.history, 1)
        box = QSplitter(Qt.Orientation.Horizontal)
        box.addWidget(self.log)
        box.addWidget(undo)
        box.setSizes([2500, 1000])  # the log five sevenths of the room, whatever the width
        adjudication = self.adjudication
        adjudication.session_changed.connect(lambda session: self._show_log())
        adjudication.sentence_changed.connect(lambda index: self._show_log())
        return box

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    # -------------------------------------------------------------- showing
    def _show(self) -> None:
        session = self.adjudication.session
        view = self.adjudication.view()
        self.pages.setCurrentIndex(0 if session is None else 1)
        if session is None:
            return
        with self.syncing:
            self._show_review(view)
            self._show_scores(view)
            self._show_rows(view)
        self.saved.setText(f"Saved at once in {session.path.name} as {session.author}: nothing to save.")
        self.saved.setToolTip(f"{session.path}: every change is written to the session file as it is made")
        self._show_scoring()

    def _show_scoring(self) -> None:
        """Name the pair the corpus table scores, and the one the disagreements compare."""
        if self.adjudication.session is None:
            return
        scored = self.adjudication.scored_names()
        compared = self.adjudication.compared
        test, gold = (f"<b>{escape(name)}</b>" for name in scored) if scored else ("", "")
        text = f"Scores: {test} (test) against {gold} (gold)" if scored else "Scores: reading the session's files..."
        if compared:
            text += f" · disagreements: <b>{escape(compared)}</b> against the adjudicated graph"
        self.scoring.setText(text)

    def _show_review(self, view: SentenceView | None) -> None:
        session = self.adjudication.session
        enabled = view is not None
        for widget in (
            self.status_box,
            self.start_box,
            self.notes,
            self.compared_box,
            self.shown_box,
            *self.edit_buttons,
        ):
            widget.setEnabled(enabled)
        if view is None:
            self.header.setText(self.adjudication.nothing_text())
            self.header.setToolTip("")
            self.status_box.setCurrentIndex(-1)  # no sentence: no status (not the last one shown)
            self.decided.setText("")
            self.notes.setPlainText("")
            self.start_box.clear()
            self.compared_box.clear()
            self.problem.setText("")
            return
        assert session is not None
        record = view.record
        graph = session.annotation(view.index, record.start) if record.start else None
        name = record.id or f"sentence {record.index + 1}"
        self.header.setText(f"<b>{name}</b> ({record.index + 1} of {len(session)})")
        self.header.setToolTip(graph.text if graph is not None and graph.text else "")
        self.status_box.setCurrentIndex(list(ReviewStatus).index(record.status))
        readable = [name for name in session.annotators if session.annotation(view.index, name) is not None]
        self.start_box.clear()
        self.start_box.addItems(readable)
        self.start_box.setCurrentText(record.start or "")
        decisions = len(view.adjudicated.decisions) if view.adjudicated is not None else 0
        self.start_box.setEnabled(not decisions)
        self.start_box.setToolTip(
            "The annotation the adjudicated graph starts from"
            + (f"; undo this sentence's {decisions} decision(s) to start from another" if decisions else "")
        )
        when = f" · last change {record.updated_at[:16].replace('T', ' ')} UTC" if record.updated_at else ""
        # a name only for what still stands: an active decision or a status set by someone
        decided = decisions or record.status is not ReviewStatus.NOT_REVIEWED
        decider = record.decided_by if decided and record.decided_by else "nobody yet"
        self.decided.setText(f"{decider} · {decisions} decision(s) on this sentence{when}")
        self.decided.setToolTip(
            "Decisions on every annotator's disagreements and the graph edits (undone ones left out)"
        )
        pending = self.adjudication.pending_notes(view.index)
        notes = pending if pending is not None else record.notes
        if self.notes.toPlainText() != notes:
            self.notes.setPlainText(notes)
        self.compared_box.clear()
        self.compared_box.addItems(readable)
        self.compared_box.setCurrentText(view.compared or "")
        problems = list(view.adjudicated.problems) if view.adjudicated is not None else []
        self.problem.setText(
            "\n".join(([view.problem] if view.problem else []) + [f"Not writable yet: {p}" for p in problems])
        )

    def _show_scores(self, view: SentenceView | None) -> None:
        """A row per annotator: its F1 under each metric (P and R in the tooltip) and its
        alignment corrections; a long name cut short in the middle, whole in its tooltip."""
        agreements = view.agreements if view is not None else {}
        table = self.scores
        table.setRowCount(len(agreements))
        metrics = table.fontMetrics()
        for row, (name, agreement) in enumerate(agreements.items()):
            label = QTableWidgetItem(metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, NAME_WIDTH))
            label.setToolTip(name)
            label.setData(Qt.ItemDataRole.UserRole, name)
            if view is not None and name == view.compared:
                font = label.font()
                font.setBold(True)
                label.setFont(font)
            table.setVerticalHeaderItem(row, label)
            for column, metric in enumerate(METRICS):
                score = agreement.scores.get(metric)
                item = QTableWidgetItem(f1_text(score.f) if score is not None else "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if score is not None:
                    item.setToolTip(f"{name}, {short_name(metric)}: P {f1_text(score.p)}   R {f1_text(score.r)}")
                table.setItem(row, column, item)
            table.setItem(row, len(METRICS), _corrections_item(agreement))
        cells = (table.item(row, len(METRICS)) for row in range(table.rowCount()))
        corrected = any(cell is not None and cell.text() for cell in cells)
        table.setColumnHidden(len(METRICS), not corrected)  # a column only when an annotator has corrections
        self._fit_scores()

    def _fit_scores(self) -> None:
        """The agreement table shown whole: every column in sight, every row up to a dozen."""
        table = self.scores
        header = table.horizontalHeader()
        table.resizeColumnsToContents()
        shown = [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]
        width = table.verticalHeader().sizeHint().width() + sum(
            max(header.sectionSizeHint(c), table.sizeHintForColumn(c)) for c in shown
        )
        table.setMinimumWidth(width + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width())
        rows = min(table.rowCount(), 12)
        height = table.horizontalHeader().sizeHint().height() + sum(table.rowHeight(r) for r in range(rows))
        table.setFixedHeight(height + 2 * table.frameWidth() + 2)  # the notes below get the rest

    def _show_rows(self, view: SentenceView | None) -> None:
        every = view.rows if view is not None else []
        shown = self._rows_shown()
        rows = [row for row in every if _shown(row, shown)]
        previous = self.table.currentIndex().row()
        compared = view.compared if view is not None and view.compared else "annotator"
        self.model.headers = HEADERS[:2] + (f"{compared}'s triple", HEADERS[3])
        cells = [row.cells() for row in rows]
        tips = [_row_tips(row, row_cells) for row, row_cells in zip(rows, cells)]
        self.model.set_rows(rows, cells, [DECISION_COLOURS[row.decision] for row in rows], tips=tips)
        self.fitted.measure(cells)
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(HEADERS) - 1)
        self.counts.setText(counts_text(every, compared) if view is not None and view.compared else "")
        still = sum(1 for row in every if row.decision is RowDecision.TO_DECIDE)
        self.middle.setTabText(0, "Disagreements with the adjudicated graph" + (f" ({still} open)" if view else ""))
        self._select_open_row(previous)

    def _rows_shown(self) -> RowsShown:
        return list(RowsShown)[self.shown_box.currentIndex()]

    def _shown_chosen(self) -> None:
        self.adjudication.set_show_matched(self._rows_shown() is RowsShown.MATCHED)
        self._show()

    def _show_log(self) -> None:
        """The session's log, the newest change in sight."""
        entries = self.adjudication.log_entries()
        cells = [(entry.at[:19].replace("T", " "), entry.author, entry.where, entry.text) for entry in entries]
        tips = [(entry.at or "before the session kept times", "", "", entry.text) for entry in entries]
        self.log_model.set_rows(entries, cells, tips=tips)
        self.log_columns.measure(cells)
        self.middle.setTabText(1, f"History ({len(entries)} change{'' if len(entries) == 1 else 's'})")
        if entries:
            self.log.scrollToBottom()

    def _show_logged(self, row: int) -> None:
        entry: LogEntry = self.log_proxy.item(row)
        pair = self.adjudication.pair_of(entry.sentence) if entry.sentence is not None else None
        if pair is not None:
            self.state.selection.show_pair(pair)

    def _select_open_row(self, near: int) -> None:
        """Select the first row still to decide at or after ``near`` (else before it)."""
        count = self.proxy.rowCount()
        order = list(range(max(near, 0), count)) + list(range(min(max(near, 0), count) - 1, -1, -1))
        chosen = next((r for r in order if self.proxy.item(r).decision is RowDecision.TO_DECIDE), None)
        if chosen is None:
            self.table.clearSelection()
            self.adjudication.select_row(None)
            self._enable_verdicts(None)
            return
        self.table.selectRow(chosen)
        self.table.setCurrentIndex(self.proxy.index(chosen, 0))

    # ---------------------------------------------------------- the user's doing
    def current_row(self) -> MismatchRow | None:
        index = self.table.currentIndex()
        return self.proxy.item(index.row()) if index.isValid() else None

    def _row_changed(self, current, previous=None) -> None:
        row = self.proxy.item(current.row()) if current.isValid() else None
        self._enable_verdicts(row)
        self.adjudication.select_row(row)

    def _enable_verdicts(self, row: MismatchRow | None) -> None:
        for button, accept, key in (
            (self.accept_button, True, "Ctrl+Return"),
            (self.reject_button, False, "Ctrl+Delete"),
        ):
            button.setEnabled(row is not None and row.mismatched)
            what = row.consequence(accept) if row is not None and row.mismatched else "select a disagreement first"
            button.setToolTip(f"{button.text()}: {what} ({key})")

    def judge(self, accept: bool) -> None:
        row = self.current_row()
        if row is not None and row.mismatched:
            self.adjudication.judge(row, accept)

    def _status_chosen(self) -> None:
        chosen = list(ReviewStatus)[self.status_box.currentIndex()]
        if not self.syncing and self.adjudication.set_status(chosen) is not None:
            self._show()

    def _start_chosen(self) -> None:
        if not self.syncing and self.adjudication.set_start(self.start_box.currentText()) is not None:
            self._show()

    def _notes_typed(self) -> None:
        if not self.syncing:
            self.adjudication.edit_notes(self.notes.toPlainText())

    def select_node(self, side: str, var: str) -> None:
        """Select the first row whose triple on ``side`` (test: the annotator, gold: the
        adjudicated graph) starts or ends at ``var``."""
        for proxy_row in range(self.proxy.rowCount()):
            match = self.proxy.item(proxy_row).match
            triple = None if match is None else match.test if side == "test" else match.gold
            if triple is not None and var in (triple.source, triple.target if triple.target_concept else None):
                self.table.selectRow(proxy_row)
                self.table.scrollTo(self.proxy.index(proxy_row, 0))
                return
