"""Hill-climbing search for a good variable mapping (classic smatch and Counter; a lower bound).

From a start that maps variables with the same identifying label (``start``: Smatch's
concepts) and ``restarts - 1`` random starts, move one test variable to another gold
variable of its kind, or swap two, while the matched count grows. Seeded, so the same
input gives the same result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from .facts import Facts
from .match import Match, unary_weights

__all__ = ["hill_climb_match"]


class _Scorer:
    """Matched-fact counts of a mapping (a list of gold indices, -1 = unmapped),
    recomputing only the facts of the variables a move touches."""

    def __init__(self, test: Facts, gold: Facts):
        self.unary = unary_weights(test, gold)
        self.gold_facts = {key: n for key, n in gold.counts.items() if len(key[1]) >= 2}
        self.facts = [(arguments, label, n) for (label, arguments), n in test.counts.items() if len(arguments) >= 2]
        self.fixed = sum(
            min(n, gold.counts.get((label, ()), 0)) for (label, arguments), n in test.counts.items() if not arguments
        )
        self.touching: list[list[int]] = [[] for _ in test.variables]
        for k, (arguments, _, _) in enumerate(self.facts):
            for variable in dict.fromkeys(arguments):
                self.touching[variable].append(k)

    def _fact(self, k: int, mapping: list[int]) -> int:
        arguments, label, number = self.facts[k]
        mapped = tuple(mapping[a] for a in arguments)
        if -1 in mapped:
            return 0
        return min(number, self.gold_facts.get((label, mapped), 0))

    def total(self, mapping: list[int]) -> int:
        unary = sum(self.unary[i, j] for i, j in enumerate(mapping) if j >= 0)
        return int(unary) + sum(self._fact(k, mapping) for k in range(len(self.facts))) + self.fixed

    def local(self, variables: tuple[int, ...], mapping: list[int]) -> int:
        """The part of the total that depends on ``variables``."""
        unary = sum(self.unary[i, mapping[i]] for i in variables if mapping[i] >= 0)
        touched = {k for i in variables for k in self.touching[i]}
        return int(unary) + sum(self._fact(k, mapping) for k in touched)


def _smart_start(test: Facts, gold: Facts, start: Callable[[Hashable], bool]) -> list[int]:
    """Each test variable with an identifying label (in the facts' order) mapped to the first
    free gold variable of its kind with the same label."""
    identity = {arguments[0]: label for (label, arguments) in gold.counts if len(arguments) == 1 and start(label)}
    mapping, used = [-1] * len(test.variables), set()
    for label, arguments in test.counts:
        if len(arguments) != 1 or not start(label) or mapping[arguments[0]] >= 0:
            continue
        i = arguments[0]
        for j in range(len(gold.variables)):
            if j not in used and identity.get(j) == label and gold.kinds[j] == test.kinds[i]:
                mapping[i] = j
                used.add(j)
                break
    return mapping


def hill_climb_match(
    test: Facts, gold: Facts, restarts: int = 5, seed: int = 1, start: Callable[[Hashable], bool] = lambda label: False
) -> Match:
    """The best mapping found from a smart start and ``restarts - 1`` random ones (see the
    module docstring); ``upper_bound`` is the smaller side's size."""
    rng = random.Random(seed)
    n1, n2 = len(test.variables), len(gold.variables)
    scorer = _Scorer(test, gold)
    best_score, best = -1, [-1] * n1
    for restart in range(max(1, restarts)):
        order = list(range(n2))
        rng.shuffle(order)
        mapping = _smart_start(test, gold, start) if restart == 0 else [-1] * n1
        used = set(mapping)
        free = [j for j in order if j not in used]
        for i in range(n1):
            if mapping[i] < 0:
                j = next((j for j in free if gold.kinds[j] == test.kinds[i]), None)
                if j is not None:
                    mapping[i] = j
                    free.remove(j)
        owner = {j: i for i, j in enumerate(mapping) if j >= 0}
        improved = True
        while improved:
            improved = False
            for i in range(n1):
                for j in range(n2):
                    if mapping[i] == j or gold.kinds[j] != test.kinds[i]:
                        continue
                    other = owner.get(j)
                    touched = (i,) if other is None else (i, other)
                    before = scorer.local(touched, mapping)
                    old = mapping[i]
                    mapping[i] = j
                    if other is not None:
                        mapping[other] = old
                    if scorer.local(touched, mapping) > before:
                        improved = True
                        owner = {jj: ii for ii, jj in enumerate(mapping) if jj >= 0}
                    else:
                        mapping[i] = old
                        if other is not None:
                            mapping[other] = j
        score = scorer.total(mapping)
        if score > best_score:
            best_score, best = score, list(mapping)
    return Match(tuple(best), best_score, False, float(min(test.size, gold.size)), "hillclimb")
