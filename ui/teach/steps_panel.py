"""The Steps panel: every step of the lesson in order, the one shown selected; a click jumps to
a step (a question is asked again in predict mode). Questions are marked "?"."""

from __future__ import annotations

from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ..common.binding import SyncGuard
from .model import step_label
from .state import TeachingState

__all__ = ["StepsPanel"]


class StepsPanel(QWidget):
    def __init__(self, state: TeachingState, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.list = QListWidget()
        self.list.setToolTip("Every step of the lesson: click one to go there (?: a question for the class)")
        self.list.currentRowChanged.connect(self.syncing.unless_syncing(self._chosen))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.list)
        state.lesson_changed.connect(self._fill)
        state.step_changed.connect(self._follow)
        self._fill()

    def set_text_scale(self, scale: float) -> None:
        self.list.setStyleSheet(f"font-size: {round(13 * scale)}px;")

    def _fill(self) -> None:
        lesson = self.state.lesson
        with self.syncing:
            self.list.clear()
            if lesson is not None:
                for index, step in enumerate(lesson.steps):
                    text = step_label(lesson, index) + ("   ?" if step.prediction is not None else "")
                    item = QListWidgetItem(text)
                    asked = (
                        f"? A question for the class (Predict): {step.prediction.question}\n\n"
                        if step.prediction
                        else ""
                    )
                    item.setToolTip(asked + step.caption)
                    self.list.addItem(item)
        self._follow()

    def _follow(self) -> None:
        with self.syncing:
            if self.state.lesson is not None and self.list.currentRow() != self.state.index:
                self.list.setCurrentRow(self.state.index)

    def _chosen(self, row: int) -> None:
        if row >= 0:
            self.state.go_to(row)
