"""The ``ancast-0.1.1`` compatibility profile: the reference package's numbers, pair for pair.

The default ``paper`` profile follows the AnCast paper and fixes the
reference's known behaviours (docs/metrics.md lists them); this profile reproduces them so
that scores can be compared with published AnCast results. It reads each graph
as the reference does (:mod:`.graph`), aligns as it does (:mod:`.alignment`)
and scores as it does (:mod:`.metrics`); the result is expressed in the
engine's own :class:`~engine.align.alignment.Alignment` so that every view works.
"""

from __future__ import annotations

import numpy as np

from ..align.alignment import Alignment, Round
from ..align.broadcast import NewAnchor
from ..metrics import Tally
from ..model import Graph
from ..params import Params
from .alignment import FINALISED, UNMATCHED, CompatAlignment, NoConvergence, align_compat
from .graph import CompatGraph, compat_graph, read_compat
from .metrics import compat_tallies

__all__ = ["NoConvergence", "score_ancast"]


def _reference_view(graph: Graph, params: Params) -> CompatGraph:
    """The graph as the reference reads it, from the tree the graph keeps (its text when it keeps none)."""
    sentence = graph.metadata.get("snt") if params.use_text else None
    return compat_graph(graph.tree, sentence) if graph.tree is not None else read_compat(graph.penman, sentence)


def _positions(graph: Graph, compat: CompatGraph) -> list[int] | None:
    """For each of our nodes, its index in the reference's order; None where the
    orders agree, as they do when each variable is declared once (both read depth first)."""
    if [node.var for node in graph.nodes] == compat.variables:
        return None
    where = {var: k for k, var in enumerate(compat.variables)}
    return [where[node.var] for node in graph.nodes]


class _Renumbering:
    """Our node numbers for the reference's, in one pair of graphs."""

    def __init__(self, test_order: list[int], gold_order: list[int]) -> None:
        self.test_order, self.gold_order = test_order, gold_order
        self.test = {k: i for i, k in enumerate(test_order)}
        self.gold = {k: j for j, k in enumerate(gold_order)}

    def pair(self, pair: tuple[int, int]) -> tuple[int, int]:
        return self.test[pair[0]], self.gold[pair[1]]

    def matrix(self, matrix: np.ndarray) -> np.ndarray:
        return matrix[np.ix_(self.test_order, self.gold_order)]

    def trace(self, matrix: np.ndarray | None) -> np.ndarray | None:
        return None if matrix is None else self.matrix(matrix)

    def round(self, item: Round) -> Round:
        anchors = tuple(
            NewAnchor(
                self.test[new.test],
                self.gold[new.gold],
                new.value,
                tuple(self.gold[j] for j in new.row_rivals),
                tuple(self.test[i] for i in new.column_rivals),
            )
            for new in item.new_anchors
        )
        return Round(
            item.number,
            item.iterations,
            anchors,
            self.trace(item.anchors),
            self.trace(item.broadcast),
            self.trace(item.adjusted),
        )


def _as_alignment(result: CompatAlignment, test_order: list[int] | None, gold_order: list[int] | None) -> Alignment:
    """The reference's test-to-gold matching in our node order (None: the reference's order is ours)."""
    finished = len(result.rounds) + 1
    levels = [result.test_quality[k] for k in range(len(result.test_quality))]
    quality = [None if level == UNMATCHED else finished if level == FINALISED else level for level in levels]
    gold_of = [result.test_to_gold[k] for k in range(len(result.test_to_gold))]
    if test_order is None and gold_order is None:
        return Alignment(
            tuple(gold_of),
            tuple(quality),
            result.similarity,
            tuple(result.initial),
            tuple(result.rounds),
            tuple(result.finalised),
        )
    numbers = _Renumbering(test_order or list(range(len(gold_of))), gold_order or list(range(len(result.gold_to_test))))
    partners = (gold_of[k] for k in numbers.test_order)
    return Alignment(
        tuple(None if partner is None else numbers.gold[partner] for partner in partners),
        tuple(quality[k] for k in numbers.test_order),
        numbers.matrix(result.similarity),
        tuple(map(numbers.pair, result.initial)),
        tuple(map(numbers.round, result.rounds)),
        tuple(map(numbers.pair, result.finalised)),
    )


def score_ancast(test: Graph, gold: Graph, params: Params, trace: bool = False) -> tuple[Alignment, dict[str, Tally]]:
    """Align and score a pair exactly as ``ancast`` 0.1.1 (sentence text from ``# ::snt``).

    Raises :class:`NoConvergence` where the reference's matching loops (the reference raises too)."""
    test_compat, gold_compat = _reference_view(test, params), _reference_view(gold, params)
    result = align_compat(test_compat, gold_compat, params, trace)
    tallies = compat_tallies(result, test_compat, gold_compat, params.gamma)
    return _as_alignment(result, _positions(test, test_compat), _positions(gold, gold_compat)), tallies
