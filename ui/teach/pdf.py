"""The lesson as a PDF of slides, one page per step and one per question (:mod:`ui.teach.slides`),
vector with real text; the graphs as the Teaching perspective draws them."""

from __future__ import annotations

from pathlib import Path

from engine.layout.pair import PairDrawing
from engine.layout.text import TextMeasure

from ..common.export import write_pdf
from .slides import figures_height, slide_svg, slide_text
from .state import TeachingState

__all__ = ["export_lesson", "lesson_slides"]


def lesson_slides(state: TeachingState, drawing: PairDrawing | None, measure: TextMeasure) -> list[str]:
    """Every step of the state's lesson as an SVG page (a step that asks a question, a page for the
    question before its answer's), with the teacher's notes; the figures of every page as high as
    those of the page with the most text, so that the heatmap keeps its size from page to page."""
    lesson, pair = state.lesson, state.pair
    if lesson is None or pair is None:
        return []
    name = f"pair {pair.number}" + (f" ({pair.id})" if pair.id else "")
    pages = [
        (index, state.note(index), revealed)
        for index, step in enumerate(lesson.steps)
        for revealed in ((False, True) if step.prediction is not None else (True,))
    ]
    figures = min(figures_height(slide_text(lesson, index, note, revealed)) for index, note, revealed in pages)
    return [
        slide_svg(lesson, index, drawing, measure, name, note, revealed, figures) for index, note, revealed in pages
    ]


def export_lesson(state: TeachingState, drawing: PairDrawing | None, measure: TextMeasure, path: Path) -> int:
    """Write the lesson's slides to ``path`` (PDF): the number of pages written, 0 when none."""
    slides = lesson_slides(state, drawing, measure)
    if not slides:
        return 0
    pair = state.pair
    title = "graphagree lesson: " + (pair.id or f"pair {pair.number}" if pair is not None else "")
    return len(slides) if write_pdf(slides, path, title) else 0
