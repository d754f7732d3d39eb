"""Several annotators against each other: every ordered pair of annotators, every metric, per sentence.

:func:`score_matrix` scores an :class:`~engine.read.annotations.AnnotationSet` one sentence
at a time (in worker processes when it pays), each annotator's graph decoded once, and keeps
every metric's tally of every ordered pair (test, gold) in every sentence, so that a
:class:`MatrixResult` answers any metric, micro or macro, without scoring again.

**One direction is enough** under the paper profile (:func:`one_direction`): the alignment of
(B, A) is the transpose of that of (A, B) - S (eq. 1-4) treats both nodes alike; the initial
anchors (a lemma unique in both graphs, the text of both, the same token span) are the same
pairs; the broadcast of Aᵀ is the transpose of that of A (eq. 10-12 with Y_T and Y_G
exchanged); the mutual-best choice and its label tie-break (eq. 14) look at rows and columns
alike; and finalisation's global maxima give the same matching in any tie order (a tied cell
first in row order is first in its row and its column, such cells never share a row or a
column, so taking them in any order leaves the same cells). Every metric sums each side with
the same formula (eq. 15-26; mock Smatch counts a matched triple on both sides), so the
tallies of (B, A) are those of (A, B) with test and gold exchanged (:meth:`Tally.swapped`):
F1 is the same and P and R change places. ``tests/test_matrix.py`` checks this on generated
pairs. The ``ancast-0.1.1`` profile is not symmetric (its concept score is the test side's,
its WLR weights read the test graph), so there both directions are scored. Smatch's matched
count under an optimal mapping is the same both ways; a pair whose ILP stops before proving
optimality is scored both ways (each stage's :attr:`~engine.registry.Scored.reversible` says
which). DRS annotations also get Counter and DScorer (:mod:`engine.drs.pair`): Counter as
Smatch (a matched clause has the same class on both sides, so the classes swap too),
DScorer's counts of (B, A) are those of (A, B) with the test and gold k-grams exchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import combinations, permutations
from typing import Literal

import numpy as np

from ..align.alignment import Alignment, align_batch
from ..errors import InputError, NoConvergence
from ..metrics.agreement import SentenceAgreement, annotator_means, sentence_agreement
from ..metrics.bootstrap import bootstrap_interval
from ..metrics.confusion import Confusion, corpus_confusion
from ..metrics.tally import PRF, Tally, Totals
from ..model import Graph
from ..params import ANCAST, PAPER, Params
from ..read.amr import parse_entry
from ..read.annotations import AnnotationSet
from ..read.pairing import LoadedPairs
from ..read.source import Entry
from ..registry import METRIC, Format, PairInput, PairStage, pair_stages, run_metrics
from ..runtime.parallel import ordered_map, worth_processes
from .pair import aligned, reads_trees, unscorable

__all__ = [
    "AnnotatorRow",
    "Average",
    "MatrixProblem",
    "MatrixResult",
    "SentenceRow",
    "SentenceScores",
    "one_direction",
    "score_matrix",
    "score_sentence",
]

Average = Literal["micro", "macro"]
Cell = tuple[int, int]  # (test annotator, gold annotator)


def one_direction(params: Params) -> bool:
    """Whether scoring (A, B) also gives (B, A), with the sides exchanged (module docstring)."""
    return params.profile == PAPER


@dataclass(frozen=True)
class MatrixProblem:
    """Why a sentence is left out of some cells: an annotator's graph is missing or
    unreadable (``other`` None: out of every cell of ``annotator``), or the pair
    (``annotator``, ``other``) could not be scored (out of that cell)."""

    sentence: int
    annotator: int
    other: int | None
    error: InputError


@dataclass(frozen=True)
class SentenceScores:
    """One sentence scored: every metric's tally of each ordered pair of annotators, the
    alignment (``gold_of``) of each pair aligned, node counts, and what could not be scored."""

    tallies: dict[Cell, dict[str, Tally]]
    alignments: dict[Cell, tuple[int | None, ...]]
    sizes: tuple[int | None, ...]
    problems: tuple[tuple[int, int | None, InputError], ...] = ()

    def alignment(self, test: int, gold: int) -> tuple[int | None, ...] | None:
        """gold_of of the pair (test, gold), from the reverse pair's when only that was aligned."""
        if (test, gold) in self.alignments:
            return self.alignments[test, gold]
        reverse = self.alignments.get((gold, test))  # indexed by gold's nodes, naming test's
        size = self.sizes[test]
        if reverse is None or size is None:
            return None
        inverse: list[int | None] = [None] * size
        for i, j in enumerate(reverse):
            if j is not None:
                inverse[j] = i
        return tuple(inverse)


@dataclass
class _Sides:
    """Each annotator's graph of a sentence decoded once (None: missing or unreadable), with a
    DRS's clauses, and the annotators found unreadable just now."""

    graphs: list[Graph | None]
    clauses: list[tuple | None]
    problems: list[tuple[int, int | None, InputError]]

    @classmethod
    def decode(cls, entries: Sequence[Entry | None], tree: bool = False) -> _Sides:
        """``tree``: decode the PENMAN graphs with their trees (:func:`~.pair.reads_trees`)."""
        sides = cls([], [], [])
        for k, entry in enumerate(entries):
            decoded = parse_entry(entry, tree) if entry is not None else None  # None: the annotation set says so
            if entry is not None and decoded is not None and decoded.error is not None:
                if not entry.parsed:  # found unreadable just now
                    sides.problems.append((k, None, decoded.error))
                decoded = None
            sides.graphs.append(decoded.graph if decoded is not None else None)
            sides.clauses.append(decoded.clauses if decoded is not None else None)
        return sides

    def graph(self, k: int) -> Graph:
        """Annotator ``k``'s graph, known to be readable."""
        graph = self.graphs[k]
        assert graph is not None
        return graph

    def cells(self, symmetric: bool, wanted: Collection[Cell] | None = None) -> list[Cell]:
        """The pairs of readable graphs to score: each unordered pair once when ``symmetric``;
        with ``wanted``, only those (or, when ``symmetric``, their reverses)."""
        readable = [k for k, graph in enumerate(self.graphs) if graph is not None]
        if symmetric:
            cells = list(combinations(readable, 2))
        else:
            cells = [(i, j) for i in readable for j in readable if i != j]
        if wanted is None:
            return cells
        return [cell for cell in cells if cell in wanted or (symmetric and cell[::-1] in wanted)]

    def aligned(self, test: int, gold: int, params: Params, alignment: Alignment | None = None) -> PairInput:
        """The cell aligned (``alignment`` when already made), for its stages (sub-scores left
        out); raises NoConvergence as :func:`.pair.aligned`."""
        test_graph, gold_graph = self.graph(test), self.graph(gold)
        reference = None
        if alignment is None:
            alignment, reference = aligned(test_graph, gold_graph, params)
        clauses = self.clauses[test], self.clauses[gold]
        return PairInput(test_graph, gold_graph, alignment, params, reference, *clauses, sub_scores=False)

    def release(self) -> None:
        for graph in self.graphs:
            if graph is not None:
                graph.release_caches()


def _both_ways(pair: PairInput, stages: Sequence[PairStage]) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """Every stage's tallies of the pair and of the reverse pair: swapped where the stage's
    result is reversible, else the stage run again the other way round."""
    forward: dict[str, Tally] = {}
    backward: dict[str, Tally] = {}
    for stage in stages:
        scored = stage(pair)
        forward.update(scored.tallies)
        if scored.reversible:
            backward.update({name: tally.swapped() for name, tally in scored.tallies.items()})
        else:
            backward.update(stage(pair.reversed()).tallies)
    return forward, backward


def score_sentence(
    entries: Sequence[Entry | None],
    params: Params,
    format: Format = "amr",
    wanted: Collection[Cell] | None = None,
) -> SentenceScores:
    """Decode each annotator's graph once and score the pairs of readable graphs: each
    unordered pair once when :func:`one_direction` (the other direction from
    :func:`_both_ways`), else each ordered pair. With ``wanted``, only those cells (and, when
    one direction is enough, their reverses) are scored. Runs in worker processes."""
    sides = _Sides.decode(entries, reads_trees(params))
    symmetric = one_direction(params)
    stages = pair_stages(params, format)
    tallies: dict[Cell, dict[str, Tally]] = {}
    alignments: dict[Cell, tuple[int | None, ...]] = {}
    cells = sides.cells(symmetric, wanted)
    together: dict[Cell, Alignment] = {}  # the paper profile: every cell's alignment made at once
    if params.profile != ANCAST:
        together = dict(
            zip(cells, align_batch([(sides.graph(test), sides.graph(gold)) for test, gold in cells], params))
        )
    for test, gold in cells:
        try:
            pair = sides.aligned(test, gold, params, together.get((test, gold)))
        except NoConvergence as error:
            sides.problems.append((test, gold, unscorable(sides.graph(test), error, params, f"annotator {test + 1}")))
            continue
        assert pair.alignment is not None
        alignments[test, gold] = pair.alignment.gold_of
        if symmetric:
            tallies[test, gold], tallies[gold, test] = _both_ways(pair, stages)
        else:
            tallies[test, gold] = {name: tally for stage in stages for name, tally in stage(pair).tallies.items()}
    sizes = tuple(len(graph) if graph is not None else None for graph in sides.graphs)
    sides.release()
    return SentenceScores(tallies, alignments, sizes, tuple(sides.problems))


@dataclass(frozen=True)
class AnnotatorRow:
    """One annotator: mean agreement with the other annotators, the gold not counted among them
    (:func:`~engine.metrics.agreement.annotator_means`), and F1 as test against the gold
    annotator (None without a gold, or for the gold itself)."""

    index: int
    name: str
    mean: float | None
    against_gold: float | None


@dataclass(frozen=True)
class SentenceRow:
    """One sentence's agreement among the annotators, and who is left out of it."""

    index: int
    id: str | None
    agreement: SentenceAgreement
    left_out: tuple[int, ...]


@dataclass
class MatrixResult:
    """Every ordered pair of annotators scored per sentence (``sentences[s]`` None: not scored,
    after a cancel). Cells are (test, gold): row test, column gold."""

    annotations: AnnotationSet
    params: Params
    sentences: list[SentenceScores | None]
    cancelled: bool = False
    _totals: dict[Cell, Totals] = field(default_factory=dict, init=False, repr=False)
    _sentence_f: dict[str, np.ndarray] = field(default_factory=dict, init=False, repr=False)

    @property
    def names(self) -> list[str]:
        return self.annotations.names

    @property
    def gold(self) -> int | None:
        return self.annotations.gold

    @property
    def format(self) -> Format:
        return self.annotations.format

    @property
    def metrics(self) -> tuple[str, ...]:
        """The metrics this result answers (:func:`engine.registry.run_metrics`: optional ones
        when switched on, Counter and DScorer for DRS annotations)."""
        return run_metrics(self.params, self.format)

    def _check(self, metric: str) -> None:
        if metric not in self.metrics:
            known = METRIC.get(metric)
            hint = ""
            if known is not None and known.optional:
                hint = f"; switch it on (Params.switched({metric!r})) to score it"
            if known is not None and self.format not in known.inputs:
                hint = f"; it scores {'/'.join(sorted(known.inputs)).upper()} annotations"
            raise ValueError(f"{metric!r} was not computed (available: {', '.join(self.metrics)}){hint}")

    def cell_tallies(self, test: int, gold: int) -> Iterator[tuple[int, dict[str, Tally]]]:
        """(sentence, every metric's tally) of the sentences scored in the cell."""
        for index, scores in enumerate(self.sentences):
            if scores is not None and (test, gold) in scores.tallies:
                yield index, scores.tallies[test, gold]

    def totals(self, test: int, gold: int) -> Totals:
        """The cell's micro and macro totals of every metric (computed once)."""
        if (test, gold) not in self._totals:
            totals = Totals(self.metrics)
            for _, tallies in self.cell_tallies(test, gold):
                totals.add(tallies)
            self._totals[test, gold] = totals
        return self._totals[test, gold]

    def score(self, test: int, gold: int, metric: str, average: Average = "micro") -> PRF | None:
        """P (test side), R (gold side) and F1 of the cell, None on the diagonal."""
        self._check(metric)
        if test == gold:
            return None
        totals = self.totals(test, gold)
        return (totals.micro() if average == "micro" else totals.macro())[metric]

    def f_matrix(self, metric: str, average: Average = "micro") -> list[list[float | None]]:
        """F1 of every cell, rows test and columns gold; None on the diagonal and where undefined."""
        return [
            [
                score.f if (score := self.score(i, j, metric, average)) is not None else None
                for j in range(len(self.names))
            ]
            for i in range(len(self.names))
        ]

    def counts(self) -> list[list[int]]:
        """How many sentences each cell was scored on (0 on the diagonal)."""
        return [
            [sum(1 for _ in self.cell_tallies(i, j)) if i != j else 0 for j in range(len(self.names))]
            for i in range(len(self.names))
        ]

    def interval(
        self, test: int, gold: int, metric: str, samples: int = 1000, seed: int = 1
    ) -> tuple[float, float] | None:
        """The seeded 95 % bootstrap interval of the cell's micro F1 over its sentences."""
        self._check(metric)
        if test == gold:
            return None
        return bootstrap_interval([tallies[metric] for _, tallies in self.cell_tallies(test, gold)], samples, seed)

    def annotator_table(self, metric: str, average: Average = "micro") -> list[AnnotatorRow]:
        matrix = np.array(self.f_matrix(metric, average), dtype=float)
        means = annotator_means(matrix, self.gold)
        rows = []
        for k, name in enumerate(self.names):
            against = None if self.gold is None or k == self.gold else matrix[k, self.gold]
            rows.append(
                AnnotatorRow(k, name, means[k], None if against is None or np.isnan(against) else float(against))
            )
        return rows

    def sentence_f(self, metric: str) -> np.ndarray:
        """F1 per sentence and cell, ``f[s, test, gold]``; NaN where undefined or not scored."""
        self._check(metric)
        if metric not in self._sentence_f:
            size = len(self.names)
            f = np.full((len(self.sentences), size, size), np.nan)
            for s, scores in enumerate(self.sentences):
                for (test, gold), tallies in scores.tallies.items() if scores is not None else ():
                    value = tallies[metric].prf().f
                    if value is not None:
                        f[s, test, gold] = value
            self._sentence_f[metric] = f
        return self._sentence_f[metric]

    @cached_property
    def problems(self) -> list[MatrixProblem]:
        """Every reason a sentence is left out of a cell, in sentence order."""
        found = []
        for s, sentence in enumerate(self.annotations.sentences):
            for k, entry in enumerate(sentence.entries):
                problem = self.annotations.problem(sentence, k)
                if problem is not None and (entry is None or entry.parsed):
                    found.append(MatrixProblem(s, k, None, problem))
            scores = self.sentences[s]
            for annotator, other, error in scores.problems if scores is not None else ():
                found.append(MatrixProblem(s, annotator, other, error))
        return found

    def sentence_table(self, metric: str, hardest_first: bool = False) -> list[SentenceRow]:
        """Each sentence's agreement (:func:`~engine.metrics.agreement.sentence_agreement`); with
        ``hardest_first``, lowest mean first (then widest spread), sentences without a mean last."""
        f = self.sentence_f(metric)
        left_out: dict[int, set[int]] = {}
        for problem in self.problems:
            if problem.other is None:
                left_out.setdefault(problem.sentence, set()).add(problem.annotator)
        rows = [
            SentenceRow(s, sentence.id, sentence_agreement(f[s]), tuple(sorted(left_out.get(s, ()))))
            for s, sentence in enumerate(self.annotations.sentences)
        ]
        if hardest_first:
            rows.sort(
                key=lambda row: (
                    row.agreement.mean is None,
                    row.agreement.mean or 0.0,
                    -(row.agreement.spread or 0.0),
                    row.index,
                )
            )
        return rows

    def confusion(self, test: int, gold: int) -> Confusion:
        """Label confusion of annotator ``test`` against ``gold`` under their alignments, over
        every sentence where both were aligned (the graphs are decoded again; no rescoring)."""

        def aligned():
            for s, scores in enumerate(self.sentences):
                gold_of = scores.alignment(test, gold) if scores is not None else None
                if gold_of is None:
                    continue
                entries = self.annotations.sentences[s].entries
                test_entry, gold_entry = entries[test], entries[gold]
                assert test_entry is not None and gold_entry is not None
                test_graph, gold_graph = parse_entry(test_entry).graph, parse_entry(gold_entry).graph
                assert test_graph is not None and gold_graph is not None
                yield s, test_graph, gold_graph, gold_of

        return corpus_confusion(aligned())

    def pairs(self, test: int, gold: int) -> LoadedPairs:
        """Annotators ``test`` and ``gold`` as two files' pairs, for the pair views."""
        return self.annotations.pairs(test, gold)


def score_matrix(
    annotations: AnnotationSet,
    params: Params = Params(),
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    jobs: int = 1,
    cells: Collection[Cell] | None = None,
) -> MatrixResult:
    """Score every sentence's pairs of annotators (:func:`score_sentence`); ``progress(done,
    total)`` after each sentence; when ``cancelled()`` turns true, scoring stops and the result
    holds the sentences done so far with ``cancelled`` set. ``jobs`` > 1 scores in that many
    worker processes. ``cells`` (test, gold) limits the scoring to those cells (the others stay
    empty). Optional metrics (Smatch) are computed when ``params`` switches them on.
    The caller checks that the profile reads the format (:func:`~engine.scoring.check_profile`). Every cell's totals are
    computed before returning (a worker thread's job, not the view's)."""
    sentences = annotations.sentences
    sizes = [
        (a.size, b.size)
        for sentence in sentences
        for a, b in combinations([entry for entry in sentence.entries if entry is not None], 2)
    ]
    scored: list[SentenceScores | None] = [None] * len(sentences)
    stopped = False
    with ordered_map(jobs if worth_processes(sizes) else 1) as mapped:
        work = partial(score_sentence, params=params, format=annotations.format, wanted=cells)
        results = mapped(work, [sentence.entries for sentence in sentences])
        for index, scores in enumerate(results):
            scored[index] = scores
            if progress is not None:
                progress(index + 1, len(sentences))
            if index + 1 < len(sentences) and cancelled is not None and cancelled():
                stopped = True
                break
    result = MatrixResult(annotations, params, scored, cancelled=stopped)
    for test, gold in permutations(range(len(annotations)), 2):  # here, so that the first view waits for none
        result.totals(test, gold)
    return result
