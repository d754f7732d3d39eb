"""A histogram on screen (:class:`~.figure.Bars` of a :class:`~.figure.Plot`): the bars, the
share of each bar that is chosen drawn over it in :data:`~.figure.CHOSEN`, the bar of the
selected sentence outlined; the readout names the bar under the mouse, its range and count.
A click on a bar chooses its sentences, a dragged region the bars it reaches."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from engine.layout.pair import plural

from .figure import CHOSEN, MARK, Plot, edge_text
from .plot_view import PlotView, pen

__all__ = ["HistogramView"]


class HistogramView(PlotView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.bar_item = pg.BarGraphItem(x0=[], x1=[], height=[])
        self.chosen_item = pg.BarGraphItem(x0=[], x1=[], height=[], brush=CHOSEN, pen=pen("#ffffff", 0.8))
        self.mark_item = pg.BarGraphItem(x0=[], x1=[], height=[], brush=None, pen=pen(MARK, 2.5))
        for item in (self.bar_item, self.chosen_item, self.mark_item):
            self.item.addItem(item)

    def _draw(self, plot: Plot) -> None:
        bars = plot.bars
        if bars is None:
            self.bar_item.setOpts(x0=[], x1=[], height=[])
            return
        self.bar_item.setOpts(
            x0=bars.edges[:-1],
            x1=bars.edges[1:],
            height=bars.counts,
            brushes=[pg.mkBrush(colour) for colour in bars.colours],
            pens=[pen("#ffffff", 0.8)] * len(bars.colours),
        )

    def _draw_chosen(self) -> None:
        bars = self.plot.bars if self.plot is not None else None
        if bars is None or not self.chosen:
            self.chosen_item.setOpts(x0=[], x1=[], height=[])
            return
        self.chosen_item.setOpts(x0=bars.edges[:-1], x1=bars.edges[1:], height=bars.chosen_counts(self.chosen))

    def marked_bar(self) -> int | None:
        """The bar of the selected sentence (None: no sentence selected, or not in a bar)."""
        bars = self.plot.bars if self.plot is not None else None
        if bars is None or self.marked is None:
            return None
        return next((b for b, keys in enumerate(bars.members) if np.any(keys == self.marked)), None)

    def _draw_marked(self) -> None:
        bar = self.marked_bar()
        bars = self.plot.bars if self.plot is not None else None
        if bar is None or bars is None:
            self.mark_item.setOpts(x0=[], x1=[], height=[])
            return
        self.mark_item.setOpts(x0=[bars.edges[bar]], x1=[bars.edges[bar + 1]], height=[bars.counts[bar]])

    def bar_text(self, bar: int) -> str:
        """A bar in words: its range, its count and how many of them are chosen."""
        assert self.plot is not None and self.plot.bars is not None
        bars, plot = self.plot.bars, self.plot
        last = "]" if bar == len(bars.members) - 1 else ")"
        text = f"{plot.value} [{edge_text(bars.edges[bar])}, {edge_text(bars.edges[bar + 1])}{last}: "
        text += plural(int(bars.counts[bar]), plot.unit)
        if self.chosen:
            text += f", {int(bars.chosen_counts(self.chosen)[bar])} chosen"
        return text

    def readout_at(self, x: float, y: float) -> str:
        bars = self.plot.bars if self.plot is not None else None
        bar = bars.bar_at(x) if bars is not None else None
        return self.bar_text(bar) if bar is not None else ""

    def _click(self, x: float, y: float, adding: bool) -> None:
        bars = self.plot.bars if self.plot is not None else None
        bar = bars.bar_at(x) if bars is not None else None
        if bars is None or bar is None or bars.counts[bar] == 0:
            if not adding:
                self.choose.emit(None, "", False)
            return
        self.choose.emit(bars.keys([bar]), bars.range_text([bar], self.plot.value if self.plot else ""), adding)

    def _drag(self, rect: QRectF, adding: bool) -> None:
        bars = self.plot.bars if self.plot is not None else None
        if bars is None:
            return
        reached = [b for b in bars.overlapping(rect.left(), rect.right()) if bars.counts[b] > 0]
        if reached:
            self.choose.emit(bars.keys(reached), bars.range_text(reached, self.plot.value if self.plot else ""), adding)
        elif not adding:
            self.choose.emit(None, "", False)
