"""The adjudication part of the application state: the open session, the sentence of the
selected pair, the annotator compared with the adjudicated graph, and the history of changes.

Every change is written to the session file at once (each one a committed transaction:
there is nothing to save) and pushed on one ``QUndoStack`` (:mod:`ui.adjudication.undo`);
undo and redo write again, show the sentence they changed and say "Undone: ..." / "Redone:
...". Reopening a session rebuilds the stack from its log (decisions, statuses, notes, start
annotations, in order), and :meth:`AdjudicationState.log_entries` gives the whole log in words
(who, when, what) for the History. The session is used from the
GUI thread only (it owns one SQLite connection); making a session and exporting run on a
worker (:mod:`ui.adjudication.tasks`, lane ``adjudication``) with connections of their own.

While a session is open the corpus table and the pair views score the compared annotator
against the session's gold (without one, against the annotation most sentences start from):
:meth:`AdjudicationState.scoring_roles`. The files are scored so when the session opens and
when the adjudicator chooses another annotator to compare; :meth:`AdjudicationState.scored_names`
says which pair the table scores, for the panel to name it.

Signals: ``session_changed(Session | None)``; ``sentence_changed(index)`` - a sentence's
status, notes, decider or adjudicated graph changed; ``current_changed()`` - another sentence
or compared annotator is shown; ``row_selected(MismatchRow | None)`` and ``node_selected(side,
var)`` in the adjudication views (side "test" is the compared annotator, "gold" the adjudicated
graph); ``changed()`` - anything the menus depend on (session, history).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine.adjudication import Adjudicated, AdjudicationError, Agreement, Decision, Session
from engine.adjudication.schema import ReviewStatus
from engine.adjudication.store import SentenceRecord, utc_now
from engine.adjudication.verdicts import decision_text
from engine.scoring import PairResult

from ..state.files import AnnotatorFiles
from ..state.scoring import SCORE
from ..state.services import AppPart, AppServices
from .rows import (
    ChangeLog,
    LogEntry,
    MismatchRow,
    comparison_result,
    keep_order,
    mismatch_rows,
    same_files,
    sentence_map,
)
from .tasks import EXPORTS, Exported, ExportKind, ExportRequest, NewSession, create_session, export_session
from .undo import DecisionCommand, FieldCommand, WrittenCommand

__all__ = ["LANE", "AdjudicationApp", "AdjudicationState", "SentenceView"]

log = logging.getLogger(__name__)

LANE = "adjudication"
HEARTBEAT_MS = 60_000
NOTES_DELAY_MS = 700  # notes are written this long after the last keystroke (or on leaving them)
FIELDS = ("status", "notes", "start")  # a sentence's values an undoable change sets


def _field_text(field: str, before: str, after: str) -> str:
    """A change of a sentence's status, notes or start annotation, as the undo history names it."""
    return {"status": f"status {before} -> {after}", "notes": "notes edited", "start": f"start from {after}"}[field]


@dataclass(frozen=True)
class SentenceView:
    """Everything shown of the current sentence; ``problem`` says why a part is missing."""

    index: int
    record: SentenceRecord
    adjudicated: Adjudicated | None
    agreements: dict[str, Agreement]
    compared: str | None
    rows: list[MismatchRow]
    comparison: PairResult | None
    problem: str = ""


class AdjudicationState(AppPart):
    session_changed = Signal(object)
    sentence_changed = Signal(int)
    current_changed = Signal()
    row_selected = Signal(object)
    node_selected = Signal(str, str)
    changed = Signal()

    def __init__(self, app: QObject):
        super().__init__(app)
        self.session: Session | None = None
        self.stack = QUndoStack(self)
        self.clock: Callable[[], str] = utc_now  # the session's clock (tests set their own)
        self.current: int | None = None  # the session sentence of the selected pair
        self.compared: str | None = None  # the annotator shown against the adjudicated graph
        self.show_matched = False
        self.row: MismatchRow | None = None  # the selected triple of the compared annotator
        self._sentence_of: dict[int, int] = {}  # pair index -> session sentence
        self._pairs: dict[int, PairResult] = {}  # session sentence -> pair
        self._view: SentenceView | None = None
        self._order: tuple[tuple, list[tuple]] = ((), [])  # the rows shown last: (sentence, annotator, all), keys
        self._awaiting_files = False  # the session's files are being read
        self._roles_owed = False  # the roles to score changed while a pair of files was being read
        self._notes: tuple[int, str] | None = None  # notes typed and not yet written
        self._log = ChangeLog()  # the session's log in words, read on as it grows
        self._heartbeat = QTimer(self)
        self._heartbeat.setInterval(HEARTBEAT_MS)
        self._heartbeat.timeout.connect(self._beat)
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(NOTES_DELAY_MS)
        self._notes_timer.timeout.connect(self.flush_notes)
        for signal in (self.stack.indexChanged, self.stack.cleanChanged):
            signal.connect(lambda *_: self.changed.emit())
        self.app.scoring.corpus_changed.connect(self._corpus_changed)
        self.app.selection.pair_selected.connect(self._pair_selected)
        self.app.scoring.load_failed.connect(self._load_failed)

    # ------------------------------------------------------------- the session
    @property
    def busy(self) -> bool:
        return self.app.runner.busy(LANE)

    def create(self, request: NewSession) -> bool:
        """Make a session on a worker, then open it for ``request.author`` (False: busy)."""
        started = self.app.runner.start(
            LANE,
            partial(create_session, request),
            lambda path: self.open(path, request.author),
            lambda text: self.app.messages.show_problem(
                f"Could not make the adjudication session: {text}", text.details
            ),
        )
        if started:
            self.app.messages.show(f"Making the adjudication session {request.path.name}...")
        return started

    def open(self, path: str | Path, author: str, resume: bool = False) -> str | None:
        """Open a session file for writing as ``author`` and show it - at the sentence of its
        last change when ``resume`` -; its files are read when other files are loaded. A
        refusal (another writer, not a session file) is shown as a problem and returned (None:
        opened)."""
        try:
            session = Session.open(path, author, clock=self.clock)
        except AdjudicationError as error:
            self.app.messages.show_problem(f"Could not open the adjudication session: {error}")
            return str(error)
        self.show(session, resume)
        return None

    def show(self, session: Session, resume: bool = False) -> None:
        """Show a session opened for writing (the one shown before is closed), at the sentence
        of its last change when ``resume``."""
        self.close()
        log.info("adjudication session %s opened by %s", session.path, session.author)
        self.session = session
        self._log = ChangeLog()
        self._rebuild_history()
        last = _last_changed(session) if resume else None
        loaded = self.app.scoring.files is not None and same_files(self._stored_paths(), self.app.scoring.files.paths)
        if not loaded:
            paths = [Path(file.path) for file in session.corpus.files]
            missing = [str(path) for path in paths if not path.is_file()]
            if missing or len(paths) < 2:
                why = f"{', '.join(missing)} is no longer there" if missing else "the app compares two files or more"
                self.close(
                    f"The session {session.path.name} was closed: {why} (python -m engine session "
                    "EXPORT still writes its adjudicated file from the session's own copy)."
                )
                return
            self._awaiting_files = True
            wanted = (session.sentence(last).id or str(last)) if last is not None else None
            if not self.app.scoring.open_files(self._files_to_score(paths), wanted, chosen=AnnotatorFiles.of(paths)):
                self.close(
                    f"The session {session.path.name} was closed: its files cannot be read while "
                    "other files are being scored."
                )
                return
        self._map()
        pair = self.pair_of(last) if last is not None else None
        if pair is not None:
            self.app.selection.show_pair(pair)  # before the files are scored in the session's roles, which keeps it
        self._heartbeat.start()
        self.session_changed.emit(session)
        self._pair_selected(self.app.selection.pair)
        self.changed.emit()
        self.app.selection.refresh_filter()
        if loaded:
            self._score_compared()
        changes = session.changed_files
        if changes:
            self.app.messages.show_problem("\n".join(str(change) for change in changes))
        text = f"Adjudicating in {session.path.name} as {session.author}"
        if last is not None:
            record = session.sentence(last)
            text += f", back at {record.id or f'sentence {last + 1}'} where the last change was made"
        if self.app.scoring.busy:  # the files are scored in the session's roles: said with their report
            self.app.scoring.note_next_report(text)
        else:
            self.app.messages.show(f"{text}: every change is saved as you make it.")

    def close(self, why: str = "") -> None:
        """Close the session (everything is written already); ``why`` is shown as a problem."""
        if self.session is None:
            return
        self.flush_notes()
        self._heartbeat.stop()
        session, self.session = self.session, None
        session.close()
        log.info("adjudication session %s closed", session.path)
        self.stack.clear()
        self._log = ChangeLog()
        self._sentence_of, self._pairs, self._view, self._order = {}, {}, None, ((), [])
        self.current, self.compared, self._awaiting_files, self._roles_owed = None, None, False, False
        self.session_changed.emit(None)
        self.current_changed.emit()
        self.changed.emit()
        self.app.selection.refresh_filter()
        if why:
            self.app.messages.show_problem(why)
        else:
            self.app.messages.show(f"Closed the adjudication session {session.path.name}; everything is saved in it.")

    def _stored_paths(self) -> list[str]:
        assert self.session is not None
        return [file.path for file in self.session.corpus.files]

    def _rebuild_history(self) -> None:
        """The session's changes as undoable commands in the order of its log - its decisions
        and the statuses, notes and start annotations set - then its undone decisions, undone
        (so that Ctrl+Z after reopening undoes the last change made, and Ctrl+Shift+Z redoes
        what was undone). A status or notes change undone before was logged as a change back:
        it comes back as one."""
        session = self.session
        assert session is not None
        kept = {record.id: record for record in session.decisions(states=("active", "undone"))}
        done: list[WrittenCommand] = []
        undone: list[WrittenCommand] = []
        for event in session.events():
            if event.sentence is None:
                continue
            if event.action == "decide" and event.decision in kept:
                record = kept[event.decision]
                command = DecisionCommand(
                    self, record.sentence, record.id, self._label(record.sentence, decision_text(record.decision))
                )
                (undone if record.state == "undone" else done).append(command)
            elif event.action in FIELDS:
                before, after = event.detail.get("from") or "", event.detail.get("to") or ""
                done.append(
                    FieldCommand(
                        self,
                        event.sentence,
                        event.action,
                        before,
                        after,
                        self._label(event.sentence, _field_text(event.action, before, after)),
                    )
                )
        for written in done + undone:
            self.stack.push(written)  # consecutive notes of a sentence merge, as when typed
        for written in reversed(undone):
            written.skip_next()
            self.stack.undo()

    # ------------------------------------------------ what the corpus table scores
    def scoring_roles(self) -> tuple[str, str] | None:
        """The annotators the corpus table and the pair views should score while the session is
        open, as (test, gold): the compared annotator (else the first other one) against the
        session's gold, else against the annotation most sentences start from - the adjudicated
        graph's first state, which the disagreements compare the annotator with."""
        session = self.session
        if session is None:
            return None
        names = session.annotators
        starts = Counter(record.start for record in session.sentences() if record.start)
        reference = session.gold or (starts.most_common(1)[0][0] if starts else names[0])
        others = [name for name in names if name != reference]
        if not others:
            return None
        return (self.compared if self.compared in others else others[0]), reference

    def _files_to_score(self, paths: list[Path]) -> AnnotatorFiles:
        """The session's files (in its order) with the scoring roles as test and gold."""
        roles = self.scoring_roles()
        assert self.session is not None
        names = self.session.annotators
        return AnnotatorFiles.of(paths, *(names.index(name) for name in roles)) if roles else AnnotatorFiles.of(paths)

    def scored_names(self) -> tuple[str, str] | None:
        """The session's names of the annotators the corpus table scores now, as (test, gold)
        (None: no session, or other files are loaded)."""
        files, session = self.app.scoring.files, self.session
        if session is None or files is None or not same_files(self._stored_paths(), files.paths):
            return None
        by_path = {file.path: file.annotator for file in session.corpus.files}
        names = tuple(by_path.get(str(Path(path).resolve())) for path in (files.test_path, files.gold_path))
        return (names[0], names[1]) if names[0] and names[1] else None

    def _score_compared(self) -> None:
        """Have the corpus table and the pair views score :meth:`scoring_roles` (in the background)
        unless they do already; the sentence shown stays. While other scores are being read, once
        they are in (:meth:`_corpus_changed`)."""
        roles, files = self.scoring_roles(), self.app.scoring.files
        self._roles_owed = self.app.runner.busy(SCORE)  # a pair of files is being read
        if roles is None or files is None or self.scored_names() in (None, roles) or self._roles_owed:
            return
        by_path = {str(Path(path).resolve()): k for k, path in enumerate(files.paths)}
        assert self.session is not None
        paths = {file.annotator: file.path for file in self.session.corpus.files}
        self.app.open_roles(by_path[paths[roles[0]]], by_path[paths[roles[1]]])

    def _beat(self) -> None:
        if self.session is None:
            return
        try:
            self.session.heartbeat()
        except AdjudicationError as error:
            self.close(f"The adjudication session was closed: {error}")

    # ------------------------------------------------- pairs and sentences
    def _map(self) -> None:
        """Which session sentence each loaded pair is (nothing while other files are loaded)."""
        self._sentence_of, self._pairs, self._view = {}, {}, None
        corpus, session = self.app.scoring.corpus, self.session
        if corpus is None or session is None or self.app.scoring.files is None:
            return
        if not same_files(self._stored_paths(), self.app.scoring.files.paths):
            return
        pairs = [(result.index, result.id) for result in corpus.pairs]
        self._sentence_of = sentence_map(pairs, [(record.index, record.id) for record in session.sentences()])
        by_index = {result.index: result for result in corpus.pairs}
        self._pairs = {sentence: by_index[pair] for pair, sentence in self._sentence_of.items()}

    def _corpus_changed(self, corpus) -> None:
        if self.session is None:
            return
        if self.app.scoring.files is not None and same_files(self._stored_paths(), self.app.scoring.files.paths):
            self._awaiting_files = False
            self._map()
            if self._roles_owed:
                self._score_compared()
        elif not self._awaiting_files:
            why = (
                f"Closed the adjudication session {self.session.path.name}: other files were opened "
                "(everything decided is saved in it; Adjudication > Open Session File reopens it)"
            )
            self.app.scoring.note_next_report(why)  # the status line's report of the new files begins with it
            self.close(why + ".")

    def _load_failed(self, text: str) -> None:
        if self.session is not None and self._awaiting_files:
            self.close(f"The adjudication session was closed: its files could not be read ({text}).")

    def sentence_of(self, result: PairResult | None) -> int | None:
        """The session sentence of a loaded pair (None: no session, or not in it)."""
        if result is None or self.session is None:
            return None
        index = self._sentence_of.get(result.index)
        return index if index is not None and self._pairs.get(index) is result else None

    def pair_of(self, index: int) -> PairResult | None:
        """The loaded pair of session sentence ``index`` (None: not loaded)."""
        return self._pairs.get(index)

    def review_of(self, result: PairResult) -> SentenceRecord | None:
        """A pair's status, notes and decider in the session (None when not in one)."""
        index = self.sentence_of(result)
        return self.session.sentence(index) if index is not None and self.session is not None else None

    def _pair_selected(self, result) -> None:
        self.flush_notes()
        index = self.sentence_of(result)
        if index != self.current or self._view is None:
            self.current, self._view = index, None
            self.compared = self._default_compared(index)
            self.current_changed.emit()
            self.changed.emit()

    def _default_compared(self, index: int | None) -> str | None:
        """Keep the annotator compared before when it is not the start annotation and its
        annotation is readable; else the first such annotator (the start's when it is the only one)."""
        if index is None or self.session is None:
            return None
        session = self.session
        start = session.sentence(index).start
        readable = [name for name in session.annotators if session.annotation(index, name) is not None]
        others = [name for name in readable if name != start]
        if self.compared in others:
            return self.compared
        return others[0] if others else (readable[0] if readable else None)

    def set_compared(self, annotator: str) -> None:
        """Compare ``annotator`` with the adjudicated graph; the corpus table scores it too."""
        if annotator != self.compared:
            self.compared, self._view = annotator, None
            self.current_changed.emit()
            self._score_compared()

    def set_show_matched(self, on: bool) -> None:
        if on != self.show_matched:
            self.show_matched, self._view = on, None
            self.current_changed.emit()

    def nothing_text(self) -> str:
        """Why no sentence of the session is shown, and what to do about it."""
        if self.session is None:
            return "No adjudication session (Adjudication > Adjudicate Loaded Files)."
        selection = self.app.selection
        if selection.pair is None:
            text = selection.empty_text()
            return "Select a sentence in the corpus table." if text.startswith("Select a pair") else text
        return "This pair is not in the adjudication session."

    def view(self) -> SentenceView | None:
        """The current sentence: its record, adjudicated graph, agreement with every annotator
        and the compared annotator's triples (None when no session sentence is selected)."""
        if self.session is None or self.current is None:
            return None
        if self._view is None:
            self._view = self._compute_view(self.session, self.current)
        return self._view

    def _compute_view(self, session: Session, index: int) -> SentenceView:
        record = session.sentence(index)
        try:
            adjudicated = session.adjudicated(index)
            agreements = session.agreement(index)
        except AdjudicationError as error:
            return SentenceView(index, record, None, {}, self.compared, [], None, str(error))
        agreement = agreements.get(self.compared) if self.compared else None
        if agreement is None:
            return SentenceView(
                index,
                record,
                adjudicated,
                agreements,
                self.compared,
                [],
                None,
                f"{self.compared}'s annotation of this sentence could not be read" if self.compared else "",
            )
        rows = mismatch_rows(agreement, session.verdicts(index), self.show_matched)
        shown = (index, self.compared, self.show_matched)
        if self._order[0] == shown:  # the same table again, after a change: no row moves
            rows = keep_order(rows, self._order[1])
        self._order = (shown, [row.key for row in rows])
        return SentenceView(
            index, record, adjudicated, agreements, self.compared, rows, comparison_result(index, record.id, agreement)
        )

    def select_row(self, row: MismatchRow | None) -> None:
        if row is not self.row:
            self.row = row
            self.row_selected.emit(row)
            self.changed.emit()

    def select_node(self, side: str, var: str) -> None:
        if var:
            self.node_selected.emit(side, var)

    # -------------------------------------------------------------- changes
    def decide(self, decision: Decision, index: int | None = None) -> str | None:
        """Make and write a decision on the sentence (default: the current one); None when
        done, else why it could not be made (also shown as a problem)."""
        index = self.current if index is None else index
        session = self.session
        if session is None or index is None:
            return "no adjudication sentence is selected"
        try:
            number = session.decide(index, decision)
        except AdjudicationError as error:
            return self._refused(error)
        label = self._label(index, decision_text(session.decisions(index)[-1].decision))
        self.stack.push(DecisionCommand(self, index, number, label))
        self._changed(index)
        self.app.messages.show(f"{label} (saved)")
        return None

    def judge(self, row: MismatchRow, accept: bool) -> str | None:
        """Accept or reject a mismatched triple of the compared annotator."""
        if self.session is None or self.current is None or self.compared is None:
            return "no adjudication sentence is selected"
        if row.match is None:  # decided, and the decision took the triple out of both graphs
            return "this triple is in neither graph any more"
        try:
            decision = self.session.triple_decision(self.current, self.compared, row.match, accept)
        except AdjudicationError as error:
            return self._refused(error)
        return self.decide(decision)

    def set_status(self, status: ReviewStatus) -> str | None:
        return self._set_field("status", status)

    def set_start(self, annotator: str) -> str | None:
        return self._set_field("start", annotator)

    def edit_notes(self, text: str) -> None:
        """Notes typed for the current sentence: written shortly (or when left)."""
        if self.current is None:
            return
        if self._notes is not None and self._notes[0] != self.current:
            self.flush_notes()
        self._notes = (self.current, text)
        self._notes_timer.start()

    def flush_notes(self) -> None:
        """Write the notes typed and not yet written."""
        self._notes_timer.stop()
        pending, self._notes = self._notes, None
        if pending is not None:
            self._set_field("notes", pending[1], pending[0])

    def pending_notes(self, index: int) -> str | None:
        """Notes typed for sentence ``index`` and not written yet."""
        return self._notes[1] if self._notes is not None and self._notes[0] == index else None

    def _set_field(self, field: str, value: str, index: int | None = None) -> str | None:
        index = self.current if index is None else index
        session = self.session
        if session is None or index is None:
            return "no adjudication sentence is selected"
        record = session.sentence(index)
        before = {"status": record.status, "notes": record.notes, "start": record.start}[field]
        try:
            if not {"status": session.set_status, "notes": session.set_notes, "start": session.set_start}[field](
                index, value
            ):
                return None
        except AdjudicationError as error:
            return self._refused(error)
        label = self._label(index, _field_text(field, before or "", value))
        self.stack.push(FieldCommand(self, index, field, before or "", value, label))  # merged notes are deleted
        self._changed(index)
        self.app.messages.show(f"{label} (saved)")
        return None

    def undo(self) -> None:
        self.flush_notes()
        self.stack.undo()

    def redo(self) -> None:
        self.flush_notes()
        self.stack.redo()

    def replay(self, command: WrittenCommand, write: Callable[[Session], object], undo: bool) -> None:
        """An undo (``undo``) or redo: write it, show its sentence and say which it was (see
        :mod:`ui.adjudication.undo`)."""
        if self.session is None:
            return
        try:
            write(self.session)
        except AdjudicationError as error:
            command.setObsolete(True)
            self._refused(error)
            return
        self._changed(command.index)
        pair = self.pair_of(command.index)
        if pair is not None and command.index != self.current:
            self.app.selection.show_pair(pair)
        self.app.messages.show(f"{'Undone' if undo else 'Redone'}: {command.text()} (saved)")

    def log_entries(self) -> list[LogEntry]:
        """Every change logged in the session, oldest first, in words (empty with no session)."""
        return self._log.update(self.session) if self.session is not None else []

    def _label(self, index: int, text: str) -> str:
        assert self.session is not None
        sid = self.session.sentence(index).id
        return f"{sid or f'sentence {index + 1}'}: {text}"

    def _refused(self, error: AdjudicationError) -> str:
        self.app.messages.show_problem(f"Not done: {error}")
        return str(error)

    def _changed(self, index: int) -> None:
        if index == self.current:
            self._view = None
            self.compared = self._default_compared(index)  # not the start annotation, if it changed
        self.sentence_changed.emit(index)
        if index == self.current:
            self.current_changed.emit()
        self.changed.emit()
        self.app.selection.refresh_filter()

    # -------------------------------------------------------------- exports
    def export(self, kind: ExportKind, output: Path) -> bool:
        """Write an export of the session on a worker (from a read-only snapshot, which
        holds every change: notes typed are written first). False: nothing open, or busy (the
        status line says so)."""
        if self.session is None:
            return False
        self.flush_notes()
        request = ExportRequest(self.session.path, kind, output)
        started = self.app.runner.start(
            LANE,
            partial(export_session, request),
            self._exported,
            lambda text: self.app.messages.show_problem(f"Export failed: {text}", text.details),
        )
        if started:
            self.app.messages.show(f"Writing the {EXPORTS[kind]} {output.name}...")
        else:  # another export (or the session being made) is under way
            self.app.messages.show(f"Still exporting: export the {EXPORTS[kind]} again in a moment.")
        return started

    def _exported(self, done: Exported) -> None:
        text = f"Saved {done.output} ({done.sentences} sentence(s))."
        if done.skipped:
            self.app.messages.show_problem(
                f"{len(done.skipped)} sentence(s) not written:\n" + "\n".join(done.skipped[:3])
            )
        self.app.messages.show(text)

    def shutdown(self) -> None:
        """Write pending notes and release the session (before the window closes)."""
        self.close()


def _last_changed(session: Session) -> int | None:
    """The sentence of the session's last logged change (None: nothing changed yet)."""
    return next((event.sentence for event in reversed(session.events()) if event.sentence is not None), None)


class AdjudicationApp(AppServices, Protocol):
    """The application state as the views of the adjudication (and the corpus table's review
    columns) see it."""

    @property
    def adjudication(self) -> AdjudicationState: ...
