"""What the adjudication views show, without Qt: pairs matched to session sentences, the
disagreement rows with their verdicts and consequences, session file names, exports."""

import json

import pytest

from engine.adjudication import (
    AddRelation,
    ChangeRelation,
    Decision,
    RemoveRelation,
    Session,
    SetConcept,
    SetTop,
    decisions_log,
)
from engine.metrics.triples import Category
from engine.model import Attribute, Edge
from ui.adjudication.rows import ChangeLog, RowDecision, counts_text, mismatch_rows, same_files, sentence_map
from ui.adjudication.tasks import ExportRequest, NewSession, create_session, export_session, free_session_path
from ui.state.tasks import TaskFailed

from .conftest import required
from .ui_support import adjudication_files


@pytest.fixture
def session(tmp_path):
    files = adjudication_files(tmp_path)
    path = create_session(NewSession(tuple(files), "ana", tmp_path / "r.adjudication.sqlite"))
    with Session.open(path, "ana") as session:
        yield session


def test_pairs_are_matched_to_sentences_by_id_else_by_position():
    assert sentence_map([(0, "a"), (1, "b")], [(0, "b"), (1, "a"), (2, "c")]) == {0: 1, 1: 0}
    assert sentence_map([(0, "a"), (1, "a")], [(0, "a"), (1, "b")]) == {0: 0, 1: 1}  # a repeated id: by position
    assert sentence_map([(0, "a"), (1, None)], [(0, "a"), (1, "b")]) == {0: 0, 1: 1}
    assert sentence_map([(0, "x")], [(0, "a")]) == {}  # unique ids on both sides, none shared


def test_same_files_in_any_order(tmp_path):
    one, two = tmp_path / "a.amr", tmp_path / "b.amr"
    assert same_files([str(two.resolve()), str(one.resolve())], [one, two])
    assert not same_files([str(one.resolve())], [one, two])


def test_rows_carry_the_last_verdict_given_on_them(session):
    agreement = session.agreement(0)["ann2"]
    polarity = next(m for m in agreement.triples() if m.category == Category.ONLY_IN_TEST)
    session.decide(0, session.triple_decision(0, "ann2", polarity, accept=False))
    rows = mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0))
    assert [(row.decision, row.category) for row in rows] == [
        (RowDecision.TO_DECIDE, "concept differs"),
        (RowDecision.TO_DECIDE, "concept differs"),
        (RowDecision.REJECTED, "only in annotation"),
    ]
    matched = [row for row in mismatch_rows(session.agreement(0)["ann2"], [], matched=True) if not row.mismatched]
    assert [str(required(row.match).test) for row in matched] == ["top: w/want-01", "(w/want-01 :ARG0 b/boy)"]
    assert (
        matched[1].decision is None
        and matched[1].cells()[0] == ""
        and matched[1].consequence(True) == "nothing to decide"
    )
    assert mismatch_rows(session.agreement(0)["ann1"], session.verdicts(0)) == []  # ann1 is the graph itself


def test_what_accepting_or_rejecting_does(session):
    rows = {required(row.match).category: row for row in mismatch_rows(session.agreement(0)["ann2"], [])}
    assert (rows[Category.ONLY_IN_TEST].consequence(True), rows[Category.ONLY_IN_TEST].consequence(False)) == (
        "add it",
        "leave it out",
    )
    assert (rows[Category.CONCEPT_DIFFERS].consequence(True), rows[Category.CONCEPT_DIFFERS].consequence(False)) == (
        "take the annotator's concepts",
        "keep the concepts",
    )
    session.decide(
        0,
        Decision(
            (
                ChangeRelation(Edge("w", ":ARG0", "b"), Edge("w", ":ARG2", "b")),
                AddRelation(Attribute("w", ":mode", "expressive")),
            )
        ),
    )
    rows = {required(row.match).category: row for row in mismatch_rows(session.agreement(0)["ann2"], [])}
    label = rows[Category.LABEL_DIFFERS]
    assert label.match is not None
    assert (str(label.match.test), str(label.match.gold)) == ("(w/want-01 :ARG0 b/boy)", "(w/want-01 :ARG2 b/boy)")
    assert (label.consequence(True), label.consequence(False)) == ("relabel it :ARG0", "keep its label")
    extra = rows[Category.ONLY_IN_GOLD]
    assert extra.match is not None
    assert (extra.category, str(extra.match.gold)) == ("only in adjudicated", "(w/want-01 :mode expressive)")
    assert (extra.consequence(True), extra.consequence(False)) == ("remove it", "keep it")


def test_a_decided_row_stays_when_its_triple_matches_or_is_gone(session):
    assert counts_text(mismatch_rows(session.agreement(0)["ann1"], []), "ann1") == (
        "No disagreement of ann1 with the adjudicated graph"
    )  # ann1 is the graph itself
    agreement = session.agreement(0)["ann2"]
    go = next(m for m in agreement.triples() if str(m.test) == "(g/go-01 :ARG0 b/boy)")
    session.decide(0, session.triple_decision(0, "ann2", go, accept=True))
    rows = mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0))
    accepted = rows[0]  # on the triple it made match, as it was decided
    assert accepted.match is not None
    assert accepted.match.category == Category.MATCHED and not accepted.mismatched and accepted.decided
    # the adjudicated triple as it is now: go-01 taken (the verdict, in the tooltip, says what it was)
    assert accepted.cells() == ("accepted", "concept differs", "(g/go-01 :ARG0 b/boy)", "(g/go-01 :ARG0 b/boy)")
    assert accepted.tooltip().endswith("(g/go-01 :ARG0 b/boy) vs (g/go-02 :ARG0 b/boy)")
    assert [row.decision for row in rows] == [
        RowDecision.ACCEPTED,
        RowDecision.TO_DECIDE,
    ]  # the other go-01 row was settled with it
    assert counts_text(rows, "ann2") == "2 disagreements of ann2: 1 decided (1 accepted, 0 rejected), 1 open"
    # a relation only in the adjudicated graph, removed by accepting ann2's view: the row has no triple left
    session.decide(0, Decision((AddRelation(Attribute("w", ":mode", "expressive")),)))
    extra = next(m for m in session.agreement(0)["ann2"].triples() if m.category == Category.ONLY_IN_GOLD)
    session.decide(0, session.triple_decision(0, "ann2", extra, accept=True))
    rows = mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0))
    gone = rows[-1]
    assert gone.match is None and gone.decided and not gone.mismatched and gone.consequence(True) == "nothing to decide"
    assert gone.cells() == ("accepted", "only in adjudicated", "", "removed: (w/want-01 :mode expressive)")
    assert counts_text(rows, "ann2") == "3 disagreements of ann2: 2 decided (2 accepted, 0 rejected), 1 open"


def test_an_accepted_label_shows_the_new_label_as_the_adjudicated_triple(session):
    """The new user's lpp_1943.1295: an accepted "label differs" row still showed the old :op1."""
    session.decide(0, Decision((ChangeRelation(Edge("w", ":ARG0", "b"), Edge("w", ":ARG2", "b")),)))
    label = next(m for m in session.agreement(0)["ann2"].triples() if m.category == Category.LABEL_DIFFERS)
    session.decide(0, session.triple_decision(0, "ann2", label, accept=True))
    (row,) = [row for row in mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0)) if row.decided]
    assert row.cells() == ("accepted", "label differs", "(w/want-01 :ARG0 b/boy)", "(w/want-01 :ARG0 b/boy)")


def test_a_differing_top_is_a_row_to_decide(session):
    session.decide(0, Decision((SetTop("g"),)))
    rows = mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0))
    top = rows[0]
    assert top.cells() == ("to decide", "top differs", "top: w/want-01", "top: g/go-02")
    assert (top.consequence(True), top.consequence(False)) == ("make want-01 the top", "keep the top")
    assert top.tooltip() == "test top w is aligned to gold w; the gold top is g"
    assert counts_text(rows, "ann2").endswith("4 open")  # the top and the three of the relations
    session.decide(0, session.triple_decision(0, "ann2", top.match, accept=True))
    rows = mismatch_rows(session.agreement(0)["ann2"], session.verdicts(0))
    assert rows[0].cells() == ("accepted", "top differs", "top: w/want-01", "top: w/want-01")
    assert counts_text(rows, "ann2").endswith("3 open")


def test_the_change_log_in_words_read_on_as_it_grows(session):
    log = ChangeLog()
    assert log.update(session) == []
    number = session.decide(0, Decision((SetConcept("g", "go-01"),)))
    session.set_status(0, "agreed")
    first = list(log.update(session))
    assert [(e.author, e.where, e.text) for e in first] == [
        ("ana", "s1", "concept of g: go-02 -> go-01"),
        ("ana", "s1", "status not reviewed -> agreed"),
    ]
    session.undo(0, number)
    session.set_notes(2, "line one\nline two")
    session.set_start(1, "ann2")
    entries = log.update(session)
    assert entries[0] is first[0] and entries[1] is first[1]  # read on, not again
    assert [e.text for e in entries[2:]] == [
        "undid: concept of g: go-02 -> go-01",
        'notes: "line one" (+1 line)',
        "start from ann2 (was ann1)",
    ]
    assert [e.where for e in entries] == ["s1", "s1", "s1", "s3", "s2"] and all(e.at.endswith("Z") for e in entries)


def test_undone_and_redone_statuses_notes_and_starts_say_so(session):
    session.set_status(0, "needs discussion")
    session.set_status(0, "not reviewed", step="undo")  # as Edit > Undo writes it back
    session.set_status(0, "needs discussion", step="redo")
    session.set_notes(0, "Cardiff vs Caerdydd\nsecond line")
    session.set_notes(0, "", step="undo")
    session.set_start(1, "ann2")
    session.set_start(1, "ann1", step="undo")
    session.set_start(1, "ann2", step="redo")
    assert [entry.text for entry in ChangeLog().update(session)] == [
        "status not reviewed -> needs discussion",
        "undid: status not reviewed -> needs discussion",
        "redid: status not reviewed -> needs discussion",
        'notes: "Cardiff vs Caerdydd" (+1 line)',
        'undid: notes: "Cardiff vs Caerdydd" (+1 line)',
        "start from ann2 (was ann1)",
        "undid: start from ann2 (was ann1)",
        "redid: start from ann2 (was ann1)",
    ]
    changes = decisions_log(session)["changes"]  # the JSON log keeps the mark
    assert [change.get("step") for change in changes] == [None, "undo", "redo", None, "undo", None, "undo", "redo"]
    assert changes[1]["from"] == "needs discussion" and changes[1]["to"] == "not reviewed"


def test_a_new_session_file_takes_a_free_name(tmp_path):
    files = adjudication_files(tmp_path)
    assert free_session_path(files) == (tmp_path / "ann1.adjudication.sqlite").resolve()
    (tmp_path / "ann1.adjudication.sqlite").write_text("")
    (tmp_path / "ann1-2.adjudication.sqlite").write_text("")
    assert free_session_path(files) == (tmp_path / "ann1-3.adjudication.sqlite").resolve()


def test_exports_read_their_own_snapshot(session, tmp_path):
    session.set_notes(1, "check the sea")
    done = export_session(ExportRequest(session.path, "log", tmp_path / "log.json"))
    assert done.sentences == 3 and done.skipped == ()
    assert json.loads((tmp_path / "log.json").read_text())["changes"][-1]["to"] == "check the sea"
    session.decide(2, Decision((RemoveRelation(Edge("s", ":ARG1", "l")), RemoveRelation(Edge("l", ":ARG0", "p")))))
    done = export_session(ExportRequest(session.path, "corpus", tmp_path / "out.amr"))
    assert done.sentences == 2 and done.skipped[0].startswith("sentence 3 (s3): not written: not connected")
    assert (tmp_path / "out.amr").read_text().count("# ::adjudication-status not reviewed") == 2


def test_export_problems_are_task_failures(tmp_path):
    (tmp_path / "not.sqlite").write_text("just text")
    with pytest.raises(TaskFailed, match="not a session file"):
        export_session(ExportRequest(tmp_path / "not.sqlite", "report", tmp_path / "r.html"))
    with pytest.raises(TaskFailed, match="cannot read"):
        create_session(NewSession((tmp_path / "missing.amr",), "ana", tmp_path / "m.sqlite"))
    assert not (tmp_path / "m.sqlite").exists()
