"""The work the app asks of the engine off the GUI thread (Qt-free): read and
score the files, trace one pair for the heatmaps.

Each task is a plain function ``task(progress, cancelled)`` once its inputs are
bound (see :mod:`ui.state.jobs`); it raises :class:`TaskFailed` with a message for the
user when the input cannot be used at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from engine.align.alignment import Alignment
from engine.align.explain import Caption, captions, node_names
from engine.errors import InputError, NoConvergence, ProfileRefused
from engine.model import Graph
from engine.params import Params
from engine.read import AnnotationSet, LoadedPairs, load_pairs
from engine.registry import SMATCH
from engine.scoring import CorpusResult, check_profile, score_corpus, traced_alignment

from .files import AnnotatorFiles

__all__ = [
    "PairTrace",
    "ScoreRequest",
    "ScoringOutcome",
    "TaskFailed",
    "UnexpectedFailure",
    "read_and_score",
    "trace_pair",
]

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]
WORKERS = os.cpu_count() or 1  # worker processes for a corpus or matrix large enough (engine.runtime.parallel)


class TaskFailed(Exception):
    """A task could not run; the message is for the user. ``profile``: the scoring profile that
    cannot score the input (which is fine), else None."""

    def __init__(self, text: str, profile: str | None = None):
        super().__init__(text)
        self.profile = profile

    @classmethod
    def of_input(cls, error: InputError) -> TaskFailed:
        """The input's problem (:class:`~engine.errors.ProfileRefused`: the profile's)."""
        return cls(str(error), error.profile if isinstance(error, ProfileRefused) else None)


class UnexpectedFailure(TaskFailed):
    """A task stopped by an error that is no fault of the input (a bug), raised ``from`` that
    error: the job logs its traceback, and the banner's Details show it."""

    @classmethod
    def of(cls, doing: str, error: BaseException) -> UnexpectedFailure:
        """``unexpected problem while <doing>: <error's type>: <error>``."""
        return cls(f"unexpected problem while {doing}: {type(error).__name__}: {error}")


@dataclass(frozen=True)
class ScoreRequest:
    """Score ``files`` (test against gold) under ``params``; ``loaded`` skips reading again;
    ``annotations``, the files read as a set of annotators, gives the pair as the set grouped it."""

    files: AnnotatorFiles
    params: Params
    loaded: LoadedPairs | None = None
    annotations: AnnotationSet | None = None


@dataclass
class ScoringOutcome:
    """What scoring hands back: the files, their pairs and the scores."""

    files: AnnotatorFiles
    loaded: LoadedPairs
    corpus: CorpusResult


def read_and_score(
    request: ScoreRequest, progress: Progress | None = None, cancelled: Cancelled | None = None
) -> ScoringOutcome:
    """Read the test and gold files (unless already loaded) and score every pair; the
    bootstrap interval of the micro Smatch F1 is computed here too (the corpus keeps it).
    A cancelled run returns the pairs done so far with ``corpus.cancelled`` set."""
    files, params = request.files, request.params
    try:
        loaded = request.loaded
        if loaded is None and request.annotations is not None:
            loaded = request.annotations.pairs(files.test, files.gold)
        elif loaded is None:
            loaded = load_pairs(files.test_path, files.gold_path)
        check_profile(loaded.format, params, files.test_path)
    except InputError as error:
        raise TaskFailed.of_input(error) from error
    except Exception as error:  # a worker must never die silently
        raise UnexpectedFailure.of("reading", error) from error
    try:
        corpus = score_corpus(
            loaded.pairs, params, progress=progress, cancelled=cancelled, documents=loaded.documents, jobs=WORKERS
        )
    except Exception as error:
        raise UnexpectedFailure.of("scoring", error) from error
    if not corpus.cancelled:
        corpus.interval(SMATCH)  # computed once per corpus: here, not on the GUI thread
    return ScoringOutcome(files, loaded, corpus)


@dataclass(frozen=True)
class PairTrace:
    """A pair's alignment with every round's matrices, the caption of each round
    (initial anchors first), the node names of the rows (test) and columns
    (gold) and their variables; without an alignment, ``problem`` says why."""

    alignment: Alignment | None
    captions: tuple[Caption, ...] = ()
    rows: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    problem: str = ""
    row_vars: tuple[str, ...] = ()
    column_vars: tuple[str, ...] = ()

    @classmethod
    def missing(cls, problem: str) -> PairTrace:
        return cls(None, problem=problem)

    @property
    def nbytes(self) -> int:
        """The memory its matrices take (S and every round's anchors, A and F)."""
        if self.alignment is None:
            return 0
        matrices = [self.alignment.similarity] + [
            matrix
            for round_ in self.alignment.rounds
            for matrix in (round_.anchors, round_.broadcast, round_.adjusted)
            if matrix is not None
        ]
        return sum(matrix.nbytes for matrix in matrices)


UNREADABLE = "No trace: the pair could not be read."


def trace_pair(test: Graph | None, gold: Graph | None, params: Params) -> PairTrace:
    """Align the pair again with a trace (seconds on large pairs: run it off the GUI thread)."""
    if test is None or gold is None:
        return PairTrace.missing(UNREADABLE)
    try:
        alignment = traced_alignment(test, gold, params)
    except NoConvergence as error:
        return PairTrace.missing(f"No trace: {error}.")
    return PairTrace(
        alignment,
        tuple(captions(test, gold, alignment, params)),
        tuple(node_names(test)),
        tuple(node_names(gold)),
        row_vars=tuple(node.var for node in test.nodes),
        column_vars=tuple(node.var for node in gold.nodes),
    )
