"""The inner broadcast loop written out for reading, one iterate at a time (AnCast paper
§2.2.1, eq. 5-9).

The scorer's loop (:func:`engine.align.broadcast.broadcast`) is tuned for speed and keeps only
the converged matrix. This module states the same equations plainly - neighbours as lists of
nodes, each cell a sum over named neighbour pairs - so that every iterate can be kept and every
cell explained. Tests check it against the scorer on generated pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..model import Graph

__all__ = ["Iterate", "NeighbourSum", "Neighbours", "Replay", "neighbour_sum"]


def _within_two_hops(direct: list[set[int]]) -> tuple[tuple[int, ...], ...]:
    """Per node, the nodes one or two steps away along ``direct``, the node itself left out."""
    reached = []
    for node, near in enumerate(direct):
        nodes = set(near).union(*(direct[middle] for middle in near))
        nodes.discard(node)
        reached.append(tuple(sorted(nodes)))
    return tuple(reached)


@dataclass(frozen=True)
class Neighbours:
    """N_P and N_C of every node of one graph (§2.2.1): ``parents[i]`` are the parents and
    grandparents of node i, ``children[i]`` its children and grandchildren (never i itself).

    >>> from engine.read import read_graph
    >>> neighbours = Neighbours.of(read_graph("(r / read-01 :ARG1 (b / book :poss (i / i)))"))
    >>> neighbours.parents, neighbours.children
    (((), (0,), (0, 1)), ((1, 2), (2,), ()))
    """

    parents: tuple[tuple[int, ...], ...]
    children: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, graph: Graph) -> Neighbours:
        parents: list[set[int]] = [set() for _ in graph.nodes]
        children: list[set[int]] = [set() for _ in graph.nodes]
        for edge in graph.edges:
            source, target = graph.index[edge.source], graph.index[edge.target]
            parents[target].add(source)
            children[source].add(target)
        return cls(_within_two_hops(parents), _within_two_hops(children))


@dataclass(frozen=True)
class NeighbourSum:
    """P_ij (eq. 5) or C_ij (eq. 6) of one cell: ``contributions`` are the neighbour pairs
    (k_t, k_g) with A(k_t, k_g) of the previous iterate, ``delta_n`` = max(n_i, n_j) / min(n_i, n_j)
    is the ratio of the two nodes' neighbour counts (None when either has none: the side
    contributes 0), and ``value`` = (sum of the contributions) / delta_n."""

    value: float
    delta_n: float | None
    contributions: tuple[tuple[int, int, float], ...]


def neighbour_sum(previous: np.ndarray, test_near: tuple[int, ...], gold_near: tuple[int, ...]) -> NeighbourSum:
    """Eq. 5 (or 6) for one cell: the sum of A(k, l) over every k near the test node and l
    near the gold node, divided by delta_n.

    >>> neighbour_sum(np.array([[1.0, 0.5], [0.25, 0.0]]), (0, 1), (0,))
    NeighbourSum(value=0.625, delta_n=2.0, contributions=((0, 0, 1.0), (1, 0, 0.25)))
    """
    if not test_near or not gold_near:
        return NeighbourSum(0.0, None, ())
    contributions = tuple((kt, kg, float(previous[kt, kg])) for kt in test_near for kg in gold_near)
    delta_n = max(len(test_near), len(gold_near)) / min(len(test_near), len(gold_near))
    return NeighbourSum(sum(a for _, _, a in contributions) / delta_n, delta_n, contributions)


@dataclass(frozen=True, eq=False)
class Iterate:
    """A^(q,t), the broadcast matrix after inner iteration t of a round (eq. 7-9), with the
    normaliser of eq. 8 (the largest raw value; 1 when every raw value is 0) and the largest
    change of any cell from the previous iterate."""

    matrix: np.ndarray
    normaliser: float
    change: float


def _membership(near: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """``M[k, i] = 1`` when k is in ``near[i]``: Y (or Z) of eq. 10-11."""
    matrix = np.zeros((len(near), len(near)))
    for node, nodes in enumerate(near):
        matrix[list(nodes), node] = 1.0
    return matrix


def _inverse_ratio(test_near: tuple[tuple[int, ...], ...], gold_near: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """1 / ΔN_ij for every cell, 0 where either node has no neighbour on this side."""
    test_counts = np.array([len(nodes) for nodes in test_near], dtype=float)
    gold_counts = np.array([len(nodes) for nodes in gold_near], dtype=float)
    low = np.minimum.outer(test_counts, gold_counts)
    high = np.maximum.outer(test_counts, gold_counts)
    return np.divide(low, high, out=np.zeros_like(low), where=low > 0)


@dataclass(frozen=True, eq=False)
class Replay:
    """The inner loop of one pair in matrix form (eq. 10-12, then eq. 8-9), kept readable."""

    test: Neighbours
    gold: Neighbours
    parent_ratio: np.ndarray
    child_ratio: np.ndarray
    test_up: np.ndarray
    gold_up: np.ndarray
    test_down: np.ndarray
    gold_down: np.ndarray

    @classmethod
    def of(cls, test: Graph, gold: Graph) -> Replay:
        t, g = Neighbours.of(test), Neighbours.of(gold)
        return cls(
            t,
            g,
            _inverse_ratio(t.parents, g.parents),
            _inverse_ratio(t.children, g.children),
            _membership(t.parents),
            _membership(g.parents),
            _membership(t.children),
            _membership(g.children),
        )

    def raw(self, previous: np.ndarray) -> np.ndarray:
        """sqrt((P + 1)(C + 1) - 1) for every cell (eq. 10-12), P = Yᵀ_T A Y_G / ΔN_P, C likewise with Z."""
        parents = self.parent_ratio * (self.test_up.T @ previous @ self.gold_up)
        children = self.child_ratio * (self.test_down.T @ previous @ self.gold_down)
        return np.sqrt((parents + 1.0) * (children + 1.0) - 1.0)

    def iterate(self, previous: np.ndarray, anchors: np.ndarray) -> Iterate:
        """One inner iteration: the raw values, divided by the largest (eq. 8), anchors set to 1 (eq. 9)."""
        raw = self.raw(previous)
        peak = float(raw.max()) if raw.size else 0.0
        normaliser = peak if peak > 0 else 1.0
        matrix = raw / normaliser
        matrix[anchors > 0] = 1.0
        change = float(np.abs(matrix - previous).max()) if matrix.size else 0.0
        return Iterate(matrix, normaliser, change)

    def iterates(self, anchors: np.ndarray, count: int) -> tuple[Iterate, ...]:
        """The first ``count`` iterates of a round that starts from the anchor matrix A^(q,0)."""
        previous = (anchors > 0).astype(float)
        found = []
        for _ in range(count):
            step = self.iterate(previous, anchors)
            found.append(step)
            previous = step.matrix
        return tuple(found)

    def cell(self, previous: np.ndarray, i: int, j: int) -> tuple[NeighbourSum, NeighbourSum]:
        """P_ij and C_ij (eq. 5-6) from the previous iterate, as sums over named neighbour pairs."""
        return (
            neighbour_sum(previous, self.test.parents[i], self.gold.parents[j]),
            neighbour_sum(previous, self.test.children[i], self.gold.children[j]),
        )
