"""Hill-climbing search for a good variable mapping (classic smatch and Counter; a lower bound).

From a start, move one test variable to another gold variable it can score with, or swap
two test variables' partners, whenever that raises the matched count, until no such move
does (first improvement; only the links of the variables a move touches are recounted).
The first start is the *smart start*: pairs whose identifying labels agree (the problem's
``identified`` pairs: Smatch's concepts) first, then by the pair bound c_ij of :mod:`.bound`, taken greedily;
the others are seeded random one-to-one mappings over the pairs that can score, so the
same input gives the same result. A search stops when its budget of work runs out
(:mod:`.budget`: a move tried costs a unit per ``CLIMB_COST`` of the pairs and links it looks
at, on average) with the best mapping so far, or when it reaches ``target`` (a proven upper
bound).
"""

from __future__ import annotations

import random

from .budget import Budget
from .problem import Pair, Problem

__all__ = ["CLIMB_COST", "climb", "random_start", "smart_start"]

CLIMB_COST = 3  # pairs and links looked at per unit of work (~µs)


def smart_start(problem: Problem, bounds: dict[Pair, float]) -> list[int]:
    """Pairs taken greedily: identified pairs (same identifying label) first, then larger c_ij,
    then text order."""
    identified = problem.identified
    order = sorted(bounds, key=lambda pair: (pair not in identified, -bounds[pair], pair))
    mapping = [-1] * problem.test_count
    taken = [False] * problem.gold_count
    for i, j in order:
        if mapping[i] < 0 and not taken[j]:
            mapping[i] = j
            taken[j] = True
    return mapping


def random_start(problem: Problem, rng: random.Random) -> list[int]:
    """Each test variable, in random order, to a random free gold variable it can score with."""
    mapping = [-1] * problem.test_count
    taken: set[int] = set()
    order = list(range(problem.test_count))
    rng.shuffle(order)
    for i in order:
        free = [j for j in problem.candidates[i] if j not in taken]
        if free:
            mapping[i] = rng.choice(free)
            taken.add(mapping[i])
    return mapping


def _move_work(problem: Problem) -> float:
    """What trying a move looks at, on average: the pair and twice the links through a pair
    (those of the old and of the new partner)."""
    pairs = len(problem.unary.keys() | problem.needs.keys())
    entries = sum(len(needs) for needs in problem.needs.values())
    return 1 + 2 * entries / max(1, pairs)


def climb(
    problem: Problem,
    mapping: list[int],
    capacities: dict[Pair, int],
    budget: Budget | None = None,
    target: int | None = None,
) -> int:
    """Improve ``mapping`` in place (see the module docstring); returns its matched count.

    A move that touches test variables i (and o, the owner of the new partner j) changes only
    what they collect; it is tried only if what they could collect at most after it (the
    capacities f of :func:`~.bound.pair_capacities`) beats what they collect now."""
    unary, candidates, needs, capacity = problem.unary, problem.candidates, problem.needs, capacities
    owner = [-1] * problem.gold_count
    for i, j in enumerate(mapping):
        if j >= 0:
            owner[j] = i

    def collected(i: int, skip: int) -> int:
        """What i collects at its partner: w and the links met, leaving out links through ``skip``."""
        j = mapping[i]
        if j < 0:
            return 0
        total = unary.get((i, j), 0)
        for others, worth in needs.get((i, j), ()):
            for a, c in others:
                if a == skip or mapping[a] != c:
                    break
            else:
                total += worth
        return total

    def assign(i: int, j: int, other: int, old: int) -> None:
        """i to j and ``other`` to ``old`` (-1: none)."""
        mapping[i] = j
        if j >= 0:
            owner[j] = i
        if other >= 0:
            mapping[other] = old
        if old >= 0:
            owner[old] = other

    per_move = _move_work(problem) / CLIMB_COST
    score = problem.score(mapping)
    improved = True
    while improved and score != target:
        improved = False
        for i, row in enumerate(candidates):
            if budget is not None and not budget.spend(int(per_move * len(row)) + 1):
                return score
            for j in row:
                old = mapping[i]
                if j == old:
                    continue
                other = owner[j]
                if other < 0:
                    before = collected(i, -1)
                    if capacity[(i, j)] <= before:
                        continue
                else:
                    before = collected(i, other) + collected(other, -1)
                    if capacity[(i, j)] + (capacity.get((other, old), 0) if old >= 0 else 0) <= before:
                        continue
                assign(i, j, other, old)
                after = collected(i, -1) if other < 0 else collected(i, other) + collected(other, -1)
                if after > before:
                    score += after - before
                    improved = True
                else:
                    assign(i, old, other, j)
    return score
