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
optimality is scored both ways. DRS annotations also get Counter and DScorer
(:mod:`.drs`): Counter as Smatch (a matched clause has the same class on both sides, so
the classes swap too), DScorer's counts of (B, A) are those of (A, B) with the test and
gold k-grams exchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from itertools import combinations, permutations
from typing import Literal

import numpy as np

from ..align.alignment import Alignment, align_batch
from ..compat import NoConvergence
from ..errors import InputError
from ..matching import best_match
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
from ..registry import DRS_METRICS, SMATCH, scored_metrics
from ..runtime.parallel import ordered_map, worth_processes
from ..smatch.triples import is_concept, smatch_reads, smatch_triples
from .drs import score_drs
from .pair import graph_tallies, score_graphs, unscorable

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


def _smatch_tallies(graphs: Sequence[Graph | None], cells: list[Cell], symmetric: bool) -> dict[Cell, Tally]:
    """Smatch of each cell, each graph's triples built once; a cell whose optimum is not proven
    is also scored the other way when ``symmetric`` would otherwise take it from this one."""
    triples = [smatch_triples(graph) if graph is not None else None for graph in graphs]
    tallies: dict[Cell, Tally] = {}
    for test, gold in cells:
        test_triples, gold_triples = triples[test], triples[gold]
        assert test_triples is not None and gold_triples is not None
        match = best_match(test_triples, gold_triples, start=is_concept)
        tallies[test, gold] = Tally(match.matched, test_triples.size, match.matched, gold_triples.size)
        if symmetric:
            if match.optimal:
                tallies[gold, test] = tallies[test, gold].swapped()
            else:
                back = best_match(gold_triples, test_triples, start=is_concept)
                tallies[gold, test] = Tally(back.matched, gold_triples.size, back.matched, test_triples.size)
    return tallies


def _drs_tallies(
    clauses: Sequence[tuple | None], cells: list[Cell], symmetric: bool, params: Params
) -> dict[Cell, dict[str, Tally]]:
    """Counter and DScorer of each cell (both ways when ``symmetric``: swapped, or scored again
    when Counter's optimum is not proven)."""
    tallies: dict[Cell, dict[str, Tally]] = {}
    for test, gold in cells:
        test_clauses, gold_clauses = clauses[test], clauses[gold]
        assert test_clauses is not None and gold_clauses is not None
        scores, tallies[test, gold] = score_drs(test_clauses, gold_clauses, params)
        if symmetric:
            if scores.counter.match.optimal:
                tallies[gold, test] = {name: tally.swapped() for name, tally in tallies[test, gold].items()}
            else:
                tallies[gold, test] = score_drs(gold_clauses, test_clauses, params)[1]
    return tallies


def score_sentence(entries: Sequence[Entry | None], params: Params) -> SentenceScores:
    """Decode each annotator's graph once and score the pairs of readable graphs: each
    unordered pair once when :func:`one_direction`, else each ordered pair; the other
    direction's tallies are the swapped ones. Runs in worker processes."""
    graphs: list[Graph | None] = []
    clauses: list[tuple | None] = []  # a DRS's clauses, for Counter and DScorer
    problems: list[tuple[int, int | None, InputError]] = []
    for k, entry in enumerate(entries):
        if entry is None:  # missing from the file: the annotation set says so
            graphs.append(None)
            clauses.append(None)
            continue
        decoded = parse_entry(entry)
        if decoded.error is not None and not entry.parsed:  # found unreadable just now
            problems.append((k, None, decoded.error))
        graphs.append(decoded.graph if decoded.error is None else None)
        clauses.append(decoded.clauses if decoded.error is None else None)
    symmetric = one_direction(params)
    readable = [k for k, graph in enumerate(graphs) if graph is not None]
    cells = list(combinations(readable, 2)) if symmetric else [(i, j) for i in readable for j in readable if i != j]
    ancast = replace(params, smatch=False)  # Smatch below, each graph's triples built once
    tallies: dict[Cell, dict[str, Tally]] = {}
    alignments: dict[Cell, tuple[int | None, ...]] = {}
    together: dict[Cell, Alignment] = {}  # the paper profile: every cell's alignment made at once
    if params.profile != ANCAST:
        both = [(graphs[test], graphs[gold]) for test, gold in cells]
        together = dict(zip(cells, align_batch([(test, gold) for test, gold in both if test and gold], params)))
    for test, gold in cells:
        test_graph, gold_graph = graphs[test], graphs[gold]
        assert test_graph is not None and gold_graph is not None
        try:
            if (test, gold) in together:
                alignment = together[test, gold]
                pair_tallies = graph_tallies(alignment, test_graph, gold_graph, ancast)
            else:
                alignment, pair_tallies = score_graphs(test_graph, gold_graph, ancast)
        except NoConvergence as error:
            problems.append((test, gold, unscorable(test_graph, error, params, f"annotator {test + 1}")))
            continue
        alignments[test, gold] = alignment.gold_of
        tallies[test, gold] = pair_tallies
        if symmetric:
            tallies[gold, test] = {name: tally.swapped() for name, tally in pair_tallies.items()}
    if params.smatch and smatch_reads(*(graph for graph in graphs if graph is not None)):  # not for DRS
        for cell, tally in _smatch_tallies(graphs, [c for c in cells if c in tallies], symmetric).items():
            tallies[cell][SMATCH] = tally
    if any(found is not None for found in clauses):
        for cell, found in _drs_tallies(clauses, [c for c in cells if c in tallies], symmetric, params).items():
            tallies[cell].update(found)
    sizes = tuple(len(graph) if graph is not None else None for graph in graphs)
    for graph in graphs:
        if graph is not None:
            graph.release_caches()
    return SentenceScores(tallies, alignments, sizes, tuple(problems))


@dataclass(frozen=True)
class AnnotatorRow:
    """One annotator: mean agreement with the others (:func:`~engine.metrics.agreement.annotator_means`)
    and F1 as test against the gold annotator (None without a gold, or for the gold itself)."""

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
    def metrics(self) -> tuple[str, ...]:
        """The metrics this result answers (Smatch only when ``params.smatch``, Counter and
        DScorer for DRS annotations)."""
        return scored_metrics(self.params.smatch, self.annotations.format == "drs")

    def _check(self, metric: str) -> None:
        if metric not in self.metrics:
            hint = "; score with Params(smatch=True) for it" if metric == SMATCH else ""
            hint = "; they score DRS annotations" if metric in DRS_METRICS else hint
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
        means = annotator_means(matrix)
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
) -> MatrixResult:
    """Score every sentence's pairs of annotators (:func:`score_sentence`); ``progress(done,
    total)`` after each sentence; when ``cancelled()`` turns true, scoring stops and the result
    holds the sentences done so far with ``cancelled`` set. ``jobs`` > 1 scores in that many
    worker processes. Smatch is computed when ``params.smatch``. The caller checks that the
    profile reads the format (:func:`~engine.scoring.check_profile`). Every cell's totals are
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
        results = mapped(partial(score_sentence, params=params), [sentence.entries for sentence in sentences])
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
