"""Edge paths through their slots, as cubic Bézier segments.

An edge leaves its upper node from a port on the box's bottom side and enters
its lower node from a port on the top side; the ports of one side are spread
along it in the left-to-right order of where their edges go, so edges of one
node neither start at one point nor cross at the box. Through each rank the
edge crosses, it runs straight down its slot; between two ranks it is an
S-curve with vertical tangents, (P, (Px, Py + h/2), (Qx, Qy - h/2), Q) for a
gap of height h, whose y grows monotonically from band to band. Since every box
lies inside a rank's band and every slot is kept apart from the boxes of its
rank, no edge passes through a node. (A self-loop, which valid AMR never has,
goes down to its label slot and back up to a second port; it may cross its own
label.)
"""

from __future__ import annotations

from .geometry import Point, Rect, Segment

__all__ = ["arrow_head", "curve", "line", "spread_ports"]

PORT_MARGIN = 8.0  # ports keep this far from a box's corners
ARROW_LENGTH, ARROW_HALF_WIDTH = 8.0, 3.5


def spread_ports(box: Rect, count: int) -> list[float]:
    """x of ``count`` ports spread evenly along a side of ``box``."""
    span = max(0.0, box.width - 2 * PORT_MARGIN)
    return [box.x + PORT_MARGIN + span * (k + 0.5) / count for k in range(count)]


def curve(start: Point, end: Point) -> Segment:
    """An S-curve leaving ``start`` and reaching ``end`` vertically."""
    middle = (end[1] - start[1]) / 2
    return start, (start[0], start[1] + middle), (end[0], end[1] - middle), end


def line(start: Point, end: Point) -> Segment:
    """A straight segment written as a cubic."""
    (x0, y0), (x1, y1) = start, end
    return start, (x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3), (x0 + 2 * (x1 - x0) / 3, y0 + 2 * (y1 - y0) / 3), end


def arrow_head(tip: Point, pointing_down: bool) -> tuple[Point, Point, Point]:
    """A triangle with its tip at ``tip``, pointing down or up."""
    back = tip[1] - ARROW_LENGTH if pointing_down else tip[1] + ARROW_LENGTH
    return tip, (tip[0] - ARROW_HALF_WIDTH, back), (tip[0] + ARROW_HALF_WIDTH, back)
