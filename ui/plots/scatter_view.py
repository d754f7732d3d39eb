"""Points on screen (the :class:`~.figure.Points` series of a :class:`~.figure.Plot`): each series
in its colour, the chosen points over them larger, in their colour outlined in
:data:`~.figure.CHOSEN`, the selected sentence's points ringed. The readout names the point
nearest the mouse (within :data:`NEAR` pixels) and how many share its place; a click on a point
reports it (``clicked(series, key)``), a click on nothing clears what is chosen, and a dragged
rectangle chooses the points in it."""

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
POINT_SIZE, CHOSEN_SIZE, MARK_SIZE = 7, 10, 17


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
        self.chosen_items: list[_Points] = []  # a series' chosen points: one brush each, drawn fast
        self.kept = 0  # how many plots' points stay made for a return to them (a view that switches metrics)
        self._made: dict[int, tuple[Plot, list[_Points], list[_Points]]] = {}  # by the plot's id, oldest first
        self.mark_item = _Points(size=MARK_SIZE, pen=pen(MARK, 2.5), brush=None, pxMode=True)
        self.mark_item.setZValue(20)
        self.item.addItem(self.mark_item)

    def _draw(self, plot: Plot) -> None:
        """The plot's points: made again (pyqtgraph sizes every point in Python, some 20 ms for
        10,000), unless they were made for this very plot among the last :attr:`kept`."""
        for item in self.series_items + self.chosen_items:
            self.item.removeItem(item)
        made = self._made.pop(id(plot), None)
        if made is not None and made[0] is plot:
            _, self.series_items, self.chosen_items = made
        else:
            self.series_items, self.chosen_items = self._points(plot)
        for added in self.series_items + self.chosen_items:
            self.item.addItem(added)
        if self.kept:
            self._made[id(plot)] = (plot, self.series_items, self.chosen_items)
            while len(self._made) > self.kept:
                del self._made[next(iter(self._made))]

    @staticmethod
    def _points(plot: Plot) -> tuple[list[_Points], list[_Points]]:
        """Each series' points, and an item for its chosen points over them."""
        series_items, chosen_items = [], []
        for series in plot.points:
            item = _Points(x=series.x, y=series.y, size=POINT_SIZE, pen=None, brush=_brush(series.colour), pxMode=True)
            chosen = _Points(size=CHOSEN_SIZE, pen=pen(CHOSEN, 1.5), brush=_brush(series.colour, 255), pxMode=True)
            chosen.setZValue(10)
            series_items.append(item)
            chosen_items.append(chosen)
        return series_items, chosen_items

    def keep_made(self, count: int) -> None:
        """Keep the points made for the last ``count`` plots drawn, for a return to them (0: none),
        and forget those kept so far (they are another comparison's plots)."""
        self.kept = count
        self._made.clear()

    def _found(self, keys: frozenset[int] | None) -> list[np.ndarray]:
        """Which points of each series have these keys."""
        if self.plot is None or not keys:
            return [np.zeros(len(series.keys), dtype=bool) for series in self.plot.points] if self.plot else []
        wanted = np.fromiter(keys, dtype=np.int64, count=len(keys))
        return [np.isin(series.keys, wanted) for series in self.plot.points]

    def _draw_chosen(self) -> None:
        if self.plot is None:
            return
        for series, item, found in zip(self.plot.points, self.chosen_items, self._found(self.chosen)):
            item.setData(x=series.x[found], y=series.y[found])

    def _draw_marked(self) -> None:
        if self.plot is None:
            return
        found = self._found(frozenset({self.marked}) if self.marked is not None else None)
        xs = [series.x[f] for series, f in zip(self.plot.points, found)]
        ys = [series.y[f] for series, f in zip(self.plot.points, found)]
        self.mark_item.setData(x=np.concatenate(xs) if xs else [], y=np.concatenate(ys) if ys else [])

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
        label = series.labels[index]
        named = f"{plot.unit} {label}" if label.isdigit() else label  # an id says what it is
        text = f"{who}{named}: {plot.x.title} {series.x[index]:.4g}, "
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
        found = {
            series.name: series.inside(rect.left(), rect.right(), rect.top(), rect.bottom())
            for series in self.plot.points
        }
        keys = frozenset(int(key) for inside in found.values() for key in inside)
        if keys:
            names = [name for name, inside in found.items() if len(inside)]
            self.choose.emit(keys, self.region_text(rect, names), adding)
        elif not adding:
            self.choose.emit(None, "", False)

    def region_text(self, rect: QRectF, series: list[str]) -> str:
        """The dragged rectangle (within the axes' ranges) in words, with the series it reached
        when there are several: "LR F1 0.68 to 1 (comptest_annot2, comptest_annot4)"."""
        assert self.plot is not None
        x, y = self.plot.x, self.plot.y

        def span(axis, low: float, high: float) -> str:
            return f"{max(low, axis.low):.2f} to {min(high, axis.high):.2f}".replace(".00", "")

        whose = f" ({', '.join(series)})" if len(self.plot.points) > 1 else ""
        if x.ticks:  # named positions (annotators): the range of values says it
            return f"{y.title} {span(y, rect.top(), rect.bottom())}{whose}"
        return f"{x.title} {span(x, rect.left(), rect.right())}, {y.title} {span(y, rect.top(), rect.bottom())}{whose}"
