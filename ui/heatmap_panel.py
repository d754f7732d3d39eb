"""Per-round heatmaps of the alignment trace: S, anchors, broadcast A and adjusted F."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from .state import AppState
from .tasks import PairTrace

COLOUR_MAP = pg.colormap.get("viridis")
FOREGROUND = "k"
ANCHOR_PEN = QPen(QColor("white"), 2.0)
ANCHOR_PEN.setCosmetic(True)
NEW_ANCHOR_PEN = QPen(QColor("#ff6f00"), 3.0)
NEW_ANCHOR_PEN.setCosmetic(True)
MAX_LABELLED_CELLS = 16  # show cell values when both sides have at most this many nodes
MAX_TICK_LABELS = 20  # name every k-th node beyond this many


NO_PAIR = "Select a pair to see the rounds of its alignment."
TRACING = "Aligning the pair again with a trace of every round..."
MAX_LABEL_LENGTH = 9  # beyond six columns, long names are cut so that they do not overlap


def ticks(names: list[str], cut: bool = False) -> list[list[tuple[float, str]]]:
    """Tick labels of every k-th node (at most MAX_TICK_LABELS); ``cut`` shortens long names."""
    step = max(1, -(-len(names) // MAX_TICK_LABELS))
    return [[(k + 0.5, name[:MAX_LABEL_LENGTH - 1] + "…" if cut and len(name) > MAX_LABEL_LENGTH else name)
             for k, name in enumerate(names) if k % step == 0]]

# (key, title, colour bar): S, the anchors and A share the scale 0..1 shown beside the anchors
PANELS = (
    ("similarity", "S - intrinsic similarity (eq. 1)", False),
    ("anchors", "Anchors at the start of the round (scale 0-1 for S, anchors, A)", True),
    ("broadcast", "A - broadcast after convergence (eq. 5-12)", False),
    ("adjusted", "F = (S + α)(A + β) (eq. 13)", True),
)


class HeatmapPlot(pg.PlotWidget):
    """One matrix: test nodes as rows (top to bottom), gold nodes as columns."""

    hovered = Signal(str)

    def __init__(self, title: str, colour_bar: bool = True, parent=None):
        super().__init__(parent, background="w")
        self.name = title.split(" ")[0]
        self.plot = self.getPlotItem()
        self.plot.setTitle(title, size="9pt", color=FOREGROUND)
        self.plot.invertY(True)
        self.plot.setMouseEnabled(False, False)
        self.plot.hideButtons()
        self.image = pg.ImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.image.setColorMap(COLOUR_MAP)
        axes = [self.plot.getAxis(side) for side in ("left", "bottom", "right", "top")]
        self.colour_bar = None
        if colour_bar:
            self.colour_bar = pg.ColorBarItem(values=(0, 1), colorMap=COLOUR_MAP, interactive=False, width=12)
            self.colour_bar.setImageItem(self.image, insert_in=self.plot)
            axes += [self.colour_bar.getAxis(side) for side in ("left", "bottom", "right", "top")]
        for axis in axes:  # set here, not through pyqtgraph's process-wide options
            axis.setPen(FOREGROUND)
            axis.setTextPen(FOREGROUND)
        self.overlays: list = []
        self.matrix = np.zeros((0, 0))
        self.row_names: list[str] = []
        self.column_names: list[str] = []
        self.scene().sigMouseMoved.connect(self._mouse_moved)

    def reset(self) -> None:
        """No matrix: no image, overlays or tick labels."""
        for item in self.overlays:
            self.plot.removeItem(item)
        self.overlays = []
        self.matrix, self.row_names, self.column_names = np.zeros((0, 0)), [], []
        self.image.setImage(np.zeros((1, 1)), levels=(0, 1))
        self.plot.getAxis("left").setTicks([[]])
        self.plot.getAxis("bottom").setTicks([[]])

    def show_matrix(self, matrix: np.ndarray, rows: list[str], columns: list[str],
                    anchors: list[tuple[int, int]], new_anchors: list[tuple[int, int]], levels: tuple[float, float]) -> None:
        self.reset()
        self.matrix, self.row_names, self.column_names = matrix, rows, columns
        self.image.setImage(matrix, levels=levels)
        self.image.setRect(QRectF(0, 0, matrix.shape[1], matrix.shape[0]))
        if self.colour_bar is not None:
            self.colour_bar.setLevels(levels)
        self.plot.getAxis("left").setTicks(ticks(rows))
        self.plot.getAxis("bottom").setTicks(ticks(columns, cut=len(columns) > 6))
        self.plot.setRange(xRange=(0, max(1, matrix.shape[1])), yRange=(0, max(1, matrix.shape[0])), padding=0)
        for cells, pen in ((anchors, ANCHOR_PEN), (new_anchors, NEW_ANCHOR_PEN)):
            if not cells:
                continue
            path = QPainterPath()
            for i, j in cells:
                path.addRect(QRectF(j + 0.04, i + 0.04, 0.92, 0.92))
            outline = QGraphicsPathItem(path)
            outline.setPen(pen)
            self.plot.addItem(outline)
            self.overlays.append(outline)
        if matrix.shape[0] <= MAX_LABELLED_CELLS and matrix.shape[1] <= MAX_LABELLED_CELLS:
            middle = (levels[0] + levels[1]) / 2
            for (i, j), value in np.ndenumerate(matrix):
                label = pg.TextItem(f"{value:.3f}".rstrip("0").rstrip(".") if value else "0",
                                    color="k" if value > middle else "w", anchor=(0.5, 0.5))
                label.setPos(j + 0.5, i + 0.5)
                self.plot.addItem(label)
                self.overlays.append(label)

    def _mouse_moved(self, position) -> None:
        if not self.plot.sceneBoundingRect().contains(position) or not self.matrix.size:
            return
        point = self.plot.vb.mapSceneToView(position)
        i, j = int(np.floor(point.y())), int(np.floor(point.x()))
        if 0 <= i < self.matrix.shape[0] and 0 <= j < self.matrix.shape[1]:
            self.hovered.emit(f"{self.name}[{self.row_names[i]}, {self.column_names[j]}] = {self.matrix[i, j]:.4f}")


class HeatmapPanel(QWidget):
    """Round slider and step buttons over the four heatmaps of the selected pair's trace,
    with a caption of the round. The trace comes from the state (never aligned here)."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.state = state
        self.trace: PairTrace | None = None
        self.plots = {key: HeatmapPlot(title, colour_bar) for key, title, colour_bar in PANELS}
        grid = QGridLayout()
        for number, (key, _, _) in enumerate(PANELS):
            grid.addWidget(self.plots[key], number // 2, number % 2)
            # the four matrices share rows and columns: name them once, on the left and at the bottom
            if number % 2:
                self.plots[key].plot.getAxis("left").setStyle(showValues=False)
            if number < 2:
                self.plots[key].plot.getAxis("bottom").setStyle(showValues=False)
            self.plots[key].hovered.connect(self._show_hover)
        self.previous_button = QPushButton("◀")
        self.next_button = QPushButton("▶")
        self.previous_button.setToolTip("Previous round (Alt+Left)")
        self.next_button.setToolTip("Next round (Alt+Right)")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(1)
        self.slider.setPageStep(1)
        self.round_label = QLabel()
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.initial = QLabel()
        self.initial.setWordWrap(True)
        lines = self.fontMetrics().lineSpacing()
        self.initial.setFixedHeight(2 * lines + 4)  # fixed: new text must not re-lay out the plots
        self.caption.setFixedHeight(4 * lines + 4)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.hover = QLabel(" ")
        self.hover.setStyleSheet("color:#555;")
        controls = QHBoxLayout()
        controls.addWidget(self.previous_button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.next_button)
        controls.addWidget(self.round_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.initial)
        layout.addLayout(controls)
        layout.addWidget(self.caption)
        layout.addLayout(grid, 1)
        layout.addWidget(self.hover)
        self.previous_button.clicked.connect(lambda: self.step(-1))
        self.next_button.clicked.connect(lambda: self.step(1))
        self.slider.valueChanged.connect(self.show_round)
        state.pair_selected.connect(self._pair_selected)
        state.trace_ready.connect(self.set_trace)
        self._clear(NO_PAIR)
        if state.trace is not None:  # what the state holds already
            self.set_trace(state.trace)
        else:
            self._pair_selected(state.pair)

    @property
    def captions(self) -> tuple[str, ...]:
        return self.trace.captions if self.trace is not None else ()

    def _pair_selected(self, result) -> None:
        if result is None:
            self._clear(NO_PAIR)
        elif self.state.trace is None:  # it will come through trace_ready
            self._clear(TRACING)

    def _clear(self, text: str) -> None:
        self.trace = None
        self.initial.setText(text)
        self.caption.clear()
        self.round_label.clear()
        self.hover.setText(" ")
        self.previous_button.setEnabled(False)
        self.next_button.setEnabled(False)
        for plot in self.plots.values():
            plot.reset()

    def set_trace(self, trace: PairTrace) -> None:
        """Show a pair's trace from its first round."""
        if trace.alignment is None:
            self._clear(trace.problem)
            return
        self.trace = trace
        self.initial.setText(trace.captions[0])
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(trace.alignment.rounds))
        self.slider.setValue(1)
        self.slider.blockSignals(False)
        self.show_round(1)

    def step(self, delta: int) -> None:
        """Show the round ``delta`` rounds later (earlier when negative)."""
        self.slider.setValue(self.slider.value() + delta)

    def show_round(self, number: int) -> None:
        if self.trace is None or self.trace.alignment is None:
            return
        alignment = self.trace.alignment
        round_ = alignment.rounds[number - 1]
        rows, columns = list(self.trace.rows), list(self.trace.columns)
        anchors = [tuple(cell) for cell in np.argwhere(round_.anchors > 0)]
        new = [(a.test, a.gold) for a in round_.new_anchors]
        top = max(1.0, float(round_.adjusted.max()) if round_.adjusted.size else 1.0)
        self.plots["similarity"].show_matrix(alignment.similarity, rows, columns, anchors, [], (0, 1))
        self.plots["anchors"].show_matrix(round_.anchors, rows, columns, anchors, [], (0, 1))
        self.plots["broadcast"].show_matrix(round_.broadcast, rows, columns, anchors, new, (0, 1))
        self.plots["adjusted"].show_matrix(round_.adjusted, rows, columns, anchors, new, (0, top))
        total = len(alignment.rounds)
        self.round_label.setText(f"round {number} of {total}")
        self.caption.setText(self.trace.captions[number])
        self.previous_button.setEnabled(number > 1)
        self.next_button.setEnabled(number < total)

    def _show_hover(self, text: str) -> None:
        self.hover.setText(text)
