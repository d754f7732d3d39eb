"""SVG of graph drawings written from their geometry (no screen grab, no Qt):
real ``<text>`` in the generic ``sans-serif`` family, centred with
``text-anchor`` so any font stays centred, boxes as ``<rect>``, edges as
``<path>``. A sheet puts drawings side by side at one scale under a caption
(pair id, profile, parameters) that is also the file's ``<title>``/``<desc>``."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from engine.layout.geometry import GraphGeometry, Rect
from engine.layout.marks import GraphMarks, Status
from engine.layout.text import TextMeasure

from .graph_style import (
    FONT_FAMILY,
    FRAME_INNER,
    FRAME_INSET,
    NODE_TEXT,
    ROLE_TEXT,
    STATUS_FILL,
    TAG_FILL,
    TAG_TEXT,
    UNMATCHED_ROLE_TEXT,
    Pen,
    edge_pen,
    node_pen,
)

__all__ = ["Panel", "Sheet", "graph_svg", "sheet_svg"]

BASELINE = 0.35  # em below the vertical centre: the baseline that centres a line of text
MARGIN, TITLE_PX, CAPTION_PX, GAP = 16.0, 14.0, 12.0, 32.0


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _stroke(pen: Pen) -> str:
    dash = f' stroke-dasharray="{_number(4 * pen.width)} {_number(2.5 * pen.width)}"' if pen.dashed else ""
    return f'stroke="{pen.colour}" stroke-width="{_number(pen.width)}"{dash}'


def _text(
    x: float, center_y: float, px: float, text: str, colour: str, anchor: str = "middle", bold: bool = False
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_number(x)}" y="{_number(center_y + BASELINE * px)}" font-family="{FONT_FAMILY}" '
        f'font-size="{_number(px)}" text-anchor="{anchor}" fill="{colour}"{weight}>{escape(text)}</text>'
    )


def _rect(box: Rect, fill: str, stroke: str, radius: float) -> str:
    return (
        f'<rect x="{_number(box.x)}" y="{_number(box.y)}" width="{_number(box.width)}" height="{_number(box.height)}" '
        f'rx="{_number(radius)}" fill="{fill}" {stroke}/>'
    )


def graph_svg(geometry: GraphGeometry, marks: GraphMarks, measure: TextMeasure) -> list[str]:
    """The SVG elements of one drawing, in its own coordinates: edges, then nodes."""
    out: list[str] = []
    for edge in geometry.edges:
        unmatched = edge.key in marks.unmatched_edges
        pen = edge_pen(unmatched, edge.tree)
        (x0, y0), *_ = edge.segments[0]
        path = f"M{_number(x0)} {_number(y0)}" + "".join(
            " C" + " ".join(f"{_number(x)} {_number(y)}" for x, y in segment[1:]) for segment in edge.segments
        )
        out.append(f'<path d="{path}" fill="none" {_stroke(pen)}/>')
        arrow = " ".join(f"{_number(x)},{_number(y)}" for x, y in edge.arrow)
        out.append(f'<polygon points="{arrow}" fill="{pen.colour}" stroke="none"/>')
        box = edge.label_box
        out.append(
            _text(
                box.x + 2.0,
                box.center[1],
                measure.role_px,
                edge.edge.role,
                UNMATCHED_ROLE_TEXT if unmatched else ROLE_TEXT,
                anchor="start",
            )
        )
    for node in geometry.nodes.values():
        mark = marks.nodes.get(node.key)
        status = mark.status if mark else Status.UNSCORED
        radius = 0.0 if node.frame else 3.0 if node.constant else 9.0
        out.append(_rect(node.box, STATUS_FILL[status], _stroke(node_pen(status, node.frame)), radius))
        if node.frame:  # a DRS box's second line
            out.append(_rect(node.box.grown(-FRAME_INSET), "none", _stroke(FRAME_INNER), 0.0))
        if node.tag_box is not None and node.tag and status is not Status.UNSCORED:  # no pair (yet): no tag
            out.append(_rect(node.tag_box, TAG_FILL, 'stroke="none"', 3.0))
            out.append(
                _text(node.tag_box.center[0], node.tag_box.center[1], measure.tag_px, node.tag, TAG_TEXT, bold=True)
            )
        out.append(_text(node.text_center[0], node.text_center[1], measure.node_px, node.label, NODE_TEXT))
    return out


@dataclass
class Panel:
    """One drawing on a sheet, or a note in its place when there is none."""

    title: str
    geometry: GraphGeometry | None = None
    marks: GraphMarks = field(default_factory=GraphMarks)
    note: str = ""


@dataclass
class Sheet:
    title: str
    caption: list[str]  # lines under the title: pair, profile, parameters
    panels: list[Panel]
    legend: str = ""


def _wrap(text: str, width: float, px: float, measure: TextMeasure) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (a
    longer word stands on a line of its own)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and measure.node_width(f"{lines[-1]} {word}") * px / measure.node_px <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def sheet_svg(sheet: Sheet, measure: TextMeasure) -> str:
    """A whole SVG document: caption, then the panels side by side at zoom 1, then the legend."""

    def scaled_width(line: str, px: float) -> float:
        return measure.node_width(line) * px / measure.node_px

    sizes = []
    for panel in sheet.panels:
        bounds = panel.geometry.bounds if panel.geometry is not None and panel.geometry.nodes else None
        width = max(
            bounds.width if bounds else 0.0,
            scaled_width(panel.title, TITLE_PX),
            scaled_width(panel.note, CAPTION_PX) if panel.note else 0.0,
        )
        height = (bounds.height if bounds else 0.0) + (CAPTION_PX * 2 if panel.note else 0.0)
        sizes.append((bounds, width, height))
    graphs_width = sum(width for _, width, _ in sizes) + GAP * max(0, len(sizes) - 1)
    text_width = max(graphs_width, 640.0)
    lines = [(sheet.title, TITLE_PX, True)] + [
        (line, CAPTION_PX, False) for item in sheet.caption for line in _wrap(item, text_width, CAPTION_PX, measure)
    ]
    body: list[str] = []
    y = MARGIN
    for line, px, bold in lines:
        body.append(_text(MARGIN, y + px / 2, px, line, NODE_TEXT, anchor="start", bold=bold))
        y += px * 1.4
    top = y + 8.0
    x, bottom = MARGIN, top
    for panel, (bounds, width, height) in zip(sheet.panels, sizes):
        body.append(_text(x, top + TITLE_PX / 2, TITLE_PX, panel.title, NODE_TEXT, anchor="start", bold=True))
        graph_top = top + TITLE_PX * 1.8
        graph_height = 0.0
        if bounds is not None and panel.geometry is not None:
            body.append(f'<g transform="translate({_number(x - bounds.x)} {_number(graph_top - bounds.y)})">')
            body.extend(graph_svg(panel.geometry, panel.marks, measure))
            body.append("</g>")
            graph_height = bounds.height
        if panel.note:
            body.append(
                _text(
                    x,
                    graph_top + graph_height + CAPTION_PX,
                    CAPTION_PX,
                    panel.note,
                    UNMATCHED_ROLE_TEXT,
                    anchor="start",
                )
            )
        x += width + GAP
        bottom = max(bottom, graph_top + height)
    y = bottom + 12.0
    for line in _wrap(sheet.legend, text_width, CAPTION_PX, measure) if sheet.legend else []:
        body.append(_text(MARGIN, y + CAPTION_PX / 2, CAPTION_PX, line, ROLE_TEXT, anchor="start"))
        y += CAPTION_PX * 1.4
    width = MARGIN * 2 + max([text_width] + [scaled_width(line, px) for line, px, _ in lines])
    height = y + MARGIN
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_number(width)}" height="{_number(height)}" '
        f'viewBox="0 0 {_number(width)} {_number(height)}">\n'
        f"<title>{escape(sheet.title)}</title>\n<desc>{escape(chr(10).join(sheet.caption))}</desc>\n"
        f'<rect x="0" y="0" width="{_number(width)}" height="{_number(height)}" fill="#ffffff"/>\n'
        + "\n".join(body)
        + "\n</svg>\n"
    )
