"""Counter and DScorer of one pair of DRSs, on the clauses as read: what the metric
specification's DRS stage (:mod:`engine.registry`) computes and what the views show.

:class:`DrsPairScores` keeps Counter's tally, mapping, fine-grained classes and the clauses
side by side under its mapping (van Noord et al. 2018), and DScorer's P/R/F and per-order
scores (Liu et al. 2020); :func:`score_drs` also gives DScorer's k-gram counts as a tally,
which a corpus pools as DScorer scores a corpus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..params import Params, SolverOptions
from .clauses import Clause
from .counter import CounterScore, counter_score
from .dscorer import DScorerScore, DScorerSettings, DScorerTally, dscorer_counts

__all__ = ["DrsPairScores", "dscorer_settings", "score_drs"]


@dataclass(frozen=True)
class DrsPairScores:
    """Counter (tally, mapping, classes, clauses side by side) and DScorer (P/R/F, per order)
    of one pair, with both sides' clauses as read (for the k-gram lists)."""

    counter: CounterScore
    dscorer: DScorerScore
    test_clauses: tuple[Clause, ...]
    gold_clauses: tuple[Clause, ...]


def dscorer_settings(params: Params) -> DScorerSettings:
    """DScorer's profile, highest order and weights as ``params`` give them."""
    return DScorerSettings(params.dscorer_profile, params.dscorer_n, params.dscorer_weights)


def score_drs(
    test: Sequence[Clause], gold: Sequence[Clause], params: Params, options: SolverOptions
) -> tuple[DrsPairScores, DScorerTally]:
    """Counter (``params.drs_include_ref``; its mapping searched with ``options``) and DScorer
    (:func:`dscorer_settings`) of a pair of DRSs: the detail, and DScorer's counts as a tally."""
    counter = counter_score(test, gold, params.drs_include_ref, options)
    settings = dscorer_settings(params)
    dscorer = DScorerTally(counts=dscorer_counts(test, gold, settings), settings=settings)
    return DrsPairScores(counter, dscorer.score(), tuple(test), tuple(gold)), dscorer
