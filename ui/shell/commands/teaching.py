"""The Teach menu's commands: teach the selected pair, move through the lesson, presentation mode,
the lesson's slides as a PDF, and the paper's example opened as a guided lesson."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from engine.demos import Demo

from ...state.files import AnnotatorFiles
from ...teach.pdf import export_lesson
from .context import Context

__all__ = [
    "LESSONS",
    "TEACHING",
    "demo_title",
    "export_slides",
    "move",
    "open_lesson",
    "teach_this_pair",
    "toggle_presentation",
]

TEACHING = "teach"  # the perspective
LESSONS = {"ancast-paper": "read"}  # File > Open Demo: the demo (by name) that opens a pair as a guided lesson


def demo_title(demo: Demo) -> str:
    """The demo's title in File > Open Demo, which says when it opens as a guided lesson."""
    return f"{demo.title}: a guided lesson" if demo.name in LESSONS else demo.title


def teach_this_pair(ctx: Context) -> None:
    """The selected pair as a lesson from its first step, in the Teaching perspective."""
    if ctx.state.selection.pair is None:
        ctx.state.messages.show("Select a pair to teach first.")
        return
    if ctx.workspace is not None and not ctx.state.teaching.presenting:  # (presenting: it is in front already)
        ctx.workspace.show_perspective(TEACHING)
    ctx.state.teaching.teach()


def move(ctx: Context, method: str) -> None:
    """A move through the lesson: forward, back, home, end or toggle_play."""
    getattr(ctx.state.teaching, method)()


def toggle_presentation(ctx: Context) -> None:
    if ctx.presenter is not None:
        ctx.presenter.toggle()


def open_lesson(ctx: Context, demo: Demo, lesson: str) -> None:
    """Open a demo's files and, once scored, teach its pair ``lesson`` in the Teaching perspective."""
    state = ctx.state

    def scored(*_) -> None:
        state.scoring.scored.disconnect(scored)
        state.scoring.load_failed.disconnect(failed)
        if state.selection.pair is not None and (state.selection.pair.id or "") == lesson:
            teach_this_pair(ctx)

    def failed(*_) -> None:
        state.scoring.scored.disconnect(scored)
        state.scoring.load_failed.disconnect(failed)

    if state.scoring.open_files(AnnotatorFiles.of((demo.test, demo.gold)), lesson):
        state.scoring.scored.connect(scored)  # after the app state's own slot: the pair is selected then
        state.scoring.load_failed.connect(failed)


def export_slides(ctx: Context) -> None:
    """Save the lesson of the selected pair as a PDF, one page per step."""
    state = ctx.state
    lesson = state.teaching.ensure()
    if lesson is None:
        state.messages.show_problem(f"No lesson to export: {state.teaching.problem}")
        return
    pair = state.teaching.pair
    name = (pair.id or f"pair{pair.number}") if pair is not None else "lesson"
    folder = state.settings.export_folder() or Path.home()
    chosen, _ = QFileDialog.getSaveFileName(
        ctx.window, "Export the lesson's slides", str(folder / f"lesson_{name}.pdf"), "PDF (*.pdf)"
    )
    if not chosen:
        return
    path = Path(chosen).with_suffix(".pdf")
    graphs = ctx.teaching_graphs
    drawing = graphs.drawing if graphs is not None else None
    pages = export_lesson(state.teaching, drawing, graphs.measure, path) if graphs is not None else 0
    if not pages:
        state.messages.show_problem(f"Could not write {path}.")
        return
    state.settings.save_export_folder(path.parent)
    state.messages.show(f"Saved {pages} slides, one per step and one per question, to {path}.")
