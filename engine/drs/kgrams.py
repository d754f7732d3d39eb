"""Counting DScorer's k-grams with sparse matrix products instead of listing them.

A k-gram is a path of k edges read as its label sequence: the start node's
label, then per step the edge label and the label of the node reached. DScorer
needs, per order k, how many k-grams each graph has and the size of the multiset
intersection Σ_s min(c_test(s), c_gold(s)) over label sequences s.

The two graphs are expanded together, one edge at a time, over one shared
vocabulary of node labels and *steps* (edge label, label of the node reached).
After k-1 edges the state of a graph is a sparse matrix M (sequence id × node):
how many of its paths read the sequence and end at the node. Then

    C = M · O,   O[v, σ] = the number of edges out of v with step σ,

counts every k-gram of the graph by (sequence of length k-1, last step): the
k-gram counts of both graphs and their intersection (Σ min(C_test, C_gold),
entry by entry) come from sparse products, and the k-grams themselves are never
listed. Only the sequences kept for the next order become rows of the next M:
paths are merged by (sequence, end node), so work grows with the number of
distinct sequences, not the number of paths. At the highest order nothing is
kept, and one product of the stacked states, [M_test M_gold] · [O_test; -O_gold]
= C_test - C_gold, gives the intersection as (Σ C_test + Σ C_gold - Σ |C_test -
C_gold|) / 2. Two kinds of k-gram:

* **walks** (``paper`` profile; the paper's k-grams may revisit nodes): exactly
  the products above. Graph totals are 1ᵀ A^k 1 (A with multiplicities), so only
  sequences found in both graphs are followed - the others add nothing to the
  intersection.
* **node-simple paths** (``reference`` profile; the DRSScorer code never visits a
  node twice): a step may not go back into the path, so the state keeps each
  path's nodes (rows merge only over parallel edges with the same label) and C
  is the product minus, for every path, the edges from its end back into it -
  looked up, not searched. Totals need every path, so nothing is pruned; the
  paths of length k-1 are listed, those of length k are not.

:func:`kgram_table` lists the sequences themselves (the k-grams found on one side
only, for a view); it is meant for graphs of sentence size.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np
from scipy import sparse

from .dscorer_graph import LabelledGraph

__all__ = ["OrderCounts", "PathKind", "count_kgrams", "kgram_table"]

PathKind = Literal["walk", "simple"]
_DENSE_PAIRS = 1 << 20  # up to 1024 nodes, the edges between two nodes are found through a table


@dataclass(frozen=True)
class OrderCounts:
    """Per order k = 1..n: k-grams of the test graph, of the gold graph, and shared."""

    test: tuple[int, ...]
    gold: tuple[int, ...]
    matched: tuple[int, ...]


class _Vocabulary:
    """Dense codes for node labels and for steps (edge label, label of the node reached)."""

    def __init__(self) -> None:
        self.nodes: dict[Hashable, int] = {}
        self.steps: dict[tuple[Hashable, Hashable], int] = {}

    def node(self, label: Hashable) -> int:
        return self.nodes.setdefault(label, len(self.nodes))

    def step(self, edge: Hashable, target: Hashable) -> int:
        return self.steps.setdefault((edge, target), len(self.steps))


class _Side:
    """One graph: node label codes, its distinct edges (source, step, target) sorted by
    source with the number of parallel copies, the same edges keyed by (source, target)
    for look-ups, and the sparse matrices A (node × node) and O (node × step)."""

    def __init__(self, graph: LabelledGraph, vocabulary: _Vocabulary) -> None:
        self.codes = np.array([vocabulary.node(label) for label in graph.labels], dtype=np.int64)
        triples = np.array(
            [(source, vocabulary.step(label, graph.labels[target]), target) for source, target, label in graph.edges],
            dtype=np.int64,
        ).reshape(-1, 3)
        distinct, multiplicity = np.unique(triples, axis=0, return_counts=True)
        self.source, self.step, self.target = distinct.T.copy()
        self.multiplicity = multiplicity.astype(np.int64)
        self.indptr = np.zeros(len(self.codes) + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.source, minlength=len(self.codes)), out=self.indptr[1:])
        pair = self.source * max(len(self.codes), 1) + self.target
        self.by_pair = np.argsort(pair, kind="stable")
        self.pair_keys = pair[self.by_pair]
        self._out_steps: sparse.csr_array | None = None

    def __len__(self) -> int:
        return len(self.codes)

    def out_steps(self, steps: int) -> sparse.csr_array:
        """O: per node, how many edges leave it with each step (built once)."""
        if self._out_steps is None:
            self._out_steps = sparse.csr_array((self.multiplicity, (self.source, self.step)), shape=(len(self), steps))
        return self._out_steps

    def walk_totals(self, n: int) -> list[int]:
        """1ᵀ A^k 1 for k = 1..n: the number of k-walks."""
        adjacency = sparse.csr_array((self.multiplicity, (self.source, self.target)), shape=(len(self), len(self)))
        vector, totals = np.ones(len(self), dtype=np.int64), []
        for _ in range(n):
            vector = adjacency @ vector
            totals.append(int(vector.sum()))
        return totals

    @cached_property
    def pair_range(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Where each (source, target) pair's edges start and end in ``pair_keys``, as a
        table when it is small enough (faster than a search), else None."""
        if len(self.codes) ** 2 > _DENSE_PAIRS:
            return None
        per_pair = np.bincount(self.pair_keys, minlength=len(self.codes) ** 2)
        end = np.cumsum(per_pair)
        return end - per_pair, end

    def edges_between(self, sources: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each (source, target) query, the edges joining them: (query index, edge index)."""
        keys = sources * max(len(self.codes), 1) + targets
        if self.pair_range is not None:
            low, high = self.pair_range[0][keys], self.pair_range[1][keys]
        else:
            low = np.searchsorted(self.pair_keys, keys, side="left")
            high = np.searchsorted(self.pair_keys, keys, side="right")
        found = high - low
        query = np.repeat(np.arange(len(keys)), found)
        offset = np.arange(int(found.sum())) - np.repeat(np.cumsum(found) - found, found)
        return query, self.by_pair[np.repeat(low, found) + offset]


@dataclass
class _Paths:
    """Groups of paths with the same sequence id: their nodes (every node of the path
    for node-simple paths, the end node only for walks) and how many paths."""

    sequence: np.ndarray
    nodes: np.ndarray  # groups x (nodes kept)
    count: np.ndarray
    matrix: sparse.csr_array | None = None  # M, once built

    @classmethod
    def start(cls, side: _Side) -> _Paths:
        return cls(side.codes.copy(), np.arange(len(side), dtype=np.int64)[:, None], np.ones(len(side), np.int64))

    def state(self, size: int, node_count: int) -> sparse.csr_array:
        """M: paths by (sequence id, end node)."""
        if self.matrix is None:
            self.matrix = sparse.csr_array((self.count, (self.sequence, self.nodes[:, -1])), shape=(size, node_count))
        return self.matrix

    def back_into_path(self, side: _Side, steps: int, size: int) -> sparse.csr_array:
        """The steps from each path's end to a node already on it, by (sequence id, step)."""
        length = self.nodes.shape[1]
        query, edge = side.edges_between(np.repeat(self.nodes[:, -1], length), self.nodes.ravel())
        group = query // length
        return sparse.csr_array(
            (self.count[group] * side.multiplicity[edge], (self.sequence[group], side.step[edge])), shape=(size, steps)
        )

    def extend(self, side: _Side, simple: bool, steps: int, keep: np.ndarray) -> _Paths:
        """Every group followed along every edge out of its end node, keeping the new
        sequences in ``keep`` (sorted keys, parent id × steps + step; their index is
        the new id) and, for node-simple paths, only steps to new nodes."""
        last = self.nodes[:, -1]
        degree = side.indptr[last + 1] - side.indptr[last]
        group = np.repeat(np.arange(len(last)), degree)
        edge = np.repeat(side.indptr[last] - np.cumsum(degree) + degree, degree) + np.arange(int(degree.sum()))
        target = side.target[edge]
        key = self.sequence[group] * steps + side.step[edge]
        new_id = np.minimum(np.searchsorted(keep, key), max(len(keep) - 1, 0))
        wanted = keep[new_id] == key if len(keep) else np.zeros(len(key), dtype=bool)
        if simple:
            wanted &= ~(self.nodes[group] == target[:, None]).any(axis=1)
        group, edge, target, new_id = group[wanted], edge[wanted], target[wanted], new_id[wanted]
        nodes = np.column_stack([self.nodes[group], target]) if simple else target[:, None]
        return _Paths(new_id, nodes, self.count[group] * side.multiplicity[edge])

    @classmethod
    def merged(cls, state: sparse.csr_array) -> _Paths:
        """Walk groups from M, one per (sequence id, end node), M kept."""
        rows = np.repeat(np.arange(state.shape[0], dtype=np.int64), np.diff(state.indptr))
        return cls(rows, state.indices.astype(np.int64)[:, None], state.data.astype(np.int64), state)


class _Expansion:
    """Both graphs expanded together, one edge more at a time."""

    def __init__(self, test: LabelledGraph, gold: LabelledGraph, kind: PathKind) -> None:
        self.vocabulary = _Vocabulary()
        self.sides = (_Side(test, self.vocabulary), _Side(gold, self.vocabulary))
        self.steps = max(len(self.vocabulary.steps), 1)
        self.simple = kind == "simple"
        self.paths = [_Paths.start(side) for side in self.sides]
        self.size = len(self.vocabulary.nodes)  # sequence ids of the current length
        self.history: list[np.ndarray] = []  # per length >= 1: each id's key, parent id x steps + step

    def next_counts(self) -> tuple[sparse.csr_array, sparse.csr_array]:
        """Per graph, the paths one edge longer by (current sequence id, step)."""
        counts = []
        for paths, side in zip(self.paths, self.sides):
            extended = paths.state(self.size, len(side)) @ side.out_steps(self.steps)
            if self.simple:
                extended = extended - paths.back_into_path(side, self.steps, self.size)
                extended.eliminate_zeros()
            counts.append(sparse.csr_array(extended))
        return counts[0], counts[1]

    def last_counts(self) -> tuple[int, int, int]:
        """Test k-grams, gold k-grams and Σ min(C_test, C_gold) one edge on, without forming
        C_test or C_gold: Σ min(a, b) = (Σ a + Σ b - Σ |a - b|) / 2, where C_test - C_gold is
        the single product [M_test M_gold] · [O_test; -O_gold] (less, for node-simple paths,
        the difference of the steps back into the paths) and Σ C = colsums(M) · out-degrees."""
        states = [paths.state(self.size, len(side)) for paths, side in zip(self.paths, self.sides)]
        outs = [side.out_steps(self.steps) for side in self.sides]
        difference = sparse.hstack(states, format="csr") @ sparse.vstack([outs[0], -outs[1]], format="csr")
        totals = [int(state.sum(axis=0) @ out.sum(axis=1)) for state, out in zip(states, outs)]
        if self.simple:
            back = [paths.back_into_path(side, self.steps, self.size) for paths, side in zip(self.paths, self.sides)]
            difference = difference - (back[0] - back[1])
            totals = [total - int(steps_back.sum()) for total, steps_back in zip(totals, back)]
        shared = (totals[0] + totals[1] - int(np.abs(difference.data).sum())) // 2
        return totals[0], totals[1], shared

    def advance(self, keep: sparse.csr_array) -> None:
        """One edge more, keeping the (sequence id, step) entries of ``keep``."""
        coo = keep.tocoo()
        keys = np.sort(coo.row.astype(np.int64) * self.steps + coo.col)
        self.paths = [paths.extend(side, self.simple, self.steps, keys) for paths, side in zip(self.paths, self.sides)]
        self.history.append(keys)
        self.size = len(keys)
        if not self.simple:
            self.paths = [
                _Paths.merged(paths.state(self.size, len(side))) for paths, side in zip(self.paths, self.sides)
            ]

    def labels(self, sequence: int, step: int) -> tuple[Hashable, ...]:
        """The label sequence of a current id followed by a step: node, edge, node, ..."""
        labels = list(self._step_labels[step])
        for keys in reversed(self.history):
            sequence, earlier = divmod(int(keys[sequence]), self.steps)
            labels[:0] = self._step_labels[earlier]
        return (self._node_labels[sequence], *labels)

    @cached_property
    def _node_labels(self) -> dict[int, Hashable]:
        return {code: label for label, code in self.vocabulary.nodes.items()}

    @cached_property
    def _step_labels(self) -> dict[int, tuple[Hashable, Hashable]]:
        return {code: pair for pair, code in self.vocabulary.steps.items()}


def count_kgrams(test: LabelledGraph, gold: LabelledGraph, n: int, kind: PathKind) -> OrderCounts:
    """Per order k = 1..n the number of k-grams (walks or node-simple paths) of each
    graph and the size of their multiset intersection."""
    expansion = _Expansion(test, gold, kind)
    totals: tuple[list[int], list[int]] = ([], [])
    matched: list[int] = []
    for order in range(1, n + 1):
        if order == n:  # the largest order: no sequence needs to be kept
            test_total, gold_total, shared_total = expansion.last_counts()
            totals[0].append(test_total)
            totals[1].append(gold_total)
            matched.append(shared_total)
            break
        test_counts, gold_counts = expansion.next_counts()
        shared = test_counts.minimum(gold_counts)
        matched.append(int(shared.sum()))
        for total, counts in zip(totals, (test_counts, gold_counts)):
            total.append(int(counts.sum()))
        if order < n:
            expansion.advance(shared if kind == "walk" else test_counts + gold_counts)
    if kind == "walk":  # the expansion followed shared sequences only
        totals = (expansion.sides[0].walk_totals(n), expansion.sides[1].walk_totals(n))
    return OrderCounts(tuple(totals[0]), tuple(totals[1]), tuple(matched))


def kgram_table(
    test: LabelledGraph, gold: LabelledGraph, k: int, kind: PathKind
) -> list[tuple[tuple[Hashable, ...], int, int]]:
    """Every k-gram label sequence of either graph with its count in test and in gold,
    most frequent first; a sequence alternates node and edge labels."""
    if k < 1:
        raise ValueError("a k-gram has k >= 1 edges")
    expansion = _Expansion(test, gold, kind)
    for _ in range(k - 1):
        test_counts, gold_counts = expansion.next_counts()
        expansion.advance(test_counts + gold_counts)
    test_counts, gold_counts = (counts.todok() for counts in expansion.next_counts())
    table = [
        (
            expansion.labels(sequence, step),
            int(test_counts.get((sequence, step), 0)),
            int(gold_counts.get((sequence, step), 0)),
        )
        for sequence, step in sorted(set(test_counts.keys()) | set(gold_counts.keys()))
    ]
    return sorted(table, key=lambda row: (-(row[1] + row[2]), repr(row[0])))
