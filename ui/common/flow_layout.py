"""A layout that writes its items left to right and wraps them onto more rows when the width is
short, as text wraps: a bar of controls that needs no more width than its widest item, so that
it never holds a window wider than the screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QStyle, QWidget

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Items in their size hints, left to right, a new row where the next one would pass the right
    edge (narrower than its hint only when alone on a row narrower than it); each row as tall as its
    tallest item. Its least width is the widest item's least width; its height is asked
    for a width (:meth:`heightForWidth`), so that the layouts above give it the rows it needs."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _gap(self) -> int:
        """The room between two items: the layout's spacing, else the style's."""
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        style = parent.style() if parent is not None else None
        return style.pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing) if style is not None else 6

    def sizeHint(self) -> QSize:
        """All the items on one row."""
        items = self._shown()
        width = sum(item.sizeHint().width() for item in items) + self._gap() * max(0, len(items) - 1)
        height = max((item.sizeHint().height() for item in items), default=0)
        return self._with_margins(QSize(width, height))

    def minimumSize(self) -> QSize:
        """The widest item's least width (one item a row), the tallest item's height."""
        items = self._shown()
        width = max((item.minimumSize().width() for item in items), default=0)
        height = max((item.sizeHint().height() for item in items), default=0)
        return self._with_margins(QSize(width, height))

    def _with_margins(self, size: QSize) -> QSize:
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure them when not ``move``); the height taken."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap = self._gap()
        x, y, row_height = area.x(), area.y(), 0
        for item in self._shown():
            hint = item.sizeHint()
            width = max(item.minimumSize().width(), min(hint.width(), area.width()))
            if x > area.x() and x + width > area.right() + 1:  # past the right edge: a new row
                x, y, row_height = area.x(), y + row_height + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + gap
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + margins.bottom()
