"""What scoring produces: one :class:`PairResult` per pair and a :class:`CorpusResult`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..enums import WordEnum
from ..errors import InputError, MissingGraph
from ..metrics.tally import PRF, Tally, Totals
from ..params import Params
from ..registry import Format, metrics, run_metrics

if TYPE_CHECKING:  # what a result computes on demand is imported then: a command line run needs none of it
    from ..align.alignment import Alignment
    from ..drs.pair import DrsPairScores
    from ..metrics.confusion import Confusion
    from ..metrics.document import DocumentResult
    from ..metrics.triples import TripleMatch
    from ..model import Graph

__all__ = ["CorpusResult", "PairResult", "PairStatus", "totals_of"]


class PairStatus(WordEnum):
    """Whether a pair was scored: ``ok``; ``missing``, not scored because a file has no graph of
    the sentence; ``error``, a graph could not be read or the pair could not be scored. The
    values are the words the corpus table and its filter show."""

    OK = "ok"
    MISSING = "missing"
    ERROR = "error"


@dataclass
class PairResult:
    """Everything known about one pair after scoring, or the problems that kept it from being scored."""

    index: int
    id: str | None
    test: Graph | None
    gold: Graph | None
    problems: tuple[InputError, ...] = ()
    alignment: Alignment | None = None
    tallies: dict[str, Tally] = field(default_factory=dict)
    sources: tuple[str, str] = ("", "")  # the test and gold blocks as written
    drs: DrsPairScores | None = None  # a DRS pair: Counter and DScorer in detail

    @property
    def sentence(self) -> str:
        """The sentence the pair annotates, as every view shows it: the gold graph's text, else the
        test graph's ("" when neither has one)."""
        return next((graph.text for graph in (self.gold, self.test) if graph is not None and graph.text), "")

    @property
    def number(self) -> int:
        """The pair's number for people: its position in the files counted from 1 (``index`` + 1)."""
        return self.index + 1

    @property
    def error(self) -> str | None:
        """The problems in one line (``FILE:LINE: what is wrong; ...``), or None."""
        return "; ".join(str(problem) for problem in self.problems) if self.problems else None

    @property
    def missing(self) -> bool:
        """Not scored only because a file has no graph of the sentence (nothing failed to read)."""
        return bool(self.problems) and all(isinstance(problem, MissingGraph) for problem in self.problems)

    @property
    def status(self) -> PairStatus:
        if not self.problems:
            return PairStatus.OK
        return PairStatus.MISSING if self.missing else PairStatus.ERROR

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}

    def triples(self, top: bool = False) -> list[TripleMatch]:
        """The pair's relations by category (empty for a pair with an error); with ``top``, the
        tops' row first when they differ (:func:`~engine.metrics.triples.top_match`: the root
        triple mock Smatch counts, AnCast paper §2.3.1) - the Pair view lists it."""
        if self.alignment is None or self.test is None or self.gold is None:
            return []
        from ..metrics.triples import Category, classify_triples, top_match

        rows = classify_triples(self.alignment, self.test, self.gold)
        tops = top_match(self.alignment, self.test, self.gold) if top else None
        return [tops, *rows] if tops is not None and tops.category is Category.TOP_DIFFERS else rows


def totals_of(results: Iterable[PairResult], names: tuple[str, ...]) -> Totals:
    """The micro and macro totals of some pairs (a pair not scored adds nothing); ``names``: the
    metrics reported even when no pair has them."""
    totals = Totals(names)
    for result in results:
        totals.add(result.tallies)
    return totals


@dataclass
class CorpusResult:
    """Per-pair results with micro (pooled) and macro (mean of pairs) scores."""

    pairs: list[PairResult]
    params: Params
    cancelled: bool = False
    documents: list[DocumentResult] = field(default_factory=list)  # UMR only
    format: Format = "amr"  # the input's: DRS clause files also get Counter and DScorer

    @property
    def profile(self) -> str:
        return self.params.profile

    @property
    def drs(self) -> bool:
        """Read from DRS clause files: Counter and DScorer are scored too."""
        return self.format == "drs"

    @property
    def metrics(self) -> tuple[str, ...]:
        """The pair metrics this run computes (:func:`engine.registry.run_metrics`)."""
        return run_metrics(self.params, self.format)

    @property
    def document_scores(self) -> dict[str, PRF]:
        """Document-level scores pooled over every document pair (empty for AMR)."""
        if not self.documents:
            return {}
        names = metrics("document")
        totals = {name: Tally() for name in names}
        for document in self.documents:
            for name in names:
                totals[name] = totals[name] + document.tallies[name]
        return {name: tally.prf() for name, tally in totals.items()}

    @cached_property
    def totals(self) -> Totals:
        return totals_of(self.pairs, self.metrics)

    @property
    def micro(self) -> dict[str, PRF]:
        return self.totals.micro()

    @property
    def macro(self) -> dict[str, PRF]:
        return self.totals.macro()

    @property
    def errors(self) -> list[str]:
        return [result.error for result in self.pairs if result.error]

    def confusion(self) -> Confusion:
        """Label confusion of the test file against the gold file under each pair's alignment
        (:mod:`engine.metrics.confusion`), over the scored pairs."""
        from ..metrics.confusion import corpus_confusion

        return corpus_confusion(
            (r.index, r.test, r.gold, r.alignment.gold_of)
            for r in self.pairs
            if r.alignment is not None and r.test is not None and r.gold is not None
        )

    def interval(self, metric: str, samples: int = 1000, seed: int = 1) -> tuple[float, float] | None:
        """The seeded 95 % bootstrap interval of ``metric``'s micro F over the scored pairs
        (computed once per corpus and metric)."""
        key = (metric, samples, seed)
        if key not in self._intervals:
            from ..metrics.bootstrap import bootstrap_interval

            tallies = [result.tallies[metric] for result in self.pairs if metric in result.tallies]
            self._intervals[key] = bootstrap_interval(tallies, samples, seed)
        return self._intervals[key]

    @cached_property
    def _intervals(self) -> dict:
        return {}
