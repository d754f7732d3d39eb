"""The DRS scores of a pair in the pipeline: Counter and DScorer (:mod:`engine.drs`) on the
clauses the DRS entries keep, beside the AnCast metrics on their graphs.

A pair's tallies get ``counter`` (matched clauses over each side's, pooled over a corpus as
Counter's micro score), ``counter.<class>`` (the fine-grained classes of
:data:`~engine.drs.CLAUSE_CLASSES`) and ``dscorer`` (a :class:`~engine.drs.DScorerTally`: the
k-gram counts, pooled over a corpus as DScorer scores a corpus); :class:`DrsPairScores` keeps
what the views show (the clauses side by side under Counter's mapping, the per-order scores).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..drs import Clause, CounterScore, DScorerScore, DScorerSettings, DScorerTally, counter_score, dscorer_counts
from ..metrics.tally import Tally
from ..params import Params
from ..read.pairing import Pair
from ..registry import COUNTER, DSCORER

__all__ = ["COUNTER_CLASS", "DrsPairScores", "dscorer_settings", "has_clauses", "score_drs"]

COUNTER_CLASS = COUNTER + ".{}"  # the tally key of a fine-grained class: counter.nouns


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


def has_clauses(pairs: Sequence[Pair]) -> bool:
    """Whether the pairs were read from DRS clause files (a DRS entry keeps its clauses)."""
    return any(entry is not None and entry.clauses is not None for pair in pairs for entry in (pair.test, pair.gold))


def score_drs(test: Sequence[Clause], gold: Sequence[Clause], params: Params) -> tuple[DrsPairScores, dict[str, Tally]]:
    """Counter (``params.drs_include_ref``, ``params.counter_time_limit``) and DScorer
    (:func:`dscorer_settings`) of a pair of DRSs: the detail and the tallies."""
    counter = counter_score(test, gold, params.drs_include_ref, time_limit=params.counter_time_limit)
    settings = dscorer_settings(params)
    dscorer = DScorerTally(counts=dscorer_counts(test, gold, settings), settings=settings)
    tallies: dict[str, Tally] = {COUNTER: counter.tally, DSCORER: dscorer}
    tallies.update({COUNTER_CLASS.format(name): tally for name, tally in counter.classes.items()})
    return DrsPairScores(counter, dscorer.score(), tuple(test), tuple(gold)), tallies
