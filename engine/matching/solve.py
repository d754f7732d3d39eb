"""The solver choice: hill-climbing certified by upper bounds, the integer program only where needed.

``exact`` (the default): a hill climb from the smart start; if it reaches the quick bound of
:mod:`.bound`, its mapping is optimal. Otherwise, on a problem of at most ``SMALL_PROBLEM``
scoring pairs, the dual bound (pure Python) and up to ``restarts - 1`` seeded random starts
while the best climb falls short of the bound; on a larger one the exact assignment bound
(SciPy, in C) and no restarts, each as slow as the first climb. Only if the best climb still
falls short of the bound, the integer program of :mod:`.ilp` with the time that is left - so
SciPy's optimiser (a third of a second to import) loads only for the program or a large
problem. ``ilp``: the integer program for every pair (after the first climb, kept if the
program finds nothing). ``hillclimb``: the climbs alone, stopping early at the quick bound.

``time_limit`` caps the whole pair, from compiling the problem to the program: every step
stops at the deadline (the program too, :func:`~.ilp.solve_ilp_by`) and the best mapping
found is returned with ``optimal`` false and the best bound proven. Only compiling the
problem and its pair bounds cannot stop part-way (about a second for a 1,000-node pair).
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable, Hashable

from ..params import SOLVERS, Solver, SolverOptions
from .bound import assignment_bound, dual_bound, pair_bounds, quick_bound
from .facts import Facts
from .hillclimb import climb, random_start, smart_start
from .ilp import solve_ilp_by
from .match import Match
from .problem import Pair, Problem, compile_problem

__all__ = ["SOLVERS", "Solver", "best_match"]

log = logging.getLogger(__name__)
SMALL_PROBLEM = 2000  # pairs that can score (LPP-size pairs have a few hundred)


def best_match(
    test: Facts,
    gold: Facts,
    options: SolverOptions = SolverOptions(),
    start: Callable[[Hashable], bool] = lambda label: False,
) -> Match:
    """The best mapping ``options.solver`` finds within ``options.time_limit`` seconds (see the
    module docstring); ``optimal`` only when it is proven."""
    solver, restarts = options.solver, options.restarts
    deadline = time.perf_counter() + options.time_limit
    problem = compile_problem(test, gold, start)
    bounds, capacities = pair_bounds(problem)
    search = _Search(problem, capacities, quick_bound(problem, bounds), deadline)
    search.climb(smart_start(problem, bounds))
    if solver == "ilp":
        search.integer_program()
        return search.match()
    small = len(bounds) <= SMALL_PROBLEM
    if solver == "exact" and not search.done():
        if small:
            search.bound = min(search.bound, dual_bound(problem, bounds, search.matched, deadline))
        else:
            search.bound = min(search.bound, assignment_bound(problem, bounds))
    if solver == "hillclimb" or small:
        rng = random.Random(options.seed)
        for _ in range(max(1, restarts) - 1):
            if search.done():
                break
            search.climb(random_start(problem, rng))
    if solver == "exact" and not search.done():
        search.integer_program()
    return search.match()


class _Search:
    """The best mapping found so far and the best proven bound, until the deadline."""

    def __init__(self, problem: Problem, capacities: dict[Pair, int], bound: int, deadline: float):
        self.problem = problem
        self.capacities = capacities
        self.bound = bound
        self.deadline = deadline
        self.mapping = [-1] * problem.test_count
        self.matched = -1  # no mapping yet
        self.method = "hillclimb"

    def done(self) -> bool:
        return self.matched >= self.bound or time.perf_counter() > self.deadline

    def climb(self, mapping: list[int]) -> None:
        matched = climb(self.problem, mapping, self.capacities, self.deadline, self.bound)
        if matched > self.matched:
            self.matched, self.mapping = matched, mapping

    def integer_program(self) -> None:
        result = solve_ilp_by(self.problem, self.deadline)
        if result is None:
            return
        self.method = "ilp"
        matched = self.problem.score(result.mapping)
        if matched >= self.matched:
            self.matched, self.mapping = matched, result.mapping
        self.bound = self.matched if result.optimal else min(self.bound, math.floor(result.upper_bound + 1e-6))

    def match(self) -> Match:
        optimal = self.matched >= self.bound
        if not optimal:
            log.debug("mapping not proven optimal by the deadline: %d matched, bound %d", self.matched, self.bound)
        return Match(tuple(self.mapping), self.matched, optimal, float(max(self.bound, self.matched)), self.method)
