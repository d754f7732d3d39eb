"""The work the Compare view asks of the engine off the GUI thread (Qt-free): read A, B and the
gold and compare them on every metric of the input (:func:`compare_three`), or test two
annotators of a matrix already scored - or a comparison's own matrix again, under another test,
number of trials or seed - without scoring anything again (:func:`test_again`).

Each task is a plain function ``task(progress, cancelled)`` once its inputs are bound (see
:mod:`ui.state.jobs`); a cancelled one returns None. :func:`compare_three` reports the scoring's
progress by sentence (the tests follow, a few seconds for thousands of sentences);
:func:`test_again` reports it by metric and stops between two metrics when cancelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from engine.comparison import Comparison, compare_files, compare_matrix, compare_metric
from engine.errors import InputError
from engine.params import Params, TestName
from engine.registry import ALL
from engine.scoring import MatrixResult

from ..state.tasks import WORKERS, Cancelled, Progress, TaskFailed, UnexpectedFailure

__all__ = ["CompareFiles", "TestChoice", "compare_three", "test_again"]


@dataclass(frozen=True)
class TestChoice:
    """The test that gives the p-value (the interval is always the paired bootstrap's), its
    trials (resamples) and the seed of its random draws."""

    test: TestName = "permutation"
    trials: int = 10_000
    seed: int = 1


@dataclass(frozen=True)
class CompareFiles:
    """A's, B's and the gold's files, scored under ``params``."""

    a: Path
    b: Path
    gold: Path
    params: Params

    @classmethod
    def of(cls, a: str | Path, b: str | Path, gold: str | Path, params: Params) -> CompareFiles:
        return cls(Path(a), Path(b), Path(gold), params)


def compare_three(
    files: CompareFiles, choice: TestChoice, progress: Progress | None = None, cancelled: Cancelled | None = None
) -> Comparison | None:
    """Read and score A and B against the gold (every metric of the input: Smatch, Counter and
    DScorer included), then test each metric's difference; None when cancelled."""
    try:
        comparison = compare_files(
            files.a,
            files.b,
            files.gold,
            ALL,
            choice.test,
            choice.trials,
            choice.seed,
            files.params,
            jobs=WORKERS,
            progress=progress,
            cancelled=cancelled,
        )
    except (InputError, ValueError) as error:
        raise TaskFailed(str(error)) from error
    except Exception as error:  # a worker must never die silently
        raise UnexpectedFailure.of("comparing", error) from error
    return None if comparison.matrix.cancelled else comparison


def test_again(
    matrix: MatrixResult,
    a: int,
    b: int,
    gold: int,
    metrics: Sequence[str],
    choice: TestChoice,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> Comparison | None:
    """Annotators ``a`` and ``b`` of a scored ``matrix`` against ``gold`` on each of ``metrics``
    (as :func:`engine.comparison.compare_matrix`, metric by metric so that the work can report
    and stop); None when cancelled."""
    try:
        comparison = compare_matrix(matrix, a, b, gold, (), choice.test, choice.trials, choice.seed)
        comparison.setup = replace(comparison.setup, metrics=tuple(metrics))
        for done, metric in enumerate(metrics):
            if metric not in matrix.metrics:
                raise TaskFailed(f"{metric!r} was not computed (available: {', '.join(matrix.metrics)})")
            if cancelled is not None and cancelled():
                return None
            if progress is not None:
                progress(done, len(metrics))
            comparison.metrics[metric] = compare_metric(
                matrix, a, b, gold, metric, choice.test, choice.trials, choice.seed
            )
    except TaskFailed:
        raise
    except ValueError as error:
        raise TaskFailed(str(error)) from error
    except Exception as error:
        raise UnexpectedFailure.of("testing", error) from error
    return comparison
