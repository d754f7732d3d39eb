"""The application starts on the demo data and can save a screenshot offscreen."""

import subprocess
import sys

from .conftest import ROOT


def test_screenshot_of_the_demo(tmp_path):
    out = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "app.py", "--screenshot", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 1000


def test_main_window_shows_the_scores(qtbot):
    from app import DEMO_PAIR
    from engine.scoring import score_files
    from ui.main_window import MainWindow

    window = MainWindow(score_files(*DEMO_PAIR), "demo")
    qtbot.addWidget(window)
    text = window.centralWidget().toPlainText()
    assert "0.4188" in text and "read" in text
