"""The lesson (engine.teach.lesson): every step of the SPEC example in order with its caption,
marked cells and predictions; the same structure on generated pairs."""

import numpy as np
import pytest
from hypothesis import given, settings

from engine.read import read_graph
from engine.teach import build_lesson, explain_cell, explain_step, trace_pair

from .conftest import READ_GOLD, READ_TEST
from .strategies import decode, graph_triples

READ, HOUSE, HE, BOOK, I_NODE = range(5)
HOME, SHE, PAPER = 1, 2, 3


@pytest.fixture(scope="module")
def lesson():
    return build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))


def test_the_spec_example_has_every_step_in_order(lesson):
    kinds = [step.kind for step in lesson.steps]
    assert kinds == ["initial"] + ["iteration"] * 14 + ["anchors"] + ["iteration"] * 8 + ["anchors", "metrics"]
    assert [step.title for step in lesson.steps[:2]] == ["Initial anchors", "Round 1, iteration 1 of 14"]
    assert lesson.steps[15].title == "Round 1: new anchors"
    assert lesson.test_names == ("read-01", "house", "he", "book", "i")
    assert lesson.gold_names == ("read-03", "home", "she", "paper", "i")


def test_initial_step_shows_s_and_why_i_is_left_out(lesson):
    initial = lesson.steps[0]
    assert initial.shows == "S" and initial.values is lesson.trace.similarity
    assert initial.anchors == initial.marked == ((READ, READ),)
    assert initial.details == ("read-01–read-03: initial anchor", "i–i: left out (the sentence does not mention it)")
    assert "eq. 1-4" in initial.caption and "A = 1" in initial.caption
    assert initial.prediction is None


def test_first_iteration_marks_the_pairs_next_to_the_anchor(lesson):
    """Every pair under read on both sides jumps from 0 to 1 (P = 1), and so does i-i."""
    step = lesson.steps[1]
    assert (step.round, step.iteration, step.shows, step.largest_change) == (1, 1, "A", 1.0)
    assert set(step.marked) == {(i, j) for i in (HOUSE, HE, BOOK) for j in (HOME, SHE, PAPER)} | {(I_NODE, I_NODE)}
    assert step.anchors == ((READ, READ),)
    for equation in ("eq. 5", "eq. 6", "eq. 7", "eq. 8", "eq. 9"):
        assert equation in step.caption
    assert "The largest change is 1, at house–home" in step.caption
    assert step.details[0] == "house–home: 0 → 1"


def test_later_iterations_tell_convergence(lesson):
    third, last = lesson.steps[3], lesson.steps[14]
    assert third.marked == ((I_NODE, I_NODE),) and "largest change is 0.3127, at i–i" in third.caption
    assert "goes on" in third.caption
    assert last.iteration == 14 and "has converged" in last.caption and "0.0001" in last.caption
    assert last.values is lesson.trace.rounds[0].iterates[-1].matrix


def test_round_one_anchors_step_tells_the_tie_and_asks_for_a_prediction(lesson):
    step = lesson.steps[15]
    assert step.shows == "F" and step.values is lesson.trace.rounds[0].adjusted
    assert set(step.marked) == {(HOUSE, HOME), (HE, SHE), (BOOK, PAPER), (I_NODE, I_NODE)}
    assert "eq. 13" in step.caption and "eq. 14" in step.caption and "1 tie broken by shared labels" in step.caption
    assert step.details[0] == (
        "house–home: house ties with home, she and paper at F = 0.082; house and home share :location, more "
        "shared relation labels than any rival pair, so house–home wins the tie (§2.2.2)"
    )
    assert step.details[1] == "he–she: the largest F of its row and of its column (0.3552), a unique mutual maximum"
    assert step.prediction is not None
    assert step.prediction.is_right((HOUSE, HOME)) and step.prediction.is_right((I_NODE, I_NODE))
    assert not step.prediction.is_right((HOUSE, SHE)) and not step.prediction.is_right((READ, READ))


def test_round_two_stops_and_the_scores_close(lesson):
    stop, metrics = lesson.steps[-2], lesson.steps[-1]
    assert stop.prediction is None and stop.marked == ()
    assert "no new mutual best match, so the outer loop stops (Algorithm 1, line 7)" in stop.caption
    assert metrics.marked == ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4))
    assert "5 pairs (1 initial, 4 from the rounds, 0 from the finalisation)" in metrics.caption
    for text in (
        "Concept F1 0.5133",
        "Labeled relation F1 0.4208",
        "Unlabeled relation F1 0.5458",
        "Weighted relation F1 0.4277",
        "Mock Smatch F1 0.5000",
    ):
        assert text in metrics.caption


def test_each_step_explains_its_own_cells(lesson):
    trace = lesson.trace
    steps = lesson.steps
    assert explain_step(trace, steps[0], HOUSE, HOME) == explain_cell(trace, HOUSE, HOME, 1, 1)
    assert explain_step(trace, steps[3], HOUSE, HOME) == explain_cell(trace, HOUSE, HOME, 1, 3)
    assert explain_step(trace, steps[15], HOUSE, HOME) == explain_cell(trace, HOUSE, HOME, 1)
    assert explain_step(trace, steps[15], HOUSE, HOME).adjusted == 0.082
    assert explain_step(trace, steps[-1], HOUSE, HOME) == explain_cell(trace, HOUSE, HOME, 2)


def test_finalisation_picks_are_steps_with_predictions():
    graph = "(a / and :op1 (x / thing) :op1 (y / thing))"
    lesson = build_lesson(trace_pair(read_graph(graph), read_graph(graph)))
    first, second = [step for step in lesson.steps if step.kind == "finalisation"]
    assert first.title == "Finalisation, pick 1 of 2" and first.marked == ((1, 1),)
    assert first.anchors == ((0, 0),) and second.anchors == ((0, 0), (1, 1))
    assert "thing (x)–thing (y), thing (y)–thing (x) and thing (y)–thing (y)" in first.caption
    assert "first in matrix order" in first.caption
    assert first.prediction is not None and all(first.prediction.is_right(c) for c in ((1, 1), (1, 2), (2, 1), (2, 2)))
    assert second.prediction is not None and second.prediction.answers == ((2, 2),)
    assert not second.prediction.is_right((1, 1))
    assert explain_step(lesson.trace, first, 1, 1) == explain_cell(lesson.trace, 1, 1, 2)


@settings(max_examples=60, deadline=None)
@given(graph_triples(), graph_triples())
def test_every_lesson_walks_the_whole_trace(test_triples, gold_triples):
    trace = trace_pair(decode(test_triples), decode(gold_triples))
    lesson = build_lesson(trace)
    iterations = [step for step in lesson.steps if step.kind == "iteration"]
    assert len(iterations) == sum(len(round_.iterates) for round_ in trace.rounds)
    for step in iterations:
        assert step.round is not None and step.iteration is not None
        round_ = trace.round(step.round)
        previous = round_.anchors if step.iteration == 1 else round_.iterates[step.iteration - 2].matrix
        change = np.abs(step.values - previous)
        assert step.largest_change == pytest.approx(change.max())
        if step.marked:
            assert change[step.marked[0]] == pytest.approx(change.max())
    anchors = [step for step in lesson.steps if step.kind == "anchors"]
    assert [step.round for step in anchors] == [round_.number for round_ in trace.rounds]
    for step, round_ in zip(anchors, trace.rounds):
        answers = {(a.test, a.gold) for a in round_.new_anchors}
        assert (step.prediction is None) == (not answers)
        assert step.prediction is None or set(step.prediction.answers) == answers
    picks = [step for step in lesson.steps if step.kind == "finalisation"]
    assert [step.marked[0] for step in picks] == list(trace.alignment.finalised)
    assert lesson.steps[-1].kind == "metrics" and set(lesson.steps[-1].marked) == set(trace.alignment.pairs())
    assert all(step.caption and step.title for step in lesson.steps)
