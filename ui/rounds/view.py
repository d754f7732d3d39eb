"""One heatmap on screen, drawn from its matrix: crisp cells, labels that never overlap,
zoom and pan shared with the other heatmaps through a :class:`SharedWindow`.

Labels are drawn at the largest size (8-12 px) at which one fits a cell; when even the
smallest does not fit, only every k-th label is drawn (:func:`~ui.rounds.window.label_stride`),
and zooming in brings the others back. Column labels are turned upright so that they take
one line height each. In-cell values are printed only where they fit. The labels drawn are
listed, with their boxes, by :meth:`HeatmapView.label_boxes`.

An enlarged heatmap (:meth:`HeatmapView.set_enlarged`) sizes its labels (7-16 px) and values
(8-18 px) to its cells, its label margins to the labels as drawn, and names every row and
column: :meth:`HeatmapView.readable_size` is the least size at which 7 px labels fit, which the
panel gives it (scrolling) when its room is smaller. :meth:`HeatmapView.set_text_scale` makes
every text size larger (presentation on a projector). Values are printed with three decimals
where they fit, else with two where those fit.

Cells can be outlined as anchors, as new (the step's or round's cells: black and orange) and
as highlighted (:meth:`HeatmapView.set_highlighted`: black and pink, the cells a value was
computed from).

Wheel or +/- zooms (at the pointer), dragging or the arrow keys pan, 0 shows all;
a double click asks for the heatmap to be enlarged (:attr:`HeatmapView.enlarge_requested`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from .labels import LEVEL_PAD, level_lines, two_lines
from .model import Heatmap
from .scale import (
    ANCHOR_OUTLINE,
    CONTRIBUTION_OUTLINE,
    NEW_ANCHOR_OUTLINE,
    OUTLINE_LEGEND,
    TABLE,
    Outline,
    colour_indices,
    outline_strokes,
    text_on,
    value_text,
)
from .window import CellWindow, label_stride, shown_indices

__all__ = ["HELP", "HeatmapView", "Label", "SharedWindow"]

LABEL_PX = (8, 12)  # the smallest and largest label font, in pixels
VALUE_PX = (8, 11)  # smaller values are not legible: none are printed
ENLARGED_LABEL_PX = (7, 16)  # one heatmap alone: labels sized to its cells, every one named
ENLARGED_VALUE_PX = (8, 18)
TITLE_PX = 12
LEAST_LABEL_PX = 12  # in larger text (set_text_scale), the smallest labels are at most this large
DECIMALS = (3, 2)  # the values' decimals: three where they fit readably, else two
READABLE_VALUE_PX = 10  # three decimals in a smaller font give way to two in a larger one
GAP = 6.0  # between the plot and its labels
MAX_MARGIN = 0.3  # labels take at most this share of the width (rows) or height (columns); longer ones are cut
ZOOM_STEP = 1.25
SEPARATOR_PEN = QPen(QColor("#9e9e9e"), 2.0)
UNALIGNED_TEXT, TEXT = QColor("#b71c1c"), QColor("#1a1a1a")
HOVER_PEN, HOVER_FILL = QPen(QColor("white"), 1.5), QColor(255, 255, 255, 45)
DIMMED_FILL = QColor(255, 255, 255, 170)  # a veil over rows and columns out of play
SELECTED_PEN, SELECTED_LABEL = QPen(QColor("#ff8f00"), 2.0), QColor("#ffe0b2")
HOVER_LABEL = QColor("#e3f2fd")
TEXT_PENS = tuple(QColor(text_on(index)) for index in range(len(TABLE)))  # a value's colour on each colour

HELP = (
    "Rows: test nodes; columns: gold nodes. Aligned pairs lie on the diagonal in the order they were fixed; "
    f"unaligned nodes (red) come after the grey line. {OUTLINE_LEGEND.capitalize()}. "
    "Wheel or +/-: zoom; drag or arrows: pan; 0: show all; double-click: enlarge."
)


class SharedWindow(QObject):
    """The visible part of the matrices, shared by the heatmaps of one panel."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.window = CellWindow.full(0, 0)

    def set(self, window: CellWindow) -> None:
        if window != self.window:
            self.window = window
            self.changed.emit()


@dataclass(frozen=True)
class Label:
    """A label as drawn: its text, its box in widget coordinates, and the row or column it names."""

    text: str
    box: QRectF
    axis: str  # "row" or "column"
    index: int
    level: bool = False  # a column's name written level (not upright): it fits its column's width


@dataclass(frozen=True)
class _Geometry:
    plot: QRectF
    cell_width: float
    cell_height: float
    labels: list[Label]
    value_font: QFont | None
    value_decimals: int
    colour_bar: QRectF | None
    row_px: int  # the label fonts
    column_px: int


class HeatmapView(QWidget):
    """Signals: ``hovered(row, column)`` (-1 for none; a label gives its row or column
    alone), ``clicked(row, column)`` likewise, ``enlarge_requested()`` on a double click."""

    hovered = Signal(int, int)
    clicked = Signal(int, int)
    enlarge_requested = Signal()

    def __init__(self, title: str, shared: SharedWindow, parent=None):
        super().__init__(parent)
        self.title, self.shared = title, shared
        self.heatmap: Heatmap | None = None
        self.row_names: list[str] = []
        self.column_names: list[str] = []
        self.aligned = 0
        self.unaligned: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # rows, columns
        self.dimmed: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # rows, columns
        self.show_rows = self.show_columns = True
        self.show_colour_bar = False
        self.enlarged = False
        self.text_scale = 1.0
        self.label_px, self.value_px, self.title_px = LABEL_PX, VALUE_PX, TITLE_PX
        self.highlighted: tuple[tuple[int, int], ...] = ()
        self.hover: tuple[int, int] = (-1, -1)
        self.selected_rows: set[int] = set()
        self.selected_columns: set[int] = set()
        self._image: QImage | None = None
        self._pixels: np.ndarray | None = None  # the image's memory
        self._indices: np.ndarray | None = None
        self._fonts: dict[tuple[int, bool, bool], QFont] = {}
        self._widest: dict[tuple[str, int], float] = {}
        self._press: tuple[QPointF, CellWindow] | None = None
        self._dragged = False
        self._pointed = (-1, -1)  # what the pointer is over, as last said by ``hovered``
        self._bar: QImage | None = None  # the colour scale at the size last drawn
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        shared.changed.connect(self.update)

    @property
    def matrix(self) -> np.ndarray:
        return self.heatmap.values if self.heatmap is not None else np.zeros((0, 0))

    def sizeHint(self) -> QSize:
        return QSize(360, 240)

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 80)

    # ------------------------------------------------------------------ data
    def set_heatmap(
        self,
        heatmap: Heatmap,
        rows: list[str],
        columns: list[str],
        aligned: int,
        unaligned: tuple[frozenset[int], frozenset[int]] | None = None,
    ) -> None:
        """Show a matrix (the shared window is set by the panel); names in display order. The first
        ``aligned`` rows and columns are the aligned pairs (a line after them) and the rest unaligned
        nodes (red), unless ``unaligned`` names the unaligned rows and columns (in another order)."""
        if rows != self.row_names or columns != self.column_names:
            self._widest.clear()
        self.heatmap, self.row_names, self.column_names, self.aligned = heatmap, rows, columns, aligned
        self.unaligned = unaligned or (
            frozenset(range(aligned, len(rows))),
            frozenset(range(aligned, len(columns))),
        )
        self._indices = colour_indices(heatmap.values, heatmap.levels)
        self._pixels = np.ascontiguousarray(TABLE[self._indices])
        height, width = heatmap.values.shape
        self._image = QImage(self._pixels.data, width, height, 3 * width, QImage.Format.Format_RGB888)
        self.update()

    def clear(self) -> None:
        self.heatmap, self._image, self._pixels, self._indices = None, None, None, None
        self.row_names, self.column_names, self.aligned = [], [], 0
        self.unaligned = (frozenset(), frozenset())
        self.hover, self.selected_rows, self.selected_columns = (-1, -1), set(), set()
        self.highlighted = ()
        self._pointed = (-1, -1)
        self._widest.clear()
        self.update()

    def set_axes(self, rows: bool, columns: bool, colour_bar: bool) -> None:
        self.show_rows, self.show_columns, self.show_colour_bar = rows, columns, colour_bar
        self.update()

    def set_enlarged(self, enlarged: bool) -> None:
        """Alone on the page: labels and values sized to the cells, every row and column named."""
        self.enlarged = enlarged
        self._size_text()

    def set_text_scale(self, scale: float) -> None:
        """Every text size (title, labels, values, scale) times ``scale`` (1: as designed)."""
        self.text_scale = scale
        self._size_text()

    def _size_text(self) -> None:
        labels, values = (ENLARGED_LABEL_PX, ENLARGED_VALUE_PX) if self.enlarged else (LABEL_PX, VALUE_PX)
        # the smallest labels grow to LEAST_LABEL_PX at most: a projector's larger text names every row of a
        # 30-node pair in 12 px rather than every other one in 16
        least = min(round(labels[0] * self.text_scale), max(labels[0], LEAST_LABEL_PX))
        self.label_px = (least, round(labels[1] * self.text_scale))
        # the smallest values grow less: in a projector's larger text, values fit cells 1.5 times wider
        self.value_px = (round(values[0] * min(self.text_scale, 1.5)), round(values[1] * self.text_scale))
        self.title_px = round(TITLE_PX * self.text_scale)
        self.update()

    def set_dimmed(self, rows: frozenset[int], columns: frozenset[int]) -> None:
        """Veil these rows and columns (out of play: taken by the finalisation already)."""
        if (rows, columns) != self.dimmed:
            self.dimmed = (rows, columns)
            self.update()

    def set_highlighted(self, cells: tuple[tuple[int, int], ...]) -> None:
        """Outline these cells (display rows and columns) in black and pink; () for none."""
        if tuple(cells) != self.highlighted:
            self.highlighted = tuple(cells)
            self.update()

    def set_marks(self, hover: tuple[int, int], rows: set[int], columns: set[int]) -> None:
        """The hovered cell (or row, or column) and the selected nodes' rows and columns."""
        if (hover, rows, columns) != (self.hover, self.selected_rows, self.selected_columns):
            self.hover, self.selected_rows, self.selected_columns = hover, rows, columns
            self.update()

    # -------------------------------------------------------------- geometry
    def _font(self, px: int, bold: bool = False, italic: bool = False) -> QFont:
        key = (px, bold, italic)
        if key not in self._fonts:
            font = QFont(self.font())
            font.setPixelSize(px)
            font.setBold(bold)
            font.setItalic(italic)
            self._fonts[key] = font
        return self._fonts[key]

    def _widest_label(self, axis: str, px: int, wrapped: bool = False) -> float:
        """The widest row or column name at ``px`` (bold, the widest a label is drawn), or the
        widest line of the names each on two lines (:func:`two_lines`)."""
        key = (axis + " wrapped" if wrapped else axis, px)
        if key not in self._widest:
            metrics = QFontMetricsF(self._font(px, bold=True, italic=True))
            names = self.row_names if axis == "row" else self.column_names
            width = metrics.horizontalAdvance
            lines = [line for name in names for line in two_lines(name, width)] if wrapped else names
            self._widest[key] = max((metrics.horizontalAdvance(line) for line in lines), default=0.0)
        return self._widest[key]

    def column_margin(self, height: float, px: int | None = None) -> float:
        """The room under the plot for the column names at ``px`` (the largest label font by
        default), in a view ``height`` px high."""
        px = self.label_px[1] if px is None else px
        return min(self._widest_label("column", px), MAX_MARGIN * height) + GAP + 2

    def _row_margin(self, width: float, px: int) -> float:
        return min(self._widest_label("row", px), MAX_MARGIN * width) + GAP + 2

    def _line(self, px: int) -> float:
        """The room a label takes along its axis: its line and a pixel apart from the next."""
        return QFontMetricsF(self._font(px)).height() + 1

    def _fitting_px(self, cell: float) -> int:
        """The label font size for cells ``cell`` px high (along the axis): the largest whose
        line fits, else the smallest (every k-th label is named then)."""
        low, high = self.label_px
        return next((px for px in range(high, low - 1, -1) if self._line(px) <= cell), low)

    def _whole_px(self, axis: str, px: int, room: float) -> int:
        """The label font from ``px`` down: the largest in which the longest name fits its room
        whole (the smallest when none does: the names are cut then, whole in their tooltips)."""
        low = self.label_px[0]
        return next((size for size in range(px, low - 1, -1) if self._widest_label(axis, size) <= room), low)

    def _enlarged_layout(self, window: CellWindow) -> tuple[QRectF, int, int]:
        """The plot and the row and column label sizes of an enlarged heatmap: from the largest,
        each made smaller while its labels do not fit their cells or their room whole (at most
        :data:`MAX_MARGIN` of the view), or while the other axis's do not fit at its smallest
        (smaller column names leave the rows more height, and the other way round). While the rows
        do not fit, column names larger than the row names are made smaller first: the height they
        take is the rows'."""
        low, high = self.label_px
        row_px = column_px = high
        while True:
            plot = self._plot(row_px, column_px)
            rows_fit = (
                self._line(row_px) <= plot.height() / window.height
                and self._widest_label("row", row_px) <= MAX_MARGIN * self.width()
            )
            columns_fit = self._level_lines(column_px, plot.width() / window.width) > 0 or (
                self._line(column_px) <= plot.width() / window.width
                and self._widest_label("column", column_px) <= MAX_MARGIN * self.height()
            )
            if not rows_fit and column_px > row_px:
                column_px -= 1
            elif not rows_fit and row_px > low:
                row_px -= 1
            elif (not columns_fit or not rows_fit) and column_px > low:
                column_px -= 1
            elif not columns_fit and row_px > low:
                row_px -= 1
            else:
                return plot, row_px, column_px

    def readable_size(self) -> QSize:
        """The least size at which every row and column is named at the smallest label font
        (whole labels, the window showing all of the matrix)."""
        rows, columns = self.matrix.shape
        low = self.label_px[0]
        left = self._widest_label("row", low) + GAP + 2 if self.show_rows else 4.0
        bottom = self._widest_label("column", low) + GAP + 2 if self.show_columns else 4.0
        right = self._colour_bar_width() if self.show_colour_bar else 4.0
        top = QFontMetricsF(self._font(self.title_px, bold=True)).height() + 4
        line = self._line(low)
        return QSize(math.ceil(left + right + columns * line), math.ceil(top + bottom + rows * line))

    def _colour_bar_width(self) -> float:
        return 8 + 12 + 4 + QFontMetricsF(self._font(self._bar_px())).horizontalAdvance("0.000") + 4

    def _bar_px(self) -> int:
        return round((LABEL_PX[0] + 2) * self.text_scale)

    def _level_lines(self, px: int, cell_width: float) -> int:
        """On how many lines every column name at ``px`` fits its column's width written level:
        1, else 2 when the heatmap is enlarged (each name broken by :func:`two_lines`), else 0
        (they are written upright)."""
        broken = self._widest_label("column", px, wrapped=True) if self.enlarged else None
        return level_lines(self._widest_label("column", px), broken, cell_width)

    def _plot(self, row_px: int, column_px: int) -> QRectF:
        """The matrix's rectangle when the labels are drawn at these sizes; enlarged, column
        names written level take the height of their lines, not their length."""
        width, height = float(self.width()), float(self.height())
        top = QFontMetricsF(self._font(self.title_px, bold=True)).height() + 4
        left = self._row_margin(width, row_px) if self.show_rows else 4.0
        right = self._colour_bar_width() if self.show_colour_bar else 4.0
        plot_width = max(1.0, width - left - right)
        lines = self._level_lines(column_px, plot_width / self.shared.window.width) if self.enlarged else 0
        if not self.show_columns:
            bottom = 4.0
        elif lines:
            bottom = lines * self._line(column_px) + GAP + 2
        else:
            bottom = self.column_margin(height, column_px)
        return QRectF(left, top, plot_width, max(1.0, height - top - bottom))

    def geometry_now(self) -> _Geometry:
        """Where everything goes at the widget's size and the shared window: the margins are
        those of the largest labels, the label sizes those that fit the cells left; enlarged,
        the margins are those of the labels as drawn."""
        window = self.shared.window
        if self.enlarged:
            plot, row_px, column_px = self._enlarged_layout(window)
        else:
            largest = self.label_px[1]
            plot = self._plot(largest, largest)
            row_px = self._whole_px("row", self._fitting_px(plot.height() / window.height), plot.left() - GAP - 2)
            column_px = self._whole_px(
                "column", self._fitting_px(plot.width() / window.width), self.height() - plot.bottom() - GAP - 2
            )
        cell_width, cell_height = plot.width() / window.width, plot.height() / window.height
        labels: list[Label] = []
        if self.heatmap is not None and self.show_rows:
            labels += self._labels("row", plot, window, cell_height, row_px, plot.left() - GAP - 2)
        if self.heatmap is not None and self.show_columns:
            room = self.height() - plot.bottom() - GAP - 2
            labels += self._labels("column", plot, window, cell_width, column_px, room)
        bar = QRectF(plot.right() + 8, plot.top(), 12, plot.height()) if self.show_colour_bar else None
        font, decimals = self._value_font(cell_width, cell_height) if self.prints_values else (None, 3)
        return _Geometry(plot, cell_width, cell_height, labels, font, decimals, bar, row_px, column_px)

    def _label_font(self, axis: str, index: int, px: int) -> QFont:
        marked = self.selected_rows if axis == "row" else self.selected_columns
        hovered = self.hover[0] if axis == "row" else self.hover[1]
        return self._font(px, bold=index in marked or index == hovered, italic=self._is_unaligned(axis, index))

    def _is_unaligned(self, axis: str, index: int) -> bool:
        return index in self.unaligned[0 if axis == "row" else 1]

    def _named(self, axis: str, visible: range, cell: float, px: int) -> list[int]:
        """The rows (or columns) named with labels of ``px``: every stride-th one, and the
        hovered and selected ones always, their neighbours that would touch them left out."""
        line = self._line(px)
        stride = label_stride(cell, line - 1)
        named = shown_indices(visible, stride)
        if stride > 1:
            marked = self.selected_rows if axis == "row" else self.selected_columns
            hovered = self.hover[0] if axis == "row" else self.hover[1]
            for index in sorted({hovered, *marked} & set(visible)):
                named = [k for k in named if abs(k - index) * cell >= line] + [index]
        return sorted(set(named))

    def _labels(self, axis: str, plot: QRectF, window: CellWindow, cell: float, px: int, room: float) -> list[Label]:
        """The names of the rows (right-aligned left of the plot) or of the columns (upright
        under it) drawn at ``px``, each cut to ``room``."""
        rows = axis == "row"
        first, start, end = (
            (window.top, plot.top(), plot.bottom()) if rows else (window.left, plot.left(), plot.right())
        )
        named = self._named(axis, window.visible_rows() if rows else window.visible_columns(), cell, px)
        names = self.row_names if rows else self.column_names
        shown = [k for k in named if start <= start + (k + 0.5 - first) * cell <= end]

        def fits(k: int) -> bool:  # a column's whole name within its width
            return QFontMetricsF(self._label_font(axis, k, px)).horizontalAdvance(names[k]) + LEVEL_PAD <= cell

        # level names where every one fits its column, enlarged those too long on two lines; else only the
        # shortest (an upright "i" reads as a dash)
        every = not rows and all(fits(k) for k in shown)
        wrapped = not rows and not every and bool(shown) and self._level_lines(px, cell) == 2
        labels = []
        for k in shown:
            centre = start + (k + 0.5 - first) * cell
            metrics = QFontMetricsF(self._label_font(axis, k, px))
            if wrapped:
                lines = (names[k],) if fits(k) else two_lines(names[k], metrics.horizontalAdvance)
                width = max(metrics.horizontalAdvance(line) for line in lines)
                box = QRectF(centre - width / 2, plot.bottom() + GAP, width, len(lines) * metrics.height())
                labels.append(Label("\n".join(lines), box, axis, k, True))
                continue
            level = not rows and (every or (len(names[k]) <= 2 and fits(k)))
            # a level name fits its column whole; the room is for the others' length
            text = names[k] if level else metrics.elidedText(names[k], Qt.TextElideMode.ElideRight, room)
            text_width, line = metrics.horizontalAdvance(text), metrics.height()
            if rows:
                box = QRectF(plot.left() - GAP - text_width, centre - line / 2, text_width, line)
            elif level:
                box = QRectF(centre - text_width / 2, plot.bottom() + GAP, text_width, line)
            else:
                box = QRectF(centre - line / 2, plot.bottom() + GAP, line, text_width)
            labels.append(Label(text, box, axis, k, level))
        return labels

    def _value_font(self, cell_width: float, cell_height: float) -> tuple[QFont | None, int]:
        """The font and decimals of the values: three decimals in the largest font in which "0.000"
        fits a cell with a margin, unless that font is under :data:`READABLE_VALUE_PX` (times the
        text scale) and two decimals fit a larger one (None: no value fits)."""
        low, high = self.value_px
        fitting = {}
        for decimals in DECIMALS:
            widest = "0." + "0" * decimals
            fitting[decimals] = next(
                (
                    px
                    for px in range(high, low - 1, -1)
                    if QFontMetricsF(self._font(px)).horizontalAdvance(widest) + 4 <= cell_width
                    and QFontMetricsF(self._font(px)).height() + 2 <= cell_height
                ),
                None,
            )
        three, two = fitting[3], fitting[2]
        if three is not None and (three >= READABLE_VALUE_PX * self.text_scale or two is None or two <= three):
            return self._font(three), 3
        if two is not None:
            return self._font(two), 2
        return None, DECIMALS[0]

    @property
    def prints_values(self) -> bool:
        """Values in the cells where they fit, except for the anchors (0 or 1: the outline says it)."""
        return self.heatmap is not None and self.heatmap.key != "anchors"

    def label_boxes(self) -> list[Label]:
        """The labels drawn at the current size and zoom, with their boxes."""
        return self.geometry_now().labels

    def _cell_rect(self, geometry: _Geometry, row: float, column: float, rows: float = 1, columns: float = 1) -> QRectF:
        window = self.shared.window
        return QRectF(
            geometry.plot.left() + (column - window.left) * geometry.cell_width,
            geometry.plot.top() + (row - window.top) * geometry.cell_height,
            columns * geometry.cell_width,
            rows * geometry.cell_height,
        )

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        """The (row, column) under a point: a cell, a row label (row, -1), a column label (-1, column)."""
        if self.heatmap is None:
            return None
        geometry, window = self.geometry_now(), self.shared.window
        plot = geometry.plot
        row = math.floor(window.top + (point.y() - plot.top()) / geometry.cell_height)
        column = math.floor(window.left + (point.x() - plot.left()) / geometry.cell_width)
        rows, columns = self.heatmap.values.shape
        inside_rows, inside_columns = plot.top() <= point.y() < plot.bottom(), plot.left() <= point.x() < plot.right()
        if inside_rows and inside_columns:
            return min(max(row, 0), rows - 1), min(max(column, 0), columns - 1)
        if inside_rows and point.x() < plot.left() and self.show_rows:
            return min(max(row, 0), rows - 1), -1
        if inside_columns and point.y() >= plot.bottom() and self.show_columns:
            return -1, min(max(column, 0), columns - 1)
        return None

    # -------------------------------------------------------------- painting
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        geometry = self.geometry_now()
        painter.setFont(self._font(self.title_px, bold=True))
        painter.setPen(TEXT)
        title = QRectF(2, 0, self.width() - 4, geometry.plot.top())
        elided = QFontMetricsF(painter.font()).elidedText(self.title, Qt.TextElideMode.ElideRight, title.width())
        painter.drawText(title, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided)
        heatmap = self.heatmap
        if heatmap is None or self._image is None:
            painter.end()
            return
        window = self.shared.window
        painter.save()
        painter.setClipRect(geometry.plot)
        painter.drawImage(geometry.plot, self._image, QRectF(window.left, window.top, window.width, window.height))
        self._paint_values(painter, geometry, heatmap)
        self._paint_dimmed(painter, geometry)
        self._paint_anchors(painter, geometry, heatmap)
        self._paint_separator(painter, geometry, heatmap)
        self._paint_marks(painter, geometry, heatmap)
        painter.restore()
        self._paint_labels(painter, geometry)
        if geometry.colour_bar is not None:
            self._paint_colour_bar(painter, geometry.colour_bar, heatmap)
        painter.end()

    def _visible_cells(self) -> tuple[range, range]:
        window = self.shared.window
        return window.visible_rows(), window.visible_columns()

    def _paint_values(self, painter: QPainter, geometry: _Geometry, heatmap: Heatmap) -> None:
        if geometry.value_font is None or self._indices is None:
            return
        painter.setFont(geometry.value_font)
        rows, columns = self._visible_cells()
        values = heatmap.values
        for row in rows:
            for column in columns:
                painter.setPen(TEXT_PENS[int(self._indices[row, column])])
                painter.drawText(
                    self._cell_rect(geometry, row, column),
                    Qt.AlignmentFlag.AlignCenter,
                    value_text(float(values[row, column]), geometry.value_decimals),
                )

    def _paint_anchors(self, painter: QPainter, geometry: _Geometry, heatmap: Heatmap) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rows, columns = self._visible_cells()
        if min(geometry.cell_width, geometry.cell_height) >= 5:
            anchors = heatmap.anchors[rows.start : rows.stop, columns.start : columns.stop]
            for row, column in np.argwhere(anchors):
                self._outline(painter, geometry, row + rows.start, column + columns.start, ANCHOR_OUTLINE)
        for row, column in heatmap.new_anchors:
            self._outline(painter, geometry, row, column, NEW_ANCHOR_OUTLINE)
        for row, column in self.highlighted:
            self._outline(painter, geometry, row, column, CONTRIBUTION_OUTLINE)

    def _outline(self, painter: QPainter, geometry: _Geometry, row: int, column: int, outline: Outline) -> None:
        """A cell's outline, each of its lines inside the cell (:func:`ui.rounds.scale.outline_strokes`)."""
        rect = self._cell_rect(geometry, row, column)
        for stroke in outline_strokes(outline, min(rect.width(), rect.height())):
            painter.setPen(QPen(QColor(stroke.colour), stroke.width))
            painter.drawRect(rect.adjusted(stroke.inset, stroke.inset, -stroke.inset, -stroke.inset))

    def _paint_separator(self, painter: QPainter, geometry: _Geometry, heatmap: Heatmap) -> None:
        """The line between the aligned pairs and the unaligned nodes."""
        rows, columns = heatmap.values.shape
        painter.setPen(SEPARATOR_PEN)
        plot = geometry.plot
        if 0 < self.aligned < rows:
            y = self._cell_rect(geometry, self.aligned, 0).top()
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        if 0 < self.aligned < columns:
            x = self._cell_rect(geometry, 0, self.aligned).left()
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))

    def _strip(self, geometry: _Geometry, axis: str, index: int) -> QRectF:
        """A whole row or column of the plot."""
        plot = geometry.plot
        cell = self._cell_rect(geometry, index, 0) if axis == "row" else self._cell_rect(geometry, 0, index)
        if axis == "row":
            return QRectF(plot.left(), cell.top(), plot.width(), cell.height())
        return QRectF(cell.left(), plot.top(), cell.width(), plot.height())

    def _paint_dimmed(self, painter: QPainter, geometry: _Geometry) -> None:
        """The dimmed rows and columns under a veil of white."""
        for axis, indices in zip(("row", "column"), self.dimmed):
            for index in indices:
                painter.fillRect(self._strip(geometry, axis, index), DIMMED_FILL)

    def _paint_marks(self, painter: QPainter, geometry: _Geometry, heatmap: Heatmap) -> None:
        """The hovered row and column (white), the selected nodes' rows and columns (orange)."""
        rows, columns = heatmap.values.shape

        def strip(axis: str, index: int) -> QRectF:
            return self._strip(geometry, axis, index)

        hover_row, hover_column = self.hover
        for axis, index in (("row", hover_row), ("column", hover_column)):
            if 0 <= index < (rows if axis == "row" else columns):
                painter.fillRect(strip(axis, index), HOVER_FILL)
                painter.setPen(HOVER_PEN)
                painter.drawRect(strip(axis, index))
        painter.setPen(SELECTED_PEN)
        for row in self.selected_rows:
            painter.drawRect(strip("row", row))
        for column in self.selected_columns:
            painter.drawRect(strip("column", column))

    def _paint_labels(self, painter: QPainter, geometry: _Geometry) -> None:
        for label in geometry.labels:
            px = geometry.row_px if label.axis == "row" else geometry.column_px
            marked = self.selected_rows if label.axis == "row" else self.selected_columns
            hovered = self.hover[0] if label.axis == "row" else self.hover[1]
            if label.index in marked or label.index == hovered:
                painter.fillRect(label.box, SELECTED_LABEL if label.index in marked else HOVER_LABEL)
            painter.setFont(self._label_font(label.axis, label.index, px))
            painter.setPen(UNALIGNED_TEXT if self._is_unaligned(label.axis, label.index) else TEXT)
            if label.axis == "row" or label.level:
                across = Qt.AlignmentFlag.AlignRight if label.axis == "row" else Qt.AlignmentFlag.AlignHCenter
                painter.drawText(label.box, across | Qt.AlignmentFlag.AlignVCenter, label.text)
                continue
            painter.save()  # upright: reads from bottom to top, ending at the plot
            painter.translate(label.box.center().x(), label.box.top())
            painter.rotate(-90)
            painter.drawText(
                QRectF(-label.box.height(), -label.box.width() / 2, label.box.height(), label.box.width()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label.text,
            )
            painter.restore()

    def _paint_colour_bar(self, painter: QPainter, bar: QRectF, heatmap: Heatmap) -> None:
        size = bar.size().toSize()
        if self._bar is None or self._bar.size() != size:  # drawn at its size once, not scaled at every paint
            scale = np.ascontiguousarray(TABLE[::-1].reshape(len(TABLE), 1, 3))
            image = QImage(scale.data, 1, len(TABLE), 3, QImage.Format.Format_RGB888)
            self._bar = image.scaled(
                size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        painter.drawImage(bar.topLeft(), self._bar)
        painter.setPen(TEXT)
        painter.setFont(self._font(self._bar_px()))
        low, high = heatmap.levels
        metrics = QFontMetricsF(painter.font())
        for fraction in (0.0, 0.5, 1.0):
            y = bar.bottom() - fraction * bar.height()
            painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y))
            text = value_text(low + fraction * (high - low))
            box = QRectF(
                bar.right() + 5, y - metrics.height() / 2, metrics.horizontalAdvance(text) + 2, metrics.height()
            )
            box.moveTop(min(max(box.top(), bar.top() - 2), bar.bottom() - box.height() + 2))
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)

    # --------------------------------------------------------------- events
    def _zoom(self, factor: float, point: QPointF | None = None) -> None:
        window = self.shared.window
        if point is None:
            self.shared.set(window.zoomed(factor))
            return
        geometry = self.geometry_now()
        x = window.left + (point.x() - geometry.plot.left()) / geometry.cell_width
        y = window.top + (point.y() - geometry.plot.top()) / geometry.cell_height
        self.shared.set(window.zoomed(factor, min(max(x, 0.0), window.columns), min(max(y, 0.0), window.rows)))

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120
        if steps and self.heatmap is not None:
            self._zoom(ZOOM_STEP**steps, event.position())
        event.accept()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press, self._dragged = (event.position(), self.shared.window), False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._press is not None and self.heatmap is not None:
            start, window = self._press
            moved = event.position() - start
            if self._dragged or abs(moved.x()) + abs(moved.y()) > 3:
                self._dragged = True
                geometry = self.geometry_now()
                self.shared.set(window.panned(-moved.x() / geometry.cell_width, -moved.y() / geometry.cell_height))
                return
        self._hover_at(self.cell_at(event.position()))

    def _hover_at(self, target: tuple[int, int] | None) -> None:
        """Say which cell, row or column is under the pointer, when it changes."""
        target = target if target is not None else (-1, -1)
        if target != self._pointed:
            self._pointed = target
            self.hovered.emit(*target)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._press is not None and not self._dragged:
            target = self.cell_at(event.position())
            if target is not None:
                self.clicked.emit(*target)
        self._press, self._dragged = None, False
        super().mouseReleaseEvent(event)

    def event(self, event) -> bool:
        """A label cut to its room shows its whole name in a tooltip."""
        if event.type() == QEvent.Type.ToolTip:
            label = next((label for label in self.label_boxes() if label.box.contains(QPointF(event.pos()))), None)
            names = None if label is None else self.row_names if label.axis == "row" else self.column_names
            if label is not None and names is not None and label.text != names[label.index]:
                QToolTip.showText(event.globalPos(), names[label.index], self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mouseDoubleClickEvent(self, event) -> None:
        self.enlarge_requested.emit()
        event.accept()

    def leaveEvent(self, event) -> None:
        self._hover_at(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:
        key, window = event.key(), self.shared.window
        step_x, step_y = max(1.0, window.width / 5), max(1.0, window.height / 5)
        moves = {
            Qt.Key.Key_Left: (-step_x, 0.0),
            Qt.Key.Key_Right: (step_x, 0.0),
            Qt.Key.Key_Up: (0.0, -step_y),
            Qt.Key.Key_Down: (0.0, step_y),
        }
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self._zoom(ZOOM_STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self._zoom(1 / ZOOM_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_Home):
            self.shared.set(CellWindow.full(window.rows, window.columns))
        elif key in moves and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            self.shared.set(window.panned(*moves[key]))
        else:
            super().keyPressEvent(event)
