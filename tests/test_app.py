"""``app.py``: starts on the demo data and saves a screenshot offscreen."""

import subprocess
import sys

from PySide6.QtGui import QImage

from .conftest import ROOT
from .ui_support import SPEC_PAIR, broken_pair


def run_app(*args):
    return subprocess.run(
        [sys.executable, "app.py", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_screenshot_of_the_demo(tmp_path):
    out = tmp_path / "shot.png"
    done = run_app("--screenshot", out)
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull() and image.width() >= 1000 and image.height() >= 700
    assert not (tmp_path / "shot.ini").exists()  # the temporary settings are removed


def test_screenshot_of_given_files(tmp_path):
    out = tmp_path / "broken.png"
    done = run_app(*broken_pair(tmp_path), "--screenshot", out)
    assert done.returncode == 0, done.stderr
    assert not QImage(str(out)).isNull()


def test_files_that_cannot_be_opened_exit_2(tmp_path):
    done = run_app(tmp_path / "missing.amr", SPEC_PAIR[1], "--screenshot", tmp_path / "x.png")
    assert done.returncode == 2 and "missing.amr: cannot read" in done.stderr
    assert "Traceback" not in done.stderr


def test_one_file_is_a_usage_error():
    done = run_app(SPEC_PAIR[1])
    assert done.returncode == 2 and "give both a TEST and a GOLD file" in done.stderr
