"""The solver choice: the optimal mapping (integer program) with hill-climbing as its fallback."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Literal, get_args

from .facts import Facts
from .hillclimb import hill_climb_match
from .ilp import ilp_match
from .match import Match

__all__ = ["SOLVERS", "Solver", "best_match"]

Solver = Literal["ilp", "hillclimb"]
SOLVERS: tuple[str, ...] = get_args(Solver)


def best_match(
    test: Facts,
    gold: Facts,
    solver: Solver = "ilp",
    time_limit: float = 10.0,
    restarts: int = 5,
    seed: int = 1,
    start: Callable[[Hashable], bool] = lambda label: False,
) -> Match:
    """The ILP's mapping, or hill-climbing's when asked for or when the ILP finds no
    solution within ``time_limit`` seconds."""
    match = ilp_match(test, gold, time_limit) if solver == "ilp" else None
    return match if match is not None else hill_climb_match(test, gold, restarts, seed, start)
