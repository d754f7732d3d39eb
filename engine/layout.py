"""A small deterministic layered layout for drawing semantic graphs (no Graphviz).

Layers come from a breadth-first walk from the root; the edge that discovers a
node is its tree edge, every other edge (reentrancy) is a non-tree edge, and a
tree edge walked against its arrow (an ``:ARG0-of`` in the text) is marked
inverted. Barycenter sweeps order each layer against crossings; a layer can
instead follow the positions of aligned nodes in the partner graph's layout, so
that aligned nodes sit across from each other. Every constant is its own leaf.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable

from .model import Graph


@dataclass(frozen=True)
class DrawNode:
    """Something to draw: a variable node (``key`` = its variable) or a constant
    leaf (``key`` = ``"=k"`` for the k-th attribute of the graph)."""

    key: str
    label: str
    var: str | None  # None for a constant
    constant: bool = False


@dataclass(frozen=True)
class DrawEdge:
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
    nodes = [DrawNode(node.var, f"{node.var} / {node.concept}", node.var) for node in graph.nodes]
    edges = [DrawEdge(edge.source, edge.role, edge.target) for edge in graph.edges]
    for k, attribute in enumerate(graph.attributes):
        key = f"={k}"
        nodes.append(DrawNode(key, attribute.value, None, constant=True))
        edges.append(DrawEdge(attribute.source, attribute.role, key))
    return GraphElements(tuple(nodes), tuple(edges), graph.top)


@dataclass(frozen=True)
class PlacedNode:
    key: str
    layer: int
    x: float  # centre
    y: float  # top
    width: float


@dataclass(frozen=True)
class PlacedEdge:
    edge: DrawEdge
    tree: bool  # discovered the target in the walk from the root
    inverted: bool  # a tree edge walked against its arrow


@dataclass(frozen=True)
class GraphLayout:
    nodes: dict[str, PlacedNode]
    edges: tuple[PlacedEdge, ...]
    layers: tuple[tuple[str, ...], ...]


def assign_layers(elements: GraphElements) -> tuple[list[list[str]], list[PlacedEdge]]:
    """Breadth-first layers from the root (outgoing edges before incoming ones),
    and each edge marked tree / non-tree / inverted. Nodes the walk cannot reach
    start a new walk of their own at layer 0."""
    outgoing: dict[str, list[int]] = {node.key: [] for node in elements.nodes}
    incoming: dict[str, list[int]] = {node.key: [] for node in elements.nodes}
    for number, edge in enumerate(elements.edges):
        outgoing[edge.source].append(number)
        incoming[edge.target].append(number)
    layer_of: dict[str, int] = {}
    discovered_by: dict[int, bool] = {}  # edge number -> inverted
    starts = [elements.root] + [node.key for node in elements.nodes if node.key != elements.root]
    for start in starts:
        if start in layer_of:
            continue
        layer_of[start] = 0
        queue = deque([start])
        while queue:
            key = queue.popleft()
            steps = [(n, elements.edges[n].target, False) for n in outgoing[key]]
            steps += [(n, elements.edges[n].source, True) for n in incoming[key]]
            for number, neighbour, inverted in steps:
                if neighbour not in layer_of:
                    layer_of[neighbour] = layer_of[key] + 1
                    discovered_by[number] = inverted
                    queue.append(neighbour)
    layers: list[list[str]] = [[] for _ in range(max(layer_of.values()) + 1)]
    for node in elements.nodes:  # keeps graph order inside a layer
        layers[layer_of[node.key]].append(node.key)
    placed_edges = [
        PlacedEdge(edge, tree=n in discovered_by, inverted=discovered_by.get(n, False))
        for n, edge in enumerate(elements.edges)
    ]
    return layers, placed_edges


def _relative_positions(layer: list[str]) -> dict[str, float]:
    if len(layer) == 1:
        return {layer[0]: 0.5}
    return {key: index / (len(layer) - 1) for index, key in enumerate(layer)}


def order_layers(
    layers: list[list[str]],
    edges: list[PlacedEdge],
    partner_position: dict[str, float] | None = None,
    sweeps: int = 4,
) -> list[list[str]]:
    """Barycenter sweeps, down then up, ``sweeps`` times: each node moves to the
    mean relative position of its neighbours in the adjacent layer. Nodes with a
    ``partner_position`` (0..1 in the partner's layout) take that instead.
    Sorting is stable, so ties keep the previous order: the result is deterministic."""
    layers = [list(layer) for layer in layers]
    layer_of = {key: number for number, layer in enumerate(layers) for key in layer}
    neighbours: dict[str, list[str]] = {key: [] for key in layer_of}
    for placed in edges:
        source, target = placed.edge.source, placed.edge.target
        if abs(layer_of[source] - layer_of[target]) == 1:
            neighbours[source].append(target)
            neighbours[target].append(source)
    partner_position = partner_position or {}

    def reorder(number: int, reference: int) -> None:
        positions = _relative_positions(layers[reference])
        current = _relative_positions(layers[number])

        def key(node: str) -> float:
            if node in partner_position:
                return partner_position[node]
            around = [positions[n] for n in neighbours[node] if n in positions]
            return sum(around) / len(around) if around else current[node]

        layers[number].sort(key=key)

    for _ in range(sweeps):
        for number in range(1, len(layers)):
            reorder(number, number - 1)
        for number in range(len(layers) - 2, -1, -1):
            reorder(number, number + 1)
    if partner_position and layers:
        reorder(0, 1 if len(layers) > 1 else 0)
    return layers


def place(
    layers: list[list[str]],
    edges: list[PlacedEdge],
    width_of: Callable[[str], float],
    partner_x: dict[str, float] | None = None,
    gap: float = 24.0,
    layer_height: float = 90.0,
) -> dict[str, PlacedNode]:
    """x and y for ordered layers: each node wants to sit under its tree parent
    (or across from its partner), neighbours are pushed apart by ``gap``, and
    each layer is shifted so that on average every node is where it wants to be."""
    partner_x = partner_x or {}
    parent = {p.edge.target if not p.inverted else p.edge.source: (p.edge.source if not p.inverted else p.edge.target)
              for p in edges if p.tree}
    placed: dict[str, PlacedNode] = {}
    for number, layer in enumerate(layers):
        wanted = []
        for key in layer:
            if key in partner_x:
                wanted.append(partner_x[key])
            elif key in parent and parent[key] in placed:
                wanted.append(placed[parent[key]].x)
            else:
                wanted.append(0.0)
        xs: list[float] = []
        for index, key in enumerate(layer):
            x = wanted[index]
            if xs:
                previous = layer[index - 1]
                x = max(x, xs[-1] + (width_of(previous) + width_of(key)) / 2 + gap)
            xs.append(x)
        shift = sum(w - x for w, x in zip(wanted, xs)) / len(xs)
        for key, x in zip(layer, xs):
            placed[key] = PlacedNode(key, number, x + shift, number * layer_height, width_of(key))
    return placed


def layered_layout(
    elements: GraphElements,
    width_of: Callable[[str], float],
    partner_x: dict[str, float] | None = None,
    sweeps: int = 4,
) -> GraphLayout:
    """Layers, order and coordinates of a graph's nodes. ``partner_x`` maps keys
    of this graph to the x of their aligned node in the partner's layout."""
    layers, edges = assign_layers(elements)
    partner_position = None
    if partner_x:
        low, high = min(partner_x.values()), max(partner_x.values())
        span = (high - low) or 1.0
        partner_position = {key: (x - low) / span for key, x in partner_x.items()}
    ordered = order_layers(layers, edges, partner_position, sweeps)
    nodes = place(ordered, edges, width_of, partner_x)
    return GraphLayout(nodes, tuple(edges), tuple(tuple(layer) for layer in ordered))
