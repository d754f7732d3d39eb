"""The app's log: an unexpected error in a job is in the banner (its traceback under Details)
and in the log file, which the engine's loggers write to as well; Help > Open Log Folder shows
its folder. Every test logs to a temporary folder, never the user's app-data folder."""

import logging
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths, QUrl

import ui.shell.commands.about
import ui.state.tasks
from ui.shell.logs import LOG_FILE, default_folder, log_folder, start_logging, stop_logging

from .ui_support import SPEC_PAIR, shown_window


@pytest.fixture
def log_file(tmp_path):
    path = start_logging(tmp_path / "logs")
    yield path
    stop_logging()


def logged(path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_a_job_that_raises_shows_its_traceback_in_the_banner_and_the_log(qtbot, tmp_path, log_file, monkeypatch):
    window = shown_window(qtbot, tmp_path, None)

    def broken_scorer(*args, **kwargs):
        raise ZeroDivisionError("a bug in the scorer")

    monkeypatch.setattr(ui.state.tasks, "score_corpus", broken_scorer)
    with qtbot.waitSignal(window.state.scoring.load_failed, timeout=20000):
        window.state.scoring.open_pair(*SPEC_PAIR)
    banner = window.banner
    assert banner.isVisible()
    assert banner.text() == "Could not open: unexpected problem while scoring: ZeroDivisionError: a bug in the scorer."
    assert "Traceback" not in banner.label.text() and banner.details.isVisible()  # one line, Details to see more
    banner.details.click()
    shown = banner.label.text()
    assert shown.startswith(banner.text()) and "Traceback (most recent call last)" in shown
    assert "in broken_scorer" in shown and "ZeroDivisionError: a bug in the scorer" in shown
    text = logged(log_file)
    assert "ERROR ui.state.jobs" in text and "Traceback (most recent call last)" in text and "in broken_scorer" in text
    assert "WARNING ui.state.messages" in text and "Could not open: unexpected problem while scoring" in text
    banner.details.click()  # folded again: the one line
    assert "Traceback" not in banner.label.text()


def test_a_problem_of_the_input_has_no_traceback(qtbot, tmp_path, log_file):
    window = shown_window(qtbot, tmp_path, None)
    with qtbot.waitSignal(window.state.scoring.load_failed, timeout=20000):
        window.state.scoring.open_pair(tmp_path / "missing.amr", SPEC_PAIR[1])
    assert "missing.amr" in window.banner.text() and window.banner.details_text() == ""
    assert "Traceback" not in logged(log_file)


def test_the_engine_logs_to_the_same_file(log_file):
    logging.getLogger("engine.scoring.corpus").info("scored in worker processes")
    assert "INFO engine.scoring.corpus" in logged(log_file) and "scored in worker processes" in logged(log_file)


def test_help_opens_the_log_folder(qtbot, tmp_path, log_file, monkeypatch):
    window = shown_window(qtbot, tmp_path, None)
    opened: list[QUrl] = []
    monkeypatch.setattr(ui.shell.commands.about.QDesktopServices, "openUrl", opened.append)
    assert window.action_set["open_log_folder"] in window.action_set.menus["&Help"].actions()
    window.action_set["open_log_folder"].trigger()
    assert [url.toLocalFile() for url in opened] == [str(tmp_path / "logs")] == [str(log_folder())]
    assert log_file.name == LOG_FILE


def test_without_a_log_the_help_says_so(qtbot, tmp_path, monkeypatch):
    stop_logging()
    window = shown_window(qtbot, tmp_path, None)
    opened, messages = list[QUrl](), list[str]()
    monkeypatch.setattr(ui.shell.commands.about.QDesktopServices, "openUrl", opened.append)
    window.state.messages.message.connect(messages.append)
    window.action_set["open_log_folder"].trigger()
    assert opened == [] and messages[-1].startswith("No log file is written")


def test_the_default_folder_is_the_app_data_folder():
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    assert default_folder() == Path(location) / "logs"
