"""What the rounds panel shows, without Qt: the heatmaps of a pair's trace in a
readable order, per round, and the readout of one cell.

Order: the aligned pairs lie on the diagonal (row k is the test node aligned to
the gold node of column k), in the order they were fixed - initial anchors first,
then the anchors of round 1, 2, ..., then the pairs of the finalisation, each
group in test-graph order - so that the diagonal fills from the top left as the
rounds go. Unaligned test nodes (rows) and gold nodes (columns) come last, in
graph order, after the line at ``order.aligned``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.align.explain import Caption

from ..state.tasks import PairTrace

__all__ = ["PANELS", "Heatmap", "HeatmapOrder", "RoundView", "RoundsModel", "fixed_text"]

# (key, title): S, the anchors and A share the scale 0..1; F has its own
PANELS = (
    ("similarity", "S - intrinsic similarity (eq. 1)"),
    ("anchors", "Anchors at the start of the round"),
    ("broadcast", "A - broadcast after convergence (eq. 5-12)"),
    ("adjusted", "F = (S + α)(A + β) (eq. 13)"),
)


@dataclass(frozen=True)
class HeatmapOrder:
    """``rows[k]`` is the test node shown in row k, ``columns[k]`` the gold node in column k;
    the first ``aligned`` rows and columns are the aligned pairs, row k with column k."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    aligned: int

    @classmethod
    def of(cls, gold_of: Sequence[int | None], quality: Sequence[int | None], gold_size: int) -> HeatmapOrder:
        pairs = sorted((quality[i], i, j) for i, j in enumerate(gold_of) if j is not None)
        paired_columns = {j for _, _, j in pairs}
        rows = [i for _, i, _ in pairs] + [i for i, j in enumerate(gold_of) if j is None]
        columns = [j for _, _, j in pairs] + [j for j in range(gold_size) if j not in paired_columns]
        return cls(tuple(rows), tuple(columns), len(pairs))

    def arrange(self, matrix: np.ndarray) -> np.ndarray:
        """The matrix with its rows and columns in this order."""
        return matrix[np.ix_(self.rows, self.columns)]


@dataclass(frozen=True)
class Heatmap:
    """One matrix as shown: values in display order, the colour levels, the anchors
    (a boolean mask) and the anchors new in the round (display cells)."""

    key: str
    title: str
    values: np.ndarray
    levels: tuple[float, float]
    anchors: np.ndarray
    new_anchors: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RoundView:
    number: int
    total: int
    heatmaps: dict[str, Heatmap]
    caption: Caption


def fixed_text(quality: int | None, rounds: int) -> str:
    """When a pair was fixed: its ``Alignment.quality`` in words."""
    if quality is None:
        return "unaligned"
    if quality == 0:
        return "initial anchor"
    return "finalisation" if quality > rounds else f"round {quality}"


class RoundsModel:
    """A pair's trace in display order; ``round(q)`` gives the four heatmaps of round q (1-based)."""

    def __init__(self, trace: PairTrace):
        alignment = trace.alignment
        if alignment is None:
            raise ValueError(f"a trace without alignment: {trace.problem}")
        self.trace, self.alignment = trace, alignment
        self.order = order = HeatmapOrder.of(alignment.gold_of, alignment.quality, alignment.similarity.shape[1])
        self.row_names = [trace.rows[i] for i in order.rows]
        self.column_names = [trace.columns[j] for j in order.columns]
        self.row_vars = [trace.row_vars[i] for i in order.rows] if trace.row_vars else []
        self.column_vars = [trace.column_vars[j] for j in order.columns] if trace.column_vars else []
        self._row_of = {i: k for k, i in enumerate(order.rows)}
        self._column_of = {j: k for k, j in enumerate(order.columns)}
        self._row_of_var = {var: self._row_of[i] for i, var in enumerate(trace.row_vars)}
        self._column_of_var = {var: self._column_of[j] for j, var in enumerate(trace.column_vars)}
        self._shown: RoundView | None = None
        self.similarity = order.arrange(alignment.similarity)
        self.rounds = len(alignment.rounds)

    @property
    def shape(self) -> tuple[int, int]:
        return self.similarity.shape

    @property
    def captions(self) -> tuple[Caption, ...]:
        return self.trace.captions

    def round(self, number: int) -> RoundView:
        if self._shown is None or self._shown.number != number:
            self._shown = self._arrange_round(number)
        return self._shown

    def _arrange_round(self, number: int) -> RoundView:
        round_ = self.alignment.rounds[number - 1]
        assert round_.anchors is not None and round_.broadcast is not None and round_.adjusted is not None  # traced
        arrange = self.order.arrange
        anchors = arrange(round_.anchors) > 0
        new = tuple((self._row_of[a.test], self._column_of[a.gold]) for a in round_.new_anchors)
        adjusted = arrange(round_.adjusted)
        top = max(1.0, float(adjusted.max()) if adjusted.size else 1.0)
        values = {
            "similarity": self.similarity,
            "anchors": anchors.astype(float),
            "broadcast": arrange(round_.broadcast),
            "adjusted": adjusted,
        }
        heatmaps = {
            key: Heatmap(
                key,
                title,
                values[key],
                (0.0, top) if key == "adjusted" else (0.0, 1.0),
                anchors,
                new if key in ("broadcast", "adjusted") else (),
            )
            for key, title in PANELS
        }
        return RoundView(number, self.rounds, heatmaps, self.trace.captions[number])

    def row_of(self, var: str | None) -> int | None:
        """The display row of a test node, by variable (None: no such node)."""
        return self._row_of_var.get(var) if var else None

    def column_of(self, var: str | None) -> int | None:
        """The display column of a gold node, by variable."""
        return self._column_of_var.get(var) if var else None

    def readout(self, number: int, row: int, column: int) -> str:
        """The hovered cell in words: test and gold node, S, A and F of round ``number``,
        whether it is an anchor, and when (if ever) the pair was fixed."""
        view = self.round(number)
        i, j = self.order.rows[row], self.order.columns[column]
        values = "  ".join(
            f"{name} = {view.heatmaps[key].values[row, column]:.4g}"
            for name, key in (("S", "similarity"), ("A", "broadcast"), ("F", "adjusted"))
        )
        if view.heatmaps["anchors"].anchors[row, column]:
            status = f"anchor since {fixed_text(self.alignment.quality[i], self.rounds)}"
        elif (row, column) in view.heatmaps["adjusted"].new_anchors:
            status = f"new anchor of round {number}"
        else:
            status = "not an anchor"
        partner = self.alignment.gold_of[i]
        quality = self.alignment.quality[i]
        if partner == j:
            fate = f"aligned pair, fixed in {fixed_text(quality, self.rounds)}"
        elif partner is None:
            fate = f"{self.trace.rows[i]} ends unaligned"
        else:
            when = fixed_text(quality, self.rounds)
            fate = f"{self.trace.rows[i]} is aligned to {self.trace.columns[partner]} ({when})"
        return f"test {self.row_names[row]} × gold {self.column_names[column]}:  {values}  ·  {status}  ·  {fate}"

    def node_readout(self, row: int, column: int) -> str:
        """A hovered row label (column -1) or column label (row -1): the node and its partner."""
        alignment = self.alignment
        i: int | None  # the test node
        if row >= 0:
            i = self.order.rows[row]
            name, partner = f"test {self.row_names[row]}", alignment.gold_of[i]
            other = self.trace.columns[partner] if partner is not None else None
        else:
            i = alignment.test_of.get(self.order.columns[column])
            name = f"gold {self.column_names[column]}"
            other = self.trace.rows[i] if i is not None else None
        if other is None or i is None:
            return f"{name}: unaligned (click to select it in the graphs)"
        when = fixed_text(alignment.quality[i], self.rounds)
        return f"{name}: aligned to {other}, fixed in {when} (click to select it)"
