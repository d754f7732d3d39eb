"""From graph elements and text widths to the full geometry of a drawing:
layering, crossing reduction, coordinates, ports, edge paths and labels."""

from __future__ import annotations

from collections.abc import Mapping

from .anatomy import label_size, node_parts, node_size
from .elements import GraphElements
from .geometry import EdgeGeometry, GraphGeometry, NodeGeometry, Point, Rect, Segment
from .layering import Chain, ItemKind, LayeredGraph, layered_graph
from .ordering import order_ranks
from .placement import Extent, place_x, place_y
from .routing import arrow_head, curve, line, spread_ports
from .text import TextMeasure

__all__ = ["lay_out"]

LABEL_OFFSET = 3.0  # from an edge's line to the left end of its label
LINE_CLEARANCE = 2.0  # half the room an edge slot keeps for its line


def lay_out(
    elements: GraphElements,
    measure: TextMeasure,
    tags: Mapping[str, str] | None = None,
    partner_x: Mapping[str, float] | None = None,
) -> GraphGeometry:
    """The geometry of a graph drawn top-down. ``tags`` are the aligned-pair
    tags written in node boxes; ``partner_x`` maps a node to the x of its aligned
    node in the partner graph's drawing, which it then sits across from."""
    tags = tags or {}
    graph = layered_graph(elements)
    labels = {node.key: node.label for node in elements.nodes}
    extents = _extents(graph, elements, labels, tags, measure)
    partner_position = None
    if partner_x:
        low, high = min(partner_x.values()), max(partner_x.values())
        partner_position = {key: (x - low) / ((high - low) or 1.0) for key, x in partner_x.items()}
    ranks = order_ranks(graph, partner_position)
    x = place_x(graph, ranks, extents, dict(partner_x or {}))
    bands = place_y(graph, ranks, extents, x)
    constants = {node.key for node in elements.nodes if node.constant}
    frames = {node.key for node in elements.nodes if node.frame}
    nodes: dict[str, NodeGeometry] = {}
    for key, item in graph.node_item.items():
        extent, (top, height) = extents[item], bands[graph.rank_of[item]]
        box = Rect(x[item] - extent.left, top + (height - extent.height) / 2, extent.left + extent.right, extent.height)
        text_center, tag_box = node_parts(box, tags.get(key), measure)
        nodes[key] = NodeGeometry(
            key,
            labels[key],
            box,
            text_center,
            key in constants,
            graph.rank_of[item] // 2,
            tags.get(key),
            tag_box,
            key in frames,
        )
    ports = _ports(graph, x, nodes)
    edges = tuple(
        _route(number, chain, graph, x, bands, extents, nodes, ports, elements)
        for number, chain in enumerate(graph.chains)
    )
    layers = tuple(tuple(name for item in rank if (name := graph.keys[item]) is not None) for rank in ranks[::2])
    return GraphGeometry(elements.root, nodes, edges, layers)


def _extents(
    graph: LayeredGraph, elements: GraphElements, labels: dict[str, str], tags: Mapping[str, str], measure: TextMeasure
) -> list[Extent]:
    extents: list[Extent] = []
    label_of = {chain.items[1]: elements.edges[chain.edge.index].role for chain in graph.chains}
    for item, (kind, node_key) in enumerate(zip(graph.kinds, graph.keys)):
        if kind is ItemKind.NODE and node_key is not None:
            width, height = node_size(labels[node_key], tags.get(node_key), measure)
            extents.append(Extent(width / 2, width / 2, height))
        elif kind is ItemKind.LABEL:
            width, height = label_size(label_of[item], measure)
            extents.append(Extent(LINE_CLEARANCE, LABEL_OFFSET + width, height))
        else:
            extents.append(Extent(LINE_CLEARANCE, LINE_CLEARANCE, 0.0))
    return extents


def _ports(graph: LayeredGraph, x: list[float], nodes: dict[str, NodeGeometry]) -> dict[tuple[int, int], float]:
    """x of the port of each (chain number, 0 = upper end / 1 = lower end)."""
    below: dict[str, list[tuple[float, int]]] = {key: [] for key in nodes}
    above: dict[str, list[tuple[float, int]]] = {key: [] for key in nodes}
    for number, chain in enumerate(graph.chains):
        items = chain.items
        below[chain.edge.upper].append((x[items[1]], number))
        if len(items) > 2 or chain.edge.upper != chain.edge.lower:
            above[chain.edge.lower].append((x[items[-2]], number))
        else:  # a self-loop returns to a second port on the bottom side
            below[chain.edge.upper].append(
                (x[items[1]] - 1e-6, -1 - number)
            )  # left of the way down, away from the label
    ports: dict[tuple[int, int], float] = {}
    for side, groups in ((0, below), (1, above)):
        for key, leaving in groups.items():
            for port_x, (_, number) in zip(spread_ports(nodes[key].box, len(leaving)), sorted(leaving)):
                ports[(number, side) if number >= 0 else (-1 - number, 1)] = port_x
    return ports


def _route(
    number: int,
    chain: Chain,
    graph: LayeredGraph,
    x: list[float],
    bands: list[tuple[float, float]],
    extents: list[Extent],
    nodes: dict[str, NodeGeometry],
    ports: dict[tuple[int, int], float],
    elements: GraphElements,
) -> EdgeGeometry:
    """The path of one chain: port, slots, port; the label box beside its label slot."""
    edge, items = chain.edge, chain.items
    self_loop = edge.upper == edge.lower
    upper = nodes[edge.upper].box
    start: Point = (ports[(number, 0)], upper.bottom)
    segments: list[Segment] = []
    here = start
    for item in items[1:] if self_loop else items[1:-1]:
        top, height = bands[graph.rank_of[item]]
        segments.append(curve(here, (x[item], top)))
        here = (x[item], top + height)
        if height > 0:
            segments.append(line((x[item], top), here))
    end: Point = (ports[(number, 1)], upper.bottom if self_loop else nodes[edge.lower].box.y)
    segments.append(_back_up(here, end) if self_loop else curve(here, end))
    label_item = items[1]
    top, height = bands[graph.rank_of[label_item]]
    extent = extents[label_item]
    label_box = Rect(
        x[label_item] + LABEL_OFFSET, top + (height - extent.height) / 2, extent.right - LABEL_OFFSET, extent.height
    )
    if self_loop or edge.inverted:
        arrow = arrow_head(end if self_loop else start, pointing_down=False)
    else:
        arrow = arrow_head(end, pointing_down=True)
    return EdgeGeometry(elements.edges[edge.index], edge.tree, edge.inverted, tuple(segments), arrow, label_box)


def _back_up(start: Point, end: Point) -> Segment:
    """The return of a self-loop: from below the node back up to its bottom side."""
    middle = (start[1] - end[1]) / 2
    return start, (start[0], start[1] + middle), (end[0], end[1] + middle * 2), end
