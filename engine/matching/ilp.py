"""The best variable mapping as a 0/1 integer program, solved by SciPy's ``milp`` (HiGHS).

max Σ w_ij x_ij + Σ_l m_l y_l  subject to  Σ_j x_ij ≤ 1,  Σ_i x_ij ≤ 1,  y_l ≤ x_ac for
every pair (a, c) of link l,

where x_ij maps test variable i to gold variable j and y_l is link l of :mod:`.problem`
(Smatch++; Bonial et al.). Lossless compression: a pair (i, j) gets a variable x_ij only if
it can score - a w_ij > 0 or a place in some link - and only between variables of the same
kind; leaving any other pair unmapped loses nothing (tested against brute force).
"""

from __future__ import annotations

import math
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass

from .problem import Problem

__all__ = ["ISOLATE_COLUMNS", "IlpResult", "solve_ilp", "solve_ilp_by"]

# From about this many columns HiGHS overruns its time limit (it reads its clock between long
# steps: a 500-node pair given 1 s took 2 s, a 1,000-node pair given 12.8 s took 24.9 s), so
# solve_ilp_by runs such programs in a child interpreter that is stopped at the deadline.
ISOLATE_COLUMNS = 10_000
CHILD_START = 1.0  # seconds: a child with less time left than it takes to start is not started


def _pairs(problem: Problem) -> list[tuple[int, int]]:
    """The pairs that get a variable x_ij: those that can score."""
    return sorted(set(problem.unary) | set(problem.needs))


@dataclass(frozen=True)
class IlpResult:
    """HiGHS's mapping, whether it is proven optimal, and its bound on the optimum."""

    mapping: list[int]
    optimal: bool
    upper_bound: float


def solve_ilp(problem: Problem, deadline: float = math.inf) -> IlpResult | None:
    """The mapping with the most matched facts (see the module docstring); None when HiGHS
    finds no solution by ``deadline`` (a ``time.perf_counter`` time)."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_array

    pairs = _pairs(problem)
    mapping = [-1] * problem.test_count
    if not pairs:
        return IlpResult(mapping, True, float(problem.fixed))
    column_of = {pair: k for k, pair in enumerate(pairs)}
    weights = [float(problem.unary.get(pair, 0)) for pair in pairs] + [float(worth) for _, worth in problem.links]
    rows: list[int] = []
    cols: list[int] = []
    upper: list[float] = []
    for k, (link_pairs, _) in enumerate(problem.links):
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
    time_limit = deadline - time.perf_counter()
    if time_limit <= 0:
        return None
    constraints = []
    if upper:
        matrix = csr_array((values, (rows, cols)), shape=(len(upper), len(weights)))
        constraints.append(LinearConstraint(matrix, -np.inf, np.array(upper)))
    result = milp(
        c=-np.array(weights),
        integrality=np.ones(len(weights)),
        bounds=Bounds(0, 1),
        constraints=constraints,
        options={"time_limit": time_limit} if time_limit < math.inf else {},
    )
    if result.x is None:
        return None
    for (i, j), x in zip(pairs, result.x):
        if x > 0.5:
            mapping[i] = j
    bound = getattr(result, "mip_dual_bound", None)
    bound = -float(bound if bound is not None else result.fun) + problem.fixed
    return IlpResult(mapping, result.status == 0, bound)


def solve_ilp_by(problem: Problem, deadline: float) -> IlpResult | None:
    """:func:`solve_ilp`, stopped at ``deadline`` even when HiGHS would run on: a program of
    ``ISOLATE_COLUMNS`` columns or more is solved in a child interpreter, killed at the
    deadline (None then, as when less than ``CHILD_START`` seconds are left); a smaller one
    here."""
    if len(problem.unary.keys() | problem.needs.keys()) + len(problem.links) < ISOLATE_COLUMNS:
        return solve_ilp(problem, deadline)
    if deadline - time.perf_counter() < CHILD_START:
        return None
    payload = pickle.dumps(problem)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
    child = subprocess.Popen(
        [sys.executable, "-c", "from engine.matching.ilp import _child; _child()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=environment,
    )
    try:
        remaining = deadline - time.perf_counter()
        output, _ = child.communicate(pickle.dumps(remaining) + payload, timeout=max(0.0, remaining))
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        return None
    if child.returncode != 0:
        raise RuntimeError(f"the integer program's process ended with status {child.returncode}")
    return pickle.loads(output)


def _child() -> None:
    """The child interpreter of :func:`solve_ilp_by`: the seconds left and the problem in on
    stdin, the result out on stdout, all pickled."""
    seconds = pickle.load(sys.stdin.buffer)
    started = time.perf_counter()
    problem = pickle.load(sys.stdin.buffer)
    result = solve_ilp(problem, started + seconds)
    sys.stdout.buffer.write(pickle.dumps(result))
