"""A differing top is a disagreement of its own (the root match of Smatch, AnCast paper
§2.3.1 part (i)): listed with the triples, counted as open, accepted (the annotator's top
becomes the top) or rejected, undone, kept in the session file and its exports, and counted by
``session SUMMARY``. Fresh variables of accepted triples keep clear of the annotator's names.

The data is the new user's sentence lpp_1943.1294 of The Little Prince: AMR 1.6 rooted at
``heavy``, AMR 3.0 at ``have-degree-91``."""

import json

import pytest

from engine.adjudication import (
    Session,
    decisions_log,
    progress,
    progress_data,
    progress_text,
    write_corpus,
)
from engine.adjudication.progress import open_disagreements
from engine.metrics.triples import Category

V16 = """# ::id lpp_1943.1294
# ::snt " It is too heavy for you . "
(h / heavy
      :domain (i2 / it)
      :degree (t / too)
      :compared-to (y / you))
"""
V30 = """# ::id lpp_1943.1294
# ::snt " It is too heavy for you . "
(h / have-degree-91
      :ARG1 (i2 / it)
      :ARG2 (h2 / heavy)
      :ARG3 (t / too)
      :ARG6 (c / carry-01
            :ARG0 (y / you)
            :ARG1 i2))
"""


@pytest.fixture
def session(tmp_path):
    (tmp_path / "v16.amr").write_text(V16)
    (tmp_path / "v30.amr").write_text(V30)
    made = Session.create([tmp_path / "v16.amr", tmp_path / "v30.amr"], "ana", tmp_path / "s.sqlite")
    yield made
    made.close()


def disagreements(session, annotator="v30"):
    return [m for m in session.agreement(0)[annotator].triples() if m.category != Category.MATCHED]


def accept_relations(session):
    """Accept every relation disagreement of v3.0, as the user did (9 of them)."""
    accepted = 0
    while True:
        rows = [m for m in disagreements(session) if m.category != Category.TOP_DIFFERS]
        if not rows:
            return accepted
        session.decide(0, session.triple_decision(0, "v30", rows[0], True))
        accepted += 1


def test_a_differing_top_is_left_open_after_every_relation_is_accepted(session):
    assert accept_relations(session) == 9
    graph = session.adjudicated(0).graph
    assert graph.nodes[graph.index[graph.top]].concept == "heavy"  # what the user saw: still rooted at heavy
    (top,) = disagreements(session)
    assert top.category == Category.TOP_DIFFERS
    assert (str(top.test), str(top.gold)) == ("top: h/have-degree-91", "top: h/heavy")
    assert top.why == "test top h is aligned to gold h3; the gold top is h"
    # Mock Smatch counts the root match: 12 of 13 triples each side (1 TOP + 6 instances + 6 relations)
    assert session.agreement(0)["v30"].scores["mock_smatch"].f == pytest.approx(12 / 13)
    assert open_disagreements(session, 0) == {"v16": (9, 0), "v30": (1, 1)}
    session.decide(0, session.triple_decision(0, "v30", top, True))
    graph = session.adjudicated(0).graph
    assert (graph.top, graph.nodes[graph.index[graph.top]].concept) == ("h3", "have-degree-91")
    assert disagreements(session) == []
    assert session.agreement(0)["v30"].scores["mock_smatch"].f == 1.0
    assert open_disagreements(session, 0)["v30"] == (0, 0)
    # kept in the file: opened again, the decision and its verdict are there; the export is rooted at h3
    with Session.open(session.path, readonly=True) as again:
        (verdict,) = [v for v in again.verdicts(0) if v.category == "top differs"]
        assert verdict.accepted and verdict.annotator_triple == "top: h/have-degree-91"
        assert write_corpus(again).text.split("\n(", 1)[1].startswith("h3 / have-degree-91")
        change = decisions_log(again)["changes"][-1]
        assert change["verdict"]["category"] == "top differs" and change["edits"] == [{"kind": "set_top", "var": "h3"}]
        assert change["summary"] == "accepted v30's disagreement (top differs): top: h/have-degree-91 vs top: h/heavy"


def test_accepting_an_unaligned_top_adds_it_then_its_relations_attach_to_it(session):
    (top,) = [m for m in disagreements(session) if m.category == Category.TOP_DIFFERS]
    assert top.test_partners == (None, None)  # have-degree-91 has no partner in the 1.6 graph
    assert top.why == "test top h has no partner in gold; the gold top is h"
    decision = session.triple_decision(0, "v30", top, True)
    assert [edit.kind for edit in decision.edits] == ["add_node", "set_top"]
    session.decide(0, decision)
    adjudicated = session.adjudicated(0)
    assert adjudicated.graph.top == "h3" and adjudicated.problems  # alone: not connected yet
    assert accept_relations(session) == 9
    adjudicated = session.adjudicated(0)
    assert adjudicated.problems == () and adjudicated.graph.top == "h3"
    assert disagreements(session) == []


def test_rejecting_keeps_the_top_and_settles_the_row_and_undo_brings_it_back(session):
    accept_relations(session)
    (top,) = disagreements(session)
    rejected = session.decide(0, session.triple_decision(0, "v30", top, False))
    assert session.adjudicated(0).graph.top == "h"
    assert open_disagreements(session, 0)["v30"] == (0, 0)  # still differs, but decided
    session.undo(0, rejected)
    assert open_disagreements(session, 0)["v30"] == (1, 1)
    accepted = session.decide(0, session.triple_decision(0, "v30", top, True))
    assert session.adjudicated(0).graph.top == "h3"
    session.undo(0, accepted)
    assert session.adjudicated(0).graph.top == "h"
    session.redo(0, accepted)
    assert session.adjudicated(0).graph.top == "h3"


def test_a_new_node_is_not_named_after_another_node_of_the_annotation(session):
    rows = {str(m.test): m for m in disagreements(session)}
    decision = session.triple_decision(0, "v30", rows["(h/have-degree-91 :ARG2 h2/heavy)"], True)
    # v3.0's h2 is heavy (aligned to the adjudicated h): the new have-degree-91 is h3, not h2
    assert [(edit.kind, getattr(edit, "var", None)) for edit in decision.edits] == [
        ("add_node", "h3"),
        ("add_relation", None),
    ]
    assert str(decision.edits[1].relation) == "Edge(source='h3', role=':ARG2', target='h')"
    # a node free in the adjudicated graph keeps the annotator's name
    decision = session.triple_decision(0, "v30", rows["(c/carry-01 :ARG0 y/you)"], True)
    assert decision.edits[0].kind == "add_node" and decision.edits[0].var == "c"


def test_summary_counts_the_open_disagreements_with_the_top(session):
    accept_relations(session)
    state = progress(session, open_counts=True)
    # v1.6 (the start): its 3 relations taken out, 6 of v3.0's in; v3.0: only the top
    assert state.open == {"v16": (9, 0), "v30": (1, 1)}
    assert "open       9 disagreement(s) of v16, 1 of v30 (1 of them a top)\n" in progress_text(state)
    assert progress_data(state)["open"] == {
        "v16": {"disagreements": 9, "top": 0},
        "v30": {"disagreements": 1, "top": 1},
    }
    assert progress(session).open is None  # counted only when asked for (the report and the app do not)
    json.dumps(progress_data(state))
