"""An adjudication driven through the engine's session API: a hand-made three-sentence
adjudication gives the expected PENMAN file and decisions log; undo and redo follow
QUndoStack; status, notes, start annotation, alignment corrections, finding a session,
changed files and read-only use."""

import hashlib
import json
import shutil

import pytest

from engine.adjudication import (
    AddRelation,
    Decision,
    DraftError,
    ExcludePair,
    PinPair,
    RemoveNode,
    Session,
    SessionError,
    SetConcept,
    check_round_trip,
    decisions_log,
    find_session,
    progress,
    progress_text,
    session_report,
    write_corpus,
)
from engine.adjudication.writer import ADJUDICATION_FIELDS, graph_difference
from engine.model import Attribute, Edge
from engine.read import read_entries

from .conftest import DATA

HERE = DATA / "adjudication"


class Clock:
    """A clock the test moves: every call in one step gives the same time."""

    def __init__(self):
        self.seconds = 0

    def tick(self):
        self.seconds += 1

    def __call__(self):
        return f"2025-03-01T10:{self.seconds // 60:02d}:{self.seconds % 60:02d}.000Z"


@pytest.fixture
def files(tmp_path):
    for name in ("ann1.amr", "ann2.amr"):
        shutil.copy(HERE / name, tmp_path / name)
    return [tmp_path / "ann1.amr", tmp_path / "ann2.amr"]


def row(session, index, annotator, text):
    """The mismatched triple of ``annotator`` shown as ``text`` (annotator's side, else adjudicated)."""
    for match in session.agreement(index)[annotator].triples():
        if str(match.test or match.gold) == text and match.category.value != "matched":
            return match
    raise AssertionError(f"no mismatch {text}")


def adjudicate(files, clock):
    """The hand-made adjudication of the three sentences (the app test repeats it through the GUI)."""
    session = Session.create(files, "ana", files[0].with_name("s.adjudication.sqlite"), clock=clock)
    # s1: take ann2's sense of go, keep ann1's positive polarity
    clock.tick()
    session.decide(0, session.triple_decision(0, "ann2", row(session, 0, "ann2", "(g/go-01 :ARG0 b/boy)"), True))
    clock.tick()
    session.decide(0, session.triple_decision(0, "ann2", row(session, 0, "ann2", "(w/want-01 :polarity -)"), False))
    clock.tick()
    session.set_status(0, "adjudicated")
    # s2: ann2's name of the sea, then its catch-01 (reached only backwards: written :ARG1-of)
    for text in ('(s2/sea :name n/name)', '(n/name :op1 "Red")', '(n/name :op2 "Sea")', "(c/catch-01 :ARG1 f/fish)"):
        clock.tick()
        session.decide(1, session.triple_decision(1, "ann2", row(session, 1, "ann2", text), True))
    clock.tick()
    wrong = session.decide(1, Decision((SetConcept("f", "fish-01"),)))
    clock.tick()
    session.undo(1, wrong)
    clock.tick()
    session.set_status(1, "adjudicated")
    # s3: an alignment exclusion tried and undone, then ann2's annotation taken as it is
    clock.tick()
    tried = session.decide(2, Decision((ExcludePair("ann2", "l", "l"),)))
    clock.tick()
    session.undo(2, tried)
    clock.tick()
    session.set_start(2, "ann2")
    session.close()
    # a second adjudicator reopens the session and settles s3
    session = Session.open(files[0].with_name("s.adjudication.sqlite"), "ben", clock=clock)
    clock.tick()
    session.set_notes(2, "leave-11 or leave-01? see the guidelines")
    clock.tick()
    session.set_status(2, "needs discussion")
    return session


def test_three_sentences_give_the_expected_penman_file_and_log(files):
    clock = Clock()
    session = adjudicate(files, clock)
    written = write_corpus(session)
    assert written.skipped == []
    assert written.text == (HERE / "expected_adjudicated.amr").read_text()
    check_round_trip(written)
    log = decisions_log(session)
    assert log["changes"] == json.loads((HERE / "expected_log.json").read_text())["changes"]
    assert log["session"]["files"] == [
        {"annotator": name, "path": str(path.resolve()), "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
        for name, path in zip(("ann1", "ann2"), files)
    ]
    assert log["session"]["created_by"] == "ana" and log["session"]["created_at"] == "2025-03-01T10:00:00.000Z"
    # the file written reads back through engine.read as the session's graphs
    out = files[0].with_name("adjudicated.amr")
    out.write_text(written.text)
    entries = read_entries(out)
    for index, entry in enumerate(entries):
        meant = session.adjudicated(index).graph
        assert entry.graph is not None
        assert entry.graph.metadata["adjudication-status"] == session.sentence(index).status
        difference = graph_difference(meant, entry.graph)
        assert difference is not None and difference.startswith("metadata")  # only the new fields differ
        assert {k: v for k, v in entry.graph.metadata.items() if k not in ADJUDICATION_FIELDS} == meant.metadata
    assert entries[2].graph is not None
    assert entries[2].graph.metadata["adjudication-note"] == "leave-11 or leave-01? see the guidelines"
    session.close()


def test_progress_and_report_of_the_three_sentences(files):
    session = adjudicate(files, Clock())
    state = progress(session)
    assert state.by_status == {"not reviewed": 0, "agreed": 0, "needs discussion": 1, "adjudicated": 2}
    assert state.by_person == {"ana": 2, "ben": 1}
    assert state.decisions == {"active": 6, "undone": 1, "discarded": 1}
    assert state.last_change is not None and state.writer is not None
    assert state.last_change.action == "status" and state.last_change.author == "ben"
    assert state.writer.owner == "ben"
    text = progress_text(state)
    assert "needs discussion       1   33.3 %" in text and "decided by ana 2, ben 1" in text
    report = session_report(session, write_corpus(session))
    assert "<td>needs discussion</td><td class='num'>1</td>" in report
    assert "<td class='num'>1</td><td>s1</td>" in report  # sentences numbered from 1, as the app
    assert "leave-11 or leave-01? see the guidelines" in report
    # ann1 against the adjudicated result, s1: only go-02/go-01 differs (sense: S = 1 - 0.1 = 0.9)
    agreement = session.agreement(0)["ann1"]
    assert agreement.scores["concept"].f == pytest.approx((1 + 1 + 0.9) / 3)
    assert session.agreement(2)["ann2"].scores["concept"].f == 1.0  # s3 is ann2's graph
    session.close()


def test_undo_and_redo_follow_the_undo_stack(files, tmp_path):
    session = Session.create(files, "ana", tmp_path / "u.sqlite")
    first = session.decide(0, Decision((SetConcept("b", "girl"),)))
    second = session.decide(0, Decision((SetConcept("g", "go-01"),)))
    with pytest.raises(SessionError, match="not the last active"):
        session.undo(0, first)
    session.undo(0, second)
    session.undo(0, first)
    assert [n.concept for n in session.adjudicated(0).graph.nodes] == ["want-01", "boy", "go-02"]
    with pytest.raises(SessionError, match="not the next decision to redo"):
        session.redo(0, second)
    session.redo(0, first)
    assert session.adjudicated(0).graph.nodes[1].concept == "girl"
    third = session.decide(0, Decision((AddRelation(Attribute("w", ":polarity", "-")),)))  # discards `second`
    assert [r.state for r in session.decisions(0, ("active", "undone", "discarded"))] == [
        "active",
        "discarded",
        "active",
    ]
    with pytest.raises(SessionError):
        session.redo(0, second)
    assert session.adjudicated(0).decisions == (first, third)
    # a decision that cannot be applied is refused and nothing is written
    with pytest.raises(DraftError, match="already in the adjudicated graph"):
        session.decide(0, Decision((AddRelation(Edge("w", ":ARG0", "b")),)))
    with pytest.raises(DraftError, match="no node q in ann2"):
        session.decide(0, Decision((PinPair("ann2", "q", "w"),)))
    assert len(session.decisions(0)) == 2
    # other sentences are untouched by sentence 0's undo history
    assert session.decisions(1) == [] and session.adjudicated(1).graph is session.annotation(1, "ann1")
    session.close()


def test_pins_and_exclusions_change_the_scores_and_are_undone(files, tmp_path):
    session = Session.create(files, "ana", tmp_path / "p.sqlite")
    before = session.agreement(2)["ann2"]
    assert before.alignment.gold_of[3] == 3  # ann2's l (leave-01) with the adjudicated l (leave-11)
    excluded = session.decide(2, Decision((ExcludePair("ann2", "l", "l"),)))
    after = session.agreement(2)["ann2"]
    assert after.correction.excluded == ((3, 3),) and after.alignment.gold_of[3] is None
    # concept: leave-01 / leave-11 counted S = 1 - 0.1 = 0.9 before; unaligned now: 0.9 less on each side
    assert before.tallies["concept"].test_score - after.tallies["concept"].test_score == pytest.approx(0.9)
    assert before.tallies["concept"].gold_score - after.tallies["concept"].gold_score == pytest.approx(0.9)
    session.undo(2, excluded)
    assert session.agreement(2)["ann2"].tallies == before.tallies
    # pin ann2's b (before) to the adjudicated l: it replaces l = l, the anchor on the same column
    session.decide(2, Decision((PinPair("ann2", "b", "l"),)))
    pinned = session.agreement(2)["ann2"]
    assert pinned.correction.pinned == ((4, 3),) and pinned.alignment.gold_of[4] == 3
    assert pinned.alignment.gold_of[3] != 3
    # a pin naming a node an edit removed since is stale: left out, and reported
    session.decide(2, Decision((RemoveNode("l"),)))
    stale = session.agreement(2)["ann2"]
    assert stale.stale == (("b", "l"),) and stale.correction.pinned == ()
    session.close()


def test_start_annotation_can_change_only_before_decisions(files, tmp_path):
    session = Session.create(files, "ana", tmp_path / "s.sqlite")
    number = session.decide(1, Decision((SetConcept("f", "fish-01"),)))
    with pytest.raises(SessionError, match="undo them first"):
        session.set_start(1, "ann2")
    session.undo(1, number)
    assert session.adjudicated(1).graph is session.annotation(1, "ann1")  # seen before the change: not kept after
    assert session.agreement(1)["ann1"].scores["concept"].f == 1.0
    assert session.set_start(1, "ann2") and not session.set_start(1, "ann2")
    assert session.agreement(1)["ann2"].scores["concept"].f == 1.0
    assert session.adjudicated(1).graph is session.annotation(1, "ann2")
    assert [r.state for r in session.decisions(1, ("active", "undone", "discarded"))] == ["discarded"]
    with pytest.raises(SessionError, match="unknown status"):
        session.set_status(1, "done")
    with pytest.raises(SessionError, match="no sentence 7"):
        session.set_status(7, "agreed")
    session.close()


def test_the_gold_or_the_most_central_annotation_is_where_sentences_start(files, tmp_path):
    third = tmp_path / "ann3.amr"
    third.write_text((HERE / "ann2.amr").read_text().replace("go-01", "go-03"))
    with Session.create([files[0], files[1], third], "ana", tmp_path / "c.sqlite") as session:
        # ann3 is ann2 with go-03: ann2 and ann3 agree best and tie for the most central (the first
        # wins); ann1 lacks ann2's and ann3's polarity, name and catch-01, so it is the least central
        assert [record.start for record in session.sentences()] == ["ann2", "ann2", "ann2"]
    with Session.create(files, "ana", tmp_path / "g.sqlite", gold=files[1]) as session:
        assert session.gold == "ann2" and {record.start for record in session.sentences()} == {"ann2"}
    with Session.create(files, "ana", tmp_path / "f.sqlite", start="first", gold=files[1]) as session:
        assert {record.start for record in session.sentences()} == {"ann1"}


def test_reopening_the_same_files_finds_the_session_and_sees_changes(files):
    assert find_session(files) is None
    session = Session.create(files, "ana")
    path = session.path
    assert path == files[0].with_name("ann1.adjudication.sqlite")
    session.decide(0, Decision((SetConcept("b", "girl"),)))
    session.close()
    assert find_session(list(reversed(files))) == path
    assert find_session([files[0]]) is None
    files[1].write_text(files[1].read_text().replace("catch-01", "eat-01"))
    with Session.open(path, "ana") as session:
        assert [str(change) for change in session.changed_files] == [
            f"{files[1].resolve()} (ann2) changed since the session was made; the session keeps its own copy"
        ]
        copy = session.annotation(1, "ann2")
        assert copy is not None
        assert copy.nodes[3].concept == "catch-01"  # the session's copy
        assert session.adjudicated(0).graph.nodes[1].concept == "girl"
    files[0].unlink()
    with Session.open(path, readonly=True) as session:
        assert [c.change for c in session.changed_files] == ["missing", "changed"]
        with pytest.raises(SessionError, match="read-only"):
            session.set_status(0, "agreed")
    with pytest.raises(SessionError, match="a file is already there"):
        Session.create(files[1:], "ana", path)


def test_files_that_cannot_be_used_are_input_errors(tmp_path, files):
    from engine.errors import InputError

    bad = tmp_path / "three.amr"
    bad.write_text("# ::id s1\n(a / b)\n")
    with pytest.raises(InputError, match=r"three\.amr holds 1: this graph has no partner"):
        Session.create([files[0], bad], "ana", tmp_path / "x.sqlite", pair_by="position")
    assert not (tmp_path / "x.sqlite").exists()
    with pytest.raises(SessionError, match="no session file"):
        Session.open(tmp_path / "nothing.sqlite", "ana")
    (tmp_path / "junk.sqlite").write_text("not a database at all" * 100)
    with pytest.raises(Exception, match="not a session file"):
        Session.open(tmp_path / "junk.sqlite", "ana")
