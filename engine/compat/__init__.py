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

from ..align.alignment import Alignment, Round
from ..align.broadcast import NewAnchor
from ..metrics import Tally
from ..model import Graph
from ..params import Params
from .alignment import FINALISED, UNMATCHED, CompatAlignment, NoConvergence, align_compat
from .graph import CompatGraph, read_compat
from .metrics import compat_tallies

__all__ = ["NoConvergence", "score_ancast"]


def _positions(graph: Graph, compat: CompatGraph) -> list[int]:
    """For each of our nodes, its index in the reference's order."""
    where = {var: k for k, var in enumerate(compat.variables)}
    return [where[node.var] for node in graph.nodes]


def _as_alignment(result: CompatAlignment, test: Graph, gold: Graph, test_order: list[int], gold_order: list[int]) -> Alignment:
    """The reference's test-to-gold matching in our node order."""
    ours_test = {k: i for i, k in enumerate(test_order)}
    ours_gold = {k: j for j, k in enumerate(gold_order)}
    finished = len(result.rounds) + 1
    gold_of, quality = [], []
    for k in test_order:
        partner = result.test_to_gold[k]
        gold_of.append(None if partner is None else ours_gold[partner])
        level = result.test_quality[k]
        quality.append(None if level == UNMATCHED else finished if level == FINALISED else level)

    def reorder(matrix: np.ndarray | None) -> np.ndarray | None:
        return None if matrix is None else matrix[np.ix_(test_order, gold_order)]

    def anchor(new: NewAnchor) -> NewAnchor:
        return NewAnchor(ours_test[new.test], ours_gold[new.gold], new.value,
                         tuple(ours_gold[j] for j in new.row_rivals), tuple(ours_test[i] for i in new.column_rivals))

    rounds = tuple(
        Round(number, item.iterations, tuple(anchor(new) for new in item.new_anchors),
              reorder(item.anchors), reorder(item.broadcast), reorder(item.adjusted))
        for number, item in enumerate(result.rounds, start=1)
    )
    return Alignment(
        tuple(gold_of), tuple(quality), reorder(result.similarity),
        tuple((ours_test[i], ours_gold[j]) for i, j in result.initial), rounds,
        tuple((ours_test[i], ours_gold[j]) for i, j in result.finalised),
    )


def score_ancast(test: Graph, gold: Graph, params: Params, trace: bool = False) -> tuple[Alignment, dict[str, Tally]]:
    """Align and score a pair exactly as ``ancast`` 0.1.1 (sentence text from ``# ::snt``).

    Raises :class:`NoConvergence` where the reference's matching loops (the reference raises too)."""
    test_compat = read_compat(test.penman, test.metadata.get("snt") if params.use_text else None)
    gold_compat = read_compat(gold.penman, gold.metadata.get("snt") if params.use_text else None)
    result = align_compat(test_compat, gold_compat, params, trace)
    tallies = compat_tallies(result, test_compat, gold_compat, params.gamma)
    alignment = _as_alignment(result, test, gold, _positions(test, test_compat), _positions(gold, gold_compat))
    return alignment, tallies
