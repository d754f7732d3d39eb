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
take far longer than their size suggests (see :mod:`.solve`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .budget import Budget
from .problem import Pair, Problem

__all__ = ["NODE_COST", "PROGRAM_COST", "IlpResult", "solve_ilp"]

PROGRAM_COST = 30  # units of work (~µs) per column for presolving and the root relaxation
NODE_COST = 6  # units of work per column and branch-and-bound node


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


def solve_ilp(
    problem: Problem, budget: Budget | None = None, kept: set[Pair] | None = None, presolve: bool = True
) -> IlpResult | None:
    """The mapping with the most matched facts (see the module docstring); None when the
    ``budget`` cannot pay for the program or HiGHS finds no mapping within it. With ``kept``,
    over those pairs only (x_ij = 0 for the others, and y_l = 0 for the links that need one of
    them): the optimum and bound of that smaller program. ``presolve``: HiGHS's presolving (on
    these programs it removes little and can take most of the time: 1.9 s of 2.1 s on a
    500-node Smatch pair, whose root relaxation is then integral)."""
    pairs = _pairs(problem, kept)
    mapping = [-1] * problem.test_count
    if not pairs:
        return IlpResult(mapping, True, float(problem.fixed))
    links = problem.links if kept is None else [link for link in problem.links if kept.issuperset(link[0])]
    columns = len(pairs) + len(links)
    options: dict[str, int | bool] = {"presolve": presolve}
    if budget is not None:
        if not budget.affords(PROGRAM_COST * columns):
            return None
        options["node_limit"] = max(1, (budget.left - PROGRAM_COST * columns) // (NODE_COST * columns))
        budget.spend(PROGRAM_COST * columns)
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_array

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
    constraints = []
    if upper:
        matrix = csr_array((values, (rows, cols)), shape=(len(upper), len(weights)))
        constraints.append(LinearConstraint(matrix, -np.inf, np.array(upper)))
    result = milp(
        c=-np.array(weights),
        integrality=np.ones(len(weights)),
        bounds=Bounds(0, 1),
        constraints=constraints,
        options=options,
    )
    if budget is not None:
        budget.spend(NODE_COST * columns * int(getattr(result, "mip_node_count", 0) or 0))
    if result.x is None:
        return None
    for (i, j), x in zip(pairs, result.x):
        if x > 0.5:
            mapping[i] = j
    bound = getattr(result, "mip_dual_bound", None)
    bound = -float(bound if bound is not None else result.fun) + problem.fixed
    return IlpResult(mapping, result.status == 0, bound)
