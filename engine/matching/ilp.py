"""The best variable mapping as a 0/1 integer program, solved by SciPy's ``milp`` (HiGHS).

max Σ w_ij x_ij + Σ m_k y_k  subject to  Σ_j x_ij ≤ 1,  Σ_i x_ij ≤ 1,
y_k ≤ x_(a_p, c_p) for every argument position p of fact pair k,

where x_ij maps test variable i to gold variable j, w_ij counts the one-argument facts
that match under i -> j, and y_k is a pair k of facts with two or more arguments (same
label) whose arguments are mapped onto each other, worth m_k = min of their
multiplicities (Smatch++; Bonial et al.). Lossless compression: a pair (i, j) gets a
variable x_ij only if it can score - a matching one-argument fact or a place in some fact
pair - and only between variables of the same kind; leaving any other pair unmapped
loses nothing (tested against brute force).
"""

from __future__ import annotations

import numpy as np

from .facts import Facts, matched_count
from .match import Match, unary_weights

__all__ = ["ilp_match"]


def _fact_pairs(test: Facts, gold: Facts) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """(test arguments, gold arguments, min multiplicity) of every pair of facts with the same
    label and two or more arguments whose argument kinds agree, in the facts' order."""
    gold_by_label: dict = {}
    for (label, arguments), number in gold.counts.items():
        if len(arguments) >= 2:
            gold_by_label.setdefault(label, []).append((arguments, number))
    pairs = []
    for (label, arguments), number in test.counts.items():
        if len(arguments) < 2:
            continue
        for gold_arguments, gold_number in gold_by_label.get(label, ()):
            if len(gold_arguments) == len(arguments) and all(
                test.kinds[a] == gold.kinds[c] for a, c in zip(arguments, gold_arguments)
            ):
                pairs.append((arguments, gold_arguments, min(number, gold_number)))
    return pairs


def ilp_match(test: Facts, gold: Facts, time_limit: float = 10.0) -> Match | None:
    """The mapping with the most matched facts (see the module docstring); None when HiGHS
    finds no solution within ``time_limit`` seconds."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    unmapped = (-1,) * len(test.variables)
    if not test.variables or not gold.variables:
        return Match(unmapped, matched_count(test, gold, unmapped), True, 0.0, "ilp")
    unary = unary_weights(test, gold)
    fact_pairs = _fact_pairs(test, gold)
    useful = {(int(i), int(j)) for i, j in zip(*np.nonzero(unary))}
    for test_arguments, gold_arguments, _ in fact_pairs:
        useful.update(zip(test_arguments, gold_arguments))
    pairs = sorted(useful)
    column_of = {pair: k for k, pair in enumerate(pairs)}
    weights = [float(unary[i, j]) for i, j in pairs] + [float(w) for *_, w in fact_pairs]
    rows: list[int] = []
    cols: list[int] = []
    values: list[float] = []
    upper: list[float] = []
    for k, (test_arguments, gold_arguments, _) in enumerate(fact_pairs):
        y = len(pairs) + k
        for pair in zip(test_arguments, gold_arguments):
            rows += [len(upper), len(upper)]
            cols += [y, column_of[pair]]
            values += [1.0, -1.0]
            upper.append(0.0)
    for axis in (0, 1):  # each test variable, then each gold variable, mapped at most once
        groups: dict[int, list[int]] = {}
        for column, pair in enumerate(pairs):
            groups.setdefault(pair[axis], []).append(column)
        for members in groups.values():
            rows += [len(upper)] * len(members)
            cols += members
            values += [1.0] * len(members)
            upper.append(1.0)
    if not weights:
        return Match(unmapped, matched_count(test, gold, unmapped), True, 0.0, "ilp")
    matrix = coo_array((values, (rows, cols)), shape=(len(upper), len(weights))).tocsr()
    result = milp(
        c=-np.array(weights),
        integrality=np.ones(len(weights)),
        bounds=Bounds(0, 1),
        constraints=LinearConstraint(matrix, -np.inf, np.array(upper)),
        options={"time_limit": time_limit},
    )
    if result.x is None:
        return None
    mapping = list(unmapped)
    for (i, j), x in zip(pairs, result.x):
        if x > 0.5:
            mapping[i] = j
    fixed = matched_count(test, gold, unmapped)  # facts without variables match by label alone
    bound = -float(getattr(result, "mip_dual_bound", result.fun) or result.fun) + fixed
    return Match(tuple(mapping), matched_count(test, gold, mapping), result.status == 0, bound, "ilp")
