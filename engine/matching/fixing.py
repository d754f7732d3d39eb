"""Reduced-cost fixing: the pairs that can still be in a mapping better than the best one found.

Let u ≥ 0 (over test variables) and v ≥ 0 (over gold variables) be a feasible solution of the
dual of the assignment problem over the pair bounds c_ij of :mod:`.bound`: u_i + v_j ≥ c_ij
for every pair, and D = Σ_i u_i + Σ_j v_j. The reduced cost of a pair is r_ij = u_i + v_j -
c_ij ≥ 0. For any one-to-one mapping M holding the pair (i, j), by the argument of
:mod:`.bound`,

    matched(M) ≤ fixed + Σ_a c_a,M(a) ≤ fixed + D - r_ij,

since every pair (a, M(a)) of M has c ≤ u_a + v_M(a), each of them subtracts its own reduced
cost, and the unmapped variables' u and v are not negative (linear programming duality, as in
reduced-cost fixing: Nemhauser and Wolsey, *Integer and Combinatorial Optimization*, 1988).
So a pair with fixed + D - r_ij < L + 1, L the count of the best mapping
found, is in no mapping that matches more than L: the integer program of :mod:`.ilp` may leave
it out, with every link that needs it, and its optimum over the pairs kept is the optimum of the
whole problem whenever that is above L (when it is not, L is the optimum).

The duals come from the assignment problem's linear program (SciPy's ``linprog``, HiGHS, whose
simplex is deterministic) and are then made exactly feasible - v clipped at 0, and each u_i
recomputed as max(0, max_j c_ij - v_j) - so that the bound does not rest on the solver's
tolerances. With the optimal duals D is the assignment bound A of :mod:`.bound`.
"""

from __future__ import annotations

import math

from .problem import Pair, Problem

__all__ = ["DUALS_COST", "promising_pairs"]

DUALS_COST = 3  # units of work (~µs) per pair that can score, for the assignment program and its duals
_SLACK = 1e-9  # rounding error of the float sums


def promising_pairs(problem: Problem, bounds: dict[Pair, float], lower: int) -> tuple[set[Pair], int]:
    """The pairs of ``problem`` that can be in a mapping matching more than ``lower`` facts, and
    fixed + D rounded down (an upper bound on the optimum; see the module docstring)."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_array

    pairs = sorted(problem.pairs)
    if not pairs:
        return set(), problem.fixed
    rows = np.array([i for i, _ in pairs])
    columns = np.array([j for _, j in pairs])
    values = np.array([bounds.get(pair, 0.0) for pair in pairs])
    count = len(pairs)
    height = problem.test_count + problem.gold_count
    places = np.arange(count)
    matrix = coo_array(
        (np.ones(2 * count), (np.concatenate([rows, problem.test_count + columns]), np.concatenate([places, places]))),
        shape=(height, count),
    ).tocsr()
    result = linprog(-values, A_ub=matrix, b_ub=np.ones(height), bounds=(0, None), method="highs")
    v = np.zeros(problem.gold_count)
    if result.status == 0:
        v = np.maximum(0.0, -result.ineqlin.marginals[problem.test_count :])
    u = np.zeros(problem.test_count)
    np.maximum.at(u, rows, values - v[columns])
    total = float(u.sum() + v.sum())
    reduced = u[rows] + v[columns] - values
    kept = {pairs[k] for k in np.flatnonzero(problem.fixed + total - reduced + _SLACK >= lower + 1)}
    return kept, problem.fixed + math.floor(total + _SLACK)
