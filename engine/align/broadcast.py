"""The maths of anchor broadcast (AnCast paper §2.2, eq. 5-14).

Pure functions on NumPy arrays: neighbour matrices, the inner broadcast loop,
the adjusted similarity, the choice of new anchors and the finalisation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from ..model import _slot_setters
from .stack import Hops, Stack, neighbour_ratios

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
    return neighbour_ratios(test_counts[:, None].astype(float), gold_counts[None, :].astype(float))


@dataclass(frozen=True)
class Neighbourhood:
    """The neighbourhoods eq. 10-11 need for one test/gold pair, computed once and used every
    round: a :class:`~.stack.Stack` of that one pair (its sums added in node order, the same
    numbers as when the pair is stacked with others)."""

    stack: Stack

    @classmethod
    def of(cls, test_adjacency: np.ndarray, gold_adjacency: np.ndarray) -> Neighbourhood:
        return cls(Stack([(Hops.of_adjacency(test_adjacency), Hops.of_adjacency(gold_adjacency))]))

    def step(self, anchor: np.ndarray) -> np.ndarray:
        """One broadcast step before normalisation, eq. 10-12:

        P = Y_Tᵀ A Y_G / ΔN_P,  C = Z_Tᵀ A Z_G / ΔN_C,  A' = sqrt((P + 1)(C + 1) - 1)."""
        updated = np.empty(anchor.shape)
        self.stack.step(np.ascontiguousarray(anchor, dtype=float)[None], updated[None])
        return updated


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
    similarity: np.ndarray,
    broadcast_anchor: np.ndarray,
    alpha: float,
    beta: float,
    digits: int,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Eq. 13: F = (S + alpha)(A + beta), rounded to ``digits`` decimals (into ``out``, which
    may be ``broadcast_anchor`` itself)."""
    return shifted_adjusted(similarity + alpha, broadcast_anchor, beta, digits, out)


def shifted_adjusted(
    shifted: np.ndarray, broadcast_anchor: np.ndarray, beta: float, digits: int, out: np.ndarray | None = None
) -> np.ndarray:
    """:func:`adjusted_similarity` given ``shifted`` = S + alpha, made once for all the rounds of a
    stack: (S + alpha)(A + beta), rounded to ``digits`` decimals (into ``out``)."""
    if out is None:  # an array also for 0-d input (np.add would give a scalar, which cannot be rounded in place)
        out = np.empty_like(broadcast_anchor, dtype=float)
    result = np.add(broadcast_anchor, beta, out=out)
    result *= shifted  # (A + beta)(S + alpha): the same product
    return np.round(result, digits, out=result)


@dataclass(frozen=True, slots=True, init=False)
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

    def __init__(
        self, test: int, gold: int, value: float, row_rivals: tuple[int, ...], column_rivals: tuple[int, ...]
    ) -> None:  # fills the slots through their setters, as engine.model's classes do: a round makes many
        _set_test(self, test)
        _set_gold(self, gold)
        _set_value(self, value)
        _set_row_rivals(self, row_rivals)
        _set_column_rivals(self, column_rivals)

    @property
    def by_labels(self) -> bool:
        return len(self.row_rivals) > 1 or len(self.column_rivals) > 1


_set_test, _set_gold, _set_value, _set_row_rivals, _set_column_rivals = _slot_setters(
    NewAnchor, "test", "gold", "value", "row_rivals", "column_rivals"
)


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
    rows, columns = adjusted.shape
    taken_rows, taken_columns = np.zeros((1, rows), dtype=bool), np.zeros((1, columns), dtype=bool)
    taken_rows[0, list(anchored_rows)] = True
    taken_columns[0, list(anchored_columns)] = True
    return select_stacked(adjusted[None], np.ones((1, rows), dtype=bool), taken_rows, taken_columns, [overlap])[0]


def select_stacked(
    adjusted: np.ndarray,
    real_rows: np.ndarray,
    anchored_rows: np.ndarray,
    anchored_columns: np.ndarray,
    overlaps: Sequence[LabelOverlap],
) -> list[list[NewAnchor]]:
    """:func:`select_anchors` of every pair of a stack: ``adjusted`` (B, N, M) with the padding
    at -inf, ``real_rows`` (B, N) the rows of each pair's own test nodes, ``anchored_rows`` (B, N)
    and ``anchored_columns`` (B, M) the anchored nodes, ``overlaps[b]`` pair b's label overlap.
    Each pair's new anchors come in row order.

    Only the free rows (real, unanchored) can gain an anchor, so only they are compared with
    their row's maximum; of the rest of the matrix, eq. 14 needs just the column maxima (one
    pass), and the column of a row's best cell when that cell may be a mutual maximum."""
    count = len(adjusted)
    chosen: list[list[NewAnchor]] = [[] for _ in range(count)]
    numbers, found = np.nonzero(real_rows & ~anchored_rows)  # the free rows, pair by pair, rows in order
    if adjusted.size == 0 or not len(numbers):
        return chosen
    column_max = adjusted.max(axis=1)  # (B, M), anchored rows included
    free = adjusted[numbers, found]  # (K, M): the free rows
    at_row_max = free == free.max(axis=1)[:, None]
    row_ties = at_row_max.sum(axis=1)
    best = at_row_max.argmax(axis=1)  # the row's maximum when it is unique
    best_column_max = column_max[numbers, best]
    alone = row_ties == 1
    mutual = alone & (free[np.arange(len(free)), best] == best_column_max)  # a unique row maximum, its column's too
    best_ties = np.zeros(len(free), dtype=np.int64)
    best_ties[mutual] = _column_ties(adjusted, numbers[mutual], best[mutual], best_column_max[mutual])
    unique = mutual & (best_ties == 1) & ~anchored_columns[numbers, best]  # no tie on either side: no labels needed
    undecided = ~alone | (mutual & (best_ties > 1))
    undecided[undecided] = _viable(
        at_row_max[undecided], free[undecided], column_max, anchored_columns, numbers[undecided]
    )
    places = np.flatnonzero(unique | undecided)
    values = free[places, best[places]].tolist()
    for place, b, i, j, value, plain in zip(
        places.tolist(),
        numbers[places].tolist(),
        found[places].tolist(),
        best[places].tolist(),
        values,
        unique[places].tolist(),
    ):
        if plain:
            chosen[b].append(NewAnchor(i, j, value, (j,), (i,)))
            continue
        overlap = overlaps[b]
        row_rivals = np.flatnonzero(at_row_max[place])
        winner = _unique_best(row_rivals, partial(overlap, i))
        if winner is None or anchored_columns[b, winner] or free[place, winner] != column_max[b, winner]:
            continue
        column_rivals = np.flatnonzero(adjusted[b, :, winner] == column_max[b, winner])
        if _unique_best(column_rivals, lambda row: overlap(row, winner)) != i:  # noqa: B023 (called here, at once)
            continue
        chosen[b].append(
            NewAnchor(
                i, winner, float(free[place, winner]), tuple(map(int, row_rivals)), tuple(map(int, column_rivals))
            )
        )
    return chosen


def _column_ties(adjusted: np.ndarray, numbers: np.ndarray, columns: np.ndarray, maxima: np.ndarray) -> np.ndarray:
    """How many cells of column ``columns[k]`` of pair ``numbers[k]`` are at its maximum ``maxima[k]``."""
    return (adjusted[numbers, :, columns] == maxima[:, None]).sum(axis=1)


def _viable(
    at_row_max: np.ndarray,
    rows: np.ndarray,
    column_max: np.ndarray,
    anchored_columns: np.ndarray,
    numbers: np.ndarray,
) -> np.ndarray:
    """Which of the tied ``rows`` (K, M) of pairs ``numbers`` a tie-break can make an anchor
    (``at_row_max`` their cells at their row's maximum): a row's winner must be a free column at
    its row's and its column's maximum, so a row without one needs no labels counted."""
    return (at_row_max & (rows == column_max[numbers]) & ~anchored_columns[numbers]).any(axis=1)


def finalise(
    adjusted: np.ndarray, anchored_rows: set[int], anchored_columns: set[int], overlap: LabelOverlap
) -> list[tuple[int, int]]:
    """Algorithm 2: on the unanchored rows and columns, repeatedly take the
    global maximum (ties: most overlapping relation labels, then matrix order)
    and remove its row and column, until rows or columns run out.

    Done in one pass: the free cells ordered by value (descending, matrix order among equals),
    each taken when its row and its column are still free - the repeated maximum's next cell is
    always the first free one in that order, as the order does not change when rows and columns
    go. The cells of a value are ordered by overlap only when two or more of them are still free
    as their value is reached (before, the rows and columns taken make no difference), so labels
    are counted only where a tie can decide."""
    rows = [i for i in range(adjusted.shape[0]) if i not in anchored_rows]
    columns = [j for j in range(adjusted.shape[1]) if j not in anchored_columns]
    if not rows or not columns:
        return []
    width = len(columns)
    cells, ranked = _ranked_cells(adjusted, rows, columns)
    matched: list[tuple[int, int]] = []
    free_rows, free_columns = [True] * len(rows), [True] * width
    room = min(len(rows), width)
    start = 0
    while start < len(cells):  # the runs of one value, in turn
        stop = start + 1
        while stop < len(cells) and ranked[stop] == ranked[start]:
            stop += 1
        run = cells[start:stop]
        start = stop
        if len(run) > 1:
            run = [cell for cell in run if free_rows[cell // width] and free_columns[cell % width]]
            if len(run) > 1:  # within a value: overlap descending, then matrix order
                tied_rows, tied_columns = zip(*[(rows[cell // width], columns[cell % width]) for cell in run])
                labels = _overlaps(overlap, np.array(tied_rows), np.array(tied_columns))
                run = [run[k] for k in np.argsort(-labels, kind="stable").tolist()]
        for cell in run:
            r, c = divmod(cell, width)
            if free_rows[r] and free_columns[c]:
                free_rows[r] = free_columns[c] = False
                matched.append((rows[r], columns[c]))
                if len(matched) == room:
                    return matched
    return matched


SMALL_FREE_CELLS = 32  # free cells ranked in Python up to this many (NumPy's few calls then cost more than the sort)


def _ranked_cells(adjusted: np.ndarray, rows: list[int], columns: list[int]) -> tuple[list[int], list[float]]:
    """The cells of ``rows`` x ``columns`` of ``adjusted`` (each as its position r * len(columns) + c
    in that block) by value descending, matrix order among equals, and their values in that order."""
    if len(rows) * len(columns) <= SMALL_FREE_CELLS:
        return _ranked_in_python(adjusted, rows, columns)
    return _ranked_by_numpy(adjusted, rows, columns)


def _ranked_in_python(adjusted: np.ndarray, rows: list[int], columns: list[int]) -> tuple[list[int], list[float]]:
    """:func:`_ranked_cells` by Python's sort (stable: equal values keep their matrix order)."""
    cell = adjusted.item
    values = [cell(i, j) for i in rows for j in columns]
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    return order, [values[k] for k in order]


def _ranked_by_numpy(adjusted: np.ndarray, rows: list[int], columns: list[int]) -> tuple[list[int], list[float]]:
    """:func:`_ranked_cells` by NumPy's stable sort."""
    block = adjusted.take(rows, axis=0).take(columns, axis=1).ravel()
    ranking = np.argsort(-block, kind="stable")
    return ranking.tolist(), block[ranking].tolist()


def _overlaps(overlap: LabelOverlap, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """The label overlap of each cell (rows[k], columns[k]); at once where ``overlap`` can and
    there are many cells (counting at once has a set-up cost of its own)."""
    many = getattr(overlap, "many", None)
    if many is not None and len(rows) > 256:
        return many(rows, columns)
    return np.array([overlap(i, j) for i, j in zip(rows.tolist(), columns.tolist())], dtype=np.int64)
