"""Percentile bootstrap confidence intervals of a corpus's micro F, resampling pairs (seeded)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .tally import Tally

__all__ = ["bootstrap_interval"]


def bootstrap_interval(
    tallies: Sequence[Tally], samples: int = 1000, seed: int = 1, level: float = 0.95
) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the micro F over pairs resampled with replacement (seeded)."""
    if not tallies:
        return None
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(tallies), size=(samples, len(tallies)))
    if all(t.ratio_of_sums for t in tallies):
        table = np.array([[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in tallies])
        sums = table[picks].sum(axis=1)
        precision = np.divide(sums[:, 0], sums[:, 1], out=np.zeros(samples), where=sums[:, 1] > 0)
        recall = np.divide(sums[:, 2], sums[:, 3], out=np.zeros(samples), where=sums[:, 3] > 0)
        f = np.divide(2 * precision * recall, precision + recall, out=np.zeros(samples), where=precision + recall > 0)
    else:  # tallies pooled by their own rule (DScorer): each sample added up and scored
        f = np.array([sum((tallies[i] for i in row), Tally()).prf().f or 0.0 for row in picks])
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(f, [tail, 100 - tail])
    return float(low), float(high)
