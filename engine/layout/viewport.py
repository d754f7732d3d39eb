"""Zoom levels for showing drawings in a view: the scale that fits, one scale
for two drawings side by side, and a readable start when fitting makes the text
too small."""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import GraphGeometry, Point, Rect

__all__ = [
    "FIT_MARGIN",
    "MAX_FIT_SCALE",
    "READABLE_TEXT_PX",
    "SMALLEST_TEXT_PX",
    "WHOLE_TEXT_PX",
    "StartView",
    "fit_scale",
    "frame",
    "start_view",
]

FIT_MARGIN = 12.0  # scene units around a drawing
MAX_FIT_SCALE = 1.5  # a small graph is not blown up beyond this
SMALLEST_TEXT_PX = 9.0  # below this, fitting gives way to a readable zoom (5-8 px text is not read, only seen)
WHOLE_TEXT_PX = 7.0  # where the graphs are wanted whole (adjudication), fitting goes down to this
READABLE_TEXT_PX = 11.0  # node text height of the readable zoom


def frame(geometries: list[GraphGeometry]) -> Rect:
    """One frame around several drawings in the same coordinates (with margin),
    so that two views showing them line up."""
    boxes = [geometry.bounds for geometry in geometries if geometry.nodes]
    if not boxes:
        return Rect(0.0, 0.0, 1.0, 1.0)
    result = boxes[0]
    for box in boxes[1:]:
        result = result.united(box)
    return result.grown(FIT_MARGIN)


def fit_scale(rect: Rect, view_width: float, view_height: float) -> float:
    """min(view width / width, view height / height, MAX_FIT_SCALE)."""
    if rect.width <= 0 or rect.height <= 0 or view_width <= 0 or view_height <= 0:
        return 1.0
    return min(view_width / rect.width, view_height / rect.height, MAX_FIT_SCALE)


@dataclass(frozen=True)
class StartView:
    scale: float
    center: Point
    fitted: bool  # False: zoomed in to READABLE_TEXT_PX around the top node


def start_view(
    geometries: list[GraphGeometry],
    view_width: float,
    view_height: float,
    node_px: float,
    text_scale: float = 1.0,
    least_px: float = SMALLEST_TEXT_PX,
) -> StartView:
    """The first view of a pair, both drawings at one scale: the fit of the
    larger one, unless node text (``node_px`` at zoom 1) would then be smaller
    than ``least_px`` (SMALLEST_TEXT_PX, or WHOLE_TEXT_PX where the graphs are
    wanted whole); then the scale that makes it READABLE_TEXT_PX, with the top
    node at the top centre of the view (both sizes times ``text_scale``: larger
    on a projector)."""
    rect = frame(geometries)
    scale = fit_scale(rect, view_width, view_height)
    if scale * node_px >= least_px * text_scale:
        return StartView(scale, rect.center, True)
    scale = READABLE_TEXT_PX * text_scale / node_px
    roots = [geometry.nodes[geometry.root].box for geometry in geometries if geometry.root in geometry.nodes]
    if not roots:
        return StartView(scale, rect.center, False)
    root = roots[-1]  # the gold drawing's top when there are two
    half_height = view_height / scale / 2
    return StartView(scale, (root.center[0], root.y - 2 * FIT_MARGIN + half_height), False)  # room for a scroll bar
