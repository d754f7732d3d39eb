"""Going through disagreements and finding pairs and nodes (Qt-free): which pairs disagree, the
next wanted row of a table in either direction, the pair a name or number names, and the nodes of
a pair that a search text names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

from engine.model import Graph
from engine.scoring import PairResult

from .sides import Side, partner

__all__ = ["disagrees", "find_nodes", "find_pair", "next_position", "pair_label"]

PERFECT = 1.0 - 1e-9  # an F1 this close to 1 is agreement (sums of similarities round)


def disagrees(result: PairResult) -> bool:
    """A pair that could not be scored, or that has an F1 below 1 under some metric."""
    scores = result.scores.values()
    return result.error is not None or any(score.f is not None and score.f < PERFECT for score in scores)


class Numbered(Protocol):
    """A pair or a sentence: its id (None when it has none) and its number, counted from 1."""

    @property
    def id(self) -> str | None: ...

    @property
    def number(self) -> int: ...


Item = TypeVar("Item", bound=Numbered)


def pair_label(item: Numbered) -> str:
    """What the app calls a pair or sentence in a word: its id, else its number as the tables'
    # column and "Pair N" show it (counted from 1). :func:`find_pair` takes it back."""
    return item.id if item.id is not None else str(item.number)


def find_pair(items: Iterable[Item], wanted: str) -> Item | None:
    """The pair with the id ``wanted``, else, when ``wanted`` is a number and no id is, the pair
    of that number (counted from 1, as the app shows it: ``graphagree-app --pair 6`` is "Pair 6").

    >>> from engine.scoring import PairResult
    >>> pairs = [PairResult(0, "7", None, None), PairResult(1, None, None, None)]
    >>> [find_pair(pairs, wanted).index for wanted in ("7", "2", "1")]
    [0, 1, 0]
    >>> find_pair(pairs, "0") is None
    True
    """
    items = list(items)
    found = next((item for item in items if item.id == wanted), None)
    if found is None and wanted.isdigit():
        found = next((item for item in items if item.number == int(wanted)), None)
    return found


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
