"""The application state: its parts by concern, wired together.

* ``messages`` (:class:`~ui.state.messages.Messages`) - the status line, the banner, the work in progress;
* ``scoring`` (:class:`~ui.state.scoring.Scoring`) - the files, the parameters and their scores;
* ``selection`` (:class:`~ui.state.selection.Selection`) - the filter, the selected pair, node
  and triple, the panel asked for;
* ``traces`` (:class:`~ui.state.traces.Traces`) - the selected pair's trace for the heatmaps;
* ``annotators`` (:class:`~ui.annotators.state.AnnotatorsState`) - several annotators' matrix;
* ``adjudication`` (:class:`~ui.adjudication.state.AdjudicationState`) - the adjudication session;
* ``compare`` (:class:`~ui.compare.state.CompareState`) - two systems or annotators against one gold.
* ``teaching`` (:class:`~ui.teach.state.TeachingState`) - the selected pair as a lesson, step by step.

Panels take the app state, read its parts, subscribe to their signals and report the user's
choices back through their methods; they never talk to each other. The parts of the features
(annotators, adjudication) see the app through :class:`ui.state.services.AppServices`.

What a finished scoring run changes is said here (:meth:`AppState.show_scores`), in this order:
the selection is cleared, the views get the new corpus, then the wanted (or the same, or the first)
pair is selected.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QSettings

from engine.scoring import MatrixResult

from .adjudication.state import AdjudicationState
from .annotators.state import AnnotatorsState
from .common.navigation import pair_label
from .compare.state import CompareState
from .state.jobs import JobRunner
from .state.messages import Messages
from .state.scoring import Scoring
from .state.selection import Selection
from .state.settings import AppSettings, Place
from .state.tasks import ScoringOutcome
from .state.traces import Traces
from .teach.state import TeachingState

__all__ = ["AppState"]


class AppState(QObject):
    def __init__(self, settings: QSettings | None = None, parent=None):
        super().__init__(parent)
        self.settings = AppSettings(settings)
        self.runner = JobRunner(self)
        self.messages = Messages(self)
        self.scoring = Scoring(self.settings, self.runner, self.messages, self)
        self.traces = Traces(self.scoring, self.runner, self)
        self.selection = Selection(self.scoring, self.traces, self.messages, self)
        self.annotators = AnnotatorsState(self)  # several annotators' files: the matrix
        self.adjudication = AdjudicationState(self)
        self.compare = CompareState(self)
        self.teaching = TeachingState(self)  # the Teaching perspective's lesson
        self.selection.review_of = self.adjudication.review_of
        self.scoring.scored.connect(self.show_scores)
        self.scoring.files_opening.connect(self.annotators.files_requested)
        self.annotators.matrix_changed.connect(self._remember_annotators)
        self.annotators.gold_changed.connect(self._remember_gold)

    def show_scores(self, outcome: ScoringOutcome, wanted: str | None = None) -> None:
        """Show a finished scoring run: the ``wanted`` pair, else the pair selected before when the
        files are the same (scored again, or swapped), else the first pair. Other files than those
        loaded start unfiltered (a restart's :func:`~ui.shell.commands.adjudication.return_to`
        applies the filter remembered for them after)."""
        scoring, selection = self.scoring, self.selection
        self.messages.show_busy(scoring.busy)
        if scoring.cancelled(outcome):
            self.annotators.pair_shown()  # a cell chosen but cancelled: the one shown stays the cell
            return
        shown = selection.pair
        previous = shown.index if shown is not None and scoring.same_files(outcome.files) else 0
        if outcome.loaded is not scoring.loaded:
            self.traces.forget()
        loaded = scoring.files
        selection.clear(other_files=loaded is None or set(loaded.paths) != set(outcome.files.paths))
        self.messages.show_problem("")
        scoring.show(outcome)
        found = selection.show_first(wanted, previous)
        cell = self.annotators.cell_of(outcome.files) is not None
        if not cell:  # a cell: its annotators are remembered
            scoring.remember()
        scoring.report(outcome, cell)
        if not found:
            self.messages.show(f"No pair {wanted!r} in this corpus.")

    def open_roles(self, test: int, gold: int) -> bool:
        """Score two other files of the loaded ones as test and gold (as the matrix's cell when
        they are its files), the sentence shown kept; the roles the user chose stay those
        remembered (:attr:`Scoring.chosen`)."""
        files = self.scoring.files
        if files is None:
            return False
        files, matrix = replace(files, test=test, gold=gold), self.annotators.result
        cell = self.annotators.cell_of(files) is not None and matrix is not None
        shown = self.selection.pair
        select = pair_label(shown) if shown is not None else None  # other files: say which sentence
        return self.scoring.open_files(
            files, select, annotations=matrix.annotations if cell and matrix else None, chosen=self.scoring.chosen
        )

    def open_chosen(self) -> bool:
        """Score the loaded files in the roles the user chose again, when an adjudication session
        scored them in others (False: they are scored so already)."""
        chosen, files = self.scoring.chosen, self.scoring.files
        if chosen is None or files is None or chosen == files or chosen.paths != files.paths:
            return False
        return self.open_roles(chosen.test, chosen.gold)

    def cancel(self) -> None:
        """Stop scoring files or the annotators' matrix, or comparing."""
        self.scoring.cancel()
        self.annotators.cancel()
        self.compare.cancel()

    def place(self) -> Place | None:
        """Where the user is: the files, the pair selected, the filter, the sort, the session open."""
        files, pair, session = self.scoring.files, self.selection.pair, self.adjudication.session
        if files is None:
            return None
        return Place(
            tuple(path.resolve() for path in files.paths),
            (pair.id or str(pair.index)) if pair is not None else None,
            self.selection.filter_text,
            session.path if session is not None else None,
            *self.selection.sort,
        )

    def shutdown(self) -> None:
        """Stop every job and wait for it, remember where the user is (:meth:`place`), and close
        the adjudication session (before the window closes)."""
        self.runner.wait()
        self.settings.save_place(self.place())
        self.adjudication.shutdown()

    def _remember_annotators(self, matrix: MatrixResult | None) -> None:
        if matrix is not None:
            self.scoring.remember_annotators(matrix.annotations)

    def _remember_gold(self, gold: int | None) -> None:
        """Another gold chosen above the matrix: the annotators are remembered with it."""
        self._remember_annotators(self.annotators.result)
