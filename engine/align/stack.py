"""The inner broadcast loop of many pairs at once (AnCast paper §2.2, eq. 8-12; Algorithm 1,
lines 2-5).

A graph's neighbourhoods are index lists (:class:`Hops`): per node, its parents and
grandparents (the ones of its column of Y, eq. 10) and its children and grandchildren (of its
row of Y, that is of its column of Z = Yᵀ, eq. 11). Pairs of similar size are stacked
(:class:`Stack`): their anchor matrices padded with zeros to a common N x M and the
neighbourhoods of all of them made into one block-diagonal sparse matrix per side, so that
a step of every pair in the stack takes the few NumPy calls that a step of one pair takes.
Padding stays 0 (a padded node has no neighbours, so its products and its ratios ΔN are 0,
and sqrt((0 + 1)(0 + 1) - 1) = 0) and never enters the sum of a real cell.

Every sum of eq. 10-11, P_ij = Σ_l (Σ_k A_kl) with k over the test node's neighbours and l
over the gold node's, is added term by term in ascending node order, whatever the size of the
graphs or of the stack. A pair's numbers are therefore the same to the last bit alone or
stacked, and on any machine (a dense BLAS product adds in an order of its own, which depends
on the matrix sizes and on the processor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, partial

import numpy as np

from ..model import Graph
from ..runtime.sparse_products import CsrMatrix

__all__ = ["Hops", "Stack", "broadcast_stack", "neighbour_ratios", "stack_groups"]

BLOCK_CELLS = 1 << 16  # cells of a lone pair's block of test nodes stepped at once (its temporaries fit a cache)
STACK_CELLS = 1 << 15  # padded cells of a stack of several pairs (each of its arrays then fits in a core's cache)
# a further stack costs about what stepping this many padded cells more does: a step's fixed cost over a
# cell's is ~2,000 cells (~10 us over ~5 ns, step and loop), and each round's work made once per stack
# (set-up, new anchors) about doubles it; measured on a 2-core AMD EPYC
STACK_COST_CELLS = 1 << 12
_SMALLEST = float(np.finfo(float).smallest_subnormal)  # the divisor of eq. 8 for a matrix of zeros: 0 / it = 0


@dataclass(frozen=True)
class Hops:
    """One graph's 1- and 2-hop neighbours: per node, its ancestors (parents and grandparents,
    the ones of its column of Y, eq. 10) and its descendants (children and grandchildren, its
    row of Y), each list in ascending order and the node itself left out. ``counts[0]`` and
    ``counts[1]`` hold the list lengths, ``members[0]`` and ``members[1]`` the lists one after
    the other in node order. The ones of binarise(A + A·A) with the diagonal removed, A the
    adjacency matrix, without making any n x n matrix."""

    size: int
    counts: np.ndarray  # (2, size) int64
    members: tuple[np.ndarray, np.ndarray]  # int64

    @classmethod
    def of_edges(cls, size: int, sources: np.ndarray, targets: np.ndarray) -> Hops:
        """The neighbours of a graph of ``size`` nodes with edges ``sources[e] -> targets[e]``.

        >>> chain = Hops.of_edges(3, np.array([0, 1]), np.array([1, 2]))  # a -> b -> c
        >>> chain.ancestors_of(2).tolist(), chain.descendants_of(0).tolist(), chain.counts.tolist()
        ([0, 1], [1, 2], [[0, 1, 2], [2, 1, 0]])
        """
        one = _distinct(np.asarray(sources, dtype=np.int64) * size + np.asarray(targets, dtype=np.int64))
        parents, children = np.divmod(one, max(size, 1))
        child_starts = np.searchsorted(parents, np.arange(size + 1))
        # two hops: every edge p -> c followed by each edge c -> g
        counts = child_starts[children + 1] - child_starts[children]
        firsts = np.repeat(child_starts[children] - (np.cumsum(counts) - counts), counts)
        grandchildren = children[firsts + np.arange(int(counts.sum()))]
        keys = _distinct(np.concatenate([one, np.repeat(parents, counts) * size + grandchildren]))
        above, below = np.divmod(keys, max(size, 1))
        keep = above != below
        above, below = above[keep], below[keep]  # sorted by (above, below): descendant lists
        by_below = np.argsort(below * size + above)  # ancestor lists: sorted by (below, above)
        lengths = np.stack([np.bincount(below, minlength=size), np.bincount(above, minlength=size)])
        return cls(size, lengths.astype(np.int64, copy=False), (above[by_below], below))

    @classmethod
    def of_adjacency(cls, adjacency: np.ndarray) -> Hops:
        """The neighbours of the graph whose edges are the non-zero cells of ``adjacency``."""
        sources, targets = np.nonzero(adjacency)
        return cls.of_edges(len(adjacency), sources, targets)

    @classmethod
    def of_graphs(cls, graphs: Sequence[Graph]) -> list[Hops]:
        """The neighbours of each graph, found for all of them at once (as one graph)."""
        sizes = np.array([len(graph) for graph in graphs], dtype=np.int64)
        offsets = np.cumsum(sizes) - sizes
        sources: list[int] = []
        targets: list[int] = []
        for graph in graphs:
            index = graph.index
            sources += [index[edge.source] for edge in graph.edges]
            targets += [index[edge.target] for edge in graph.edges]
        shift = np.repeat(offsets, [len(graph.edges) for graph in graphs])  # each graph's nodes after the ones before
        union = cls.of_edges(
            int(sizes.sum()), np.array(sources, dtype=np.int64) + shift, np.array(targets, dtype=np.int64) + shift
        )
        owners = np.repeat(np.arange(len(graphs)), sizes)
        shares = []  # per layer: each graph's first entry and count in the union's lists, in its own numbers
        for layer in (0, 1):
            lengths = np.bincount(owners, weights=union.counts[layer], minlength=len(graphs)).astype(np.int64)
            members = union.members[layer] - np.repeat(offsets, lengths)
            shares.append(((np.cumsum(lengths) - lengths).tolist(), lengths.tolist(), members))
        (ancestor_firsts, ancestor_lengths, ancestors), (descendant_firsts, descendant_lengths, descendants) = shares
        return [
            cls(
                size,
                union.counts[:, offset : offset + size],
                (
                    ancestors[ancestor_firsts[k] : ancestor_firsts[k] + ancestor_lengths[k]],
                    descendants[descendant_firsts[k] : descendant_firsts[k] + descendant_lengths[k]],
                ),
            )
            for k, (size, offset) in enumerate(zip(sizes.tolist(), offsets.tolist()))
        ]

    def ancestors_of(self, node: int) -> np.ndarray:
        first = int(self.counts[0, :node].sum())
        return self.members[0][first : first + self.counts[0, node]]

    def descendants_of(self, node: int) -> np.ndarray:
        first = int(self.counts[1, :node].sum())
        return self.members[1][first : first + self.counts[1, node]]


def _distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values in ascending order, as ``np.unique`` gives them (which first asks
    whether its input is a masked array, and so imports ``numpy.ma``: 8 ms of start-up).

    >>> _distinct(np.array([3, 1, 3, 2])).tolist()
    [1, 2, 3]
    """
    ordered = np.sort(values, axis=None)
    keep = np.ones(len(ordered), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def stack_groups(sizes: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The pairs (given by their sizes n x m) in stacks of similar sizes, for the least cost of
    their steps. A step of a stack of B pairs padded to N x M costs about c0 + c1·B·N·M (its
    fixed cost and its cells'); so, sorted by size, each pair joins the last stack while the
    cells that this adds (its own and the padding it brings to the pairs already there) cost
    less than a stack of its own would: ``STACK_COST_CELLS`` (c0 / c1, with the per-stack work of
    each round) and its own cells. A stack keeps within ``STACK_CELLS`` padded cells (a larger
    pair is a stack of its own).

    >>> stack_groups([(30, 30), (200, 180), (28, 31), (5, 4)])
    [[3, 2, 0], [1]]
    >>> [len(group) for group in stack_groups([(4, 4)] * 60 + [(20, 20)])]  # not 60 pairs padded to 20 x 20
    [60, 1]
    """
    groups: list[list[int]] = []
    rows = columns = cells = 0  # the last stack's N, M and padded cells
    for number in sorted(range(len(sizes)), key=lambda k: sizes[k]):
        test, gold = sizes[number]
        wider_rows, wider_columns = max(rows, test), max(columns, gold)
        joined = (len(groups[-1]) + 1) * wider_rows * wider_columns if groups else 0
        if groups and joined <= STACK_CELLS and joined - cells < STACK_COST_CELLS + test * gold:
            groups[-1].append(number)
            rows, columns, cells = wider_rows, wider_columns, joined
        else:
            groups.append([number])
            rows, columns, cells = test, gold, test * gold
    return groups


def _stacked_lists(sides: Sequence[Hops], counts: np.ndarray, layers_apart: bool) -> CsrMatrix:
    """The 0/1 CSR matrix of a side's neighbour lists, stacked: rows (layer, pair, node), each
    pair given ``width`` rows (its own nodes first, then empty ones; ``counts`` (2, B, width) the
    lengths of their lists), and the members of pair b's lists shifted by ``b * width`` - or by
    ``(layer * B + b) * width`` when ``layers_apart`` (the rows they index are stacked by layer too)."""
    _, count, width = counts.shape
    indptr = np.zeros(counts.size + 1, dtype=np.int32)
    np.cumsum(counts, out=indptr[1:])
    members = np.concatenate([side.members[layer] for layer in (0, 1) for side in sides])
    blocks = np.arange(2 * count) if layers_apart else np.arange(2 * count) % count
    indices = (members + np.repeat(blocks * width, counts.sum(axis=2).ravel())).astype(np.int32)
    return CsrMatrix((counts.size, (2 if layers_apart else 1) * count * width), indptr, indices, np.ones(len(indices)))


def _padded_counts(sides: Sequence[Hops], sizes: np.ndarray, width: int) -> np.ndarray:
    """(2, B, width) int64: the neighbour counts of each side's nodes (``sizes`` of them), 0 on padding."""
    counts = np.zeros((2, len(sides), width), dtype=np.int64)
    if sides:
        counts[:, np.arange(width)[None, :] < sizes[:, None]] = np.concatenate([side.counts for side in sides], axis=1)
    return counts


def neighbour_ratios(test_counts: np.ndarray, gold_counts: np.ndarray) -> np.ndarray:
    """1/ΔN of eq. 10-11: min(n_i, n_j) / max(n_i, n_j), 0 where either is 0, for neighbour
    counts (whole numbers, as floats) that broadcast against each other. Computed as
    min / max(n_i, n_j, 1): where either count is 0 that is 0 / a positive number, +0.0.

    >>> neighbour_ratios(np.array([[0.0], [2.0], [3.0]]), np.array([[0.0, 4.0, 2.0]])).tolist()
    [[0.0, 0.0, 0.0], [0.0, 0.5, 1.0], [0.0, 0.75, 0.6666666666666666]]
    """
    low = np.minimum(test_counts, gold_counts)
    # max(n_i, n_j, 1): the same divisor where both are >= 1, and 0 / 1 = 0 where either is 0. The
    # result is a new array, made after the temporaries (the stack keeps it through its rounds): with
    # glibc's default allocator settings (the engine used as a library, without keep_freed_memory)
    # that halves the page faults of the broadcast steps on sentence-size pairs
    return np.divide(low, np.maximum(np.maximum(test_counts, 1.0), np.maximum(gold_counts, 1.0)))


class _RatioTable:
    """1/ΔN of one layer for every cell of a lone large pair, looked up in a table over the
    distinct neighbour counts of each side (there are few): the same numbers as
    :func:`neighbour_ratios`, without an n x m matrix of them."""

    def __init__(self, test_counts: np.ndarray, gold_counts: np.ndarray):
        test_values, gold_values = _distinct(test_counts), _distinct(gold_counts)
        self.test_codes = np.searchsorted(test_values, test_counts)
        self.gold_codes = np.searchsorted(gold_values, gold_counts)
        self.table = neighbour_ratios(gold_values[:, None], test_values[None, :])

    def apply(self, products: np.ndarray, start: int, stop: int, work: np.ndarray) -> None:
        """Multiply the block of Pᵀ or Cᵀ (gold node, test nodes start..stop) by its ratios: each
        gold node's row is that of its count, taken from the few rows of the block's counts
        into ``work`` (an array of the block's shape; the codes are in range, and "clip" spares
        NumPy a buffered copy of ``out``)."""
        np.take(self.table[:, self.test_codes[start:stop]], self.gold_codes, axis=0, out=work, mode="clip")
        products *= work


class Stack:
    """Pairs (each a test graph's and a gold graph's :class:`Hops`) padded to N test and M gold
    nodes, with what their broadcast step needs: the block-diagonal neighbourhood matrices of
    both sides and the ratios 1/ΔN of every cell. A lone large pair is stepped in blocks of
    its test nodes, so that the step needs no n x m temporaries."""

    def __init__(self, pairs: Sequence[tuple[Hops, Hops]], ratios: np.ndarray | None = None):
        """``ratios``: the stack's 1/ΔN when already known (a subset's, from the whole stack's)."""
        self.pairs = list(pairs)
        tests, golds = [test for test, _ in pairs], [gold for _, gold in pairs]
        self.test_sizes = np.array([test.size for test in tests], dtype=np.int64)
        self.gold_sizes = np.array([gold.size for gold in golds], dtype=np.int64)
        count = len(pairs)
        rows, columns = int(self.test_sizes.max(initial=0)), int(self.gold_sizes.max(initial=0))
        self.shape = (count, rows, columns)
        # eq. 10-11: the test side's sums on A (rows: layer, pair, test node), then the gold side's on
        # these halfway products transposed (rows: layer, pair, gold node)
        test_counts, gold_counts = (
            _padded_counts(tests, self.test_sizes, rows),
            _padded_counts(golds, self.gold_sizes, columns),
        )
        self.first = _stacked_lists(tests, test_counts, layers_apart=False)
        self.second = _stacked_lists(golds, gold_counts, layers_apart=True)
        whole = count > 1 or rows * columns <= BLOCK_CELLS
        self.block = rows if whole else max(1, BLOCK_CELLS // max(columns, 1))  # test nodes stepped at once
        self.ratios: np.ndarray | None = None  # [ancestors, descendants] x pair x gold node x test node
        self.ratio_tables: list[_RatioTable] = []  # a lone large pair: per layer, looked up block by block
        if whole:
            self.ratios = (
                neighbour_ratios(gold_counts[:, :, :, None].astype(float), test_counts[:, :, None, :].astype(float))
                if ratios is None
                else ratios
            )
        else:
            self.ratio_tables = [
                _RatioTable(test_counts[layer, 0].astype(float), gold_counts[layer, 0].astype(float))
                for layer in (0, 1)
            ]

    def subset(self, kept: np.ndarray) -> Stack:
        """The stack of the pairs at positions ``kept``, their ratios taken from this stack's."""
        pairs = [self.pairs[number] for number in kept.tolist()]
        if self.ratios is None:
            return Stack(pairs)
        rows, columns = int(self.test_sizes[kept].max(initial=0)), int(self.gold_sizes[kept].max(initial=0))
        return Stack(pairs, np.ascontiguousarray(self.ratios[:, kept, :columns, :rows]))

    def real_cells(self) -> np.ndarray:
        """(B, N, M) booleans: the cells of each pair's own nodes (the rest is padding)."""
        _, rows, columns = self.shape
        return (np.arange(rows)[None, :, None] < self.test_sizes[:, None, None]) & (
            np.arange(columns)[None, None, :] < self.gold_sizes[:, None, None]
        )

    @cached_property
    def _buffers(self) -> tuple[np.ndarray, np.ndarray]:
        """The two arrays a step works in, made at the first step and reused by the next ones
        (where freed memory goes back to the system, a fresh array of this size costs page faults
        on first touch, as much as the arithmetic): one for Y_Tᵀ A and Z_Tᵀ A, then for Pᵀ and
        Cᵀ; one for those first products transposed, then for a large pair's ratios and for A'ᵀ."""
        count, _, columns = self.shape
        size = 2 * count * self.block * columns
        return np.empty(size), np.empty(size)

    @cached_property
    def _whole(self) -> _WholeStep:
        """The views and products of a step of the whole stack at once, made at its first step."""
        return _WholeStep(self)

    def step(self, current: np.ndarray, out: np.ndarray, normalise: bool = False) -> np.ndarray:
        """One broadcast step of every pair (eq. 10-12), into ``out``:

        P = Y_Tᵀ A Y_G / ΔN_P,  C = Z_Tᵀ A Z_G / ΔN_C,  A' = sqrt((P + 1)(C + 1) - 1),

        and with ``normalise`` each pair's A' divided by its maximum (eq. 8; a pair whose cells
        are all 0 stays 0). ``current`` and ``out`` (B, N, M) C-contiguous; each operation in the
        order of the formula. The stack's work arrays are reused: a stack is stepped by one
        thread at a time."""
        if self.ratios is not None:
            self._whole.step(current, out, normalise)
            return out
        _, rows, columns = self.shape
        products, crossing = self._buffers
        for start in range(0, rows, self.block):  # one pair, a block of its test nodes at a time
            stop = min(start + self.block, rows)
            height = stop - start
            cells = 2 * height * columns
            sums, transposed = products[:cells], crossing[:cells]
            _zero(sums)
            halfway = sums.reshape(2, height, columns)  # Y_Tᵀ A and Z_Tᵀ A, rows start..stop
            for layer in (0, 1):
                self.first.product_into(current[0], halfway[layer], layer * rows + start, layer * rows + stop)
            crossed = transposed.reshape(2, columns, height)
            np.copyto(crossed, halfway.transpose(0, 2, 1))
            _zero(sums)
            both = sums.reshape(2, columns, height)  # Pᵀ and Cᵀ, where the first products were
            self.second.product_into(crossed.reshape(-1, height), both.reshape(-1, height))
            for layer, table in enumerate(self.ratio_tables):  # looked up into the first products transposed
                table.apply(both[layer], start, stop, crossed[0])
            result = crossed[0]  # A'ᵀ: the first products transposed are not needed any more
            _combine(both, both[0], both[1], result)  # the square root runs faster into a contiguous array
            np.copyto(out[0, start:stop], result.T)
        if normalise:
            out /= np.maximum.reduce(out, axis=None, initial=_SMALLEST)
        return out


class _WholeStep:
    """A step of a whole stack (several pairs, or a pair small enough to step at once) in the
    stack's work arrays, their views and the products on them made once."""

    def __init__(self, stack: Stack):
        assert stack.ratios is not None
        count, rows, columns = stack.shape
        products, crossing = stack._buffers
        self.ratios = stack.ratios
        self.clear = products.view(np.uint8).fill  # clear(0): the sums set to +0.0 as _zero does
        halfway = products.reshape(2, count, rows, columns)  # Y_Tᵀ A and Z_Tᵀ A
        self.halfway_transposed = halfway.transpose(0, 1, 3, 2)
        self.crossed = crossing.reshape(2, count, columns, rows)  # the same, transposed
        self.both = products.reshape(2, count, columns, rows)  # Pᵀ and Cᵀ, where the first products were
        self.parents, self.children = self.both
        self.result = self.crossed[0]  # A'ᵀ: the first products transposed are not needed any more
        self.by_pair = self.result.reshape(count, -1)
        self.transposed_back = self.result.transpose(0, 2, 1)
        self.first = stack.first.multiplier(columns, halfway)
        self.second = partial(stack.second.multiplier(rows, self.both), self.crossed)

    def step(self, current: np.ndarray, out: np.ndarray, normalise: bool) -> None:
        """:meth:`Stack.step` of the whole stack."""
        self.clear(0)
        self.first(current)
        np.copyto(self.crossed, self.halfway_transposed)
        self.clear(0)
        self.second()
        self.both *= self.ratios
        # the square root runs faster into a contiguous array: A'ᵀ, copied back below
        _combine(self.both, self.parents, self.children, self.result)
        if normalise:
            by_pair = self.by_pair
            by_pair /= np.maximum.reduce(by_pair, axis=1, initial=_SMALLEST)[:, None]
        np.copyto(out, self.transposed_back)


def _zero(array: np.ndarray) -> None:
    """Set a contiguous float array to +0.0 (all bits 0) through a byte view: NumPy fills a
    byte array with ``memset``, more than twice as fast as its element loop for floats."""
    array.view(np.uint8).fill(0)


def _combine(both: np.ndarray, parents: np.ndarray, children: np.ndarray, out: np.ndarray) -> None:
    """Eq. 12 on ``both`` = [P, C] (already divided by ΔN; ``parents`` and ``children`` its two
    halves), in place and in the formula's order: sqrt((P + 1)(C + 1) - 1) into ``out``."""
    both += 1.0
    parents *= children
    parents -= 1.0
    np.sqrt(parents, out=out)


def broadcast_stack(
    stack: Stack, anchors: Sequence[np.ndarray], tolerance: float, max_iterations: int
) -> tuple[np.ndarray, np.ndarray]:
    """The inner loop of every pair of ``stack``: broadcast (eq. 10-12), normalise so that
    max(A) = 1 (eq. 8), reset the anchors to 1 (eq. 9), until no cell of the pair moves by
    ``tolerance`` or more, or ``max_iterations`` steps. ``anchors[b]`` holds pair b's anchor
    cells as flat positions in its own n x m matrix. Returns the converged matrices (B, N, M),
    padded with zeros, and each pair's iterations.

    A pair that has converged stays in the stack (its result kept) until three quarters of
    the stack have (remaking a stack costs about as much as the steps it saves, unless one
    pair goes on much longer than the others); then the stack is remade without them."""
    count = stack.shape[0]
    iterations = np.zeros(count, dtype=np.int64)
    current, spare = np.zeros(stack.shape), np.empty(stack.shape)
    positions = _positions(stack, anchors)
    current.put(positions, 1.0)
    result: np.ndarray | None = None  # made when a first pair converges before the others
    pending = np.arange(count)  # the place in the result of each pair of the (current) stack
    live = np.ones(count, dtype=bool)  # not yet converged
    probe: int | None = None  # a lone pair's cell that moved most (see _settled)
    for iteration in range(1, max_iterations + 1):
        updated = stack.step(current, spare, normalise=True)
        updated.put(positions, 1.0)
        if iteration < max_iterations:  # the previous matrix is not needed any more: the change may go there
            done, probe = _settled(updated, current, live, tolerance, probe)
        else:
            done = live
        if done.any():
            iterations[pending[done]] = iteration
            if result is None and done.all():
                return updated, iterations  # every pair at once: no copy
            if result is None:
                result = np.zeros((count, *stack.shape[1:]))
            _, rows, columns = updated.shape
            result[pending[done], :rows, :columns] = updated[done]
            live &= ~done
            if not live.any():
                break
            if 4 * live.sum() <= len(live):
                stack = stack.subset(np.flatnonzero(live))
                updated = np.ascontiguousarray(updated[live][:, : stack.shape[1], : stack.shape[2]])
                pending, live = pending[live], np.ones(len(stack.pairs), dtype=bool)
                positions = _positions(stack, [anchors[number] for number in pending.tolist()])
                current = np.empty(stack.shape)
        current, spare = updated, current
    assert result is not None  # the last iteration keeps every pair still live
    return result, iterations


def _settled(
    updated: np.ndarray, previous: np.ndarray, live: np.ndarray, tolerance: float, probe: int | None
) -> tuple[np.ndarray, int | None]:
    """The live pairs of which no cell moved by ``tolerance`` or more from ``previous`` to
    ``updated`` (the change is written into ``previous``), and for a lone pair the flat
    position of the cell that moved most, the next ``probe``.

    While that cell still moves by ``tolerance`` or more, the lone pair has not settled, and
    its whole matrix is not looked at: far from convergence, as most steps of a round are, the
    change is then one cell instead of three passes over the matrix (|u - p| of a cell is the
    same double either way). In a stack a whole look is needed as soon as any pair may have
    settled, which is most steps: there it would cost more than it spares."""
    if probe is not None and abs(updated.item(probe) - previous.item(probe)) >= tolerance:
        return np.zeros_like(live), probe
    change = np.subtract(updated, previous, out=previous).reshape(len(live), -1)
    moved = np.maximum.reduce(np.abs(change, out=change), axis=1, initial=0.0)
    return live & (moved < tolerance), int(change.argmax()) if change.size and len(live) == 1 else None


def _positions(stack: Stack, anchors: Sequence[np.ndarray]) -> np.ndarray:
    """Flat positions in the (B, N, M) stack of every pair's anchor cells, given as flat
    positions in each pair's own n x m matrix."""
    _, rows, columns = stack.shape
    if not anchors:
        return np.zeros(0, dtype=np.int64)
    pairs = np.repeat(np.arange(len(anchors)), [len(cells) for cells in anchors])
    within, across = np.divmod(np.concatenate(anchors).astype(np.int64), np.maximum(stack.gold_sizes[pairs], 1))
    return pairs * (rows * columns) + within * columns + across
