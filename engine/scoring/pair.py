"""Score one pair: the alignment under the chosen profile, then every metric's tally (and,
for a DRS pair, Counter and DScorer on its clauses: :mod:`.drs`)."""

from __future__ import annotations

from ..align.alignment import Alignment, align
from ..align.anchors import Correction
from ..compat import NoConvergence, score_ancast
from ..errors import InputError
from ..metrics.ancast import pair_tallies
from ..metrics.tally import Tally
from ..model import Graph
from ..params import ANCAST, Params
from ..read.pairing import Pair
from ..smatch.scorer import smatch_tallies
from ..smatch.triples import smatch_reads
from .drs import DrsPairScores, score_drs
from .results import PairResult

__all__ = ["score_graphs", "score_pair", "traced_alignment", "unscorable"]


def score_graphs(
    test: Graph, gold: Graph, params: Params = Params(), trace: bool = False, correction: Correction | None = None
) -> tuple[Alignment, dict[str, Tally]]:
    """Align two graphs and compute every metric's tally, under ``params.profile``; a
    ``correction`` (hand-pinned and excluded pairs, paper profile only) steers the alignment.
    Smatch (``params.smatch``) reads the PENMAN trees: none for graphs without one (DRS).

    Raises :class:`~engine.compat.NoConvergence` for a pair the ``ancast-0.1.1``
    profile cannot finish (the reference fails on it too)."""
    if params.profile == ANCAST:
        if correction:
            raise ValueError("alignment corrections need the paper profile")
        alignment, tallies = score_ancast(test, gold, params, trace=trace)
    else:
        alignment = align(test, gold, params, trace=trace, correction=correction)
        tallies = pair_tallies(alignment, test, gold)
    if params.smatch and smatch_reads(test, gold):  # no Smatch for DRS input
        tallies.update(smatch_tallies(test, gold))
    return alignment, tallies


def traced_alignment(test: Graph, gold: Graph, params: Params = Params()) -> Alignment:
    """The pair's alignment with every round's matrices, under ``params.profile``
    (for the heatmaps; raises :class:`~engine.compat.NoConvergence` as :func:`score_graphs`)."""
    if params.profile == ANCAST:
        return score_ancast(test, gold, params, trace=True)[0]
    return align(test, gold, params, trace=True)


PairScores = tuple[Alignment, dict[str, Tally], DrsPairScores | None] | InputError | None


def unscorable(test: Graph, error: NoConvergence, params: Params, unknown: str) -> InputError:
    """The input error of a pair the profile cannot finish, at the test graph's place
    (``unknown`` names it when the graph was not read from a file)."""
    where = test.location
    return InputError(
        where.file if where else unknown,
        where.line if where else None,
        f"cannot be scored under the {params.profile} profile: {error}",
    )


def pair_scores(pair: Pair, params: Params, trace: bool = False) -> PairScores:
    """Alignment, tallies and DRS scores (None unless both sides are DRSs) of a readable pair
    (None for a pair with an input error, an :class:`InputError` for a pair that cannot be
    scored); the graphs' derived structures are released afterwards. Runs in worker
    processes: its result is small to send back."""
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    if pair.errors or test is None or gold is None:
        return None
    try:
        alignment, tallies = score_graphs(test, gold, params, trace)
    except NoConvergence as error:
        return unscorable(test, error, params, f"pair {pair.index + 1}")
    drs = None
    assert pair.test is not None and pair.gold is not None
    if pair.test.clauses is not None and pair.gold.clauses is not None:
        drs, drs_tallies = score_drs(pair.test.clauses, pair.gold.clauses, params)
        tallies.update(drs_tallies)
    test.release_caches()
    gold.release_caches()
    return alignment, tallies, drs


def pair_result(pair: Pair, scores: PairScores) -> PairResult:
    """The :class:`PairResult` of a pair and what :func:`pair_scores` gave for it."""
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    sources = (pair.test.text if pair.test else "", pair.gold.text if pair.gold else "")
    result = PairResult(pair.index, pair.id, test, gold, tuple(pair.errors), sources=sources)
    if isinstance(scores, InputError):
        result.problems = (scores,)
    elif scores is not None:
        result.alignment, result.tallies, result.drs = scores
    return result


def score_pair(pair: Pair, params: Params = Params(), trace: bool = False) -> PairResult:
    """Score one :class:`~engine.read.pairing.Pair`; a pair with an input error gets no scores."""
    return pair_result(pair, pair_scores(pair, params, trace))
