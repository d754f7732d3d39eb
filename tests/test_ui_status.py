"""The banner and the status line alone with a state."""

from ui.state import AppState
from ui.status import ProblemBanner, StatusLine

from .ui_support import temporary_settings


def test_banner_and_status_line(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    banner, line = ProblemBanner(state), StatusLine(state)
    for widget in (banner, line):
        qtbot.addWidget(widget)
        widget.show()
    state.show_problem("it broke")
    assert banner.isVisible() and banner.text() == "it broke"
    state.show_problem("")
    assert not banner.isVisible()
    state.show_message("hello")
    assert line.label.text() == "hello"
    state.busy_changed.emit(True)
    assert line.progress.isVisible() and line.progress.maximum() == 0  # busy, total unknown yet
    state.progress.emit(3, 10)
    assert (line.progress.value(), line.progress.maximum()) == (3, 10)
    state.busy_changed.emit(False)
    assert not line.progress.isVisible()
