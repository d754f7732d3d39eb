"""The adjudication driven through the main window with pytest-qt: the hand-made
three-sentence adjudication of tests/data/adjudication (the engine test makes the same
decisions through the API) gives the expected PENMAN file and decisions log; undo and
redo through the Edit menu; history rebuilt after reopening; a second writer refused with
the engine's reason; the corpus table's review columns and filter."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QLabel, QMessageBox

from engine.adjudication import Session
from engine.adjudication.store import utc_now
from engine.layout.viewport import WHOLE_TEXT_PX
from ui.adjudication import dialogs as adjudication_dialogs
from ui.adjudication.binding import AdjudicationBinding
from ui.adjudication.state import AdjudicationState
from ui.adjudication.tasks import NewSession, create_session
from ui.pair.graph_view import QtText
from ui.shell.commands import adjudication as commands
from ui.shell.main_window import MainWindow

from .conftest import ROOT, required
from .test_adjudication_session import Clock
from .ui_support import (
    ADJUDICATION,
    ANNOTATOR_FILES,
    SPEC_PAIR,
    adjudication_files,
    open_annotators,
    score_now,
    shown_window,
    temporary_settings,
    wait_until_idle,
)


def accepted_with(fill):
    """A dialog ``exec`` that fills the dialog in (``fill(dialog)``) and presses OK."""

    def run(dialog):
        fill(dialog)
        dialog.accept()
        return dialog.result()

    return run


class AdjudicationWindow(MainWindow):
    """The main window, no different, with what the tests below read at hand: the clock of the
    session, the annotators' files, the session file and name the dialogs answer with, and the
    gold the new-session dialog offered."""

    clock: Clock
    files: list[Path]
    session_path: Path
    name: str
    offered_gold: Path | None


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    files = adjudication_files(tmp_path)
    window = AdjudicationWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.show()
    window.clock = window.state.adjudication.clock = Clock()
    score_now(window.state, *files)
    window.files = files
    window.session_path = tmp_path / "s.adjudication.sqlite"
    monkeypatch.setattr(
        adjudication_dialogs.NameDialog, "exec", accepted_with(lambda dialog: dialog.name_edit.setText(window.name))
    )

    def new_session(dialog):
        window.offered_gold = dialog.gold()  # the gold the dialog starts on; the sessions here have none
        dialog.path_edit.setText(str(window.session_path))
        dialog.gold_box.setCurrentIndex(0)

    monkeypatch.setattr(adjudication_dialogs.NewSessionDialog, "exec", accepted_with(new_session))
    window.name = "ana"
    yield window
    window.close()


def start_session(qtbot, window):
    """Adjudication > Adjudicate Loaded Files (the name is asked first, then the new session's file)."""
    window.action_set["adjudicate"].trigger()
    qtbot.waitUntil(lambda: window.state.adjudication.session is not None, timeout=20000)
    qtbot.waitUntil(lambda: not window.state.scoring.busy, timeout=20000)  # the table re-scored for the session
    return window.state.adjudication


def session_now(adjudication: AdjudicationState) -> Session:
    """The session open now, which must be there (read in a call: after an ``is None`` check
    mypy would take it for None even once the session is opened again)."""
    return required(adjudication.session)


def choose_row(panel, text):
    """Select the row whose annotator's (else adjudicated) triple is ``text``."""
    for row in range(panel.proxy.rowCount()):
        match = panel.proxy.item(row).match
        if str(match.test or match.gold) == text:
            panel.table.selectRow(row)
            return
    raise AssertionError(f"no row {text}")


def judge(qtbot, window, text, accept=True):
    panel = window.adjudication_panel
    choose_row(panel, text)
    qtbot.mouseClick(panel.accept_button if accept else panel.reject_button, Qt.MouseButton.LeftButton)


def select_sentence(window, sid):
    window.corpus_panel.table.selectRow(
        next(
            row
            for row in range(window.corpus_panel.proxy.rowCount())
            if window.corpus_panel.proxy.index(row, 1).data() == sid
        )
    )
    assert window.state.adjudication.view().record.id == sid


def choose(box, text):
    box.setCurrentText(text)
    box.activated.emit(box.currentIndex())


def context_action(window, side, var, text):
    """The graph context menu's entry ``text`` on node ``var`` of the annotator ("test") or adjudicated graph."""
    binding = window.adjudicated_graphs.findChild(AdjudicationBinding)
    scene = window.adjudicated_graphs.test_scene if side == "test" else window.adjudicated_graphs.gold_scene
    menu = binding.menu_at(side, scene.node_items[var])
    found = {action.text(): action for action in menu.actions()}
    assert text in found, sorted(found)
    return found[text]


def export(qtbot, window, monkeypatch, key, path):
    def answer(dialog):  # the save dialog: ``path`` typed
        dialog.selectFile(str(path))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QFileDialog, "exec", answer)
    window.action_set[key].trigger()
    qtbot.waitUntil(lambda: path.exists() and not window.state.adjudication.busy, timeout=20000)


def adjudicate_three_sentences(qtbot, window, monkeypatch):
    """The decisions of tests/test_adjudication_session.py's adjudicate(), made through the GUI."""
    clock, panel = window.clock, window.adjudication_panel
    adjudication = start_session(qtbot, window)
    assert window.state.settings.adjudicator() == "ana"  # asked once, kept in the preferences
    assert window.workspace.current == "adjudication"  # the perspective comes to the front with the session
    assert panel.isVisible() and window.adjudicated_graphs.isVisible() and "nothing to save" in panel.saved.text()
    # s1: take ann2's sense of go (Accept button), keep ann1's positive polarity (Reject button)
    assert panel.compared_box.currentText() == "ann2" and panel.start_box.currentText() == "ann1"
    clock.tick()
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    clock.tick()
    judge(qtbot, window, "(w/want-01 :polarity -)", accept=False)
    assert panel.counts.text() == "2 disagreements of ann2: 2 decided (1 accepted, 1 rejected), 0 open"
    clock.tick()
    window.action_set["status_adjudicated"].trigger()  # Adjudication > Status: Adjudicated (Alt+4)
    # s2: ann2's name of the sea, then its catch-01; a wrong concept edit undone from the Edit menu
    select_sentence(window, "s2")
    for text in ('(s2/sea :name n/name)', '(n/name :op1 "Red")', '(n/name :op2 "Sea")', "(c/catch-01 :ARG1 f/fish)"):
        clock.tick()
        judge(qtbot, window, text)
    clock.tick()
    monkeypatch.setattr(
        adjudication_dialogs.ConceptDialog,
        "exec",
        accepted_with(lambda dialog: (choose(dialog.node_box, "f / fish"), dialog.concept_edit.setText("fish-01"))),
    )
    window.action_set["edit_concept"].trigger()
    assert [n.concept for n in adjudication.view().adjudicated.graph.nodes if n.var == "f"] == ["fish-01"]
    assert "f / fish-01" in window.adjudicated_graphs.gold_scene.node_items["f"].toolTip()  # redrawn
    clock.tick()
    undo, redo = window.action_set["undo"], window.action_set["redo"]
    assert undo.text().startswith("&Undo ") and "fish-01" in undo.text()  # the step it would undo
    undo.trigger()
    assert [n.concept for n in adjudication.view().adjudicated.graph.nodes if n.var == "f"] == ["fish"]
    assert "fish-01" in redo.text() and "fish-01" not in undo.text()
    clock.tick()
    choose(panel.status_box, "adjudicated")
    # s3: an alignment exclusion from the graph's context menu, undone; then ann2's annotation as it is
    select_sentence(window, "s3")
    clock.tick()
    context_action(window, "test", "l", "Never align ann2:l with l").trigger()
    assert adjudication.view().agreements["ann2"].correction.excluded == ((3, 3),)
    clock.tick()
    window.action_set["undo"].trigger()
    clock.tick()
    choose(panel.start_box, "ann2")
    assert panel.compared_box.currentText() == "ann1"  # the other annotator is compared now
    assert window.adjudicated_graphs.gold_box.title().startswith("Adjudicated (0 decision(s))")
    assert "ann2's annotation and 0 decision(s)" in window.adjudicated_graphs.gold_box.toolTip()
    assert "b" in window.adjudicated_graphs.gold_scene.node_items  # ann2's (b / before), redrawn
    # a second adjudicator: the name changed in the preferences reopens the session under it
    window.name = "ben"
    window.action_set["preferences"].trigger()
    assert adjudication.session.author == "ben" and window.state.settings.adjudicator() == "ben"
    select_sentence(window, "s3")
    clock.tick()
    qtbot.keyClicks(panel.notes, "leave-11 or leave-01? see the guidelines")
    qtbot.waitUntil(lambda: adjudication.session.sentence(2).notes == "leave-11 or leave-01? see the guidelines")
    clock.tick()
    choose(panel.status_box, "needs discussion")
    return adjudication


def test_three_sentences_adjudicated_through_the_gui(qtbot, window, monkeypatch, tmp_path):
    adjudication = adjudicate_three_sentences(qtbot, window, monkeypatch)
    # the corpus table shows each sentence's review, and the filter finds them
    corpus = window.corpus_panel
    review = corpus.model.first_review_column
    assert not corpus.table.isColumnHidden(review)
    assert corpus.table.horizontalHeader().visualIndex(review) == 2  # the status beside the id
    reviews = [[corpus.proxy.index(row, review + k).data() for k in range(3)] for row in range(3)]
    assert reviews == [
        ["adjudicated", "ana", ""],
        ["adjudicated", "ana", ""],
        ["needs discussion", "ben", "leave-11 or leave-01? see the guidelines"],
    ]
    corpus.filter_edit.setText("status = needs discussion")
    assert [r.id for r in window.state.selection.visible_pairs()] == ["s3"]
    corpus.filter_edit.setText("decided by = ana, notes")
    assert window.state.selection.visible_pairs() == []
    corpus.filter_edit.setText("guidelines")  # free text searches the notes too
    assert [r.id for r in window.state.selection.visible_pairs()] == ["s3"]
    corpus.filter_edit.setText("")
    # the three exports, written from the session file on a worker
    out = tmp_path / "adjudicated.amr"
    export(qtbot, window, monkeypatch, "export_adjudicated", out)
    assert out.read_text() == (ADJUDICATION / "expected_adjudicated.amr").read_text()
    log = tmp_path / "log.json"
    export(qtbot, window, monkeypatch, "export_decisions", log)
    assert (
        json.loads(log.read_text())["changes"]
        == json.loads((ADJUDICATION / "expected_log.json").read_text())["changes"]
    )
    report = tmp_path / "report.html"
    export(qtbot, window, monkeypatch, "export_session_report", report)
    html = report.read_text()
    assert "<td>needs discussion</td><td class='num'>1</td>" in html and "see the guidelines" in html
    assert adjudication.session is not None


def test_redo_and_the_history_after_reopening(qtbot, window):
    adjudication = start_session(qtbot, window)
    panel = window.adjudication_panel
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    judge(qtbot, window, "(w/want-01 :polarity -)")
    session = adjudication.session
    assert [n.concept for n in session.adjudicated(0).graph.nodes] == ["want-01", "boy", "go-01"]
    window.action_set["undo"].trigger()
    window.action_set["undo"].trigger()
    assert session.adjudicated(0).graph is session.annotation(0, "ann1")
    assert not window.action_set["undo"].isEnabled() and window.action_set["redo"].isEnabled()
    window.action_set["redo"].trigger()  # Edit > Redo (Ctrl+Shift+Z)
    assert [n.concept for n in session.adjudicated(0).graph.nodes] == ["want-01", "boy", "go-01"]
    assert panel.history.model().rowCount() == 3  # "session opened" and the two decisions
    # the window closes with one decision undone: nothing to save, and the history comes back
    window.action_set["close_session"].trigger()
    assert adjudication.session is None and window.adjudication_panel.pages.currentIndex() == 0
    with Session.open(window.session_path, readonly=True) as stored:
        assert [r.state for r in stored.decisions(0, ("active", "undone"))] == ["active", "undone"]
    start_session_again = commands.open_session(window.context, window.session_path)
    assert start_session_again and adjudication.stack.count() == 2 and adjudication.stack.canRedo()
    window.action_set["redo"].trigger()
    assert ":polarity" in session_now(adjudication).adjudicated(0).graph.penman
    window.action_set["undo"].trigger()
    window.action_set["undo"].trigger()
    assert session_now(adjudication).adjudicated(0).graph is session_now(adjudication).annotation(0, "ann1")


def test_the_adjudication_perspective_comes_and_goes_with_the_session(qtbot, window):
    workspace, perspective = window.workspace, window.action_set["perspective_adjudication"]
    tab = workspace.indexOf(workspace.pages["adjudication"])
    assert not workspace.isTabVisible(tab) and not perspective.isEnabled() and workspace.current == "pair"
    start_session(qtbot, window)
    assert workspace.isTabVisible(tab) and perspective.isEnabled() and workspace.current == "adjudication"
    page = workspace.pages["adjudication"]
    assert window.adjudicated_graphs.parent() is page.slots["adjudicated"] and window.corpus_panel.isVisible()
    window.action_set["perspective_pair"].trigger()  # Ctrl+2, and back with Ctrl+5
    assert window.graphs.parent() is workspace.pages["pair"].slots["graphs"]
    perspective.trigger()
    assert workspace.current == "adjudication" and window.adjudication_panel.isVisible()
    window.action_set["close_session"].trigger()
    assert not workspace.isTabVisible(tab) and not perspective.isEnabled() and workspace.current == "pair"


def test_undo_shows_the_sentence_it_changes(qtbot, window):
    adjudication = start_session(qtbot, window)
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    select_sentence(window, "s3")
    window.action_set["undo"].trigger()
    assert window.state.selection.pair.id == "s1" and adjudication.view().record.id == "s1"
    assert adjudication.session.decisions(0) == [] and window.adjudication_panel.counts.text().endswith(
        ": 0 decided (0 accepted, 0 rejected), 3 open"
    )


def test_a_refused_decision_is_shown_in_its_dialog_and_nothing_is_written(qtbot, window, monkeypatch):
    adjudication = start_session(qtbot, window)
    seen = {}

    def fill(dialog):
        dialog.concept_edit.setText("two words")
        dialog.accept()  # refused: the dialog stays open with the reason
        seen["error"] = dialog.error.text()
        dialog.reject()
        return dialog.result()

    monkeypatch.setattr(adjudication_dialogs.ConceptDialog, "exec", fill)
    window.action_set["edit_concept"].trigger()
    assert "'two words' is not a valid concept" in seen["error"]
    assert adjudication.session.decisions(0) == [] and not adjudication.stack.canUndo()


def test_resuming_asks_and_says_the_files_changed(qtbot, window, monkeypatch):
    adjudication = start_session(qtbot, window)
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    window.action_set["close_session"].trigger()
    window.files[1].write_text(window.files[1].read_text().replace("catch-01", "eat-01"))
    asked = {}

    def resume(ctx, path):
        asked["text"] = commands.describe_session(path)
        return "resume"

    monkeypatch.setattr(commands, "resume_choice", resume)
    window.action_set["adjudicate"].trigger()
    assert adjudication.session is not None and adjudication.session.path == window.session_path
    assert "0 of 3 sentences reviewed; 1 decision." in asked["text"]
    assert re.search(r"Last change \d{4}-\d\d-\d\d \d\d:\d\d by ana\.", asked["text"]), asked["text"]  # not ISO
    assert "ann2.amr (ann2) changed since the session was made" in asked["text"]
    assert "changed since the session was made" in window.banner.text()


def second_window(qtbot, window, tmp_path):
    """Another window of the same process, on the same files, while ``window`` holds their session."""
    start_session(qtbot, window)
    other = MainWindow(temporary_settings(tmp_path, "other.ini"))
    qtbot.addWidget(other)
    other.state.adjudication.clock = window.clock  # the lock's heartbeat is on the same clock
    other.state.settings.save_adjudicator("ben")
    score_now(other.state, *window.files)
    return other


def test_a_second_window_on_the_session_gets_the_engines_refusal(qtbot, window, tmp_path, monkeypatch):
    other = second_window(qtbot, window, tmp_path)
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: refused.append(text))
    monkeypatch.setattr(commands, "resume_choice", lambda ctx, path: "resume")
    other.action_set["adjudicate"].trigger()
    assert other.state.adjudication.session is None
    assert len(refused) == 1 and "is open for writing by ana (process" in refused[0]
    assert "close it there first" in refused[0] and "open for writing by ana" in other.banner.text()
    other.close()


def test_the_resume_question_names_the_live_window_holding_the_session_and_offers_no_resume(
    qtbot, window, tmp_path, monkeypatch
):
    other = second_window(qtbot, window, tmp_path)
    asked = []

    def answer(box):
        asked.append((box.text(), [button.text() for button in box.buttons()], box.defaultButton().text()))
        box.defaultButton().click()

    monkeypatch.setattr(QMessageBox, "exec", answer)
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: refused.append(text))
    other.action_set["adjudicate"].trigger()
    ((text, buttons, default),) = asked
    assert "open for writing by ana (process" in text and "resumed here once it is closed there" in text
    assert "Resume" not in buttons and "New Session..." in buttons and default == "Cancel"
    assert other.state.adjudication.session is None and refused == []  # nothing offered that is refused then
    window.action_set["close_session"].trigger()  # released: resuming is offered again
    asked.clear()
    other.action_set["adjudicate"].trigger()
    assert asked[0][2] == "Resume" and other.state.adjudication.session is not None
    other.close()


def test_another_process_holding_the_session_is_named(qtbot, window, monkeypatch):
    adjudication = start_session(qtbot, window)
    window.action_set["close_session"].trigger()
    adjudication.clock = utc_now  # the other process's lock is on the real clock
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from engine.adjudication import Session; "
            f"s = Session.open({str(window.session_path)!r}, 'zoe'); print('ready', flush=True); sys.stdin.read()",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "ready"
        refused = []
        monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: refused.append(text))
        assert not commands.open_session(window.context, window.session_path)
        assert f"open for writing by zoe (process {holder.pid} on" in refused[0]
    finally:
        holder.stdin.close()
        holder.wait(timeout=20)
    assert commands.open_session(window.context, window.session_path)  # released when that process ended
    assert adjudication.session.author == "ana"


def test_closing_the_window_writes_the_notes_being_typed(qtbot, window):
    start_session(qtbot, window)
    qtbot.keyClicks(window.adjudication_panel.notes, "typed just before closing")
    window.close()  # no Save asked: the notes are written, the lock released
    with Session.open(window.session_path, "ana") as session:
        assert session.sentence(0).notes == "typed just before closing"


def test_other_files_close_the_session_and_opening_it_loads_its_files(qtbot, window):
    adjudication = start_session(qtbot, window)
    score_now(window.state, *SPEC_PAIR)
    assert adjudication.session is None and "other files were opened" in window.banner.text()
    assert window.status_line.label.text().startswith("Closed the adjudication session s.adjudication.sqlite")
    review = window.corpus_panel.model.first_review_column
    assert window.corpus_panel.table.isColumnHidden(review)
    assert window.corpus_panel.table.horizontalHeader().visualIndex(review) == review
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        assert commands.open_session(window.context, window.session_path)  # Adjudication > Open Session File
    assert window.state.scoring.files.paths == tuple(path.resolve() for path in window.files)
    assert adjudication.view().record.id == "s1" and window.adjudication_panel.counts.text().endswith(
        ": 0 decided (0 accepted, 0 rejected), 3 open"
    )
    assert "adjudicating in s.adjudication.sqlite" in window.windowTitle()


KILLED_APP = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ui.shell.main_window import MainWindow
from tests.ui_support import score_now, temporary_settings
folder = Path(sys.argv[1])
window = MainWindow(temporary_settings(folder, "killed.ini"))
state = window.state
score_now(state, folder / "ann1.amr", folder / "ann2.amr")
adjudication = state.adjudication
assert adjudication.open(folder / "s.adjudication.sqlite", "ana") is None
panel = window.adjudication_panel
panel.judge(True)
adjudication.set_status("agreed")
state.selection.show_pair(state.scoring.corpus.pairs[1])
panel.judge(False)
print("done", flush=True)
sys.stdin.read()
"""


def test_killing_the_app_loses_nothing_shown_as_done(qtbot, window):
    start_session(qtbot, window)
    window.action_set["close_session"].trigger()
    folder = window.session_path.parent
    app = subprocess.Popen(
        [sys.executable, "-c", KILLED_APP, str(folder)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert app.stdout is not None
    try:
        assert app.stdout.readline().strip() == "done"
    finally:
        app.kill()  # SIGKILL: no close event, no clean-up
        app.wait(timeout=20)
    with Session.open(window.session_path, "ben") as session:  # the dead writer's lock is taken over
        assert session.sentence(0).status == "agreed" and len(session.decisions(0)) == 1
        assert [required(record.decision.verdict).accepted for record in session.decisions(1)] == [False]


def test_the_new_session_starts_on_the_gold_chosen_when_the_files_were_opened(qtbot, window, tmp_path):
    start_session(qtbot, window)
    assert window.offered_gold == window.files[1]  # the pair's gold file
    window.action_set["close_session"].trigger()
    state = window.state
    wait_until_idle(qtbot, state)  # the files scored in their roles again
    open_annotators(qtbot, state, ANNOTATOR_FILES, gold=ANNOTATOR_FILES[2])  # --gold comptest_gold.txt
    assert commands.chosen_gold(window.context) == ANNOTATOR_FILES[2]
    dialog = adjudication_dialogs.NewSessionDialog(
        list(state.scoring.files.paths), window, commands.chosen_gold(window.context)
    )
    assert dialog.gold_box.currentText() == "comptest_gold.txt" and dialog.gold() == ANNOTATOR_FILES[2]
    state.annotators.set_gold(None)  # the matrix's gold unmarked: none
    assert commands.chosen_gold(window.context) is None
    assert adjudication_dialogs.NewSessionDialog(list(state.scoring.files.paths), window, None).gold() is None


def test_the_new_session_dialog_names_files_of_the_same_name_by_their_folder(qtbot, tmp_path):
    paths = [tmp_path / who / "amr.txt" for who in ("alice", "bob")]
    for path in paths:
        path.parent.mkdir()
        path.write_text("(a / b)\n", encoding="utf-8")
    dialog = adjudication_dialogs.NewSessionDialog(paths, None, paths[1])
    qtbot.addWidget(dialog)
    assert [dialog.gold_box.itemText(k) for k in range(1, 3)] == ["alice/amr.txt", "bob/amr.txt"]
    assert dialog.gold() == paths[1] and dialog.gold_box.currentText() == "bob/amr.txt"
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Files: alice/amr.txt, bob/amr.txt" in labels


def messages(state):
    shown: list[str] = []
    state.messages.message.connect(shown.append)
    return shown


def test_undo_and_redo_say_so_in_the_status_bar(qtbot, window):
    adjudication = start_session(qtbot, window)
    shown = messages(window.state)
    judge(qtbot, window, "(w/want-01 :polarity -)", accept=False)
    decided = "s1: rejected ann2's disagreement (only in annotation): (w/want-01 :polarity -)"
    assert shown[-1] == f"{decided} (saved)"
    window.action_set["undo"].trigger()
    assert shown[-1] == f"Undone: {decided} (saved)" and adjudication.session.decisions(0) == []
    assert window.status_line.label.text().startswith("Undone: s1: rejected")  # in the status bar
    window.action_set["redo"].trigger()
    assert shown[-1] == f"Redone: {decided} (saved)" and len(adjudication.session.decisions(0)) == 1
    window.action_set["status_agreed"].trigger()
    window.action_set["undo"].trigger()
    assert shown[-1] == "Undone: s1: status not reviewed -> agreed (saved)"


def log_rows(panel):
    model = panel.log_model
    return [tuple(model.index(row, column).data() for column in range(4)) for row in range(model.rowCount())]


def test_the_history_shows_the_whole_log_again_after_reopening(qtbot, window):
    clock, panel = window.clock, window.adjudication_panel
    adjudication = start_session(qtbot, window)
    clock.tick()
    judge(qtbot, window, "(w/want-01 :polarity -)", accept=False)
    clock.tick()
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    clock.tick()
    window.action_set["status_needs_discussion"].trigger()
    clock.tick()
    qtbot.keyClicks(panel.notes, "sense of go?")
    adjudication.flush_notes()
    clock.tick()
    window.action_set["undo"].trigger()  # the notes
    clock.tick()
    window.action_set["redo"].trigger()
    before = log_rows(panel)
    changes = [row[3] for row in before]
    assert changes == [
        "rejected ann2's disagreement (only in annotation): (w/want-01 :polarity -)",
        "accepted ann2's disagreement (concept differs): (g/go-01 :ARG0 b/boy) vs (g/go-02 :ARG0 b/boy)",
        "status not reviewed -> needs discussion",
        'notes: "sense of go?"',
        'undid: notes: "sense of go?"',  # the undo and the redo, said as such
        'redid: notes: "sense of go?"',
    ]
    assert {row[1] for row in before} == {"ana"} and {row[2] for row in before} == {"s1"}
    assert [row[0] for row in before] == [f"2025-03-01 10:00:{second:02d}" for second in range(1, 7)]
    window.action_set["close_session"].trigger()
    assert panel.log_model.rowCount() == 0
    window.name = "ben"
    window.state.settings.save_adjudicator("ben")
    assert commands.open_session(window.context, window.session_path)
    assert log_rows(panel) == before  # everything the log holds, in order, with author and time
    # the undo steps too: the decisions, the status and the notes (typed, undone and redone: one step each way)
    stack = adjudication.stack
    assert [stack.text(k) for k in range(stack.count())] == [
        "s1: rejected ann2's disagreement (only in annotation): (w/want-01 :polarity -)",
        "s1: accepted ann2's disagreement (concept differs): (g/go-01 :ARG0 b/boy) vs (g/go-02 :ARG0 b/boy)",
        "s1: status not reviewed -> needs discussion",
        "s1: notes edited",
    ]
    window.action_set["undo"].trigger()  # the last change made before closing: the notes
    assert (
        adjudication.session.sentence(0).notes == "" and adjudication.session.sentence(0).status == "needs discussion"
    )
    window.action_set["undo"].trigger()
    assert adjudication.session.sentence(0).status == "not reviewed"
    assert log_rows(panel)[-1][1:] == ("ben", "s1", "undid: status not reviewed -> needs discussion")
    # a logged change's sentence is shown by a double click
    select_sentence(window, "s3")
    panel.log.doubleClicked.emit(panel.log_proxy.index(0, 3))
    assert window.state.selection.pair.id == "s1"


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_the_adjudication_perspective_shows_sentence_status_decider_and_notes(qtbot, tmp_path, size):
    width, height = size
    window = shown_window(qtbot, tmp_path, None, (width, height - 50))  # 50: a maximised window's title and borders
    files = [tmp_path / path.name for path in (ANNOTATOR_FILES[0], ANNOTATOR_FILES[2])]
    for copy, path in zip(files, (ANNOTATOR_FILES[0], ANNOTATOR_FILES[2])):
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    score_now(window.state, *files)
    session = create_session(NewSession(tuple(files), "ana", tmp_path / "m.adjudication.sqlite"))
    assert window.state.adjudication.open(session, "ana") is None
    for _ in range(3):
        QApplication.processEvents()
    assert window.workspace.current == "adjudication" and window.width() <= width  # the window fits the screen
    table = window.corpus_panel.table
    header, room = table.horizontalHeader(), table.viewport().width()
    # the review and the first two scores in sight (the sentence goes last, whole in its tooltip):
    # at 1366 the new user saw no score at all
    for name in ("Adjudication", "Decided by", "Notes", "Concept F1", "LR F1"):
        column = window.corpus_panel.model.columns.index(name)
        start = header.sectionViewportPosition(column)
        assert start >= 0 and start + header.sectionSize(column) <= room, (name, start, header.sectionSize(column))
    assert window.corpus_panel.table.isVisible() and window.adjudicated_graphs.test_view.width() > 0.2 * width
    # the Adjudication panel: the notes several lines high, "Decided by" whole, the information
    # lines one line each, four rows of disagreements or more (at 1366 the new user saw 2 lines
    # of notes, "Decided by" clipped and 5 rows; this window, 50 px lower, had 2.7 lines and 3 rows)
    panel = window.adjudication_panel
    assert panel.notes.viewport().height() >= 3.5 * panel.notes.fontMetrics().lineSpacing()
    assert panel.decided.height() >= panel.decided.heightForWidth(panel.decided.width())
    for label in (panel.scoring, panel.saved, panel.counts):
        assert label.height() < 2 * label.fontMetrics().lineSpacing(), label.text()
    rows = panel.table.viewport().height() / panel.table.verticalHeader().defaultSectionSize()
    assert rows >= 4, rows


def test_the_sessions_scoring_order_is_neither_remembered_nor_kept_after_the_session(qtbot, window):
    """Without a gold the session scores the other annotator against the annotation the sentences
    start from (ann2 against ann1: the files' order reversed); the files the user opened, in their
    order, are what is remembered, and what is scored again once the session closes."""
    state = window.state
    ann1, ann2 = (path.resolve() for path in window.files)
    start_session(qtbot, window)
    assert (state.scoring.files.test_path.resolve(), state.scoring.files.gold_path.resolve()) == (ann2, ann1)
    assert state.settings.recent()[0].paths == (ann1, ann2)
    window.action_set["close_session"].trigger()
    wait_until_idle(qtbot, state)
    assert (state.scoring.files.test_path.resolve(), state.scoring.files.gold_path.resolve()) == (ann1, ann2)
    assert "ann1.amr vs ann2.amr" in window.windowTitle()
    assert state.settings.recent()[0].paths == (ann1, ann2) and len(state.settings.recent()) == 1
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):  # resumed: ann2 against ann1 again
        assert commands.open_session(window.context, window.session_path)
    window.close()  # quit with the session open
    assert state.settings.recent()[0].paths == (ann1, ann2) and len(state.settings.recent()) == 1


FOURTEEN_NODES = """# ::id b1
# ::snt Combined treatment of selumetinib and standard of care agents results in enhanced anti-tumour efficacy
(r / {result}
   :ARG1 (a / and
            :op1 (t / {treat}
                    :ARG2 (a3 / and
                             :op1 (s2 / small-molecule :name (n / name :op1 "selumetinib"))
                             :op2 (s / {standard} :mod (a2 / {agent} :mod (c / care-03))))
                    :ARG3 (c2 / {combine})))
   :ARG2 (e / efficacy
            :ARG1-of (e2 / enhance-01)
            :mod (c3 / counter-01 :ARG1 (t2 / tumor))))
"""


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_the_adjudication_perspective_shows_both_graphs_whole_and_five_disagreements(qtbot, tmp_path, size):
    """A sentence of 14 nodes: the annotator's and the adjudicated graph are both in sight whole
    at a readable size, five disagreements or more in sight under them with their triples whole,
    the verdict and edit buttons below the table."""
    width, height = size
    files = (tmp_path / "a.amr", tmp_path / "b.amr")
    files[0].write_text(
        FOURTEEN_NODES.format(
            result="result-01", treat="treat-04", standard="standard", agent="agent", combine="combine-01"
        )
    )
    files[1].write_text(
        FOURTEEN_NODES.format(
            result="result-02", treat="cell-04", standard="protein", agent="thing", combine="combine-02"
        )
    )
    window = shown_window(qtbot, tmp_path, files, (width, height - 50))
    session = create_session(NewSession(files, "ana", tmp_path / "b.adjudication.sqlite"))
    assert window.state.adjudication.open(session, "ana") is None
    wait_until_idle(qtbot, window.state)
    for _ in range(3):
        QApplication.processEvents()
    graphs = window.adjudicated_graphs
    for view in (graphs.test_view, graphs.gold_view):
        scene = view.graph_scene
        assert len(scene.node_items) == 15  # 14 nodes and the constant
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        assert all(shown.contains(item.sceneBoundingRect()) for item in scene.node_items.values())
        assert QtText.node_px * view.scale_factor() >= WHOLE_TEXT_PX  # fitted down to it: whole
    panel = window.adjudication_panel
    table = panel.table
    assert panel.proxy.rowCount() >= 5
    assert table.viewport().height() // table.verticalHeader().defaultSectionSize() >= 5
    metrics = table.fontMetrics()
    for row in range(panel.proxy.rowCount()):
        for column in (2, 3):
            text = panel.proxy.index(row, column).data()
            assert metrics.horizontalAdvance(text) < table.horizontalHeader().sectionSize(column), text
    for button in (panel.accept_button, panel.reject_button, *panel.edit_buttons):
        assert button.isVisible() and button.geometry().top() > table.geometry().bottom() - 1
