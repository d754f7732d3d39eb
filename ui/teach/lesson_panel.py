"""The Lesson panel: the step controls (first, back, play, forward, last, the speed, predict
mode), the live parameters, the step's title and text (the teacher's note, the caption, the
question while it waits for a prediction, the verdict after) and its heatmap - every row and column
named, values in the cells where they fit, the anchors outlined, the step's cells marked, the
explained cell's row and column and the neighbour pairs it was computed from outlined in pink.

A click on a cell explains it (or answers the question); hovering a cell reads it out. The panel
draws what :class:`~ui.teach.state.TeachingState` holds and reports the user's choices to it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStyle,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..common.binding import SyncGuard
from ..rounds.view import HeatmapView, SharedWindow
from ..rounds.window import CellWindow
from .captions import pair_heading, step_html, verdict_html
from .explanation import explanation_html, tie_html
from .model import cell_readout, contribution_cells, step_heatmap, taken_nodes, unaligned_nodes
from .parameters import ParameterBar
from .state import SPEEDS, TeachingState

__all__ = ["MARKED_LEGEND", "LessonPanel"]

MARKED_LEGEND = {  # what the black-and-orange outline means at each kind of step
    "initial": "the initial anchors",
    "iteration": "the cells that changed most",
    "anchors": "the round's new anchors",
    "finalisation": "the pair the finalisation takes",
    "metrics": "the pairs of the alignment",
}
ROW_CAP = 48  # px: a heatmap row gets at most this much height by default; the rest goes to the text
ROW_LEAST = 20  # px: the text's lines are not taken from rows this high or lower
TEXT_LINES = 8  # the step's text gets room for these many lines while the rows keep ROW_LEAST
TEXT_SHARE = 0.2  # the text's least share of the height
HINT = "Click a cell to see how its value was computed; wheel or +/- zooms, drag pans, 0 shows all."


def _legend(kind: str | None) -> str:
    """The readout under the heatmap at a step of ``kind`` (None: one not revealed yet): what a click
    does and what the outlines mean (in two lines at 1366 px)."""
    legend = ["anchor (black and white)"]
    if kind is not None:
        legend.append(f"{MARKED_LEGEND[kind]} (black and orange)")
    legend.append("the neighbour pairs of the cell explained (pink)")
    return f"{HINT}  Outlines: {'; '.join(legend)}."


class LessonPanel(QWidget):
    """The lesson's controls, text and heatmap; without a lesson, why there is none."""

    def __init__(self, state: TeachingState, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.text_scale = 1.0
        self._build()
        state.lesson_changed.connect(self._show_lesson)
        state.step_changed.connect(self._show_step)
        state.cell_changed.connect(self._show_cell)
        state.playing_changed.connect(self._show_playing)
        state.changed.connect(self._show_controls)
        self._show_lesson()

    def _tool(self, icon: QStyle.StandardPixmap, text: str, tip: str, slot) -> QToolButton:
        button = QToolButton()
        button.setIcon(self.style().standardIcon(icon))
        button.setText(text)
        button.setToolTip(tip)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.clicked.connect(slot)
        return button

    def _build(self) -> None:
        state = self.state
        media = QStyle.StandardPixmap
        self.home_button = self._tool(media.SP_MediaSkipBackward, "First", "First step (Home)", state.home)
        self.back_button = self._tool(media.SP_MediaSeekBackward, "Back", "Previous step (Backspace)", state.back)
        play_tip = "Play the steps at the chosen speed (P); stops at each question"
        self.play_button = self._tool(media.SP_MediaPlay, "Play", play_tip, state.toggle_play)
        next_tip = "Next step, or reveal the answer (Space)"
        self.forward_button = self._tool(media.SP_MediaSeekForward, "Next", next_tip, state.forward)
        self.end_button = self._tool(media.SP_MediaSkipForward, "Last", "Last step (End)", state.end)
        self.position = QLabel()
        self.speed = QComboBox()
        for speed in SPEEDS:
            self.speed.addItem(f"{speed:g} step{'s' if speed != 1 else ''}/s", speed)
        self.speed.setCurrentIndex(SPEEDS.index(state.speed))
        self.speed.setToolTip("How fast Play steps")
        self.speed.currentIndexChanged.connect(lambda index: state.set_speed(SPEEDS[index]))
        self.predict_box = QCheckBox("Predict")
        self.predict_box.setToolTip(
            "Before a round's new anchors or a pick of the finalisation is revealed, the class clicks the cell "
            "it expects"
        )
        self.predict_box.toggled.connect(self.syncing.unless_syncing(state.set_predicting))
        controls = QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        for widget in (self.home_button, self.back_button, self.play_button, self.forward_button, self.end_button):
            controls.addWidget(widget)
        controls.addWidget(self.position)
        controls.addStretch(1)
        controls.addWidget(self.speed)
        controls.addWidget(self.predict_box)
        self.parameters = ParameterBar(state)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.switch_button = QPushButton("Teach under the paper profile")
        self.switch_button.setToolTip("The lesson (not the scores) uses the paper's equations: γ and α kept")
        self.switch_button.clicked.connect(state.use_paper_profile)
        self.pair_heading = QLabel()  # which pair (and sentence) the lesson teaches
        self.pair_heading.setWordWrap(True)
        self.pair_heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption = QTextBrowser()
        self.caption.setOpenLinks(False)
        self.caption.document().setIndentWidth(14)
        self.shared = SharedWindow(self)
        self.heatmap = HeatmapView("", self.shared)
        self.heatmap.set_enlarged(True)
        self.heatmap.set_axes(True, True, True)
        self.heatmap.clicked.connect(self._clicked)
        self.heatmap.hovered.connect(self._hovered)
        self.readout = QLabel(HINT)
        self.readout.setWordWrap(True)
        self.readout.setStyleSheet("color: #333;")
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self._dragged = False  # the parts' heights chosen by hand: kept
        self.splitter.splitterMoved.connect(lambda *_: setattr(self, "_dragged", True))
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.pair_heading)
        top_layout.addWidget(self.title)
        top_layout.addWidget(self.caption, 1)
        for part, stretch in ((top, 30), (self.heatmap, 70)):
            self.splitter.addWidget(part)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        self.splitter.installEventFilter(self)  # placed again whenever it has another height
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(controls)
        layout.addWidget(self.parameters)
        layout.addWidget(self.problem)
        layout.addWidget(self.switch_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.readout)
        self._size_text()

    # ------------------------------------------------------------- drawing
    def set_text_scale(self, scale: float) -> None:
        """Every text of the panel ``scale`` times its size (presentation on a projector)."""
        self.text_scale = scale
        self._size_text()
        self.readout.setVisible(scale == 1.0 and self.state.lesson is not None)  # the hint: not for the class
        self._show_step()
        self._dragged = False
        self._place()

    def _size_text(self) -> None:
        """What the class reads (the title, the text, the heatmap) at the text scale; the teacher's
        controls as they are."""
        px = round(13 * self.text_scale)
        self.title.setStyleSheet(f"font-weight: bold; font-size: {round(17 * self.text_scale)}px;")
        self.pair_heading.setStyleSheet(f"color: #455a64; font-size: {px}px;")
        self.caption.setStyleSheet(f"font-size: {px}px;")
        self.readout.setStyleSheet(f"color: #333; font-size: {px}px;")
        self.problem.setStyleSheet(f"color: #555; font-size: {round(15 * self.text_scale)}px;")
        self.heatmap.set_text_scale(self.text_scale)
        self._size_readout()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.splitter and event.type() == QEvent.Type.Resize:
            self._place()
        return super().eventFilter(watched, event)

    def _place(self) -> None:
        """The text and the heatmap share the height: the heatmap as tall as its rows need at
        :data:`ROW_CAP` px each, the text :data:`TEXT_LINES` lines before the heatmap's rows go under
        :data:`ROW_LEAST` px, never under :data:`TEXT_SHARE` of the height; what is left to the
        text. Kept once the user drags the handle."""
        lesson = self.state.lesson
        if self._dragged or lesson is None:
            return
        total = self.splitter.height() - self.splitter.handleWidth()
        if total <= 0:
            return
        rows = lesson.trace.similarity.shape[0]
        margins = 2 * self.heatmap.title_px + self.heatmap.column_margin(total)
        font = QFont(self.caption.font())
        font.setPixelSize(round(13 * self.text_scale))
        text = (
            self.title.sizeHint().height()
            + self.pair_heading.sizeHint().height()
            + TEXT_LINES * QFontMetricsF(font).lineSpacing()
            + 16
        )
        most = total - round(TEXT_SHARE * total)
        least = min(margins + rows * ROW_LEAST, most)
        heatmap = max(1, round(min(margins + rows * ROW_CAP, max(least, total - text), most)))
        self.splitter.setSizes([total - heatmap, heatmap])

    def _show_lesson(self) -> None:
        state, lesson = self.state, self.state.lesson
        has = lesson is not None
        self.problem.setText(state.problem)
        self.problem.setVisible(not has)
        self.switch_button.setVisible(not has and state.problem.startswith("Teaching follows"))
        self.splitter.setVisible(has)
        self.readout.setVisible(has and self.text_scale == 1.0)
        if lesson is None:
            self.heatmap.clear()
            return
        pair = state.pair
        sentence = lesson.trace.test.text or lesson.trace.gold.text
        self.pair_heading.setText(pair_heading(pair.number, pair.id, sentence) if pair is not None else "")
        self.shared.set(CellWindow.full(*lesson.trace.similarity.shape))
        rows, columns = list(lesson.test_names), list(lesson.gold_names)
        self.heatmap.set_heatmap(step_heatmap(lesson.steps[0]), rows, columns, 0, unaligned_nodes(lesson, 0))
        self._place()

    def _show_step(self) -> None:
        state, lesson, step = self.state, self.state.lesson, self.state.step
        if lesson is None or step is None:
            return
        names_rows, names_columns = list(lesson.test_names), list(lesson.gold_names)
        heatmap = step_heatmap(step, state.revealed)
        self.heatmap.title = heatmap.title
        unaligned = unaligned_nodes(lesson, state.index, state.revealed)
        self.heatmap.set_heatmap(heatmap, names_rows, names_columns, 0, unaligned)
        self.heatmap.set_dimmed(*taken_nodes(lesson, state.index))
        self.title.setText(step.title + ("  - your prediction?" if state.asking else ""))
        self._show_step_readout()
        self._show_text()
        self._show_cell_marks()

    def _show_text(self) -> None:
        state, step = self.state, self.state.step
        if step is None:
            return
        html = verdict_html(state.verdict) if state.verdict is not None else ""
        lesson, explanation = state.lesson, state.explanation
        presenting = self.text_scale != 1.0
        if presenting and lesson is not None and explanation is not None and state.cell is not None:
            # no Explain panel on the projector: the cell's equations here, as wide as the heatmap
            html += tie_html(lesson, state.index, state.cell) if state.revealed else ""
            html += explanation_html(explanation, lesson.test_names, lesson.gold_names, compact=True) + "<hr>"
        html += step_html(step, state.note(), state.asking)
        self.caption.setHtml(html)

    def _show_cell(self) -> None:
        self._show_text()
        self._show_cell_marks()

    def _show_cell_marks(self) -> None:
        state = self.state
        explanation = state.explanation
        cell = state.cell
        rows, columns = ({cell[0]}, {cell[1]}) if cell is not None else (set(), set())
        self.heatmap.set_marks(self.heatmap.hover, rows, columns)
        self.heatmap.set_highlighted(contribution_cells(explanation) if explanation is not None else ())

    def _show_playing(self, playing: bool) -> None:
        self.play_button.setText("Pause" if playing else "Play")
        media = QStyle.StandardPixmap
        self.play_button.setIcon(self.style().standardIcon(media.SP_MediaPause if playing else media.SP_MediaPlay))

    def _show_controls(self) -> None:
        state, lesson = self.state, self.state.lesson
        total = len(lesson.steps) if lesson is not None else 0
        self.position.setText(f"step {state.index + 1} of {total}" if total else "")
        for button in (self.home_button, self.back_button):
            button.setEnabled(total > 0 and state.index > 0)
        for button in (self.forward_button, self.end_button):
            button.setEnabled(total > 0 and (state.index + 1 < total or state.asking))
        self.play_button.setEnabled(total > 0)
        with self.syncing:
            self.predict_box.setChecked(state.predicting)

    # -------------------------------------------------------------- events
    def _clicked(self, row: int, column: int) -> None:
        if row >= 0 and column >= 0:
            self.state.click(row, column)

    def _hovered(self, row: int, column: int) -> None:
        lesson = self.state.lesson
        self.heatmap.set_marks((row, column), self.heatmap.selected_rows, self.heatmap.selected_columns)
        if lesson is not None and row >= 0 and column >= 0:
            self.readout.setText(cell_readout(lesson, self.state.index, (row, column), self.state.asking))
        elif lesson is not None:
            self._show_step_readout()

    def _show_step_readout(self) -> None:
        """What the outlines mean at this step, and what a click does."""
        step = self.state.step
        if step is None:
            return
        self.readout.setText(_legend(step.kind if self.state.revealed else None))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._size_readout()

    def _size_readout(self) -> None:
        """The readout as high as its longest text needs at its width, whatever it says now: a hovered
        cell's one line does not give the heatmap the legend's lines (the cells would move under the
        pointer)."""
        longest = max((_legend(kind) for kind in MARKED_LEGEND), key=len)
        width = max(1, self.readout.width() if self.readout.isVisible() else self.width() - 4)
        self.readout.ensurePolished()  # (its font is its style sheet's)
        metrics = QFontMetrics(self.readout.font())
        flags = int(Qt.TextFlag.TextWordWrap)
        self.readout.setFixedHeight(metrics.boundingRect(0, 0, width, 10_000, flags, longest).height() + 2)
