"""Helpers of the UI tests: settings in a temporary file, demo pairs, a broken pair, scoring without a thread."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage, QPainter, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from ui.annotators import state as annotators_state
from ui.annotators.grid_heatmap import GridGeometry, paint_grid, thin_font
from ui.annotators.views import Grid
from ui.app_state import AppState
from ui.state import scoring as scoring_state
from ui.state.files import AnnotatorFiles
from ui.state.tasks import ScoreRequest, read_and_score

from .conftest import DATA, DEMO, REENTRANT_GOLD, REENTRANT_TEST

SPEC_PAIR = (DEMO / "ancast_paper" / "spec_examples_test.amr", DEMO / "ancast_paper" / "spec_examples_gold.amr")
SYS_PAIR = (DEMO / "metamorphosed" / "comptest_sys.txt", DEMO / "metamorphosed" / "comptest_gold.txt")
SMATCH_PAIR = (DEMO / "smatch" / "test_input1.txt", DEMO / "smatch" / "test_input2.txt")
UMR_PAIR = (DEMO / "ancast_samples" / "umr_test.txt", DEMO / "ancast_samples" / "umr_gold.txt")
UMR_VERSIONS = (DEMO / "umr" / "nw_afp_0024_v1.umr", DEMO / "umr" / "nw_afp_0024_v2.umr")  # snt16: 30 vs 33 nodes
DRS_PAIR = (DEMO / "drs" / "test.clf", DEMO / "drs" / "gold.clf")  # contrast, gift, sang

# three graphs each; the second test graph has an unbalanced parenthesis (line 5)
BROKEN_TEST = """# ::id one
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id two
(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))

# ::id three
(s / sleep-01 :ARG0 (d / dog))
"""
BROKEN_GOLD = """# ::id one
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))

# ::id two
(l / like-01 :ARG0 (g / girl) :ARG1 (c / cat))

# ::id three
(s / sleep-01 :ARG0 (d / dog))
"""


def temporary_settings(folder: Path, name: str = "settings.ini") -> QSettings:
    return QSettings(str(folder / name), QSettings.Format.IniFormat)


def broken_pair(folder: Path) -> tuple[Path, Path]:
    """A test file with one unreadable graph and its gold file, written in ``folder``."""
    test, gold = folder / "broken_test.amr", folder / "broken_gold.amr"
    test.write_text(BROKEN_TEST, encoding="utf-8")
    gold.write_text(BROKEN_GOLD, encoding="utf-8")
    return test, gold


def reentrant_pair(folder: Path) -> tuple[Path, Path]:
    """The hand-made pair where an unaligned reentrant node makes two identical-looking triples
    differ (see ``tests.conftest.REENTRANT_TEST``), written in ``folder`` with the id "it"."""
    test, gold = folder / "reentrant_test.amr", folder / "reentrant_gold.amr"
    test.write_text(f"# ::id it\n# ::snt He understood it when he saw it.\n{REENTRANT_TEST}\n", encoding="utf-8")
    gold.write_text(f"# ::id it\n# ::snt He understood it when he saw it.\n{REENTRANT_GOLD}\n", encoding="utf-8")
    return test, gold


def score_now(state: AppState, test: Path, gold: Path) -> None:
    """Read and score on this thread and show the result, as the job runner would."""
    state.show_scores(read_and_score(ScoreRequest(AnnotatorFiles.of((test, gold)), state.scoring.params)))


def wait_until_idle(qtbot, state: AppState, timeout: int = 30000) -> None:
    """Wait until no job runs or waits in any lane (scores, trace, k-grams, matrix, label
    confusion, intervals, adjudication): what a test looks at after one job may come from
    another that its action started too, and a loaded machine finishes them in any order."""
    qtbot.waitUntil(state.runner.idle, timeout=timeout)


def scored_state(tmp_path: Path, pair: tuple[Path, Path] = SPEC_PAIR) -> AppState:
    """A state with ``pair`` read and scored (its first pair selected); call ``shutdown()`` when done."""
    state = AppState(temporary_settings(tmp_path))
    score_now(state, *pair)
    return state


def shown_window(
    qtbot,
    tmp_path: Path,
    pair: tuple[Path, Path] | None = SPEC_PAIR,
    size: tuple[int, int] = (1600, 1000),
    settings: QSettings | None = None,
):
    """A main window of ``size`` on screen with ``pair`` scored (none when None); the caller's
    qtbot closes it."""
    from ui.shell.main_window import MainWindow  # the window only where a test asks for one

    window = MainWindow(settings if settings is not None else temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if pair is not None:
        score_now(window.state, *pair)
    return window


ADJUDICATION = DATA / "adjudication"  # the hand-made three-sentence adjudication


def adjudication_files(folder: Path) -> list[Path]:
    """Copies of the two annotators' files of the hand-made adjudication, in ``folder``."""
    copies = []
    for name in ("ann1.amr", "ann2.amr"):
        copies.append(folder / name)
        copies[-1].write_text((ADJUDICATION / name).read_text(encoding="utf-8"), encoding="utf-8")
    return copies


ANNOTATOR_FILES = [DEMO / "metamorphosed" / f"comptest_{name}.txt" for name in ("annot1", "annot3", "gold", "sys")]
TRIO_FILES = [DATA / "annotators" / f"ann_{name}.amr" for name in "abc"]


def open_annotators(qtbot, state: AppState, paths, gold=None, timeout: int = 30000) -> None:
    """Open ``paths`` as several annotators and wait for the matrix and for the pair the views open with it."""
    with qtbot.waitSignals([state.annotators.matrix_changed, state.scoring.corpus_changed], timeout=timeout):
        assert state.annotators.open(paths, gold)


def hold_matrix_after_first_report(monkeypatch, released: threading.Event | None = None) -> None:
    """Make the annotators' matrix worker wait after its first progress report until it is
    cancelled or ``released`` is set, so that a fast machine cannot finish the matrix before a
    test cancels it (or does what it tests meanwhile)."""
    score = annotators_state.read_and_score_matrix
    released = released or threading.Event()

    def held(request, progress=None, cancelled=None):
        def report(done: int, total: int) -> None:
            progress(done, total)
            while not cancelled() and not released.is_set():
                time.sleep(0.005)

        return score(request, report, cancelled)

    monkeypatch.setattr(annotators_state, "read_and_score_matrix", held)


def hold_first_scoring_until_cancelled(monkeypatch, released: threading.Event | None = None) -> list[ScoreRequest]:
    """Make the first pair of files scored from now on wait on its worker until it is cancelled
    or ``released`` is set (the later ones run as usual), so that a test can choose others while
    it is under way; returns the requests scored, in order."""
    requests: list[ScoreRequest] = []
    released = released or threading.Event()

    def held(request, progress=None, cancelled=None):
        requests.append(request)
        while len(requests) == 1 and not cancelled() and not released.is_set():
            time.sleep(0.005)
        return read_and_score(request, progress, cancelled)

    monkeypatch.setattr(scoring_state, "read_and_score", held)
    return requests


def move_pointer(widget: QWidget, point: QPoint) -> None:
    """Move the pointer onto ``point`` of ``widget`` so that the widget sees it arrive: Qt drops a
    move to where the pointer already is - where an earlier test may have left it, even in another
    window - so it comes from one pixel aside."""
    QTest.mouseMove(widget, point + QPoint(1, 0))
    QTest.mouseMove(widget, point)


def wheel_up(widget: QWidget, at: QPointF) -> None:
    """One notch of the mouse wheel away from the user (zoom in) at ``at``, in the widget's coordinates."""
    event = QWheelEvent(
        at,
        QPointF(widget.mapToGlobal(at.toPoint())),
        QPoint(),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


class RecordingPainter(QPainter):
    """A painter that keeps every text it draws."""

    def __init__(self, device):
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args):
        self.texts.append(args[-1])
        super().drawText(*args)


def painted_texts(grid: Grid, font, width: int, height: int, wide: bool = False) -> list[str]:
    """Every text :func:`paint_grid` writes for ``grid`` in ``width`` x ``height`` (``wide``
    cells or not), in order."""
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    painter = RecordingPainter(image)
    try:
        paint_grid(painter, grid, font, width, height, wide=wide)
    finally:
        painter.end()
    return painter.texts


def labels_apart(shape: GridGeometry, font: QFont) -> bool:
    """Whether no two labels run into each other, written in ``font`` or smaller (:func:`thin_font`):
    row labels each in a band of its own a line tall; column labels across each line within its
    column, upwards each label in a band of its own as wide as its lines."""
    row_line = QFontMetricsF(thin_font(font, shape.cell_height)[0]).height()
    if shape.cell_height * shape.row_step < row_line:
        return False
    if shape.rotated:
        line = QFontMetricsF(thin_font(font, shape.cell_width)[0]).height()
        return all(
            shape.cell_width * shape.column_step >= (label.count("\n") + 1) * line for label in shape.column_labels
        )
    metrics = QFontMetricsF(font)
    lines = [line for label in shape.column_labels for line in label.split("\n")]
    return all(metrics.horizontalAdvance(line) <= shape.cell_width - 4 for line in lines)
