"""Left-to-right order of the items in each rank, against edge crossings
(the barycenter heuristic of Sugiyama et al. 1981, step 2, with the
adjacent-exchange refinement of Gansner et al. 1993, section 3).

Each sweep moves down the ranks and then up again; an item moves to the mean
relative position (0..1) of the items it is linked to in the rank just passed.
A node aligned to a node of the partner graph counts its partner's relative
position as ``PARTNER_WEIGHT`` more links, so aligned nodes tend to sit across
from each other. Sorting is stable and the order with the fewest crossings
(then the fewest aligned nodes out of their partners' order) is kept; in it,
neighbours in a rank then swap while that removes crossings. The result is
deterministic.
"""

from __future__ import annotations

import numpy as np

from .layering import LayeredGraph

__all__ = ["count_crossings", "order_ranks"]

PARTNER_WEIGHT = 2.0


def _relative(rank: list[int]) -> dict[int, float]:
    if len(rank) == 1:
        return {rank[0]: 0.5}
    return {item: index / (len(rank) - 1) for index, item in enumerate(rank)}


def count_crossings(graph: LayeredGraph, ranks: list[list[int]]) -> int:
    """Pairs of links between the same two ranks whose ends are in opposite
    order: (a_i - a_j)(b_i - b_j) < 0 over positions a (upper) and b (lower)."""
    position = {item: index for rank in ranks for index, item in enumerate(rank)}
    by_rank: dict[int, list[tuple[int, int]]] = {}
    for upper, lower in graph.links:
        by_rank.setdefault(graph.rank_of[upper], []).append((position[upper], position[lower]))
    total = 0
    for pairs in by_rank.values():
        if len(pairs) < 2:
            continue
        ends = np.array(pairs, dtype=np.int64)
        a, b = ends[:, 0], ends[:, 1]
        total += int(np.count_nonzero(np.triu((a[:, None] - a[None, :]) * (b[:, None] - b[None, :]) < 0, 1)))
    return total


def _pair_crossings(first: list[int], second: list[int]) -> int:
    """Crossings between the links of two neighbours when ``first`` is on the
    left: pairs of link ends (a, b) with a > b."""
    count = 0
    for a in first:
        for b in second:
            if a > b:
                count += 1
    return count


def _partner_inversions(ranks: list[list[int]], pinned: dict[int, float]) -> int:
    """Pairs of aligned nodes in a rank in the opposite order to their partners."""
    total = 0
    for rank in ranks:
        values = [pinned[item] for item in rank if item in pinned]
        total += sum(1 for k, a in enumerate(values) for b in values[k + 1 :] if a > b)
    return total


def _transpose(
    ranks: list[list[int]], up_links: list[list[int]], down_links: list[list[int]], pinned: dict[int, float]
) -> None:
    """Swap neighbours in a rank while a swap lowers the crossings with the
    ranks above and below (or keeps them and puts two aligned nodes in their
    partners' order)."""
    position = [0] * len(up_links)
    for rank in ranks:
        for index, item in enumerate(rank):
            position[item] = index
    improved, passes = True, 0
    while improved and passes < 4:
        improved, passes = False, passes + 1
        for rank in ranks:
            for index in range(len(rank) - 1):
                u, v = rank[index], rank[index + 1]
                up_u, up_v = [position[item] for item in up_links[u]], [position[item] for item in up_links[v]]
                down_u, down_v = [position[item] for item in down_links[u]], [position[item] for item in down_links[v]]
                before = _pair_crossings(up_u, up_v) + _pair_crossings(down_u, down_v)
                after = _pair_crossings(up_v, up_u) + _pair_crossings(down_v, down_u)
                if after == before and u in pinned and v in pinned:
                    before, after = pinned[u] > pinned[v], pinned[v] > pinned[u]
                if after < before:
                    rank[index], rank[index + 1] = v, u
                    position[u], position[v] = index + 1, index
                    improved = True


def order_ranks(
    graph: LayeredGraph, partner_position: dict[str, float] | None = None, sweeps: int = 8
) -> list[list[int]]:
    """Each rank's items left to right after ``sweeps`` down-and-up barycenter
    sweeps (fewer when two sweeps in a row gain nothing): the order with the
    fewest crossings of those seen, refined by exchanges."""
    partner_position = partner_position or {}
    pinned = {graph.node_item[key]: value for key, value in partner_position.items() if key in graph.node_item}
    up_links: list[list[int]] = [[] for _ in graph.kinds]
    down_links: list[list[int]] = [[] for _ in graph.kinds]
    for upper, lower in graph.links:
        down_links[upper].append(lower)
        up_links[lower].append(upper)
    ranks = [list(rank) for rank in graph.ranks]

    def reorder(number: int, reference: int, links: list[list[int]]) -> None:
        positions = _relative(ranks[reference]) if ranks[reference] else {}
        current = _relative(ranks[number]) if ranks[number] else {}

        def key(item: int) -> float:
            around = [positions[other] for other in links[item] if other in positions]
            if item in pinned:
                return (sum(around) + PARTNER_WEIGHT * pinned[item]) / (len(around) + PARTNER_WEIGHT)
            return sum(around) / len(around) if around else current[item]

        ranks[number].sort(key=key)

    if pinned and ranks:
        first = _relative(ranks[0])
        ranks[0].sort(key=lambda item: pinned.get(item, first[item]))

    def cost() -> tuple[int, int]:
        return count_crossings(graph, ranks), _partner_inversions(ranks, pinned)

    best, fewest = [list(rank) for rank in ranks], cost()
    stale = 0
    for _ in range(sweeps):
        for number in range(1, len(ranks)):
            reorder(number, number - 1, up_links)
        for number in range(len(ranks) - 2, -1, -1):
            reorder(number, number + 1, down_links)
        current = cost()
        if current < fewest:
            best, fewest, stale = [list(rank) for rank in ranks], current, 0
        else:
            stale += 1
        if fewest == (0, 0) or stale == 2:
            break
    _transpose(best, up_links, down_links, pinned)
    return best
