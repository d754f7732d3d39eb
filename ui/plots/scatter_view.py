"""Points on screen (the :class:`~.figure.Points` series of a :class:`~.figure.Plot`): each series
in its colour, the chosen points over them in :data:`~.figure.CHOSEN`, the selected sentence's
points ringed. The readout names the point nearest the mouse (within :data:`NEAR` pixels) and how
many share its place; a click on a point reports it (``clicked(series, key)``), a click on
nothing clears what is chosen, and a dragged rectangle chooses the points in it."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from engine.layout.pair import plural

from .figure import CHOSEN, MARK, Plot
from .plot_view import PlotView, pen

__all__ = ["NEAR", "ScatterView"]

NEAR = 8.0  # px: the reach of the mouse around a point
POINT_SIZE, CHOSEN_SIZE, MARK_SIZE = 7, 8, 17


class _Points(pg.ScatterPlotItem):
    """Points that leave clicks to the view box (which finds the nearest point within
    :data:`NEAR` pixels, and clears what is chosen when there is none)."""

    def mouseClickEvent(self, ev) -> None:
        ev.ignore()


def _brush(colour: str, alpha: int = 150):
    shade = QColor(colour)
    shade.setAlpha(alpha)
    return pg.mkBrush(shade)


class ScatterView(PlotView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.series_items: list[_Points] = []
        self.chosen_item = _Points(size=CHOSEN_SIZE, pen=None, brush=_brush(CHOSEN, 230), pxMode=True)
        self.mark_item = _Points(size=MARK_SIZE, pen=pen(MARK, 2.0), brush=None, pxMode=True)
        self.chosen_item.setZValue(10)
        self.mark_item.setZValue(20)
        self.item.addItem(self.chosen_item)
        self.item.addItem(self.mark_item)

    def _draw(self, plot: Plot) -> None:
        for item in self.series_items:
            self.item.removeItem(item)
        self.series_items = []
        for series in plot.points:
            item = _Points(x=series.x, y=series.y, size=POINT_SIZE, pen=None, brush=_brush(series.colour), pxMode=True)
            self.item.addItem(item)
            self.series_items.append(item)

    def _where(self, keys: frozenset[int] | None) -> tuple[np.ndarray, np.ndarray]:
        """The positions of the points with these keys (every series)."""
        if self.plot is None or not keys:
            return np.empty(0), np.empty(0)
        wanted = np.fromiter(keys, dtype=np.int64, count=len(keys))
        found = [np.isin(series.keys, wanted) for series in self.plot.points]
        xs = [series.x[f] for series, f in zip(self.plot.points, found)]
        ys = [series.y[f] for series, f in zip(self.plot.points, found)]
        return (np.concatenate(xs), np.concatenate(ys)) if xs else (np.empty(0), np.empty(0))

    def _draw_chosen(self) -> None:
        x, y = self._where(self.chosen)
        self.chosen_item.setData(x=x, y=y)

    def _draw_marked(self) -> None:
        x, y = self._where(frozenset({self.marked}) if self.marked is not None else None)
        self.mark_item.setData(x=x, y=y)

    def nearest(self, x: float, y: float) -> tuple[int, int, int] | None:
        """(series, index in it, how many points share its place) of the point nearest (x, y)
        within :data:`NEAR` pixels, None when there is none."""
        if self.plot is None:
            return None
        width, height = self.pixel_size()
        best: tuple[float, int, int] | None = None
        for number, series in enumerate(self.plot.points):
            if not len(series.keys):
                continue
            distances = np.hypot((series.x - x) / width, (series.y - y) / height)
            index = int(np.nanargmin(distances)) if np.isfinite(distances).any() else -1
            if index >= 0 and distances[index] <= NEAR and (best is None or distances[index] < best[0]):
                best = (float(distances[index]), number, index)
        if best is None:
            return None
        _, number, index = best
        series = self.plot.points[number]
        same = sum(
            int(np.count_nonzero((other.x == series.x[index]) & (other.y == series.y[index])))
            for other in self.plot.points
        )
        return number, index, same

    def point_text(self, number: int, index: int, same: int) -> str:
        assert self.plot is not None
        series, plot = self.plot.points[number], self.plot
        who = f"{series.name}: " if len(plot.points) > 1 and series.name else ""
        text = f"{who}{plot.unit} {series.labels[index]}: {plot.x.title} {series.x[index]:.4g}, "
        text += f"{plot.y.title} {series.y[index]:.4g}"
        if same > 1:
            text += f" ({plural(same - 1, 'other point')} here)"
        return text

    def readout_at(self, x: float, y: float) -> str:
        found = self.nearest(x, y)
        return self.point_text(*found) + " - click to open it" if found is not None else ""

    def _click(self, x: float, y: float, adding: bool) -> None:
        found = self.nearest(x, y)
        if found is not None and self.plot is not None:
            number, index, _ = found
            self.clicked.emit(number, int(self.plot.points[number].keys[index]))
        elif not adding:
            self.choose.emit(None, "", False)

    def _drag(self, rect: QRectF, adding: bool) -> None:
        if self.plot is None:
            return
        keys = frozenset(
            int(key)
            for series in self.plot.points
            for key in series.inside(rect.left(), rect.right(), rect.top(), rect.bottom())
        )
        if keys:
            self.choose.emit(keys, self.region_text(rect, len(keys)), adding)
        elif not adding:
            self.choose.emit(None, "", False)

    def region_text(self, rect: QRectF, count: int) -> str:
        """The dragged rectangle in words."""
        assert self.plot is not None
        x, y = self.plot.x.title, self.plot.y.title
        if self.plot.x.ticks:  # named positions (annotators): the range of values says it
            return f"{y} from {rect.top():.2f} to {rect.bottom():.2f}"
        return f"{x} {rect.left():.2f} to {rect.right():.2f}, {y} {rect.top():.2f} to {rect.bottom():.2f}"
