"""Anchor-broadcast alignment of two graphs with a per-round trace
(AnCast paper §2.2, Algorithm 1 and 2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..model import Graph
from ..params import Params
from .anchors import Correction, initial_anchors, stacked_lemma_candidates
from .broadcast import (
    Neighbourhood,
    NewAnchor,
    adjusted_similarity,
    broadcast,
    finalise,
    select_anchors,
    select_stacked,
    shifted_adjusted,
)
from .similarity import intrinsic_similarity, node_codes, stacked_similarity
from .stack import Hops, Stack, broadcast_stack, stack_groups


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


class LabelOverlap:
    """|labels(i) ∩ labels(j)|: how many relation labels a test node i and a gold node j have in
    common, for tie-breaks (paper §2.2.2). A node's labels are the roles of the relations around
    it, each with its direction: leaving the node (an attribute leaves its node) or reaching it.
    They are the bits of an int per node: bit 2k for role number k leaving, 2k + 1 for it reaching,
    the roles numbered for the pair when first asked for (most pairs have no tie to break)."""

    def __init__(self, test: Graph, gold: Graph):
        self.graphs = (test, gold)
        self.roles = _RoleBits()

    @cached_property
    def labels(self) -> tuple[list[int], list[int]]:
        """Per graph, per node, its labels as bits."""
        test, gold = self.graphs
        return self._labels(test), self._labels(gold)

    def _labels(self, graph: Graph) -> list[int]:
        index, roles = graph.index, self.roles
        labels = [0] * len(graph)
        for edge in graph.edges:
            leaving = roles[edge.role]
            labels[index[edge.source]] |= leaving
            labels[index[edge.target]] |= leaving << 1
        for attribute in graph.attributes:
            labels[index[attribute.source]] |= roles[attribute.role]
        return labels

    def __call__(self, i: int, j: int) -> int:
        test_labels, gold_labels = self.labels
        return (test_labels[i] & gold_labels[j]).bit_count()

    def shared_roles(self, i: int, j: int) -> list[str]:
        """The roles of the labels that i and j have in common, sorted."""
        test_labels, gold_labels = self.labels
        common = test_labels[i] & gold_labels[j]
        return sorted(role for role, leaving in self.roles.items() if common & (leaving | leaving << 1))

    def many(self, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """The overlap of each cell (rows[k], columns[k]), counted for all of them at once."""
        test_labels, gold_labels = (_label_matrix(labels, 2 * len(self.roles)) for labels in self.labels)
        counts = np.empty(len(rows), dtype=np.int64)
        step = max(1, (1 << 20) // max(test_labels.shape[1], 1))  # cells counted at once: about a million booleans
        for start in range(0, len(rows), step):
            part = slice(start, start + step)
            counts[part] = (test_labels[rows[part]] & gold_labels[columns[part]]).sum(axis=1)
        return counts


class _RoleBits(dict[str, int]):
    """Role -> the bit of its leaving label (2k for the k-th role met; 2k + 1 is its reaching label)."""

    def __missing__(self, role: str) -> int:
        bit = self[role] = 1 << 2 * len(self)
        return bit


def _label_matrix(labels: list[int], bits: int) -> np.ndarray:
    """Nodes' labels given as the bits of ints (``bits`` of them at most), as a node x bit boolean
    matrix (rounded up to whole bytes)."""
    width = (bits + 7) // 8
    packed = np.frombuffer(b"".join(node.to_bytes(width, "little") for node in labels), dtype=np.uint8)
    return np.unpackbits(packed.reshape(len(labels), width), axis=1, bitorder="little").view(bool)


def label_overlap(test: Graph, gold: Graph) -> LabelOverlap:
    """|labels(i) ∩ labels(j)| of the relations around two nodes, for tie-breaks."""
    return LabelOverlap(test, gold)


EXCLUDED = -1.0  # the adjusted similarity of an excluded pair: below every real value (F >= 0)


def align(
    test: Graph, gold: Graph, params: Params = Params(), trace: bool = False, correction: Correction | None = None
) -> Alignment:
    """Align ``test`` to ``gold``: initial anchors, outer rounds of broadcast and
    mutual-best selection until a round adds nothing, then finalisation.

    A ``correction`` (an adjudicator's hand-fixed pairs) makes its pinned pairs initial
    anchors and keeps its excluded pairs out: their adjusted similarity is set below any
    real value, and a pair chosen at that value (its whole row or column excluded) is dropped.
    Without a trace, this is :func:`align_batch` of the one pair."""
    if not trace:
        return align_batch([(test, gold)], params, [correction])[0]
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


class _PairState:
    """One pair's alignment as it is built, round by round, in :func:`align_batch`."""

    def __init__(
        self,
        test: Graph,
        gold: Graph,
        hops: tuple[Hops, Hops],
        similarity: np.ndarray,
        params: Params,
        correction: Correction | None,
        candidates: list[tuple[int, int]],
    ):
        """``candidates``: the pair's lemma candidates for initial anchors (:func:`.anchors.lemma_candidates`)."""
        self.similarity = similarity
        self.hops = hops
        self.overlap = label_overlap(test, gold)
        self.shape = self.similarity.shape
        initial = initial_anchors(test, gold, params, candidates)
        self.excluded = tuple(zip(*correction.excluded)) if correction and correction.excluded else None
        self.initial = correction.anchors(initial) if correction else initial
        self.gold_of: list[int | None] = [None] * len(test)
        self.quality: list[int | None] = [None] * len(test)
        for i, j in self.initial:
            self.gold_of[i], self.quality[i] = j, 0
        self.cells = [i * self.shape[1] + j for i, j in self.initial]  # the anchors, as flat positions
        self.rounds: list[Round] = []
        self.adjusted: np.ndarray | None = None  # the last round's F

    def end_round(self, number: int, iterations: int, new: list[NewAnchor], adjusted: np.ndarray) -> bool:
        """Record round ``number`` (its F and new anchors); whether it added any."""
        if self.excluded:
            new = [anchor for anchor in new if anchor.value != EXCLUDED]
        self.rounds.append(Round(number, iterations, tuple(new)))
        self.adjusted = adjusted
        for anchor in new:
            self.gold_of[anchor.test], self.quality[anchor.test] = anchor.gold, number
            self.cells.append(anchor.test * self.shape[1] + anchor.gold)
        return bool(new)

    def finish(self) -> Alignment:
        """Finalisation (Algorithm 2) on what the rounds left."""
        adjusted = self.adjusted
        assert adjusted is not None  # every pair takes at least one round
        anchored_rows = {i for i, j in enumerate(self.gold_of) if j is not None}
        anchored_columns = {j for j in self.gold_of if j is not None}
        finalised = finalise(adjusted, anchored_rows, anchored_columns, self.overlap)
        if self.excluded:
            finalised = [(i, j) for i, j in finalised if adjusted[i, j] != EXCLUDED]
        for i, j in finalised:
            self.gold_of[i], self.quality[i] = j, len(self.rounds) + 1
        return Alignment(
            tuple(self.gold_of),
            tuple(self.quality),
            self.similarity,
            tuple(self.initial),
            tuple(self.rounds),
            tuple(finalised),
        )


def align_batch(
    pairs: Sequence[tuple[Graph, Graph]],
    params: Params = Params(),
    corrections: Sequence[Correction | None] | None = None,
) -> list[Alignment]:
    """:func:`align` of every pair (test, gold), without a trace, with ``corrections[k]`` for
    pair k: the same alignments, the broadcasts of pairs of similar size made together
    (:mod:`.stack`) in rounds that every pair of a stack takes at once."""
    hops = Hops.of_graphs([graph for pair in pairs for graph in pair])
    corrections = corrections or [None] * len(pairs)
    states: dict[int, _PairState] = {}
    for group in stack_groups([(len(test), len(gold)) for test, gold in pairs]):
        stacked = [pairs[k] for k in group]
        codes = node_codes(stacked)
        similarity = stacked_similarity(stacked, params.gamma, codes)
        for place, (k, candidates) in enumerate(zip(group, stacked_lemma_candidates(codes.lemmas))):
            test, gold = pairs[k]
            own = similarity[place, : len(test), : len(gold)].copy()
            hops_of_pair = (hops[2 * k], hops[2 * k + 1])
            states[k] = _PairState(test, gold, hops_of_pair, own, params, corrections[k], candidates)
        _align_stacked([states[k] for k in group], similarity, params)
    return [states[k].finish() for k in range(len(pairs))]


def _align_stacked(states: list[_PairState], similarity: np.ndarray, params: Params) -> None:
    """The outer rounds of pairs stacked together (``similarity``: their S, stacked), until each
    round adds no anchor (or ``params.max_outer`` rounds)."""
    count, rows, columns = similarity.shape
    anchored = (np.zeros((count, rows), dtype=bool), np.zeros((count, columns), dtype=bool))
    for k, state in enumerate(states):
        for i, j in state.initial:
            anchored[0][k, i] = anchored[1][k, j] = True
    active = np.arange(count)
    stack = Stack([state.hops for state in states])
    shifted = similarity + params.alpha  # S + alpha of eq. 13, the same every round
    for number in range(1, params.max_outer + 1):
        going = _stacked_round(number, stack, [states[k] for k in active], active, shifted, anchored, params)
        if not going:
            return
        for k in going:
            if number < params.max_outer:  # a new F comes next round: let this one go before the broadcast
                states[k].adjusted = None
        if len(going) < len(active):
            stack = stack.subset(np.searchsorted(active, going))  # going: a subsequence of the ascending active
        active = np.array(going)


def _stacked_round(
    number: int,
    stack: Stack,
    states: list[_PairState],
    places: np.ndarray,
    shifted: np.ndarray,
    anchored: tuple[np.ndarray, np.ndarray],
    params: Params,
) -> list[int]:
    """Round ``number`` of the stacked pairs (``places``: their positions in ``shifted``, the
    stack's S + alpha, and in ``anchored``): broadcast, F (eq. 13), new anchors (eq. 14). Returns
    the places of the pairs that gained anchors."""
    cells = [np.array(state.cells, dtype=np.int64) for state in states]
    adjusted, iterations = broadcast_stack(stack, cells, params.tolerance, params.max_inner)
    _, height, width = stack.shape
    shown = shifted if len(places) == len(shifted) else shifted[places]
    shifted_adjusted(shown[:, :height, :width], adjusted, params.beta, params.digits, out=adjusted)
    real = stack.real_cells()
    if not real.all():
        np.copyto(adjusted, -np.inf, where=~real)  # padding: below every value, never a maximum
    for place, state in zip(adjusted, states):
        if state.excluded:
            place[state.excluded] = EXCLUDED
    anchored_rows, anchored_columns = anchored
    new = select_stacked(
        adjusted,
        real[:, :, 0],
        anchored_rows[places, :height],
        anchored_columns[places, :width],
        [state.overlap for state in states],
    )
    going = []
    for place, k, state, chosen, steps in zip(adjusted, places.tolist(), states, new, iterations.tolist()):
        if state.end_round(number, steps, chosen, place[: state.shape[0], : state.shape[1]]):
            going.append(k)
            for anchor in chosen:
                anchored_rows[k, anchor.test] = anchored_columns[k, anchor.gold] = True
    return going
