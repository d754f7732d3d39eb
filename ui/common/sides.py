"""What can be selected in a pair, and a node's aligned partner (Qt-free)."""

from __future__ import annotations

from typing import Literal

from engine.scoring import PairResult

__all__ = ["SIDES", "Side", "as_side", "other_side", "partner"]

Side = Literal["test", "gold"]
SIDES: tuple[Side, Side] = ("test", "gold")


def as_side(text: str) -> Side:
    """A side as a signal carries it (a ``str``).

    >>> as_side("gold")
    'gold'
    """
    if text == "test":
        return "test"
    if text == "gold":
        return "gold"
    raise ValueError(f"{text!r} is no side of a pair (test or gold)")


def other_side(side: Side) -> Side:
    return "gold" if side == "test" else "test"


def partner(result: PairResult | None, side: Side, var: str) -> str | None:
    """The variable aligned to ``var`` (a node of ``side``) in the other graph; None when
    unaligned, for a constant (``=k``) or when the pair has no alignment."""
    if result is None or result.alignment is None or result.test is None or result.gold is None or var.startswith("="):
        return None
    own, other = (result.test, result.gold) if side == "test" else (result.gold, result.test)
    index = own.index.get(var)
    if index is None:
        return None
    aligned = result.alignment.gold_of[index] if side == "test" else result.alignment.test_of.get(index)
    return other.nodes[aligned].var if aligned is not None else None
