"""The solver choice: hill-climbing certified by upper bounds, an exact search only where needed.

``exact`` (the default): a hill climb from the smart start; if it reaches the quick bound of
:mod:`.bound`, its mapping is optimal. Otherwise, on a problem of at most ``SMALL_PROBLEM``
scoring pairs, the dual bound (pure Python) and up to ``restarts - 1`` seeded random starts
while the best climb falls short of the bound; on a larger problem the exact assignment bound
(SciPy, in C) and no restarts. Then, if the optimum is still not proven: on a small problem of
at most ``BRANCH_DEPTH`` test variables, the branch and bound of :mod:`.branch` (pure Python)
with ``BRANCH_SHARE`` of the budget left; and then, on any problem, the integer program of
:mod:`.ilp` over the pairs that reduced-cost fixing (:mod:`.fixing`) keeps - those that can be
in a mapping better than the best one found - with the rest of the budget. ``ilp``: the
integer program of :mod:`.ilp` for every pair (after the first climb, kept if the program
finds nothing). ``hillclimb``: the climbs alone, stopping early at the quick bound.

``time_limit`` caps the whole pair, from compiling the problem to the last search, as a budget
of work (:mod:`.budget`), not of time: equal input gives the same mapping, count and proven
bound in every run, however busy the machine. A problem too large to compile whole within the
budget is compiled over fewer pairs (:mod:`.problem`) and only climbed; a pair not proven
optimal keeps the best mapping found, with ``optimal`` false and the best bound proven.

HiGHS heeds the budget through limits of work only: an iteration limit for the relaxation, a node
limit for the integer program. Its root (presolving, cuts, heuristics) heeds neither, and on a whole
program it can take far longer than its size suggests (a 120-referent DRS pair of 28,000 columns:
21 s). Over the kept pairs the same pair's program has 7,600 columns and its relaxation, integral,
proves the optimum in 0.07 s; a 500-node Smatch pair, where the bounds are looser and 47,500 of
48,100 pairs are kept, in about 1 s. The integer program runs only where the relaxation is
fractional, and only when the budget affords ``CUTTING_COST`` units a column for its root's cuts. A
real Smatch pair rarely gets that far: the branch and bound proves what the bounds leave open on the
Little Prince pairs, and SciPy's optimiser is not imported for them.
"""

from __future__ import annotations

import gc
import logging
import math
import random
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from ..params import SOLVERS, Solver, SolverOptions
from .bound import BOUND_COST, assignment_bound, dual_bound, loose_bound, pair_bounds, quick_bound
from .branch import branch_and_bound
from .budget import Budget
from .facts import Facts, matched_count
from .fixing import DUALS_COST, promising_pairs
from .hillclimb import climb, random_start, smart_start
from .match import Match
from .problem import Compiler, Pair, Problem

__all__ = ["SOLVERS", "Solver", "best_match"]

log = logging.getLogger(__name__)
SMALL_PROBLEM = 2000  # pairs that can score (LPP-size pairs have a few hundred)
NARROW_FROM = 100_000  # units of work: a problem that costs more to compile starts over the nearest pairs only
COMPILE_SHARE = 0.3  # of the budget, at most, for compiling the problem: the rest is for searching it
BRANCH_DEPTH = 400  # variables to fix, at most, for the branch and bound (one stack frame each)
CUTTING_COST = 400  # units of work per column before the reduced integer program (its root's cuts: 180-370 µs measured)
BRANCH_SHARE = 0.25  # of the budget left, at most, for the branch and bound: the rest is for the integer program


def best_match(
    test: Facts,
    gold: Facts,
    options: SolverOptions = SolverOptions(),
    start: Callable[[Hashable], bool] = lambda label: False,
) -> Match:
    """The best mapping ``options.solver`` finds within the budget of ``options.time_limit``
    (see the module docstring); ``optimal`` only when it is proven."""
    with _collector_paused():
        return _best_match(test, gold, options, start)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused: a problem is hundreds of thousands of small tuples and
    none of them in a cycle, and the collections their allocation sets off took most of the
    time of compiling a large problem (2.9 s of 3.9 s on a 2,000-node pair; 0.8 s paused)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _best_match(test: Facts, gold: Facts, options: SolverOptions, start: Callable[[Hashable], bool]) -> Match:
    solver = options.solver
    budget = Budget.for_seconds(options.time_limit)
    compiler = Compiler(test, gold, start)
    keep = 0 if compiler.cost() <= NARROW_FROM else 1
    problem = compiler.problem(keep)
    budget.spend(compiler.cost(keep))
    bounds, capacities = pair_bounds(problem)
    search = _Search(problem, capacities, budget, problem.bag_bound)
    search.lower(loose_bound(problem) if problem.restricted else quick_bound(problem, bounds), _proof(problem))
    search.climb(smart_start(problem, bounds))
    while problem.restricted and not search.done():  # widen while the budget affords it, climbing on
        keep *= 2
        if not budget.affords(math.ceil(compiler.cost(keep) / COMPILE_SHARE)):
            break
        problem = compiler.problem(keep)
        budget.spend(compiler.cost(keep))
        bounds, capacities = pair_bounds(problem)
        search.widen(problem, capacities)
        search.lower(loose_bound(problem) if problem.restricted else quick_bound(problem, bounds), _proof(problem))
    if problem.restricted:  # nothing more can be proven; a swap may have used a pair left out: count exactly
        search.matched = matched_count(test, gold, search.mapping)
        return search.match()
    if solver == "ilp":
        search.integer_program()
        return search.match()
    small = len(bounds) <= SMALL_PROBLEM
    if solver == "exact" and not search.done():
        if small:
            search.lower(dual_bound(problem, bounds, search.matched, budget), "dual bound")
        elif budget.spend(BOUND_COST * problem.test_count * problem.gold_count):
            search.lower(assignment_bound(problem, bounds), "assignment bound")
    if solver == "hillclimb" or small:
        search.restarts(options)
    if solver == "exact" and not search.done() and small and problem.test_count <= BRANCH_DEPTH:
        search.branch_and_bound(bounds, BRANCH_SHARE)
    if solver == "exact" and not search.done():
        search.reduced_program(bounds)
    return search.match()


def _proof(problem: Problem) -> str:
    return "loose bound" if problem.restricted else "quick bound"


class _Search:
    """The best mapping found so far and the best proven bound (and what proved it), until the
    budget is spent."""

    def __init__(self, problem: Problem, capacities: dict[Pair, int], budget: Budget, bound: int):
        self.problem = problem
        self.capacities = capacities
        self.bound, self.proof = bound, "label bound"
        self.budget = budget
        self.mapping = [-1] * problem.test_count
        self.matched = -1  # no mapping yet
        self.method = "hillclimb"

    def lower(self, bound: int, proof: str) -> None:
        """Take ``bound``, proven by ``proof``, if it is lower than the best so far."""
        if bound < self.bound:
            self.bound, self.proof = bound, proof

    def done(self) -> bool:
        return self.matched >= self.bound or self.budget.spent

    def climb(self, mapping: list[int]) -> None:
        matched = climb(self.problem, mapping, self.capacities, self.budget, self.bound)
        if matched > self.matched:
            self.matched, self.mapping = matched, mapping

    def widen(self, problem: Problem, capacities: dict[Pair, int]) -> None:
        """Go on climbing from the best mapping on a wider problem (one with more pairs)."""
        self.problem, self.capacities = problem, capacities
        mapping = list(self.mapping)
        self.matched = -1
        self.climb(mapping)

    def restarts(self, options: SolverOptions) -> None:
        """Up to ``options.restarts - 1`` climbs from seeded random starts, while not done."""
        rng = random.Random(options.seed)
        for _ in range(options.restarts - 1):
            if self.done():
                break
            self.climb(random_start(self.problem, rng))

    def branch_and_bound(self, bounds: dict[Pair, float], share: float) -> None:
        """The branch and bound of :mod:`.branch`, with ``share`` of the budget left."""
        budget = self.budget.share(share)
        mapping, matched, bound = branch_and_bound(self.problem, bounds, self.mapping, self.matched, budget)
        self.budget.refund(budget)
        if matched > self.matched:
            self.matched, self.mapping, self.method = matched, mapping, "branch-and-bound"
        self.lower(bound, "branch-and-bound")

    def reduced_program(self, bounds: dict[Pair, float]) -> None:
        """The program of :mod:`.ilp` over the pairs that reduced-cost fixing keeps (:mod:`.fixing`),
        whose optimum is the problem's when above the best count found (which is optimal else):
        first its linear relaxation, and only when that is fractional and above the best count,
        the integer program, if the budget affords ``CUTTING_COST`` units a column for its root."""
        if not self.budget.spend(DUALS_COST * len(bounds)):
            return
        kept, bound = promising_pairs(self.problem, bounds, self.matched)
        self.lower(bound, "assignment bound")
        if not kept:
            self.lower(self.matched, "reduced costs")
            return
        from .ilp import solve_ilp, solve_relaxation  # loaded for the pairs that need the program

        relaxed = solve_relaxation(self.problem, self.budget, kept)
        if relaxed is None:
            return
        self.program_result(relaxed.mapping, relaxed.upper_bound, exact=False)
        if self.done():
            return
        result = solve_ilp(self.problem, self.budget, kept, presolve=False, program_cost=CUTTING_COST)
        if result is not None:
            self.program_result(result.mapping, result.upper_bound, result.optimal)

    def program_result(self, mapping: list[int], upper_bound: float, exact: bool) -> None:
        """Take a mapping of the reduced program if it matches more, and its bound: the
        problem's optimum is at most the best count found or the program's bound (its optimum
        when ``exact``)."""
        matched = self.problem.score(mapping)
        if matched > self.matched:
            self.matched, self.mapping, self.method = matched, mapping, "ilp"
        proven = self.matched if exact else math.floor(upper_bound + 1e-6)
        self.lower(max(self.matched, proven), "ilp")

    def integer_program(self) -> None:
        from .ilp import solve_ilp  # loaded for the pairs that need the program

        result = solve_ilp(self.problem, self.budget)
        if result is None:
            return
        self.method = "ilp"
        matched = self.problem.score(result.mapping)
        if matched >= self.matched:
            self.matched, self.mapping = matched, result.mapping
        self.lower(self.matched if result.optimal else math.floor(result.upper_bound + 1e-6), "ilp")

    def match(self) -> Match:
        optimal = self.matched >= self.bound
        if not optimal:
            log.debug("mapping not proven optimal within the budget: %d matched, bound %d", self.matched, self.bound)
        bound = float(max(self.bound, self.matched))
        return Match(tuple(self.mapping), self.matched, optimal, bound, self.method, self.proof)
