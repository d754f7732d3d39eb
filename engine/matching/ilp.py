"""The best variable mapping as a 0/1 integer program, solved by SciPy's ``milp`` (HiGHS).

max Σ w_ij x_ij + Σ_l m_l y_l  subject to  Σ_j x_ij ≤ 1,  Σ_i x_ij ≤ 1,  y_l ≤ x_ac for
every pair (a, c) of link l,

where x_ij maps test variable i to gold variable j and y_l is link l of :mod:`.problem`
(Smatch++; Bonial et al.). Lossless compression: a pair (i, j) gets a variable x_ij only if
it can score - a w_ij > 0 or a place in some link - and only between variables of the same
kind; leaving any other pair unmapped loses nothing (tested against brute force).

HiGHS is given a budget of work, not of time (:mod:`.budget`), so that it stops at the same
point in every run: a program is started only when the budget affords ``PROGRAM_COST`` units a
column, and the rest of the budget pays for branch-and-bound nodes at ``NODE_COST`` units a
column each (HiGHS's ``mip_max_nodes``). HiGHS's search is deterministic for given limits, so
the mapping, its count and the bound it proves are the same every run. Its time is not bounded
so: presolving and the root node's cuts and heuristics heed no node limit, and on some programs
take far longer than their size suggests (see :mod:`.solve`). The linear relaxation
(:func:`solve_relaxation`) gets a simplex iteration limit from the budget instead, at
``ITERATION_COST`` units an iteration; HiGHS's dual simplex is deterministic too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .budget import Budget
from .problem import Pair, Problem

__all__ = ["ITERATION_COST", "NODE_COST", "PROGRAM_COST", "IlpResult", "solve_ilp", "solve_relaxation"]

PROGRAM_COST = 30  # units of work (~µs) per column for presolving and the root relaxation
NODE_COST = 6  # units of work per column and branch-and-bound node
BUILD_COST = 10  # units of work per pair for writing the program down
ITERATION_COST = 40  # units of work per simplex iteration of the relaxation (17-61 µs measured)
INTEGRAL_TOLERANCE = 1e-6  # a relaxed x_ij or y_l this close to 0 or 1 counts as integral


def _pairs(problem: Problem, kept: set[Pair] | None) -> list[Pair]:
    """The pairs that get a variable x_ij: those that can score (and are ``kept``)."""
    pairs = problem.pairs
    return sorted(pairs if kept is None else pairs & kept)


@dataclass(frozen=True)
class IlpResult:
    """HiGHS's mapping, whether it is proven optimal, and its bound on the optimum."""

    mapping: list[int]
    optimal: bool
    upper_bound: float


@dataclass(frozen=True)
class _Program:
    """The program's columns (the pairs x_ij, then the links y_l), objective weights and rows
    (``matrix`` x <= ``upper``)."""

    pairs: list[Pair]
    weights: Any  # numpy arrays (NumPy is imported only with the program)
    matrix: Any
    upper: Any

    @property
    def columns(self) -> int:
        return len(self.weights)

    def mapping(self, problem: Problem, x: Any) -> list[int]:
        """The mapping of a solution's x_ij (those above 1/2)."""
        mapping = [-1] * problem.test_count
        for (i, j), value in zip(self.pairs, x):
            if value > 0.5:
                mapping[i] = j
        return mapping


def _program(problem: Problem, pairs: list[Pair], kept: set[Pair] | None) -> _Program:
    """The program of the module docstring over ``pairs`` (and the links whose pairs are all ``kept``)."""
    import numpy as np
    from scipy.sparse import csr_array

    links = problem.links if kept is None else [link for link in problem.links if kept.issuperset(link[0])]
    column_of = {pair: k for k, pair in enumerate(pairs)}
    weights = [float(problem.unary.get(pair, 0)) for pair in pairs] + [float(worth) for _, worth in links]
    rows: list[int] = []
    cols: list[int] = []
    upper: list[float] = []
    for k, (link_pairs, _) in enumerate(links):
        y = len(pairs) + k
        for pair in link_pairs:  # y_l - x_ac <= 0
            rows += [len(upper), len(upper)]
            cols += [y, column_of[pair]]
            upper.append(0.0)
    values = [1.0, -1.0] * (len(rows) // 2)
    for axis in (0, 1):  # each test variable, then each gold variable, mapped at most once
        groups: dict[int, list[int]] = {}
        for column, pair in enumerate(pairs):
            groups.setdefault(pair[axis], []).append(column)
        for members in groups.values():
            if len(members) > 1:
                rows += [len(upper)] * len(members)
                cols += members
                values += [1.0] * len(members)
                upper.append(1.0)
    matrix = csr_array((values, (rows, cols)), shape=(len(upper), len(weights))) if upper else None
    return _Program(pairs, np.array(weights), matrix, np.array(upper))


def solve_ilp(
    problem: Problem,
    budget: Budget | None = None,
    kept: set[Pair] | None = None,
    presolve: bool = True,
    program_cost: int = PROGRAM_COST,
) -> IlpResult | None:
    """The mapping with the most matched facts (see the module docstring); None when the
    ``budget`` cannot pay ``program_cost`` units a column for the program or HiGHS finds no
    mapping within it. With ``kept``, over those pairs only (x_ij = 0 for the others, and y_l = 0
    for the links that need one of them): the optimum and bound of that smaller program.
    ``presolve``: HiGHS's presolving (on these programs it removes little and can take most of
    the time: 1.9 s of 2.1 s on a 500-node Smatch pair, whose root relaxation is then integral)."""
    pairs = _pairs(problem, kept)
    if not pairs:
        return IlpResult([-1] * problem.test_count, True, float(problem.fixed))
    program = _program(problem, pairs, kept)
    columns = program.columns
    options: dict[str, int | bool] = {"presolve": presolve}
    if budget is not None:
        if not budget.affords(program_cost * columns):
            return None
        options["node_limit"] = max(1, (budget.left - program_cost * columns) // (NODE_COST * columns))
        budget.spend(program_cost * columns)
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    constraints = [] if program.matrix is None else [LinearConstraint(program.matrix, -np.inf, program.upper)]
    result = milp(
        c=-program.weights,
        integrality=np.ones(columns),
        bounds=Bounds(0, 1),
        constraints=constraints,
        options=options,
    )
    if budget is not None:
        budget.spend(NODE_COST * columns * int(getattr(result, "mip_node_count", 0) or 0))
    if result.x is None:
        return None
    bound = getattr(result, "mip_dual_bound", None)
    bound = -float(bound if bound is not None else result.fun) + problem.fixed
    return IlpResult(program.mapping(problem, result.x), result.status == 0, bound)


def solve_relaxation(problem: Problem, budget: Budget, kept: set[Pair] | None = None) -> IlpResult | None:
    """The linear relaxation of the program (0 <= x, y <= 1), by HiGHS's dual simplex without
    presolving, within the simplex iterations ``budget`` pays for at ``ITERATION_COST`` units
    each (an iteration limit: the same point in every run); None when the budget runs out first.
    Its optimum bounds the program's; the mapping is the solution's x_ij above 1/2, ``optimal``
    when the solution is integral (then the mapping is the program's optimum)."""
    pairs = _pairs(problem, kept)
    if not pairs:
        return IlpResult([-1] * problem.test_count, True, float(problem.fixed))
    if not budget.spend(BUILD_COST * len(pairs)):
        return None
    program = _program(problem, pairs, kept)
    iterations = budget.left // ITERATION_COST
    if iterations < 1:
        return None
    import numpy as np
    from scipy.optimize import linprog

    result = linprog(
        -program.weights,
        A_ub=program.matrix,
        b_ub=program.upper if program.matrix is not None else None,
        bounds=(0, 1),
        method="highs-ds",
        options={"presolve": False, "maxiter": int(iterations)},
    )
    budget.spend(ITERATION_COST * max(1, int(result.nit)))
    if result.status != 0:
        return None
    integral = bool(np.all(np.minimum(result.x, 1 - result.x) <= INTEGRAL_TOLERANCE))
    return IlpResult(program.mapping(problem, result.x), integral, -float(result.fun) + problem.fixed)
