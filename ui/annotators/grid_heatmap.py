"""A labelled heatmap with its values written in the cells (:class:`~ui.annotators.views.Grid`),
drawn from the data by one painter function for the screen, SVG and PNG at a chosen DPI.

The widget reports the cell under the mouse (``cell_hovered``) and the cell clicked
(``cell_clicked``), frames the hovered cell (until the grid's data change) and the grid's marked one, and asks
``tooltip_for(row, column)`` for a cell's tooltip. Labels and axis titles too long for their
room keep the part that tells them apart (:func:`short_labels`); hovering one shows it in full.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetricsF, QImage, QLinearGradient, QPainter, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from ..common.name_labels import elided_name
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
    cell: float  # cell side
    rotated: bool  # column labels written upwards
    line: float  # text line height
    label_width: float  # widest row label (elided)
    columns_height: float  # height of the column labels (rotated ones: elided to it, less a GAP)

    def cell_rect(self, row: int, column: int) -> QRectF:
        return QRectF(self.left + column * self.cell, self.top + row * self.cell, self.cell, self.cell)

    def cell_at(self, point: QPointF, grid: Grid) -> tuple[int, int] | None:
        column = int((point.x() - self.left) // self.cell) if self.cell > 0 else -1
        row = int((point.y() - self.top) // self.cell) if self.cell > 0 else -1
        inside = point.x() >= self.left and point.y() >= self.top
        return (row, column) if inside and 0 <= row < len(grid.rows) and 0 <= column < len(grid.columns) else None

    def column_title_rect(self, grid: Grid, width: float, text_width: float) -> QRectF:
        """Where the column title goes: centred over the columns, widened to its text as far as
        the widget allows (the text is elided to this width)."""
        body = len(grid.columns) * self.cell
        wanted = max(body, text_width)
        room = max(1.0, width - 2 * GAP)
        span = min(wanted, room)
        x = min(max(GAP, self.left + body / 2 - span / 2), width - GAP - span)
        return QRectF(x, GAP + self.line * 1.3, span, self.line)

    def row_title_span(self, grid: Grid, height: float, text_width: float) -> tuple[float, float]:
        """(top, length) of the row title written upwards beside the rows: centred on them,
        lengthened to its text as far as the room between the column title and the caption
        allows (the text is elided to this length)."""
        body = len(grid.rows) * self.cell
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
        row = int((y - self.top) // self.cell) if self.cell > 0 else -1
        if self.left - GAP - self.label_width <= x < self.left and 0 <= row < len(grid.rows) and y >= self.top:
            return grid.rows[row]
        column = int((x - self.left) // self.cell) if self.cell > 0 else -1
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


def _widest(metrics: QFontMetricsF, labels: list[str]) -> float:
    return max((metrics.horizontalAdvance(label) for label in labels), default=0.0)


def _scale_width(metrics: QFontMetricsF, grid: Grid) -> float:
    return GAP * 2 + BAR + GAP + max(metrics.horizontalAdvance(_number(v)) for v in (grid.low, grid.high))


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


def readable_height(grid: Grid, font: QFont, width: float) -> float:
    """The least height in ``width`` at which :func:`geometry` writes the values at
    :data:`READABLE_VALUE_PX` (column labels written upwards shortened to :data:`LEAST_LABEL`)."""
    metrics = QFontMetricsF(font)
    line = metrics.height()
    column_width = _widest(metrics, short_labels(metrics, grid.columns, MAX_LABEL))
    wanted = readable_cell(font, grid.texts)
    rotated = column_width > wanted - 4
    columns_height = min(column_width, metrics.horizontalAdvance(LEAST_LABEL)) + GAP if rotated else line + GAP
    foot = GAP + caption_lines(metrics, grid.caption, width - 2 * GAP) * line + GAP
    return GAP + line * 1.3 + line + GAP + columns_height + len(grid.rows) * wanted + foot


def geometry(grid: Grid, font: QFont, width: float | None = None, height: float | None = None) -> GridGeometry:
    """The layout in ``width`` x ``height`` (the cells as large as fit, at most twice the natural
    size), or at the natural cell size when no size is given. On screen, column labels written
    upwards are shortened (:func:`short_labels`, never below :data:`LEAST_LABEL`; hovering one names
    it in full) while the cells are too small to write their values at :data:`READABLE_VALUE_PX`,
    and the caption keeps the lines it needs only."""
    metrics = QFontMetricsF(font)
    line = metrics.height()
    label_width = _widest(metrics, short_labels(metrics, grid.rows, MAX_LABEL))
    column_width = _widest(metrics, short_labels(metrics, grid.columns, MAX_LABEL))
    left = GAP + line + GAP + label_width + GAP  # the row title written upwards, then the labels
    head = GAP + line * 1.3 + line + GAP  # title, column title
    lines = 2 if width is None else caption_lines(metrics, grid.caption, width - 2 * GAP)
    foot = GAP + lines * line + GAP  # caption
    right = _scale_width(metrics, grid)
    rows, columns = max(1, len(grid.rows)), max(1, len(grid.columns))

    def fit(columns_height: float) -> float:
        if width is None or height is None:
            return NATURAL_CELL
        across = (width - left - right) / columns
        down = (height - head - columns_height - foot) / rows
        return max(8.0, min(across, down, 2 * NATURAL_CELL))

    cell = fit(line + GAP)
    rotated = column_width > cell - 4
    columns_height = (column_width + GAP) if rotated else line + GAP
    if rotated and width is not None and height is not None:
        across = (width - left - right) / columns
        wanted = min(readable_cell(font, grid.texts), across)  # no shorter labels than that needs
        least = min(column_width, metrics.horizontalAdvance(LEAST_LABEL)) + GAP
        columns_height = max(least, min(columns_height, height - head - foot - rows * wanted))
    if rotated:
        cell = fit(columns_height)
    return GridGeometry(left, head + columns_height, cell, rotated, line, label_width, columns_height)


def natural_size(grid: Grid, font: QFont) -> QSize:
    shape = geometry(grid, font)
    metrics = QFontMetricsF(font)
    body_width = shape.left + len(grid.columns) * shape.cell + _scale_width(metrics, grid)
    text_width = max(metrics.horizontalAdvance(grid.title), metrics.horizontalAdvance(grid.caption)) + 2 * GAP
    height = shape.top + len(grid.rows) * shape.cell + GAP + 2 * shape.line + GAP
    return QSize(round(max(body_width, text_width)), round(height))


def paint_grid(
    painter: QPainter, grid: Grid, font: QFont, width: float, height: float, hovered: tuple[int, int] | None = None
) -> GridGeometry:
    """Draw ``grid`` in ``width`` x ``height``: title, axis titles, labels, coloured cells with
    their texts, the colour scale and the caption; returns the layout used."""
    shape = geometry(grid, font, width, height)
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
    body_width = len(grid.columns) * shape.cell
    body_height = len(grid.rows) * shape.cell
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
    for r, label in enumerate(short_labels(metrics, grid.rows, MAX_LABEL)):
        rect = QRectF(shape.left - GAP - shape.label_width, shape.top + r * shape.cell, shape.label_width, shape.cell)
        painter.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    room = shape.columns_height - GAP if shape.rotated else MAX_LABEL
    for c, text in enumerate(short_labels(metrics, grid.columns, room)):
        if shape.rotated:
            painter.save()
            painter.translate(shape.left + (c + 0.5) * shape.cell + shape.line / 2 - metrics.descent(), shape.top - GAP)
            painter.rotate(-90)
            painter.drawText(QPointF(0, 0), text)
            painter.restore()
        else:
            rect = QRectF(shape.left + c * shape.cell, shape.top - shape.columns_height, shape.cell, shape.line)
            painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text)
    texts = grid.texts
    cell_font = value_font(font, texts, shape.cell)
    if cell_font is None and grid.compact is not None:
        texts = grid.compact
        cell_font = value_font(font, texts, shape.cell)
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
        x = shape.left + k * shape.cell
        painter.drawLine(QPointF(x, shape.top), QPointF(x, shape.top + body_height))
    for k in range(1, len(grid.rows)):
        y = shape.top + k * shape.cell
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


def value_font(font: QFont, texts: tuple[tuple[str, ...], ...], cell: float) -> QFont | None:
    """The font of ``texts`` in cells of side ``cell``: ``font``, or smaller (down to
    MIN_VALUE_PX) so that the widest text fits; None when even that does not fit."""

    def fits(candidate: QFont) -> bool:
        metrics = QFontMetricsF(candidate)
        widest = max((metrics.horizontalAdvance(text) for row in texts for text in row), default=0.0)
        return widest <= cell - 4 and metrics.height() <= cell

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
    x = shape.left + len(grid.columns) * shape.cell + 2 * GAP
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

    def __init__(self, parent=None):
        super().__init__(parent)
        self.grid: Grid = EMPTY_GRID
        self.hovered: tuple[int, int] | None = None
        self.tooltip_for: Callable[[int, int], str] | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 120)

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

    def readable_height(self) -> int:
        """The least height at which the values are written at a readable size (0: no grid)."""
        return 0 if self.grid.empty else math.ceil(readable_height(self.grid, self.font(), self.width()))

    def cell_rect(self, row: int, column: int) -> QRectF:
        """Where a cell is on the widget now (for tests and tooltips)."""
        return geometry(self.grid, self.font(), self.width(), self.height()).cell_rect(row, column)

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        return geometry(self.grid, self.font(), self.width(), self.height()).cell_at(point, self.grid)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        paint_grid(painter, self.grid, self.font(), self.width(), self.height(), self.hovered)
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
        shape = geometry(self.grid, self.font(), self.width(), self.height())
        return shape.text_at(point, self.grid, self.width(), self.height(), QFontMetricsF(self.font()))

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
