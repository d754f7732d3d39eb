"""The lesson as a PDF of slides, one page per step (:mod:`ui.teach.slides`), vector with real
text; the graphs as the Teaching perspective draws them."""

from __future__ import annotations

from pathlib import Path

from engine.layout.pair import PairDrawing
from engine.layout.text import TextMeasure

from ..common.export import write_pdf
from .slides import slide_svg
from .state import TeachingState

__all__ = ["export_lesson", "lesson_slides"]


def lesson_slides(state: TeachingState, drawing: PairDrawing | None, measure: TextMeasure) -> list[str]:
    """Every step of the state's lesson as an SVG page, with the teacher's notes where they apply."""
    lesson, pair = state.lesson, state.pair
    if lesson is None or pair is None:
        return []
    name = f"pair {pair.number}" + (f" ({pair.id})" if pair.id else "")
    return [slide_svg(lesson, index, drawing, measure, name, state.note(index)) for index in range(len(lesson.steps))]


def export_lesson(state: TeachingState, drawing: PairDrawing | None, measure: TextMeasure, path: Path) -> bool:
    """Write the lesson's slides to ``path`` (PDF). True when written."""
    slides = lesson_slides(state, drawing, measure)
    if not slides:
        return False
    pair = state.pair
    title = "graphagree lesson: " + (pair.id or f"pair {pair.number}" if pair is not None else "")
    return write_pdf(slides, path, title)
