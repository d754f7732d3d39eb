"""Measures of a drawing's readability, computed from its geometry alone.

Edge paths are flattened into ``PIECES`` straight pieces per Bézier segment.
A box *overlaps* another when they share an area (touching does not count); an
edge *passes through* a node when a piece of it enters the node's box shrunk by
``CLEARANCE`` (its own two ends excepted); two edges *cross* once per pair of
pieces that properly intersect; a label is *on an edge* when a piece of another
edge enters its box shrunk by ``CLEARANCE``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import EdgeGeometry, GraphGeometry, Rect, point_on_segment

__all__ = ["DrawingQuality", "measure_drawing", "polyline"]

PIECES = 8
CLEARANCE = 0.5


@dataclass(frozen=True)
class DrawingQuality:
    label_overlaps: int  # pairs of boxes that overlap, one of them an edge label, the other a label or a node
    edges_through_nodes: int  # (edge, node) pairs, the node not an end of the edge
    edge_crossings: int
    labels_on_edges: int  # (label, other edge) pairs

    def __add__(self, other: DrawingQuality) -> DrawingQuality:
        return DrawingQuality(*(a + b for a, b in zip(self.astuple(), other.astuple())))

    def astuple(self) -> tuple[int, int, int, int]:
        return self.label_overlaps, self.edges_through_nodes, self.edge_crossings, self.labels_on_edges


def polyline(edge: EdgeGeometry) -> np.ndarray:
    """(n, 4) array of the straight pieces (x0, y0, x1, y1) of an edge path."""
    ts = np.linspace(0.0, 1.0, PIECES + 1)
    points = [point_on_segment(segment, float(t)) for segment in edge.segments for t in ts]
    array = np.array(points, dtype=float).reshape(len(edge.segments), PIECES + 1, 2)
    starts, ends = array[:, :-1, :].reshape(-1, 2), array[:, 1:, :].reshape(-1, 2)
    return np.hstack([starts, ends])


def _boxes(rects: list[Rect]) -> np.ndarray:
    return np.array([(r.x, r.y, r.right, r.bottom) for r in rects], dtype=float).reshape(-1, 4)


def _overlap_matrix(a: np.ndarray, b: np.ndarray, tolerance: float = 0.01) -> np.ndarray:
    width = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    height = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    return (width > tolerance) & (height > tolerance)


def _pieces_enter_boxes(pieces: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """(pieces, boxes) matrix: does the piece enter the box's interior?
    Liang-Barsky clipping of every piece against every box."""
    x0, y0 = pieces[:, 0:1], pieces[:, 1:2]
    dx, dy = pieces[:, 2:3] - x0, pieces[:, 3:4] - y0
    low, high = np.zeros((len(pieces), len(boxes))), np.ones((len(pieces), len(boxes)))
    inside = np.ones((len(pieces), len(boxes)), dtype=bool)
    for p, q in (
        (-dx, x0 - boxes[None, :, 0]),
        (dx, boxes[None, :, 2] - x0),
        (-dy, y0 - boxes[None, :, 1]),
        (dy, boxes[None, :, 3] - y0),
    ):
        p = np.broadcast_to(p, low.shape)
        q = np.broadcast_to(q, low.shape)
        parallel = p == 0
        inside &= ~(parallel & (q <= 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
        low = np.where(~parallel & (p < 0), np.maximum(low, ratio), low)
        high = np.where(~parallel & (p > 0), np.minimum(high, ratio), high)
    return inside & (high - low > 1e-9)


def _crossings(a: np.ndarray, b: np.ndarray) -> int:
    """Proper intersections between the pieces of two polylines."""

    def side(px, py, qx, qy, rx, ry):
        return np.sign((qx - px) * (ry - py) - (qy - py) * (rx - px))

    ax0, ay0, ax1, ay1 = (a[:, k : k + 1] for k in range(4))
    bx0, by0, bx1, by1 = (b[None, :, k] for k in range(4))
    d1 = side(ax0, ay0, ax1, ay1, bx0, by0)
    d2 = side(ax0, ay0, ax1, ay1, bx1, by1)
    d3 = side(bx0, by0, bx1, by1, ax0, ay0)
    d4 = side(bx0, by0, bx1, by1, ax1, ay1)
    return int(np.count_nonzero((d1 * d2 < 0) & (d3 * d4 < 0)))


def measure_drawing(geometry: GraphGeometry) -> DrawingQuality:
    """Every count of :class:`DrawingQuality` for one drawing."""
    keys = list(geometry.nodes)
    nodes = _boxes([geometry.nodes[key].box for key in keys])
    labels = _boxes([edge.label_box for edge in geometry.edges])
    label_overlaps = int(np.count_nonzero(np.triu(_overlap_matrix(labels, labels), 1)))
    label_overlaps += int(np.count_nonzero(_overlap_matrix(labels, nodes)))
    shrunk_nodes = nodes + np.array([CLEARANCE, CLEARANCE, -CLEARANCE, -CLEARANCE])
    shrunk_labels = labels + np.array([CLEARANCE, CLEARANCE, -CLEARANCE, -CLEARANCE])
    lines = [polyline(edge) for edge in geometry.edges]
    through = on_labels = 0
    column = {key: number for number, key in enumerate(keys)}
    for number, (edge, pieces) in enumerate(zip(geometry.edges, lines)):
        hits = np.asarray(_pieces_enter_boxes(pieces, shrunk_nodes).any(axis=0))
        hits[[column[edge.edge.source], column[edge.edge.target]]] = False
        through += int(np.count_nonzero(hits))
        label_hits = np.asarray(_pieces_enter_boxes(pieces, shrunk_labels).any(axis=0))
        label_hits[number] = False
        on_labels += int(np.count_nonzero(label_hits))
    extents = np.array(
        [(p[:, [0, 2]].min(), p[:, [1, 3]].min(), p[:, [0, 2]].max(), p[:, [1, 3]].max()) for p in lines]
    ).reshape(-1, 4)
    near = np.triu(_overlap_matrix(extents, extents, tolerance=-1e-9), 1)
    crossings = sum(_crossings(lines[first], lines[second]) for first, second in np.argwhere(near))
    return DrawingQuality(label_overlaps, through, crossings, on_labels)
