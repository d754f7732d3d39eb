"""A labelled heatmap with its values written in the cells (:class:`~ui.annotators.views.Grid`),
drawn from the data by one painter function for the screen, SVG and PNG at a chosen DPI.

The widget reports the cell under the mouse (``cell_hovered``) and the cell clicked
(``cell_clicked``), frames the hovered cell (until the grid's data change) and the grid's marked one, and asks
``tooltip_for(row, column)`` for a cell's tooltip. Labels and axis titles too long for their
room keep the part that tells them apart (:func:`short_labels`); hovering one shows it in full.
Column labels are written across when the cells can be widened to them (on two lines, broken after
a "/" or at a space, if that is what fits), else upwards, shortened only when nothing else fits.
Wide cells (``wide``, the label confusion's heatmap) take the columns' whole width, and their
labels break after a hyphen too ("have-" / "degree-91").
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetricsF, QImage, QLinearGradient, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ..common.name_labels import elided_name
from ..rounds.labels import two_lines as broken_lines
from .views import EMPTY_GRID, GOLD_MARK, Grid

__all__ = ["GridHeatmap", "grid_colour", "grid_svg", "save_grid"]

# a light-to-dark blue scale: low values nearly white, so that zero counts disappear
STOPS = (
    (0.0, (247, 251, 255)),
    (0.25, (198, 219, 239)),
    (0.5, (107, 174, 214)),
    (0.75, (33, 113, 181)),
    (1.0, (8, 48, 107)),
)
NO_VALUE = QColor("#e6e6e6")
MARK_PEN = QColor("#ff6f00")
MAX_LABEL = 200.0  # px: longer labels are elided
NATURAL_CELL = 64.0  # px per cell in exports
BAR = 14.0  # colour bar width
GAP = 6.0
MIN_CELL = 8.0  # px: the least side of a cell on screen (GridHeatmap's least size keeps such cells in sight)
MIN_VALUE_PX = 8  # values smaller than this are left to the tooltip
READABLE_VALUE_PX = 10  # on screen, rotated column labels are shortened until the values fit this size
LEAST_LABEL = "MMMMM"  # rotated column labels are never shortened below this text's width


def grid_colour(value: float | None, low: float, high: float) -> QColor:
    """The scale's colour of ``value`` between ``low`` and ``high`` (clamped); grey for None."""
    if value is None:
        return QColor(NO_VALUE)
    t = 0.0 if high <= low else min(1.0, max(0.0, (value - low) / (high - low)))
    for (t0, c0), (t1, c1) in itertools.pairwise(STOPS):
        if t <= t1:
            u = (t - t0) / (t1 - t0)
            return QColor(*(round(a + (b - a) * u) for a, b in zip(c0, c1)))
    return QColor(*STOPS[-1][1])


def _ink(background: QColor) -> QColor:
    """Black on light cells, white on dark ones."""
    luminance = 0.299 * background.red() + 0.587 * background.green() + 0.114 * background.blue()
    return QColor("black") if luminance > 140 else QColor("white")


def _number(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


@dataclass(frozen=True)
class GridGeometry:
    """Where everything goes for a grid drawn in ``width`` x ``height``."""

    left: float  # x of the first column
    top: float  # y of the first row
    cell_width: float  # a cell's width: its height, or more to write the column labels across
    cell_height: float
    rotated: bool  # column labels written upwards
    line: float  # text line height
    label_width: float  # widest row label (elided)
    columns_height: float  # height of the column labels (rotated ones: their length, plus a GAP)
    column_labels: tuple[str, ...] = ()  # as written: whole, on two lines ("\n") or shortened
    column_step: int = 1  # one column label in so many is written (upwards in thin columns: thin_font)
    row_step: int = 1  # one row label in so many is written (in thin rows: thin_font)

    def cell_rect(self, row: int, column: int) -> QRectF:
        width, height = self.cell_width, self.cell_height
        return QRectF(self.left + column * width, self.top + row * height, width, height)

    def _row(self, y: float) -> int:
        return int((y - self.top) // self.cell_height) if self.cell_height > 0 else -1

    def _column(self, x: float) -> int:
        return int((x - self.left) // self.cell_width) if self.cell_width > 0 else -1

    def cell_at(self, point: QPointF, grid: Grid) -> tuple[int, int] | None:
        row, column = self._row(point.y()), self._column(point.x())
        inside = point.x() >= self.left and point.y() >= self.top
        return (row, column) if inside and 0 <= row < len(grid.rows) and 0 <= column < len(grid.columns) else None

    def column_title_rect(self, grid: Grid, width: float, text_width: float) -> QRectF:
        """Where the column title goes: centred over the columns, widened to its text as far as
        the widget allows (the text is elided to this width)."""
        body = len(grid.columns) * self.cell_width
        wanted = max(body, text_width)
        room = max(1.0, width - 2 * GAP)
        span = min(wanted, room)
        x = min(max(GAP, self.left + body / 2 - span / 2), width - GAP - span)
        return QRectF(x, GAP + self.line * 1.3, span, self.line)

    def row_title_span(self, grid: Grid, height: float, text_width: float) -> tuple[float, float]:
        """(top, length) of the row title written upwards beside the rows: centred on them,
        lengthened to its text as far as the room between the column title and the caption
        allows (the text is elided to this length)."""
        body = len(grid.rows) * self.cell_height
        first = GAP + self.line * 2.3  # below the title and the column title
        last = min(height - GAP, self.top + body + GAP)  # above the caption
        room = max(1.0, last - first)
        span = min(max(body, text_width), room)
        top = min(max(first, self.top + body / 2 - span / 2), last - span)
        return top, span

    def text_at(self, point: QPointF, grid: Grid, width: float, height: float, metrics: QFontMetricsF) -> str:
        """The full text written at ``point`` outside the cells (title, axis titles, labels; they
        may be elided on screen), or ""."""
        x, y = point.x(), point.y()
        if GAP <= y < GAP + self.line * 1.3:
            return grid.title
        if self.column_title_rect(grid, width, metrics.horizontalAdvance(grid.column_title)).contains(point):
            return grid.column_title
        top, span = self.row_title_span(grid, height, metrics.horizontalAdvance(grid.row_title))
        if GAP <= x < GAP + self.line and top <= y < top + span:
            return grid.row_title
        row, column = self._row(y), self._column(x)
        if self.left - GAP - self.label_width <= x < self.left and 0 <= row < len(grid.rows) and y >= self.top:
            return grid.rows[row]
        if self.top - self.columns_height <= y < self.top and 0 <= column < len(grid.columns) and x >= self.left:
            return grid.columns[column]
        return ""


def short_labels(metrics: QFontMetricsF, names: tuple[str, ...], room: float) -> list[str]:
    """The labels of ``names`` in ``room`` pixels (at most :data:`MAX_LABEL`): a name that fits is
    shown whole; a longer one keeps the part that tells it apart from the others. It starts ("…")
    at the word in which it first differs from the name most like it (less of that word's
    beginning when the letter that differs would not fit) and is cut at its end when too long.
    Annotators' file names that share their beginning and their end ("x_annot1_final",
    "x_annot2_final") keep "annot1" and "annot2", where eliding the middle showed "x_ann…final"
    twice; the gold annotator's mark (" (gold)") is kept whole."""
    room = min(MAX_LABEL, room)
    bases = tuple(name.removesuffix(GOLD_MARK) for name in names)
    left = room - metrics.horizontalAdvance(GOLD_MARK)  # for a marked name, when the mark is kept
    marked = left >= metrics.horizontalAdvance("…MM")  # room for the mark and some of the name
    return [
        elided_name(metrics, base, bases, left) + GOLD_MARK
        if marked and base != name and metrics.horizontalAdvance(name) > room
        else elided_name(metrics, name, names, room)
        for name, base in zip(names, bases)
    ]


def fitted_title(metrics: QFontMetricsF, title: str, names: tuple[str, ...], room: float) -> str:
    """``title`` in ``room`` pixels: whole when it fits; else the name of ``names`` it holds (an
    annotator's, "name (test) →") keeps what tells it apart from the other names
    (:func:`~ui.common.name_labels.elided_name`), the rest of the title whole, when there is room
    for some of it; else the title is elided in the middle."""
    if metrics.horizontalAdvance(title) <= room:
        return title
    for name in sorted(filter(None, names), key=len, reverse=True):
        before, found, after = title.partition(name)
        left = room - metrics.horizontalAdvance(before + after)
        if found and left >= metrics.horizontalAdvance("…MMM"):
            return before + elided_name(metrics, name, names, left) + after
    return metrics.elidedText(title, Qt.TextElideMode.ElideMiddle, room)


def _widest(metrics: QFontMetricsF, labels: Sequence[str]) -> float:
    """The widest line of ``labels`` (a label may have two lines)."""
    return max((metrics.horizontalAdvance(line) for label in labels for line in label.split("\n")), default=0.0)


def _scale_width(metrics: QFontMetricsF, grid: Grid) -> float:
    return GAP * 2 + BAR + GAP + max(metrics.horizontalAdvance(_number(v)) for v in (grid.low, grid.high))


def two_lines(metrics: QFontMetricsF, label: str, after: str = "/") -> str:
    """``label`` on two lines ("\\n") broken where its longer line is shortest, after a "/" (a
    file's folder: "alice/" "amr"), another of the characters ``after`` or at a space (before the
    gold's mark: "gold/amr" "(gold)"), by :func:`ui.rounds.labels.two_lines`; ``label`` itself
    when it has no such break."""
    return "\n".join(broken_lines(label, metrics.horizontalAdvance, after))


class ColumnLabels(NamedTuple):
    """A way of writing the column labels whole: across or upwards, on one line or - ``broken``,
    the labels broken by :func:`two_lines` - two, their length (upwards: along the text; across:
    the lines' height) and the least width of a column that keeps them apart."""

    rotated: bool
    whole: tuple[str, ...]
    broken: tuple[str, ...] | None
    length: float
    least_width: float

    def written(self, metrics: QFontMetricsF, room: float) -> tuple[str, ...]:
        """The labels as written: on two lines those longer than ``room`` when lines are broken."""
        if self.broken is None:
            return self.whole
        return tuple(
            label if metrics.horizontalAdvance(label) <= room else broken
            for label, broken in zip(self.whole, self.broken)
        )


def column_label_choices(metrics: QFontMetricsF, columns: tuple[str, ...], wide: bool = False) -> list[ColumnLabels]:
    """The ways of writing the column labels whole, the preferred first: across on one line, across
    on two (:func:`two_lines`; ``wide``: after a hyphen too), upwards on one line, upwards on two.
    Labels longer than :data:`MAX_LABEL` are shortened to it in every way."""
    line = metrics.height()
    whole = tuple(short_labels(metrics, columns, MAX_LABEL))
    broken = tuple(two_lines(metrics, label, "/-" if wide else "/") for label in whole)
    one, two = _widest(metrics, whole), _widest(metrics, broken)
    choices = [ColumnLabels(False, whole, None, line, one + 4)]
    if two < one:
        choices.append(ColumnLabels(False, whole, broken, 2 * line, two + 4))
    choices.append(ColumnLabels(True, whole, None, one, line))
    if two < one:
        choices.append(ColumnLabels(True, whole, broken, two, 2 * line))
    return choices


def readable_cell(font: QFont, texts: tuple[tuple[str, ...], ...]) -> float:
    """The side of the smallest cell in which every text fits at :data:`READABLE_VALUE_PX` (at
    ``font``'s own size when that is smaller)."""
    readable = QFont(font)
    readable.setPixelSize(min(QFontInfo(font).pixelSize(), READABLE_VALUE_PX))
    metrics = QFontMetricsF(readable)
    widest = max((metrics.horizontalAdvance(text) for row in texts for text in row), default=0.0)
    return max(widest + 4, metrics.height())


def caption_lines(metrics: QFontMetricsF, caption: str, width: float) -> int:
    """The lines the caption takes in ``width``: one when it fits, else two (it is wrapped)."""
    return 1 if metrics.horizontalAdvance(caption) <= width else 2


@dataclass(frozen=True)
class _Frame:
    """What surrounds the cells of a grid drawn in a given width: the row labels and the row title
    on the left, the titles above, the caption below and the colour scale on the right."""

    metrics: QFontMetricsF
    line: float
    label_width: float  # widest row label (elided)
    left: float
    head: float
    foot: float
    right: float

    @classmethod
    def of(cls, grid: Grid, font: QFont, width: float | None) -> _Frame:
        """The frame in ``width`` (None: an export, with room for a caption of two lines)."""
        metrics = QFontMetricsF(font)
        line = metrics.height()
        label_width = _widest(metrics, short_labels(metrics, grid.rows, MAX_LABEL))
        lines = 2 if width is None else caption_lines(metrics, grid.caption, width - 2 * GAP)
        return cls(
            metrics,
            line,
            label_width,
            GAP + line + GAP + label_width + GAP,  # the row title written upwards, then the labels
            GAP + line * 1.3 + line + GAP,  # title, column title
            GAP + lines * line + GAP,  # caption
            _scale_width(metrics, grid),
        )

    def least_label(self, grid: Grid) -> float:
        """The least height of the column labels: upwards and shortened (to :data:`LEAST_LABEL`), or a line."""
        whole = _widest(self.metrics, short_labels(self.metrics, grid.columns, MAX_LABEL))
        return max(self.line, min(whole, self.metrics.horizontalAdvance(LEAST_LABEL)))


def readable_height(grid: Grid, font: QFont, width: float, wide: bool = False, whole: bool = False) -> float:
    """The least height in ``width`` at which :func:`geometry` writes the values at
    :data:`READABLE_VALUE_PX`: with the column labels whole in the way of
    :func:`column_label_choices` that needs the least height, or - unless ``whole`` asks for
    whole labels wherever one of these ways fits the width - shortened upwards to
    :data:`LEAST_LABEL` when that needs less or none fits. ``wide``: cells as wide as the columns."""
    frame = _Frame.of(grid, font, width)
    wanted = max(frame.line, readable_cell(font, grid.texts))  # rows at least a line tall: their labels whole
    across = (width - frame.left - frame.right) / max(1, len(grid.columns))
    lengths = [
        choice.length
        for choice in column_label_choices(frame.metrics, grid.columns, wide)
        if (across if wide else min(across, max(wanted, choice.least_width))) >= choice.least_width
    ]
    if not (whole and lengths):
        lengths.append(frame.least_label(grid))
    return frame.head + min(lengths) + GAP + len(grid.rows) * wanted + frame.foot


def least_size(grid: Grid, font: QFont) -> QSize:
    """The least size in which :func:`geometry` keeps the whole grid in sight: cells of 8 pixels,
    column labels upwards and shortened to :data:`LEAST_LABEL`, a caption of two lines."""
    frame = _Frame.of(grid, font, None)
    width = frame.left + len(grid.columns) * MIN_CELL + frame.right
    height = frame.head + frame.least_label(grid) + GAP + len(grid.rows) * MIN_CELL + frame.foot
    return QSize(math.ceil(width), math.ceil(height))


def geometry(
    grid: Grid, font: QFont, width: float | None = None, height: float | None = None, wide: bool = False
) -> GridGeometry:
    """The layout in ``width`` x ``height``, or at the natural cell size when no size is given.
    The cells are as tall as fit (at most twice the natural size) and as wide as tall where there
    is room, or wider where that lets the column labels be written across; ``wide`` cells take the
    columns' whole width on screen (the label confusion's: whole names read better than squares). On screen the column
    labels give way to the values: written upwards they are shortened (:func:`short_labels`, never
    below :data:`LEAST_LABEL`; hovering one names it in full) while the rows are too thin to write
    the values at :data:`READABLE_VALUE_PX`, or thinner than a line. They are written whole the
    first way of :func:`column_label_choices` that fits the columns' width and takes no more height
    than that; else shortened. Labels are written one in so many where the columns or the rows are
    thinner than a line (they would run together). The caption keeps the lines it needs only."""
    frame = _Frame.of(grid, font, width)
    metrics, line = frame.metrics, frame.line
    rows, columns = max(1, len(grid.rows)), max(1, len(grid.columns))
    across = (width - frame.left - frame.right) / columns if width is not None and height is not None else NATURAL_CELL

    def cell_height(columns_height: float) -> float:
        if width is None or height is None:
            return NATURAL_CELL
        down = (height - frame.head - columns_height - frame.foot) / rows
        return max(MIN_CELL, min(across, down, 2 * NATURAL_CELL))

    def shape(cell_width: float, columns_height: float, rotated: bool, labels) -> GridGeometry:
        cell = cell_height(columns_height)
        return GridGeometry(
            frame.left,
            frame.head + columns_height,
            cell_width,
            cell,
            rotated,
            line,
            frame.label_width,
            columns_height,
            tuple(labels),
            thin_font(font, cell_width)[1] if rotated else 1,
            thin_font(font, cell)[1],
        )

    shortened = max(line, _widest(metrics, short_labels(metrics, grid.columns, MAX_LABEL))) + GAP  # the room given
    if width is not None and height is not None:
        wanted = max(line, min(readable_cell(font, grid.texts), across))  # no shorter labels than that needs
        least = frame.least_label(grid) + GAP
        shortened = max(least, min(shortened, height - frame.head - frame.foot - rows * wanted))
    sized = width is not None and height is not None
    for choice in column_label_choices(metrics, grid.columns, wide):
        columns_height = choice.length + GAP
        cell_width = max(MIN_CELL, min(across, max(cell_height(columns_height), choice.least_width)))
        cell_width = max(MIN_CELL, across) if wide and sized else cell_width
        if cell_width >= choice.least_width and columns_height <= shortened:
            room = columns_height - GAP if choice.rotated else cell_width - 4
            return shape(cell_width, columns_height, choice.rotated, choice.written(metrics, room))
    cell_width = max(MIN_CELL, min(across, max(cell_height(shortened), line)))
    cell_width = max(MIN_CELL, across) if wide and sized else cell_width
    return shape(cell_width, shortened, True, short_labels(metrics, grid.columns, shortened - GAP))


def thin_font(font: QFont, thickness: float) -> tuple[QFont, int]:
    """The font of the labels of rows (or of columns written upwards) ``thickness`` pixels thick,
    and one label in how many is written: ``font`` when its line fits; else smaller as its line
    needs, down to :data:`MIN_VALUE_PX`; else at that size, one label in so many (they would run
    together; hovering a row or a column names it)."""
    if QFontMetricsF(font).height() <= thickness:
        return font, 1
    smaller = QFont(font)
    for size in range(QFontInfo(font).pixelSize() - 1, MIN_VALUE_PX - 1, -1):
        smaller.setPixelSize(size)
        if QFontMetricsF(smaller).height() <= thickness:
            return smaller, 1
    return smaller, math.ceil(QFontMetricsF(smaller).height() / max(thickness, 1.0))


def natural_size(grid: Grid, font: QFont) -> QSize:
    shape = geometry(grid, font)
    metrics = QFontMetricsF(font)
    body_width = shape.left + len(grid.columns) * shape.cell_width + _scale_width(metrics, grid)
    text_width = max(metrics.horizontalAdvance(grid.title), metrics.horizontalAdvance(grid.caption)) + 2 * GAP
    height = shape.top + len(grid.rows) * shape.cell_height + GAP + 2 * shape.line + GAP
    return QSize(round(max(body_width, text_width)), round(height))


def paint_grid(
    painter: QPainter,
    grid: Grid,
    font: QFont,
    width: float,
    height: float,
    hovered: tuple[int, int] | None = None,
    wide: bool = False,
) -> GridGeometry:
    """Draw ``grid`` in ``width`` x ``height``: title, axis titles, labels, coloured cells with
    their texts, the colour scale and the caption; returns the layout used (``wide``: see :func:`geometry`)."""
    shape = geometry(grid, font, width, height, wide)
    painter.fillRect(QRectF(0, 0, width, height), QColor("white"))
    if grid.empty:
        painter.setFont(font)
        painter.setPen(QColor("#555"))
        painter.drawText(QRectF(0, 0, width, height), Qt.AlignmentFlag.AlignCenter, grid.title or "Nothing to show.")
        return shape
    metrics = QFontMetricsF(font)
    bold = QFont(font)
    bold.setBold(True)
    painter.setFont(bold)
    painter.setPen(QColor("black"))
    title = QFontMetricsF(bold).elidedText(grid.title, Qt.TextElideMode.ElideRight, width - 2 * GAP)
    painter.drawText(QRectF(GAP, GAP, width - 2 * GAP, shape.line * 1.3), Qt.AlignmentFlag.AlignLeft, title)
    painter.setFont(font)
    body_width = len(grid.columns) * shape.cell_width
    body_height = len(grid.rows) * shape.cell_height
    painter.setPen(QColor("#333"))
    column_title = f"{grid.column_title} →"
    rect = shape.column_title_rect(grid, width, metrics.horizontalAdvance(column_title))
    text = fitted_title(metrics, column_title, grid.title_names, rect.width())
    painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter, text)
    row_title = f"← {grid.row_title}"
    top, span = shape.row_title_span(grid, height, metrics.horizontalAdvance(row_title))
    painter.save()  # the row title, written upwards beside the rows
    painter.translate(GAP, top + span)
    painter.rotate(-90)
    text = fitted_title(metrics, row_title, grid.title_names, span)
    painter.drawText(QRectF(0, 0, span, shape.line), Qt.AlignmentFlag.AlignHCenter, text)
    painter.restore()
    painter.setPen(QColor("black"))
    painter.setFont(thin_font(font, shape.cell_height)[0])
    for r, label in enumerate(short_labels(metrics, grid.rows, MAX_LABEL)):
        if r % shape.row_step:
            continue
        rect = QRectF(
            shape.left - GAP - shape.label_width,
            shape.top + r * shape.cell_height,
            shape.label_width,
            shape.cell_height,
        )
        painter.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    painter.setFont(thin_font(font, shape.cell_width)[0] if shape.rotated else font)
    _paint_column_labels(painter, shape)
    texts = grid.texts
    cell_font = value_font(font, texts, shape.cell_width, shape.cell_height)
    if cell_font is None and grid.compact is not None:
        texts = grid.compact
        cell_font = value_font(font, texts, shape.cell_width, shape.cell_height)
    if cell_font is not None:
        painter.setFont(cell_font)
    for r, row in enumerate(grid.values):
        for c, value in enumerate(row):
            rect = shape.cell_rect(r, c)
            colour = grid_colour(value, grid.low, grid.high)
            painter.fillRect(rect, colour)
            text = texts[r][c]
            if cell_font is not None and text:
                painter.setPen(_ink(colour))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.setFont(font)
    painter.setPen(QPen(QColor("white"), 1.0))
    for k in range(1, len(grid.columns)):
        x = shape.left + k * shape.cell_width
        painter.drawLine(QPointF(x, shape.top), QPointF(x, shape.top + body_height))
    for k in range(1, len(grid.rows)):
        y = shape.top + k * shape.cell_height
        painter.drawLine(QPointF(shape.left, y), QPointF(shape.left + body_width, y))
    for cell, pen in ((grid.marked, QPen(MARK_PEN, 3.0)), (hovered, QPen(QColor("black"), 1.5))):
        if cell is not None and 0 <= cell[0] < len(grid.rows) and 0 <= cell[1] < len(grid.columns):
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(shape.cell_rect(*cell).adjusted(1.5, 1.5, -1.5, -1.5))
    _paint_scale(painter, grid, shape, body_height)
    painter.setPen(QColor("#555"))
    caption_top = shape.top + body_height + GAP
    painter.drawText(
        QRectF(GAP, caption_top, width - 2 * GAP, 2 * shape.line),
        Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
        grid.caption,
    )
    return shape


def _paint_column_labels(painter: QPainter, shape: GridGeometry) -> None:
    """The column labels as :func:`geometry` chose to write them: across, or upwards, over
    their columns (on two lines side by side when broken, the first on the left), one in
    ``shape.column_step``."""
    for c, text in enumerate(shape.column_labels):
        if c % shape.column_step:
            continue
        thickness = (text.count("\n") + 1) * shape.line
        if shape.rotated:
            painter.save()
            painter.translate(shape.left + (c + 0.5) * shape.cell_width, shape.top - GAP)
            painter.rotate(-90)
            rect = QRectF(0, -thickness / 2, shape.columns_height - GAP, thickness)
            painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            painter.restore()
        else:
            top = shape.top - GAP - thickness
            rect = QRectF(shape.left + c * shape.cell_width, top, shape.cell_width, thickness)
            painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text)


def value_font(
    font: QFont, texts: tuple[tuple[str, ...], ...], width: float, height: float | None = None
) -> QFont | None:
    """The font of ``texts`` in cells of ``width`` x ``height`` (square when no height is given):
    ``font``, or smaller (down to MIN_VALUE_PX) so that the widest text fits; None when even that
    does not fit."""
    tall = width if height is None else height

    def fits(candidate: QFont) -> bool:
        metrics = QFontMetricsF(candidate)
        widest = max((metrics.horizontalAdvance(text) for row in texts for text in row), default=0.0)
        return widest <= width - 4 and metrics.height() <= tall

    if fits(font):
        return font
    smaller = QFont(font)
    for size in range(QFontInfo(font).pixelSize() - 1, MIN_VALUE_PX - 1, -1):
        smaller.setPixelSize(size)
        if fits(smaller):
            return smaller
    return None


def _paint_scale(painter: QPainter, grid: Grid, shape: GridGeometry, body_height: float) -> None:
    """The colour bar beside the cells, ``low`` at the bottom and ``high`` at the top."""
    x = shape.left + len(grid.columns) * shape.cell_width + 2 * GAP
    bar = QRectF(x, shape.top, BAR, body_height)
    gradient = QLinearGradient(bar.bottomLeft(), bar.topLeft())
    for t, rgb in STOPS:
        gradient.setColorAt(t, QColor(*rgb))
    painter.fillRect(bar, gradient)
    painter.setPen(QColor("#999"))
    painter.drawRect(bar)
    painter.setPen(QColor("black"))
    for value, y in ((grid.high, bar.top()), (grid.low, bar.bottom() - shape.line)):
        painter.drawText(QRectF(bar.right() + GAP, y, 80, shape.line), Qt.AlignmentFlag.AlignLeft, _number(value))


def export_font() -> QFont:
    """The font of exports: the same on every machine that has a sans-serif font."""
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(12)
    return font


def _render_to(device, grid: Grid, size: QSize, scale: float = 1.0) -> bool:
    painter = QPainter()
    if not painter.begin(device):
        return False
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    paint_grid(painter, grid, export_font(), size.width(), size.height())
    return painter.end()


def _svg_generator(grid: Grid, size: QSize) -> QSvgGenerator:
    generator = QSvgGenerator()
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(grid.title)
    generator.setDescription(grid.caption)
    return generator


def grid_svg(grid: Grid) -> str:
    """The heatmap as an SVG document (vector, real text), drawn from the data."""
    size = natural_size(grid, export_font())
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = _svg_generator(grid, size)
    generator.setOutputDevice(buffer)
    _render_to(generator, grid, size)
    buffer.close()
    return bytes(buffer.data().data()).decode("utf-8")


def save_grid(grid: Grid, path: Path, dpi: float = 300.0) -> bool:
    """Write the heatmap to ``path``: SVG, or else PNG at ``dpi`` (natural size x dpi/96 pixels)."""
    path = Path(path)
    if path.suffix.lower() == ".svg":
        try:
            path.write_text(grid_svg(grid), encoding="utf-8")
        except OSError:
            return False
        return True
    size = natural_size(grid, export_font())
    scale = dpi / 96.0
    image = QImage(round(size.width() * scale), round(size.height() * scale), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.setText("Title", grid.title)
    image.setText("Description", grid.caption)
    return _render_to(image, grid, size, scale) and image.save(str(path))


class GridHeatmap(QWidget):
    """Shows a :class:`Grid` as large as fits; hover and click report cells."""

    cell_clicked = Signal(int, int)
    cell_hovered = Signal(int, int)  # (-1, -1) when the mouse leaves the cells

    def __init__(self, parent=None, wide: bool = False):
        super().__init__(parent)
        self.wide = wide  # cells as wide as the columns' room (:func:`geometry`)
        self.grid: Grid = EMPTY_GRID
        self.hovered: tuple[int, int] | None = None
        self.tooltip_for: Callable[[int, int], str] | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_grid(self, grid: Grid) -> None:
        """Show ``grid``; the hovered cell stays framed only while the grid shows the same data (another
        cell marked), so that no frame is left on a cell whose meaning changed under a still pointer."""
        same = replace(grid, marked=None) == replace(self.grid, marked=None)
        self.grid = grid
        if self.hovered is not None and not same:
            self.hovered = None
            self.cell_hovered.emit(-1, -1)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return natural_size(self.grid, self.font()) if not self.grid.empty else QSize(400, 300)

    def minimumSizeHint(self) -> QSize:
        """Room for the whole grid (:func:`least_size`): layouts and splitters keep the bottom row in sight."""
        least = QSize(160, 120)
        return least if self.grid.empty else least.expandedTo(least_size(self.grid, self.font()))

    def readable_height(self, whole: bool = False) -> int:
        """The least height at which the values are written at a readable size (0: no grid);
        ``whole``: with the column labels whole where the width allows (:func:`readable_height`)."""
        if self.grid.empty:
            return 0
        return math.ceil(readable_height(self.grid, self.font(), self.width(), self.wide, whole))

    def shape(self) -> GridGeometry:
        """The layout at the widget's size now."""
        return geometry(self.grid, self.font(), self.width(), self.height(), self.wide)

    def cell_rect(self, row: int, column: int) -> QRectF:
        """Where a cell is on the widget now (for tests and tooltips)."""
        return self.shape().cell_rect(row, column)

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        return self.shape().cell_at(point, self.grid)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        paint_grid(painter, self.grid, self.font(), self.width(), self.height(), self.hovered, self.wide)
        painter.end()

    def mouseMoveEvent(self, event) -> None:
        cell = self.cell_at(event.position())
        if cell != self.hovered:
            self.hovered = cell
            self.cell_hovered.emit(*(cell if cell is not None else (-1, -1)))
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.cell_hovered.emit(-1, -1)
            self.update()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        cell = self.cell_at(event.position()) if event.button() == Qt.MouseButton.LeftButton else None
        if cell is not None:
            self.cell_clicked.emit(*cell)
        super().mouseReleaseEvent(event)

    def text_at(self, point: QPointF) -> str:
        """The full text of a title or label at ``point`` (shown elided when long), or ""."""
        if self.grid.empty:
            return ""
        return self.shape().text_at(point, self.grid, self.width(), self.height(), QFontMetricsF(self.font()))

    def event(self, event) -> bool:
        if event.type() == event.Type.ToolTip:
            point = QPointF(event.pos())
            cell = self.cell_at(point)
            if cell is None:
                text = self.text_at(point)
            else:
                text = self.tooltip_for(*cell) if self.tooltip_for is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)
