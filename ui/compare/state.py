"""The comparison of two systems or annotators against one gold, and what the user chose of it:
the metric shown, the test (test, trials, seed), the sentence shown, the sentences chosen in a
plot. :class:`~ui.app_state.AppState` owns one (``state.compare``); the Compare panels read it and
report the user's choices back to it.

A comparison comes from three files (:meth:`CompareState.open_files`: read and scored on a worker
thread, "compare" lane) or from two annotators of the annotators' matrix against its gold
(:meth:`CompareState.open_annotators`: tested without scoring again); another test, number of
trials or seed tests the same scores again (:meth:`CompareState.set_choice`). What is shown stays
until the new comparison is in (and for good when it fails or is cancelled). A sentence opens in
the pair views as A (or B) against the gold, read from the comparison's own annotation set
(:meth:`CompareState.open_pair`), as a cell of the annotators' matrix opens.

Signals: ``comparison_changed(Comparison | None)``; ``metric_changed(metric)``;
``sentence_changed(int | None)``; ``chosen_changed(Subset | None)``; ``busy_changed(bool)``;
``progress(done, total)`` (``total`` 0: the tests, after the scoring).
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import Literal, Protocol, cast

from PySide6.QtCore import QObject, Signal

from engine.comparison import Comparison
from engine.output.comparison import verdict
from engine.read.file_names import file_names

from ..annotators.state import AnnotatorsApp
from ..state.files import AnnotatorFiles
from ..state.jobs import Failure
from ..state.selection import Subset
from ..state.services import AppPart
from .tasks import CompareFiles, TestChoice, compare_three, test_again

__all__ = ["COMPARE", "COMPARE_PANEL", "CompareApp", "CompareState", "Side"]

COMPARE = "compare"  # the lane
COMPARE_PANEL, PAIR_PANEL = "compare", "graphs"
DEFAULT_METRIC = "labeled_relation"
Side = Literal["a", "b"]

log = logging.getLogger(__name__)


class CompareState(AppPart):
    comparison_changed = Signal(object)
    metric_changed = Signal(str)
    sentence_changed = Signal(object)
    chosen_changed = Signal(object)
    busy_changed = Signal(bool)
    progress = Signal(int, int)

    def __init__(self, app: QObject):
        super().__init__(app)
        self.comparison: Comparison | None = None
        self.metric = DEFAULT_METRIC
        self.choice = TestChoice()
        self.sentence: int | None = None
        self.chosen: Subset | None = None
        self._asked: object | None = None  # the run whose result is wanted

    @property
    def compare_app(self) -> CompareApp:
        return cast(CompareApp, self.app)  # the app state has the annotators' part too

    @property
    def busy(self) -> bool:
        return self.app.runner.busy(COMPARE)

    # ------------------------------------------------------------ opening
    def open_files(self, a: str | Path, b: str | Path, gold: str | Path) -> bool:
        """Read A, B and the gold and compare them on every metric of the input, under the app's
        parameters and the test chosen."""
        files = CompareFiles.of(a, b, gold, self.app.scoring.params)
        names = ", ".join(file_names((files.a, files.b, files.gold)))
        log.info("comparing %s (A) and %s (B) against %s (gold)", files.a, files.b, files.gold)
        return self._run(partial(compare_three, files, self.choice), f"Comparing {names}...")

    def open_annotators(self, a: int, b: int) -> bool:
        """Compare annotators ``a`` and ``b`` of the annotators' matrix against its gold, on every
        metric the matrix has, without scoring again."""
        matrix = self.compare_app.annotators.result
        if matrix is None or matrix.gold is None:
            self.app.messages.show("Choose a gold annotator first: A and B are compared against it.")
            return False
        if len({a, b, matrix.gold}) < 3:
            self.app.messages.show("Choose two annotators other than the gold.")
            return False
        work = partial(test_again, matrix, a, b, matrix.gold, matrix.metrics, self.choice)
        return self._run(work, f"Testing {matrix.names[a]} against {matrix.names[b]}...")

    def set_choice(self, choice: TestChoice) -> bool:
        """Test the comparison shown again with another test, number of trials or seed (nothing is
        scored again); the choice holds for the next comparisons too."""
        if choice == self.choice:
            return False
        self.choice = choice
        comparison = self.comparison
        if comparison is None:
            return False
        work = partial(
            test_again,
            comparison.matrix,
            comparison.a,
            comparison.b,
            comparison.gold,
            tuple(comparison.metrics),
            choice,
        )
        return self._run(work, f"Testing again: {choice.test}, {choice.trials} trials, seed {choice.seed}...")

    def _run(self, work, text: str) -> bool:
        token = object()
        started = self.app.runner.start(
            COMPARE, work, partial(self._done, token), partial(self._failed, token), self.progress.emit
        )
        if not started:
            self.app.messages.show("Still comparing: cancel before starting again.")
            return False
        self._asked = token
        self.app.messages.show(text)
        self.busy_changed.emit(True)
        self.app.selection.request_panel(COMPARE_PANEL)
        return True

    def cancel(self) -> None:
        if self.busy:
            self.app.runner.cancel(COMPARE)
            self._asked = None
            self.app.messages.show("Cancelling the comparison...")

    def _done(self, token: object, comparison: Comparison | None) -> None:
        """A run is over: its comparison shown (before ``busy_changed``, so that the view stays
        available throughout), unless it was cancelled or another was asked for since."""
        wanted = token is self._asked and comparison is not None
        if wanted and comparison is not None:
            self._asked = None
            self.show(comparison)
        self.busy_changed.emit(False)
        if not wanted:
            kept = "the comparison shown before stays" if self.comparison is not None else "nothing is compared"
            self.app.messages.show(f"Comparison cancelled; {kept}.")

    def _failed(self, token: object, failure: Failure) -> None:
        self.busy_changed.emit(False)
        if token is not self._asked:
            return
        self._asked = None
        self.app.messages.show_problem(f"Could not compare: {failure}.", failure.details)
        self.app.messages.show("Could not compare the files.")

    def show(self, comparison: Comparison) -> None:
        """Show a finished comparison: the metric shown kept if it has it; the sentence shown and
        those chosen kept when the same scores were tested again, else none."""
        same_scores = self.comparison is not None and _same_scores(self.comparison, comparison)
        self.comparison = comparison
        if self.metric not in comparison.metrics:
            self.metric = DEFAULT_METRIC if DEFAULT_METRIC in comparison.metrics else next(iter(comparison.metrics))
        self.choice = TestChoice(comparison.setup.test, comparison.setup.trials, comparison.setup.seed)
        if not same_scores:
            self.sentence, self.chosen = None, None
        self.comparison_changed.emit(comparison)
        self.chosen_changed.emit(self.chosen)
        self.sentence_changed.emit(self.sentence)
        self._say_verdict()
        for problem in comparison.problems:  # the Compare panel says how many, and why on hover
            log.warning("left out of the comparison: %s", problem.error)

    def _say_verdict(self) -> None:
        """The verdict on the metric shown, on the status line."""
        assert self.comparison is not None
        a, b, _ = self.comparison.setup.names
        self.app.messages.show(verdict(self.comparison.metrics[self.metric], a, b) + ".")

    def close(self) -> None:
        """Forget the comparison (its perspective goes)."""
        self.cancel()
        if self.comparison is not None:
            self.comparison, self.sentence, self.chosen = None, None, None
            self.comparison_changed.emit(None)

    # ------------------------------------------------------------- choices
    def set_metric(self, metric: str) -> None:
        if self.comparison is not None and metric not in self.comparison.metrics:
            raise ValueError(f"{metric!r} was not compared: {', '.join(self.comparison.metrics)}")
        if metric != self.metric:
            self.metric = metric
            self.metric_changed.emit(metric)
            if self.comparison is not None:
                self._say_verdict()

    def choose_sentence(self, sentence: int | None) -> None:
        """Show a sentence as A, B and the gold annotated it (None: none)."""
        if sentence != self.sentence:
            self.sentence = sentence
            self.sentence_changed.emit(sentence)

    def choose(self, chosen: Subset | None) -> None:
        """Sentences chosen in a plot: marked in both plots, kept in the sentence table."""
        if chosen != self.chosen:
            self.chosen = chosen
            self.chosen_changed.emit(chosen)

    def open_pair(self, side: Side, sentence: int | None = None) -> bool:
        """Show A (or B) against the gold in the pair views, on ``sentence`` (default: the one
        shown); the files are read from the comparison's annotation set, not again."""
        comparison = self.comparison
        sentence = self.sentence if sentence is None else sentence
        if comparison is None:
            return False
        annotations = comparison.matrix.annotations
        test = comparison.a if side == "a" else comparison.b
        files = AnnotatorFiles.of(annotations.paths, test, comparison.gold)
        label = annotations.sentence_labels()[sentence] if sentence is not None else None
        scoring = self.app.scoring
        if scoring.files == files and scoring.corpus is not None and not scoring.busy:  # shown already
            if label is not None:
                self.app.selection.select_pair_id(label)
        elif not scoring.open_files(files, label, annotations=annotations):
            return False
        self.app.selection.request_panel(PAIR_PANEL)
        return True


def _same_scores(shown: Comparison, new: Comparison) -> bool:
    """Whether ``new`` tests the scores ``shown`` tests (the same matrix, A, B and gold)."""
    return new.matrix is shown.matrix and (new.a, new.b, new.gold) == (shown.a, shown.b, shown.gold)


class CompareApp(AnnotatorsApp, Protocol):
    """The application state as the Compare panels see it."""

    @property
    def compare(self) -> CompareState: ...
