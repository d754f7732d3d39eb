"""The Alignment rounds panel: a round slider over the four heatmaps of the selected pair's
trace (S, anchors, broadcast A, adjusted F), the round's headline with its full list of
pairs (scrollable, never cut) and a readout of the hovered cell.

The heatmaps share one zoom and pan (:class:`~ui.rounds.view.SharedWindow`) and one
hovered cell; a click selects the node in the state (the graphs highlight it) and the
state's selected node is highlighted here. A double click enlarges one heatmap - every row
and column named, labels and values sized to its cells, scrolling when even the smallest
labels do not fit - a second one (or Esc) brings the four back. The trace comes from the state, never
aligned here; what is shown is arranged by :class:`~ui.rounds.model.RoundsModel`.
"""

from __future__ import annotations

import math
from html import escape

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.align.explain import Caption
from engine.output.report import items_html

from ..common.binding import SyncGuard
from ..state.services import AppServices
from ..state.tasks import PairTrace
from .model import PANELS, RoundsModel, RoundView
from .scale import OUTLINE_LEGEND
from .view import HELP, HeatmapView, SharedWindow
from .window import CellWindow

__all__ = ["TRACING", "HeatmapPanel", "caption_html"]

TRACING = "Tracing the rounds of this pair (aligning it again with every round's matrices)..."
HINT = (
    f"{OUTLINE_LEGEND.capitalize()}; red names after the grey line: unaligned. "
    "Hover a cell for its values, click to select its node, wheel/drag to zoom and pan, double-click to enlarge."
)
SPACING = 6  # between the heatmaps
WIDE = 2.0  # width / height from which the list of pairs goes beside the heatmaps
DETAIL_LINES = 7  # under the heatmaps, the list of pairs shows up to this many lines (it scrolls for more)
# where each heatmap sits in the 2 x 2 grid, and which of its axes are labelled:
# row names on the left column, column names on the bottom row, the colour scales on the right
GRID = {
    "similarity": (0, 0, True, False, False),
    "anchors": (0, 1, False, False, True),
    "broadcast": (1, 0, True, True, False),
    "adjusted": (1, 1, False, True, True),
}


def caption_html(caption: Caption, initial: Caption | None = None) -> str:
    """A round's list of pairs as HTML; the initial anchors' list after it when given."""
    html = items_html(caption.details) or "<p>No pair changed in this round.</p>"
    if initial is not None:
        html += f"<p><b>Before the rounds:</b> {escape(initial.headline)}</p>" + items_html(initial.details)
    return html


def _line_bottoms(document: QTextDocument) -> list[float]:
    """Where each laid-out line of a document ends, from its top."""
    bottoms, layout, block = [], document.documentLayout(), document.begin()
    while block.isValid():
        top, lines = layout.blockBoundingRect(block).top(), block.layout()
        bottoms += [top + lines.lineAt(k).y() + lines.lineAt(k).height() for k in range(lines.lineCount())]
        block = block.next()
    return bottoms


class HeatmapPanel(QWidget):
    """Signal ``teach_requested()``: the user asks for the pair as a lesson (the Teaching perspective)."""

    teach_requested = Signal()

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()  # the slider follows the trace shown: no choice of round
        self.trace: PairTrace | None = None
        self.model: RoundsModel | None = None
        self.view: RoundView | None = None
        self.enlarged: str | None = None
        self.hover = (-1, -1)
        self._placed = False  # the splitter's orientation and sizes set once the panel has a size
        self.shared = SharedWindow(self)
        self.plots = {key: HeatmapView(title, self.shared) for key, title in PANELS}
        self._build()
        for key, plot in self.plots.items():
            plot.hovered.connect(self._hovered)
            plot.clicked.connect(self._clicked)
            plot.enlarge_requested.connect(lambda key=key: self.enlarge(None if self.enlarged else key))
        self.previous_button.clicked.connect(lambda: self.step(-1))
        self.next_button.clicked.connect(lambda: self.step(1))
        self.slider.valueChanged.connect(self.syncing.unless_syncing(self.show_round))
        state.selection.pair_selected.connect(self._pair_selected)
        state.traces.trace_ready.connect(self.set_trace)
        state.selection.node_selected.connect(self._node_selected)
        state.scoring.corpus_changed.connect(lambda corpus: self._hovered(-1, -1))
        self._clear(self.state.selection.empty_text())
        if state.traces.trace is not None:  # what the state holds already
            self.set_trace(state.traces.trace)
        else:
            self._pair_selected(state.selection.pair)

    def _build(self) -> None:
        self.initial = QLabel()
        self.initial.setWordWrap(True)
        self.previous_button, self.next_button = QPushButton("◀"), QPushButton("▶")
        self.previous_button.setToolTip("Previous round (Alt+Left)")
        self.next_button.setToolTip("Next round (Alt+Right)")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(1)
        self.slider.setPageStep(1)
        self.round_label = QLabel()
        self.teach_button = QPushButton("Teach this pair")
        self.teach_button.setToolTip(
            "Every broadcast iteration of every round, every cell explained, in the Teaching perspective (Ctrl+Shift+T)"
        )
        self.teach_button.clicked.connect(self.teach_requested)
        controls = QHBoxLayout()
        for widget in (self.previous_button, self.slider, self.next_button, self.round_label, self.teach_button):
            controls.addWidget(widget, 1 if widget is self.slider else 0)
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.headline.setStyleSheet("font-weight: bold;")
        self.headline.setMinimumHeight(2 * self.fontMetrics().lineSpacing())  # most headlines: no jump when stepping
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.document().setIndentWidth(14)  # list bullets close to the margin: room for the text
        self.details.setMinimumHeight(3 * self.fontMetrics().lineSpacing())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setStyleSheet("color: #555; font-size: 12pt;")
        self.grid_page = grid_page = QWidget()  # the heatmaps placed by hand: see _place
        for plot in self.plots.values():
            plot.setParent(grid_page)
        grid_page.installEventFilter(self)
        self.scroller = QScrollArea()  # scrolls an enlarged heatmap larger than its room
        self.scroller.setWidget(grid_page)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.body = QStackedWidget()
        self.body.addWidget(self.message)
        self.body.addWidget(self.scroller)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.body)
        self.splitter.addWidget(self.details)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setChildrenCollapsible(False)
        self._details_dragged = False  # the list's height chosen by hand: kept
        self.splitter.splitterMoved.connect(lambda *_: setattr(self, "_details_dragged", True))
        self.readout = QLabel(HINT)
        self.readout.setWordWrap(True)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.readout.setStyleSheet("color: #444;")
        self.readout.setToolTip(HELP)
        self.readout.setFixedHeight(2 * self.fontMetrics().lineSpacing() + 6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.initial)
        layout.addLayout(controls)
        layout.addWidget(self.headline)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.readout)
        self._arrange()

    def resizeEvent(self, event) -> None:
        """The list of pairs goes beside the heatmaps in a wide panel, under them in a tall one."""
        super().resizeEvent(event)
        wide = self.width() > WIDE * self.height()
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if orientation != self.splitter.orientation() or not self._placed:
            self.splitter.setOrientation(orientation)
            total = self.splitter.width() if wide else self.splitter.height()
            beside = min(round(0.3 * total), 420) if wide else 4 * self.fontMetrics().lineSpacing()
            self.splitter.setSizes([max(1, total - beside), beside])
            self._placed = True
        self._fit_details()

    def _fit_details(self) -> None:
        """Under the heatmaps, the list of pairs as tall as its text, up to :data:`DETAIL_LINES`
        lines and a quarter of the room (at least three lines), and then ending at a whole line
        (it scrolls for the rest); beside them, or once its height was dragged, as it is."""
        if self.splitter.orientation() != Qt.Orientation.Vertical or self._details_dragged:
            return
        document, frame = self.details.document(), 2 * self.details.frameWidth()
        document.setTextWidth(self.details.viewport().width())
        total = self.splitter.height() - self.splitter.handleWidth()
        line = self.fontMetrics().lineSpacing()
        room = max(3 * line, min(DETAIL_LINES * line, total // 4)) - frame
        wanted = math.ceil(document.size().height())
        if wanted > room:  # the last line that fits whole
            wanted = math.ceil(max((bottom for bottom in _line_bottoms(document) if bottom <= room), default=room))
        height = wanted + frame
        if self.splitter.sizes()[1] != height and total > height:
            self.splitter.setSizes([total - height, height])

    @property
    def captions(self) -> tuple[Caption, ...]:
        return self.trace.captions if self.trace is not None else ()

    @property
    def round_number(self) -> int:
        return self.slider.value()

    # ----------------------------------------------------------- the trace
    def _pair_selected(self, result) -> None:
        if result is None:
            self._clear(self.state.selection.empty_text())
        elif self.state.traces.trace is None:  # it will come through trace_ready
            self._clear(TRACING)

    def _clear(self, text: str) -> None:
        self.trace = self.model = self.view = None
        self.message.setText(text)
        self.body.setCurrentWidget(self.message)
        for label in (self.initial, self.headline, self.round_label):
            label.clear()
        self.details.clear()
        self.slider.setEnabled(False)
        self.previous_button.setEnabled(False)
        self.next_button.setEnabled(False)
        self.hover = (-1, -1)
        self.readout.setText(HINT)
        for widget in (self.details, self.readout):
            widget.setVisible(False)  # nothing to list or to read out: the sentence says why
        for plot in self.plots.values():
            plot.clear()

    def set_trace(self, trace: PairTrace) -> None:
        """Show a pair's trace from its first round, all of it in view."""
        if trace.alignment is None:
            self._clear(trace.problem)
            return
        self._clear("")
        self.trace, self.model = trace, RoundsModel(trace)
        self.shared.set(CellWindow.full(*self.model.shape))
        self.initial.setText(trace.captions[0].headline)
        self.body.setCurrentIndex(1)
        for widget in (self.details, self.readout):
            widget.setVisible(True)
        self.slider.setEnabled(True)
        with self.syncing:
            self.slider.setMaximum(self.model.rounds)
            self.slider.setValue(1)
        self.show_round(1)
        self._place()  # new names: new room for them
        self._node_selected()

    def step(self, delta: int) -> None:
        """Show the round ``delta`` rounds later (earlier when negative)."""
        self.slider.setValue(self.slider.value() + delta)

    def show_round(self, number: int) -> None:
        if self.model is None:
            return
        self.view = view = self.model.round(number)
        for key, plot in self.plots.items():
            plot.set_heatmap(
                view.heatmaps[key], self.model.row_names, self.model.column_names, self.model.order.aligned
            )
        self.round_label.setText(f"round {number} of {view.total}")
        self.headline.setText(view.caption.headline)
        self.details.setHtml(caption_html(view.caption, self.model.captions[0] if number == 1 else None))
        self._fit_details()
        self.previous_button.setEnabled(number > 1)
        self.next_button.setEnabled(number < view.total)
        self._show_readout()

    # ------------------------------------------------------ enlarge, marks
    def enlarge(self, key: str | None) -> None:
        """Show one heatmap alone, with all its labels and its scale (None: the four)."""
        self.enlarged = key
        self._arrange()

    def _arrange(self) -> None:
        for key, plot in self.plots.items():
            _, _, rows, columns, scale = GRID[key]
            if self.enlarged is None:
                plot.set_axes(rows, columns, scale)
            elif key == self.enlarged:
                plot.set_axes(True, True, True)
            plot.set_enlarged(key == self.enlarged)
            plot.setVisible(self.enlarged in (None, key))
        self._place()

    def _place(self) -> None:
        """One heatmap on the whole page, at least as large as it needs to name every row and
        column (the page scrolls then), or four in a 2 x 2 grid whose lower row is taller by the
        room of its column names, so that all four matrices are as high."""
        alone = self.plots[self.enlarged] if self.enlarged is not None else None
        least = alone.readable_size() if alone is not None and alone.heatmap is not None else QSize(0, 0)
        if self.grid_page.minimumSize() != least:
            self.grid_page.setMinimumSize(least)  # resizes the page (and places again) when it grows
        width, height = self.grid_page.width(), self.grid_page.height()
        if alone is not None:
            alone.setGeometry(0, 0, width, height)
            return
        lower = (height - SPACING) / 2
        for _ in range(4):  # lower = upper + its names' room (which grows with its height), 4 px under the upper
            lower = (height - SPACING + self.plots["broadcast"].column_margin(lower) - 4.0) / 2
        upper = max(1, round(height - SPACING - lower))
        left = (width - SPACING) // 2
        for key, plot in self.plots.items():
            row, column = GRID[key][:2]
            x, y = (0, left + SPACING)[column], (0, upper + SPACING)[row]
            plot.setGeometry(x, y, (left, width - left - SPACING)[column], (upper, height - upper - SPACING)[row])

    def eventFilter(self, watched, event) -> bool:
        if watched is self.grid_page and event.type() == QEvent.Type.Resize:
            self._place()
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.enlarged:
            self.enlarge(None)
        else:
            super().keyPressEvent(event)

    def _marks(self) -> None:
        rows, columns = set(), set()
        if self.model is not None:
            nodes = self.state.selection.selected_nodes()
            rows = {row for row in [self.model.row_of(nodes.get("test"))] if row is not None}
            columns = {column for column in [self.model.column_of(nodes.get("gold"))] if column is not None}
        for plot in self.plots.values():
            plot.set_marks(self.hover, rows, columns)

    def _node_selected(self, *_) -> None:
        self._marks()

    def _hovered(self, row: int, column: int) -> None:
        self.hover = (row, column)
        self._marks()
        self._show_readout()

    def _show_readout(self) -> None:
        row, column = self.hover
        model = self.model
        if model is None or (row < 0 and column < 0):
            self.readout.setText(HINT)
        elif row >= 0 and column >= 0:
            self.readout.setText(model.readout(self.round_number, row, column))
        else:
            self.readout.setText(model.node_readout(row, column))

    def _clicked(self, row: int, column: int) -> None:
        if self.model is None:
            return
        if row >= 0 and self.model.row_vars:
            self.state.selection.reveal_node("test", self.model.row_vars[row])
        elif column >= 0 and self.model.column_vars:
            self.state.selection.reveal_node("gold", self.model.column_vars[column])
