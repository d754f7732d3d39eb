"""Which way up each edge is drawn, the layer of every node, and the chain of
slots an edge takes through the layers between its ends.

The text of a graph is a tree: a node's *text parent* is the node whose branch
introduces it. Nodes and edges come in text order, so the edge that introduces
node v is taken as the first edge (either way) between v and a node that
appears before v. That edge is v's *tree edge*; it is drawn from the parent down to v,
so a tree edge written ``:ARG0-of`` points up (it is *inverted*). Every other
edge (a reentrancy) is drawn along its arrow when that keeps the drawing free
of cycles, against it (inverted) otherwise. Layers are longest paths from the
top (Sugiyama et al. 1981, step 1), so every edge goes down at least one layer.

The drawing has two ranks per layer: rank 2k holds the nodes of layer k, rank
2k+1 the edge labels of the edges leaving layer k. An edge from layer a to
layer b takes one slot in each rank from 2a+1 to 2b-1: the first slot carries
its label, the others are plain bends, so long edges pass between nodes rather
than through them.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from enum import Enum

from .elements import GraphElements

__all__ = ["Chain", "ItemKind", "LayeredGraph", "OrientedEdge", "layer_nodes", "layered_graph", "orient_edges"]


@dataclass(frozen=True)
class OrientedEdge:
    index: int  # position in ``GraphElements.edges``
    upper: str
    lower: str
    tree: bool
    inverted: bool  # the relation points up: its target is the upper node


def _text_order(elements: GraphElements) -> list[str]:
    keys = [node.key for node in elements.nodes]
    if elements.root in keys:
        keys.remove(elements.root)
        keys.insert(0, elements.root)
    return keys


def orient_edges(elements: GraphElements) -> list[OrientedEdge]:
    """Tree edges from text parent to child; the other edges along their arrow
    unless that closes a cycle (see the module docstring)."""
    order = {key: number for number, key in enumerate(_text_order(elements))}
    incident: dict[str, list[int]] = {key: [] for key in order}
    for number, edge in enumerate(elements.edges):
        incident[edge.source].append(number)
        incident[edge.target].append(number)
    tree_edge: dict[int, str] = {}  # edge number -> the child it places
    for key in order:
        earlier = [number for number in incident[key] if order[_other_end(elements, number, key)] < order[key]]
        if earlier:  # else a top of its own (the root, or a part the earlier nodes do not reach)
            tree_edge[min(earlier)] = key
    below: dict[str, set[str]] = {key: set() for key in order}
    oriented: list[OrientedEdge | None] = [None] * len(elements.edges)
    for number, child in tree_edge.items():
        edge = elements.edges[number]
        parent = edge.source if child == edge.target else edge.target
        oriented[number] = OrientedEdge(number, parent, child, tree=True, inverted=child == edge.source)
        below[parent].add(child)
    for number, edge in enumerate(elements.edges):
        if oriented[number] is not None:
            continue
        inverted = edge.source == edge.target or _reaches(below, edge.target, edge.source)
        upper, lower = (edge.target, edge.source) if inverted else (edge.source, edge.target)
        oriented[number] = OrientedEdge(number, upper, lower, tree=False, inverted=inverted)
        if upper != lower:
            below[upper].add(lower)
    return [edge for edge in oriented if edge is not None]


def _other_end(elements: GraphElements, number: int, key: str) -> str:
    edge = elements.edges[number]
    return edge.target if edge.source == key else edge.source


def _reaches(below: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, stack = {start}, [start]
    while stack:
        key = stack.pop()
        if key == goal:
            return True
        for nxt in below[key] - seen:
            seen.add(nxt)
            stack.append(nxt)
    return False


def layer_nodes(elements: GraphElements, edges: list[OrientedEdge]) -> dict[str, int]:
    """layer(v) = 0 for a node with nothing above it, else max over the edges
    u→v drawn downwards of layer(u) + 1 (longest path from the top)."""
    above: dict[str, list[str]] = {node.key: [] for node in elements.nodes}
    below: dict[str, list[str]] = {node.key: [] for node in elements.nodes}
    for edge in edges:
        if edge.upper != edge.lower:
            above[edge.lower].append(edge.upper)
            below[edge.upper].append(edge.lower)
    waiting = {key: len(uppers) for key, uppers in above.items()}
    layer = dict.fromkeys(above, 0)
    ready = deque(key for key in _text_order(elements) if waiting[key] == 0)
    while ready:
        key = ready.popleft()
        for lower in below[key]:
            layer[lower] = max(layer[lower], layer[key] + 1)
            waiting[lower] -= 1
            if waiting[lower] == 0:
                ready.append(lower)
    return layer


class ItemKind(Enum):
    NODE = "node"
    LABEL = "label"  # the slot of an edge that carries its role
    BEND = "bend"  # any other slot of an edge between its ends


@dataclass(frozen=True)
class Chain:
    """An edge's items from its upper node to its lower node, one per rank."""

    edge: OrientedEdge
    items: tuple[int, ...]


@dataclass
class LayeredGraph:
    """Items (nodes and edge slots) in ranks; ``links`` join items of adjacent
    ranks (upper item, lower item)."""

    kinds: list[ItemKind]
    keys: list[str | None]  # the node key of a node item
    rank_of: list[int]
    ranks: list[list[int]]
    links: list[tuple[int, int]]
    chains: list[Chain]
    node_item: dict[str, int]


def layered_graph(elements: GraphElements) -> LayeredGraph:
    """Nodes and edge slots in ranks, in text order within a rank (before any
    crossing reduction)."""
    edges = orient_edges(elements)
    layer = layer_nodes(elements, edges)
    graph = LayeredGraph([], [], [], [[] for _ in range(2 * max(layer.values(), default=0) + 1)], [], [], {})

    def add(kind: ItemKind, key: str | None, rank: int) -> int:
        number = len(graph.kinds)
        graph.kinds.append(kind)
        graph.keys.append(key)
        graph.rank_of.append(rank)
        graph.ranks[rank].append(number)
        return number

    for key in _text_order(elements):
        graph.node_item[key] = add(ItemKind.NODE, key, 2 * layer[key])
    for edge in edges:
        top, bottom = 2 * layer[edge.upper], 2 * layer[edge.lower]
        items = [graph.node_item[edge.upper]]
        for rank in range(top + 1, max(bottom, top + 2)):
            if rank >= len(graph.ranks):
                graph.ranks.append([])
            items.append(add(ItemKind.LABEL if rank == top + 1 else ItemKind.BEND, None, rank))
        items.append(graph.node_item[edge.lower])
        if edge.upper == edge.lower:  # a self-loop: its label slot hangs below the node
            items.pop()
        graph.links.extend(itertools.pairwise(items))
        graph.chains.append(Chain(edge, tuple(items)))
    return graph
