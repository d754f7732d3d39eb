"""Anchor-broadcast alignment of two graphs with a per-round trace
(AnCast paper §2.2, Algorithm 1 and 2)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..model import Graph
from ..params import Params
from .anchors import Correction, initial_anchors
from .broadcast import Neighbourhood, NewAnchor, adjusted_similarity, broadcast, finalise, select_anchors
from .similarity import intrinsic_similarity


@dataclass(frozen=True)
class Round:
    """One outer round q: the anchors it started from (A^(q,0)), the broadcast
    matrix after convergence (A^(q,t_c)), the adjusted similarity F^(q), the
    anchors it added and the inner iterations it took. The matrices are kept
    only when a trace was asked for."""

    number: int
    iterations: int
    new_anchors: tuple[NewAnchor, ...]
    anchors: np.ndarray | None = None
    broadcast: np.ndarray | None = None
    adjusted: np.ndarray | None = None


@dataclass(frozen=True)
class Alignment:
    """The result of aligning a test graph to a gold graph.

    ``gold_of[i]`` is the gold index aligned to test node i (None: unaligned);
    ``quality[i]`` the round it was fixed in: 0 for an initial anchor, q for an
    anchor of outer round q, ``len(rounds) + 1`` for a pair matched in
    finalisation, None when unaligned. ``similarity`` is the intrinsic S.
    """

    gold_of: tuple[int | None, ...]
    quality: tuple[int | None, ...]
    similarity: np.ndarray
    initial: tuple[tuple[int, int], ...]
    rounds: tuple[Round, ...]
    finalised: tuple[tuple[int, int], ...]

    @property
    def gold_map(self) -> dict[int, int]:
        """Test index -> aligned gold index, aligned nodes only."""
        return {i: j for i, j in enumerate(self.gold_of) if j is not None}

    @property
    def test_of(self) -> dict[int, int]:
        """Gold index -> aligned test index."""
        return {j: i for i, j in enumerate(self.gold_of) if j is not None}

    def pairs(self) -> list[tuple[int, int]]:
        return [(i, j) for i, j in enumerate(self.gold_of) if j is not None]


def quality_label(quality: int | None, rounds: int) -> str:
    """How a test node got its partner, in words.

    >>> [quality_label(q, 2) for q in (None, 0, 1, 3)]
    ['unaligned', 'initial anchor', 'round 1', 'finalisation']
    """
    if quality is None:
        return "unaligned"
    if quality == 0:
        return "initial anchor"
    if quality > rounds:
        return "finalisation"
    return f"round {quality}"


def label_overlap(test: Graph, gold: Graph):
    """|labels(i) ∩ labels(j)| of the relations around two nodes, for tie-breaks."""
    test_labels, gold_labels = test.incident_labels, gold.incident_labels
    return lambda i, j: len(test_labels[i] & gold_labels[j])


EXCLUDED = -1.0  # the adjusted similarity of an excluded pair: below every real value (F >= 0)


def align(
    test: Graph, gold: Graph, params: Params = Params(), trace: bool = False, correction: Correction | None = None
) -> Alignment:
    """Align ``test`` to ``gold``: initial anchors, outer rounds of broadcast and
    mutual-best selection until a round adds nothing, then finalisation.

    A ``correction`` (an adjudicator's hand-fixed pairs) makes its pinned pairs initial
    anchors and keeps its excluded pairs out: their adjusted similarity is set below any
    real value, and a pair chosen at that value (its whole row or column excluded) is dropped."""
    similarity = intrinsic_similarity(test, gold, params.gamma)
    neighbourhood = Neighbourhood.of(test.adjacency, gold.adjacency)
    overlap = label_overlap(test, gold)
    gold_of: list[int | None] = [None] * len(test)
    quality: list[int | None] = [None] * len(test)
    anchor_matrix = np.zeros_like(similarity)
    initial = initial_anchors(test, gold, params)
    excluded = tuple(zip(*correction.excluded)) if correction and correction.excluded else None
    if correction:
        initial = correction.anchors(initial)
    for i, j in initial:
        gold_of[i], quality[i] = j, 0
        anchor_matrix[i, j] = 1.0

    rounds: list[Round] = []
    for number in range(1, params.max_outer + 1):
        converged, iterations = broadcast(anchor_matrix, neighbourhood, params.tolerance, params.max_inner)
        adjusted = adjusted_similarity(similarity, converged, params.alpha, params.beta, params.digits)
        if excluded:
            adjusted[excluded] = EXCLUDED
        anchored_columns = {j for j in gold_of if j is not None}
        anchored_rows = {i for i, j in enumerate(gold_of) if j is not None}
        new = select_anchors(adjusted, anchored_rows, anchored_columns, overlap)
        if excluded:
            new = [anchor for anchor in new if anchor.value != EXCLUDED]
        rounds.append(
            Round(
                number,
                iterations,
                tuple(new),
                anchor_matrix.copy() if trace else None,
                converged if trace else None,
                adjusted if trace else None,
            )
        )
        if not new:
            break
        for anchor in new:
            gold_of[anchor.test], quality[anchor.test] = anchor.gold, number
            anchor_matrix[anchor.test, anchor.gold] = 1.0

    anchored_rows = {i for i, j in enumerate(gold_of) if j is not None}
    anchored_columns = {j for j in gold_of if j is not None}
    finalised = finalise(adjusted, anchored_rows, anchored_columns, overlap)
    if excluded:
        finalised = [(i, j) for i, j in finalised if adjusted[i, j] != EXCLUDED]
    for i, j in finalised:
        gold_of[i], quality[i] = j, len(rounds) + 1
    return Alignment(tuple(gold_of), tuple(quality), similarity, tuple(initial), tuple(rounds), tuple(finalised))
