"""The step-by-step trace (engine.teach.replay, engine.teach.trace): every inner iterate of
every round, pinned to hand values on the SPEC example, and checked against the scorer on
generated pairs and on every pair of the bundled demos."""

import math

import numpy as np
import pytest
from hypothesis import given, settings

from bench.generate import generate
from engine.align.broadcast import Neighbourhood, broadcast, finalise
from engine.params import ANCAST, Params
from engine.read import load_pairs, read_graph
from engine.read.amr import entries_from_text
from engine.scoring import score_pair
from engine.teach import trace_pair
from engine.teach.replay import Neighbours, Replay
from engine.teach.trace import finalisation_picks

from .conftest import DEMO, READ_GOLD, READ_TEST, graph_of
from .strategies import decode, graph_triples

HOUSE, HE, BOOK, I_NODE = 1, 2, 3, 4  # test rows: read-01, house, he, book, i
HOME, SHE, PAPER = 1, 2, 3  # gold columns: read-03, home, she, paper, i


@pytest.fixture(scope="module")
def spec():
    return trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD))


def test_neighbours_are_within_two_hops_on_each_side():
    # read-01 -> house, he, book; book -> i
    neighbours = Neighbours.of(read_graph(READ_TEST))
    assert neighbours.parents == ((), (0,), (0,), (0,), (0, 3))
    assert neighbours.children == ((1, 2, 3, 4), (), (), (4,), ())


def test_first_iteration_of_round_one_by_hand(spec):
    """From the one anchor read-read: a pair whose two nodes both have read as parent gets
    P = 1, C = 0, so A_raw = sqrt(2 - 1) = 1; i against home has ancestors {read, book} against
    {read}: P = (1 + 0) / ΔN 2 = 0.5, A_raw = sqrt(0.5); read-read has no anchored children yet
    (A_raw 0) and stays 1 as an anchor. The largest raw value is 1: nothing to divide."""
    first = spec.rounds[0].iterates[0]
    h = math.sqrt(0.5)
    expected = np.array(
        [
            [1, 0, 0, 0, 0],
            [0, 1, 1, 1, h],
            [0, 1, 1, 1, h],
            [0, 1, 1, 1, h],
            [0, h, h, h, 1],
        ]
    )
    np.testing.assert_allclose(first.matrix, expected, atol=1e-15)
    assert first.normaliser == 1.0
    assert first.change == 1.0


def test_second_iteration_divides_by_read_reads_root(spec):
    """read-read's C is the sum of the first iterate over its 4 x 4 children pairs:
    9 ones, i-i 1, six cells of sqrt(1/2), so C = 10 + 3 sqrt(2) and the largest raw value is
    sqrt(C); house-home's raw value is still 1, so A = 1 / sqrt(10 + 3 sqrt(2))."""
    second = spec.rounds[0].iterates[1]
    assert second.normaliser == pytest.approx(math.sqrt(10 + 3 * math.sqrt(2)), abs=1e-12)
    assert second.matrix[HOUSE, HOME] == pytest.approx(1 / math.sqrt(10 + 3 * math.sqrt(2)), abs=1e-12)
    assert second.matrix[HOUSE, HOME] == pytest.approx(0.264975, abs=1e-6)


def test_round_one_converges_to_the_spec_story(spec):
    """SPEC section 3: A = 0.4 for house, he and book against home, she and paper (book-paper
    0.587 has a child pair too), F = 0.082 for house against each; house-home becomes an anchor by
    the :location tie-break, he-she, book-paper and i-i as unique mutual maxima."""
    first = spec.rounds[0]
    converged = first.iterates[-1].matrix
    for i in (HOUSE, HE, BOOK):
        for j in (HOME, SHE, PAPER):
            if (i, j) != (BOOK, PAPER):
                assert converged[i, j] == pytest.approx(0.4, abs=5e-4)
                assert converged[i, j] == pytest.approx(1 / first.iterates[-1].normaliser, abs=1e-12)
    assert converged[BOOK, PAPER] == pytest.approx(0.587, abs=5e-4)
    assert converged[I_NODE, I_NODE] == pytest.approx(0.577, abs=5e-4)
    assert list(first.adjusted[HOUSE, [HOME, SHE, PAPER]]) == [0.082, 0.082, 0.082]
    assert [(a.test, a.gold, a.why) for a in first.new_anchors] == [
        (HOUSE, HOME, "tie broken by shared relation labels (:location)"),
        (HE, SHE, "unique mutual maximum"),
        (BOOK, PAPER, "unique mutual maximum"),
        (I_NODE, I_NODE, "unique mutual maximum"),
    ]
    assert first.new_anchors[0].value == 0.082
    assert first.anchor_cells == [(0, 0)]
    assert len(first.iterates) == 14 and first.changes[-1] < 1e-4 <= first.changes[-2]


def test_round_two_adds_nothing_and_nothing_is_left_to_finalise(spec):
    second = spec.rounds[1]
    assert second.anchor_cells == [(0, 0), (HOUSE, HOME), (HE, SHE), (BOOK, PAPER), (I_NODE, I_NODE)]
    assert second.new_anchors == ()
    assert len(spec.rounds) == 2 and spec.finalisation == ()


def test_two_things_under_and_reach_two_to_the_minus_two_thirds_then_finalise_in_matrix_order():
    """and-and is the only mutual maximum of round 1 (no anchors, A = 0, F = 1.2 x 0.01 = 0.012
    on the diagonal). In round 2 every thing-thing pair has P = A(and, and) = 1, C = 0, so its raw
    value is 1 and A = 1 / normaliser, the normaliser being and-and's sqrt(C) = sqrt(4A): the fixed
    point A^(3/2) = 1/2, A = 2^(-2/3). The four thing-thing cells tie at F = 1.2 (A + 0.01) and so
    do their labels (:op1 in), so finalisation takes the first in matrix order, then the last."""
    graph = "(a / and :op1 (x / thing) :op1 (y / thing))"
    trace = trace_pair(read_graph(graph), read_graph(graph))
    first, second = trace.rounds
    assert first.iterates[0].normaliser == 1.0 and not first.iterates[0].matrix.any()
    assert first.adjusted[0, 0] == 0.012
    assert second.iterates[-1].matrix[1, 1] == pytest.approx(2 ** (-2 / 3), abs=2e-4)
    value = round(1.2 * (2 ** (-2 / 3) + 0.01), 4)
    assert [(p.test, p.gold, p.value, p.tie_break) for p in trace.finalisation] == [
        (1, 1, value, "matrix order"),
        (2, 2, value, None),
    ]
    assert trace.finalisation[0].tied == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert trace.finalisation[0].answers == trace.finalisation[0].tied
    assert trace.finalisation[1].answers == ((2, 2),)


def test_finalisation_picks_tell_each_tie_and_what_broke_it():
    """Three cells tie at 0.5; only (0, 1) has a shared label: the labels decide. Then one
    cell is left: no tie. The scorer's finalisation picks the same."""
    adjusted = np.array([[0.5, 0.5], [0.5, 0.2]])
    overlap = lambda i, j: 1 if (i, j) == (0, 1) else 0  # noqa: E731
    assert finalise(adjusted, set(), set(), overlap) == [(0, 1), (1, 0)]
    first, second = finalisation_picks(adjusted, [], ((0, 1), (1, 0)), overlap)
    assert (first.tied, first.tie_break, first.answers, first.value) == (
        ((0, 0), (0, 1), (1, 0)),
        "relation labels",
        ((0, 1),),
        0.5,
    )
    assert (second.tied, second.tie_break, second.answers) == (((1, 0),), None, ((1, 0),))


def test_finalisation_leaves_anchored_rows_and_columns_out():
    adjusted = np.array([[0.9, 0.1, 0.3], [0.2, 0.8, 0.4]])
    (pick,) = finalisation_picks(adjusted, [(1, 1)], ((0, 0),), lambda i, j: 0)
    assert (pick.test, pick.gold, pick.tied, pick.tie_break) == (0, 0, ((0, 0),), None)


def test_the_reference_profile_is_refused():
    with pytest.raises(ValueError, match="paper's equations"):
        trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD), Params.for_profile(ANCAST))


def check_against_the_scorer(test, gold, params=Params()):
    """The identities every trace keeps: the replayed iterates end on the scorer's converged A,
    stop where the scorer's convergence test stops, and the alignment is the scorer's."""
    trace = trace_pair(test, gold, params)
    for round_ in trace.rounds:
        np.testing.assert_allclose(round_.iterates[-1].matrix, round_.converged, rtol=0, atol=1e-12)
        changes = round_.changes
        assert changes[-1] < params.tolerance or len(changes) == params.max_inner
        assert all(change >= params.tolerance for change in changes[:-1])
        for step in round_.iterates:
            assert np.all(step.matrix[round_.anchors > 0] == 1.0)
            assert step.matrix.size == 0 or (step.matrix.min() >= 0.0 and step.matrix.max() <= 1.0)
        rounded = np.round(
            (trace.similarity + params.alpha) * (round_.iterates[-1].matrix + params.beta), params.digits
        )
        np.testing.assert_array_equal(rounded, round_.adjusted)
    picks = tuple((p.test, p.gold) for p in trace.finalisation)
    assert picks == trace.alignment.finalised
    for pick in trace.finalisation:
        assert (pick.test, pick.gold) in pick.answers and set(pick.answers) <= set(pick.tied)
    return trace


@settings(max_examples=150, deadline=None)
@given(graph_triples(), graph_triples())
def test_replay_matches_the_scorer_on_random_graphs(test_triples, gold_triples):
    check_against_the_scorer(decode(test_triples), decode(gold_triples))


@pytest.mark.parametrize("pairs, low, high", [(10, 15, 45), (2, 64, 80)])
def test_replay_matches_the_scorer_on_generated_pairs(pairs, low, high):
    """Generated pairs with sentences (lemma anchors), of sentence size and larger."""
    test_text, gold_text = generate(pairs, low, high, seed=5)
    for test_entry, gold_entry in zip(entries_from_text("test", test_text), entries_from_text("gold", gold_text)):
        check_against_the_scorer(test_entry.graph, gold_entry.graph)
        check_against_the_scorer(test_entry.graph, gold_entry.graph, Params(alpha=0.5, beta=0.1, gamma=0.3))


def test_one_replayed_round_equals_the_scorers_broadcast_from_the_same_anchors():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    anchors = np.zeros((5, 5))
    anchors[0, 0] = anchors[2, 2] = 1.0
    converged, iterations = broadcast(anchors, Neighbourhood.of(test.adjacency, gold.adjacency), 1e-4, 100)
    replayed = Replay.of(test, gold).iterates(anchors, iterations)
    np.testing.assert_allclose(replayed[-1].matrix, converged, atol=1e-12)


DEMOS = [
    ("ancast_paper", "spec_examples_test.amr", "spec_examples_gold.amr"),
    ("ancast_samples", "umr_test.txt", "umr_gold.txt"),
    ("metamorphosed", "comptest_sys.txt", "comptest_gold.txt"),
    ("metamorphosed", "comptest_annot1.txt", "comptest_annot3.txt"),
    ("smatch", "test_input1.txt", "test_input2.txt"),
    ("umr", "lindsay_v1.umr", "lindsay_v2.umr"),
    ("umr", "nw_afp_0024_v1.umr", "nw_afp_0024_v2.umr"),
    ("drs", "test.clf", "gold.clf"),
]


@pytest.mark.parametrize("folder, test_name, gold_name", DEMOS)
def test_every_demo_pair_traces_to_the_alignment_score_reports(folder, test_name, gold_name):
    pairs = load_pairs(DEMO / folder / test_name, DEMO / folder / gold_name).pairs
    traced = 0
    for pair in pairs:
        if pair.errors:
            continue
        scored = score_pair(pair).alignment
        trace = check_against_the_scorer(graph_of(pair.test), graph_of(pair.gold))
        assert scored is not None
        assert trace.alignment.gold_of == scored.gold_of and trace.alignment.quality == scored.quality
        traced += 1
    assert traced >= 1


def test_classic_smatch_is_left_out_of_the_trace():
    trace = trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD), Params(optional_metrics={"smatch"}))
    assert "smatch" not in trace.tallies and trace.params.computes("smatch")
