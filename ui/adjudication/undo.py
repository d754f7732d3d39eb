"""The adjudicator's changes as ``QUndoCommand`` objects on one ``QUndoStack`` per session.

A change is written to the session *before* its command is pushed (so that a change the
session refuses never reaches the stack, and its reason can be shown); the first ``redo()``,
which ``QUndoStack.push`` calls, therefore does nothing. Later ``undo()`` / ``redo()`` write
again: a decision through :meth:`Session.undo` / :meth:`Session.redo`, a status, notes or
start annotation by writing the value before / after back, marked as an undo / redo (the
session's log then says "undid: ..." / "redid: ..."). The owner carries the step out
(reporting a refusal and dropping the command), shows the sentence it changed and says
whether it was undone or redone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from engine.adjudication import Session
from engine.adjudication.session import Step

__all__ = ["DecisionCommand", "FieldCommand", "Owner", "WrittenCommand"]

NOTES_ID = 1701  # consecutive notes edits of one sentence merge into one command


class Owner(Protocol):
    def replay(self, command: WrittenCommand, write: Callable[[Session], object], undo: bool) -> None:
        """Carry out ``write`` on the session for ``command`` (an undo when ``undo``, else a redo)."""


class WrittenCommand(QUndoCommand):
    """A change of sentence ``index`` that is already written; see the module docstring."""

    def __init__(self, owner: Owner, index: int, text: str):
        super().__init__(text)
        self.owner, self.index = owner, index
        self._skip = True  # push() calls redo(): the change is written already

    def skip_next(self) -> None:
        """Let the next undo or redo do nothing (for history rebuilt from a reopened session)."""
        self._skip = True

    def redo(self) -> None:
        self._step(self.write_again, False)

    def undo(self) -> None:
        self._step(self.write_back, True)

    def _step(self, write: Callable[[Session], object], undo: bool) -> None:
        if self._skip:
            self._skip = False
            return
        self.owner.replay(self, write, undo)

    def write_again(self, session: Session) -> object:
        raise NotImplementedError

    def write_back(self, session: Session) -> object:
        raise NotImplementedError


class DecisionCommand(WrittenCommand):
    """Decision ``number`` of sentence ``index``."""

    def __init__(self, owner: Owner, index: int, number: int, text: str):
        super().__init__(owner, index, text)
        self.number = number

    def write_again(self, session: Session) -> None:
        session.redo(self.index, self.number)

    def write_back(self, session: Session) -> None:
        session.undo(self.index, self.number)


SETTERS: dict[str, Callable[[Session, int, str, Step], bool]] = {  # with the step it writes (the log says so)
    "status": Session.set_status,
    "notes": Session.set_notes,
    "start": Session.set_start,
}


class FieldCommand(WrittenCommand):
    """A sentence's status, notes or start annotation changed from ``before`` to ``after``."""

    def __init__(self, owner: Owner, index: int, field: str, before: str, after: str, text: str):
        super().__init__(owner, index, text)
        self.field, self.before, self.after = field, before, after

    def write_again(self, session: Session) -> bool:
        return SETTERS[self.field](session, self.index, self.after, "redo")

    def write_back(self, session: Session) -> bool:
        return SETTERS[self.field](session, self.index, self.before, "undo")

    def id(self) -> int:
        return NOTES_ID if self.field == "notes" else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Notes typed on in the same sentence are one edit to undo (none when they end as they
        began: the stack then drops the command)."""
        if not isinstance(other, FieldCommand) or other.field != "notes" or other.index != self.index:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True
