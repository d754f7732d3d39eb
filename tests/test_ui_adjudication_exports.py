"""Exports during an adjudication session, as the second new user made them: the scores say whose
roles they are in (a session without gold scores the compared annotator against the start
annotation, not the roles the files were opened in), and the adjudication's exports remember
their folder like every other export."""

import json
import threading

import pytest

from ui.adjudication import state as adjudication_state
from ui.adjudication.tasks import NewSession, create_session
from ui.shell.main_window import MainWindow

from .test_ui_exports import answer_dialogs
from .ui_support import adjudication_files, score_now, temporary_settings, wait_until_idle


@pytest.fixture
def window(qtbot, tmp_path):
    """ann1 opened as test, ann2 as gold; then a session without gold, every sentence starting
    from ann1: the corpus table scores ann2 (test) against ann1 (gold)."""
    files = adjudication_files(tmp_path)
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.show()
    score_now(window.state, *files)
    path = create_session(NewSession(tuple(files), "ana", tmp_path / "s.adjudication.sqlite"))
    assert window.state.adjudication.open(path, "ana") is None
    wait_until_idle(qtbot, window.state)
    assert window.state.adjudication.scored_names() == ("ann2", "ann1")
    yield window
    window.close()


def test_the_scores_exported_in_a_session_say_whose_roles_they_are(qtbot, tmp_path, monkeypatch, window):
    out = tmp_path / "out"
    out.mkdir()
    seen = answer_dialogs(monkeypatch, [out / "scores.csv"])
    window.action_set["export_scores"].trigger()
    roles = "ann2 (test) against ann1 (gold), as the adjudication session scores them"
    assert (seen[0]["title"], seen[0]["name"]) == (f"Export scores: {roles}", "ann2-vs-ann1-scores.csv")
    assert f"({roles})" in window.status_line.label.text()
    run = json.loads((out / "scores.params.json").read_text())
    assert (run["test"], run["gold"]) == (str(tmp_path / "ann2.amr"), str(tmp_path / "ann1.amr"))
    window.state.adjudication.close()
    window.state.open_chosen()  # the user's roles again once the session is closed
    wait_until_idle(qtbot, window.state)
    seen = answer_dialogs(monkeypatch, [None])
    window.action_set["export_scores"].trigger()
    assert (seen[0]["title"], seen[0]["name"]) == (
        "Export scores: ann1 (test) against ann2 (gold)",
        "ann1-vs-ann2-scores.csv",
    )


def test_the_adjudication_exports_remember_their_folder_for_the_next_export(qtbot, tmp_path, monkeypatch, window):
    """The new user exported the adjudicated file to out/, then Export Scores opened in data/."""
    out = tmp_path / "out"
    out.mkdir()
    seen = answer_dialogs(monkeypatch, [out / "adjudicated.amr", None])
    window.action_set["export_adjudicated"].trigger()
    qtbot.waitUntil(lambda: (out / "adjudicated.amr").exists() and not window.state.adjudication.busy, timeout=20000)
    assert (seen[0]["title"], seen[0]["name"], seen[0]["folder"]) == (
        "Export the adjudicated file",
        "s.adjudicated.amr",
        tmp_path,
    )
    assert window.state.settings.export_folder() == out
    window.action_set["export_scores"].trigger()
    assert seen[1]["folder"] == out


def test_an_export_asked_for_while_another_is_written_says_so(qtbot, tmp_path, monkeypatch, window):
    """Export Decisions Log while the adjudicated file is still being written: the second export
    was dropped without a word (the path chosen, nothing written, nothing said)."""
    out, released = tmp_path / "out", threading.Event()
    out.mkdir()
    written = adjudication_state.export_session

    def held(request, progress=None, cancelled=None):
        assert released.wait(timeout=20)
        return written(request, progress, cancelled)

    monkeypatch.setattr(adjudication_state, "export_session", held)
    messages: list[str] = []
    window.state.messages.message.connect(messages.append)
    answer_dialogs(monkeypatch, [out / "adjudicated.amr", out / "log.json"])
    window.action_set["export_adjudicated"].trigger()
    assert window.state.adjudication.busy
    window.action_set["export_decisions"].trigger()
    assert messages[-1] == "Still exporting: export the decisions log again in a moment."
    released.set()
    wait_until_idle(qtbot, window.state)
    assert (out / "adjudicated.amr").exists() and not (out / "log.json").exists()
