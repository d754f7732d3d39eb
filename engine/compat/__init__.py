"""The ``ancast-0.1.1`` compatibility profile: the reference package's numbers, pair for pair.

The default ``paper`` profile follows the AnCast paper and fixes the
reference's known behaviours (SPEC section 4); this profile reproduces them so
that scores can be compared with published AnCast results. It reads each graph
as the reference does (:mod:`.graph`), aligns as it does (:mod:`.alignment`)
and scores as it does (:mod:`.metrics`); the result is expressed in the
engine's own :class:`~engine.alignment.Alignment` so that every view works.
"""

from __future__ import annotations

import numpy as np

from ..alignment import Alignment, Round
from ..broadcast import NewAnchor
from ..metrics import Tally
from ..model import Graph
from ..params import Params
from .alignment import (
    FINALISED,
    UNMATCHED,
    CompatAlignment,
    NoConvergence,
    align_compat,
)
from .graph import CompatGraph, read_compat
from .metrics import compat_tallies

__all__ = ["NoConvergence", "score_ancast"]


def _positions(graph: Graph, compat: CompatGraph) -> list[int] | None:
    """For each of our nodes, its index in the reference's order; None where the
    orders agree, as they do when each variable is declared once (both read depth first)."""
    if len(graph) == len(compat) and all(node.var == var for node, var in zip(graph.nodes, compat.variables)):
        return None
    where = {var: k for k, var in enumerate(compat.variables)}
    return [where[node.var] for node in graph.nodes]


class _Renumbering:
    """From the reference's node numbers to ours, for one pair (``None`` orders: the same numbers)."""

    def __init__(self, test_order: list[int] | None, gold_order: list[int] | None, test_size: int) -> None:
        self.same = test_order is None and gold_order is None
        self.test_order = test_order if test_order is not None else range(test_size)
        self.gold_order = gold_order
        self.test = {k: i for i, k in enumerate(test_order)} if test_order is not None else None
        self.gold = {k: j for j, k in enumerate(gold_order)} if gold_order is not None else None

    def test_node(self, k: int) -> int:
        return k if self.test is None else self.test[k]

    def gold_node(self, k: int) -> int:
        return k if self.gold is None else self.gold[k]

    def pair(self, pair: tuple[int, int]) -> tuple[int, int]:
        return self.test_node(pair[0]), self.gold_node(pair[1])

    def matrix(self, matrix: np.ndarray | None) -> np.ndarray | None:
        if matrix is None or self.same:
            return matrix
        rows = list(self.test_order)
        columns = self.gold_order if self.gold_order is not None else list(range(matrix.shape[1]))
        return matrix[np.ix_(rows, columns)]

    def anchor(self, new: NewAnchor) -> NewAnchor:
        if self.same:
            return new
        return NewAnchor(self.test_node(new.test), self.gold_node(new.gold), new.value,
                         tuple(map(self.gold_node, new.row_rivals)), tuple(map(self.test_node, new.column_rivals)))


def _as_alignment(result: CompatAlignment, numbers: _Renumbering) -> Alignment:
    """The reference's test-to-gold matching in our node order."""
    finished = len(result.rounds) + 1
    gold_of, quality = [], []
    for k in numbers.test_order:
        partner = result.test_to_gold[k]
        gold_of.append(None if partner is None else numbers.gold_node(partner))
        level = result.test_quality[k]
        quality.append(None if level == UNMATCHED else finished if level == FINALISED else level)
    rounds = tuple(
        Round(item.number, item.iterations, tuple(map(numbers.anchor, item.new_anchors)),
              numbers.matrix(item.anchors), numbers.matrix(item.broadcast), numbers.matrix(item.adjusted))
        for item in result.rounds
    ) if not numbers.same else tuple(result.rounds)
    return Alignment(
        tuple(gold_of), tuple(quality), numbers.matrix(result.similarity),
        tuple(map(numbers.pair, result.initial)), rounds, tuple(map(numbers.pair, result.finalised)),
    )


def score_ancast(test: Graph, gold: Graph, params: Params, trace: bool = False) -> tuple[Alignment, dict[str, Tally]]:
    """Align and score a pair exactly as ``ancast`` 0.1.1 (sentence text from ``# ::snt``).

    Raises :class:`NoConvergence` where the reference's matching loops (the reference raises too)."""
    test_compat = read_compat(test.penman, test.metadata.get("snt") if params.use_text else None)
    gold_compat = read_compat(gold.penman, gold.metadata.get("snt") if params.use_text else None)
    result = align_compat(test_compat, gold_compat, params, trace)
    tallies = compat_tallies(result, test_compat, gold_compat, params.gamma)
    numbers = _Renumbering(_positions(test, test_compat), _positions(gold, gold_compat), len(test_compat))
    alignment = _as_alignment(result, numbers)
    return alignment, tallies
