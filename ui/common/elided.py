"""Texts that never widen the window: a long one (a file's name, a message) is cut with "…" to
the room it has, and is whole in its tooltip.

A plain ``QGroupBox`` asks for its title's whole width as its least width, and a plain ``QLabel``
for its text's: two PENMAN panes titled with long file names held the main window wider than a
1024 px screen."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionGroupBox,
    QStylePainter,
    QToolTip,
    QWidget,
)

__all__ = ["OneLineLabel", "TitledBox"]


class TitledBox(QGroupBox):
    """A group box whose title is cut to the box's width: ``title()`` is the whole title, what is
    drawn is :meth:`shown_title`; the whole title is the tooltip unless the box has one of its own."""

    def minimumSizeHint(self) -> QSize:
        """What the contents need (the title's height included, by the box's margins), not the
        title's width."""
        return QWidget.minimumSizeHint(self)

    def shown_title(self) -> str:
        """The title cut with "…" to the room the style gives it: the box's width less the
        title's indent on both sides."""
        option = QStyleOptionGroupBox()
        self.initStyleOption(option)
        option.text = "x"  # where a title starts does not depend on its length
        label = self.style().subControlRect(
            QStyle.ComplexControl.CC_GroupBox, option, QStyle.SubControl.SC_GroupBoxLabel, self
        )
        room = self.width() - 2 * max(label.left(), 0)
        return self.fontMetrics().elidedText(self.title(), Qt.TextElideMode.ElideRight, max(room, 0))

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionGroupBox()
        self.initStyleOption(option)
        option.text = self.shown_title()
        painter.drawComplexControl(QStyle.ComplexControl.CC_GroupBox, option)

    def event(self, event: QEvent) -> bool:
        cut = event.type() == QEvent.Type.ToolTip and not self.toolTip() and self.shown_title() != self.title()
        if cut and isinstance(event, QHelpEvent):  # no tooltip of its own: the whole title
            QToolTip.showText(event.globalPos(), self.title(), self)
            return True
        return super().event(event)


class OneLineLabel(QLabel):
    """A label kept to one line: its text cut at the end where the room is short (whole in its
    tooltip), so that it neither takes a second line nor widens what holds it."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)

    def paintEvent(self, event) -> None:
        room = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room.width())
        QPainter(self).drawText(room, int(self.alignment()), shown)
