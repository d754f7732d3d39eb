"""The screenshots of the teacher's walkthrough (docs/teacher.md), rendered offscreen at fixed sizes:

    QT_QPA_PLATFORM=offscreen python docs/teacher_shots.py [OUT_DIR]   (default: docs/images)

or ``render(out_dir)`` from Python. Each shot opens the bundled AnCast paper example ("She is
reading my book in the house") in the Teaching perspective and grabs the window: the lesson's
first step, a cell explained (house x home after round 1 has converged), a prediction answered,
and presentation mode at 1366 x 768 and 1920 x 1080 (the offscreen screen has no projector's
size: the window is given it and the text scale that goes with it).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIR = (
    ROOT / "resources/demo/ancast_paper/spec_examples_test.amr",
    ROOT / "resources/demo/ancast_paper/spec_examples_gold.amr",
)
SIZE = (1600, 900)


def render(out: Path) -> list[Path]:
    """Write the walkthrough's PNGs into ``out``; their paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ui.shell.main_window import MainWindow
    from ui.state.files import AnnotatorFiles
    from ui.state.tasks import ScoreRequest, read_and_score
    from ui.teach.presentation import text_scale

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def window_at(size: tuple[int, int], folder: str) -> MainWindow:
        window = MainWindow(QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat))
        state = window.state
        state.show_scores(read_and_score(ScoreRequest(AnnotatorFiles.of(PAIR), state.scoring.params)))
        state.selection.select_pair_id("read")
        window.resize(*size)
        window.show()
        window.workspace.show_perspective("teach")
        settle()
        return window

    def shot(window: MainWindow, name: str) -> None:
        settle()
        path = out / f"teacher_{name}.png"
        window.grab().save(str(path))
        written.append(path)

    with tempfile.TemporaryDirectory() as folder:
        window = window_at(SIZE, folder)
        teaching = window.state.teaching
        lesson = teaching.lesson
        assert lesson is not None
        shot(window, "lesson")
        converged = next(k for k, step in enumerate(lesson.steps) if step.kind == "iteration" and step.iteration == 14)
        teaching.go_to(converged)
        teaching.click(1, 1)  # house x home
        shot(window, "explained")
        anchors = next(k for k, step in enumerate(lesson.steps) if step.kind == "anchors")
        teaching.set_predicting(True)
        teaching.go_to(anchors)
        shot(window, "predict_question")
        teaching.click(1, 2)  # house x she: wrong
        shot(window, "predict_answer")
        window.state.shutdown()
        window.close()
        for width, height in ((1366, 768), (1920, 1080)):
            window = window_at((width, height), folder)
            window.presenter.enter()
            window.showNormal()  # the offscreen screen's size is not the projector's
            window.resize(width, height)
            window.presenter.set_scale(text_scale(height))
            teaching = window.state.teaching
            teaching.go_to(anchors)
            teaching.click(1, 1)
            shot(window, f"presentation_{width}x{height}")
            window.state.shutdown()
            window.close()
    return written


if __name__ == "__main__":
    for written_path in render(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"):
        print(written_path)
