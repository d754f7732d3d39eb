"""The convergence plot (pyqtgraph): the largest change of any cell of A at each inner iteration
of each round (AnCast paper §2.2.1: a round has converged when every cell moves by less than
the tolerance, 1e-4), on a logarithmic scale, the tolerance as a dashed line, the step's round
drawn strong and the iteration it shows marked."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QSizePolicy

from .model import Convergence

__all__ = ["ConvergencePlot"]

LOWEST = 1e-9  # a change of 0 is drawn here (the scale is logarithmic)
ROUND_COLOURS = ("#1565c0", "#2e7d32", "#6a1b9a", "#00838f", "#4e342e")
MARK = "#ff6d00"
LEFT_LABEL = "max |ΔA|"  # the largest change of any cell of A (the tooltip says so)
LEAST_LABEL_PX = 9  # the left axis's name is left out rather than drawn smaller
WHOLE_TICKS = 12  # rounds of at most this many iterations get a tick at each
BOTTOM_NAMED = 13  # the bottom axis is named ("inner iteration") in a plot this many text sizes high


class ConvergencePlot(pg.PlotWidget):
    """``show(convergence)`` draws the curves; ``marked`` is the point marked (iteration, change) or None."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.marked: tuple[int, float] | None = None
        self.text_px = 11
        self._title = ""  # the step's round, iteration and largest change
        self._titled: tuple[str, int, int | None, bool] | None = None  # the title and names as shown
        self._drawn: tuple | None = None  # the curves drawn (the rounds' changes and the tolerance)
        self._curves: list[pg.PlotDataItem] = []
        self._mark: pg.PlotDataItem | None = None
        item = self.getPlotItem()
        item.setLogMode(x=False, y=True)
        item.showGrid(x=False, y=True, alpha=0.25)
        item.setMenuEnabled(False)
        item.hideButtons()
        self.setMouseEnabled(x=False, y=False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(120)  # the curves 60 px or more under the title and above the axis
        item.vb.sigResized.connect(lambda *_: self._show_title())
        self.setToolTip(
            "The largest change of any cell of A at each inner iteration of each round (eq. 8-9); a round ends "
            "when it falls under the tolerance. The step's round is drawn strong, its iteration marked."
        )
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
            axis.enableAutoSIPrefix(False)  # (a "(x0.001)" after the name otherwise)
        style = {"color": "#1a1a1a", "font-size": f"{self.text_px}px"}
        item.setLabel("bottom", "inner iteration", **style)
        item.setLabel("left", LEFT_LABEL, **style)
        self._titled = None
        item.layout.setContentsMargins(2, 2, self.text_px, 2)  # room for the last tick's number at the right

    def _fitting_px(self, text: str, room: float, least: int) -> int | None:
        """The largest size from the text's down to ``least`` px in which ``text`` fits ``room``."""
        font = QFont(self.font())
        for px in range(self.text_px + 1, least - 1, -1):
            font.setPixelSize(px)
            if QFontMetricsF(font).horizontalAdvance(text) <= room - 4:
                return px
        return None

    def _show_title(self) -> None:
        """The title, and the left axis's name, in the largest size up to the text's that fits the
        plot's width (height): whole on a projector's narrow column too, never widening the plot past
        its widget. The left axis's name is left out where it would be under :data:`LEAST_LABEL_PX`,
        the bottom one in a plot under :data:`BOTTOM_NAMED` text sizes high (the title names the iteration)."""
        item = self.getPlotItem()
        width = item.vb.width() if item.vb.width() > 0 else self.width() - item.getAxis("left").width()
        height = item.vb.height() if item.vb.height() > 0 else self.height()
        title_px = self._fitting_px(self._title, width, 8) or 8
        label_px = self._fitting_px(LEFT_LABEL + " ", height - 8, LEAST_LABEL_PX)  # as the axis draws it
        named = self.height() >= BOTTOM_NAMED * self.text_px  # else its height to the curves
        if (self._title, title_px, label_px, named) != self._titled:
            self._titled = (self._title, title_px, label_px, named)
            item.getAxis("bottom").showLabel(named)
            item.setTitle(self._title, color="#1a1a1a", size=f"{title_px}px")
            item.titleLabel.setMinimumWidth(0)  # its text's width is fitted to the plot instead
            axis = item.getAxis("left")
            if label_px is None:
                axis.showLabel(False)
            else:
                item.setLabel("left", LEFT_LABEL, color="#1a1a1a", **{"font-size": f"{min(label_px, self.text_px)}px"})

    def show_convergence(self, convergence: Convergence | None) -> None:
        """Draw the curves (again only when they changed: moving α, β or γ leaves A as it is) and
        mark the step's iteration."""
        curves = (convergence.rounds, convergence.tolerance) if convergence is not None else None
        if curves != self._drawn:
            self._draw(convergence)
        self.marked = None
        if convergence is None or not convergence.rounds:
            return
        for number, curve in enumerate(self._curves, start=1):
            current = number == convergence.round
            colour = QColor(ROUND_COLOURS[(number - 1) % len(ROUND_COLOURS)])
            if not current:
                colour.setAlpha(70)
            curve.setPen(pg.mkPen(colour, width=3 if current else 1.5))
            curve.setSymbolBrush(colour)
            curve.setSymbolSize(7 if current else 4)
        title = ""
        assert self._mark is not None  # drawn with the curves
        if convergence.round is not None and convergence.iteration is not None:
            change = convergence.rounds[convergence.round - 1][convergence.iteration - 1]
            self.marked = (convergence.iteration, change)
            self._mark.setData([convergence.iteration], [max(change, LOWEST)])
            title = f"round {convergence.round}, iteration {convergence.iteration}: {change:.3g}"
        else:
            self._mark.setData([], [])
        self._title = title
        self._show_title()

    def _whole_iterations(self, convergence: Convergence) -> None:
        """A tick at every iteration when the rounds are short (pyqtgraph would tick 1.2, 1.4, ...
        between two iterations), else its own whole-number ticks."""
        axis = self.getPlotItem().getAxis("bottom")
        if max((len(changes) for changes in convergence.rounds), default=0) <= WHOLE_TICKS:
            axis.setTickSpacing(1, 1)
        else:
            axis.setTickSpacing()

    def _draw(self, convergence: Convergence | None) -> None:
        """The curves: new data in the items there are when the rounds are as many and the
        tolerance the same, else new items."""
        item = self.getPlotItem()
        previous, self._drawn = self._drawn, (convergence.rounds, convergence.tolerance) if convergence else None
        if (
            convergence is not None
            and previous is not None
            and (len(previous[0]), previous[1]) == (len(convergence.rounds), convergence.tolerance)
        ):
            for curve, changes in zip(self._curves, convergence.rounds):
                curve.setData(list(range(1, len(changes) + 1)), [max(change, LOWEST) for change in changes])
            self._whole_iterations(convergence)
            return
        item.clear()
        self._curves = []
        if convergence is None or not convergence.rounds:
            self._title = ""
            self._show_title()
            return
        self._whole_iterations(convergence)
        for number, changes in enumerate(convergence.rounds, start=1):
            self._curves.append(
                item.plot(
                    list(range(1, len(changes) + 1)),
                    [max(change, LOWEST) for change in changes],
                    symbol="o",
                    symbolPen=None,
                    name=f"round {number}",
                )
            )
        item.addItem(
            pg.InfiniteLine(
                pos=math.log10(convergence.tolerance),
                angle=0,
                pen=pg.mkPen("#616161", width=1.5, style=pg.QtCore.Qt.PenStyle.DashLine),
                label=f"tolerance {convergence.tolerance:g}",
                labelOpts={"position": 0.92, "color": "#424242", "anchors": [(1, 1), (1, 1)]},
            )
        )
        self._mark = item.plot(
            [],
            [],
            pen=None,
            symbol="o",
            symbolSize=15,
            symbolBrush=QColor(MARK),
            symbolPen=pg.mkPen("#000000", width=1.5),
        )
