"""The heatmaps of one round as an SVG figure written from the matrices (Qt-free):
cells as ``<rect>`` (runs of one colour merged, ``crispEdges``), real ``<text>`` in
the generic ``sans-serif`` family with Greek letters as characters, every row and
column named (a vector figure can be zoomed), the four heatmaps in a 2 x 2 grid
as on screen, each with its own colour bar at its right, a header (pair, round, profile and
parameters, the round's headline) that is also the file's ``<title>``/``<desc>``, and a legend.

``raster`` (for the HTML report) turns the cells of a large matrix into one image
instead: it maps an RGB array (rows x columns x 3) to a data URI, drawn with
``image-rendering: pixelated`` so that cells stay sharp.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from engine.layout.text import approximate_width

from ..common.svg import FONT_FAMILY, TEXT, FigureText, document, element, number, text_element, wrap
from .labels import LEVEL_PAD, level_lines, two_lines
from .model import PANELS, Heatmap, RoundsModel
from .scale import (
    ANCHOR_OUTLINE,
    NEW_ANCHOR_OUTLINE,
    OUTLINE_LEGEND,
    SIZE,
    TABLE,
    colour_indices,
    hex_colour,
    outline_strokes,
    text_on,
    value_text,
)

__all__ = ["FONT_FAMILY", "LEGEND", "RASTER_FROM", "FigureText", "heatmap_svg", "round_svg", "svg_document"]

MARGIN, GAP, TITLE_PX, HEADER_PX, CAPTION_PX = 16.0, 18.0, 12.0, 14.0, 11.0
HEATMAP_SIDE = 420.0  # the longer side of a heatmap, in px at 96 DPI (cells 4-28 px)
CELL_RANGE = (4.0, 28.0)
LABEL_PX = 10.0
BAR_WIDTH = 12.0
RASTER_FROM = 2500  # cells from which ``raster`` is used
BAR_ROOM = BAR_WIDTH + 4 + approximate_width("0.000", LABEL_PX) + 8  # the colour bar and its values
LESSON_LABEL_PX = (12.0, 11.0, 10.0, 9.0, 8.0)  # a lesson's heatmap: names in the largest whose rows fit
LESSON_VALUE_PX = (12.0, 11.0, 10.0, 9.0, 8.0, 7.0)
LESSON_CELL_MOST = 120.0  # px: a small matrix's cells no larger than this
LINE = 1.25  # a level column name's line height, in text heights
SCALE_ID = "heatmap-scale"
OVERLAP = 0.5
UNALIGNED_TEXT, SEPARATOR = "#b71c1c", "#9e9e9e"
LEGEND = (
    "Rows: test nodes; columns: gold nodes. Aligned pairs lie on the diagonal in the order they were fixed "
    "(initial anchors first); unaligned nodes (red, italic) come after the grey line. "
    f"{OUTLINE_LEGEND.capitalize()}. Each heatmap's colour scale is the bar at its right "
    "(S, the anchors and A: 0-1; F: 0 to its largest value)."
)


@dataclass(frozen=True)
class _Sizes:
    cell_width: float
    cell_height: float
    label_px: float
    row_margin: float
    column_margin: float
    value_px: float | None
    column_lines: int = 0  # column names written level on this many lines; 0: upright

    @classmethod
    def of(cls, shape: tuple[int, int], row_names: list[str], column_names: list[str]) -> _Sizes:
        """Square cells that make the longer side of the matrix about :data:`HEATMAP_SIDE` (within
        :data:`CELL_RANGE`), names in :data:`LABEL_PX` or less, column names upright."""
        rows, columns = shape
        low, high = CELL_RANGE
        cell = _quarter(min(max(HEATMAP_SIDE / max(rows, columns, 1), low), high))
        label_px = min(LABEL_PX, 0.85 * cell)
        widest = [
            max((approximate_width(name, label_px) for name in names), default=0.0)
            for names in (row_names, column_names)
        ]
        return cls(cell, cell, label_px, widest[0] + 6, widest[1] + 6, _value_px(cell, cell, (9.0, 8.0, 7.0)))

    @classmethod
    def filling(
        cls, shape: tuple[int, int], row_names: list[str], column_names: list[str], width: float, height: float
    ) -> _Sizes:
        """Cells that fill ``width`` x ``height`` with the names and the colour bar (as wide and as
        high as the room gives, at most :data:`LESSON_CELL_MOST`), as the Teaching perspective's
        enlarged heatmap lays out: names in the largest of :data:`LESSON_LABEL_PX` at which a row's
        line fits its cell, column names as large, written level where they fit their columns
        (on one line, else two: :func:`ui.rounds.labels.level_lines`), else upright."""
        rows, columns = max(shape[0], 1), max(shape[1], 1)
        sizes = None
        for px in LESSON_LABEL_PX:

            def widest(names: list[str], broken: bool = False, px: float = px) -> float:
                lines = [line for name in names for line in (two_lines(name, _measure(px)) if broken else (name,))]
                return max((approximate_width(line, px) for line in lines), default=0.0)

            row_margin = widest(row_names) + 6
            cell_width = _quarter(min(max(width - row_margin - BAR_ROOM, 1.0) / columns, LESSON_CELL_MOST))
            lines = level_lines(widest(column_names), widest(column_names, broken=True), cell_width)
            column_margin = (lines * LINE * px if lines else widest(column_names)) + 6
            cell_height = _quarter(min(max(height - 4 - column_margin, 1.0) / rows, LESSON_CELL_MOST))
            value_px = _value_px(cell_width, cell_height, LESSON_VALUE_PX)
            sizes = cls(cell_width, cell_height, px, row_margin, column_margin, value_px, lines)
            if LINE * px <= cell_height:
                break
        assert sizes is not None
        return sizes


def _quarter(size: float) -> float:
    """``size`` down to a quarter unit: every cell edge is exact in the file, so that neighbours
    share their edges."""
    return math.floor(4 * size) / 4


def _measure(px: float) -> Callable[[str], float]:
    return lambda text: approximate_width(text, px)


def _value_px(cell_width: float, cell_height: float, sizes: tuple[float, ...]) -> float | None:
    """The largest of ``sizes`` in which "0.000" fits inside a new anchor's outline, else the cell;
    None when none does, or a line of it is higher than the cell."""
    inner = outline_strokes(NEW_ANCHOR_OUTLINE, min(cell_width, cell_height))[1]
    outlined = cell_width - 2 * (inner.inset + inner.width / 2)  # the room inside a new anchor's outline
    value_px = next(
        (px for room in (outlined, cell_width) for px in sizes if approximate_width("0.000", px) + 3 <= room), None
    )
    return value_px if value_px is not None and 1.3 * value_px <= cell_height else None


def _cells(
    heatmap: Heatmap, x: float, y: float, sizes: _Sizes, raster: Callable[[np.ndarray], str] | None
) -> list[str]:
    """The matrix: one rect per run of equal colour in a row, or one pixelated image."""
    indices = colour_indices(heatmap.values, heatmap.levels)
    rows, columns = indices.shape
    cell_width, cell_height = sizes.cell_width, sizes.cell_height
    if raster is not None and indices.size >= RASTER_FROM:
        return [
            element(
                "image",
                x=number(x),
                y=number(y),
                width=number(columns * cell_width),
                height=number(rows * cell_height),
                preserveAspectRatio="none",
                style="image-rendering:pixelated",
                href=raster(TABLE[indices]),
            )
        ]
    # each rect reaches OVERLAP under its right and lower neighbours: anti-aliased renderers
    # (Qt SVG, PDF viewers) would otherwise let the background show between cells
    out = ['<g shape-rendering="crispEdges">']
    for row in range(rows):
        starts = np.flatnonzero(np.diff(indices[row], prepend=-1) != 0).tolist() if columns else []
        below = OVERLAP if row < rows - 1 else 0.0
        for start, end in zip(starts, starts[1:] + [columns]):
            right = OVERLAP if end < columns else 0.0
            out.append(
                element(
                    "rect",
                    x=number(x + start * cell_width),
                    y=number(y + row * cell_height),
                    width=number((end - start) * cell_width + right),
                    height=number(cell_height + below),
                    fill=hex_colour(int(indices[row, start])),
                )
            )
    out.append("</g>")
    return out


def _marks(heatmap: Heatmap, x: float, y: float, sizes: _Sizes, aligned: int) -> list[str]:
    """Values (where they fit), anchor outlines and the line before the unaligned nodes."""
    out = []
    rows, columns = heatmap.values.shape
    cell_width, cell_height, values_px = sizes.cell_width, sizes.cell_height, sizes.value_px
    if values_px is not None:
        indices = colour_indices(heatmap.values, heatmap.levels)
        for (row, column), value in np.ndenumerate(heatmap.values):
            out.append(
                text_element(
                    x + (column + 0.5) * cell_width,
                    y + (row + 0.5) * cell_height,
                    values_px,
                    value_text(float(value)),
                    "middle",
                    text_on(int(indices[row, column])),
                )
            )
    for cells, outline in (
        (np.argwhere(heatmap.anchors).tolist(), ANCHOR_OUTLINE),
        (heatmap.new_anchors, NEW_ANCHOR_OUTLINE),
    ):
        for row, column in cells:
            for stroke in outline_strokes(outline, min(cell_width, cell_height)):
                inset = stroke.inset
                out.append(
                    element(
                        "rect",
                        x=number(x + column * cell_width + inset),
                        y=number(y + row * cell_height + inset),
                        width=number(cell_width - 2 * inset),
                        height=number(cell_height - 2 * inset),
                        fill="none",
                        stroke=stroke.colour,
                        stroke_width=number(stroke.width),
                    )
                )
    if 0 < aligned < rows:
        out.append(
            element(
                "line",
                x1=number(x),
                y1=number(y + aligned * cell_height),
                x2=number(x + columns * cell_width),
                y2=number(y + aligned * cell_height),
                stroke=SEPARATOR,
                stroke_width="1.5",
            )
        )
    if 0 < aligned < columns:
        out.append(
            element(
                "line",
                x1=number(x + aligned * cell_width),
                y1=number(y),
                x2=number(x + aligned * cell_width),
                y2=number(y + rows * cell_height),
                stroke=SEPARATOR,
                stroke_width="1.5",
            )
        )
    return out


def _labels(names: list[str], aligned: int, axis: str, x: float, y: float, sizes: _Sizes) -> list[str]:
    """Row names right-aligned left of x, or column names below y - level, on ``sizes.column_lines``
    lines (each name broken by :func:`ui.rounds.labels.two_lines` on two), or upright - one per cell."""
    out = []
    px = sizes.label_px
    for k, name in enumerate(names):
        unaligned = k >= aligned
        colour, style = (UNALIGNED_TEXT, {"font_style": "italic"}) if unaligned else (TEXT, {})
        if axis == "row":
            out.append(text_element(x - 4, y + (k + 0.5) * sizes.cell_height, px, name, "end", colour, **style))
            continue
        centre = x + (k + 0.5) * sizes.cell_width
        if sizes.column_lines:
            fits = approximate_width(name, px) + LEVEL_PAD <= sizes.cell_width
            lines = (name,) if fits or sizes.column_lines == 1 else two_lines(name, _measure(px))
            for row, line in enumerate(lines):
                out.append(text_element(centre, y + 4 + (row + 0.5) * LINE * px, px, line, "middle", colour, **style))
        else:  # turned a quarter left: reads upwards, ends at the matrix
            out.append(
                element(
                    "text",
                    name,
                    x="0",
                    y=number(0.35 * px),
                    font_family=FONT_FAMILY,
                    font_size=number(px),
                    text_anchor="end",
                    fill=colour,
                    transform=f"translate({number(centre)} {number(y + 4)}) rotate(-90)",
                    **style,
                )
            )
    return out


def _colour_bar(x: float, y: float, height: float, levels: tuple[float, float]) -> list[str]:
    """The scale (the gradient defined in the document) with its lowest, middle and highest value."""
    out = [
        element(
            "rect", x=number(x), y=number(y), width=number(BAR_WIDTH), height=number(height), fill=f"url(#{SCALE_ID})"
        )
    ]
    low, high = levels
    for fraction in (0.0, 0.5, 1.0):
        out.append(
            text_element(
                x + BAR_WIDTH + 4, y + height - fraction * height, LABEL_PX, value_text(low + fraction * (high - low))
            )
        )
    return out


def _scale_gradient() -> str:
    """The colour scale from bottom (0) to top (1), 17 stops of :data:`TABLE`."""
    stops = "".join(
        element("stop", offset=number(k / 16), stop_color=hex_colour(round(k * (SIZE - 1) / 16))) for k in range(17)
    )
    return f'<defs><linearGradient id="{SCALE_ID}" x1="0" y1="1" x2="0" y2="0">{stops}</linearGradient></defs>'


def round_svg(
    model: RoundsModel, number: int, text: FigureText, raster: Callable[[np.ndarray], str] | None = None
) -> str:
    """A whole SVG document: the header, the four heatmaps of round ``number``, the legend."""
    view = model.round(number)
    sizes = _Sizes.of(model.shape, model.row_names, model.column_names)
    rows, columns = model.shape
    width_cells, height_cells = columns * sizes.cell_width, rows * sizes.cell_height
    bar_room = BAR_ROOM
    left = math.ceil(MARGIN + sizes.row_margin)  # whole units: cell edges stay exact
    lefts = (left, left + math.ceil(width_cells + GAP + bar_room))
    total_width = lefts[1] + width_cells + bar_room + MARGIN
    text_width = max(total_width - 2 * MARGIN, 600.0)
    header = [(text.title, HEADER_PX, True)] + [
        (line, CAPTION_PX, False) for item in text.lines for line in wrap(item, text_width, CAPTION_PX)
    ]
    body: list[str] = []
    y = MARGIN
    for line, px, bold in header:
        body.append(text_element(MARGIN, y + px / 2, px, line, **({"font_weight": "bold"} if bold else {})))
        y += px * 1.45
    # each heatmap's title over it and its row names, wrapped so as not to run into its neighbour's
    title_lefts = (MARGIN, lefts[1])
    rooms = (lefts[1] - GAP - MARGIN, width_cells + bar_room)
    positions = ((0, 0), (0, 1), (1, 0), (1, 1))
    titles = {key: wrap(title, rooms[position[1]], TITLE_PX) for (key, title), position in zip(PANELS, positions)}
    heights = [
        TITLE_PX
        * (
            1.6
            + 1.3 * (max(len(titles[key]) for (key, _), position in zip(PANELS, positions) if position[0] == row) - 1)
        )
        for row in (0, 1)
    ]
    first = math.ceil(y + GAP / 2 + heights[0])
    tops = (first, first + math.ceil(height_cells + GAP + heights[1]))
    for (key, _), position in zip(PANELS, positions):
        x, top = lefts[position[1]], tops[position[0]]
        heatmap = view.heatmaps[key]
        lines = titles[key]
        for k, line in enumerate(lines):
            body.append(
                text_element(
                    title_lefts[position[1]],
                    top - TITLE_PX - (len(lines) - 1 - k) * 1.3 * TITLE_PX,
                    TITLE_PX,
                    line,
                    font_weight="bold",
                )
            )
        body += _cells(heatmap, x, top, sizes, raster)
        body += _marks(heatmap, x, top, sizes, model.order.aligned)
        if position[1] == 0:
            body += _labels(model.row_names, model.order.aligned, "row", x, top, sizes)
        if position[0] == 1:
            body += _labels(model.column_names, model.order.aligned, "column", x, top + height_cells, sizes)
        body += _colour_bar(x + width_cells + 8, top, height_cells, heatmap.levels)  # each its own scale
    y = tops[1] + height_cells + 4 + sizes.column_margin + 8
    for line in wrap(LEGEND, text_width, CAPTION_PX):
        body.append(text_element(MARGIN, y + CAPTION_PX / 2, CAPTION_PX, line, colour="#37474f"))
        y += CAPTION_PX * 1.45
    total_height = y + MARGIN
    total_width = max(
        total_width, text_width + 2 * MARGIN, *(MARGIN * 2 + approximate_width(line, px) for line, px, _ in header)
    )
    return svg_document(total_width, total_height, text, body)


def heatmap_svg(
    heatmap: Heatmap, row_names: list[str], column_names: list[str], x: float, y: float, width: float, height: float
) -> list[str]:
    """One heatmap filling ``width`` x ``height`` from its top left corner (x, y), laid out as the
    Teaching perspective's enlarged heatmap (:meth:`_Sizes.filling`): cells, values where they fit,
    outlines, every row and column named, its colour bar. (The colour bar's gradient is defined by
    :func:`svg_document`.)"""
    sizes = _Sizes.filling(heatmap.values.shape, row_names, column_names, width, height)
    rows, columns = heatmap.values.shape
    left = math.ceil(x + sizes.row_margin)  # whole units: cell edges stay exact
    body = _cells(heatmap, left, y, sizes, None)
    body += _marks(heatmap, left, y, sizes, rows)
    body += _labels(row_names, rows, "row", left, y, sizes)
    body += _labels(column_names, columns, "column", left, y + rows * sizes.cell_height, sizes)
    body += _colour_bar(left + columns * sizes.cell_width + 8, y, rows * sizes.cell_height, heatmap.levels)
    return body


def svg_document(width: float, height: float, text: FigureText, body: Iterable[str]) -> str:
    """A whole SVG document of ``body``: its title and description, the colour scale, a white page."""
    return document(width, height, text, body, _scale_gradient())
