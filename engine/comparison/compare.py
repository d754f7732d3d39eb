"""Two systems (or annotators) A and B against one gold: each metric's micro scores, the
per-sentence F1 of both, and whether the difference is real (:mod:`.significance`).

:func:`compare_files` reads A, B and the gold as three annotators of the same sentences
(paired by id as the annotator matrix pairs them, :mod:`engine.scoring.matrix`), scores only
the cells (A, gold) and (B, gold), and compares; :func:`compare_matrix` compares two
annotators of a matrix already scored (the app's annotator matrix). A sentence missing from
a file or unreadable is one of the matrix's problems, and left out: each metric is compared
on the sentences where both A and B were scored against the gold.

The convention everywhere: ``difference`` = F(B) − F(A), the micro F1 of B minus that of A,
so a positive difference means B agrees more with the gold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ..metrics.tally import PRF, Tally, Totals
from ..params import Params
from ..read import FormatChoice, PairBy, load_annotations
from ..registry import METRIC, params_dict, requested_metrics
from ..scoring import check_profile
from ..scoring.matrix import MatrixProblem, MatrixResult, score_matrix
from .counts import paired_counts
from .significance import LEVEL, Significance, TestName, significance

__all__ = [
    "CompareSetup",
    "Comparison",
    "MetricComparison",
    "compare_files",
    "compare_matrix",
    "compare_metric",
]


@dataclass(frozen=True)
class CompareSetup:
    """What was compared and how, for every export: the three files and their annotator
    names (A, B, gold), the metrics, the test, its trials and seed, the interval's level and
    the scoring parameters."""

    files: tuple[str, str, str]
    names: tuple[str, str, str]
    metrics: tuple[str, ...]
    test: TestName
    trials: int
    seed: int
    level: float
    params: Params

    def as_dict(self) -> dict:
        return {
            "a": self.files[0],
            "b": self.files[1],
            "gold": self.files[2],
            "names": list(self.names),
            "metrics": list(self.metrics),
            "test": self.test,
            "trials": self.trials,
            "seed": self.seed,
            "level": self.level,
            "params": params_dict(self.params),
        }


@dataclass(frozen=True)
class MetricComparison:
    """One metric: A's and B's micro P/R/F1 over the compared sentences, each sentence's F1
    of A and of B (NaN where undefined), and the test (None when the micro F of A or B is
    undefined: nothing to test). ``sentences`` are indices into the annotation set's
    sentences, ``labels`` their ids (or positions)."""

    metric: str
    a: PRF
    b: PRF
    sentences: np.ndarray
    labels: tuple[str, ...]
    f_a: np.ndarray
    f_b: np.ndarray
    significance: Significance | None

    @property
    def count(self) -> int:
        """How many sentences were compared."""
        return len(self.sentences)

    @property
    def difference(self) -> float | None:
        """F(B) − F(A) of the micro F1; None when either is undefined."""
        if self.a.f is None or self.b.f is None:
            return None
        return self.b.f - self.a.f

    @property
    def differences(self) -> np.ndarray:
        """Each sentence's F1 of B minus F1 of A (NaN where either is undefined)."""
        return self.f_b - self.f_a

    @property
    def p_value(self) -> float | None:
        return self.significance.p_value if self.significance is not None else None

    @property
    def ci(self) -> tuple[float, float] | None:
        return self.significance.ci if self.significance is not None else None

    def as_dict(self, setup: CompareSetup) -> dict:
        """The documented JSON object: metric, a and b ({p, r, f}), difference, p_value, ci,
        test, trials (2^n for an exact permutation test), sentences."""
        return {
            "metric": self.metric,
            "a": self.a.as_dict(),
            "b": self.b.as_dict(),
            "difference": self.difference,
            "p_value": self.p_value,
            "ci": list(self.ci) if self.ci is not None else None,
            "test": setup.test,
            "trials": self.significance.trials if self.significance is not None else setup.trials,
            "sentences": self.count,
        }


def _sentence_f(tallies: Sequence[Tally]) -> np.ndarray:
    return np.array([f if (f := t.prf().f) is not None else np.nan for t in tallies], dtype=float)


def compare_metric(
    matrix: MatrixResult,
    a: int,
    b: int,
    gold: int,
    metric: str,
    test: TestName = "permutation",
    trials: int = 10_000,
    seed: int = 1,
    level: float = LEVEL,
) -> MetricComparison:
    """Annotators ``a`` and ``b`` of ``matrix`` against annotator ``gold`` on ``metric``, over
    the sentences where both cells have it."""
    labels = matrix.annotations.sentence_labels()
    sentences: list[int] = []
    tallies_a: list[Tally] = []
    tallies_b: list[Tally] = []
    for index, scores in enumerate(matrix.sentences):
        if scores is None:
            continue
        tally_a = scores.tallies.get((a, gold), {}).get(metric)
        tally_b = scores.tallies.get((b, gold), {}).get(metric)
        if tally_a is not None and tally_b is not None:
            sentences.append(index)
            tallies_a.append(tally_a)
            tallies_b.append(tally_b)
    micro = []
    for side in (tallies_a, tallies_b):  # pooled as the corpus totals pool them (score, matrix)
        totals = Totals((metric,))
        for tally in side:
            totals.add({metric: tally})
        micro.append(totals.micro()[metric])
    tested = None
    if micro[0].f is not None and micro[1].f is not None:
        tested = significance(paired_counts(tallies_a, tallies_b), test, trials, seed, level)
    return MetricComparison(
        metric,
        micro[0],
        micro[1],
        np.array(sentences, dtype=int),
        tuple(labels[s] for s in sentences),
        _sentence_f(tallies_a),
        _sentence_f(tallies_b),
        tested,
    )


@dataclass
class Comparison:
    """A and B against the gold on each metric (``metrics``, in the order asked), with how it
    was set up, the scored ``matrix`` (its annotators ``a``, ``b`` and ``gold``: the
    sentences' graphs, for showing one) and the problems that left sentences out."""

    setup: CompareSetup
    matrix: MatrixResult
    a: int
    b: int
    gold: int
    metrics: dict[str, MetricComparison] = field(default_factory=dict)

    @property
    def problems(self) -> list[MatrixProblem]:
        """The matrix's problems that concern A, B or the gold (in sentence order)."""
        cells = {(self.a, self.gold), (self.b, self.gold)}
        return [
            problem
            for problem in self.matrix.problems
            if (problem.other is None and problem.annotator in (self.a, self.b, self.gold))
            or (problem.annotator, problem.other) in cells
            or (problem.other, problem.annotator) in cells
        ]


def compare_matrix(
    matrix: MatrixResult,
    a: int,
    b: int,
    gold: int,
    metrics: Sequence[str],
    test: TestName = "permutation",
    trials: int = 10_000,
    seed: int = 1,
    level: float = LEVEL,
) -> Comparison:
    """Compare annotators ``a`` and ``b`` of a scored matrix against annotator ``gold`` on each
    of ``metrics`` (each computed by the matrix), every metric with the same seed."""
    if gold in (a, b):
        raise ValueError("the gold must be another annotator than A and B")
    paths, names = matrix.annotations.paths, matrix.names
    setup = CompareSetup(
        (paths[a], paths[b], paths[gold]),
        (names[a], names[b], names[gold]),
        tuple(metrics),
        test,
        trials,
        seed,
        level,
        matrix.params,
    )
    comparison = Comparison(setup, matrix, a, b, gold)
    for metric in metrics:
        if metric not in matrix.metrics:
            raise ValueError(f"{metric!r} was not computed (available: {', '.join(matrix.metrics)})")
        comparison.metrics[metric] = compare_metric(matrix, a, b, gold, metric, test, trials, seed, level)
    return comparison


def compare_files(
    a: str | Path,
    b: str | Path,
    gold: str | Path,
    metric: str = "labeled_relation",
    test: TestName = "permutation",
    trials: int = 10_000,
    seed: int = 1,
    params: Params = Params(),
    format_in: FormatChoice = "auto",
    pair_by: PairBy = "auto",
    jobs: int = 1,
    level: float = LEVEL,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Comparison:
    """Read A, B and the gold, score (A, gold) and (B, gold) sentence by sentence and compare
    them on ``metric`` (a metric key, or ``all``: :func:`~engine.registry.requested_metrics`). Smatch is
    computed when a compared metric needs it, whatever ``params`` switches on. Raises
    :class:`~engine.errors.InputError` for a file that cannot be used at all and ValueError
    for a metric the format does not have or a gold that is A or B. ``progress`` and
    ``cancelled`` as :func:`~engine.scoring.score_matrix` (after a cancel, the sentences
    scored so far are compared)."""
    annotations = load_annotations([a, b], format_in, pair_by, gold=gold)
    if annotations.gold != 2:
        raise ValueError("the gold must be another file than A and B")
    check_profile(annotations.format, params, annotations.paths[0])
    metrics = requested_metrics(metric, annotations.format, params)
    params = replace(params, optional_metrics=frozenset(key for key in metrics if METRIC[key].optional))
    matrix = score_matrix(annotations, params, progress, cancelled, jobs, cells={(0, 2), (1, 2)})
    return compare_matrix(matrix, 0, 1, 2, metrics, test, trials, seed, level)
