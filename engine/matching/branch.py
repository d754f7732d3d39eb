"""Branch and bound over the test variables: the exact optimum of a small problem, in pure Python.

Where the best climb stays below the bounds of :mod:`.bound` - on real Smatch pairs, by one or
two triples, because two links that cannot both match each gave half their worth to a shared
variable - the variables are fixed one at a time, each to a free gold variable or to none,
depth first, the most valuable first (largest pair bound c_ij of :mod:`.bound`), its partners
tried in the order of their bound at the node. A node's bound:

    fixed(node) + min(Σ_i max_j c'_ij, Σ_j max_i c'_ij)   over unfixed i and free j,

where fixed(node) is what the fixed variables match among themselves and c'_ij is the pair
bound of :mod:`.bound` with what fixing has ruled out left out: a link is *dead* when one of
its pairs (a, c) has a fixed to another partner or c taken by another variable, and a live
link hands its worth m_l in equal parts to its k unfixed variables only (one that is fixed
collects nothing more: what it matched with fixed variables is in fixed(node)). Per shape σ
at (i, j) the hand-outs are capped at min(T_i[σ], G_j[σ]) / k_min, k_min the fewest unfixed
variables of a live link of that shape there (the argument of :mod:`.bound`: the matched links
of one shape at (i, j) have distinct test facts and distinct gold facts). The proof of
:mod:`.bound` then holds for the unfixed part, so no completion of the node matches more. A
subtree whose bound does not beat the best mapping found is skipped; when the search ends,
the best mapping found is optimal.

Each node costs a unit of work per ``BRANCH_COST`` links, places in links and pairs it looked
at; the search stops when its budget (:mod:`.budget`) runs out, and then proves nothing beyond
the root's bound.
The tests check the result against brute force.
"""

from __future__ import annotations

import math
from collections import defaultdict

from .budget import Budget
from .problem import Pair, Problem

__all__ = ["BRANCH_COST", "branch_and_bound"]

BRANCH_COST = 2  # links and pairs looked at in a node per unit of work (~µs)
_SLACK = 1e-9
_UNFIXED = -2


class _OutOfWork(Exception):
    """The search's budget ran out."""


def branch_and_bound(
    problem: Problem, bounds: dict[Pair, float], mapping: list[int], matched: int, budget: Budget
) -> tuple[list[int], int, int]:
    """The best mapping, its matched count and the bound proven: starting from ``mapping``
    (``matched`` facts), the optimum and that same count when the search ends within
    ``budget``, else the best mapping found and the root's bound (see the module docstring)."""
    return _Search(problem, bounds, mapping, matched, budget).run()


class _Search:
    def __init__(self, problem: Problem, bounds: dict[Pair, float], mapping: list[int], matched: int, budget: Budget):
        self.problem = problem
        self.budget = budget
        self.best, self.best_mapping = matched, list(mapping)
        rows: dict[int, float] = defaultdict(float)
        for (i, _), value in bounds.items():
            rows[i] = max(rows[i], value)
        self.order = sorted(
            (i for i in range(problem.test_count) if problem.candidates[i]), key=lambda i: (-rows[i], i)
        )
        self.mapping = [_UNFIXED if problem.candidates[i] else -1 for i in range(problem.test_count)]
        self.owner = [-1] * problem.gold_count
        self.fixed = problem.fixed
        self.caps: dict[tuple[Pair, object], int] = {}

    def run(self) -> tuple[list[int], int, int]:
        root, _, work = self.node_bound()
        self.budget.spend(work // BRANCH_COST + 1)
        if root <= self.best:
            return self.best_mapping, self.best, self.best
        try:
            self.search(0)
        except _OutOfWork:
            return self.best_mapping, self.best, max(self.best, root)
        return self.best_mapping, self.best, self.best

    def cap(self, pair: Pair, shape) -> int:
        """min(T_i[σ], G_j[σ]): the facts of shape σ that links through (i, j) can match."""
        key = (pair, shape)
        found = self.caps.get(key)
        if found is None:
            i, j = pair
            found = self.caps[key] = min(
                self.problem.test_shapes[i].get(shape, 0), self.problem.gold_shapes[j].get(shape, 0)
            )
        return found

    def node_bound(self) -> tuple[int, dict[int, dict[int, float]], int]:
        """The node's bound, per unfixed variable c'_ij for each free partner j, and the work
        done: links, link places handed out and pairs looked at."""
        problem, mapping, owner = self.problem, self.mapping, self.owner
        hand_outs: dict[Pair, dict] = {}  # pair -> shape -> [Σ worth / k, fewest k]
        work = len(problem.links)
        for (pairs, worth), shapes in zip(problem.links, problem.link_shapes):
            open_places = []
            for place, (a, c) in enumerate(pairs):
                partner = mapping[a]
                if partner == _UNFIXED:
                    if owner[c] >= 0:
                        break
                    open_places.append(place)
                elif partner != c:
                    break
            else:
                k = len(open_places)
                if not k:  # complete: counted in the fixed part
                    continue
                share = worth / k
                work += 2 * k
                for place in open_places:
                    by_shape = hand_outs.get(pairs[place])
                    if by_shape is None:
                        by_shape = hand_outs[pairs[place]] = {}
                    entry = by_shape.get(shapes[place])
                    if entry is None:
                        by_shape[shapes[place]] = [share, k]
                    else:
                        entry[0] += share
                        if k < entry[1]:
                            entry[1] = k
        values: dict[int, dict[int, float]] = {}
        columns: dict[int, float] = {}
        rows = 0.0
        unary = problem.unary
        for i in self.order:
            if mapping[i] != _UNFIXED:
                continue
            row: dict[int, float] = {}
            for j in problem.candidates[i]:
                if owner[j] >= 0:
                    continue
                value = float(unary.get((i, j), 0))
                shares = hand_outs.get((i, j))
                if shares:
                    work += len(shares)
                    for shape, (total, fewest) in shares.items():
                        value += min(total, self.cap((i, j), shape) / fewest)
                row[j] = value
                if value > columns.get(j, 0.0):
                    columns[j] = value
            work += len(row) + 1
            values[i] = row
            rows += max(row.values(), default=0.0)
        remainder = min(rows, sum(columns.values()))
        return self.fixed + math.floor(remainder + _SLACK), values, work

    def gain(self, i: int, j: int) -> int:
        """What fixing i -> j adds to the fixed part: w_ij and the links it completes."""
        total = self.problem.unary.get((i, j), 0)
        mapping = self.mapping
        for others, worth in self.problem.needs.get((i, j), ()):
            if all(mapping[a] == c for a, c in others):
                total += worth
        return total

    def search(self, depth: int) -> None:
        if self.budget.spent:
            raise _OutOfWork
        if depth == len(self.order):
            self.budget.spend(1)
            if self.fixed > self.best:
                self.best, self.best_mapping = self.fixed, list(self.mapping)
            return
        bound, values, work = self.node_bound()
        self.budget.spend(work // BRANCH_COST + 1)
        if bound <= self.best:
            return
        i = self.order[depth]
        row = values[i]
        for j in sorted(row, key=lambda j: (-row[j], j)) + [-1]:
            gained = self.gain(i, j) if j >= 0 else 0
            self.mapping[i] = j
            if j >= 0:
                self.owner[j] = i
            self.fixed += gained
            self.search(depth + 1)
            self.fixed -= gained
            if j >= 0:
                self.owner[j] = -1
            self.mapping[i] = _UNFIXED
