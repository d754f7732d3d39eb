"""The parts of a node box and of an edge label, from the widths of their texts.

A node box is ``PAD_X | [tag box, TAG_GAP] | label | PAD_X`` wide and
``node_px + 2·PAD_Y`` high; the tag box (the aligned-pair number) is
``tag width + 2·TAG_PAD_X`` by ``tag_px + 2·TAG_PAD_Y``, vertically centred.
An edge label box is ``role width + 2·LABEL_PAD_X`` by ``role_px + 2·LABEL_PAD_Y``.
"""

from __future__ import annotations

from .geometry import Point, Rect
from .text import TextMeasure

__all__ = ["label_size", "node_parts", "node_size"]

PAD_X, PAD_Y = 8.0, 6.0
TAG_PAD_X, TAG_PAD_Y, TAG_GAP = 3.0, 1.0, 5.0
LABEL_PAD_X, LABEL_PAD_Y = 2.0, 1.0


def _tag_size(tag: str, measure: TextMeasure) -> tuple[float, float]:
    return measure.tag_width(tag) + 2 * TAG_PAD_X, measure.tag_px + 2 * TAG_PAD_Y


def node_size(label: str, tag: str | None, measure: TextMeasure) -> tuple[float, float]:
    """(width, height) of a node box."""
    width = 2 * PAD_X + measure.node_width(label)
    if tag:
        width += _tag_size(tag, measure)[0] + TAG_GAP
    return width, measure.node_px + 2 * PAD_Y


def node_parts(box: Rect, tag: str | None, measure: TextMeasure) -> tuple[Point, Rect | None]:
    """The centre of the label and the tag box of a node drawn in ``box``."""
    center_y = box.y + box.height / 2
    if not tag:
        return (box.x + box.width / 2, center_y), None
    tag_width, tag_height = _tag_size(tag, measure)
    tag_box = Rect(box.x + PAD_X, center_y - tag_height / 2, tag_width, tag_height)
    text_left = tag_box.right + TAG_GAP
    return (text_left + (box.right - PAD_X - text_left) / 2, center_y), tag_box


def label_size(role: str, measure: TextMeasure) -> tuple[float, float]:
    """(width, height) of an edge label box."""
    return measure.role_width(role) + 2 * LABEL_PAD_X, measure.role_px + 2 * LABEL_PAD_Y
