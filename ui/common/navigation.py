"""Going through disagreements and finding nodes (Qt-free): which pairs disagree, the next
wanted row of a table in either direction, and the nodes of a pair that a search text names."""

from __future__ import annotations

from collections.abc import Callable

from engine.model import Graph
from engine.scoring import PairResult

from .sides import Side, partner

__all__ = ["disagrees", "find_nodes", "next_position"]

PERFECT = 1.0 - 1e-9  # an F1 this close to 1 is agreement (sums of similarities round)


def disagrees(result: PairResult) -> bool:
    """A pair that could not be scored, or that has an F1 below 1 under some metric."""
    scores = result.scores.values()
    return result.error is not None or any(score.f is not None and score.f < PERFECT for score in scores)


def next_position(count: int, current: int | None, step: int, wanted: Callable[[int], bool]) -> tuple[int | None, bool]:
    """The first position after ``current`` (before it when ``step`` < 0) among 0..count-1 for which
    ``wanted`` holds, going round past the end: (position or None, whether it went round).
    With no current position the search starts at the first (or last) row."""
    if count <= 0:
        return None, False
    start = current if current is not None else (-1 if step > 0 else count)
    direction = 1 if step > 0 else -1
    for offset in range(1, count + 1):
        position = start + direction * offset
        if wanted(position % count):
            return position % count, not 0 <= position < count
    return None, False


def find_nodes(result: PairResult | None, text: str) -> list[tuple[Side, str]]:
    """The nodes of a pair that ``text`` names, as (side, key): variables equal to it first, then
    concepts and constants containing it (letter case ignored); test before gold. A gold node
    whose test partner is already listed is left out (showing one shows the other)."""
    wanted = text.strip().lower()
    if result is None or not wanted:
        return []
    sides: tuple[tuple[Side, Graph | None], ...] = (("test", result.test), ("gold", result.gold))
    graphs = [(side, graph) for side, graph in sides if graph is not None]
    exact = [(side, node.var) for side, graph in graphs for node in graph.nodes if node.var.lower() == wanted]
    named = [
        (side, node.var)
        for side, graph in graphs
        for node in graph.nodes
        if wanted in node.concept.lower() and node.var.lower() != wanted
    ]
    constants = [
        (side, f"={k}")
        for side, graph in graphs
        for k, attribute in enumerate(graph.attributes)
        if wanted in attribute.value.lower()
    ]
    found: list[tuple[Side, str]] = []
    shown: set[tuple[Side, str]] = set()
    for side, key in exact + named + constants:
        if (side, key) in shown:
            continue
        found.append((side, key))
        shown.add((side, key))
        other = partner(result, side, key)
        if other is not None:
            shown.add(("gold" if side == "test" else "test", other))
    return found
