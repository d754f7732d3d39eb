"""The ancast-0.1.1 profile's fast paths give the numbers of the formulas written plainly,
to the last bit: each part is checked against a direct re-statement (fresh arrays,
``numpy.allclose``, infinite ratios, cell-by-cell loops) on random graphs."""

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compat import score_ancast
from engine.compat.alignment import (
    CompatNeighbourhood,
    _all_close,
    _LabelTies,
    intrinsic_similarity,
    select_anchors,
)
from engine.compat.graph import compat_graph
from engine.params import ANCAST, Params
from engine.read import read_graph

from .strategies import encode, graph_triples

REFERENCE = Params.for_profile(ANCAST)


def reference_view(triples, sentence="want go boy girl city"):
    tree = read_graph(encode(triples)).tree
    assert tree is not None
    return compat_graph(tree, sentence)


def plain_broadcast(test, gold, anchors, params):
    """The broadcast loop as the formula reads: 1- and 2-hop matrices, ΔN infinite where a count is 0."""

    def out_matrix(graph):
        matrix = np.zeros((len(graph), len(graph)))
        for predicate, argument in graph.links:
            matrix[predicate, argument] = 1
        return matrix

    def merged(adjacency):
        hops = (adjacency @ adjacency + adjacency) * (np.ones(adjacency.shape) - np.eye(len(adjacency)))
        hops[hops > 1] = 1
        return hops

    def ratio(test_hops, gold_hops):
        test_counts, gold_counts = test_hops.sum(axis=1)[:, None], gold_hops.sum(axis=1)[None, :]
        low = np.minimum(test_counts, gold_counts)
        low[low == 0] = np.inf
        result = np.maximum(test_counts, gold_counts) / low
        result[result == 0] = np.inf
        return result

    test_out, gold_out = merged(out_matrix(test)), merged(out_matrix(gold))
    test_in, gold_in = merged(out_matrix(test).T.copy()), merged(out_matrix(gold).T.copy())
    out_ratio, in_ratio = ratio(test_out, gold_out), ratio(test_in, gold_in)
    current = anchors.copy()
    for steps in range(1, params.max_inner + 1):
        previous = current.copy()
        outgoing = (test_out @ previous) @ gold_out.T / out_ratio
        incoming = (test_in @ previous) @ gold_in.T / in_ratio
        current = np.sqrt((outgoing + 1) * (incoming + 1) - 1)
        peak = np.amax(current)
        if peak > 0:
            current = current / peak
        current = np.maximum(current, anchors)
        if np.allclose(previous, current, atol=params.tolerance):
            return current, steps
    return current, params.max_inner


@settings(max_examples=60, deadline=None)
@given(graph_triples(), graph_triples(), st.data())
def test_broadcast_is_the_plain_loop(test_triples, gold_triples, data):
    test, gold = reference_view(test_triples), reference_view(gold_triples)
    anchors = np.zeros((len(test), len(gold)))
    for _ in range(data.draw(st.integers(0, 3))):
        anchors[data.draw(st.integers(0, len(test) - 1)), data.draw(st.integers(0, len(gold) - 1))] = 1
    expected, expected_steps = plain_broadcast(test, gold, anchors, REFERENCE)
    got, steps = CompatNeighbourhood(test, gold).broadcast(anchors, float(anchors.max()), REFERENCE)
    assert steps == expected_steps
    assert got.tobytes() == expected.tobytes()


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_the_convergence_test_is_numpy_allclose(rows, columns, data):
    """Changes drawn around atol and atol + rtol·|current|, where the largest change alone does not decide."""
    tolerance = data.draw(st.sampled_from([1e-4, 1e-3, 0.5]))
    cells = rows * columns
    current = np.array(
        data.draw(st.lists(st.sampled_from([0.0, 1e-3, 0.25, 0.9999, 1.0]), min_size=cells, max_size=cells))
    ).reshape(rows, columns)
    offsets = np.array(
        data.draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.0 + 1e-12, 2.0]), min_size=cells, max_size=cells))
    ).reshape(rows, columns)
    signs = np.array(data.draw(st.lists(st.sampled_from([1.0, -1.0]), min_size=cells, max_size=cells)))
    change = tolerance * np.minimum(offsets, 1.0) + 1e-5 * current * np.maximum(offsets - 1.0, 0.0) * 2
    previous = current + signs.reshape(rows, columns) * change
    expected = np.allclose(previous, current, atol=tolerance)
    assert _all_close(np.absolute(previous - current), current, 1.0, tolerance) == expected


def plain_similarity(test, gold, gamma):
    """The reference's S and identity, every cell computed."""
    similarity = np.zeros((len(test), len(gold)))
    identical = np.zeros((len(test), len(gold)), dtype=bool)
    from engine.align.similarity import lemma_similarity

    for i in range(len(test)):
        for j in range(len(gold)):
            same_sense = test.senses[i] == gold.senses[j]
            name = lemma_similarity(test.names[i].lower(), gold.names[j].lower()) * (1 + gamma * (same_sense - 1))
            shared = [label for label in test.constants[i] if label in gold.constants[j]]
            agreeing = sum(test.constants[i][label] == gold.constants[j][label] for label in shared)
            constant = agreeing / len(shared) if shared else 0
            similarity[i, j] = (name + constant) / (1 + (1 if shared else 0))
            identical[i, j] = name == 1 and same_sense
    return similarity, identical


@settings(max_examples=80, deadline=None)
@given(graph_triples(), graph_triples(), st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_similarity_is_the_cell_by_cell_definition(test_triples, gold_triples, gamma):
    test, gold = reference_view(test_triples), reference_view(gold_triples)
    expected, expected_identical = plain_similarity(test, gold, gamma)
    got, identical = intrinsic_similarity(test, gold, gamma)
    assert got.tobytes() == expected.tobytes()
    assert (identical == expected_identical).all()


def plain_selection(adjusted, ties):
    """Row and column maxima read cell by cell; a tie goes to the unique best label overlap (lost at index 0)."""

    def winner(node, candidates, side):
        overlaps = ties.overlaps(node, candidates, side)
        best = max(overlaps)
        if overlaps.count(best) > 1:
            return None
        return candidates[overlaps.index(best)] or None

    rows, columns = adjusted.shape
    row_choice = {}
    for i in range(rows):
        maxima = [j for j in range(columns) if adjusted[i, j] == adjusted[i].max()]
        row_choice[i] = maxima[0] if len(maxima) == 1 else winner(i, maxima, 0)
    anchors = []
    for j in range(columns):
        maxima = [i for i in range(rows) if adjusted[i, j] == adjusted[:, j].max()]
        chosen = maxima[0] if len(maxima) == 1 else winner(j, maxima, 1)
        if chosen is not None and row_choice[chosen] == j:
            anchors.append((chosen, j))
    return sorted(anchors)


@settings(max_examples=80, deadline=None)
@given(graph_triples(), graph_triples(), st.data())
def test_anchor_selection_is_its_definition(test_triples, gold_triples, data):
    test, gold = reference_view(test_triples), reference_view(gold_triples)
    cells = len(test) * len(gold)
    values = data.draw(st.lists(st.sampled_from([0.0002, 0.2, 0.5, 1.2012]), min_size=cells, max_size=cells))
    adjusted = np.array(values).reshape(len(test), len(gold))
    ties = _LabelTies(test, gold)
    choice = select_anchors(adjusted, ties)
    assert choice.anchors == plain_selection(adjusted, ties)
    for i, j in choice.anchors:
        new = choice.new_anchor(adjusted, i, j)
        assert new.row_rivals == tuple(np.flatnonzero(adjusted[i] == adjusted[i].max()))
        assert new.column_rivals == tuple(np.flatnonzero(adjusted[:, j] == adjusted[:, j].max()))


@pytest.mark.parametrize("side", ["test", "gold"])
def test_a_graph_without_its_tree_keeps_its_own_node_order(side):
    """A graph built in code (no tree, nodes listed in another order than its text) gets
    the reference's alignment renumbered into its own order, and the same scores."""
    test = read_graph("# ::snt the boy wants\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 (g2 / girl)))")
    gold = read_graph(
        "# ::snt the boy wants\n(w / want-01 :ARG0 (b / boy :mod (s / small)) :ARG1 (g / go-01 :ARG0 (g2 / girl)))"
    )
    alignment, tallies = score_ancast(test, gold, REFERENCE, trace=True)
    shuffled_graph = test if side == "test" else gold
    order = list(reversed(range(len(shuffled_graph))))  # our position k holds the reference's node order[k]
    shuffled = replace(shuffled_graph, nodes=tuple(shuffled_graph.nodes[k] for k in order), tree=None)
    pair = (shuffled, gold) if side == "test" else (test, shuffled)
    renumbered, renumbered_tallies = score_ancast(*pair, REFERENCE, trace=True)

    assert renumbered_tallies == tallies
    assert alignment.rounds[0].adjusted is not None and renumbered.rounds[0].adjusted is not None
    new_place = {k: position for position, k in enumerate(order)}
    test_place = new_place if side == "test" else {i: i for i in range(len(test))}
    gold_place = new_place if side == "gold" else {j: j for j in range(len(gold))}
    for before, after in zip(alignment.rounds, renumbered.rounds, strict=True):
        assert after.new_anchors == tuple(
            replace(
                new,
                test=test_place[new.test],
                gold=gold_place[new.gold],
                row_rivals=tuple(gold_place[j] for j in new.row_rivals),
                column_rivals=tuple(test_place[i] for i in new.column_rivals),
            )
            for new in before.new_anchors
        )
    if side == "test":
        assert renumbered.gold_of == tuple(alignment.gold_of[k] for k in order)
        assert renumbered.quality == tuple(alignment.quality[k] for k in order)
        assert (renumbered.similarity == alignment.similarity[order]).all()
        assert renumbered.initial == tuple((new_place[i], j) for i, j in alignment.initial)
        assert (renumbered.rounds[0].adjusted == alignment.rounds[0].adjusted[order]).all()
    else:
        assert renumbered.gold_of == tuple(None if j is None else new_place[j] for j in alignment.gold_of)
        assert (renumbered.similarity == alignment.similarity[:, order]).all()
        assert renumbered.initial == tuple((i, new_place[j]) for i, j in alignment.initial)
        assert (renumbered.rounds[0].adjusted == alignment.rounds[0].adjusted[:, order]).all()
