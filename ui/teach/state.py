"""The lesson shown in the Teaching perspective: the selected pair aligned step by step
(:func:`engine.teach.trace_pair`, :func:`engine.teach.build_lesson`) under the lesson's own
parameters, the step shown, whether it is revealed yet (predict mode), the cell explained,
the student's last verdict, the teacher's notes, and playing at a chosen speed.

The lesson follows the selected pair, and is built only while the Teaching perspective is in
front (or when a command needs it). Its parameters start as the scoring's and move with the
sliders without re-scoring the corpus; a pair of up to :data:`AT_ONCE` nodes a side is
re-aligned on the GUI thread (a few milliseconds at 30 nodes: ``bench/bench_teaching.py``),
a larger one on a worker thread (the last request wins). Teaching follows the paper's
equations: under the ancast-0.1.1 profile there is no lesson, and :meth:`TeachingState.use_paper_profile`
switches the lesson (only) to the paper profile.

Signals: ``lesson_changed()`` (a new lesson, or none: ``problem`` says why), ``step_changed()``
(another step, or the same one revealed), ``cell_changed()`` (another cell explained, or a
verdict), ``playing_changed(bool)``, ``params_changed(Params)``, and ``changed()`` after any of
them (what the actions' enabled state depends on).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QTimer, Signal

from engine.params import PAPER, Params
from engine.scoring import PairResult
from engine.teach import CellExplanation, Lesson, build_lesson, explain_step, trace_pair

from ..state.services import AppPart
from .guide import Notes, NotesError, applies, read_notes
from .model import StepKey, corresponding_step, step_keys
from .prediction import TRIES, Verdict, judge

__all__ = ["AT_ONCE", "SPEEDS", "TEACH", "TeachingState"]

TEACH = "teach"  # the job lane re-aligning large pairs
EXPLANATION = "explanation"  # the panel that explains the cell clicked
AT_ONCE = 60  # nodes a side up to which a pair is re-aligned on the GUI thread
SPEEDS = (0.5, 1.0, 2.0, 4.0)  # steps per second to play at
PROFILE_PROBLEM = (
    "Teaching follows the paper's equations (the paper profile); these scores use the ancast-0.1.1 "
    "profile, whose steps differ. Switch the lesson to the paper profile to teach this pair."
)

OTHER_PARAMETERS = (
    "(This note is written for the paper's parameters, γ 0.1, α 0.2, β 0.01, both anchor sources: its numbers "
    "are theirs, not the sliders'.)"
)

Cell = tuple[int, int]


def _lesson_of(pair: PairResult, params: Params) -> Lesson:
    """The pair's lesson (on any thread). ValueError when the pair cannot be taught."""
    if pair.test is None or pair.gold is None:
        raise ValueError("This pair cannot be taught: " + (pair.error or "a graph is missing."))
    return build_lesson(trace_pair(pair.test, pair.gold, params))


class TeachingState(AppPart):
    lesson_changed = Signal()
    step_changed = Signal()
    cell_changed = Signal()
    playing_changed = Signal(bool)
    params_changed = Signal(object)
    changed = Signal()

    def __init__(self, app: QObject):
        super().__init__(app)
        self.own_params: Params | None = None  # None: the scoring's
        self.pair: PairResult | None = None  # the pair the lesson is of
        self.lesson: Lesson | None = None
        self.keys: list[StepKey] = []
        self.problem = ""  # why there is no lesson
        self.index = 0
        self.revealed = True
        self.predicting = False
        self.cell: Cell | None = None
        self.explanation: CellExplanation | None = None
        self.verdict: Verdict | None = None
        self.tries = 0  # answers given to the question shown
        self.notes = Notes()
        self.shown = False  # the Teaching perspective is in front
        self.presenting = False  # in presentation mode (ui.teach.presentation)
        self.speed = SPEEDS[1]
        self._stale = True  # the lesson is not of the selected pair and parameters
        self._notes_of: object = None  # the files the notes were read for
        self._asked = 0  # counts the lessons asked for: a late one from a worker is dropped
        self._waiting = False  # a worker is aligning the pair
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.app.selection.pair_selected.connect(self._pair_selected)
        self.app.scoring.params_changed.connect(lambda *_: self._params_moved())

    # ------------------------------------------------------------- the lesson
    @property
    def params(self) -> Params:
        """The lesson's parameters: its own once a slider moved, else the scoring's."""
        return self.own_params if self.own_params is not None else self.app.scoring.params

    @property
    def step(self):
        return self.lesson.steps[self.index] if self.lesson is not None else None

    @property
    def asking(self) -> bool:
        """The step shown waits for the student's prediction."""
        return self.lesson is not None and not self.revealed

    @property
    def notes_apply(self) -> bool:
        """The teacher's notes tell this lesson's story (they are written for the paper's parameters)."""
        return applies(self.params)

    def note(self, index: int | None = None) -> str:
        """The teacher's note of step ``index`` (default: the step shown), "" when none; under other
        parameters than the notes' it says first that its numbers are the paper's (a note may ask
        for a slider to move: it stays while the class watches)."""
        if self.lesson is None or self.pair is None:
            return ""
        key = self.keys[self.index if index is None else index]
        iterations = len(self.lesson.trace.round(key.round).iterates) if key.round else None
        note = self.notes.note(self.pair.id or str(self.pair.number), key, iterations)
        return note if not note or self.notes_apply else f"{OTHER_PARAMETERS}\n\n{note}"

    def set_shown(self, shown: bool) -> None:
        """The Teaching perspective came to the front (its lesson is built now) or left it."""
        self.shown = shown
        if not shown:
            self.pause()
        if shown and self._stale:
            self.rebuild()
        self.changed.emit()

    def set_presenting(self, on: bool) -> None:
        self.presenting = on
        self.changed.emit()

    def _pair_selected(self, *_) -> None:
        self._stale = True
        if self.shown:
            self.rebuild(keep=False)

    def _params_moved(self) -> None:
        self._stale = True
        if self.shown:
            self.rebuild()

    def ensure(self) -> Lesson | None:
        """The lesson of the selected pair, built here and now if it is not (for commands)."""
        if self._stale or self._waiting:
            self.rebuild(at_once=True)
        return self.lesson

    def rebuild(self, keep: bool = True, at_once: bool = False) -> None:
        """The selected pair's lesson under the lesson's parameters; ``keep``: the step shown
        stays where it makes sense (the same step, or the nearest of its kind)."""
        self._stale = False
        pair = self.app.selection.pair
        key = self.keys[self.index] if keep and self.lesson is not None and pair is self.pair else None
        self._read_notes()
        self._asked += 1
        self._waiting = False
        if pair is None:
            self._show(None, None, self.app.selection.empty_text(), None)
            return
        params = self.params
        if params.profile != PAPER:
            self._show(pair, None, PROFILE_PROBLEM, None)
            return
        nodes = max((len(graph.nodes) for graph in (pair.test, pair.gold) if graph is not None), default=0)
        if at_once or nodes <= AT_ONCE:
            try:
                lesson = _lesson_of(pair, params)
            except ValueError as error:
                self._show(pair, None, str(error), None)
            else:
                self._show(pair, lesson, "", key)
            return
        asked, self._waiting = self._asked, True
        self.app.runner.queue(
            TEACH,
            lambda progress, cancelled: _lesson_of(pair, params),
            lambda lesson: self._arrived(asked, pair, lesson, key),
            lambda failure: self._arrived(asked, pair, None, key, str(failure)),
        )

    def _arrived(self, asked: int, pair: PairResult, lesson: Lesson | None, key: StepKey | None, why="") -> None:
        if asked == self._asked:
            self._waiting = False
            self._show(pair, lesson, why, key)

    def _read_notes(self) -> None:
        files = self.app.scoring.files
        if files is self._notes_of:
            return
        self._notes_of = files
        self.notes = Notes()
        if files is not None:
            try:
                self.notes = read_notes(files.test_path)
            except NotesError as error:
                self.app.messages.show_problem(f"The teacher's notes are left out: {error}")

    def _show(self, pair: PairResult | None, lesson: Lesson | None, problem: str, key: StepKey | None) -> None:
        if pair is not self.pair:
            self.cell = None
        self.pair, self.lesson, self.problem = pair, lesson, problem
        self.keys = step_keys(lesson) if lesson is not None else []
        self.index = corresponding_step(key, self.keys) if key is not None and lesson is not None else 0
        self.revealed = True
        self.verdict, self.tries = None, 0  # an answer to the lesson there was
        if lesson is None:
            self.pause()
        if self.cell is not None and (lesson is None or not self._inside(self.cell)):
            self.cell = None
        self._explain()
        self.lesson_changed.emit()
        self.step_changed.emit()
        self.cell_changed.emit()
        self.changed.emit()

    def _inside(self, cell: Cell) -> bool:
        assert self.lesson is not None
        rows, columns = self.lesson.trace.similarity.shape
        return 0 <= cell[0] < rows and 0 <= cell[1] < columns

    def teach(self) -> None:
        """Teach the selected pair from its first step (Teach This Pair)."""
        self.rebuild(keep=False, at_once=True)
        self.cell = None
        self.go_to(0)

    # ---------------------------------------------------------- parameters
    def set_params(self, params: Params) -> None:
        """The lesson's own parameters (the sliders): the pair re-aligned, the step kept."""
        if params == self.params:
            return
        self.own_params = params
        self.params_changed.emit(params)
        self.rebuild()

    def reset_params(self) -> None:
        """Back to the scoring's parameters."""
        if self.own_params is not None:
            self.own_params = None
            self.params_changed.emit(self.params)
            self.rebuild()

    def use_paper_profile(self) -> None:
        """Teach under the paper profile (the scores keep theirs): γ and α kept, the rest the paper's."""
        params = self.params
        self.set_params(Params.for_profile(PAPER, gamma=params.gamma, alpha=params.alpha))

    # ---------------------------------------------------------------- steps
    def go_to(self, index: int) -> None:
        """Show step ``index`` (clamped); a step that asks for a prediction is not revealed
        yet in predict mode."""
        if self.lesson is None:
            return
        index = min(max(index, 0), len(self.lesson.steps) - 1)
        self.index = index
        self.revealed = not (self.predicting and self.lesson.steps[index].prediction is not None)
        self.verdict, self.tries = None, 0
        if not self.revealed:  # a question: no cell explained (its highlight would be a hint)
            self.cell = None
        self._explain()
        self.step_changed.emit()
        self.cell_changed.emit()
        self.changed.emit()

    def forward(self) -> None:
        """Reveal the step shown if it waits for a prediction, else the next step."""
        if self.lesson is None:
            return
        if not self.revealed:
            self.reveal()
        elif self.index + 1 < len(self.lesson.steps):
            self.go_to(self.index + 1)
        else:
            self.pause()

    def back(self) -> None:
        if self.lesson is not None and self.index > 0:
            self.go_to(self.index - 1)
            self.reveal()

    def home(self) -> None:
        self.go_to(0)

    def end(self) -> None:
        if self.lesson is not None:
            self.go_to(len(self.lesson.steps) - 1)
            self.reveal()

    def reveal(self) -> None:
        if not self.revealed:
            self.revealed = True
            if self.verdict is not None and not self.verdict.final:  # its "try again" is over
                self.verdict = None
                self.cell_changed.emit()
            self.step_changed.emit()
            self.changed.emit()

    def set_predicting(self, on: bool) -> None:
        """Predict mode: a step that reveals anchors or a pick asks the student first."""
        self.predicting = on
        if not on:
            self.reveal()
        self.changed.emit()

    # ----------------------------------------------------------------- cells
    def click(self, i: int, j: int) -> None:
        """A cell clicked: the student's answer when the step asks for one (revealed when right or
        at the last of :data:`~ui.teach.prediction.TRIES`), and in any case the cell explained; the
        cell explained clicked again is cleared (presentation has no Clear button)."""
        if self.lesson is None or not self._inside((i, j)):
            return
        if self.revealed and self.cell == (i, j):  # the cell explained clicked again: explained no more
            self.clear_cell()
            return
        self.cell = (i, j)
        self.verdict = None
        if not self.revealed:
            self.tries += 1
            self.verdict = judge(self.lesson, self.index, (i, j), last=self.tries >= TRIES)
        self._explain()
        self.cell_changed.emit()
        if not self.presenting:  # (presentation explains in the lesson's text)
            self.app.selection.panel_requested.emit(EXPLANATION)  # its tab in front
        if self.verdict is not None and self.verdict.final:
            self.reveal()

    def clear_cell(self) -> None:
        self.cell, self.explanation, self.verdict = None, None, None
        self.cell_changed.emit()

    def _explain(self) -> None:
        lesson, cell = self.lesson, self.cell
        self.explanation = (
            explain_step(lesson.trace, lesson.steps[self.index], *cell) if lesson is not None and cell else None
        )

    # ------------------------------------------------------------------ play
    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def set_speed(self, steps_per_second: float) -> None:
        self.speed = steps_per_second
        self.timer.setInterval(round(1000 / steps_per_second))

    def play(self) -> None:
        """Step forward at the chosen speed; stops at the last step and at each question."""
        if self.lesson is None or self.playing:
            return
        if self.index + 1 >= len(self.lesson.steps):
            self.home()
        self.timer.start(round(1000 / self.speed))
        self.playing_changed.emit(True)
        self.changed.emit()

    def pause(self) -> None:
        if self.playing:
            self.timer.stop()
            self.playing_changed.emit(False)
            self.changed.emit()

    def toggle_play(self) -> None:
        self.pause() if self.playing else self.play()

    def _tick(self) -> None:
        if self.lesson is None or self.asking:
            self.pause()
            return
        self.forward()
        if self.asking or self.index + 1 >= len(self.lesson.steps):
            self.pause()

    def lesson_pair(self) -> PairResult | None:
        """The pair as the lesson aligned it (its parameters' alignment and scores), for the graphs."""
        if self.pair is None or self.lesson is None:
            return self.pair
        trace = self.lesson.trace
        return replace(self.pair, alignment=trace.alignment, tallies=trace.tallies)
