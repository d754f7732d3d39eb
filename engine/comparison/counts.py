"""Two systems' per-sentence tallies of one metric as arrays of counts, and the micro F of any
sum of them, so that sentences can be swapped or resampled with array arithmetic.

A corpus's micro score pools its sentences (:class:`~engine.metrics.tally.Totals`): it is a
function of sums over the sentences, and only of them. Which sums depends on the tally:

* a ratio tally (AnCast metrics, Smatch, Counter): the test side's score and size and the
  gold side's, P = Σ test score / Σ test size, R = Σ gold score / Σ gold size,
  F = 2PR / (P + R) (AnCast paper §2.3, eq. 15-26; Cai & Knight 2013, §2);
* a :class:`~engine.metrics.tally.FallbackTally` (ancast-0.1.1 profile): those four sums and
  the four of its concept fallback, which gives a side's ratio when that side's whole sum
  is empty;
* a :class:`~engine.drs.DScorerTally`: not a ratio of sums, but a function of sums all the
  same - DScorer scores a corpus from its pooled counts (:func:`~engine.drs.dscorer_score`:
  per k-gram order the matched, test and gold k-grams, Σ min |N|, Σ max |N|, Σ min/max and
  the number of pairs; Liu et al. 2020, eq. 1-3). Those counts are the columns, and each
  sum is scored with DScorer's own corpus formula.

:func:`paired_counts` gives a :class:`PairedCounts`: one row per sentence for A and for B
(the same columns) and ``micro_f``, from a block of summed rows to their micro F. An
undefined F (no item on either side of a sum) counts as 0 there, as in
:func:`~engine.metrics.bootstrap.bootstrap_interval`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..drs import DScorerCounts, DScorerSettings, DScorerTally, dscorer_score
from ..metrics.tally import FallbackTally, Tally

__all__ = ["MicroF", "PairedCounts", "paired_counts", "ratio_f"]

MicroF = Callable[[np.ndarray], np.ndarray]  # summed rows (m, columns) -> micro F (m,)


@dataclass(frozen=True)
class PairedCounts:
    """A's and B's counts per sentence (``a[s]``, ``b[s]``: the same columns), and the micro F
    of summed rows.

    >>> counts = paired_counts([Tally(1, 2, 1, 2), Tally(2, 2, 2, 4)], [Tally(2, 2, 2, 2)] * 2)
    >>> counts.micro_f(np.stack([counts.a.sum(axis=0), counts.b.sum(axis=0)])).round(4).tolist()  # A: P 3/4, R 3/6
    [0.6, 1.0]
    """

    a: np.ndarray
    b: np.ndarray
    micro_f: MicroF

    @property
    def sentences(self) -> int:
        return len(self.a)


def _ratio(score: np.ndarray, size: np.ndarray) -> np.ndarray:
    """score / size, NaN where size is 0 (undefined)."""
    return np.divide(score, size, out=np.full(np.shape(score), np.nan), where=size != 0)


def _f(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """:func:`~engine.metrics.tally.f_score` on arrays (NaN for undefined P or R), with an
    undefined F as 0: 2PR / (P + R), 0 when either is undefined or P + R = 0."""
    total = precision + recall
    good = np.isfinite(total) & (total > 0)
    return np.divide(2 * precision * recall, total, out=np.zeros(np.shape(total)), where=good)


def ratio_f(sums: np.ndarray) -> np.ndarray:
    """Micro F of summed ratio tallies, columns (test score, test size, gold score, gold size).

    >>> ratio_f(np.array([[3.0, 4.0, 3.0, 6.0], [0.0, 0.0, 0.0, 0.0]])).round(4).tolist()
    [0.6, 0.0]
    """
    return _f(_ratio(sums[:, 0], sums[:, 1]), _ratio(sums[:, 2], sums[:, 3]))


def _fallback_f(sums: np.ndarray) -> np.ndarray:
    """Micro F of summed :class:`FallbackTally` columns (own four, then the fallback's four):
    a side with no size takes the fallback's ratio (0 if that has none either)."""

    def side(score: int) -> np.ndarray:
        own, fallback = _ratio(sums[:, score], sums[:, score + 1]), _ratio(sums[:, score + 4], sums[:, score + 5])
        return np.where(sums[:, score + 1] != 0, own, np.nan_to_num(fallback))

    return _f(side(0), side(2))


def _ratio_columns(tally: Tally) -> list[float]:
    return [tally.test_score, tally.test_size, tally.gold_score, tally.gold_size]


def _fallback_columns(tally: Tally) -> list[float]:
    fallback = tally.fallback if isinstance(tally, FallbackTally) else Tally()
    return _ratio_columns(tally) + _ratio_columns(fallback)


def _dscorer_columns(tally: Tally) -> list[float]:
    assert isinstance(tally, DScorerTally)
    counts = tally.counts
    return [
        *counts.matched,
        *counts.test,
        *counts.gold,
        counts.nodes_min,
        counts.nodes_max,
        counts.node_ratios,
        counts.pairs,
    ]


def _dscorer_f(settings: DScorerSettings) -> MicroF:
    """DScorer's corpus F of each row of summed counts (:func:`_dscorer_columns`), scored
    with :func:`~engine.drs.dscorer_score` itself."""
    n = settings.n

    def f(row: np.ndarray) -> float:
        whole = [round(value) for value in row.tolist()]  # every count but Σ min/max is a whole number
        counts = DScorerCounts(
            matched=tuple(whole[:n]),
            test=tuple(whole[n : 2 * n]),
            gold=tuple(whole[2 * n : 3 * n]),
            nodes_min=whole[3 * n],
            nodes_max=whole[3 * n + 1],
            node_ratios=float(row[3 * n + 2]),
            pairs=whole[3 * n + 3],
        )
        return dscorer_score(counts, settings).total.f or 0.0

    return lambda sums: np.array([f(row) for row in sums], dtype=float)


def paired_counts(a: Sequence[Tally], b: Sequence[Tally]) -> PairedCounts:
    """The per-sentence counts of A's and B's tallies of one metric (sentence s: ``a[s]`` and
    ``b[s]``). Raises ValueError for tallies that cannot be pooled together."""
    if len(a) != len(b):
        raise ValueError(f"A has {len(a)} sentences and B {len(b)}: the tallies must be paired")
    tallies = [*a, *b]
    columns: Callable[[Tally], list[float]] = _ratio_columns
    micro_f: MicroF = ratio_f
    if any(isinstance(t, DScorerTally) for t in tallies):
        settings = {t.settings for t in tallies if isinstance(t, DScorerTally)}
        if len(settings) != 1 or not all(isinstance(t, DScorerTally) for t in tallies):
            raise ValueError("DScorer tallies pool only with DScorer tallies of the same settings")
        columns, micro_f = _dscorer_columns, _dscorer_f(settings.pop())
    elif any(isinstance(t, FallbackTally) for t in tallies):
        columns, micro_f = _fallback_columns, _fallback_f
    width = len(columns(tallies[0])) if tallies else 4

    def table(side: Sequence[Tally]) -> np.ndarray:
        return np.array([columns(t) for t in side], dtype=float).reshape(len(side), width)

    return PairedCounts(table(a), table(b), micro_f)
