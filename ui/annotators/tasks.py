"""The work the Annotators views ask of the engine off the GUI thread (Qt-free): read several
annotators' files and score every pair of them, a cell's bootstrap interval, a pair's label
confusion, the data of the exports.

Each task is a plain function ``task(progress, cancelled)`` once its inputs are bound (see
:mod:`ui.state.jobs`); it raises :class:`~ui.state.tasks.TaskFailed` with a message for the user when
the input cannot be used at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError
from engine.metrics.confusion import Confusion
from engine.params import Params
from engine.read import AnnotationSet, load_annotations
from engine.scoring import CorpusResult, MatrixResult, check_profile, score_matrix

from ..common.navigation import pair_label
from ..state.tasks import WORKERS, Cancelled, Progress, TaskFailed, UnexpectedFailure
from .views import MatrixTables, sentence_text

__all__ = [
    "ConfusionOutcome",
    "MatrixRequest",
    "ScoredMatrix",
    "confusion_of_cell",
    "confusion_of_corpus",
    "read_and_score_matrix",
]


@dataclass(frozen=True)
class MatrixRequest:
    """Score the annotators' files ``paths`` against each other under ``params``; ``gold``
    names the reference file (one of ``paths`` or one more); ``annotations`` skips reading again."""

    paths: tuple[Path, ...]
    params: Params
    gold: Path | None = None
    annotations: AnnotationSet | None = None

    @classmethod
    def of(cls, paths: Sequence[str | Path], params: Params, gold: str | Path | None = None) -> MatrixRequest:
        return cls(tuple(Path(path) for path in paths), params, Path(gold) if gold is not None else None)


@dataclass(frozen=True)
class ScoredMatrix:
    """The matrix scored, and the tables its views show (:class:`~ui.annotators.views.MatrixTables`,
    None after a cancel)."""

    result: MatrixResult
    tables: MatrixTables | None


def read_and_score_matrix(
    request: MatrixRequest, progress: Progress | None = None, cancelled: Cancelled | None = None
) -> ScoredMatrix:
    """Read the files (unless already read) and score every pair of annotators, in worker
    processes when the corpus is worth them (started from a fork server, never forked from the
    app's threads: :mod:`engine.runtime.parallel`). The cells' sentence counts and every metric's
    sentence rows are computed here too, so that the views never wait for them. A cancelled run
    returns the sentences done so far with ``cancelled`` set."""
    try:
        annotations = request.annotations
        if annotations is None:
            annotations = load_annotations(request.paths, gold=request.gold)
        check_profile(annotations.format, request.params, annotations.paths[0])
    except InputError as error:
        raise TaskFailed.of_input(error) from error
    except ValueError as error:
        raise TaskFailed(str(error)) from error
    except Exception as error:  # a worker must never die silently
        raise UnexpectedFailure.of("reading", error) from error
    try:
        result = score_matrix(annotations, request.params, progress=progress, cancelled=cancelled, jobs=WORKERS)
        tables = MatrixTables.of(result) if not result.cancelled else None
    except Exception as error:
        raise UnexpectedFailure.of("scoring", error) from error
    return ScoredMatrix(result, tables)


@dataclass(frozen=True)
class ConfusionOutcome:
    """The label confusion of annotator ``test`` against ``gold`` (names), from the matrix cell
    ``cell`` or, when it is None, from the two files shown; ``labels[s]`` names sentence s
    (its id, else its number, counted from 1) and ``texts[s]`` is its text."""

    confusion: Confusion
    test: str
    gold: str
    labels: tuple[str, ...]
    texts: tuple[str, ...]
    cell: tuple[int, int] | None = None


def confusion_of_cell(result: MatrixResult, test: int, gold: int) -> ConfusionOutcome:
    """Annotator ``test`` against ``gold`` under the matrix's alignments (graphs decoded again)."""
    annotations = result.annotations
    labels = tuple(map(pair_label, annotations.sentences))
    texts = tuple(map(sentence_text, annotations.sentences))
    return ConfusionOutcome(
        result.confusion(test, gold), result.names[test], result.names[gold], labels, texts, (test, gold)
    )


def confusion_of_corpus(corpus: CorpusResult, test: str, gold: str) -> ConfusionOutcome:
    """The test file against the gold file under each pair's alignment."""
    size = max((pair.index for pair in corpus.pairs), default=-1) + 1
    labels, texts = [str(k + 1) for k in range(size)], [""] * size
    for pair in corpus.pairs:
        labels[pair.index] = pair_label(pair)
        texts[pair.index] = pair.sentence
    return ConfusionOutcome(corpus.confusion(), test, gold, tuple(labels), tuple(texts))
