"""The part of a heatmap on screen and its level of detail (Qt-free).

A :class:`CellWindow` is the visible rectangle in cell units (columns ``left`` to
``left + width``, rows ``top`` to ``top + height``), shared by the four heatmaps
so that zooming or panning one moves all. The level-of-detail rules say which
labels can be drawn without overlapping (every ``stride``-th one) and whether a
cell is large enough to print its value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

__all__ = ["MIN_CELLS", "CellWindow", "label_stride", "shown_indices"]

MIN_CELLS = 2.0  # the deepest zoom shows this many cells across (fewer if the matrix is smaller)


@dataclass(frozen=True)
class CellWindow:
    rows: int
    columns: int
    left: float
    top: float
    width: float
    height: float

    @classmethod
    def full(cls, rows: int, columns: int) -> CellWindow:
        return cls(rows, columns, 0.0, 0.0, float(max(columns, 1)), float(max(rows, 1)))

    @property
    def is_full(self) -> bool:
        return self.width >= self.columns and self.height >= self.rows

    def zoomed(self, factor: float, x: float | None = None, y: float | None = None) -> CellWindow:
        """Zoomed in by ``factor`` (> 1 in, < 1 out) keeping the cell point (x, y) where it is
        on screen (the centre by default); never smaller than :data:`MIN_CELLS` nor larger
        than the matrix."""
        x = self.left + self.width / 2 if x is None else x
        y = self.top + self.height / 2 if y is None else y
        width = min(max(self.width / factor, min(MIN_CELLS, self.columns)), max(self.columns, 1))
        height = min(max(self.height / factor, min(MIN_CELLS, self.rows)), max(self.rows, 1))
        left = x - (x - self.left) * width / self.width
        top = y - (y - self.top) * height / self.height
        return replace(self, left=left, top=top, width=width, height=height).clamped()

    def panned(self, dx: float, dy: float) -> CellWindow:
        """Moved by (dx, dy) cells, kept inside the matrix."""
        return replace(self, left=self.left + dx, top=self.top + dy).clamped()

    def clamped(self) -> CellWindow:
        left = min(max(self.left, 0.0), max(self.columns - self.width, 0.0))
        top = min(max(self.top, 0.0), max(self.rows - self.height, 0.0))
        return replace(self, left=left, top=top)

    def visible_rows(self) -> range:
        """The rows with a part on screen."""
        return range(max(0, math.floor(self.top)), min(self.rows, math.ceil(self.top + self.height)))

    def visible_columns(self) -> range:
        return range(max(0, math.floor(self.left)), min(self.columns, math.ceil(self.left + self.width)))


def label_stride(cell_px: float, text_px: float, gap: float = 1.0) -> int:
    """The smallest k such that labels of every k-th cell, each ``text_px`` high (along
    the axis) and ``gap`` apart, do not overlap: k · cell_px >= text_px + gap."""
    if cell_px <= 0:
        return 1_000_000
    return max(1, math.ceil((text_px + gap) / cell_px - 1e-9))


def shown_indices(indices: range, stride: int) -> list[int]:
    """The multiples of ``stride`` among ``indices``: a label keeps its place while panning."""
    return [k for k in indices if k % stride == 0]
