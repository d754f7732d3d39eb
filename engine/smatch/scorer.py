"""Smatch of a pair and of a corpus: triples -> optimal (or hill-climbed) mapping -> tallies."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..matching import Match, Solver, best_match
from ..metrics.tally import Tally
from ..model import Graph
from ..read.pairing import Pair
from .fine_grained import fine_grained_tallies
from .triples import Standardization, is_concept, smatch_triples

__all__ = ["SmatchPairResult", "smatch_corpus", "smatch_tallies"]


def smatch_tallies(test: Graph, gold: Graph, time_limit: float = 10.0) -> dict[str, Tally]:
    """Smatch under the optimal alignment as ``{"smatch": tally, "smatch.concepts": tally, ...}``,
    the fine-grained sub-scores prefixed with ``smatch.``."""
    test_triples, gold_triples = smatch_triples(test), smatch_triples(gold)
    match = best_match(test_triples, gold_triples, time_limit=time_limit, start=is_concept)
    tallies = {"smatch": Tally(match.matched, test_triples.size, match.matched, gold_triples.size)}
    for name, tally in fine_grained_tallies(test_triples, gold_triples, match.mapping).items():
        tallies[f"smatch.{name}"] = tally
    return tallies


@dataclass(frozen=True)
class SmatchPairResult:
    index: int
    id: str | None
    error: str | None
    tally: Tally | None = None
    match: Match | None = None
    fine_grained: dict[str, Tally] | None = None


def smatch_corpus(
    pairs: Iterable[Pair],
    solver: Solver = "ilp",
    time_limit: float = 10.0,
    restarts: int = 5,
    seed: int = 1,
    fine_grained: bool = False,
    standardize: Standardization = "none",
) -> list[SmatchPairResult]:
    """Smatch of every readable pair (pairs with an input error keep it and get no score);
    with ``fine_grained``, the sub-scores of :mod:`.fine_grained` under the same mapping."""
    results = []
    for pair in pairs:
        if pair.error is not None or pair.test is None or pair.gold is None:
            results.append(SmatchPairResult(pair.index, pair.id, pair.error))
            continue
        assert pair.test.graph is not None and pair.gold.graph is not None
        test, gold = smatch_triples(pair.test.graph, standardize), smatch_triples(pair.gold.graph, standardize)
        match = best_match(test, gold, solver, time_limit, restarts, seed, start=is_concept)
        tally = Tally(match.matched, test.size, match.matched, gold.size)
        parts = fine_grained_tallies(test, gold, match.mapping) if fine_grained else None
        results.append(SmatchPairResult(pair.index, pair.id, None, tally, match, parts))
    return results
