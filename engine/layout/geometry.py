"""The geometry of a drawn graph, in scene units (pixels at zoom 1): boxes,
text anchors, edge paths as cubic Bézier segments and arrow heads. Renderers
(the Qt scene, the SVG writer) draw exactly this and compute nothing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .elements import DrawEdge

__all__ = ["EdgeGeometry", "GraphGeometry", "NodeGeometry", "Point", "Rect", "Segment", "point_on_segment"]

Point = tuple[float, float]
Segment = tuple[Point, Point, Point, Point]  # start, control 1, control 2, end of a cubic Bézier


@dataclass(frozen=True)
class Rect:
    x: float  # left
    y: float  # top
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> Point:
        return self.x + self.width / 2, self.y + self.height / 2

    def overlaps(self, other: Rect, tolerance: float = 0.01) -> bool:
        """True when the two boxes share an area (touching edges do not count)."""
        return (
            min(self.right, other.right) - max(self.x, other.x) > tolerance
            and min(self.bottom, other.bottom) - max(self.y, other.y) > tolerance
        )

    def united(self, other: Rect) -> Rect:
        left, top = min(self.x, other.x), min(self.y, other.y)
        return Rect(left, top, max(self.right, other.right) - left, max(self.bottom, other.bottom) - top)

    def grown(self, margin: float) -> Rect:
        return Rect(self.x - margin, self.y - margin, self.width + 2 * margin, self.height + 2 * margin)


@dataclass(frozen=True)
class NodeGeometry:
    """A node's box; its label is centred on ``text_center``; an aligned node
    carries its pair tag in ``tag_box`` at the left end of the box; ``frame``:
    drawn as a frame (a DRS box)."""

    key: str
    label: str
    box: Rect
    text_center: Point
    constant: bool
    layer: int
    tag: str | None = None
    tag_box: Rect | None = None
    frame: bool = False


@dataclass(frozen=True)
class EdgeGeometry:
    """A relation drawn from its upper end to its lower end as Bézier
    ``segments``; the arrow head (tip, two base corners) sits at the end the
    relation points to, so an inverted edge (``:ARG0-of`` in the text) points
    up. The role is written in ``label_box``, left-aligned, right of the line."""

    edge: DrawEdge
    tree: bool  # the edge that places its lower node in the drawing
    inverted: bool  # the arrow points up: the upper node is the relation's target
    segments: tuple[Segment, ...]
    arrow: tuple[Point, Point, Point]
    label_box: Rect

    @property
    def key(self) -> tuple[str, str, str]:
        return self.edge.source, self.edge.role, self.edge.target


@dataclass(frozen=True)
class GraphGeometry:
    root: str
    nodes: dict[str, NodeGeometry]
    edges: tuple[EdgeGeometry, ...]
    layers: tuple[tuple[str, ...], ...]  # node keys, top layer first, left to right

    @cached_property
    def bounds(self) -> Rect:
        """The smallest box around every node, label and edge."""
        boxes = [node.box for node in self.nodes.values()] + [edge.label_box for edge in self.edges]
        if not boxes:
            return Rect(0.0, 0.0, 0.0, 0.0)
        xs = [x for edge in self.edges for segment in edge.segments for x, _ in segment]
        result = boxes[0]
        for box in boxes[1:]:
            result = result.united(box)
        if xs:
            result = result.united(Rect(min(xs), result.y, max(xs) - min(xs), 0.0))
        return result


def point_on_segment(segment: Segment, t: float) -> Point:
    """B(t) = (1-t)³P0 + 3(1-t)²t C1 + 3(1-t)t² C2 + t³P3."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = segment
    u = 1.0 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3
