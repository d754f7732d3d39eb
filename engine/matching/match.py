"""A variable mapping found by a solver, and the per-pair weights every solver starts from."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from .facts import Facts

__all__ = ["Match", "unary_weights"]


@dataclass(frozen=True)
class Match:
    """``mapping[i]``: the gold index of test variable i (-1: unmapped); ``matched``: the facts
    it matches; ``optimal``: proven optimal; ``upper_bound``: no mapping matches more."""

    mapping: tuple[int, ...]
    matched: int
    optimal: bool
    upper_bound: float
    method: str  # "ilp" or "hillclimb"


def unary_weights(test: Facts, gold: Facts) -> np.ndarray:
    """w_ij: the one-argument test facts on variable i that match if i -> j (0 between
    variables of different kinds)."""
    gold_labels: list[Counter] = [Counter() for _ in gold.variables]
    for (label, arguments), number in gold.counts.items():
        if len(arguments) == 1:
            gold_labels[arguments[0]][label] += number
    weights = np.zeros((len(test.variables), len(gold.variables)))
    for (label, arguments), number in test.counts.items():
        if len(arguments) != 1:
            continue
        i = arguments[0]
        for j, labels in enumerate(gold_labels):
            if test.kinds[i] == gold.kinds[j]:
                weights[i, j] += min(number, labels.get(label, 0))
    return weights
