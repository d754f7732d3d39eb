"""Score one pair: the alignment under the chosen profile, then the stages of the metrics the
run computes (:func:`engine.registry.pair_stages`; for a DRS pair also Counter and DScorer on
its clauses)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypeAlias

from ..align.alignment import Alignment, align, align_batch
from ..align.anchors import Correction
from ..errors import InputError, NoConvergence
from ..metrics.tally import Tally
from ..model import Graph
from ..params import ANCAST, Params
from ..read.pairing import Pair, batches, pair_sizes
from ..registry import SMATCH, Format, PairInput, Scored, pair_stages
from ..runtime.process import collection_paused
from .results import PairResult

if TYPE_CHECKING:
    from ..drs.pair import DrsPairScores

__all__ = [
    "BATCH_CELLS",
    "aligned",
    "pair_format",
    "pair_scores_many",
    "reads_trees",
    "score_graphs",
    "score_pair",
    "score_stages",
    "scoring_batches",
    "traced_alignment",
    "unscorable",
]


def aligned(
    test: Graph, gold: Graph, params: Params = Params(), trace: bool = False, correction: Correction | None = None
) -> tuple[Alignment, Mapping[str, Tally] | None]:
    """The pair's alignment under ``params.profile`` and, under ``ancast-0.1.1``, the reference
    package's tallies of the AnCast metrics; a ``correction`` (hand-pinned and excluded pairs,
    paper profile only) steers the alignment.

    Raises :class:`~engine.errors.NoConvergence` for a pair the ``ancast-0.1.1`` profile
    cannot finish (the reference fails on it too)."""
    if params.profile == ANCAST:
        if correction:
            raise ValueError("alignment corrections need the paper profile")
        from ..compat import score_ancast  # the profile's reader and alignment load when it is used

        return score_ancast(test, gold, params, trace=trace)
    return align(test, gold, params, trace=trace, correction=correction), None


def reads_trees(params: Params) -> bool:
    """Whether a run under ``params`` reads every graph's PENMAN tree, so that its graphs are
    best decoded with their trees (:func:`~engine.read.amr.parse_entry`): Smatch reads them, and
    so does the compatibility profile; the AnCast metrics of the paper profile do not."""
    return params.computes(SMATCH) or params.profile == ANCAST


def score_stages(pair: PairInput, format: Format) -> list[Scored]:
    """What every stage of the run's metrics computes for ``pair`` (``format``: the input's)."""
    return [stage(pair) for stage in pair_stages(pair.params, format)]


def _tallies(scored: list[Scored]) -> dict[str, Tally]:
    return {key: tally for result in scored for key, tally in result.tallies.items()}


def score_graphs(
    test: Graph,
    gold: Graph,
    params: Params = Params(),
    trace: bool = False,
    correction: Correction | None = None,
    format: Format = "amr",
) -> tuple[Alignment, dict[str, Tally]]:
    """Align two graphs (:func:`aligned`) and compute the tallies of every metric a run on
    ``format`` input computes (Smatch, when switched on, reads the PENMAN trees: none for
    graphs without one)."""
    alignment, reference = aligned(test, gold, params, trace, correction)
    return alignment, _tallies(score_stages(PairInput(test, gold, alignment, params, reference), format))


def traced_alignment(test: Graph, gold: Graph, params: Params = Params()) -> Alignment:
    """The pair's alignment with every round's matrices, under ``params.profile``
    (for the heatmaps; raises :class:`~engine.errors.NoConvergence` as :func:`aligned`)."""
    return aligned(test, gold, params, trace=True)[0]


PairScores: TypeAlias = "tuple[Alignment, dict[str, Tally], DrsPairScores | None] | InputError | None"


def unscorable(test: Graph, error: NoConvergence, params: Params, unknown: str) -> InputError:
    """The input error of a pair the profile cannot finish, at the test graph's place
    (``unknown`` names it when the graph was not read from a file)."""
    where = test.location
    return InputError(
        where.file if where else unknown,
        where.line if where else None,
        f"cannot be scored under the {params.profile} profile: {error}",
    )


def pair_format(pair: Pair) -> Format:
    """The input format of a pair: DRS when both sides keep their clauses, UMR when the pair
    belongs to a document, else AMR."""
    if pair.test is not None and pair.gold is not None and None not in (pair.test.clauses, pair.gold.clauses):
        return "drs"
    return "umr" if pair.document is not None else "amr"


def pair_scores(pair: Pair, params: Params, trace: bool = False) -> PairScores:
    """Alignment, tallies and DRS scores (None unless both sides are DRSs) of a readable pair
    (None for a pair with an input error, an :class:`InputError` for a pair that cannot be
    scored); the graphs' derived structures are released afterwards. Runs in worker
    processes: its result is small to send back."""
    return pair_scores_many([pair], params, trace)[0]


@collection_paused()
def pair_scores_many(pairs: Sequence[Pair], params: Params, trace: bool = False) -> list[PairScores]:
    """:func:`pair_scores` of each pair; under the paper profile and without a trace, the
    alignments of all of them are made together (:func:`~engine.align.alignment.align_batch`:
    the same alignments, in fewer steps)."""
    graphs = [_graphs(pair) for pair in pairs]
    ready = {k: both for k, both in enumerate(graphs) if both is not None}
    together: dict[int, Alignment] = {}
    if params.profile != ANCAST and not trace:
        together = dict(zip(ready, align_batch(list(ready.values()), params)))
    return [
        _scores(pair, both, params, trace, together.get(k)) if both is not None else None
        for k, (pair, both) in enumerate(zip(pairs, graphs))
    ]


BATCH_CELLS = 1 << 16  # Σ |V_T|·|V_G| of the pairs scored together (about 80 pairs of 27 nodes)


def scoring_batches(pairs: Sequence[Pair], jobs: int = 1) -> list[list[Pair]]:
    """The pairs in order, in runs to score together (:func:`pair_scores_many`), small
    enough that ``jobs`` worker processes get several each."""
    total = sum(test * gold for test, gold in pair_sizes(pairs))
    return batches(pairs, BATCH_CELLS if jobs <= 1 else max(1, min(BATCH_CELLS, total // (4 * jobs))))


def _graphs(pair: Pair) -> tuple[Graph, Graph] | None:
    """The pair's two graphs, or None when it cannot be scored (an input error, a side missing)."""
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    if pair.errors or test is None or gold is None:
        return None
    return test, gold


def _scores(
    pair: Pair, graphs: tuple[Graph, Graph], params: Params, trace: bool, alignment: Alignment | None
) -> PairScores:
    """The scores of a readable pair, its ``alignment`` given when already made."""
    test, gold = graphs
    reference = None
    if alignment is None:
        try:
            alignment, reference = aligned(test, gold, params, trace)
        except NoConvergence as error:
            return unscorable(test, error, params, f"pair {pair.index + 1}")
    assert pair.test is not None and pair.gold is not None
    sides = PairInput(test, gold, alignment, params, reference, pair.test.clauses, pair.gold.clauses)
    scored = score_stages(sides, pair_format(pair))
    drs = next((result.detail for result in scored if result.detail is not None), None)
    test.release_caches()
    gold.release_caches()
    return alignment, _tallies(scored), drs


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
