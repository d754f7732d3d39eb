"""The Convergence panel: the lesson's convergence plot (:class:`~ui.teach.convergence.ConvergencePlot`)
following the step shown."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from .convergence import ConvergencePlot
from .model import convergence
from .state import TeachingState

__all__ = ["ConvergencePanel"]


class ConvergencePanel(QWidget):
    def __init__(self, state: TeachingState, parent=None):
        super().__init__(parent)
        self.state = state
        self.plot = ConvergencePlot()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.plot)
        state.step_changed.connect(self.show_step)  # (a new lesson comes with its step)
        self.show_step()

    def set_text_scale(self, scale: float) -> None:
        self.plot.set_text_px(round(11 * scale))
        self.show_step()

    def show_step(self) -> None:
        lesson = self.state.lesson
        self.plot.show_convergence(convergence(lesson, self.state.index) if lesson is not None else None)
