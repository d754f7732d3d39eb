"""Score one pair or a whole corpus: the library API the CLI and the GUI share."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from .alignment import Alignment, align
from .metrics import METRICS, PRF, Tally, macro_average, pair_tallies
from .model import Graph
from .pairing import Pair, pair_entries
from .params import Params
from .reader import ReadOptions, read_entries
from .triples import TripleMatch, classify_triples

PROFILE = "paper"


@dataclass
class PairResult:
    """Everything known about one pair after scoring (or why it was not scored)."""

    index: int
    id: str | None
    test: Graph | None
    gold: Graph | None
    error: str | None = None
    alignment: Alignment | None = None
    tallies: dict[str, Tally] = field(default_factory=dict)
    sources: tuple[str, str] = ("", "")  # the test and gold blocks as written

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}

    def triples(self) -> list[TripleMatch]:
        """The pair's relations by category (empty for a pair with an error)."""
        if self.alignment is None or self.test is None or self.gold is None:
            return []
        return classify_triples(self.alignment, self.test, self.gold)


def score_graphs(test: Graph, gold: Graph, params: Params = Params(), trace: bool = False) -> tuple[Alignment, dict[str, Tally]]:
    """Align two graphs and compute every metric's tally."""
    alignment = align(test, gold, params, trace=trace)
    return alignment, pair_tallies(alignment, test, gold)


def score_pair(pair: Pair, params: Params = Params(), trace: bool = False) -> PairResult:
    """Score one :class:`Pair`; a pair with an input error gets no scores."""
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    sources = (pair.test.text if pair.test else "", pair.gold.text if pair.gold else "")
    result = PairResult(pair.index, pair.id, test, gold, error=pair.error, sources=sources)
    if result.error is None and test is not None and gold is not None:
        result.alignment, result.tallies = score_graphs(test, gold, params, trace)
    return result


@dataclass
class CorpusResult:
    """Per-pair results with micro (pooled) and macro (mean of pairs) scores."""

    pairs: list[PairResult]
    params: Params
    cancelled: bool = False
    profile: str = PROFILE

    @property
    def micro(self) -> dict[str, PRF]:
        totals = {name: Tally() for name in METRICS}
        for result in self.pairs:
            for name, tally in result.tallies.items():
                totals[name] = totals[name] + tally
        return {name: tally.prf() for name, tally in totals.items()}

    @property
    def macro(self) -> dict[str, PRF]:
        scored = [result.scores for result in self.pairs if result.tallies]
        return {name: macro_average(scores[name] for scores in scored) for name in METRICS}

    @property
    def errors(self) -> list[str]:
        return [result.error for result in self.pairs if result.error]


Progress = Callable[[int, int], None]


def score_corpus(
    pairs: Sequence[Pair],
    params: Params = Params(),
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> CorpusResult:
    """Score every pair in order. ``progress(done, total)`` is called after each
    pair; when ``cancelled()`` turns true, scoring stops and the result holds
    the pairs done so far with ``cancelled`` set."""
    results: list[PairResult] = []
    for done, pair in enumerate(pairs, start=1):
        if cancelled is not None and cancelled():
            return CorpusResult(results, params, cancelled=True)
        results.append(score_pair(pair, params))
        if progress is not None:
            progress(done, len(pairs))
    return CorpusResult(results, params)


def load_pairs(test_path: str | Path, gold_path: str | Path, options: ReadOptions = ReadOptions()) -> list[Pair]:
    """Read both files and pair their graphs; raises InputError for a file that
    cannot be used at all (unreadable, not UTF-8, empty, unpairable)."""
    test_entries = read_entries(test_path, options)
    gold_entries = read_entries(gold_path, options)
    return pair_entries(test_entries, gold_entries, str(test_path), str(gold_path))


def score_files(test_path: str | Path, gold_path: str | Path, params: Params = Params(), **kwargs) -> CorpusResult:
    """Read, pair and score two files."""
    return score_corpus(load_pairs(test_path, gold_path), params, **kwargs)
