"""Layout of semantic graphs for drawing (no Graphviz, no Qt): a layered
drawing whose edges pass between nodes and whose labels never overlap, measured
in scene units from text widths the caller passes in.

Modules: :mod:`.elements` (what to draw), :mod:`.layering` (edge direction,
layers, edge slots), :mod:`.ordering` (crossing reduction), :mod:`.placement`
(coordinates), :mod:`.routing` (edge paths), :mod:`.anatomy` (parts of a box),
:mod:`.drawing` (all of it together), :mod:`.quality` (measures of a drawing),
:mod:`.viewport` (zoom to fit), :mod:`.marks` (alignment status, tags and
tooltips of a pair), :mod:`.text` (text widths).
"""

from .drawing import lay_out
from .elements import DrawEdge, DrawNode, GraphElements, graph_elements
from .geometry import EdgeGeometry, GraphGeometry, NodeGeometry, Rect
from .text import ApproximateText, TextMeasure

__all__ = [
    "ApproximateText",
    "DrawEdge",
    "DrawNode",
    "EdgeGeometry",
    "GraphElements",
    "GraphGeometry",
    "NodeGeometry",
    "Rect",
    "TextMeasure",
    "graph_elements",
    "lay_out",
]
