"""Coordinates of the ordered items (Sugiyama et al. 1981, step 3).

x: every item wants to sit at the weighted mean x of the items it is linked to
in the ranks above and below (and an aligned node across from its partner);
within a rank the order is fixed and neighbours keep a minimum distance
d_i = right_i + left_(i+1) + gap. Substituting y_i = x_i - Σ_(k<i) d_k turns
"minimise Σ w_i (x_i - t_i)² subject to x_(i+1) - x_i ≥ d_i" into an isotonic
regression of t_i - Σ_(k<i) d_k, solved exactly per rank by SciPy's
``isotonic_regression``; sweeps alternate down and up the ranks. Links between
two edge slots weigh most, so long edges run straight (as in Gansner et al.
1993, "A technique for drawing directed graphs", section 4).

y: ranks are bands as tall as their tallest item, separated by a gap that grows
with how far the edges between them travel sideways (flat S-curves are hard to
follow).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .layering import ItemKind, LayeredGraph

__all__ = ["Extent", "place_x", "place_y"]

NODE_GAP = 12.0  # between two boxes in a rank
SLOT_GAP = 6.0  # when an edge slot is involved
PARTNER_WEIGHT = 20.0
LINK_WEIGHT = {(True, True): 1.0, (True, False): 2.0, (False, True): 2.0, (False, False): 8.0}  # (node?, node?)
MIN_GAP, MAX_GAP, GAP_SLOPE = 14.0, 44.0, 0.2


@dataclass(frozen=True)
class Extent:
    """How far an item reaches left and right of its x, and its height."""

    left: float
    right: float
    height: float


def _separations(graph: LayeredGraph, rank: list[int], extents: list[Extent]) -> np.ndarray:
    """Offsets Σ_(k<i) d_k of each item of a rank from the first one."""
    offsets = np.zeros(len(rank))
    for index in range(1, len(rank)):
        a, b = rank[index - 1], rank[index]
        both_nodes = graph.kinds[a] is ItemKind.NODE and graph.kinds[b] is ItemKind.NODE
        offsets[index] = (
            offsets[index - 1] + extents[a].right + extents[b].left + (NODE_GAP if both_nodes else SLOT_GAP)
        )
    return offsets


def place_x(
    graph: LayeredGraph,
    ranks: list[list[int]],
    extents: list[Extent],
    partner_x: dict[str, float] | None = None,
    sweeps: int = 12,
) -> list[float]:
    """x of every item (see the module docstring); the leftmost extent is at 0."""
    partner_x = partner_x or {}
    pinned = {graph.node_item[key]: x for key, x in partner_x.items() if key in graph.node_item}
    is_node = [kind is ItemKind.NODE for kind in graph.kinds]
    links: list[list[tuple[int, float]]] = [[] for _ in graph.kinds]
    for upper, lower in graph.links:
        weight = LINK_WEIGHT[(is_node[upper], is_node[lower])]
        links[upper].append((lower, weight))
        links[lower].append((upper, weight))
    x = np.zeros(len(graph.kinds))
    plans = []  # per rank: items, offsets, link rows / columns / weights, total weight, partner moment
    for rank in ranks:
        offsets = _separations(graph, rank, extents)
        x[rank] = offsets - (offsets[-1] / 2 if rank else 0.0)
        link_rows = [index for index, item in enumerate(rank) for _ in links[item]]
        link_columns = [other for item in rank for other, _ in links[item]]
        weights = np.array([weight for item in rank for _, weight in links[item]], dtype=float)
        partner_weight = np.array([PARTNER_WEIGHT if item in pinned else 0.0 for item in rank])
        partner_moment = np.array([PARTNER_WEIGHT * pinned[item] if item in pinned else 0.0 for item in rank])
        total = np.bincount(np.array(link_rows, dtype=int), weights=weights, minlength=len(rank)) + partner_weight
        plans.append(
            (
                np.array(rank, dtype=int),
                offsets,
                np.array(link_rows, dtype=int),
                np.array(link_columns, dtype=int),
                weights,
                total,
                partner_moment,
            )
        )
    from scipy.optimize import isotonic_regression  # a third of a second to import: when a graph is first laid out

    for sweep in range(sweeps):
        order = plans if sweep % 2 == 0 else plans[::-1]
        for items, offsets, rows, columns, weights, total, partner_moment in order:
            if not len(items):
                continue
            moment = np.bincount(rows, weights=weights * x[columns], minlength=len(items)) + partner_moment
            loose = total == 0.0  # nothing pulls it: it stays (with a tiny weight)
            targets = np.where(loose, x[items], moment / np.where(loose, 1.0, total))
            if len(items) == 1:
                x[items] = targets
            else:
                x[items] = isotonic_regression(targets - offsets, weights=np.where(loose, 1e-3, total)).x + offsets
    lefts = x - np.array([extent.left for extent in extents])
    return (x - (lefts.min() if len(lefts) else 0.0)).tolist()


def place_y(
    graph: LayeredGraph, ranks: list[list[int]], extents: list[Extent], x: list[float]
) -> list[tuple[float, float]]:
    """(top, height) of every rank's band."""
    sideways = [0.0] * len(ranks)
    for upper, lower in graph.links:
        upper_rank = graph.rank_of[upper]
        sideways[upper_rank] = max(sideways[upper_rank], abs(x[upper] - x[lower]))
    bands, top = [], 0.0
    for number, rank in enumerate(ranks):
        height = max((extents[item].height for item in rank), default=0.0)
        bands.append((top, height))
        top += height + min(MAX_GAP, max(MIN_GAP, GAP_SLOPE * sideways[number]))
    return bands
