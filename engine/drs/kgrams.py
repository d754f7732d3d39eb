"""Counting DScorer's k-grams without listing them one by one.

A k-gram is a path of k edges read as its label sequence: start-node label,
then per step the edge label and the label of the node reached. DScorer needs,
per order k, how many k-grams each graph has and the size of their multiset
intersection, Σ_s min(c_test(s), c_gold(s)) over label sequences s.

Both graphs are expanded level by level together, over one shared vocabulary.
A *row* is a group of paths with the same label sequence so far (a dense id,
shared by the two graphs) ending in the same node; a level step joins every
row with the edges out of its last node (a CSR slice, in NumPy), so work goes
with the number of distinct (sequence, node) groups, not with the number of
paths:

* **walks** (the ``paper`` profile: the paper's k-grams may revisit nodes, and
  walks are what products of adjacency matrices count): rows that reach the
  same node under the same sequence merge, their counts added - for one
  sequence this is the vector-matrix product ``v_s · A_e`` restricted to the
  nodes of the next label. The graph totals are ``1ᵀ A^k 1``, so the expansion
  only follows sequences present in both graphs (the others add nothing to
  the intersection). A sequence's count is the sum of its rows.
* **node-simple paths** (the ``reference`` profile: the DRSScorer code never
  visits a node twice): whether a step is allowed depends on the whole path,
  so rows keep their nodes and only parallel edges with the same label merge
  (as a multiplicity). The totals need every path, so nothing is pruned:
  memory and time grow with the number of simple paths (the paper reports up
  to 1.47e6 4-grams for one GMB document).

:func:`kgram_table` lists the sequences themselves (for a view of the k-grams
found on one side only); it is meant for graphs of sentence size.
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


@dataclass(frozen=True)
class _Side:
    """One graph in CSR form: out-edges of node u are ``indptr[u]:indptr[u+1]``, each
    a distinct (target, step code) with the number of parallel edges as multiplicity."""

    codes: np.ndarray
    indptr: np.ndarray
    target: np.ndarray
    step: np.ndarray
    multiplicity: np.ndarray

    @classmethod
    def of(cls, graph: LabelledGraph, vocabulary: _Vocabulary) -> "_Side":
        codes = np.array([vocabulary.node(label) for label in graph.labels], dtype=np.int64)
        if graph.edges:
            triples = np.array([(source, vocabulary.step(label, graph.labels[target]), target)
                                for source, target, label in graph.edges], dtype=np.int64)
            distinct, multiplicity = np.unique(triples, axis=0, return_counts=True)  # sorted by source
        else:
            distinct, multiplicity = np.zeros((0, 3), dtype=np.int64), np.zeros(0, dtype=np.int64)
        indptr = np.zeros(len(codes) + 1, dtype=np.int64)
        np.cumsum(np.bincount(distinct[:, 0], minlength=len(codes)), out=indptr[1:])
        return cls(codes, indptr, distinct[:, 2].copy(), distinct[:, 1].copy(), multiplicity.astype(np.int64))

    def walk_totals(self, n: int) -> list[int]:
        """1ᵀ A^k 1 for k = 1..n (A with multiplicities): the number of k-walks."""
        size = len(self.codes)
        adjacency = sparse.csr_matrix((self.multiplicity, self.target, self.indptr), shape=(size, size))
        vector, totals = np.ones(size, dtype=np.int64), []
        for _ in range(n):
            vector = adjacency @ vector
            totals.append(int(vector.sum()))
        return totals


@dataclass
class _Rows:
    """Groups of paths: a sequence id, the nodes (all of them for simple paths, the
    last one for walks) and how many paths."""

    sequence: np.ndarray
    nodes: np.ndarray  # rows x (path length) node indices
    count: np.ndarray

    @classmethod
    def start(cls, side: _Side) -> "_Rows":
        size = len(side.codes)
        return cls(side.codes.copy(), np.arange(size, dtype=np.int64)[:, None], np.ones(size, dtype=np.int64))

    def extend(self, side: _Side, simple: bool, steps: int) -> "_Rows":
        """Every row followed along every out-edge of its last node; the new rows'
        sequence is a key, parent id × steps + step, until renumbered."""
        last = self.nodes[:, -1]
        degree = side.indptr[last + 1] - side.indptr[last]
        row = np.repeat(np.arange(len(last)), degree)
        edge = np.repeat(side.indptr[last] - np.cumsum(degree) + degree, degree) + np.arange(int(degree.sum()))
        target = side.target[edge]
        if simple:
            keep = ~(self.nodes[row] == target[:, None]).any(axis=1)
            row, edge, target = row[keep], edge[keep], target[keep]
            nodes = np.column_stack([self.nodes[row], target])
        else:
            nodes = target[:, None]
        key = self.sequence[row] * steps + side.step[edge]
        return _Rows(key, nodes, self.count[row] * side.multiplicity[edge])

    def merged(self, node_count: int) -> "_Rows":
        """Walk rows with the same sequence and node summed into one."""
        key = self.sequence * node_count + self.nodes[:, 0]
        distinct, inverse = np.unique(key, return_inverse=True)
        return _Rows(distinct // node_count, (distinct % node_count)[:, None], _sum_by(inverse, self.count, len(distinct)))

    def select(self, keep: np.ndarray) -> "_Rows":
        return _Rows(self.sequence[keep], self.nodes[keep], self.count[keep])


def _sum_by(group: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Exact integer sums of ``values`` per group index."""
    totals = np.zeros(size, dtype=np.int64)
    np.add.at(totals, group, values)
    return totals


class _Expansion:
    """Both graphs expanded together one level (one more edge) at a time."""

    def __init__(self, test: LabelledGraph, gold: LabelledGraph, kind: PathKind) -> None:
        self.vocabulary = _Vocabulary()
        self.sides = (_Side.of(test, self.vocabulary), _Side.of(gold, self.vocabulary))
        self.steps = max(len(self.vocabulary.steps), 1)
        self.simple = kind == "simple"
        self.rows = [_Rows.start(side) for side in self.sides]
        self.size = len(self.vocabulary.nodes)  # sequence ids of the current level
        self.keys: list[np.ndarray] = []  # per level k >= 1: each id's key, parent id x steps + step

    def per_sequence(self) -> tuple[np.ndarray, np.ndarray]:
        """How many paths of the current level each sequence id has, in test and in gold."""
        test, gold = (_sum_by(rows.sequence, rows.count, self.size) for rows in self.rows)
        return test, gold

    def advance(self, shared_only: bool) -> None:
        """One edge more; ``shared_only`` first drops the sequences one graph lacks."""
        if shared_only:
            test, gold = self.per_sequence()
            both = (test > 0) & (gold > 0)
            self.rows = [rows.select(both[rows.sequence]) for rows in self.rows]
        extended = [rows.extend(side, self.simple, self.steps) for rows, side in zip(self.rows, self.sides)]
        keys, inverse = np.unique(np.concatenate([rows.sequence for rows in extended]), return_inverse=True)
        cut = len(extended[0].sequence)
        extended[0].sequence, extended[1].sequence = inverse[:cut], inverse[cut:]
        self.keys.append(keys)
        self.size = len(keys)
        self.rows = extended if self.simple else [rows.merged(len(side.codes))
                                                  for rows, side in zip(extended, self.sides)]

    def labels(self, sequence: int) -> tuple[Hashable, ...]:
        """The label sequence of a current-level id: node, edge, node, ..."""
        labels: list[Hashable] = []
        for keys in reversed(self.keys):
            sequence, step = divmod(int(keys[sequence]), self.steps)
            labels[:0] = self._step_labels[step]
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
    for _ in range(n):
        expansion.advance(shared_only=kind == "walk")
        per_test, per_gold = expansion.per_sequence()
        matched.append(int(np.minimum(per_test, per_gold).sum()))
        for total, rows in zip(totals, expansion.rows):
            total.append(int(rows.count.sum()))
    if kind == "walk":  # the rows followed shared sequences only
        totals = tuple(side.walk_totals(n) for side in expansion.sides)
    return OrderCounts(tuple(totals[0]), tuple(totals[1]), tuple(matched))


def kgram_table(test: LabelledGraph, gold: LabelledGraph, k: int,
                kind: PathKind) -> list[tuple[tuple[Hashable, ...], int, int]]:
    """Every k-gram label sequence of either graph with its count in test and in gold,
    most frequent first; a sequence alternates node and edge labels."""
    if k < 1:
        raise ValueError("a k-gram has k >= 1 edges")
    expansion = _Expansion(test, gold, kind)
    for _ in range(k):
        expansion.advance(shared_only=False)
    per_test, per_gold = expansion.per_sequence()
    table = [(expansion.labels(sequence), int(per_test[sequence]), int(per_gold[sequence]))
             for sequence in range(expansion.size)]
    return sorted(table, key=lambda row: (-(row[1] + row[2]), repr(row[0])))
