"""A :class:`~.figure.Plot` as an SVG figure for print (Qt-free): a header (the plot's title, then
the files, metric and parameters it shows - also the file's ``<title>`` and ``<desc>``), the plot
area with its axes, ticks and grid, the bars or points, the guides, a legend, and the note,
every word real ``<text>``. The sentences chosen are drawn in :data:`~.figure.CHOSEN` (a bar's
chosen share; the chosen points larger, outlined) and the sentence selected is ringed, as on screen; ``ranges``
draws the part of the plot shown on screen (after zooming), clipped to the plot area.
"""

from __future__ import annotations

import math

import numpy as np

from engine.layout.text import approximate_width

from ..common.names import distinct_name
from ..common.svg import FigureText, document, element, number, text_element, wrap
from .figure import CHOSEN, MARK, Axis, Guide, Plot, nice_ticks

__all__ = ["PLOT_HEIGHT", "PLOT_WIDTH", "plot_svg"]

PLOT_WIDTH, PLOT_HEIGHT = 560.0, 340.0  # the plot area, px at 96 DPI
MARGIN, TITLE_PX, HEADER_PX, TICK_PX, AXIS_PX, LEGEND_PX = 16.0, 14.0, 11.0, 10.0, 12.0, 11.0
POINT_RADIUS, CHOSEN_RADIUS, MARK_RADIUS = 2.6, 3.8, 7.0
GRID, FRAME, NOTE = "#e3e3e3", "#333333", "#37474f"
CLIP_ID = "plot-area"
PADDING = 0.025  # of an axis's range, on each side
TICK_LETTERS = 18  # a name on a named axis (annotators' files): longer ones are shortened (distinct_name)
LEGEND_LETTERS = 24  # a series' name in the legend, likewise (the header names the files whole)

Ranges = tuple[tuple[float, float], tuple[float, float]]


class _Frame:
    """Data to figure coordinates inside the plot area at (``left``, ``top``)."""

    def __init__(self, left: float, top: float, x: tuple[float, float], y: tuple[float, float]):
        self.left, self.top, self.x, self.y = left, top, x, y

    def fx(self, value: float | np.ndarray):
        low, high = self.x
        return self.left + (np.asarray(value) - low) / ((high - low) or 1.0) * PLOT_WIDTH

    def fy(self, value: float | np.ndarray):
        low, high = self.y
        return self.top + PLOT_HEIGHT - (np.asarray(value) - low) / ((high - low) or 1.0) * PLOT_HEIGHT


def _ticks(axis: Axis, span: tuple[float, float]) -> list[tuple[float, str]]:
    """The axis's ticks in ``span``; a named axis's names shortened to what tells them apart."""
    if axis.ticks:
        names = [label for _, label in axis.ticks]
        shown = [distinct_name(label, names, TICK_LETTERS) if axis.named else label for label in names]
        return [(value, label) for (value, _), label in zip(axis.ticks, shown) if span[0] <= value <= span[1]]
    return [(value, format(value, "g")) for value in nice_ticks(*span, whole=axis.whole)]


def _rotated(ticks: list[tuple[float, str]]) -> bool:
    """Whether the x tick labels are too wide for their room and are written slanted."""
    room = PLOT_WIDTH / max(len(ticks), 1)
    return any(approximate_width(label, TICK_PX) + 6 > room for _, label in ticks)


def _axes(plot: Plot, frame: _Frame) -> list[str]:
    out = [f'<g stroke="{GRID}" stroke-width="1">']
    x_ticks, y_ticks = _ticks(plot.x, frame.x), _ticks(plot.y, frame.y)
    for value, _ in x_ticks:
        across = number(float(frame.fx(value)))
        out.append(element("line", x1=across, y1=number(frame.top), x2=across, y2=number(frame.top + PLOT_HEIGHT)))
    for value, _ in y_ticks:
        up = number(float(frame.fy(value)))
        out.append(element("line", x1=number(frame.left), y1=up, x2=number(frame.left + PLOT_WIDTH), y2=up))
    out.append("</g>")
    bottom = frame.top + PLOT_HEIGHT
    slanted = _rotated(x_ticks)
    for value, label in x_ticks:
        x = float(frame.fx(value))
        out.append(element("line", x1=number(x), y1=number(bottom), x2=number(x), y2=number(bottom + 4), stroke=FRAME))
        if slanted:
            out.append(
                text_element(
                    x, bottom + 10, TICK_PX, label, "end", transform=f"rotate(-35 {number(x)} {number(bottom + 10)})"
                )
            )
        else:
            out.append(text_element(x, bottom + 12, TICK_PX, label, "middle"))
    for value, label in y_ticks:
        y = float(frame.fy(value))
        out.append(
            element("line", x1=number(frame.left - 4), y1=number(y), x2=number(frame.left), y2=number(y), stroke=FRAME)
        )
        out.append(text_element(frame.left - 7, y, TICK_PX, label, "end"))
    out.append(
        element(
            "rect",
            x=number(frame.left),
            y=number(frame.top),
            width=number(PLOT_WIDTH),
            height=number(PLOT_HEIGHT),
            fill="none",
            stroke=FRAME,
        )
    )
    below = _x_labels_height(x_ticks)
    out.append(text_element(frame.left + PLOT_WIDTH / 2, bottom + below + AXIS_PX, AXIS_PX, plot.x.title, "middle"))
    centre_y, title_x = frame.top + PLOT_HEIGHT / 2, frame.left - _y_labels_width(y_ticks) - AXIS_PX
    out.append(
        text_element(
            title_x,
            centre_y,
            AXIS_PX,
            plot.y.title,
            "middle",
            transform=f"rotate(-90 {number(title_x)} {number(centre_y)})",
        )
    )
    return out


def _x_labels_height(ticks: list[tuple[float, str]]) -> float:
    if not _rotated(ticks):
        return 20.0
    widest = max((approximate_width(label, TICK_PX) for _, label in ticks), default=0.0)
    return 16.0 + widest * math.sin(math.radians(35))


def _y_labels_width(ticks: list[tuple[float, str]]) -> float:
    return 10.0 + max((approximate_width(label, TICK_PX) for _, label in ticks), default=0.0)


def _bars(plot: Plot, frame: _Frame, chosen: frozenset[int], marked: int | None) -> list[str]:
    bars = plot.bars
    if bars is None:
        return []
    out = [f'<g clip-path="url(#{CLIP_ID})">']
    layers: list[tuple[np.ndarray, str | None]] = [(bars.counts, None)]
    if chosen:
        layers.append((bars.chosen_counts(chosen), CHOSEN))
    base = float(frame.fy(max(frame.y[0], 0.0)))
    for counts, colour in layers:
        for b, count in enumerate(counts.tolist()):
            if count <= 0:
                continue
            x0, x1 = float(frame.fx(bars.edges[b])), float(frame.fx(bars.edges[b + 1]))
            top = float(frame.fy(count))
            out.append(
                element(
                    "rect",
                    x=number(x0),
                    y=number(top),
                    width=number(max(x1 - x0, 0.5)),
                    height=number(max(base - top, 0.0)),
                    fill=colour or bars.colours[b],
                    stroke="#ffffff",
                    stroke_width="0.8",
                )
            )
    held = [b for b, keys in enumerate(bars.members) if marked is not None and np.any(keys == marked)]
    for b in held:  # the bar of the sentence selected, outlined
        x0, x1, top = (
            float(frame.fx(bars.edges[b])),
            float(frame.fx(bars.edges[b + 1])),
            float(frame.fy(bars.counts[b])),
        )
        out.append(
            element(
                "rect",
                x=number(x0),
                y=number(top),
                width=number(x1 - x0),
                height=number(max(base - top, 0.0)),
                fill="none",
                stroke=MARK,
                stroke_width="2",
            )
        )
    out.append("</g>")
    return out


def _visible(frame: _Frame, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    (x0, x1), (y0, y1) = frame.x, frame.y
    return np.isfinite(x) & np.isfinite(y) & (x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)


def _circles(xs: np.ndarray, ys: np.ndarray, radius: float, **style) -> str:
    attributes = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in style.items())
    circles = "".join(
        f'<circle cx="{number(x)}" cy="{number(y)}" r="{number(radius)}"/>' for x, y in zip(xs.tolist(), ys.tolist())
    )
    return f"<g{attributes}>{circles}</g>"


def _points(plot: Plot, frame: _Frame, chosen: frozenset[int], marked: int | None) -> list[str]:
    out = [f'<g clip-path="url(#{CLIP_ID})">']
    wanted = np.fromiter(chosen, dtype=np.int64, count=len(chosen)) if chosen else None
    for series in plot.points:
        shown = _visible(frame, series.x, series.y)
        xs, ys = frame.fx(series.x[shown]), frame.fy(series.y[shown])
        out.append(_circles(xs, ys, POINT_RADIUS, fill=series.colour, fill_opacity="0.55"))
        if wanted is not None:
            picked = shown & np.isin(series.keys, wanted)
            out.append(
                _circles(
                    frame.fx(series.x[picked]),
                    frame.fy(series.y[picked]),
                    CHOSEN_RADIUS,
                    fill=series.colour,
                    stroke=CHOSEN,
                    stroke_width="1.2",
                )
            )
        if marked is not None:
            ringed = shown & (series.keys == marked)
            out.append(
                _circles(
                    frame.fx(series.x[ringed]),
                    frame.fy(series.y[ringed]),
                    MARK_RADIUS,
                    fill="none",
                    stroke=MARK,
                    stroke_width="2",
                )
            )
    out.append("</g>")
    return out


def _guide_line(guide: Guide, frame: _Frame) -> str | None:
    (x0, x1), (y0, y1) = frame.x, frame.y
    if guide.orientation == "vertical":
        ends = ((guide.value, y0), (guide.value, y1)) if x0 <= guide.value <= x1 else None
    elif guide.orientation == "horizontal":
        ends = ((x0, guide.value), (x1, guide.value)) if y0 <= guide.value <= y1 else None
    else:  # y = x + value, inside the box
        low, high = max(x0, y0 - guide.value), min(x1, y1 - guide.value)
        ends = ((low, low + guide.value), (high, high + guide.value)) if low < high else None
    if ends is None:
        return None
    (a, b), (c, d) = ends
    return element(
        "line",
        x1=number(float(frame.fx(a))),
        y1=number(float(frame.fy(b))),
        x2=number(float(frame.fx(c))),
        y2=number(float(frame.fy(d))),
        stroke=guide.colour,
        stroke_width="1.5",
        **({"stroke_dasharray": "6 4"} if guide.dashed else {}),
    )


def _legend(plot: Plot, chosen: frozenset[int], marked: int | None) -> list[tuple[str, str, str]]:
    """(kind, colour, name) of each legend entry: its title, a series' dot (its name shortened to
    what tells it apart, its summary), a guide's line, the chosen and the marked."""
    named = len(plot.points) > 1  # a single series needs no legend
    names = [series.name for series in plot.points]
    entries = [("title", NOTE, plot.legend_title)] if plot.legend_title and named else []
    entries += [
        (
            "dot",
            series.colour,
            " ".join(filter(None, (distinct_name(series.name, names, LEGEND_LETTERS), series.summary))),
        )
        for series in plot.points
        if series.name and named
    ]
    entries += [("line", guide.colour, guide.name) for guide in plot.guides if guide.name]
    if chosen:
        entries.append(("chosen" if plot.points else "box", CHOSEN, f"chosen: {len(chosen)} {plot.unit}s"))
    if marked is not None:
        entries.append(("ring" if plot.points else "outline", MARK, f"selected {plot.unit}"))
    return entries


def _legend_svg(entries: list[tuple[str, str, str]], left: float, top: float, width: float) -> tuple[list[str], float]:
    """The legend in rows that fit ``width``; its elements and height."""
    out, x, y = [], left, top + LEGEND_PX / 2
    for kind, colour, name in entries:
        marker = 0 if kind == "title" else 20  # room for the entry's mark before its name
        size = marker + 2 + approximate_width(name, LEGEND_PX) + 14
        if x > left and x + size > left + width:
            x, y = left, y + LEGEND_PX * 1.6
        if kind == "dot":
            out.append(element("circle", cx=number(x + 6), cy=number(y), r="4", fill=colour))
        elif kind == "chosen":
            out.append(
                element(
                    "circle", cx=number(x + 6), cy=number(y), r="4", fill="#ffffff", stroke=colour, stroke_width="1.2"
                )
            )
        elif kind == "ring":
            out.append(
                element("circle", cx=number(x + 6), cy=number(y), r="5", fill="none", stroke=colour, stroke_width="2")
            )
        elif kind == "outline":
            out.append(
                element(
                    "rect",
                    x=number(x + 1),
                    y=number(y - 5),
                    width="10",
                    height="10",
                    fill="none",
                    stroke=colour,
                    stroke_width="2",
                )
            )
        elif kind == "box":
            out.append(element("rect", x=number(x + 1), y=number(y - 5), width="10", height="10", fill=colour))
        elif kind == "line":
            out.append(
                element(
                    "line",
                    x1=number(x),
                    y1=number(y),
                    x2=number(x + 14),
                    y2=number(y),
                    stroke=colour,
                    stroke_width="1.5",
                    stroke_dasharray="4 3",
                )
            )
        out.append(text_element(x + marker, y, LEGEND_PX, name))
        x += size
    return out, (y - top + LEGEND_PX) if entries else 0.0


def _padded(low: float, high: float, keep_low: bool = False) -> tuple[float, float]:
    """A range a little wider, so that points on its edges are drawn whole (bars keep their base)."""
    pad = PADDING * ((high - low) or 1.0)
    return (low if keep_low else low - pad), high + pad


def plot_svg(
    plot: Plot, chosen: frozenset[int] = frozenset(), marked: int | None = None, ranges: Ranges | None = None
) -> str:
    """The whole SVG document of ``plot`` (module docstring); ``ranges``: ((x low, x high),
    (y low, y high)) shown, default the axes' (a little wider)."""
    if ranges is None:
        ranges = (_padded(plot.x.low, plot.x.high), _padded(plot.y.low, plot.y.high, keep_low=plot.bars is not None))
    x_span, y_span = ranges
    y_ticks = _ticks(plot.y, y_span)
    left = MARGIN + AXIS_PX * 1.6 + _y_labels_width(y_ticks)
    width = left + PLOT_WIDTH + MARGIN
    text_width = width - 2 * MARGIN
    header = [(plot.title, TITLE_PX, True)] + [
        (line, HEADER_PX, False) for item in plot.header for line in wrap(item, text_width, HEADER_PX, True)
    ]
    longest = max(approximate_width(line, px) for line, px, _ in header)
    width = max(width, longest + 2 * MARGIN)  # a long path is not cut: the figure is wider
    body: list[str] = []
    y = MARGIN
    for line, px, bold in header:
        body.append(text_element(MARGIN, y + px / 2, px, line, **({"font_weight": "bold"} if bold else {})))
        y += px * 1.45
    top = y + 10
    frame = _Frame(left, top, x_span, y_span)
    if plot.empty:
        body.append(text_element(left + PLOT_WIDTH / 2, top + PLOT_HEIGHT / 2, AXIS_PX, plot.empty, "middle"))
    body += _axes(plot, frame)
    body += _bars(plot, frame, chosen, marked)
    body += _points(plot, frame, chosen, marked)
    body += [drawn for guide in plot.guides if (drawn := _guide_line(guide, frame)) is not None]
    y = top + PLOT_HEIGHT + _x_labels_height(_ticks(plot.x, x_span)) + AXIS_PX * 2
    legend, height = _legend_svg(_legend(plot, chosen, marked), MARGIN, y, text_width)
    body += legend
    y += height + (8 if height else 0)
    for line in wrap(plot.note, text_width, HEADER_PX) if plot.note else []:
        body.append(text_element(MARGIN, y + HEADER_PX / 2, HEADER_PX, line, colour=NOTE))
        y += HEADER_PX * 1.45
    clip = (
        f'<defs><clipPath id="{CLIP_ID}"><rect x="{number(left)}" y="{number(top)}" '
        f'width="{number(PLOT_WIDTH)}" height="{number(PLOT_HEIGHT)}"/></clipPath></defs>'
    )
    return document(width, y + MARGIN, FigureText(plot.title, plot.header), body, clip)
