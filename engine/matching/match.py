"""A variable mapping found by a solver."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Match"]


@dataclass(frozen=True)
class Match:
    """``mapping[i]``: the gold index of test variable i (-1: unmapped); ``matched``: the facts
    it matches; ``optimal``: proven optimal; ``upper_bound``: no mapping matches more (the best
    bound proven); ``method``: what found the mapping, ``"hillclimb"``, ``"branch-and-bound"`` or
    ``"ilp"``; ``proof``: what proved the best bound, ``"label bound"``, ``"quick bound"``,
    ``"dual bound"``, ``"assignment bound"``, ``"branch-and-bound"``, ``"reduced costs"`` (no pairing
    can be part of a better mapping: :mod:`.fixing`), ``"ilp"`` (the program of :mod:`.ilp` or its
    relaxation) or ``"loose bound"`` (a restricted problem's): the bounds of :mod:`.bound`, or the
    exact searches."""

    mapping: tuple[int, ...]
    matched: int
    optimal: bool
    upper_bound: float
    method: str
    proof: str = "quick bound"
