"""The banner and the status line alone with a state."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication

from ui.app_state import AppState
from ui.shell.status import ProblemBanner, StatusLine

from .ui_support import SYS_PAIR, shown_window, temporary_settings


def test_banner_and_status_line(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    banner, line = ProblemBanner(state), StatusLine(state)
    for widget in (banner, line):
        qtbot.addWidget(widget)
        widget.show()
    state.messages.show_problem("it broke")
    assert banner.isVisible() and banner.text() == "it broke"
    state.messages.show_problem("")
    assert not banner.isVisible()
    state.messages.show("hello")
    assert line.label.text() == "hello"
    state.messages.busy_changed.emit(True)
    assert line.progress.isVisible() and line.progress.maximum() == 0  # busy, total unknown yet
    state.messages.progress.emit(3, 10)
    assert (line.progress.value(), line.progress.maximum()) == (3, 10)
    state.messages.busy_changed.emit(False)
    assert not line.progress.isVisible()


WARNINGS = (
    "2 warnings:\n/data/pear_story_v1.umr:766: alignment names s22h, which is not in the sentence graph; ignored\n"
    "/data/pear_story_v1.umr:2951: alignment names s85a3, which is not in the sentence graph; ignored"
)


def test_a_long_problem_takes_one_line_with_details_and_closes(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    banner = ProblemBanner(state)
    qtbot.addWidget(banner)
    banner.resize(700, 40)
    banner.show()
    qtbot.waitExposed(banner)
    state.messages.show_problem(WARNINGS)
    line = banner.label.fontMetrics().lineSpacing()
    assert banner.text() == WARNINGS and "\n" not in banner.label.text()
    assert banner.label.text().startswith("2 warnings: /data/pear_story_v1.umr:766:") and banner.label.text().endswith(
        "…"
    )
    assert banner.sizeHint().height() < 2 * line + 12  # one line
    assert banner.details.isVisible() and banner.label.toolTip() == WARNINGS
    banner.details.click()  # every line in full
    assert banner.label.text() == WARNINGS and banner.label.wordWrap()
    assert banner.label.heightForWidth(banner.label.width()) >= 3 * line
    banner.details.click()
    assert "\n" not in banner.label.text()
    banner.close_button.click()
    assert not banner.isVisible()
    state.messages.show_problem("it broke again")  # the next problem shows again, short: no Details
    assert banner.isVisible() and banner.label.text() == "it broke again" and not banner.details.isVisible()
    banner.setFocus()
    qtbot.keyClick(banner, Qt.Key.Key_Escape)
    assert not banner.isVisible()


def test_a_hint_replaces_the_status_message_until_it_goes(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None)
    line, bar = window.status_line, window.statusBar()
    QApplication.sendEvent(window, QStatusTipEvent("Choose the test file, then the gold file"))  # a toolbar hover
    assert bar.currentMessage() == "Choose the test file, then the gold file"
    assert line.hint.isVisible() and line.hint.text() == bar.currentMessage() and not line.label.isVisible()
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):  # scoring changes the message and shows
        assert window.state.scoring.open_pair(*SYS_PAIR)  # and hides the progress bar while the hint stays
    qtbot.waitUntil(lambda: not window.state.scoring.busy)
    QApplication.processEvents()
    assert "5 pairs scored" in line.label.text()
    assert line.hint.isVisible() and not line.label.isVisible()  # never both: nothing drawn over the message
    assert line.isVisible() and line.geometry().left() <= 8  # the status bar's own text has no room beside it
    QApplication.sendEvent(window, QStatusTipEvent(""))  # the mouse leaves the button
    assert line.label.isVisible() and not line.hint.isVisible() and bar.currentMessage() == ""
