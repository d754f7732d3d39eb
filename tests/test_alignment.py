"""Anchor broadcast (AnCast paper §2.2, Algorithm 1): the "She is reading my book in the house" story."""

import dataclasses
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.align.alignment import align
from engine.align.broadcast import (
    NewAnchor,
    ancestor_matrix,
    finalise,
    neighbour_ratio,
    select_anchors,
    select_stacked,
)
from engine.params import Params
from engine.read import read_graph

from .conftest import READ_GOLD, READ_TEST, without_text

HOUSE, HE, BOOK, I_ROW = 1, 2, 3, 4  # test rows; gold columns home, she, paper, i have the same indices


def test_ancestor_matrix_has_parents_and_grandparents():
    chain = np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]], dtype=float)  # a -> b -> c
    assert ancestor_matrix(chain).tolist() == [[0, 1, 1], [0, 0, 1], [0, 0, 0]]


def test_neighbour_ratio_is_min_over_max_and_zero_without_neighbours():
    ratio = neighbour_ratio(np.array([1.0, 3.0, 0.0]), np.array([5.0, 3.0]))
    assert ratio.tolist() == [[0.2, 1 / 3], [0.6, 1.0], [0.0, 0.0]]


def test_reading_round_one_matches_spec_story():
    result = align(read_graph(READ_TEST), read_graph(READ_GOLD), trace=True)
    assert result.initial == ((0, 0),)
    first = result.rounds[0]
    assert first.broadcast is not None and first.adjusted is not None
    # house, he and book against home, she and paper: A = 0.4, F = 0.082 for house
    assert first.broadcast[np.ix_([HOUSE, HE], [1, 2, 3])] == pytest.approx(np.full((2, 3), 0.4), abs=5e-4)
    assert first.broadcast[BOOK, BOOK] == pytest.approx(0.587, abs=5e-4)
    assert first.broadcast[I_ROW, I_ROW] == pytest.approx(0.577, abs=5e-4)
    assert first.adjusted[HOUSE, 1:4].tolist() == [0.082, 0.082, 0.082]
    new = {(a.test, a.gold): a for a in first.new_anchors}
    assert set(new) == {(HOUSE, 1), (HE, 2), (BOOK, 3), (I_ROW, 4)}
    # he-she, book-paper and i-i are unique mutual maxima ...
    assert not new[(HE, 2)].by_labels and not new[(BOOK, 3)].by_labels and not new[(I_ROW, 4)].by_labels
    # ... house ties three ways and the shared :location label decides
    assert new[(HOUSE, 1)].by_labels
    assert new[(HOUSE, 1)].row_rivals == (1, 2, 3) and new[(HOUSE, 1)].column_rivals == (1, 2, 3)
    # round 2 adds nothing and the loop stops; nothing is left to finalise
    assert len(result.rounds) == 2 and result.rounds[1].new_anchors == ()
    assert result.finalised == ()
    assert result.gold_of == (0, 1, 2, 3, 4)
    assert result.quality == (0, 1, 1, 1, 1)


def test_reading_without_text_anchors_i_first():
    result = align(read_graph(without_text(READ_TEST)), read_graph(without_text(READ_GOLD)))
    assert result.initial == ((0, 0), (4, 4))
    assert result.gold_of == (0, 1, 2, 3, 4)
    assert result.quality == (0, 1, 1, 1, 0)


def test_trace_holds_matrices_only_when_asked():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    plain = align(test, gold)
    assert plain.rounds[0].adjusted is None and plain.rounds[0].iterations > 0
    traced = align(test, gold, trace=True)
    assert traced.rounds[0].anchors is not None and traced.rounds[1].anchors is not None
    assert traced.rounds[0].anchors[0, 0] == 1.0 and traced.rounds[0].anchors.sum() == 1.0
    assert traced.rounds[1].anchors.sum() == 5.0
    assert plain.gold_of == traced.gold_of


def test_select_anchors_defers_unbreakable_ties():
    adjusted = np.array([[0.5, 0.5], [0.5, 0.5]])
    assert select_anchors(adjusted, set(), set(), lambda i, j: 0) == []
    chosen = select_anchors(adjusted, set(), set(), lambda i, j: int(i == j))
    assert [(a.test, a.gold) for a in chosen] == [(0, 0), (1, 1)]


def test_select_anchors_skips_rows_whose_best_is_taken():
    adjusted = np.array([[0.9, 0.1], [0.8, 0.2]])
    # row 1's maximum is column 0, which is anchored to row 0: no new anchor for it
    assert select_anchors(adjusted, {0}, {0}, lambda i, j: 0) == []


def _anchors_by_definition(adjusted, anchored_rows, anchored_columns, overlap):
    """Eq. 14 and the tie-break read literally, cell by cell: the oracle for select_anchors."""

    def unique_best(candidates, score):
        best = max(score(c) for c in candidates)
        winners = [c for c in candidates if score(c) == best]
        return winners[0] if len(winners) == 1 else None

    chosen = []
    for i in range(adjusted.shape[0] if adjusted.size else 0):  # no columns: no pairs
        row = [j for j in range(adjusted.shape[1]) if adjusted[i, j] == adjusted[i].max()]
        j = unique_best(row, lambda column, i=i: overlap(i, column))
        if i in anchored_rows or j is None or j in anchored_columns:
            continue
        column = [k for k in range(adjusted.shape[0]) if adjusted[k, j] == adjusted[:, j].max()]
        if i in column and unique_best(column, lambda r, j=j: overlap(r, j)) == i:
            chosen.append((i, j, tuple(row), tuple(column)))
    return chosen


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_select_anchors_follows_the_definition_on_tie_heavy_matrices(data):
    rows, columns = data.draw(st.integers(0, 6)), data.draw(st.integers(0, 6))
    cells = st.lists(st.sampled_from([0.0, 0.25, 0.5]), min_size=rows * columns, max_size=rows * columns)
    adjusted = np.array(data.draw(cells), dtype=float).reshape(rows, columns)
    anchored_rows = data.draw(st.sets(st.integers(0, max(rows - 1, 0)))) if rows else set()
    anchored_columns = data.draw(st.sets(st.integers(0, max(columns - 1, 0)))) if columns else set()
    labels = data.draw(st.lists(st.integers(0, 2), min_size=49, max_size=49))
    overlap = lambda i, j: labels[7 * i + j]  # noqa: E731
    chosen = select_anchors(adjusted, anchored_rows, anchored_columns, overlap)
    assert [(a.test, a.gold, a.row_rivals, a.column_rivals) for a in chosen] == _anchors_by_definition(
        adjusted, anchored_rows, anchored_columns, overlap
    )


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_stacked_selection_is_each_pair_s_by_the_definition(data):
    """Pairs of a stack padded at -inf (rows beyond a pair's test nodes, columns beyond its gold
    nodes): each pair gets the anchors its own matrix gives by definition."""
    sizes = data.draw(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 5)), min_size=1, max_size=4))
    count, rows, columns = len(sizes), max(n for n, _ in sizes), max(m for _, m in sizes)
    adjusted = np.full((count, rows, columns), -np.inf)
    anchored = np.zeros((count, rows), dtype=bool), np.zeros((count, columns), dtype=bool)
    expected, overlaps = [], []
    for b, (n, m) in enumerate(sizes):
        cells = st.lists(st.sampled_from([-1.0, 0.0, 0.25, 0.5]), min_size=n * m, max_size=n * m)
        own = np.array(data.draw(cells), dtype=float).reshape(n, m)
        adjusted[b, :n, :m] = own
        taken_rows = data.draw(st.sets(st.integers(0, n - 1))) if n else set()
        taken_columns = data.draw(st.sets(st.integers(0, m - 1)))
        anchored[0][b, list(taken_rows)] = anchored[1][b, list(taken_columns)] = True
        labels = data.draw(st.lists(st.integers(0, 2), min_size=25, max_size=25))
        overlaps.append(lambda i, j, labels=labels: labels[5 * i + j])
        expected.append(_anchors_by_definition(own, taken_rows, taken_columns, overlaps[-1]))
    real_rows = np.arange(rows)[None, :] < np.array([n for n, _ in sizes])[:, None]
    chosen = select_stacked(adjusted, real_rows, *anchored, overlaps)
    assert [[(a.test, a.gold, a.row_rivals, a.column_rivals) for a in pair] for pair in chosen] == expected
    assert all(a.value == adjusted[b, a.test, a.gold] for b, pair in enumerate(chosen) for a in pair)


def test_a_new_anchor_is_frozen_equal_by_value_and_picklable():
    anchor = NewAnchor(1, 2, 0.5, (2, 3), (1,))
    assert pickle.loads(pickle.dumps(anchor)) == anchor == NewAnchor(1, 2, 0.5, (2, 3), (1,))
    assert anchor.by_labels and not NewAnchor(1, 2, 0.5, (2,), (1,)).by_labels
    with pytest.raises(dataclasses.FrozenInstanceError):
        anchor.test = 3  # type: ignore[misc]


def _no_labels(i, j):
    raise AssertionError(f"labels asked for ({i}, {j}): no tie there can decide")


def test_select_anchors_counts_no_labels_for_a_tied_row_with_no_free_column_at_its_maximum():
    # row 1 ties at 0.5 between columns 0 and 1: column 0 is anchored, column 1's maximum is row 0's 0.9
    adjusted = np.array([[0.2, 0.9], [0.5, 0.5]])
    assert select_anchors(adjusted, {0}, {0}, _no_labels) == []


def test_finalise_counts_no_labels_when_one_cell_of_a_tie_is_left():
    # the two 0.5 cells tie, but column 0 goes to row 0 at 0.9 first: (1, 1) is all that is left of the tie
    adjusted = np.array([[0.9, 0.5], [0.5, 0.5]])
    assert finalise(adjusted, set(), set(), _no_labels) == [(0, 0), (1, 1)]


def test_finalise_takes_global_maxima_then_labels_then_order():
    adjusted = np.array([[0.3, 0.3, 0.1], [0.3, 0.2, 0.0]])
    assert finalise(adjusted, set(), set(), lambda i, j: 0) == [(0, 0), (1, 1)]
    assert finalise(adjusted, set(), set(), lambda i, j: int((i, j) == (1, 0))) == [(1, 0), (0, 1)]


def test_extra_node_is_aligned_to_null_and_smaller_graph_fully_matched():
    test = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b) :time (n / now))")
    gold = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))")
    result = align(test, gold)
    assert result.gold_of == (0, 1, 2, None)
    assert result.quality[3] is None


def test_parameters_change_the_adjusted_matrix():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    default = align(test, gold, trace=True).rounds[0].adjusted
    other = align(test, gold, Params(alpha=0.3, beta=0.001), trace=True).rounds[0].adjusted
    assert default is not None and other is not None
    assert other[HOUSE, 1] == pytest.approx(round(0.3 * (0.3998 + 0.001), 4), abs=2e-4)
    assert not np.array_equal(default, other)
