"""The Adjudication panel and the adjudication's dialogs alone with a state (no main window):
the empty page, status and notes, start annotation, the agreement re-scored after a change
(values computed by hand), the disagreements with their consequence, the graph edits and an
alignment correction."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.adjudication import AddRelation, Decision, ExcludePair, PinPair, SetTop
from engine.model import Attribute
from ui.adjudication import dialogs
from ui.adjudication.panel import AdjudicationPanel, RowsShown
from ui.adjudication.tasks import NewSession, create_session
from ui.app_state import AppState

from .ui_support import adjudication_files, score_now, temporary_settings


class SessionState(AppState):
    """The application state, no different, with the path of the session made for the tests."""

    session_path: Path


@pytest.fixture
def state(tmp_path):
    state = SessionState(temporary_settings(tmp_path))
    files = adjudication_files(tmp_path)
    score_now(state, *files)
    state.session_path = create_session(NewSession(tuple(files), "ana", tmp_path / "p.adjudication.sqlite"))
    yield state
    state.shutdown()


@pytest.fixture
def panel(qtbot, state):
    panel = AdjudicationPanel(state)
    qtbot.addWidget(panel)
    assert panel.pages.currentIndex() == 0 and "No adjudication session" in panel.empty_label.text()
    assert state.adjudication.open(state.session_path, "ana") is None
    assert panel.pages.currentIndex() == 1
    return panel


def scores(panel):
    """Annotator -> {column (metric, Corrections): shown value}."""
    table = panel.scores
    return {
        table.verticalHeaderItem(r).toolTip(): {
            table.horizontalHeaderItem(c).text().replace("\n", " "): table.item(r, c).text()
            for c in range(table.columnCount())
        }
        for r in range(table.rowCount())
    }


def rows(panel):
    return [tuple(panel.proxy.index(r, c).data() for c in range(4)) for r in range(panel.proxy.rowCount())]


def test_the_sentence_its_disagreements_and_agreement(panel, state):
    assert panel.header.text().startswith("<b>s1</b> (1 of 3)") and panel.header.toolTip() == "The boy wants to go."
    assert panel.status_box.currentText() == "not reviewed" and panel.start_box.currentText() == "ann1"
    assert rows(panel) == [
        ("to decide", "concept differs", "(w/want-01 :ARG1 g/go-01)", "(w/want-01 :ARG1 g/go-02)"),
        ("to decide", "concept differs", "(g/go-01 :ARG0 b/boy)", "(g/go-02 :ARG0 b/boy)"),
        ("to decide", "only in annotation", "(w/want-01 :polarity -)", ""),
    ]
    assert panel.model.headers[2] == "ann2's triple"
    assert panel.counts.text() == "3 disagreements of ann2: 0 decided (0 accepted, 0 rejected), 3 open"
    assert panel.accept_button.toolTip() == "Accept: take the annotator's concepts (Ctrl+Return)"
    # ann1 is the adjudicated graph; ann2's concepts: w, b the same (S = 1), go-01 / go-02 (S = 1 - 0.1 = 0.9):
    # P = R = 2.9 / 3, F = 0.9667
    assert scores(panel)["ann1"]["Concept"] == "1.0000" and scores(panel)["ann2"]["Concept"] == "0.9667"
    panel.table.selectRow(2)
    assert state.adjudication.row.match.category.value == "only in test"
    assert panel.reject_button.toolTip() == "Reject: leave it out (Ctrl+Delete)"
    panel.judge(False)
    assert rows(panel)[2][0] == "rejected"
    assert panel.counts.text() == "3 disagreements of ann2: 1 decided (0 accepted, 1 rejected), 2 open"
    panel.judge(True)  # the first row still to decide was selected: ann2's go-01 is taken
    assert scores(panel)["ann2"]["Concept"] == "1.0000" and scores(panel)["ann1"]["Concept"] == "0.9667"
    assert panel.start_box.isEnabled() is False and "2 decision(s)" in panel.decided.text()
    assert panel.history.model().rowCount() == 3


def test_status_notes_and_start(qtbot, panel, state):
    adjudication = state.adjudication
    panel.status_box.setCurrentText("agreed")
    panel.status_box.activated.emit(panel.status_box.currentIndex())
    assert adjudication.session.sentence(0).status == "agreed" and panel.decided.text().startswith("ana")
    qtbot.keyClicks(panel.notes, "sense?")
    assert adjudication.pending_notes(0) == "sense?" and adjudication.session.sentence(0).notes == ""
    qtbot.waitUntil(lambda: adjudication.session.sentence(0).notes == "sense?")
    qtbot.keyClicks(panel.notes, " go-01")
    adjudication.flush_notes()
    assert adjudication.stack.count() == 2  # the notes typed in two goes are one change to undo
    adjudication.undo()
    assert adjudication.session.sentence(0).notes == "" and panel.notes.toPlainText() == ""
    adjudication.undo()
    assert panel.status_box.currentText() == "not reviewed"
    panel.start_box.setCurrentText("ann2")
    panel.start_box.activated.emit(panel.start_box.currentIndex())
    assert adjudication.session.sentence(0).start == "ann2" and panel.compared_box.currentText() == "ann1"
    assert rows(panel)[0][1:] == ("concept differs", "(w/want-01 :ARG1 g/go-02)", "(w/want-01 :ARG1 g/go-01)")


def test_an_excluded_pair_is_scored_without_it_and_a_pin_with_it(panel, state):
    adjudication = state.adjudication
    state.selection.show_pair(state.scoring.corpus.pairs[2])
    assert adjudication.view().record.id == "s3"
    # ann2 against ann1 in s3: s, p, n the same; leave-01 / leave-11 S = 0.9; ann2's b (before) unaligned:
    # P = 3.9 / 5, R = 3.9 / 4, F = 2PR / (P + R) = 0.8667
    assert scores(panel)["ann2"]["Concept"] == "0.8667"
    dialog = dialogs.AlignmentDialog(
        "ann2",
        adjudication.view().agreements["ann2"].annotation,
        adjudication.view().adjudicated.graph,
        adjudication.decide,
        "l",
        "l",
        ExcludePair,
    )
    dialog.accept()
    assert dialog.result() == 1
    # l no longer aligned: P = 3 / 5, R = 3 / 4, F = 0.6667
    assert scores(panel)["ann2"]["Concept"] == "0.6667"
    assert scores(panel)["ann2"]["Corrections"] == "1 excluded"
    adjudication.undo()
    dialog = dialogs.AlignmentDialog(
        "ann2",
        adjudication.view().agreements["ann2"].annotation,
        adjudication.view().adjudicated.graph,
        adjudication.decide,
        "b",
        "l",
        PinPair,
    )
    dialog.accept()
    # b (before) pinned to l (leave-11): S = 0; l and the rest: leave-01 unaligned now, so P = 3 / 5, R = 3 / 4
    assert adjudication.view().agreements["ann2"].correction.pinned == ((4, 3),)
    assert scores(panel)["ann2"]["Concept"] == "0.6667"


def test_graph_edit_dialogs(panel, state):
    adjudication = state.adjudication
    graph = adjudication.view().adjudicated.graph
    node = dialogs.NodeDialog(graph, adjudication.decide, "g")
    node.concept_edit.setText("quick")
    assert node.var_edit.text() == "q"
    node.role_edit.setText(":manner")
    node.accept()
    assert node.result() == 1 and "(q / quick)" in adjudication.view().adjudicated.graph.penman
    graph = adjudication.view().adjudicated.graph
    relation = dialogs.RelationDialog(graph, adjudication.decide)
    relation.relation_box.setCurrentIndex(relation.relation_box.findText("g :manner q"))
    relation.role_edit.setText(":mod")
    relation.accept()
    assert ":mod (q / quick)" in adjudication.view().adjudicated.graph.penman
    constant = dialogs.NewRelationDialog(adjudication.view().adjudicated.graph, adjudication.decide, "w")
    constant.role_edit.setText(":polarity")
    constant.target_box.setCurrentIndex(constant.target_box.findData(None))
    constant.constant_edit.setText("-")
    constant.accept()
    assert ":polarity -" in adjudication.view().adjudicated.graph.penman
    removal = dialogs.RelationDialog(adjudication.view().adjudicated.graph, adjudication.decide)
    removal.relation_box.setCurrentIndex(removal.relation_box.findText("w :polarity -"))
    removal._remove()
    assert ":polarity" not in adjudication.view().adjudicated.graph.penman
    # a relation that would leave a node unconnected is made, and the panel says why it cannot be written yet
    cut = dialogs.RelationDialog(adjudication.view().adjudicated.graph, adjudication.decide)
    cut.relation_box.setCurrentIndex(cut.relation_box.findText("g :mod q"))
    cut._remove()
    assert panel.problem.text().startswith("Not writable yet: not connected to the top w: q / quick")
    assert adjudication.stack.count() == 5


def test_a_clicked_node_selects_its_first_disagreement(panel, state):
    state.adjudication.select_node("gold", "g")
    assert rows(panel)[panel.table.currentIndex().row()][3] == "(w/want-01 :ARG1 g/go-02)"
    state.adjudication.select_node("test", "w")
    assert panel.table.currentIndex().row() == 0
    panel.table.selectRow(2)
    state.adjudication.select_node("gold", "nothing-here")
    assert panel.table.currentIndex().row() == 2


def test_a_pair_outside_the_session(panel, state):
    state.adjudication.close()
    assert panel.pages.currentIndex() == 0
    state.adjudication.open(state.session_path, "ana")
    state.selection.select_pair(None)
    assert panel.header.text() == "Select a sentence in the corpus table." and not panel.status_box.isEnabled()
    assert panel.proxy.rowCount() == 0
    problems = []
    state.messages.problem.connect(lambda text, details: problems.append(text))
    assert not dialogs.edit_concept(panel, state.adjudication)  # no sentence: the dialog says so, opens nothing
    assert problems == ["Select a sentence of the adjudication session first."]


def test_dialogs_start_on_the_selected_disagreement(panel, state, monkeypatch):
    seen = []

    def concept_dialog(dialog):
        seen.append((dialog.node_box.currentText(), dialog.concept_edit.text()))
        return 0

    def relation_dialog(dialog):
        seen.append((dialog.relation_box.currentText(), dialog.role_edit.text()))
        return 0

    monkeypatch.setattr(dialogs.ConceptDialog, "exec", concept_dialog)
    monkeypatch.setattr(dialogs.RelationDialog, "exec", relation_dialog)
    panel.table.selectRow(1)  # ann2's (g/go-01 :ARG0 b/boy) against the adjudicated (g/go-02 :ARG0 b/boy)
    assert not dialogs.edit_concept(panel, state.adjudication) and not dialogs.edit_relation(panel, state.adjudication)
    assert seen == [("g / go-02", "go-02"), ("g :ARG0 b", ":ARG0")]
    assert state.adjudication.session.decisions(0) == []  # cancelled: nothing decided


def show(panel, key):
    panel.shown_box.setCurrentIndex(list(RowsShown).index(RowsShown[key.upper()]))
    panel.shown_box.activated.emit(panel.shown_box.currentIndex())


def test_decided_disagreements_stay_greyed_and_the_counts_agree(panel, state):
    panel.table.selectRow(2)
    panel.judge(False)  # ann2's polarity rejected
    panel.judge(True)  # the open row nearest: ann2's go-01 taken, which settles the other go-01 row too
    decided = [  # the adjudicated triple as it is now: go-01 taken
        ("accepted", "concept differs", "(g/go-01 :ARG0 b/boy)", "(g/go-01 :ARG0 b/boy)"),
        ("rejected", "only in annotation", "(w/want-01 :polarity -)", ""),
    ]
    assert panel.shown_box.currentText() == "open and decided" and rows(panel) == decided
    assert panel.counts.text() == "2 disagreements of ann2: 2 decided (1 accepted, 1 rejected), 0 open"
    assert "2 decision(s) on this sentence" in panel.decided.text()  # the same two decisions
    grey = panel.proxy.index(0, 2).data(Qt.ItemDataRole.ForegroundRole)
    assert grey is not None and grey.color().name() == "#8a8a8a"
    assert not panel.accept_button.isEnabled()  # nothing open is selected
    panel.table.selectRow(1)  # a rejected row still disagrees: it can be accepted after all
    assert panel.accept_button.isEnabled()
    show(panel, "open")
    assert rows(panel) == [] and panel.counts.text().endswith("0 open")
    show(panel, "decided")
    assert rows(panel) == decided
    show(panel, "matched")  # every triple: the accepted one once, as decided
    shown = rows(panel)
    assert decided[0] in shown and decided[1] in shown and len(shown) == 5
    assert shown[0] == ("", "matched", "top: w/want-01", "top: w/want-01")  # the tops first
    assert ("", "matched", "(w/want-01 :ARG1 g/go-01)", "(w/want-01 :ARG1 g/go-01)") in shown
    assert state.adjudication.show_matched
    show(panel, "all")
    assert not state.adjudication.show_matched and rows(panel) == decided
    state.adjudication.undo()
    assert [row[0] for row in rows(panel)] == ["to decide", "to decide", "rejected"]
    assert panel.counts.text().endswith("1 decided (0 accepted, 1 rejected), 2 open")


def test_notes_typed_and_taken_back_leave_no_undo_step(qtbot, panel, state):
    adjudication = state.adjudication
    adjudication.set_status("agreed")
    qtbot.keyClicks(panel.notes, "tbd")
    adjudication.flush_notes()
    assert adjudication.stack.count() == 2 and adjudication.session.sentence(0).notes == "tbd"
    panel.notes.clear()  # typed away again: both are written, and nothing is left to undo
    adjudication.flush_notes()
    assert adjudication.stack.count() == 1 and adjudication.session.sentence(0).notes == ""
    assert [entry.text for entry in adjudication.log_entries()] == [
        "status not reviewed -> agreed",
        'notes: "tbd"',
        "notes cleared",
    ]
    adjudication.undo()
    assert adjudication.session.sentence(0).status == "not reviewed"


def test_a_decided_row_whose_triple_is_gone_is_shown_and_selected_safely(panel, state):
    adjudication = state.adjudication
    assert adjudication.decide(Decision((AddRelation(Attribute("w", ":mode", "expressive")),))) is None
    extra = next(r for r in range(panel.proxy.rowCount()) if panel.proxy.item(r).category == "only in adjudicated")
    panel.table.selectRow(extra)
    panel.judge(True)  # ann2 has no :mode: accepting removes it from the adjudicated graph
    gone = [panel.proxy.item(r) for r in range(panel.proxy.rowCount()) if panel.proxy.item(r).match is None]
    assert [row.cells() for row in gone] == [
        ("accepted", "only in adjudicated", "", "removed: (w/want-01 :mode expressive)")
    ]
    panel.table.selectRow(panel.proxy.row_of(gone[0]))
    assert adjudication.row is gone[0] and not panel.accept_button.isEnabled()
    assert dialogs._selected_node(adjudication) is None and dialogs._selected_relation(adjudication) is None
    adjudication.select_node("gold", "w")  # finds the first row on w with a triple, past the one without
    assert panel.current_row().match is not None
    show(panel, "matched")  # every triple, and the decided row without one last
    rows = adjudication.view().rows
    assert panel.proxy.rowCount() == len(rows) > 3 and rows[-1].cells() == gone[0].cells()


def test_decided_rows_keep_their_place(panel, state):
    """s2 starting from ann2's annotation, ann1 compared: accepting an "only in adjudicated" triple
    takes it out of the adjudicated graph - its row stayed, decided, but went to the bottom while
    a rejected row stays in place. Every decided row keeps its place; undoing puts it back open,
    in the same place."""
    state.selection.select_pair_id("s2")
    assert state.adjudication.set_start("ann2") is None
    assert panel.compared_box.currentText() == "ann1"
    before = rows(panel)
    gold_only = [number for number, row in enumerate(before) if row[1] == "only in adjudicated"]
    assert len(gold_only) >= 3 and gold_only[0] < len(before) - 1  # not the last row
    accepted, rejected = gold_only[0], gold_only[1]
    for number, accept in ((accepted, True), (rejected, False)):
        panel.table.selectRow(number)
        panel.judge(accept)
    after = rows(panel)
    assert [row[2] for row in after] == [row[2] for row in before]  # the same triples in the same order
    assert after[accepted][3] == "removed: " + before[accepted][3]  # taken out of the adjudicated graph
    assert [row[3] for number, row in enumerate(after) if number != accepted] == [
        row[3] for number, row in enumerate(before) if number != accepted
    ]
    assert after[accepted][0] == "accepted" and after[rejected][0] == "rejected"
    state.adjudication.undo()
    state.adjudication.undo()
    assert rows(panel) == before


def test_a_differing_top_is_a_row_counted_open_accepted_and_undone(panel, state):
    """The new user's finding: every listed disagreement accepted ("0 open") while the adjudicated
    graph was still rooted elsewhere. A differing top is a row of its own."""
    adjudication = state.adjudication
    assert adjudication.decide(Decision((SetTop("g"),))) is None  # the adjudicated graph now rooted at go-02
    assert rows(panel)[0] == ("to decide", "top differs", "top: w/want-01", "top: g/go-02")
    assert panel.middle.tabText(0) == "Disagreements with the adjudicated graph (4 open)"
    assert panel.current_row().category == "top differs"  # the first open row is selected
    assert panel.accept_button.toolTip() == "Accept: make want-01 the top (Ctrl+Return)"
    assert panel.proxy.index(0, 3).data(Qt.ItemDataRole.ToolTipRole) == (
        "top: g/go-02\ntest top w is aligned to gold w; the gold top is g"
    )
    panel.judge(True)
    assert adjudication.view().adjudicated.graph.top == "w"
    assert rows(panel)[0] == ("accepted", "top differs", "top: w/want-01", "top: w/want-01")
    assert panel.middle.tabText(0) == "Disagreements with the adjudicated graph (3 open)"
    adjudication.undo()
    assert adjudication.view().adjudicated.graph.top == "g" and rows(panel)[0][0] == "to decide"
    panel.table.selectRow(0)
    panel.judge(False)
    assert adjudication.view().adjudicated.graph.top == "g" and rows(panel)[0][0] == "rejected"
    assert panel.middle.tabText(0) == "Disagreements with the adjudicated graph (3 open)"


def test_no_decider_named_once_the_only_decision_is_undone(panel, state):
    assert panel.decided.text().startswith("nobody yet · 0 decision(s)")
    panel.table.selectRow(2)
    panel.judge(False)
    assert panel.decided.text().startswith("ana · 1 decision(s)")
    state.adjudication.undo()
    assert state.adjudication.session.sentence(0).status == "not reviewed"
    assert panel.decided.text().startswith("nobody yet · 0 decision(s)")
