"""The Explain panel: the cell clicked in the lesson's heatmap, equation by equation with the
engine's numbers (:func:`~ui.teach.explanation.explanation_html`), and the tie it took part in; it
follows the cell from step to step. (A verdict on a prediction is the lesson's text's: said once.)"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from .explanation import explanation_html, pick_html, tie_html
from .state import TeachingState

__all__ = ["EMPTY", "ExplanationPanel"]

EMPTY = (
    "<p>Click any cell of the lesson's heatmap, at any step, to see how its value was computed: S and its "
    "terms, P and C as sums over the named neighbour pairs (outlined in pink in the heatmap and the graphs), "
    "ΔN, the root, the normalisation and F. The cell stays explained as you step, so you can watch it change.</p>"
)


class ExplanationPanel(QWidget):
    def __init__(self, state: TeachingState, parent=None):
        super().__init__(parent)
        self.state = state
        self.heading = QLabel("Explain a cell")
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Explain no cell (the pink outlines go)")
        self.clear_button.clicked.connect(state.clear_cell)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.clear_button)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.text, 1)
        self.set_text_scale(1.0)
        state.cell_changed.connect(self.show_cell)
        state.lesson_changed.connect(self.show_cell)
        self.show_cell()

    def set_text_scale(self, scale: float) -> None:
        self.heading.setStyleSheet(f"font-weight: bold; font-size: {round(14 * scale)}px;")
        self.text.setStyleSheet(f"font-size: {round(13 * scale)}px;")

    def show_cell(self) -> None:
        state, lesson = self.state, self.state.lesson
        explanation = state.explanation
        self.clear_button.setEnabled(explanation is not None)
        if lesson is None or explanation is None:
            self.text.setHtml(EMPTY)
            return
        cell = state.cell if state.revealed else None
        tie = tie_html(lesson, state.index, cell) + pick_html(lesson, state.index, cell) if cell is not None else ""
        self.text.setHtml(tie + explanation_html(explanation, lesson.test_names, lesson.gold_names))
