"""The k-grams of a DRS pair that DScorer counts differently on the two sides, as rows for
the DScorer panel (Qt-free; listed on a worker thread, since a pair of document size has
hundreds of thousands of 4-grams).

A k-gram is read as its label sequence (:func:`engine.drs.dscorer_kgrams`): node labels
(B, X, E, S, P, T, or a constant) and edge labels between them. An edge of the ``paper``
profile is walked either way under one label (``B ─Agent-A1─ E``); the ``reference``
profile marks the direction (``B ─REF→ X``, ``X ←Agent:1─ B``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from engine.drs import DScorerSettings, dscorer_kgrams
from engine.drs.pair import DrsPairScores
from engine.enums import WordEnum

__all__ = ["LIMIT", "KgramList", "KgramRow", "KgramSide", "differing_kgrams", "kgram_text"]

LIMIT = 2000  # rows kept per side, the largest differences first


class KgramSide(WordEnum):
    """Which graph has a k-gram, or has it more often; the values are the words the DScorer panel shows."""

    ONLY_TEST = "only in test"
    ONLY_GOLD = "only in gold"
    MORE_TEST = "more in test"
    MORE_GOLD = "more in gold"


@dataclass(frozen=True)
class KgramRow:
    """A k-gram's label sequence as text and how many times each graph has it."""

    text: str
    test: int
    gold: int

    @property
    def side(self) -> KgramSide:
        if self.gold == 0:
            return KgramSide.ONLY_TEST
        if self.test == 0:
            return KgramSide.ONLY_GOLD
        return KgramSide.MORE_TEST if self.test > self.gold else KgramSide.MORE_GOLD

    @property
    def excess(self) -> int:
        """The occurrences the other side lacks (what the k-gram costs precision or recall)."""
        return abs(self.test - self.gold)


@dataclass(frozen=True)
class KgramList:
    """The differing k-grams of pair ``index`` at order ``k``: the rows kept (at most
    ``limit`` a side), how many there are a side, and the distinct k-grams of both graphs."""

    index: int
    k: int
    rows: tuple[KgramRow, ...]
    found: dict[KgramSide, int] = field(default_factory=dict)
    total: int = 0
    limit: int = LIMIT

    @property
    def cut(self) -> bool:
        """Whether some side had more rows than were kept."""
        return any(count > self.limit for count in self.found.values())


def _label(label: Hashable) -> str:
    if isinstance(label, tuple) and len(label) == 2 and label[0] in ("to", "from"):
        direction, name = label
        return f" ─{name}→ " if direction == "to" else f" ←{name}─ "
    return f" ─{label}─ "


def kgram_text(labels: Sequence[Hashable]) -> str:
    """A label sequence as a chain: ``B ─Agent-A1─ E ─Agent-A2─ X``."""
    return "".join(str(label) if position % 2 == 0 else _label(label) for position, label in enumerate(labels))


def differing_kgrams(
    index: int, drs: DrsPairScores, settings: DScorerSettings, k: int, limit: int = LIMIT
) -> KgramList:
    """The k-grams of a scored DRS pair whose counts differ, largest difference first."""
    table = dscorer_kgrams(drs.test_clauses, drs.gold_clauses, k, settings)
    differing = [KgramRow(kgram_text(labels), test, gold) for labels, test, gold in table if test != gold]
    differing.sort(key=lambda row: (-row.excess, row.text))
    found = dict.fromkeys(KgramSide, 0)
    kept: list[KgramRow] = []
    for row in differing:
        found[row.side] += 1
        if found[row.side] <= limit:
            kept.append(row)
    return KgramList(index, k, tuple(kept), found, len(table), limit)
