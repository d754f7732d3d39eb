"""The convergence plot (pyqtgraph): the largest change of any cell of A at each inner iteration
of each round (AnCast paper §2.2.1: a round has converged when every cell moves by less than
the tolerance, 1e-4), on a logarithmic scale, the tolerance as a dashed line, the step's round
drawn strong and the iteration it shows marked."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QSizePolicy

from .model import Convergence

__all__ = ["ConvergencePlot"]

LOWEST = 1e-9  # a change of 0 is drawn here (the scale is logarithmic)
ROUND_COLOURS = ("#1565c0", "#2e7d32", "#6a1b9a", "#00838f", "#4e342e")
MARK = "#ff6d00"


class ConvergencePlot(pg.PlotWidget):
    """``show(convergence)`` draws the curves; ``marked`` is the point marked (iteration, change) or None."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.marked: tuple[int, float] | None = None
        self.text_px = 11
        item = self.getPlotItem()
        item.setLogMode(x=False, y=True)
        item.showGrid(x=False, y=True, alpha=0.25)
        item.setMenuEnabled(False)
        item.hideButtons()
        self.setMouseEnabled(x=False, y=False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(90)
        self._style_text()

    def set_text_px(self, px: int) -> None:
        """Axis labels and ticks at ``px`` pixels (larger in presentation)."""
        self.text_px = px
        self._style_text()

    def _style_text(self) -> None:
        font = QFont(self.font())
        font.setPixelSize(self.text_px)
        item = self.getPlotItem()
        for name in ("bottom", "left"):
            axis = item.getAxis(name)
            axis.setStyle(tickFont=font)
            axis.setTextPen(QColor("#1a1a1a"))
            axis.setPen(QColor("#1a1a1a"))
        style = {"color": "#1a1a1a", "font-size": f"{self.text_px}px"}
        item.setLabel("bottom", "inner iteration", **style)
        item.setLabel("left", "largest change", **style)

    def show_convergence(self, convergence: Convergence | None) -> None:
        item = self.getPlotItem()
        item.clear()
        self.marked = None
        if convergence is None or not convergence.rounds:
            item.setTitle("")
            return
        for number, changes in enumerate(convergence.rounds, start=1):
            current = number == convergence.round
            colour = QColor(ROUND_COLOURS[(number - 1) % len(ROUND_COLOURS)])
            if not current:
                colour.setAlpha(70)
            item.plot(
                list(range(1, len(changes) + 1)),
                [max(change, LOWEST) for change in changes],
                pen=pg.mkPen(colour, width=3 if current else 1.5),
                symbol="o",
                symbolSize=7 if current else 4,
                symbolBrush=colour,
                symbolPen=None,
                name=f"round {number}",
            )
        tolerance = pg.InfiniteLine(
            pos=math.log10(convergence.tolerance),
            angle=0,
            pen=pg.mkPen("#616161", width=1.5, style=pg.QtCore.Qt.PenStyle.DashLine),
            label=f"tolerance {convergence.tolerance:g}",
            labelOpts={"position": 0.92, "color": "#424242", "anchors": [(1, 1), (1, 1)]},
        )
        item.addItem(tolerance)
        title = "Largest change of A per inner iteration (eq. 8-9)"
        if convergence.round is not None and convergence.iteration is not None:
            changes = convergence.rounds[convergence.round - 1]
            change = changes[convergence.iteration - 1]
            self.marked = (convergence.iteration, change)
            item.plot(
                [convergence.iteration],
                [max(change, LOWEST)],
                pen=None,
                symbol="o",
                symbolSize=15,
                symbolBrush=QColor(MARK),
                symbolPen=pg.mkPen("#000000", width=1.5),
            )
            title += f" - round {convergence.round}, iteration {convergence.iteration}: {change:.3g}"
        item.setTitle(title, color="#1a1a1a", size=f"{self.text_px + 1}px")
