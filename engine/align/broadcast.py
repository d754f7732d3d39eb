"""The maths of anchor broadcast (AnCast paper §2.2, eq. 5-14).

Pure functions on NumPy arrays: neighbour matrices, the inner broadcast loop,
the adjusted similarity, the choice of new anchors and the finalisation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from ..runtime.sparse_products import CsrMatrix

LabelOverlap = Callable[[int, int], int]


def ancestor_matrix(adjacency: np.ndarray) -> np.ndarray:
    """Y of eq. 10: ``Y[k, i] = 1`` when k is a parent or grandparent of i.

    binarise(A + A·A) with the diagonal removed; the descendant matrix Z of
    eq. 11 is its transpose.
    """
    reach = (adjacency + adjacency @ adjacency) > 0
    np.fill_diagonal(reach, False)
    return reach.astype(float)


def neighbour_ratio(test_counts: np.ndarray, gold_counts: np.ndarray) -> np.ndarray:
    """1 / ΔN_ij = min(n_i, n_j) / max(n_i, n_j), and 0 where either node has no neighbour."""
    low = np.minimum(test_counts[:, None], gold_counts[None, :])
    high = np.maximum(test_counts[:, None], gold_counts[None, :])
    return np.divide(low, high, out=np.zeros_like(low, dtype=float), where=low > 0)


SPARSE_FROM = 64  # nodes in the larger graph from which sparse products are faster


def _sandwich(left, anchor: np.ndarray, right) -> np.ndarray:
    """left · anchor · rightᵀ, with ``left`` and ``right`` dense or sparse 0/1 matrices."""
    if isinstance(left, np.ndarray):
        return left @ anchor @ right.T
    return (right @ (left @ anchor).T).T


@dataclass(frozen=True)
class Neighbourhood:
    """The matrices eq. 10-11 need for one test/gold pair; computed once, used every round.

    Y_T and Y_G (ancestor matrices) are kept as the factors of the products,
    sparse for large graphs, where they hold few ones.
    """

    test_parents: object  # Y_Tᵀ
    gold_parents: object  # Y_Gᵀ
    test_children: object  # Z_Tᵀ = Y_T
    gold_children: object  # Z_Gᵀ = Y_G
    ancestor_ratio: np.ndarray
    descendant_ratio: np.ndarray

    @classmethod
    def of(cls, test_adjacency: np.ndarray, gold_adjacency: np.ndarray) -> Neighbourhood:
        test_y = ancestor_matrix(test_adjacency)
        gold_y = ancestor_matrix(gold_adjacency)
        ancestor_ratio = neighbour_ratio(test_y.sum(axis=0), gold_y.sum(axis=0))
        descendant_ratio = neighbour_ratio(test_y.sum(axis=1), gold_y.sum(axis=1))
        if max(len(test_y), len(gold_y)) < SPARSE_FROM:
            return cls(test_y.T, gold_y.T, test_y, gold_y, ancestor_ratio, descendant_ratio)
        sparse = CsrMatrix.from_dense
        # sparse sandwiches come out column-major: the ratios in the same layout
        return cls(
            sparse(test_y.T),
            sparse(gold_y.T),
            sparse(test_y),
            sparse(gold_y),
            np.asfortranarray(ancestor_ratio),
            np.asfortranarray(descendant_ratio),
        )

    def step(self, anchor: np.ndarray) -> np.ndarray:
        """One broadcast step before normalisation, eq. 10-12:

        P = Y_Tᵀ A Y_G / ΔN_P,  C = Z_Tᵀ A Z_G / ΔN_C,  A' = sqrt((P + 1)(C + 1) - 1).
        """
        parents = _sandwich(self.test_parents, anchor, self.gold_parents)
        parents *= self.ancestor_ratio
        children = _sandwich(self.test_children, anchor, self.gold_children)
        children *= self.descendant_ratio
        parents += 1.0  # in place, in the order of the formula: the same numbers, fewer temporaries
        children += 1.0
        parents *= children
        parents -= 1.0
        return np.sqrt(parents, out=parents)


def broadcast(
    anchors: np.ndarray, neighbourhood: Neighbourhood, tolerance: float, max_iterations: int
) -> tuple[np.ndarray, int]:
    """The inner loop (Algorithm 1, lines 2-5): broadcast, normalise so that
    max(A) = 1 (eq. 8), reset anchors to 1 (eq. 9), until no cell moves by
    ``tolerance`` or more. Returns the converged A and the iterations run."""
    current = (anchors > 0).astype(float)
    change = None
    for iteration in range(1, max_iterations + 1):
        updated = neighbourhood.step(current)
        if change is None:  # work in the memory layout of the steps' results (column-major when sparse)
            change = np.empty_like(updated)
            row_major = updated.flags.c_contiguous
            anchor_cells = np.flatnonzero(anchors if row_major else anchors.T)  # positions in memory order
        peak = updated.max() if updated.size else 0.0
        if peak > 0:
            updated /= peak
        (updated if row_major else updated.T).put(anchor_cells, 1.0)  # anchors back to 1; the rest is in [0, 1]
        np.subtract(updated, current, out=change)
        current = updated
        if _moved_less_than(change, tolerance):
            return current, iteration
    return current, max_iterations


def _moved_less_than(change: np.ndarray, tolerance: float) -> bool:
    """max |change| < tolerance, as max < tolerance and min > -tolerance: no |.| pass,
    and the min is skipped in the usual case of a cell still moving up."""
    return change.size == 0 or (change.max() < tolerance and change.min() > -tolerance)


def adjusted_similarity(
    similarity: np.ndarray, broadcast_anchor: np.ndarray, alpha: float, beta: float, digits: int
) -> np.ndarray:
    """Eq. 13: F = (S + alpha)(A + beta), rounded to ``digits`` decimals."""
    return np.round((similarity + alpha) * (broadcast_anchor + beta), digits)


@dataclass(frozen=True)
class NewAnchor:
    """A pair that became an anchor in a round, with the rivals it beat.

    ``row_rivals`` are the gold nodes tied with it at the maximum of its row,
    ``column_rivals`` the test nodes tied at the maximum of its column (each
    includes the pair itself); ``by_labels`` tells that a tie was broken by the
    overlap of relation labels.
    """

    test: int
    gold: int
    value: float
    row_rivals: tuple[int, ...]
    column_rivals: tuple[int, ...]

    @property
    def by_labels(self) -> bool:
        return len(self.row_rivals) > 1 or len(self.column_rivals) > 1


def _unique_best(candidates: np.ndarray, score: Callable[[int], int]) -> int | None:
    """The one candidate with the highest score, or None if the best score is shared."""
    if len(candidates) == 1:
        return int(candidates[0])
    scores = [score(int(c)) for c in candidates]
    best = max(scores)
    winners = [int(c) for c, s in zip(candidates, scores) if s == best]
    return winners[0] if len(winners) == 1 else None


def select_anchors(
    adjusted: np.ndarray, anchored_rows: set[int], anchored_columns: set[int], overlap: LabelOverlap
) -> list[NewAnchor]:
    """Eq. 14 with the paper's tie-break (§2.2.2): an unanchored pair becomes an
    anchor when each is the other's maximum over the whole row and column
    (anchored cells included). When a maximum is shared, the candidate whose
    relation labels overlap most wins; a tie there too is deferred."""
    if adjusted.size == 0:
        return []
    rows = np.arange(adjusted.shape[0])
    row_max = adjusted.max(axis=1)
    column_max = adjusted.max(axis=0)
    at_row_max = adjusted == row_max[:, None]
    at_column_max = adjusted == column_max[None, :]
    row_ties = at_row_max.sum(axis=1)
    column_ties = at_column_max.sum(axis=0)
    best = at_row_max.argmax(axis=1)  # the row's maximum when it is unique
    mutual = at_column_max[rows, best]
    unique = (row_ties == 1) & mutual & (column_ties[best] == 1)  # no tie on either side: no labels needed
    undecided = (row_ties > 1) | ((row_ties == 1) & mutual & (column_ties[best] > 1))
    chosen = []
    for i in np.flatnonzero(unique | undecided).tolist():
        if i in anchored_rows:
            continue
        if unique[i]:
            j = int(best[i])
            if j not in anchored_columns:
                chosen.append(NewAnchor(i, j, float(adjusted[i, j]), (j,), (i,)))
            continue
        row_rivals = np.flatnonzero(at_row_max[i])
        winner = _unique_best(row_rivals, partial(overlap, i))
        if winner is None or winner in anchored_columns or not at_column_max[i, winner]:
            continue
        j = winner
        column_rivals = np.flatnonzero(at_column_max[:, j])
        if _unique_best(column_rivals, lambda row: overlap(row, j)) != i:  # noqa: B023 (called here, at once)
            continue
        chosen.append(
            NewAnchor(i, j, float(adjusted[i, j]), tuple(map(int, row_rivals)), tuple(map(int, column_rivals)))
        )
    return chosen


def finalise(
    adjusted: np.ndarray, anchored_rows: set[int], anchored_columns: set[int], overlap: LabelOverlap
) -> list[tuple[int, int]]:
    """Algorithm 2: on the unanchored rows and columns, repeatedly take the
    global maximum (ties: most overlapping relation labels, then matrix order)
    and remove its row and column, until rows or columns run out."""
    rows = [i for i in range(adjusted.shape[0]) if i not in anchored_rows]
    columns = [j for j in range(adjusted.shape[1]) if j not in anchored_columns]
    matched = []
    while rows and columns:
        sub = adjusted[np.ix_(rows, columns)]
        tied = np.argwhere(sub == sub.max())
        overlaps = [overlap(rows[r], columns[c]) for r, c in tied]
        r, c = tied[overlaps.index(max(overlaps))]
        matched.append((rows[r], columns[c]))
        del rows[r]
        del columns[c]
    return matched
