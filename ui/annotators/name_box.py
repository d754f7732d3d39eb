"""Annotators' names in a combo box: each item the part of its name that tells it apart
(:func:`~ui.annotators.grid_heatmap.short_labels`), the whole name in its tooltip, and a box that
may be narrower than the longest name (long file names widened the window past the screen)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QComboBox

from .grid_heatmap import short_labels

__all__ = ["NAME_ROOM", "fill_names", "narrow_name_box"]

NAME_ROOM = 240.0  # px: the longest item text
LEAST_LETTERS = 14  # the box's least width, in letters, when names are long


def narrow_name_box(box: QComboBox) -> None:
    """Let ``box`` be as narrow as :data:`LEAST_LETTERS` letters (and as wide as its items)."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(LEAST_LETTERS)


def fill_names(box: QComboBox, names: Sequence[str], data: Sequence[object] | None = None) -> None:
    """Add an item per name (its ``data``, if given), shortened to what tells it apart, with
    the whole name as its tooltip."""
    labels = short_labels(QFontMetricsF(box.font()), tuple(names), NAME_ROOM)
    for k, (name, label) in enumerate(zip(names, labels)):
        box.addItem(label, None if data is None else data[k])
        box.setItemData(box.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
