"""Scores that pool over a corpus: a :class:`Tally` per metric and pair, its P/R/F
(:class:`PRF`), and running corpus :class:`Totals` (micro and macro).

A tally keeps the score and the size of each side, so that a corpus can pool them (micro)
as well as average each pair's F1 (macro).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = ["PRF", "FallbackTally", "Tally", "Totals", "f_score"]


def f_score(precision: float | None, recall: float | None) -> float | None:
    """F = 2PR / (P + R); None when neither side is defined, 0 when one is not.

    >>> f_score(0.5, 1.0), f_score(None, 0.5), f_score(None, None)
    (0.6666666666666666, 0.0, None)
    """
    if precision is None and recall is None:
        return None
    if precision is None or recall is None or precision + recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class PRF:
    """Precision (test side), recall (gold side) and F1; None where undefined (0/0)."""

    p: float | None
    r: float | None
    f: float | None

    @classmethod
    def of(cls, precision: float | None, recall: float | None) -> PRF:
        return cls(precision, recall, f_score(precision, recall))

    def as_dict(self) -> dict:
        return {"p": self.p, "r": self.r, "f": self.f}


@dataclass(frozen=True)
class Tally:
    """Sums of one metric: the test side's score over its size, likewise gold.
    ``ratio_of_sums``: P and R are these sums' ratios, so a sample of tallies can be
    pooled as arrays (a subclass scored otherwise, DScorer's, says False)."""

    test_score: float = 0.0
    test_size: float = 0.0
    gold_score: float = 0.0
    gold_size: float = 0.0
    ratio_of_sums: ClassVar[bool] = True

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.test_score + other.test_score,
            self.test_size + other.test_size,
            self.gold_score + other.gold_score,
            self.gold_size + other.gold_size,
        )

    def swapped(self) -> Tally:
        """The tally with the test and gold sides exchanged: that of the reversed pair when
        the alignment is the same both ways (its F1 is the same, P and R change places)."""
        return Tally(self.gold_score, self.gold_size, self.test_score, self.test_size)

    def prf(self) -> PRF:
        precision = self.test_score / self.test_size if self.test_size else None
        recall = self.gold_score / self.gold_size if self.gold_size else None
        return PRF.of(precision, recall)


@dataclass(frozen=True)
class FallbackTally(Tally):
    """A tally whose side without any size reports the ``fallback`` tally's ratio
    for that side (the ``ancast-0.1.1`` profile: a relation metric falls back to
    the concept score). Pooled, the fallback applies only if the whole corpus
    side is empty, as in the reference's micro average."""

    fallback: Tally = Tally()

    def __add__(self, other: Tally) -> FallbackTally:
        return FallbackTally(
            self.test_score + other.test_score,
            self.test_size + other.test_size,
            self.gold_score + other.gold_score,
            self.gold_size + other.gold_size,
            fallback=self.fallback + getattr(other, "fallback", Tally()),
        )

    __radd__ = __add__

    def prf(self) -> PRF:
        def ratio(score: float, size: float) -> float:
            return score / size if size else 0.0

        precision = (
            ratio(self.test_score, self.test_size)
            if self.test_size
            else ratio(self.fallback.test_score, self.fallback.test_size)
        )
        recall = (
            ratio(self.gold_score, self.gold_size)
            if self.gold_size
            else ratio(self.fallback.gold_score, self.fallback.gold_size)
        )
        return PRF.of(precision, recall)


class Totals:
    """Running corpus totals: pooled tallies (micro) and sums of per-pair P, R, F
    (macro: the mean over pairs whose F is defined, each of P and R over the
    pairs where it is defined). ``names``: the metrics reported even when no pair has them
    (:func:`engine.registry.run_metrics`); others are added as pairs bring them."""

    def __init__(self, names: tuple[str, ...] = ()) -> None:
        self.pooled = {name: Tally() for name in names}
        self.sums = {name: [0.0] * 6 for name in names}

    def add(self, tallies: dict[str, Tally]) -> None:
        for name, tally in tallies.items():
            pooled = self.pooled.get(name)
            self.pooled[name] = (Tally() if pooled is None else pooled) + tally
            sums = self.sums.get(name)
            if sums is None:
                sums = self.sums[name] = [0.0] * 6
            score = tally.prf()
            if score.f is None:
                continue
            if score.p is not None:
                sums[0] += score.p
                sums[1] += 1
            if score.r is not None:
                sums[2] += score.r
                sums[3] += 1
            sums[4] += score.f
            sums[5] += 1

    def micro(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.pooled.items()}

    def macro(self) -> dict[str, PRF]:
        def mean(total: float, count: float) -> float | None:
            return total / count if count else None

        return {name: PRF(mean(*s[0:2]), mean(*s[2:4]), mean(*s[4:6])) for name, s in self.sums.items()}
