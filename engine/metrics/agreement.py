"""Agreement among several annotators, from the F1 of every ordered pair of them.

``f[i, j]`` is the F1 of annotator i (test) against annotator j (gold), NaN where it is
undefined or was not scored (the diagonal is ignored). Annotator i's agreement with j is
the mean of the two directions, a_ij = (f_ij + f_ji) / 2 (the same number for the AnCast
metrics under the paper profile and for optimal Smatch, whose F1 does not depend on the
direction), or the one direction that is defined. Only defined values enter a mean.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["SentenceAgreement", "annotator_means", "sentence_agreement", "symmetric_agreement"]


def symmetric_agreement(f: np.ndarray) -> np.ndarray:
    """a_ij = (f_ij + f_ji) / 2, the defined direction where only one is, NaN on the
    diagonal and where neither is defined."""
    both = np.stack([f, f.T])
    defined = ~np.isnan(both)
    counts = defined.sum(axis=0)
    agreement = np.divide(
        np.where(defined, both, 0.0).sum(axis=0), counts, out=np.full(f.shape, np.nan), where=counts > 0
    )
    np.fill_diagonal(agreement, np.nan)
    return agreement


def _nanmean_rows(values: np.ndarray) -> np.ndarray:
    """The mean of each row's defined values, NaN for a row without any (without NumPy's warning)."""
    defined = ~np.isnan(values)
    counts = defined.sum(axis=1)
    sums = np.where(defined, values, 0.0).sum(axis=1)
    return np.divide(sums, counts, out=np.full(len(values), np.nan), where=counts > 0)


def annotator_means(f: np.ndarray, gold: int | None = None) -> list[float | None]:
    """m_i = mean over the others j of a_ij: each annotator's mean agreement with the others. With
    a ``gold`` annotator the others of an annotator are the other annotators (the gold is the
    reference, not one of them); the gold's own m is its mean agreement with the annotators.

    >>> f = np.array([[np.nan, 0.8, 0.6], [0.8, np.nan, 0.4], [0.6, 0.4, np.nan]])
    >>> annotator_means(f)
    [0.7, 0.6000000000000001, 0.5]
    >>> annotator_means(f, gold=2)
    [0.8, 0.8, 0.5]
    """
    agreement = symmetric_agreement(f)
    if gold is not None:
        annotators = np.arange(len(agreement)) != gold
        agreement[np.ix_(annotators, [gold])] = np.nan  # the annotators' rows without the gold
    return [None if np.isnan(m) else float(m) for m in _nanmean_rows(agreement)]


@dataclass(frozen=True)
class SentenceAgreement:
    """One sentence's pairwise agreement: the mean and population standard deviation
    (``spread``) of the defined f_ij over ordered pairs i != j, their range, how many there
    are, and the most central annotator (highest mean agreement m_i with the others; the
    first such on a tie) with its m_i. None where no pair is defined."""

    mean: float | None
    spread: float | None
    low: float | None
    high: float | None
    pairs: int
    central: int | None
    central_mean: float | None


def sentence_agreement(f: np.ndarray) -> SentenceAgreement:
    """The figures of :class:`SentenceAgreement` for one sentence's matrix ``f``.

    >>> a = sentence_agreement(np.array([[np.nan, 1.0, 0.5], [1.0, np.nan, 0.5], [0.5, 0.5, np.nan]]))
    >>> round(a.mean, 4), round(a.spread, 4), a.central, round(a.central_mean, 4)
    (0.6667, 0.2357, 0, 0.75)
    """
    off_diagonal = ~np.eye(len(f), dtype=bool)
    values = f[off_diagonal & ~np.isnan(f)]
    if not len(values):
        return SentenceAgreement(None, None, None, None, 0, None, None)
    means = _nanmean_rows(symmetric_agreement(f))
    central = int(np.nanargmax(means)) if not np.isnan(means).all() else None
    return SentenceAgreement(
        float(values.mean()),
        float(values.std()),
        float(values.min()),
        float(values.max()),
        len(values),
        central,
        float(means[central]) if central is not None else None,
    )
