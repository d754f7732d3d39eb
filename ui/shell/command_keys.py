"""The window's commands before a text box's own key bindings: a box such as the find box takes
every key it knows, Ctrl+E too where the key scheme is Emacs-like (X11: end of line, which End
does as well), so the command with that key (Export Scores) did nothing while the box had the
focus. A key of an enabled command now goes to the command, unless it edits the box's text
(undo, redo, cut, copy, paste, select all, deletions): those stay the box's."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QWidget

__all__ = ["CommandKeysFirst"]

Keys = QKeySequence.StandardKey
TEXT_EDITING = (
    Keys.Undo,
    Keys.Redo,
    Keys.Cut,
    Keys.Copy,
    Keys.Paste,
    Keys.SelectAll,
    Keys.Delete,
    Keys.Backspace,
    Keys.DeleteStartOfWord,
    Keys.DeleteEndOfWord,
    Keys.DeleteEndOfLine,
    Keys.DeleteCompleteLine,
)


class CommandKeysFirst(QObject):
    """Installed on text boxes (:meth:`watch`): a key that an enabled one of ``actions`` has, and
    that does not edit text, is left to the action (the box does not claim it)."""

    def __init__(self, actions: Callable[[], Iterable[QAction]], parent: QObject | None = None):
        super().__init__(parent)
        self.actions = actions

    def watch(self, *boxes: QWidget) -> None:
        for box in boxes:
            box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and self._commands(event):
            event.ignore()  # not the box's: Qt looks for a shortcut
            return True
        return False

    def _commands(self, event: QKeyEvent) -> bool:
        if any(event.matches(key) for key in TEXT_EDITING):
            return False
        pressed = QKeySequence(event.keyCombination())
        return any(action.isEnabled() and pressed in action.shortcuts() for action in self.actions())
