"""Colours, pens and fonts of graph drawings, shared by the Qt scene and the SVG
writer (plain strings and numbers, no Qt). Colour says a node's alignment
status - three colours that stay apart at any size and for colour-blind eyes
(blue / orange / white with a red dashed border); the pair tag says which node
is the partner. A DRS box is a square double frame (shape, not colour, so that
its alignment status still shows)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.layout.marks import Status

__all__ = [
    "DRS_LEGEND",
    "EDGE",
    "FONT_FAMILY",
    "FRAME_BORDER",
    "FRAME_INNER",
    "FRAME_INSET",
    "HIGHLIGHT",
    "HIGHLIGHT_EDGE",
    "HIGHLIGHT_NODE",
    "HOVER",
    "HOVER_NODE",
    "LEGEND",
    "NEIGHBOUR",
    "NEIGHBOUR_EDGE",
    "NEIGHBOUR_NODE",
    "NODE_BORDER",
    "NODE_TEXT",
    "REENTRANT_EDGE",
    "ROLE_TEXT",
    "STATUS_FILL",
    "TAG_FILL",
    "TAG_TEXT",
    "UNALIGNED_BORDER",
    "UNMATCHED_EDGE",
    "UNMATCHED_ROLE_TEXT",
    "Pen",
    "edge_pen",
    "node_pen",
]

FONT_FAMILY = "sans-serif"  # a generic family: every browser and every Qt platform has one

STATUS_FILL = {
    Status.MATCHED: "#c6dcf5",
    Status.DIFFERS: "#ffcf99",
    Status.UNALIGNED: "#ffffff",
    Status.CONSTANT: "#ececec",
    Status.UNSCORED: "#f4f4f4",
}
NODE_TEXT = "#1a1a1a"
TAG_FILL, TAG_TEXT = "#37474f", "#ffffff"
ROLE_TEXT, UNMATCHED_ROLE_TEXT = "#37474f", "#b71c1c"
HIGHLIGHT = "#ff8f00"  # the selected node, triple or relation
HOVER = "#1e88e5"  # the node under the mouse and its partner (never a selection)


@dataclass(frozen=True)
class Pen:
    colour: str
    width: float
    dashed: bool = False


NODE_BORDER = Pen("#37474f", 1.0)
FRAME_BORDER, FRAME_INNER = Pen("#263238", 2.0), Pen("#263238", 1.0)  # a DRS box: outer and inner line
FRAME_INSET = 3.5  # from the outer line of a frame to its inner line
UNALIGNED_BORDER = Pen("#c62828", 2.5, dashed=True)
EDGE = Pen("#555555", 1.2)
REENTRANT_EDGE = Pen("#777777", 1.2, dashed=True)
UNMATCHED_EDGE = Pen("#c62828", 1.8, dashed=True)
HIGHLIGHT_NODE, HIGHLIGHT_EDGE = Pen(HIGHLIGHT, 4.0), Pen(HIGHLIGHT, 3.5)
HOVER_NODE = Pen(HOVER, 2.5)
# the neighbours a highlighted pair's value was computed from (the teaching view), in the pink that
# outlines their cells in the heatmap
NEIGHBOUR = "#ff4081"
NEIGHBOUR_NODE, NEIGHBOUR_EDGE = Pen(NEIGHBOUR, 4.0, dashed=True), Pen(NEIGHBOUR, 3.0)

LEGEND = (
    "blue: aligned, same concept · orange: aligned, concept differs · white with red dashed border: unaligned"
    " · grey: constant · the number is the aligned pair's tag, shared by both nodes · red dashed edge: relation"
    " not matched · grey dashed edge: reentrancy"
)


DRS_LEGEND = " · square double frame: a DRS box (REF edges lead to the referents it introduces)"


def node_pen(status: Status, frame: bool = False) -> Pen:
    if status is Status.UNALIGNED:
        return UNALIGNED_BORDER
    return FRAME_BORDER if frame else NODE_BORDER


def edge_pen(unmatched: bool, tree: bool) -> Pen:
    if unmatched:
        return UNMATCHED_EDGE
    return EDGE if tree else REENTRANT_EDGE
