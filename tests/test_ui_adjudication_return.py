"""What the second new user hit around an adjudication session in the main window: a restart
brings back the session, the sentence and the filter; resuming goes to the last change; other
files opened say that the session closed, whatever else the status line reports; nothing
selected shows why (no stale status); the History's sentence column is not cut."""

import pytest
from PySide6.QtWidgets import QStyle

from engine.adjudication import Decision, SetConcept
from ui.adjudication.tasks import NewSession, create_session
from ui.shell.commands import adjudication as commands
from ui.shell.commands.files import open_at_start
from ui.shell.main_window import MainWindow

from .ui_support import (
    ANNOTATOR_FILES,
    adjudication_files,
    open_annotators,
    score_now,
    temporary_settings,
    wait_until_idle,
)


def new_window(qtbot, tmp_path):
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def adjudicating(qtbot, tmp_path):
    """A window on the adjudication files with a session (no gold) open as ana."""
    files = adjudication_files(tmp_path)
    window = new_window(qtbot, tmp_path)
    window.state.settings.save_adjudicator("ana")
    score_now(window.state, *files)
    path = create_session(NewSession(tuple(files), "ana", tmp_path / "s.adjudication.sqlite"))
    assert window.state.adjudication.open(path, "ana") is None
    wait_until_idle(qtbot, window.state)
    window.files, window.session_path = files, path
    yield window
    window.close()


def test_a_restart_comes_back_to_the_session_the_sentence_and_the_filter(qtbot, tmp_path, adjudicating):
    window = adjudicating
    state = window.state
    state.selection.set_filter("s")  # every sentence id has an s: s2 stays in
    assert state.selection.select_pair_id("s2")
    assert state.adjudication.view().record.id == "s2"
    window.close()  # the place is remembered as the window closes, then the session is closed
    assert state.adjudication.session is None
    again = new_window(qtbot, tmp_path)
    open_at_start(again.context)  # started without files
    qtbot.waitUntil(lambda: again.state.adjudication.session is not None, timeout=20000)
    wait_until_idle(qtbot, again.state)
    assert again.state.adjudication.session.path == window.session_path
    assert again.state.selection.pair.id == "s2" and again.state.adjudication.view().record.id == "s2"
    assert again.state.selection.filter_text == "s" and again.corpus_panel.filter_edit.text() == "s"
    assert again.workspace.current == "adjudication"
    # the user's roles are kept for when the session closes: test ann1, gold ann2
    assert [path.name for path in again.state.scoring.chosen.ordered()] == ["ann1.amr", "ann2.amr"]
    again.close()


def test_resuming_a_session_goes_to_its_last_change(qtbot, tmp_path, adjudicating):
    window = adjudicating
    adjudication = window.state.adjudication
    assert window.state.selection.select_pair_id("s3")
    assert adjudication.decide(Decision((SetConcept("l", "leave-01"),))) is None
    window.state.selection.select_pair_id("s1")
    adjudication.close()
    assert commands.open_session(window.context, window.session_path, resume=True)
    wait_until_idle(qtbot, window.state)
    assert window.state.selection.pair.id == "s3" and adjudication.view().record.id == "s3"
    assert "as ana, back at s3 where the last change was made" in window.status_line.label.text()


def test_other_files_say_in_the_status_line_that_the_session_closed(qtbot, adjudicating):
    """The new user opened annotators' files whose first pair has graphs missing: the banner
    reported those, and nothing said the session had closed."""
    window = adjudicating
    open_annotators(qtbot, window.state, ANNOTATOR_FILES)
    wait_until_idle(qtbot, window.state)
    assert window.state.adjudication.session is None
    assert window.status_line.label.text().startswith(
        "Closed the adjudication session s.adjudication.sqlite: other files were opened (everything decided "
        "is saved in it; Adjudication > Open Session File reopens it): "
    )


def test_with_no_sentence_selected_the_panel_says_why_and_shows_no_status(qtbot, adjudicating):
    window = adjudicating
    adjudication, panel = window.state.adjudication, window.adjudication_panel
    assert adjudication.set_status("needs discussion") is None
    window.state.selection.set_filter("no such sentence")
    assert window.state.selection.pair is None
    why = "No pair matches the filter \u201cno such sentence\u201d (3 pairs hidden): change or clear it."
    assert panel.header.text() == why and panel.status_box.currentText() == ""
    assert window.adjudicated_graphs.gold_box.note.text() == why


def test_the_history_shows_whole_sentence_ids(qtbot, tmp_path):
    """The new user's History showed "lpp_1943.1..." on every row."""
    files = [tmp_path / "v16.amr", tmp_path / "v30.amr"]
    for path, graph in zip(files, ("(h / heavy :domain (i / it))", "(h / have-degree-91 :ARG2 (h2 / heavy))")):
        path.write_text("".join(f"# ::id lpp_1943.{n}\n{graph}\n\n" for n in (1294, 1295, 1296)))
    window = new_window(qtbot, tmp_path)
    score_now(window.state, *files)
    path = create_session(NewSession(tuple(files), "ana", tmp_path / "h.adjudication.sqlite"))
    assert window.state.adjudication.open(path, "ana") is None
    wait_until_idle(qtbot, window.state)
    for sid in ("lpp_1943.1294", "lpp_1943.1295", "lpp_1943.1296"):
        window.state.selection.select_pair_id(sid)
        window.state.adjudication.set_status("agreed")
    panel = window.adjudication_panel
    panel.middle.setCurrentIndex(1)
    log = panel.log
    sentence = 2
    widest = max(log.fontMetrics().horizontalAdvance(log.model().index(r, sentence).data()) for r in range(3))
    margins = 2 * (log.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) + 2  # the delegate's, the grid
    assert log.columnWidth(sentence) >= widest + margins  # not elided
    window.close()
