"""The main window on a 1024 x 768 screen with a UMR corpus: the Document level tab shown, after
the Teaching perspective (every perspective's page counts towards the window's least width, shown
or not). A maximised window of a 1024 px screen is 1024 px wide; 1000 leaves room for a frame."""

import shutil

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout

from ui.common.elided import TitledBox

from .ui_support import UMR_VERSIONS, shown_window, wait_until_idle

SCREEN = 1000  # px: the least width the window may ask for on a 1024 px wide screen


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, None, (1024, 718))


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def open_umr(qtbot, window, test, gold) -> None:
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        assert window.state.scoring.open_pair(test, gold)
    wait_until_idle(qtbot, window.state)


def show_document_tab(qtbot, window) -> None:
    assert window.workspace.show_perspective("pair")
    window.workspace.show_panel("document")
    qtbot.waitUntil(window.document_panel.isVisible)
    settle()


def test_long_file_names_leave_the_document_tab_room_on_a_1024_wide_screen(qtbot, window, tmp_path):
    """The PENMAN panes are titled "Test - FILE, line N": two 36-character names held the Pair
    perspective to 1013 px and the window to 1025 px, the Document level tab squeezed beside them."""
    names = ("nw_afp_0024_english_annotation_v1.umr", "nw_afp_0024_english_annotation_v2.umr")
    copies = [shutil.copy(path, tmp_path / name) for path, name in zip(UMR_VERSIONS, names)]
    open_umr(qtbot, window, *copies)
    show_document_tab(qtbot, window)
    assert window.minimumSizeHint().width() <= SCREEN
    pane = window.penman_panel.test_box
    assert pane.title() == f"Test - {names[0]}, line 8"  # whole, drawn cut to the pane, the path in its tooltip
    assert pane.shown_title().endswith("…") and pane.toolTip().endswith(f"{names[0]}:8")
    status = window.status_line.label  # cut at the window's edge: whole in its tooltip
    assert names[0] in status.text() and status.toolTip() == status.text()


def test_a_titled_box_cuts_its_title_to_its_width(qtbot):
    title = "Gold - " + "a_very_long_annotation_file_name_" * 3 + ".umr, line 1234"
    box = TitledBox(title)
    QVBoxLayout(box).addWidget(QLabel("x"))
    qtbot.addWidget(box)
    box.resize(200, 100)
    box.show()
    assert box.minimumSizeHint().width() < 100 < box.fontMetrics().horizontalAdvance(title)
    shown = box.shown_title()
    assert shown.endswith("…") and title.startswith(shown[:-1]) and box.title() == title
    assert box.fontMetrics().horizontalAdvance(shown) <= 200
    box.resize(box.fontMetrics().horizontalAdvance(title) + 40, 100)
    assert box.shown_title() == title


def test_the_umr_demo_after_teaching_fits_a_1024_wide_screen(qtbot, window):
    """The lesson's graphs, titled "Test: 10 nodes, 17 relations" (199 px a pane), beside the
    lesson's controls (594 px) held the window to 1008 px on the UMR demo once Teaching had been
    shown, whichever perspective was in front; the titles are cut to their panes now."""
    open_umr(qtbot, window, *UMR_VERSIONS)
    assert window.workspace.show_perspective("teach")
    qtbot.waitUntil(lambda: window.state.teaching.lesson is not None)
    settle()
    show_document_tab(qtbot, window)
    assert window.minimumSizeHint().width() <= SCREEN
