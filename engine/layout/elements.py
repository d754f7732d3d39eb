"""What a drawing of a graph shows: one box per variable, one leaf per constant,
one arrow per relation; a DRS's boxes (:mod:`engine.drs.graph`) are drawn as frames."""

from __future__ import annotations

from dataclasses import dataclass

from ..drs.graph import BOX_CONCEPT
from ..model import Graph

__all__ = ["DrawEdge", "DrawNode", "GraphElements", "graph_elements"]


@dataclass(frozen=True)
class DrawNode:
    """Something to draw: a variable node (``key`` = its variable) or a constant
    leaf (``key`` = ``"=k"`` for the k-th attribute of the graph)."""

    key: str
    label: str
    var: str | None  # None for a constant
    constant: bool = False
    frame: bool = False  # a DRS box


@dataclass(frozen=True)
class DrawEdge:
    """A relation as written in the graph: the arrow points from source to target."""

    source: str
    role: str
    target: str


@dataclass(frozen=True)
class GraphElements:
    nodes: tuple[DrawNode, ...]
    edges: tuple[DrawEdge, ...]
    root: str


def graph_elements(graph: Graph) -> GraphElements:
    """The nodes and edges to draw for a graph, one leaf per constant."""
    drs = graph.metadata.get("format") == "drs"
    nodes = [
        DrawNode(node.var, f"{node.var} / {node.concept}", node.var, frame=drs and node.concept == BOX_CONCEPT)
        for node in graph.nodes
    ]
    edges = [DrawEdge(edge.source, edge.role, edge.target) for edge in graph.edges]
    for k, attribute in enumerate(graph.attributes):
        key = f"={k}"
        nodes.append(DrawNode(key, attribute.value, None, constant=True))
        edges.append(DrawEdge(attribute.source, attribute.role, key))
    return GraphElements(tuple(nodes), tuple(edges), graph.top)
