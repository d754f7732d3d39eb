"""The stacked broadcast (engine.align.stack) and the batched alignment give, pair for pair and
to the last bit, what one pair alone gives; its sums are added in node order."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.align import broadcast as broadcasting
from engine.align import stack as stacking
from engine.align.alignment import align, align_batch
from engine.align.anchors import Correction
from engine.align.broadcast import Neighbourhood, ancestor_matrix, broadcast, finalise
from engine.align.stack import Hops, Stack, broadcast_stack, stack_groups
from engine.params import Params

from .strategies import decode, graph_triples


def random_adjacency(rng, size):
    adjacency = np.zeros((size, size))
    for child in range(1, size):
        adjacency[rng.integers(0, child), child] = 1.0
    for _ in range(size // 4):
        adjacency[rng.integers(0, size), rng.integers(0, size)] = 1.0  # reentrancies, cycles, self-loops
    return adjacency


def step_by_definition(test_adjacency, gold_adjacency, anchor):
    """Eq. 10-12 with every sum written out, its terms added in ascending node order."""
    test_y, gold_y = ancestor_matrix(test_adjacency), ancestor_matrix(gold_adjacency)

    def sandwich(test_side, gold_side):  # Σ_l (Σ_k A_kl), k with test_side[k, i], l with gold_side[l, j]
        result = np.zeros(anchor.shape)
        for i in range(anchor.shape[0]):
            for j in range(anchor.shape[1]):
                total = 0.0
                for other in np.flatnonzero(gold_side[:, j]):
                    inner = 0.0
                    for k in np.flatnonzero(test_side[:, i]):
                        inner += anchor[k, other]
                    total += inner
                result[i, j] = total
        return result

    def ratio(test_counts, gold_counts):
        low, high = np.minimum.outer(test_counts, gold_counts), np.maximum.outer(test_counts, gold_counts)
        return np.divide(low, high, out=np.zeros(low.shape), where=low > 0)

    parents = sandwich(test_y, gold_y) * ratio(test_y.sum(axis=0), gold_y.sum(axis=0))
    children = sandwich(test_y.T, gold_y.T) * ratio(test_y.sum(axis=1), gold_y.sum(axis=1))
    return np.sqrt((parents + 1.0) * (children + 1.0) - 1.0)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 14), st.integers(1, 14), st.integers(0, 2**32 - 1))
def test_a_step_adds_its_terms_in_node_order(test_size, gold_size, seed):
    rng = np.random.default_rng(seed)
    test, gold = random_adjacency(rng, test_size), random_adjacency(rng, gold_size)
    anchor = rng.random((test_size, gold_size)) * (rng.random((test_size, gold_size)) < 0.7)
    expected = step_by_definition(test, gold, anchor)
    assert np.array_equal(Neighbourhood.of(test, gold).step(anchor), expected)


@pytest.mark.parametrize("block_cells", [stacking.BLOCK_CELLS, 97])
def test_a_stack_stepped_again_and_again_keeps_adding_its_terms_in_node_order(monkeypatch, block_cells):
    """A stack reuses its work arrays from step to step (and block to block): nothing of one
    step may leak into the next."""
    monkeypatch.setattr(stacking, "BLOCK_CELLS", block_cells)  # 97: a lone pair stepped a few test nodes at a time
    rng = np.random.default_rng(11)
    sizes = [(23, 17)] if block_cells < 23 * 17 else [(23, 17), (9, 30), (1, 1)]
    adjacencies = [(random_adjacency(rng, n), random_adjacency(rng, m)) for n, m in sizes]
    stack = Stack([(Hops.of_adjacency(t), Hops.of_adjacency(g)) for t, g in adjacencies])
    for _ in range(3):
        current = np.zeros(stack.shape)
        for place, (n, m) in zip(current, sizes):
            place[:n, :m] = rng.random((n, m)) * (rng.random((n, m)) < 0.6)
        stepped = stack.step(current, np.empty(current.shape))
        for place, before, (test, gold), (n, m) in zip(stepped, current, adjacencies, sizes):
            assert np.array_equal(place[:n, :m], step_by_definition(test, gold, before[:n, :m]))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=12), st.lists(st.integers(0, 40), min_size=1, max_size=12))
def test_neighbour_ratios_are_min_over_max_and_zero_where_a_count_is_zero(test_counts, gold_counts):
    test, gold = np.array(test_counts, dtype=float)[:, None], np.array(gold_counts, dtype=float)[None, :]
    expected = [[min(n, m) / max(n, m) if min(n, m) > 0 else 0.0 for m in gold_counts] for n in test_counts]
    ratios = stacking.neighbour_ratios(test, gold)
    assert ratios.tolist() == expected and not np.signbit(ratios).any()


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 40), st.integers(0, 2**32 - 1))
def test_hops_are_the_ones_of_the_ancestor_matrix(size, seed):
    adjacency = random_adjacency(np.random.default_rng(seed), size)
    hops, ancestors = Hops.of_adjacency(adjacency), ancestor_matrix(adjacency)
    for node in range(size):
        assert hops.ancestors_of(node).tolist() == np.flatnonzero(ancestors[:, node]).tolist()
        assert hops.descendants_of(node).tolist() == np.flatnonzero(ancestors[node]).tolist()
    assert hops.counts.tolist() == [ancestors.sum(axis=0).tolist(), ancestors.sum(axis=1).tolist()]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 30), st.integers(1, 30)), min_size=1, max_size=6), st.integers(0, 2**32 - 1))
def test_a_stacked_step_is_each_pair_alone_to_the_last_bit(sizes, seed):
    rng = np.random.default_rng(seed)
    adjacencies = [(random_adjacency(rng, n), random_adjacency(rng, m)) for n, m in sizes]
    anchors = [rng.random(size) for size in sizes]
    stack = Stack([(Hops.of_adjacency(t), Hops.of_adjacency(g)) for t, g in adjacencies])
    current = np.zeros(stack.shape)
    for place, anchor in zip(current, anchors):
        place[: anchor.shape[0], : anchor.shape[1]] = anchor
    stacked = stack.step(current, np.empty(stack.shape))
    for place, (test, gold), anchor in zip(stacked, adjacencies, anchors):
        n, m = anchor.shape
        assert np.array_equal(place[:n, :m], Neighbourhood.of(test, gold).step(anchor))
        assert not place[n:].any() and not place[:, m:].any()  # the padding stays 0


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 20), st.integers(1, 20)), min_size=2, max_size=8),
    st.integers(0, 2**32 - 1),
    st.data(),
)
def test_a_subset_of_a_stack_is_the_stack_of_its_pairs(sizes, seed, data):
    """A subset takes its ratios from its stack's (and a subset of it from its own): the same as
    a stack made of its pairs anew."""
    rng = np.random.default_rng(seed)
    pairs = [
        (Hops.of_adjacency(random_adjacency(rng, n)), Hops.of_adjacency(random_adjacency(rng, m))) for n, m in sizes
    ]
    kept = sorted(data.draw(st.sets(st.integers(0, len(sizes) - 1), min_size=1)))
    again = sorted(data.draw(st.sets(st.sampled_from(range(len(kept))), min_size=1)))
    subset = Stack(pairs).subset(np.array(kept))
    for mine, theirs in (
        (subset, Stack([pairs[k] for k in kept])),
        (subset.subset(np.array(again)), Stack([pairs[kept[k]] for k in again])),
    ):
        assert mine.ratios is not None and theirs.ratios is not None
        assert mine.shape == theirs.shape and mine.ratios.flags.c_contiguous
        assert np.array_equal(mine.ratios, theirs.ratios)
        for lists, other in ((mine.first, theirs.first), (mine.second, theirs.second)):
            assert lists.shape == other.shape
            assert np.array_equal(lists.indptr, other.indptr) and np.array_equal(lists.indices, other.indices)


@pytest.mark.parametrize("sizes", [(70, 90), (130, 40), (1, 300), (300, 1)])
def test_a_large_pair_stepped_in_blocks_of_test_nodes_gives_the_same_step(monkeypatch, sizes):
    rng = np.random.default_rng(sum(sizes))
    pair = (Hops.of_adjacency(random_adjacency(rng, sizes[0])), Hops.of_adjacency(random_adjacency(rng, sizes[1])))
    anchor = rng.random(sizes)[None]
    whole = Stack([pair]).step(anchor, np.empty(anchor.shape))
    monkeypatch.setattr(stacking, "BLOCK_CELLS", 257)  # blocks of a few test nodes, their ratios made per block
    in_blocks = Stack([pair])
    assert in_blocks.ratios is None and (in_blocks.block < sizes[0] or sizes[0] == 1)
    assert np.array_equal(in_blocks.step(anchor, np.empty(anchor.shape)), whole)


@pytest.mark.parametrize(("sizes", "cells"), [((70, 90), [0, 95, 6299]), ((1, 300), [7]), ((40, 30), [])])
def test_a_large_pair_stepped_in_blocks_converges_as_alone(monkeypatch, sizes, cells):
    """The normalisation (eq. 8) of a pair stepped in blocks of test nodes; without anchors
    its matrix stays 0."""
    rng = np.random.default_rng(sum(sizes))
    test, gold = random_adjacency(rng, sizes[0]), random_adjacency(rng, sizes[1])
    matrix = np.zeros(sizes)
    matrix.put(cells, 1.0)
    alone, alone_steps = broadcast(matrix, Neighbourhood.of(test, gold), 1e-4, 60)
    monkeypatch.setattr(stacking, "BLOCK_CELLS", 257)
    stack = Stack([(Hops.of_adjacency(test), Hops.of_adjacency(gold))])
    assert stack.ratios is None
    converged, iterations = broadcast_stack(stack, [np.array(cells, dtype=np.int64)], 1e-4, 60)
    assert iterations.tolist() == [alone_steps] and np.array_equal(converged[0], alone)
    assert cells or not alone.any()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 25), st.integers(1, 25)), min_size=1, max_size=8), st.integers(0, 2**32 - 1))
def test_the_stacked_inner_loop_converges_pair_by_pair_as_alone(sizes, seed):
    rng = np.random.default_rng(seed)
    adjacencies = [(random_adjacency(rng, n), random_adjacency(rng, m)) for n, m in sizes]
    anchors = [rng.choice(n * m, size=rng.integers(0, min(n, m) + 1), replace=False) for n, m in sizes]
    stack = Stack([(Hops.of_adjacency(t), Hops.of_adjacency(g)) for t, g in adjacencies])
    converged, iterations = broadcast_stack(stack, anchors, 1e-4, 30)
    for place, steps, (test, gold), cells, (n, m) in zip(converged, iterations, adjacencies, anchors, sizes):
        matrix = np.zeros((n, m))
        matrix.put(cells, 1.0)
        alone, alone_steps = broadcast(matrix, Neighbourhood.of(test, gold), 1e-4, 30)
        assert steps == alone_steps and np.array_equal(place[:n, :m], alone)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(1, 40),
    st.integers(0, 2**32 - 1),
    st.sampled_from([1e-1, 1e-2, 1e-4, 1e-8]),
    st.integers(1, 40),
)
def test_a_lone_pair_converges_as_by_the_definition_whatever_its_probe_cell_says(
    test_size, gold_size, seed, tolerance, max_iterations
):
    """A lone pair's test of convergence looks first at the cell that moved most the last time
    the whole matrix was looked at: the same iterations and matrix as the loop of
    :func:`broadcast`, which looks at every cell every step."""
    rng = np.random.default_rng(seed)
    test, gold = random_adjacency(rng, test_size), random_adjacency(rng, gold_size)
    cells = rng.choice(test_size * gold_size, size=rng.integers(0, min(test_size, gold_size) + 1), replace=False)
    matrix = np.zeros((test_size, gold_size))
    matrix.put(cells, 1.0)
    alone, alone_steps = broadcast(matrix, Neighbourhood.of(test, gold), tolerance, max_iterations)
    stack = Stack([(Hops.of_adjacency(test), Hops.of_adjacency(gold))])
    converged, iterations = broadcast_stack(stack, [cells], tolerance, max_iterations)
    assert iterations.tolist() == [alone_steps] and np.array_equal(converged[0], alone)


def test_a_probe_cell_that_still_moves_spares_the_look_at_the_whole_matrix_and_one_that_settled_does_not():
    previous = np.zeros((1, 3, 4))
    updated = previous.copy()
    updated[0, 1, 2] = 0.5  # the probe: moved by 0.5
    updated[0, 2, 3] = 0.9  # moved more, unseen while the probe still moves
    live = np.array([True])
    done, probe = stacking._settled(updated, previous.copy(), live, 0.1, 6)
    assert done.tolist() == [False] and probe == 6  # still moving: the probe stays
    updated[0, 1, 2] = 0.0  # the probe settled, another cell did not
    looked = previous.copy()
    done, probe = stacking._settled(updated, looked, live, 0.1, 6)
    assert done.tolist() == [False] and probe == 11  # the whole matrix looked at: its cell that moved most
    assert looked[0, 2, 3] == 0.9  # the change went into the previous matrix
    done, probe = stacking._settled(previous, previous.copy(), live, 0.1, 11)
    assert done.tolist() == [True]  # nothing moved
    stacked = np.zeros((2, 3, 4))
    done, probe = stacking._settled(stacked, stacked.copy(), np.array([True, True]), 0.1, None)
    assert done.tolist() == [True, True] and probe is None  # no probe in a stack


def test_pairs_are_stacked_by_size_within_a_budget_of_cells():
    sizes = [(40, 40)] * 30 + [(3, 3)] * 50 + [(300, 250)]
    groups = stack_groups(sizes)
    assert sorted(k for group in groups for k in group) == list(range(len(sizes)))
    assert [80] in groups  # too large to share a stack
    assert list(range(30, 80)) in groups  # the small pairs are not padded to 40 x 40
    for group in groups:
        rows, columns = max(sizes[k][0] for k in group), max(sizes[k][1] for k in group)
        assert len(group) == 1 or len(group) * rows * columns <= stacking.STACK_CELLS


def padded_cells(sizes, group):
    return len(group) * max(sizes[k][0] for k in group) * max(sizes[k][1] for k in group)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.integers(0, 45), st.integers(0, 45)), st.tuples(st.integers(0, 300), st.integers(0, 300))
        ),
        max_size=120,
    )
)
def test_stacks_hold_each_pair_once_in_order_of_size_and_join_while_cheaper(sizes):
    """Every pair in exactly one stack, as given (n test x m gold nodes, never transposed); the
    stacks, one after the other, take the pairs in order of size; a stack of several pairs keeps
    within STACK_CELLS; a pair joins the stack before it only when that adds fewer padded cells
    than STACK_COST_CELLS and its own, and starts a stack only when joining would not."""
    groups = stack_groups(sizes)
    assert [k for group in groups for k in group] == sorted(range(len(sizes)), key=lambda k: sizes[k])
    assert all(group for group in groups)
    for group in groups:
        assert len(group) == 1 or padded_cells(sizes, group) <= stacking.STACK_CELLS
        for joined in range(1, len(group)):
            added = padded_cells(sizes, group[: joined + 1]) - padded_cells(sizes, group[:joined])
            test, gold = sizes[group[joined]]
            assert added < stacking.STACK_COST_CELLS + test * gold
    for before, after in itertools.pairwise(groups):
        test, gold = sizes[after[0]]
        joined = padded_cells(sizes, [*before, after[0]])
        assert (
            joined > stacking.STACK_CELLS
            or joined - padded_cells(sizes, before) >= stacking.STACK_COST_CELLS + test * gold
        )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(graph_triples(max_nodes=14), graph_triples(max_nodes=14)), min_size=2, max_size=8),
    st.sampled_from([0, 40, 1 << 12]),
    st.sampled_from([1, 150, 1 << 15]),
)
def test_a_batch_split_into_stacks_in_any_way_gives_each_pair_its_traced_alignment(pairs, stack_cost, stack_cells):
    """Whatever the grouping (here forced into many small stacks by cheap stacks or a small
    budget of cells), each pair gets the alignment it gets alone."""
    graphs = [(decode(test), decode(gold)) for test, gold in pairs]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stacking, "STACK_COST_CELLS", stack_cost)
        patch.setattr(stacking, "STACK_CELLS", stack_cells)
        alignments = align_batch(graphs)
    for batched, (test, gold) in zip(alignments, graphs):
        traced = align(test, gold, trace=True)
        assert (batched.gold_of, batched.quality, batched.finalised) == (
            traced.gold_of,
            traced.quality,
            traced.finalised,
        )
        assert [(r.iterations, r.new_anchors) for r in batched.rounds] == [
            (r.iterations, r.new_anchors) for r in traced.rounds
        ]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(graph_triples(max_nodes=14), graph_triples(max_nodes=14)), min_size=1, max_size=6))
def test_aligning_a_batch_gives_each_pair_its_traced_alignment(pairs):
    graphs = [(decode(test), decode(gold)) for test, gold in pairs]
    for batched, (test, gold) in zip(align_batch(graphs), graphs):
        traced = align(test, gold, trace=True)
        assert (batched.gold_of, batched.quality, batched.initial, batched.finalised) == (
            traced.gold_of,
            traced.quality,
            traced.initial,
            traced.finalised,
        )
        assert [(r.number, r.iterations, r.new_anchors) for r in batched.rounds] == [
            (r.number, r.iterations, r.new_anchors) for r in traced.rounds
        ]
        assert np.array_equal(batched.similarity, traced.similarity)


@settings(max_examples=40, deadline=None)
@given(graph_triples(max_nodes=10), graph_triples(max_nodes=10), st.data())
def test_corrections_steer_the_batch_as_the_traced_alignment(test_triples, gold_triples, data):
    test, gold = decode(test_triples), decode(gold_triples)
    cells = st.tuples(st.integers(0, len(test) - 1), st.integers(0, len(gold) - 1))
    excluded = tuple(sorted(data.draw(st.sets(cells, max_size=6))))
    pin = data.draw(st.one_of(st.none(), cells.filter(lambda cell: cell not in excluded)))
    correction = Correction(pinned=(pin,) if pin else (), excluded=excluded)
    params = Params(max_outer=data.draw(st.integers(1, 4)))
    batched = align_batch([(test, gold), (gold, test)], params, [correction, None])[0]
    traced = align(test, gold, params, trace=True, correction=correction)
    assert (batched.gold_of, batched.quality, batched.finalised) == (traced.gold_of, traced.quality, traced.finalised)
    assert [r.new_anchors for r in batched.rounds] == [r.new_anchors for r in traced.rounds]


def finalise_by_definition(adjusted, anchored_rows, anchored_columns, overlap):
    """Algorithm 2 read literally: take the global maximum of the free cells again and again."""
    rows = [i for i in range(adjusted.shape[0]) if i not in anchored_rows]
    columns = [j for j in range(adjusted.shape[1]) if j not in anchored_columns]
    matched = []
    while rows and columns:
        best = max(adjusted[i, j] for i in rows for j in columns)
        tied = [(i, j) for i in rows for j in columns if adjusted[i, j] == best]  # in matrix order
        most = max(overlap(i, j) for i, j in tied)
        i, j = next(cell for cell in tied if overlap(*cell) == most)
        matched.append((i, j))
        rows.remove(i)
        columns.remove(j)
    return matched


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_finalise_follows_the_definition_on_tie_heavy_matrices(data):
    rows, columns = data.draw(st.integers(0, 7)), data.draw(st.integers(0, 7))
    cells = st.lists(st.sampled_from([0.0, 0.25, 0.5, -1.0]), min_size=rows * columns, max_size=rows * columns)
    adjusted = np.array(data.draw(cells), dtype=float).reshape(rows, columns)
    anchored_rows = data.draw(st.sets(st.integers(0, max(rows - 1, 0)))) if rows else set()
    anchored_columns = data.draw(st.sets(st.integers(0, max(columns - 1, 0)))) if columns else set()
    labels = data.draw(st.lists(st.integers(0, 2), min_size=64, max_size=64))
    overlap = lambda i, j: labels[8 * i + j]  # noqa: E731
    assert finalise(adjusted, anchored_rows, anchored_columns, overlap) == finalise_by_definition(
        adjusted, anchored_rows, anchored_columns, overlap
    )


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_free_cells_ranked_in_python_are_the_ones_ranked_by_numpy(data):
    """Finalisation ranks a few free cells in Python, more with NumPy: the same order and values."""
    rows, columns = (
        data.draw(st.lists(st.integers(0, 6), unique=True)),
        data.draw(st.lists(st.integers(0, 6), unique=True)),
    )
    cells = st.lists(st.sampled_from([0.0, 0.25, 0.5, -1.0, 0.1 + 0.2]), min_size=49, max_size=49)
    adjusted = np.array(data.draw(cells), dtype=float).reshape(7, 7)
    ranked = broadcasting._ranked_in_python(adjusted, rows, columns)
    assert ranked == broadcasting._ranked_by_numpy(adjusted, rows, columns)
    assert sorted(ranked[0]) == list(range(len(rows) * len(columns)))


@settings(max_examples=100, deadline=None)
@given(graph_triples(max_nodes=10), graph_triples(max_nodes=10))
def test_label_overlaps_counted_at_once_are_those_counted_one_by_one(test_triples, gold_triples):
    from engine.align.alignment import label_overlap

    test, gold = decode(test_triples), decode(gold_triples)
    overlap = label_overlap(test, gold)
    rows, columns = np.divmod(np.arange(len(test) * len(gold)), len(gold))
    test_labels, gold_labels = incident_labels(test), incident_labels(gold)
    expected = [len(test_labels[i] & gold_labels[j]) for i, j in zip(rows, columns)]
    assert overlap.many(rows, columns).tolist() == expected == [overlap(i, j) for i, j in zip(rows, columns)]
    assert [overlap.shared_roles(i, j) for i, j in zip(rows, columns)] == [
        sorted({role for _, role in test_labels[i] & gold_labels[j]}) for i, j in zip(rows, columns)
    ]


def incident_labels(graph):
    """Per node, the labels of the relations around it by definition: (direction, role)."""
    labels: list[set[tuple[str, str]]] = [set() for _ in graph.nodes]
    for edge in graph.edges:
        labels[graph.index[edge.source]].add(("out", edge.role))
        labels[graph.index[edge.target]].add(("in", edge.role))
    for attribute in graph.attributes:
        labels[graph.index[attribute.source]].add(("out", attribute.role))
    return labels


def test_finalisation_of_a_large_tie_counts_the_overlaps_at_once_with_the_same_matching():
    """A chain of one concept against itself: no anchor is found, every cell of F ties, and
    finalisation breaks the ties of all 30 x 30 cells by their label overlaps."""
    from engine.align.alignment import label_overlap
    from engine.read import read_graph

    chain = read_graph("".join(f"(c{k} / thing :ARG1 " for k in range(29)) + "(c29 / thing" + ")" * 30)
    alignment = align_batch([(chain, chain)])[0]
    assert alignment.rounds[0].new_anchors == () and len(alignment.finalised) == 30
    adjusted = np.full((30, 30), 0.5)
    overlap = label_overlap(chain, chain)
    assert finalise(adjusted, set(), set(), overlap) == finalise_by_definition(adjusted, set(), set(), overlap)
    assert alignment.gold_of == tuple(range(30))  # the inner nodes first (two labels shared), then the ends


def test_a_stack_is_remade_without_its_converged_pairs_and_each_pair_keeps_its_own_result(monkeypatch):
    rng = np.random.default_rng(5)
    sizes = [(2, 2)] * 7 + [(40, 40)]  # the small pairs converge within a few steps, the large one goes on
    adjacencies = [(random_adjacency(rng, n), random_adjacency(rng, m)) for n, m in sizes]
    anchors = [np.array([0]) for _ in sizes]
    remade = []
    subset = Stack.subset

    def recorded_subset(self, kept):
        remade.append(kept.tolist())
        return subset(self, kept)

    monkeypatch.setattr(Stack, "subset", recorded_subset)
    stack = Stack([(Hops.of_adjacency(t), Hops.of_adjacency(g)) for t, g in adjacencies])
    converged, iterations = broadcast_stack(stack, anchors, 1e-4, 100)
    assert remade == [[7]]  # the seven small pairs converged: the large one goes on alone
    for place, steps, (test, gold), (n, m) in zip(converged, iterations, adjacencies, sizes):
        matrix = np.zeros((n, m))
        matrix[0, 0] = 1.0
        alone, alone_steps = broadcast(matrix, Neighbourhood.of(test, gold), 1e-4, 100)
        assert steps == alone_steps and np.array_equal(place[:n, :m], alone)
    assert len(set(iterations.tolist())) > 1


def test_pairs_that_reach_the_step_limit_stop_together_with_their_last_matrices():
    rng = np.random.default_rng(6)
    adjacencies = [(random_adjacency(rng, n), random_adjacency(rng, n)) for n in (5, 9, 14)]
    stack = Stack([(Hops.of_adjacency(t), Hops.of_adjacency(g)) for t, g in adjacencies])
    converged, iterations = broadcast_stack(stack, [np.array([0])] * 3, 1e-12, 2)
    assert iterations.tolist() == [2, 2, 2]
    for place, (test, gold) in zip(converged, adjacencies):
        matrix = np.zeros((len(test), len(gold)))
        matrix[0, 0] = 1.0
        alone, _ = broadcast(matrix, Neighbourhood.of(test, gold), 1e-12, 2)
        assert np.array_equal(place[: len(test), : len(gold)], alone)


def test_no_pairs_no_alignments():
    assert align_batch([]) == []
