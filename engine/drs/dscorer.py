"""DScorer: k-gram overlap of two DRS graphs (Liu et al. 2020).

Per order k = 1..n (paper eq. 1-2, counts from :mod:`.kgrams`)::

    p_k = |k-grams_test ∩ k-grams_gold| / |k-grams_test|      (multiset intersection)
    r_k = |k-grams_test ∩ k-grams_gold| / |k-grams_gold|
    f_k = 2 p_k r_k / (p_k + r_k)
    p_0 = r_0 = f_0 = min(|N_test|, |N_gold|) / max(|N_test|, |N_gold|)

and (eq. 3, with the order-0 term the text adds) DSCORER_F = exp(Σ_{k=0..n} w_k log F_k)
for F in {p, r, f}; n = 4, w_0 = 0.1, w_k = 0.9 / n unless asked otherwise.

Two profiles, as for AnCast:

``paper`` - the paper's graph (:func:`~.dscorer_graph.paper_graph`) and k-grams
as walks; an order where both graphs have no k-gram agrees fully (1), an order
where only one has any scores 0, and a zero F_k makes DSCORER_F 0 (log 0 = -inf).
A corpus pools the k-gram counts and, for order 0, Σ min |N| / Σ max |N|.

``reference`` - what the public DRSScorer code computes, as observed by running
it: its graph (:func:`~.dscorer_graph.reference_graph`), node-simple paths, k-gram
counts pooled over the corpus, f_0 the mean over pairs of min/max, a zero p_k,
r_k or f_k replaced by 1e-3 inside the log, and an order k for which the test
side has no k-gram at all left out: each of the m orders kept gains the mean
weight of the n - m orders left out (so the weights no longer sum to 1 unless
m = n - m). Its output prints recall where it says precision and precision
where it says recall; here ``p`` is precision (matched / test k-grams) in both
profiles, so its two first numbers appear as our r and p.

:class:`DScorerCounts` holds what a pair contributes and adds up over a corpus;
:func:`dscorer_score` turns counts into scores, for a pair or a corpus alike;
:class:`DScorerTally` carries the counts through the engine's corpus totals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, get_args

from ..metrics import PRF, Tally
from ..params import DScorerProfile, check_dscorer
from .clauses import Clause
from .dscorer_graph import LabelledGraph, paper_graph, reference_graph
from .kgrams import count_kgrams, kgram_table

__all__ = [
    "DSCORER_PROFILES",
    "DScorerCounts",
    "DScorerProfile",
    "DScorerScore",
    "DScorerSettings",
    "DScorerTally",
    "default_weights",
    "dscorer_counts",
    "dscorer_kgrams",
    "dscorer_score",
]

DSCORER_PROFILES: tuple[str, ...] = get_args(DScorerProfile)
SMOOTHING = 1e-3  # the reference's stand-in for a zero inside the log


def default_weights(n: int) -> tuple[float, ...]:
    """(w_0, w_1, ..., w_n) = (0.1, 0.9/n, ..., 0.9/n), the paper's §3.1 setting."""
    return (0.1,) + (0.9 / n,) * n


@dataclass(frozen=True)
class DScorerSettings:
    """A profile, the highest order n and the weights (w_0, ..., w_n); None = the defaults."""

    profile: DScorerProfile = "paper"
    n: int = 4
    weights: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        check_dscorer(self.profile, self.n, self.weights)

    @property
    def order_weights(self) -> tuple[float, ...]:
        return self.weights if self.weights is not None else default_weights(self.n)

    def graph(self, clauses: Sequence[Clause]) -> LabelledGraph:
        return paper_graph(clauses) if self.profile == "paper" else reference_graph(clauses)

    @property
    def path_kind(self) -> Literal["walk", "simple"]:
        return "walk" if self.profile == "paper" else "simple"


@dataclass(frozen=True)
class DScorerCounts:
    """What pairs contribute: per order k = 1..n the matched, test and gold k-grams;
    Σ min(|N_test|, |N_gold|), Σ max(...), Σ of their ratios, and the number of pairs."""

    matched: tuple[int, ...]
    test: tuple[int, ...]
    gold: tuple[int, ...]
    nodes_min: int
    nodes_max: int
    node_ratios: float
    pairs: int = 1

    @classmethod
    def empty(cls, n: int) -> DScorerCounts:
        """The counts of no pair at all, to start a sum."""
        return cls((0,) * n, (0,) * n, (0,) * n, 0, 0, 0.0, 0)

    def __add__(self, other: DScorerCounts) -> DScorerCounts:
        if len(self.matched) != len(other.matched):
            raise ValueError("DScorer counts of different orders cannot be added")
        return DScorerCounts(
            tuple(a + b for a, b in zip(self.matched, other.matched)),
            tuple(a + b for a, b in zip(self.test, other.test)),
            tuple(a + b for a, b in zip(self.gold, other.gold)),
            self.nodes_min + other.nodes_min,
            self.nodes_max + other.nodes_max,
            self.node_ratios + other.node_ratios,
            self.pairs + other.pairs,
        )

    def swapped(self) -> DScorerCounts:
        """The counts of the reversed pair (gold scored against test): the shared k-grams and
        the node ratios are the same, the test and gold counts change places."""
        return replace(self, test=self.gold, gold=self.test)


@dataclass(frozen=True)
class DScorerScore:
    """DSCORER P/R/F, the order-0 ratio and P/R/F per order k = 1..n (None for an
    order the reference profile leaves out)."""

    total: PRF
    zero: float
    orders: tuple[PRF | None, ...]

    def as_dict(self) -> dict:
        return {
            **self.total.as_dict(),
            "zero": self.zero,
            "orders": [order.as_dict() if order else None for order in self.orders],
        }


NO_COUNTS = DScorerCounts.empty(4)


@dataclass(frozen=True)
class DScorerTally(Tally):
    """DScorer's counts as a :class:`~engine.metrics.Tally`, so that corpus totals pool
    them: adding tallies adds the counts, and P, R and F are :func:`dscorer_score` of
    the counts (micro = DScorer of the corpus; macro = the mean of the pairs' scores).
    DScorer is not a ratio of sums, so the inherited sums stay 0 and unused."""

    counts: DScorerCounts = NO_COUNTS
    settings: DScorerSettings = DScorerSettings()
    ratio_of_sums: ClassVar[bool] = False

    def __add__(self, other: Tally) -> DScorerTally:
        if not isinstance(other, DScorerTally):
            if other != Tally():
                raise TypeError("DScorer tallies pool only with DScorer tallies")
            return self
        if other.settings != self.settings:
            raise ValueError("DScorer tallies of different settings cannot be pooled")
        return DScorerTally(counts=self.counts + other.counts, settings=self.settings)

    __radd__ = __add__

    def swapped(self) -> DScorerTally:
        return DScorerTally(counts=self.counts.swapped(), settings=self.settings)

    def score(self) -> DScorerScore:
        """P/R/F with the order-0 ratio and the per-order scores."""
        return dscorer_score(self.counts, self.settings)

    def prf(self) -> PRF:
        return self.score().total


def dscorer_counts(
    test: Sequence[Clause], gold: Sequence[Clause], settings: DScorerSettings = DScorerSettings()
) -> DScorerCounts:
    """The counts of one pair of DRSs (their clauses as read)."""
    test_graph, gold_graph = settings.graph(test), settings.graph(gold)
    counts = count_kgrams(test_graph, gold_graph, settings.n, settings.path_kind)
    small, large = sorted((len(test_graph), len(gold_graph)))
    return DScorerCounts(counts.matched, counts.test, counts.gold, small, large, small / large if large else 1.0)


def dscorer_kgrams(
    test: Sequence[Clause], gold: Sequence[Clause], k: int, settings: DScorerSettings = DScorerSettings()
):
    """The k-grams of a pair as (label sequence, count in test, count in gold) rows,
    most frequent first - the ones with a zero count are found on one side only."""
    return kgram_table(settings.graph(test), settings.graph(gold), k, settings.path_kind)


def _order_paper(matched: int, test: int, gold: int) -> PRF:
    if test == 0 and gold == 0:
        return PRF(1.0, 1.0, 1.0)
    if test == 0 or gold == 0:
        return PRF(0.0, 0.0, 0.0)
    return PRF.of(matched / test, matched / gold)


def _order_reference(matched: int, test: int, gold: int) -> PRF:
    return PRF.of(matched / test, matched / gold if gold else 0.0)


def _geometric(weights: Sequence[float], values: Sequence[float], floor: float | None) -> float:
    """exp(Σ w log v); a zero v is ``floor`` (reference) or makes the result 0 (paper)."""
    total = 0.0
    for weight, value in zip(weights, values):
        if value <= 0:
            if floor is None:
                return 0.0
            value = floor
        total += weight * math.log(value)
    return math.exp(total)


def _scores(weights: Sequence[float], zero: float, orders: Sequence[PRF], floor: float | None) -> PRF:
    p, r, f = (_geometric(weights, [zero] + [getattr(o, name) for o in orders], floor) for name in "prf")
    return PRF(p, r, f)


def dscorer_score(counts: DScorerCounts, settings: DScorerSettings = DScorerSettings()) -> DScorerScore:
    """DSCORER P/R/F of one pair's counts or of a corpus's pooled counts (module
    docstring); all None for no pairs."""
    if len(counts.matched) != settings.n:
        raise ValueError(f"counts of orders 1..{len(counts.matched)} cannot be scored with n = {settings.n}")
    if counts.pairs == 0:
        return DScorerScore(PRF(None, None, None), math.nan, (None,) * settings.n)
    weights = list(settings.order_weights)
    per_order = list(zip(counts.matched, counts.test, counts.gold))
    if settings.profile == "paper":
        zero = counts.nodes_min / counts.nodes_max if counts.nodes_max else 1.0
        orders = [_order_paper(*order) for order in per_order]
        return DScorerScore(_scores(weights, zero, orders, None), zero, tuple(orders))
    zero = counts.node_ratios / counts.pairs
    kept = sum(1 for _, test, _ in per_order if test > 0)  # the first `kept` orders: a k-path holds a (k-1)-path
    if kept < settings.n:
        moved = sum(weights[kept + 1 :]) / (settings.n - kept)
        weights = [weights[0]] + [w + moved for w in weights[1 : kept + 1]]
    orders = [_order_reference(*order) for order in per_order[:kept]]
    total = _scores(weights, zero, orders, SMOOTHING) if zero > 0 else PRF(0.0, 0.0, 0.0)
    return DScorerScore(total, zero, tuple(orders) + (None,) * (settings.n - kept))
