"""Which pair the corpus table scores while an adjudication session is open, driven through the
main window: a session made from a cell of the annotators' matrix, and one reopened after the
app started again, score the compared annotator against the session's gold (the pair the
disagreements panel compares with the adjudicated graph), and the panel says so."""

import threading

import pytest

from engine.read import load_pairs
from engine.scoring import score_corpus
from ui.adjudication import dialogs as adjudication_dialogs
from ui.adjudication.tasks import NewSession, create_session
from ui.shell.commands import adjudication as commands

from .test_ui_adjudication import accepted_with, choose
from .ui_support import (
    ANNOTATOR_FILES,
    SPEC_PAIR,
    hold_first_scoring_until_cancelled,
    open_annotators,
    score_now,
    shown_window,
    wait_until_idle,
)


@pytest.fixture
def copies(tmp_path):
    """The four MetAMoRphosED annotators' files (annot1, annot3, gold, sys), copied."""
    files = [tmp_path / path.name for path in ANNOTATOR_FILES]
    for copy, path in zip(files, ANNOTATOR_FILES):
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return files


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    window = shown_window(qtbot, tmp_path, None)
    window.state.settings.save_adjudicator("ana")
    window.session_path = tmp_path / "m.adjudication.sqlite"
    monkeypatch.setattr(
        adjudication_dialogs.NewSessionDialog,
        "exec",
        accepted_with(lambda dialog: dialog.path_edit.setText(str(window.session_path))),
    )  # the gold chosen with the files
    yield window
    window.close()


def scored(window):
    """The test and gold file names of the corpus table's scores."""
    files = window.state.scoring.files
    return files.test_path.name, files.gold_path.name


def micro_lr(test, gold):
    """The corpus's micro LR F1 of two files, scored apart from the app."""
    return score_corpus(load_pairs(test, gold).pairs).micro["labeled_relation"].f


def wait_scored(qtbot, window, names):
    qtbot.waitUntil(
        lambda: not window.state.scoring.busy and window.state.scoring.files is not None and scored(window) == names,
        timeout=30000,
    )


def test_a_session_made_from_a_matrix_cell_scores_the_compared_annotator_against_the_gold(qtbot, window, copies):
    state, panel = window.state, window.adjudication_panel
    open_annotators(qtbot, state, copies, gold=copies[2])  # annot1, annot3, gold (the gold), sys
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=30000):
        assert state.annotators.open_cell(1, 0)  # the last cell clicked: annot3 against annot1
    assert scored(window) == ("comptest_annot3.txt", "comptest_annot1.txt")
    select = next(result for result in state.scoring.corpus.pairs if result.id == "sentence 2")
    state.selection.select_pair(select)
    window.action_set["adjudicate"].trigger()  # Adjudication > Adjudicate Loaded Files: a new session
    qtbot.waitUntil(lambda: state.adjudication.session is not None, timeout=30000)
    assert state.adjudication.session.gold == "comptest_gold"
    # the table, its micro F1 and the pair's graphs: annot1 - the annotator the disagreements
    # compare with the adjudicated graph - against the gold, on the sentence shown before
    wait_scored(qtbot, window, ("comptest_annot1.txt", "comptest_gold.txt"))
    assert panel.compared_box.currentText() == "comptest_annot1"
    assert state.selection.pair.id == "sentence 2" and state.adjudication.view().record.id == "sentence 2"
    assert state.scoring.corpus.micro["labeled_relation"].f == pytest.approx(micro_lr(copies[0], copies[2]))
    assert state.annotators.cell == (0, 2)  # the matrix's bar names the same cell
    text = panel.scoring.text()
    assert "<b>comptest_annot1</b> (test) against <b>comptest_gold</b> (gold)" in text
    assert "disagreements: <b>comptest_annot1</b> against the adjudicated graph" in text
    # another annotator compared: the table follows
    choose(panel.compared_box, "comptest_sys")
    wait_scored(qtbot, window, ("comptest_sys.txt", "comptest_gold.txt"))
    assert "<b>comptest_sys</b> (test) against <b>comptest_gold</b> (gold)" in panel.scoring.text()
    assert state.selection.pair.id == "sentence 2"


def test_an_annotator_compared_while_another_is_being_scored_is_scored_next(qtbot, window, copies, monkeypatch):
    """Choosing "comptest_sys" then "comptest_annot3" as the compared annotator quickly: the
    second choice came while the first was being scored and was dropped, leaving the table on
    comptest_sys while the panel compared comptest_annot3."""
    state, panel = window.state, window.adjudication_panel
    open_annotators(qtbot, state, copies, gold=copies[2])
    window.action_set["adjudicate"].trigger()
    qtbot.waitUntil(lambda: state.adjudication.session is not None, timeout=30000)
    wait_until_idle(qtbot, state)
    assert scored(window) == ("comptest_annot1.txt", "comptest_gold.txt")
    released = threading.Event()
    requests = hold_first_scoring_until_cancelled(monkeypatch, released)
    choose(panel.compared_box, "comptest_sys")
    assert state.scoring.busy
    choose(panel.compared_box, "comptest_annot3")
    released.set()
    wait_until_idle(qtbot, state)
    assert state.adjudication.compared == "comptest_annot3" and panel.compared_box.currentText() == "comptest_annot3"
    assert scored(window) == ("comptest_annot3.txt", "comptest_gold.txt")
    assert [request.files.test_path.name for request in requests] == ["comptest_sys.txt", "comptest_annot3.txt"]
    assert "<b>comptest_annot3</b> (test) against <b>comptest_gold</b> (gold)" in panel.scoring.text()


def test_a_reopened_session_scores_against_its_gold_not_the_first_two_files(qtbot, window, copies):
    state, panel = window.state, window.adjudication_panel
    create_session(NewSession(tuple(copies), "ana", window.session_path, gold=copies[2]))
    score_now(state, *SPEC_PAIR)  # other files are shown, as after a restart
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=30000):
        assert commands.open_session(window.context, window.session_path)  # Adjudication > Open Session File
    # not the session's first two files (annot1 against annot3): annot1 against the gold
    assert scored(window) == ("comptest_annot1.txt", "comptest_gold.txt")
    assert panel.compared_box.currentText() == "comptest_annot1"
    assert "<b>comptest_annot1</b> (test) against <b>comptest_gold</b> (gold)" in panel.scoring.text()
    assert state.scoring.corpus.micro["labeled_relation"].f == pytest.approx(micro_lr(copies[0], copies[2]))
