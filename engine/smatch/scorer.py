"""Smatch of a pair and of a corpus: triples -> best mapping (:mod:`engine.matching`) -> tallies."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from ..matching import Match, best_match
from ..metrics.tally import Tally
from ..model import Graph
from ..params import SMATCH_SEARCH, SolverOptions
from ..read.amr import parse_entry
from ..read.pairing import Pair, pair_sizes
from ..runtime.parallel import ordered_map, worth_processes
from .fine_grained import fine_grained_tallies
from .triples import Standardization, is_concept, smatch_triples

__all__ = ["SMATCH_SEARCH", "SmatchPairResult", "smatch_corpus", "smatch_pair"]


@dataclass(frozen=True)
class SmatchPairResult:
    index: int
    id: str | None
    error: str | None
    tally: Tally | None = None
    match: Match | None = None
    fine_grained: dict[str, Tally] | None = None


def smatch_pair(
    test: Graph,
    gold: Graph,
    options: SolverOptions = SMATCH_SEARCH,
    fine_grained: bool = False,
    standardize: Standardization = "none",
) -> tuple[Tally, Match, dict[str, Tally] | None]:
    """Smatch of one pair (Cai and Knight 2013): its tally (matched triples over each side's),
    the mapping found with ``options``, and with ``fine_grained`` the sub-scores of
    :mod:`.fine_grained` under the same mapping."""
    test_triples, gold_triples = smatch_triples(test, standardize), smatch_triples(gold, standardize)
    match = best_match(test_triples, gold_triples, options, start=is_concept)
    tally = Tally(match.matched, test_triples.size, match.matched, gold_triples.size)
    parts = fine_grained_tallies(test_triples, gold_triples, match.mapping) if fine_grained else None
    return tally, match, parts


def _scored(pair: Pair, **options) -> SmatchPairResult:
    """Decode (if read lazily) and score one pair."""
    test = parse_entry(pair.test, tree=True) if pair.test is not None else None  # Smatch reads the trees
    gold = parse_entry(pair.gold, tree=True) if pair.gold is not None else None
    pair = replace(pair, test=test, gold=gold)
    if pair.error is not None or test is None or gold is None or test.graph is None or gold.graph is None:
        return SmatchPairResult(pair.index, pair.id, pair.error)
    tally, match, parts = smatch_pair(test.graph, gold.graph, **options)
    return SmatchPairResult(pair.index, pair.id, None, tally, match, parts)


def smatch_corpus(
    pairs: list[Pair],
    options: SolverOptions = SMATCH_SEARCH,
    fine_grained: bool = False,
    standardize: Standardization = "none",
    jobs: int = 1,
) -> list[SmatchPairResult]:
    """Smatch of every readable pair, in order, in ``jobs`` worker processes when the corpus
    is worth them (pairs with an input error keep it and get no score); ``options.time_limit``
    caps each pair."""
    work = partial(_scored, options=options, fine_grained=fine_grained, standardize=standardize)
    with ordered_map(jobs if worth_processes(pair_sizes(pairs)) else 1) as mapped:
        return list(mapped(work, pairs))
