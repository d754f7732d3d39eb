"""Upper bounds on the matched count of any mapping, cheap enough to compute for every pair.

Proof. Take any one-to-one mapping M. By :mod:`.problem`, matched(M) = fixed +
Σ_i w_i,M(i) + Σ over matched links l of m_l. Let each matched link l, with k distinct test
variables, hand m_l / k to each of its k pairs (a, M(a)); the hand-outs add up to the links'
total. Now fix a test variable i and j = M(i). The matched links holding (i, j) have
distinct test facts (M decides a test fact's partner) and distinct gold facts (M is
one-to-one), and each test fact has the same *shape* σ at i as its gold fact has at j: the
label, the pattern of repeated arguments, and the positions i and j hold. With T_i[σ] the
number of test facts (multiplicities summed) holding i with shape σ, and G_j[σ] likewise for
gold, the matched links of shape σ at (i, j) are worth Σ m_l ≤ Σ n_f ≤ T_i[σ] and
Σ m_l ≤ Σ m_g ≤ G_j[σ]. So i receives at most

    c_ij = w_ij + Σ_σ min(T_i[σ], G_j[σ]) / k_σ,

c_ij = 0 where i -> j can score nothing, and

    matched(M) ≤ fixed + Σ_i c_i,M(i) ≤ fixed + A,   A = max over one-to-one M of Σ_i c_i,M(i),

the assignment bound. A ≤ min(Σ_i max_j c_ij, Σ_j max_i c_ij), the row and column bounds,
and A ≤ any dual value of the assignment problem (:func:`dual_bound`). The label bound, Σ
over (label, pattern) of min(test count, gold count), holds on its own: a matched test fact
matches a gold fact with its label and pattern. Matched counts are integers, so every bound
may be rounded down. The tests compare every bound with brute force, for facts of one to
three arguments and with variable kinds.

Without the pairs (a restricted problem, :mod:`.problem`, has only some of them), c_ij ≤ u_i +
Σ_σ min(T_i[σ], G*[σ]) / k_σ, where u_i = Σ over i's one-variable labels λ of min(n_iλ, max_j
m_jλ) bounds w_ij and G*[σ] = max_j G_j[σ]; summed over the rows (and likewise over the
columns) this is the *loose bound*, which holds for the whole problem.
"""

from __future__ import annotations

import math

from .budget import Budget
from .problem import Pair, Problem

__all__ = ["BOUND_COST", "assignment_bound", "dual_bound", "loose_bound", "pair_bounds", "quick_bound"]

BOUND_COST = 3  # units of work (~µs) per pair and sweep of the dual bound, per cell of the assignment bound


_SLACK = 1e-9  # rounding error of the float sums before rounding down


def pair_bounds(problem: Problem) -> tuple[dict[Pair, float], dict[Pair, int]]:
    """c_ij for every pair that can score (see the module docstring), and its capacity f_ij =
    w_ij + Σ_σ min(T_i[σ], G_j[σ]): with i -> j, i's one-variable facts and the links through
    (i, j) match at most f_ij times (the same argument, each link counted whole)."""
    shares: dict[Pair, float] = {}
    capacities: dict[Pair, int] = {}
    test_shapes, gold_shapes = problem.test_shapes, problem.gold_shapes
    for i, row in enumerate(problem.candidates):
        shapes = test_shapes[i]
        for j in row:
            share = whole = problem.unary.get((i, j), 0)
            if shapes:
                other = gold_shapes[j]
                for shape, n in shapes.items():
                    m = other.get(shape)
                    if m:
                        least = min(n, m)
                        whole += least
                        share += least / (max(shape[0][1]) + 1)  # shape: ((label, pattern), positions)
            shares[(i, j)] = share
            capacities[(i, j)] = whole
    return shares, capacities


def quick_bound(problem: Problem, bounds: dict[Pair, float]) -> int:
    """min(label bound, fixed + row bound, fixed + column bound), rounded down."""
    rows = [0.0] * problem.test_count
    columns = [0.0] * problem.gold_count
    for (i, j), value in bounds.items():
        rows[i] = max(rows[i], value)
        columns[j] = max(columns[j], value)
    assignment = min(sum(rows), sum(columns))
    return min(problem.bag_bound, problem.fixed + math.floor(assignment + _SLACK))


def loose_bound(problem: Problem) -> int:
    """fixed + min(Σ_i of i's loose row bound, Σ_j of j's loose column bound), and at most the
    label bound (see the module docstring): a bound of the whole problem, even a restricted one."""
    totals = []
    for own_units, own_shapes, other_units, other_shapes in (
        (problem.test_units, problem.test_shapes, problem.gold_units, problem.gold_shapes),
        (problem.gold_units, problem.gold_shapes, problem.test_units, problem.test_shapes),
    ):
        most_units: dict = {}
        for units in other_units:
            for key, m in units.items():
                if m > most_units.get(key, 0):
                    most_units[key] = m
        most_shapes: dict = {}
        for shapes in other_shapes:
            for shape, m in shapes.items():
                if m > most_shapes.get(shape, 0):
                    most_shapes[shape] = m
        total = 0.0
        for units, shapes in zip(own_units, own_shapes):
            total += sum(min(n, most_units.get(key, 0)) for key, n in units.items())
            total += sum(min(n, most_shapes.get(shape, 0)) / (max(shape[0][1]) + 1) for shape, n in shapes.items())
        totals.append(total)
    return min(problem.bag_bound, problem.fixed + math.floor(min(totals) + _SLACK))


def dual_bound(
    problem: Problem, bounds: dict[Pair, float], target: int = -1, budget: Budget | None = None, sweeps: int = 20
) -> int:
    """fixed + an upper bound on A, rounded down, without SciPy.

    By LP duality (the assignment polytope is integral), for every v ≥ 0 over gold variables
    A ≤ B(v) = Σ_j v_j + Σ_i max(0, max_j (c_ij - v_j)), with equality at the best v. Each
    sweep sets every v_j in turn to its best value given the others - B is convex and
    piecewise linear in v_j, its slope 1 - #{i : c_ij - r_i > v_j} with r_i = max(0,
    max over k ≠ j of c_ik - v_k), so the best v_j is the second largest c_ij - r_i (or 0).
    Any v gives a valid bound; the sweeps stop when v settles, after ``sweeps`` sweeps, once
    the bound is down to ``target`` or when the ``budget`` runs out. v = 0 gives the row bound.
    """
    rows: list[list[tuple[int, float]]] = [[] for _ in range(problem.test_count)]
    columns: dict[int, list[tuple[int, float]]] = {}
    for (i, j), value in bounds.items():
        if value > 0:
            rows[i].append((j, value))
            columns.setdefault(j, []).append((i, value))
    v = [0.0] * problem.gold_count

    def best_excluding(i: int, j: int) -> float:
        return max([value - v[k] for k, value in rows[i] if k != j], default=0.0)

    def total() -> int:
        value = sum(v) + sum(max([0.0] + [c - v[j] for j, c in row]) for row in rows)
        return problem.fixed + math.floor(max(value, 0.0) + _SLACK)

    bound = total()
    for _ in range(sweeps):
        if bound <= target:
            break
        changed = False
        if budget is not None and not budget.spend(BOUND_COST * len(bounds)):
            break
        for j, entries in columns.items():
            gaps = sorted((value - max(0.0, best_excluding(i, j)) for i, value in entries), reverse=True)
            best = max(0.0, gaps[1]) if len(gaps) > 1 else 0.0
            if abs(best - v[j]) > _SLACK:
                v[j] = best
                changed = True
        bound = min(bound, total())
        if not changed:
            break
    return bound


def assignment_bound(problem: Problem, bounds: dict[Pair, float]) -> int:
    """fixed + A rounded down, A solved exactly by SciPy's ``linear_sum_assignment`` (about
    ``BOUND_COST`` units of work a cell of the test x gold matrix)."""
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    weights = np.zeros((problem.test_count, problem.gold_count))
    for (i, j), value in bounds.items():
        weights[i, j] = value
    rows, columns = linear_sum_assignment(weights, maximize=True)
    return problem.fixed + math.floor(float(weights[rows, columns].sum()) + _SLACK)
