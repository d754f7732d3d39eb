"""Is the difference between two systems' micro F real? Paired approximate randomisation and
the paired bootstrap over sentences, vectorised with NumPy and seeded.

The statistic is δ = F(B) − F(A), the difference of the two corpus-level micro F scores of A
and B against the same gold, on the same sentences (:mod:`.counts`). Both tests keep the
pairing: a sentence's counts of A and of B move together.

**Paired approximate randomisation** (Noreen 1989, *Computer-Intensive Methods for Testing
Hypotheses*, ch. 2; Riezler & Maxwell 2005, "On some pitfalls in automatic evaluation and
significance testing for MT": approximate randomization with the add-one p-value). Under the
null hypothesis that A and B are exchangeable, each sentence's A and B counts are swapped
with probability 1/2, independently per sentence, and δ* is recomputed from the pooled
counts. The two-sided p-value, with the usual add-one correction, over N random trials is

    p = (c + 1) / (N + 1),    c = #{trials : |δ*| ≥ |δ|}.

When 2^n ≤ N for n sentences, every one of the 2^n swap patterns is enumerated instead and
p = c / 2^n is exact. Swapping every sentence negates δ*, so the null distribution is
symmetric: the identity pattern and its mirror both count, p ≥ 2 / 2^n, and this p equals
SciPy's two-sided ``permutation_test`` (2 · the smaller one-sided p) in the exact case.

**Paired bootstrap** (Efron & Tibshirani 1993, *An Introduction to the Bootstrap*: ch. 13,
the percentile interval; ch. 16, testing with the data shifted to satisfy the null; Koehn
2004, "Statistical significance tests for machine translation evaluation": paired bootstrap
resampling). N resamples of n sentences drawn with replacement, the same sentences for A and
B; δ*_b per resample. The interval is the percentile interval of the δ*_b (linear
interpolation, as ``numpy.percentile``); the p-value tests δ = 0 two-sided by centring the
bootstrap distribution on the null (the δ*_b − δ are the null's draws; Berg-Kirkpatrick,
Burkett & Klein 2012 count δ*_b > 2δ, one tail; here both tails):

    p = (1 + #{b : |δ*_b − δ| ≥ |δ|}) / (N + 1).

Comparisons of |·| allow :data:`TOLERANCE` for floating-point ties (identical A and B give
δ* = δ = 0 everywhere, hence p = 1). Each test draws from ``numpy.random.default_rng(seed)``
in blocks of rows whose size depends only on n, so the same seed gives the same numbers; the
bootstrap draws ``rng.integers(0, n, (N, n))`` exactly as ``scipy.stats.bootstrap(...,
paired=True)`` does for the same generator.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..params import TESTS, TestName
from .counts import PairedCounts

__all__ = [
    "LEVEL",
    "TESTS",
    "TOLERANCE",
    "Bootstrap",
    "Permutation",
    "Significance",
    "TestName",
    "paired_bootstrap",
    "permutation_test",
    "significance",
]

LEVEL = 0.95
TOLERANCE = 1e-9  # |δ*| within this of |δ| counts as a tie (F scores lie in [0, 1])
_BLOCK = 1 << 20  # random numbers drawn per block of trials


def _blocks(trials: int, sentences: int) -> Iterator[int]:
    """Trials per block: as many rows of ``sentences`` as fit in :data:`_BLOCK` numbers."""
    size = max(1, _BLOCK // max(sentences, 1))
    for start in range(0, trials, size):
        yield min(size, trials - start)


def _observed(counts: PairedCounts) -> float:
    """δ = F(B) − F(A) of the whole corpus."""
    f = counts.micro_f(np.stack([counts.a.sum(axis=0), counts.b.sum(axis=0)]))
    return float(f[1] - f[0])


@dataclass(frozen=True)
class Permutation:
    """The approximate randomisation test: its p-value, how many trials (2^n when ``exact``)
    and δ* of every trial (the null distribution)."""

    p_value: float
    trials: int
    exact: bool
    null: np.ndarray


def permutation_test(counts: PairedCounts, trials: int, seed: int) -> Permutation:
    """Paired approximate randomisation of δ = F(B) − F(A) (module docstring): ``trials``
    random swap patterns, or all 2^n when that is no more.

    >>> from engine.comparison.counts import paired_counts
    >>> from engine.metrics import Tally
    >>> a = [Tally(1, 2, 1, 2), Tally(1, 1, 1, 1)]
    >>> b = [Tally(2, 2, 2, 2), Tally(1, 1, 1, 1)]
    >>> test = permutation_test(paired_counts(a, b), 1000, seed=1)
    >>> test.exact, test.trials, test.p_value  # 4 patterns; 2 of them swap sentence 0: |δ*| = |δ|
    (True, 4, 1.0)
    """
    if trials < 1:
        raise ValueError("the permutation test needs at least one trial")
    n = counts.sentences
    sums_a, sums_b = counts.a.sum(axis=0), counts.b.sum(axis=0)
    gain = counts.b - counts.a  # what A gains, and B loses, when a sentence is swapped
    observed = _observed(counts)
    exact = n < 63 and 2**n <= trials
    rng = np.random.default_rng(seed)
    nulls = []
    done = 0
    for size in _blocks(2**n if exact else trials, n):
        if exact:
            codes = np.arange(done, done + size, dtype=np.int64)
            swaps = ((codes[:, None] >> np.arange(n)) & 1).astype(float)
        else:
            swaps = (rng.random((size, n)) < 0.5).astype(float)
        shift = swaps @ gain
        f = counts.micro_f(np.concatenate([sums_a + shift, sums_b - shift]))
        nulls.append(f[size:] - f[:size])
        done += size
    null = np.concatenate(nulls)
    count = int(np.count_nonzero(np.abs(null) >= abs(observed) - TOLERANCE))
    p = count / done if exact else (count + 1) / (done + 1)
    return Permutation(p, done, exact, null)


@dataclass(frozen=True)
class Bootstrap:
    """The paired bootstrap: the percentile interval of δ at ``level``, the p-value of δ = 0,
    and δ*_b of every resample."""

    ci: tuple[float, float]
    p_value: float
    level: float
    resampled: np.ndarray


def _resample_weights(rng: np.random.Generator, resamples: int, sentences: int) -> np.ndarray:
    """How often each sentence is drawn in each resample, ``(resamples, sentences)``, from
    ``rng.integers(0, sentences, (resamples, sentences))`` (the draws of ``scipy.stats.bootstrap``)."""
    picks = rng.integers(0, sentences, (resamples, sentences))
    rows = np.arange(resamples)[:, None] * sentences
    return np.bincount((picks + rows).ravel(), minlength=resamples * sentences).reshape(resamples, sentences)


def paired_bootstrap(counts: PairedCounts, trials: int, seed: int, level: float = LEVEL) -> Bootstrap:
    """The paired bootstrap of δ = F(B) − F(A) (module docstring) with ``trials`` resamples.

    >>> from engine.comparison.counts import paired_counts
    >>> from engine.metrics import Tally
    >>> same = [Tally(1, 2, 1, 3), Tally(2, 2, 1, 1)]
    >>> paired_bootstrap(paired_counts(same, same), 100, seed=1).p_value
    1.0
    """
    if trials < 1:
        raise ValueError("the bootstrap needs at least one resample")
    if not 0 < level < 1:
        raise ValueError(f"the interval's level must be between 0 and 1 (got {level})")
    n = counts.sentences
    observed = _observed(counts)
    rng = np.random.default_rng(seed)
    draws = []
    for size in _blocks(trials, n):
        weights = _resample_weights(rng, size, n).astype(float)
        f = counts.micro_f(np.concatenate([weights @ counts.a, weights @ counts.b]))
        draws.append(f[size:] - f[:size])
    resampled = np.concatenate(draws)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(resampled, [tail, 100 - tail])
    count = int(np.count_nonzero(np.abs(resampled - observed) >= abs(observed) - TOLERANCE))
    return Bootstrap((float(low), float(high)), (count + 1) / (trials + 1), level, resampled)


@dataclass(frozen=True)
class Significance:
    """Both tests' answer for one metric: ``p_value`` from the chosen ``test`` (``trials``: its
    trials, 2^n for an exact permutation test), ``ci`` always the paired bootstrap's interval
    of δ (``trials`` resamples), and the chosen test's draws of δ* in ``distribution``."""

    test: TestName
    p_value: float
    ci: tuple[float, float]
    trials: int
    exact: bool
    level: float
    distribution: np.ndarray


def significance(
    counts: PairedCounts, test: TestName = "permutation", trials: int = 10_000, seed: int = 1, level: float = LEVEL
) -> Significance:
    """The p-value of ``test`` and the bootstrap interval of δ = F(B) − F(A), each test from
    its own ``default_rng(seed)``: the interval is the same whichever test gives the p-value."""
    if test not in TESTS:
        raise ValueError(f"unknown test {test!r}; choose one of {', '.join(TESTS)}")
    if counts.sentences == 0:
        raise ValueError("no sentence to compare")
    bootstrap = paired_bootstrap(counts, trials, seed, level)
    if test == "bootstrap":
        return Significance(test, bootstrap.p_value, bootstrap.ci, trials, False, level, bootstrap.resampled)
    permutation = permutation_test(counts, trials, seed)
    return Significance(
        test, permutation.p_value, bootstrap.ci, permutation.trials, permutation.exact, level, permutation.null
    )
