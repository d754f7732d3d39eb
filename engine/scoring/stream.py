"""Scoring a large AMR corpus with flat memory: each pair is decoded, scored and
rendered (in a worker process when there are several), then dropped; only the
running totals are kept."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import Generic, TypeVar

from ..errors import InputError
from ..metrics.tally import Tally, Totals
from ..params import Params
from ..read.amr import parse_entry
from ..read.pairing import Pair, pair_sizes
from ..registry import Format, run_metrics
from ..runtime.parallel import ordered_map, worth_processes
from ..runtime.process import collection_paused
from .pair import pair_result, pair_scores_many, reads_trees, scoring_batches
from .results import PairResult

__all__ = ["ScoreStream"]

Rendered = TypeVar("Rendered")


@collection_paused()
def _scored(
    pairs: list[Pair], params: Params, render: Callable[[PairResult], Rendered]
) -> list[tuple[Rendered, dict[str, Tally], list[InputError]]]:
    """Decode, score (together: :func:`~.pair.pair_scores_many`) and render a run of pairs."""
    tree = reads_trees(params)
    decoded = [
        replace(
            pair,
            test=parse_entry(pair.test, tree) if pair.test is not None else None,
            gold=parse_entry(pair.gold, tree) if pair.gold is not None else None,
        )
        for pair in pairs
    ]
    results = map(pair_result, decoded, pair_scores_many(decoded, params))
    return [(render(result), result.tallies, list(result.problems)) for result in results]


class ScoreStream(Generic[Rendered]):
    """Iterate to get ``(render(result), problems)`` per pair, in order; ``totals``,
    ``count`` and ``errors`` afterwards. ``render`` must be picklable for ``jobs`` > 1;
    ``format`` is the input's (the totals report each metric a run on it computes)."""

    def __init__(
        self,
        pairs: list[Pair],
        params: Params,
        render: Callable[[PairResult], Rendered],
        jobs: int = 1,
        format: Format = "amr",
    ):
        self.pairs, self.params, self.render, self.jobs = pairs, params, render, jobs
        self.totals = Totals(run_metrics(params, format))
        self.errors = 0

    @property
    def count(self) -> int:
        return len(self.pairs)

    def __iter__(self) -> Iterator[tuple[Rendered, list[InputError]]]:
        work = partial(_scored, params=self.params, render=self.render)
        jobs = self.jobs if worth_processes(pair_sizes(self.pairs)) else 1
        with ordered_map(jobs) as mapped:
            for run in mapped(work, scoring_batches(self.pairs, jobs)):
                for rendered, tallies, problems in run:
                    self.totals.add(tallies)
                    self.errors += bool(problems)
                    yield rendered, problems
