"""A read-only plain text with the file's line numbers in a margin beside it (Qt's code-editor
pattern: the margin is painted from the text's visible blocks and scrolls with it); some lines
may be marked (their numbers in bold red). Without a first line number the margin is hidden."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QPlainTextEdit, QWidget

__all__ = ["NumberedText"]

MARGIN_FILL, NUMBER_TEXT, MARKED_TEXT = QColor("#f0f0f0"), QColor("#6b6b6b"), QColor("#b3261e")
PADDING = 6  # px on each side of the numbers


class _Margin(QWidget):
    def __init__(self, text: NumberedText):
        super().__init__(text)
        self.text = text

    def paintEvent(self, event) -> None:
        self.text.paint_margin(self, event.rect())


class NumberedText(QPlainTextEdit):
    """``show_numbers(first, marked)``: block k is file line ``first + k``; ``marked`` file lines
    have their numbers in bold red. ``show_numbers(None)`` hides the margin."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.first: int | None = None
        self.marked: frozenset[int] = frozenset()
        self.margin = _Margin(self)
        self.margin.hide()
        self.blockCountChanged.connect(lambda _: self._fit())
        self.updateRequest.connect(self._follow)

    def show_numbers(self, first: int | None, marked: frozenset[int] = frozenset()) -> None:
        self.first, self.marked = first, frozenset(marked)
        self.margin.setVisible(first is not None)
        self._fit()
        self.margin.update()

    def margin_width(self) -> int:
        if self.first is None:
            return 0
        digits = len(str(self.first + max(self.blockCount(), 1) - 1))
        return 2 * PADDING + self.fontMetrics().horizontalAdvance("9") * digits

    def _fit(self) -> None:
        self.setViewportMargins(self.margin_width(), 0, 0, 0)
        self._place()

    def _place(self) -> None:
        area = self.contentsRect()
        self.margin.setGeometry(QRect(area.left(), area.top(), self.margin_width(), area.height()))

    def _follow(self, rect: QRect, dy: int) -> None:
        if dy:
            self.margin.scroll(0, dy)
        else:
            self.margin.update(0, rect.y(), self.margin.width(), rect.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def paint_margin(self, margin: QWidget, area: QRect) -> None:
        """The numbers of the visible lines, right-aligned."""
        if self.first is None:
            return
        painter = QPainter(margin)
        painter.fillRect(area, MARGIN_FILL)
        normal, bold = QFont(self.font()), QFont(self.font())
        bold.setBold(True)
        block = self.firstVisibleBlock()
        top = self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
        height = self.fontMetrics().height()
        while block.isValid() and top <= area.bottom():
            bottom = top + self.blockBoundingRect(block).height()
            if block.isVisible() and bottom >= area.top():
                number = self.first + block.blockNumber()
                marked = number in self.marked
                painter.setFont(bold if marked else normal)
                painter.setPen(MARKED_TEXT if marked else NUMBER_TEXT)
                painter.drawText(
                    QRect(0, round(top), margin.width() - PADDING, height),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    str(number),
                )
            block, top = block.next(), bottom
        painter.end()
