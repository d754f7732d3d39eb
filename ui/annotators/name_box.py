"""Annotators' names in a combo box: each item the part of its name that tells it apart
(:func:`~ui.annotators.grid_heatmap.short_labels`) in the room the box has now, the whole name
in the item's tooltip and the box's; a box that may be narrower than the longest name (long file
names widened the window past the screen), and as wide as it when there is room."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox

from .grid_heatmap import short_labels

__all__ = ["NAME_ROOM", "NameBox"]

NAME_ROOM = 240.0  # px: the longest item text
LEAST_LETTERS = 14  # the box's least width, in letters, when names are long


class NameBox(QComboBox):
    """A combo box of names (:meth:`fill_names`; other items, such as "(none)", kept as they are)
    whose items are written in the room its field has, so that the one shown is never cut
    without an ellipsis; as narrow as :data:`LEAST_LETTERS` letters, as wide as the names (up
    to :data:`NAME_ROOM`) when the layout has room. ``tip`` says what the box is for, after the
    name chosen in its tooltip."""

    def __init__(self, tip: str, parent=None):
        super().__init__(parent)
        self.tip = tip
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(LEAST_LETTERS)
        self.setToolTip(tip)
        self.currentIndexChanged.connect(self._show_tip)

    def fill_names(self, names: Sequence[str], data: Sequence[object] | None = None) -> None:
        """Add an item per name (its ``data``, if given), the whole name its tooltip."""
        for k, name in enumerate(names):
            self.addItem(name, None if data is None else data[k])
            self.setItemData(self.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        self.updateGeometry()  # its size hint is the names'
        self._fit()
        self._show_tip()

    def _names(self) -> list[tuple[int, str]]:
        """(item, whole name) of the items that are names."""
        found = ((k, self.itemData(k, Qt.ItemDataRole.ToolTipRole)) for k in range(self.count()))
        return [(k, name) for k, name in found if isinstance(name, str)]

    def _room(self, width: int) -> float:
        """Pixels for an item's text in a box ``width`` wide (its field, as the style draws it)."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.rect.setWidth(width)
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return max(field.width() - 4.0, 0.0)  # the label is drawn a pixel in from either side

    def _fit(self) -> None:
        named = self._names()
        if not named:
            return
        room = min(NAME_ROOM, self._room(self.width()))
        labels = short_labels(QFontMetricsF(self.font()), tuple(name for _, name in named), room)
        for (k, _), label in zip(named, labels):
            if self.itemText(k) != label:
                self.setItemText(k, label)

    def _show_tip(self, *_) -> None:
        name = self.itemData(self.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        self.setToolTip(f"{name}\n\n{self.tip}" if isinstance(name, str) else self.tip)

    def sizeHint(self) -> QSize:
        """Wide enough for the names (each what tells it apart, in at most :data:`NAME_ROOM`)."""
        hint = super().sizeHint()
        named = [name for _, name in self._names()]
        if named:
            metrics = QFontMetricsF(self.font())
            widest = max(metrics.horizontalAdvance(label) for label in short_labels(metrics, tuple(named), NAME_ROOM))
            chrome = hint.width() - self._room(hint.width())
            hint.setWidth(max(hint.width(), int(widest + chrome + 1)))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()
