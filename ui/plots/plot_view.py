"""What the interactive plots share: a pyqtgraph plot of a :class:`~.figure.Plot` with its title,
an Export button, the note under it, and a readout of what is under the mouse, shown over a
corner of the plot while the mouse is on it (the corner away from the mouse; no room is kept for it).

The mouse: the wheel zooms (under the pointer), a left drag draws a rectangle that chooses what
is in it, a click chooses a bar or a point, Ctrl (or Shift) with either adds to what is chosen, a
click on nothing clears it; the middle button drags the view, the right button drags to zoom
one way, and a double click shows the whole plot again. The view does not keep what is chosen:
it asks (``choose(keys | None, description, adding)``) and shows what the state says
(:meth:`PlotView.set_chosen`), as every view in the app follows the state.

Signals: ``choose(frozenset | None, str, bool)`` - the keys asked for (None: clear) with what
they are in words, and whether they add to those chosen; ``clicked(series, key)`` - a point
clicked; ``export_requested()`` - the Export button.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from itertools import pairwise

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..common.name_labels import elided_name
from .figure import CHOSEN, Guide, Plot

__all__ = ["ADDING", "HINT", "ChoosingViewBox", "PlotView"]

HINT = (
    "Wheel: zoom under the pointer. Drag a rectangle, or click a bar, to choose those sentences; "
    "Ctrl (or Shift) adds to them; a click on nothing clears them. Click a point to open its sentence. "
    "Middle-drag: move the view; right-drag: stretch it; double-click: the whole plot again."
)
ADDING = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


class ChoosingViewBox(pg.ViewBox):
    """A view box whose left drag draws a choosing rectangle (``dragged(rect, modifiers)`` in data
    coordinates) and whose left click reports where (``clicked(point, modifiers)``); a double
    click shows everything; no context menu (the panels have their Export)."""

    dragged = Signal(QRectF, object)
    clicked = Signal(QPointF, object)
    whole = Signal()

    def __init__(self):
        super().__init__(enableMenu=False)
        self.band = QGraphicsRectItem()
        pen = QPen(QColor(CHOSEN))
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.band.setPen(pen)
        colour = QColor(CHOSEN)
        colour.setAlpha(25)
        self.band.setBrush(QBrush(colour))
        self.band.setZValue(1000)
        self.band.hide()
        self.addItem(self.band, ignoreBounds=True)

    def mouseDragEvent(self, ev, axis=None) -> None:
        if axis is not None or ev.button() != Qt.MouseButton.LeftButton:
            super().mouseDragEvent(ev, axis)
            return
        ev.accept()
        rect = QRectF(self.mapToView(ev.buttonDownPos()), self.mapToView(ev.pos())).normalized()
        if ev.isFinish():
            self.band.hide()
            self.dragged.emit(rect, ev.modifiers())
        else:
            self.band.setRect(rect)
            self.band.show()

    def mouseClickEvent(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            super().mouseClickEvent(ev)
            return
        ev.accept()
        if ev.double():
            self.whole.emit()
        else:
            self.clicked.emit(self.mapToView(ev.pos()), ev.modifiers())


def _line_pixels(pen: QPen, x: float, y: float, width: float, height: float) -> QRect | None:
    """The pixels Qt's raster engine takes for a cosmetic one-pixel solid line with square caps from
    (x, y) across ``width`` or down ``height`` (one of them 0), in device pixels: every pixel whose
    floor the line reaches, both ends included; None for any other pen or line.

    >>> _line_pixels(pg.mkPen("k"), 10.7, 3.3, 0.0, 26.3)
    PySide6.QtCore.QRect(10, 3, 1, 27)
    """
    plain = pen.isCosmetic() and pen.widthF() <= 1 and pen.style() == Qt.PenStyle.SolidLine
    if not plain or pen.capStyle() != Qt.PenCapStyle.SquareCap or (width and height):
        return None
    left, right = sorted((math.floor(x), math.floor(x + width)))
    top, bottom = sorted((math.floor(y), math.floor(y + height)))
    return QRect(left, top, right - left + 1, bottom - top + 1)


class PlotAxis(pg.AxisItem):
    """An axis that labels both ends of a vertical axis however short the plot, ticks a
    count (``whole``) at whole numbers only, and names (``names``: annotators' files, which share
    much of their text) each by what tells it apart in the room between two ticks, on screen
    now: more of each name in a wider plot or zoomed in, and never two running into each other.

    pyqtgraph draws only the tick labels inside the axis's bounding rectangle, which a grid makes
    the plot's height exactly: half a label of room was missing for 0 and 1 on a short plot."""

    OVERFLOW = 10  # pixels a label may reach beyond either end of a vertical axis
    GAP = 8  # pixels at least between two names

    def __init__(self, orientation: str):
        super().__init__(orientation)
        self.whole = False
        self.names: tuple[tuple[float, str], ...] = ()  # (value, name) of a named axis
        self._room = 0.0  # pixels for a name, as last measured

    def set_names(self, names: tuple[tuple[float, str], ...]) -> None:
        """Tick ``names`` (value, name), shortened to their room when drawn; () for numbers."""
        self.names = names
        self.setTicks(None)  # ticks from tickValues and tickStrings

    def tickValues(self, minVal, maxVal, size):
        if not self.names:
            return super().tickValues(minVal, maxVal, size)
        values = [value for value, _ in self.names]
        step = min((b - a for a, b in pairwise(values)), default=maxVal - minVal) or 1.0
        self._room = size / ((maxVal - minVal) or 1.0) * step - self.GAP
        return [(step, [value for value in values if minVal <= value <= maxVal])]

    def tickStrings(self, values, scale, spacing):
        if not self.names:
            return super().tickStrings(values, scale, spacing)
        metrics = QFontMetricsF(self.style["tickFont"] or self.font())
        names = [name for _, name in self.names]
        shown = {value: elided_name(metrics, name, names, self._room) for value, name in self.names}
        return [shown.get(value, "") for value in values]

    def boundingRect(self):
        rect = super().boundingRect()
        return rect.adjusted(0, -self.OVERFLOW, 0, self.OVERFLOW) if self.orientation in ("left", "right") else rect

    def paint(self, p, opt, widget) -> None:
        """Drawn straight onto the view (pyqtgraph records an axis in a ``QPicture`` and plays it
        back), so that :meth:`drawPicture` knows the pixels its lines fall on."""
        p.save()
        try:
            if self.style["tickFont"]:
                p.setFont(self.style["tickFont"])
            specs = self.generateDrawSpecs(p)
            if specs is not None:
                self.drawPicture(p, *specs)
        finally:
            p.restore()

    def drawPicture(self, p, axisSpec, tickSpecs, textSpecs) -> None:
        """pyqtgraph's drawing, but the ticks and grid lines filled as one-pixel rectangles, the
        pixels a line would take: Qt draws a translucent line - the grid's - a pixel at a time,
        some 0.3 ms a line and 15 ms a plot, and fills a translucent rectangle at once."""
        transform = p.transform()  # the painter's own: read before it is reset
        if transform.type() not in (QTransform.TransformationType.TxNone, QTransform.TransformationType.TxTranslate):
            super().drawPicture(p, axisSpec, tickSpecs, textSpecs)
            return
        dx, dy = transform.dx(), transform.dy()
        lines = []
        p.save()
        p.resetTransform()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for pen, start, end in tickSpecs:
            rect = _line_pixels(pen, start.x() + dx, start.y() + dy, end.x() - start.x(), end.y() - start.y())
            if rect is None:
                lines.append((pen, start, end))
            else:
                p.fillRect(rect, pen.color())
        p.restore()
        super().drawPicture(p, axisSpec, lines, textSpecs)

    def tickSpacing(self, minVal, maxVal, size):
        levels = super().tickSpacing(minVal, maxVal, size)
        if not self.whole:
            return levels
        return [(spacing, offset) for spacing, offset in levels if float(spacing).is_integer()] or [(1.0, 0.0)]


LEAST_NAME = 80.0  # px: a name in the legend is cut to no less (it keeps the word that tells it apart)


def legend_html(plot: Plot, names: Sequence[str]) -> str:
    """The series' colours, ``names`` (as shown) and summaries, as lines of text under the plot (a
    legend drawn over the points would hide some), when there are several; an entry is never cut
    across two lines."""
    if len(plot.points) < 2:
        return ""
    title = f"{html.escape(plot.legend_title)}&nbsp; " if plot.legend_title else ""
    keys = "".join(
        f"<span style='color:{series.colour}'>&#9679;</span>&nbsp;"
        + _unbroken(" ".join(filter(None, (name, series.summary))))
        + "&nbsp;&nbsp; "
        for series, name in zip(plot.points, names)
    )
    return title + keys + ("<br>" if plot.note else "")


def _unbroken(text: str) -> str:
    """``text`` as HTML that is never broken across lines: a word joiner between any two
    letters (a line broke after "…", "/" and "-", and no style keeps a span on one line)."""
    return "&#8288;".join(html.escape(letter).replace(" ", "&nbsp;") for letter in text)


def legend_names(metrics: QFontMetricsF, plot: Plot, width: float) -> list[str]:
    """The series' names in a legend ``width`` pixels wide: the legend in as few lines as names of
    :data:`LEAST_NAME` pixels allow, each name as long as those lines let it be, cut by what tells it
    apart from the others (:func:`~ui.common.name_labels.elided_name`, as on the ticks)."""
    names = [series.name for series in plot.points]
    if len(names) < 2:
        return names

    def shown(room: float) -> list[str]:
        return [elided_name(metrics, name, names, room) for name in names]

    def lines(labels: list[str]) -> int:
        entries = [
            f"\u25cf\u00a0{label}\u00a0{series.summary}\u00a0\u00a0 " for label, series in zip(labels, plot.points)
        ]
        count, x = 1, metrics.horizontalAdvance(plot.legend_title + "\u00a0 ") if plot.legend_title else 0.0
        for entry in entries:
            step = metrics.horizontalAdvance(entry)
            if x > 0 and x + step > width:
                count, x = count + 1, 0.0
            x += step
        return count

    fewest = lines(shown(LEAST_NAME))
    widest = max(metrics.horizontalAdvance(name) for name in names)
    room = widest
    while room > LEAST_NAME and lines(shown(room)) > fewest:
        room -= 8.0
    return shown(max(room, LEAST_NAME))


def pen(colour: str, width: float = 1.0, dashed: bool = False) -> QPen:
    drawn = pg.mkPen(colour, width=width)
    if dashed:
        drawn.setStyle(Qt.PenStyle.DashLine)
    return drawn


class PlotView(QWidget):
    """Shows one :class:`Plot`; subclasses draw it (:meth:`_draw`), what is chosen
    (:meth:`_draw_chosen`) and the selected sentence (:meth:`_draw_marked`), and say what the
    mouse points at (:meth:`readout_at`), clicks (:meth:`_click`) and drags over (:meth:`_drag`)."""

    choose = Signal(object, str, bool)
    clicked = Signal(int, int)
    export_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot: Plot | None = None
        self.chosen: frozenset[int] = frozenset()
        self.marked: int | None = None
        self.guide_lines: list[pg.InfiniteLine] = []
        self.box = ChoosingViewBox()
        self.axes = {name: PlotAxis(name) for name in ("left", "bottom")}
        self.widget = pg.PlotWidget(viewBox=self.box, background="w", axisItems=self.axes)
        self.item = self.widget.getPlotItem()
        self.item.hideButtons()  # the "A" button: a double click does it
        self.item.showGrid(x=True, y=True, alpha=0.15)
        for name in ("left", "bottom"):
            axis = self.item.getAxis(name)
            axis.setPen(pen("#333333"))
            axis.setTextPen(pen("#333333"))
            axis.enableAutoSIPrefix(False)  # a difference of 0.02 is written so, not as 20 (x0.001)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.export_button = QToolButton()
        self.export_button.setText("Export...")
        self.export_button.setToolTip("Save this plot as SVG, PDF or PNG, with the files, metric and parameters in it")
        self.readout = QLabel(self.widget.viewport())  # over the plot, while the mouse is on it
        self.readout.setStyleSheet(
            "background: rgba(255, 255, 255, 225); color: #263238; border: 1px solid #b0bec5; padding: 1px 4px;"
        )
        self.readout.setWordWrap(True)
        self.readout.setIndent(0)  # its width is the text's (see _moved)
        self.readout.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the mouse reaches the plot
        self.readout.hide()
        self.widget.viewport().installEventFilter(self)  # the mouse leaving hides it
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.RichText)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color:#555;")
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color:#555; padding:12px;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.widget)
        self.stack.addWidget(self.empty)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.note)
        self.widget.scene().sigMouseMoved.connect(self._moved)
        self.box.clicked.connect(lambda point, modifiers: self._click(point.x(), point.y(), bool(modifiers & ADDING)))
        self.box.dragged.connect(lambda rect, modifiers: self._drag(rect, bool(modifiers & ADDING)))
        self.box.whole.connect(self.show_whole)
        self.export_button.clicked.connect(self.export_requested)

    # ------------------------------------------------------------ showing
    def show_plot(self, plot: Plot) -> None:
        """Draw ``plot`` (its whole range), what is chosen and the mark kept."""
        self.plot = plot
        self.title.setText(plot.title)
        self.title.setToolTip(f"{plot.title}\n\n{HINT}")
        self._show_note()
        self.empty.setText(plot.empty)
        self.stack.setCurrentWidget(self.empty if plot.empty else self.widget)
        self.export_button.setEnabled(not plot.empty)
        self.readout.hide()
        self.item.setLabel("bottom", plot.x.title)
        self.item.setLabel("left", plot.y.title)
        for name, axis in (("bottom", plot.x), ("left", plot.y)):
            self.axes[name].whole = axis.whole
            if axis.named:
                self.axes[name].set_names(axis.ticks)
            else:
                self.axes[name].set_names(())
                self.axes[name].setTicks([list(axis.ticks)] if axis.ticks else None)
        self._draw(plot)
        self._draw_guides(plot.guides)
        self._draw_chosen()
        self._draw_marked()
        self.show_whole()

    def _show_note(self) -> None:
        """The legend, its names cut to the note's width now (whole in its tooltip), and the note."""
        plot = self.plot
        if plot is None:
            return
        layout = self.layout()
        assert layout is not None
        width = layout.contentsRect().width() - 8  # the note's, as wide as the view (a little kept for rounding)
        names = legend_names(QFontMetricsF(self.note.font()), plot, width)
        self.note.setText(legend_html(plot, names) + html.escape(plot.note))
        whole = [" ".join(filter(None, (series.name, series.summary))) for series in plot.points]
        cut = len(plot.points) > 1 and names != [series.name for series in plot.points]
        self.note.setToolTip("\n".join(filter(None, (plot.legend_title, *whole))) if cut else "")
        self.note.setVisible(bool(plot.note) or len(plot.points) > 1)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.plot is not None and len(self.plot.points) > 1:
            self._show_note()

    def show_whole(self) -> None:
        """The axes' whole range."""
        if self.plot is not None:
            self.box.setRange(
                xRange=(self.plot.x.low, self.plot.x.high), yRange=(self.plot.y.low, self.plot.y.high), padding=0.04
            )

    def set_chosen(self, keys: frozenset[int] | None) -> None:
        self.chosen = keys or frozenset()
        if self.plot is not None:
            self._draw_chosen()

    def set_marked(self, key: int | None) -> None:
        self.marked = key
        if self.plot is not None:
            self._draw_marked()

    def ranges(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The part of the plot in sight: ((x low, x high), (y low, y high))."""
        (x0, x1), (y0, y1) = self.box.viewRange()
        return (float(x0), float(x1)), (float(y0), float(y1))

    def _draw_guides(self, guides: tuple[Guide, ...]) -> None:
        for line in self.guide_lines:
            self.item.removeItem(line)
        self.guide_lines = []
        for guide in guides:
            if guide.orientation == "diagonal":
                line = pg.InfiniteLine(pos=(0.0, guide.value), angle=45, pen=pen(guide.colour, 1.5, guide.dashed))
            else:
                angle = 90 if guide.orientation == "vertical" else 0
                line = pg.InfiniteLine(pos=guide.value, angle=angle, pen=pen(guide.colour, 1.5, guide.dashed))
            line.setToolTip(guide.name)
            self.item.addItem(line, ignoreBounds=True)
            self.guide_lines.append(line)

    def _moved(self, position) -> None:
        if self.plot is None or self.plot.empty or not self.box.sceneBoundingRect().contains(position):
            self.readout.hide()
            return
        point = self.box.mapSceneToView(position)
        text = self.readout_at(point.x(), point.y())
        if not text:
            self.readout.hide()
            return
        self.readout.setText(text)
        area = self.widget.mapFromScene(self.box.sceneBoundingRect()).boundingRect()
        frame = self.readout.width() - self.readout.contentsRect().width()  # border and padding
        width = min(self.readout.fontMetrics().horizontalAdvance(text) + frame + 4, max(area.width() - 8, 60))
        self.readout.resize(width, self.readout.heightForWidth(width))  # wrapped to the plot's width
        below = self.widget.mapFromScene(position).y() < area.center().y()  # away from the mouse
        y = area.bottom() - self.readout.height() - 4 if below else area.top() + 4
        self.readout.move(area.left() + 4, y)
        self.readout.show()
        self.readout.raise_()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.widget.viewport() and event.type() == QEvent.Type.Leave:
            self.readout.hide()
        return False

    def pixel_size(self) -> tuple[float, float]:
        """The data size of one pixel, (x, y)."""
        width, height = self.box.viewPixelSize()
        return float(width) or 1.0, float(height) or 1.0

    # -------------------------------------------------- what subclasses do
    def _draw(self, plot: Plot) -> None:
        raise NotImplementedError

    def _draw_chosen(self) -> None:
        raise NotImplementedError

    def _draw_marked(self) -> None:
        raise NotImplementedError

    def readout_at(self, x: float, y: float) -> str:
        raise NotImplementedError

    def _click(self, x: float, y: float, adding: bool) -> None:
        raise NotImplementedError

    def _drag(self, rect: QRectF, adding: bool) -> None:
        raise NotImplementedError
