"""The state of several annotators' files: the matrix scored in the background, the
metric and average shown, the gold annotator, the cell chosen, the cells' bootstrap
intervals and the label confusion of the pair shown. :class:`~ui.app_state.AppState` owns one
(``state.annotators``); the Annotators and Label confusion panels read it and report the
user's choices back to it, as the other panels do with the app state.

A cell opens in the pair views as the two files of the matrix (``Scoring.open_files`` with
the matrix's annotation set, so the pair is read as the matrix grouped it), on its first
scored sentence (or the one shown, when the cell scored it); the pair views then show a
"cell of the matrix" and :meth:`show_matrix` brings the matrix back. Opening a cell or a
sentence asks the window for the pair views (``Selection.request_panel``), opening the files
and :meth:`show_matrix` for the Annotators panel (:mod:`ui.shell.perspectives`).

The matrix belongs to its files. Opening the annotators shows the new matrix with its
default cell in the pair views. Opening any pair of files that is not one of its cells
(:meth:`files_requested` hears ``Scoring.files_opening``) closes it, as if none had been opened,
and stops one being scored: a matrix never takes the pair views from files opened after it.
Changing the parameters scores the open matrix again and keeps the cell shown; it opens no
cell in place of other files.

Signals:

* ``matrix_changed(MatrixResult | None)`` - new matrix scores are in (None: the matrix closed);
* ``view_changed()`` - the metric, the average or the gold annotator changed (no rescoring);
* ``cell_changed(tuple | None)`` - the cell whose pair is shown (or chosen), None when the
  pair views show two files that are no cell of the matrix;
* ``interval_ready(test, gold, metric)`` - a cell's bootstrap interval is known;
* ``sentences_chosen(Subset | None)`` - the sentences chosen in a plot, which the sentence table
  keeps (None: every sentence again; a new matrix chooses none);
* ``confusion_changed(ConfusionOutcome | None)`` - the label confusion of the pair shown;
* ``busy_changed(bool)``, ``progress(done, total)`` - the matrix is being scored.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from engine.output.matrix import problem_text
from engine.params import Params
from engine.read.file_names import file_names
from engine.registry import run_metrics
from engine.scoring import CorpusResult, MatrixResult
from engine.scoring.matrix import Average

from ..common.navigation import pair_label
from ..state.files import AnnotatorFiles
from ..state.jobs import Failure
from ..state.scoring import MATRIX
from ..state.selection import Subset
from ..state.services import AppPart, AppServices
from .tasks import (
    ConfusionOutcome,
    MatrixRequest,
    ScoredMatrix,
    confusion_of_cell,
    confusion_of_corpus,
    read_and_score_matrix,
)
from .views import MatrixTables

__all__ = ["CONFUSION", "INTERVAL", "MATRIX", "MATRIX_PANEL", "PAIR_PANEL", "AnnotatorsApp", "AnnotatorsState"]

CONFUSION, INTERVAL = "confusion", "interval"
MATRIX_PANEL, PAIR_PANEL = "annotators", "graphs"  # the panels shown for the matrix and for a pair
DEFAULT_METRIC = "labeled_relation"
Cell = tuple[int, int]

log = logging.getLogger(__name__)


class AnnotatorsState(AppPart):
    matrix_changed = Signal(object)
    view_changed = Signal()
    gold_changed = Signal(object)  # the annotator marked gold (None: none), chosen after the scoring
    cell_changed = Signal(object)
    interval_ready = Signal(int, int, str)
    confusion_changed = Signal(object)
    sentences_chosen = Signal(object)
    busy_changed = Signal(bool)
    progress = Signal(int, int)

    def __init__(self, app: QObject):
        super().__init__(app)
        self.request: MatrixRequest | None = None  # of the matrix shown (its annotations once read)
        self.result: MatrixResult | None = None
        self.tables: MatrixTables | None = None  # of the result
        self.metric: str = DEFAULT_METRIC
        self.average: Average = "micro"
        self.cell: Cell | None = None
        self.chosen: Subset | None = None  # sentences chosen in a plot
        self.confusion: ConfusionOutcome | None = None
        self._confusion_source: tuple | None = None  # (matrix or corpus, cell) of the confusion asked for
        self._intervals: dict[tuple[int, int, str], tuple[float, float] | None] = {}
        self._wanted: str | None = None  # a sentence to show once the matrix is in
        self._asked: MatrixRequest | None = None  # the scoring under way whose result is wanted
        self.app.scoring.params_changed.connect(self._params_changed)
        self.app.scoring.corpus_changed.connect(self.pair_shown)

    # ------------------------------------------------------------- scoring
    @property
    def busy(self) -> bool:
        return self.app.runner.busy(MATRIX)

    def open(self, paths: Sequence[str | Path], gold: str | Path | None = None, select: str | None = None) -> bool:
        """Read and score the annotators' files in the background; the matrix shown stays until
        the new one is in (and for good if it fails), then the pair views show its default cell.
        ``select``: a sentence id or number (from 1) to show in the pair views then. Refused while a pair
        of files is being read (its scores would replace the cell)."""
        if self.app.scoring.busy and not self.busy:  # the app is reading a pair of files
            self.app.messages.show("Still reading a pair of files: cancel (Esc) before opening annotators.")
            return False
        request = MatrixRequest.of(paths, self.app.scoring.params, gold)
        names = ", ".join(file_names(request.paths))
        started = self._score(request, f"Reading {len(request.paths)} annotators' files: {names}...")
        if started:
            log.info("scoring %d annotators' files: %s", len(request.paths), ", ".join(map(str, request.paths)))
            self._wanted = select
            self.show_matrix()  # its progress, then the matrix
        return started

    def rescore(self) -> bool:
        """Score the annotators read before again, under the current parameters."""
        if self.request is None:
            return False
        return self._score(replace(self.request, params=self.app.scoring.params), "Re-scoring the annotators...")

    def cancel(self) -> None:
        if self.busy:
            self.app.runner.cancel(MATRIX)
            self.app.messages.show("Cancelling the matrix...")

    def files_requested(self, files: AnnotatorFiles) -> None:
        """The pair views are to show ``files``: unless they are a cell of the matrix, close it."""
        if self.cell_of(files) is None:
            self.close()

    def close(self) -> None:
        """Forget the matrix and stop scoring one: the Annotators panel goes, as when no annotators
        were opened; the label confusion follows the pair shown."""
        if self._asked is not None:
            self._asked, self._wanted = None, None
            self.app.runner.cancel(MATRIX)  # its result, when it comes, is dropped
        if self.result is None:
            return
        self.request, self.result, self.tables, self.cell = None, None, None, None
        self._intervals.clear()
        self._forget_cell_confusion()
        self.choose_sentences(None)
        self.matrix_changed.emit(None)
        self.cell_changed.emit(None)

    def _params_changed(self, params: Params) -> None:
        """Score the matrix again under new parameters (not when they are those it was scored
        under: a profile refused, the parameters went back)."""
        if not self.busy and (self.result is None or self.result.params != params):  # busy: once in (:meth:`_scored`)
            self.rescore()

    def _score(self, request: MatrixRequest, text: str) -> bool:
        started = self.app.runner.start(
            MATRIX,
            partial(read_and_score_matrix, request),
            partial(self._scored, request),
            partial(self._failed, request),
            self._progress,
        )
        if not started:
            self.app.messages.show("Still scoring the annotators: cancel (Esc) before starting again.")
            return False
        self._asked = request
        self.app.messages.show(text)
        self._busy(True)
        return True

    def _busy(self, busy: bool) -> None:
        self.busy_changed.emit(busy)
        self.app.messages.show_busy(self.app.scoring.busy)

    def _progress(self, done: int, total: int) -> None:
        self.progress.emit(done, total)
        self.app.messages.show_progress(done, total)
        self.app.messages.show(f"Scoring the annotators: sentence {done} of {total}...")

    def _failed(self, request: MatrixRequest, text: Failure) -> None:
        self._busy(False)
        if request is not self._asked:  # closed meanwhile
            return
        self._asked, self._wanted = None, None
        if text.profile is not None:  # the files are fine: the parameters are not
            rescoring = request.annotations is not None and self.result is not None  # the matrix shown
            self.app.scoring.refuse_profile(text, self.result.params if rescoring and self.result else None)
        else:
            kept = " The matrix scored before is still shown." if self.result is not None else ""
            self.app.messages.show_problem(f"Could not open the annotators' files: {text}.{kept}", text.details)
            self.app.messages.show("Could not open the annotators' files." + kept)
        self.app.scoring.load_failed.emit(text)

    def _scored(self, request: MatrixRequest, scored: ScoredMatrix) -> None:
        result = scored.result
        if request is not self._asked:  # closed meanwhile: other files were opened
            self._busy(False)
            return
        self._asked = None
        if result.cancelled:
            self._busy(False)
            self._wanted = None
            done = sum(scores is not None for scores in result.sentences)
            kept = " the previous matrix is still shown" if self.result is not None else " nothing is shown"
            self.app.messages.show(f"Cancelled after {done} of {len(result.sentences)} sentences;{kept}.")
            return
        if self.result is None or result.annotations is not self.result.annotations:
            self.cell = None
        self.request = replace(request, annotations=result.annotations)
        self.result, self.tables = result, scored.tables
        self._intervals.clear()
        self._forget_cell_confusion()
        if self.metric not in result.metrics:
            self.metric = DEFAULT_METRIC
        self.choose_sentences(None)
        self.matrix_changed.emit(result)
        self._busy(False)
        self._report(result)
        wanted, self._wanted = self._wanted, None
        if self.cell_of(self.app.scoring.files) is not None and self.app.scoring.corpus is not None:
            self.pair_shown()
            if wanted is not None:
                self.app.selection.select_pair_id(wanted)
        elif request.annotations is None:  # opened: the first annotator against the gold (or the second)
            self.open_cell(*self.default_cell(), sentence=wanted, show=False)
        # scored again with other files shown (its cell could not be opened): they stay
        if request.params != self.app.scoring.params and not self.busy:  # changed while it was read
            self.rescore()

    def _report(self, result: MatrixResult) -> None:
        size, sentences = len(result.names), len(result.sentences)
        text = f"{size} annotators x {sentences} sentences scored, {result.params.profile} profile"
        problems = result.problems
        if problems:
            shown = "\n".join(problem_text(result, problem) for problem in problems[:3])
            more = f"\n... and {len(problems) - 3} more" if len(problems) > 3 else ""
            self.app.messages.show_problem(
                f"{len(problems)} problem(s) left sentences out of some cells:\n{shown}{more}"
            )
            text += f"; {len(problems)} problem(s) left sentences out of some cells"
        elif result.annotations.warnings:
            warnings = result.annotations.warnings
            self.app.messages.show_problem(f"{len(warnings)} warning(s):\n" + "\n".join(warnings[:3]))
        else:
            self.app.messages.show_problem("")
        self.app.messages.show(text + ". Click a cell to open that pair.")

    # --------------------------------------------------------------- view
    def set_metric(self, metric: str) -> None:
        if self.result is not None and metric not in self.result.metrics:
            raise ValueError(f"{metric!r} was not computed: {', '.join(self.result.metrics)}")
        if metric != self.metric:
            self.metric = metric
            self.view_changed.emit()

    def set_average(self, average: Average) -> None:
        if average != self.average:
            self.average = average
            self.view_changed.emit()

    def set_gold(self, gold: int | None) -> None:
        """Mark annotator ``gold`` as the reference (None: no gold); nothing is scored again."""
        if self.result is not None and gold != self.result.gold:
            self.result.annotations.gold = gold
            self.view_changed.emit()
            self.gold_changed.emit(gold)

    def choose_sentences(self, chosen: Subset | None) -> None:
        """Keep only these sentences in the sentence table (None: every sentence)."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.sentences_chosen.emit(chosen)

    def metrics(self) -> tuple[str, ...]:
        return self.result.metrics if self.result is not None else run_metrics(Params(), "amr")

    def show_matrix(self) -> None:
        self.app.selection.request_panel(MATRIX_PANEL)

    # --------------------------------------------------------------- cells
    def files_of(self, test: int, gold: int) -> AnnotatorFiles:
        assert self.result is not None
        return AnnotatorFiles.of(self.result.annotations.paths, test, gold)

    def cell_of(self, files: AnnotatorFiles | None) -> Cell | None:
        """The cell whose pair ``files`` are, when they are two annotators of this matrix."""
        if files is None or self.result is None:
            return None
        same = files.paths == tuple(Path(path) for path in self.result.annotations.paths)
        return (files.test, files.gold) if same else None

    def default_cell(self) -> Cell:
        """The cell chosen last, else the first other annotator against the gold, else (0, 1)."""
        if self.cell is not None:
            return self.cell
        gold = self.result.gold if self.result is not None else None
        return ((1 if gold == 0 else 0), gold) if gold is not None else (0, 1)

    def open_cell(self, test: int, gold: int, sentence: str | None = None, show: bool = True) -> bool:
        """Show annotators ``test`` and ``gold`` in the pair views (scored in the background
        unless they are shown already), ``sentence`` (an id or number from 1) selected; ``show`` brings
        the pair views forward."""
        if self.result is None:
            return False
        if test == gold:
            self.app.messages.show("The diagonal compares an annotator with itself: choose another cell.")
            return False
        if self.cell_of(self.app.scoring.files) == (test, gold) and self.app.scoring.corpus is not None:
            opened = self.app.selection.select_pair_id(sentence) if sentence is not None else True
        elif self.app.scoring.open_files(
            self.files_of(test, gold),
            sentence or self.opening_sentence(test, gold),
            annotations=self.result.annotations,
        ):
            self._set_cell((test, gold))
            opened = True
        else:
            return False
        if show:
            self.app.selection.request_panel(PAIR_PANEL)
        return opened

    def opening_sentence(self, test: int, gold: int) -> str | None:
        """The sentence a cell opens on: the one shown now when the cell scored it, else the
        cell's first scored sentence (the first sentence when it scored none)."""
        assert self.result is not None
        labels = [pair_label(sentence) for sentence in self.result.annotations.sentences]
        scored = [labels[s] for s, _ in self.result.cell_tallies(test, gold)]
        shown = self.app.selection.pair if self.cell_of(self.app.scoring.files) is not None else None
        if shown is not None and pair_label(shown) in scored:
            return pair_label(shown)
        return scored[0] if scored else labels[0] if labels else None

    def open_sentence(self, index: int) -> bool:
        """Show sentence ``index`` in the pair views: in :meth:`default_cell`'s pair - the cell
        chosen last, shown or still being read (in the pair shown then, the cell opened on another
        sentence once read)."""
        if self.result is None:
            return False
        return self.open_cell(*self.default_cell(), sentence=pair_label(self.result.annotations.sentences[index]))

    def _set_cell(self, cell: Cell | None) -> None:
        if cell != self.cell:
            self.cell = cell
            self.cell_changed.emit(cell)
        self._request_confusion()

    def pair_shown(self, corpus: CorpusResult | None = None) -> None:
        """The pair views show new scores, or keep theirs (a cell's scoring was cancelled): the
        cell follows the pair shown, and the confusion with it."""
        if self.app.scoring.corpus is not None:
            self._set_cell(self.cell_of(self.app.scoring.files))

    # ----------------------------------------------------------- intervals
    def interval(self, test: int, gold: int) -> tuple[bool, tuple[float, float] | None]:
        """(known, the 95% bootstrap interval of the cell's micro F1 under the metric shown)."""
        key = (test, gold, self.metric)
        return (key in self._intervals, self._intervals.get(key))

    def want_interval(self, test: int, gold: int) -> None:
        """Compute a cell's interval in the background (the latest wish replaces one waiting)."""
        result, key = self.result, (test, gold, self.metric)
        if result is None or test == gold or key in self._intervals:
            return
        self.app.runner.queue(
            INTERVAL,
            lambda progress, cancelled: result.interval(test, gold, key[2]),
            partial(self._interval_arrived, result, key),
        )

    def _interval_arrived(self, result: MatrixResult, key: tuple[int, int, str], value) -> None:
        if result is self.result:
            self._intervals[key] = value
            self.interval_ready.emit(*key)

    # ----------------------------------------------------------- confusion
    def _request_confusion(self) -> None:
        """The label confusion of the pair shown: the matrix cell's, else the two files'."""
        if self.cell is not None and self.result is not None:
            result, (test, gold) = self.result, self.cell
            source: tuple = (result, self.cell)
            work = lambda progress, cancelled: confusion_of_cell(result, test, gold)  # noqa: E731
        elif self.app.scoring.corpus is not None and self.app.scoring.files is not None:
            corpus, files = self.app.scoring.corpus, self.app.scoring.files
            source = (corpus, None)
            work = lambda progress, cancelled: confusion_of_corpus(corpus, *files.annotators())  # noqa: E731
        else:
            return
        if self._same_source(source):
            return
        self._confusion_source = source
        self.app.runner.queue(CONFUSION, work, partial(self._confusion_arrived, source), self._confusion_failed)

    def _forget_cell_confusion(self) -> None:
        """Another matrix (or none): the confusion of a cell of the old one is asked for again;
        that of the two files shown still holds (it is kept, and kept coming if it is on its way)."""
        if self._confusion_source is not None and self._confusion_source[1] is not None:
            self._confusion_source = None

    def _same_source(self, source: tuple | None) -> bool:
        known = self._confusion_source
        return source is not None and known is not None and source[0] is known[0] and source[1] == known[1]

    def _confusion_arrived(self, source: tuple, outcome: ConfusionOutcome) -> None:
        if self._same_source(source):
            self.confusion = outcome
            self.confusion_changed.emit(outcome)

    def _confusion_failed(self, text: Failure) -> None:
        self._confusion_source = None
        self.app.messages.show_problem(f"Could not count the label confusion: {text}", text.details)

    def open_confusion_sentence(self, sentence: int) -> bool:
        """Show a sentence of a confusion cell in the pair views (its pair opened if need be)."""
        outcome = self.confusion
        if outcome is None:
            return False
        label = outcome.labels[sentence]
        if outcome.cell is not None:
            return self.open_cell(*outcome.cell, sentence=label)
        self.app.selection.request_panel(PAIR_PANEL)
        return self.app.selection.select_pair_id(label)


class AnnotatorsApp(AppServices, Protocol):
    """The application state as the Annotators and Label confusion panels see it."""

    @property
    def annotators(self) -> AnnotatorsState: ...
