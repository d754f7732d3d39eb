"""Presentation mode (F11): the lesson for the back of a room on a projector - the window full
screen, without menus, toolbar, status line or perspective tabs; the hidden Presentation
perspective (the lesson, whose text explains a clicked cell, its graphs - test above gold, whole
where their text stays readable, else readable and scrolled to a clicked cell's nodes - and the
convergence only); every text the class reads larger
(a scale that grows with the screen's height: 1.6 at 768 pixels); high contrast (black on white,
the heatmap's colours are viridis already). F11 or Esc gives the window back as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow, QTabBar, QToolBar, QWidget

from ..pair.comparison_panel import ComparisonPanel
from .state import TeachingState

__all__ = ["PRESENTATION", "Presenter", "text_scale"]

PRESENTATION = "present"  # the hidden perspective
TEACHING = "teach"
CONTRAST = (
    "QWidget { color: #000000; } QWidget:disabled { color: #9e9e9e; } "
    "QTextBrowser { background: #ffffff; border: none; }"
)


def text_scale(screen_height: int) -> float:
    """How much larger the text is on a screen this high: 1.6 at 768 px, in proportion, never under 1.5.

    >>> text_scale(768), text_scale(1080), text_scale(600)
    (1.6, 2.25, 1.5)
    """
    return round(max(1.5, 1.6 * screen_height / 768), 2)


class Scalable(Protocol):
    """A teaching panel whose text can be made larger."""

    def setStyleSheet(self, sheet: str) -> None: ...

    def set_text_scale(self, scale: float) -> None: ...


class Perspectives(Protocol):
    """What presentation needs of the window's perspectives (:class:`ui.shell.workspace.Workspace`)."""

    @property
    def current(self) -> str: ...

    def show_perspective(self, key: str) -> bool: ...

    def tabBar(self) -> QTabBar: ...

    def cornerWidget(self, corner: Qt.Corner = ...) -> QWidget: ...


@dataclass
class _Before:
    """What the window looked like before presenting."""

    full_screen: bool
    maximised: bool
    perspective: str
    hidden: list[QWidget]


class Presenter(QObject):
    """Enters and leaves presentation mode; the teaching state says whether it is on."""

    def __init__(
        self,
        state: TeachingState,
        window: QMainWindow,
        workspace: Perspectives,
        panels: tuple[Scalable, ...],
        graphs: ComparisonPanel,
    ):
        super().__init__(window)
        self.state, self.window, self.workspace = state, window, workspace
        self.panels, self.graphs = panels, graphs
        self.before: _Before | None = None
        self.scale = 1.0
        self._escape: QShortcut | None = None

    @property
    def presenting(self) -> bool:
        return self.before is not None

    def toggle(self) -> None:
        self.leave() if self.presenting else self.enter()

    def _chrome(self) -> list[QWidget]:
        """The window's parts that presentation hides (those shown now)."""
        parts: list[QWidget] = [self.window.menuBar(), self.window.statusBar(), self.workspace.tabBar()]
        parts += self.window.findChildren(QToolBar)
        corner = self.workspace.cornerWidget(Qt.Corner.TopRightCorner)
        if corner is not None:
            parts.append(corner)
        return [part for part in parts if part.isVisible()]

    def enter(self) -> None:
        if self.presenting:
            return
        window = self.window
        hidden = self._chrome()
        self.before = _Before(window.isFullScreen(), window.isMaximized(), self.workspace.current, hidden)
        for part in hidden:
            part.hide()
        self.workspace.show_perspective(PRESENTATION)
        window.showFullScreen()
        screen = window.screen()
        self.set_scale(text_scale(screen.geometry().height() if screen is not None else 768))
        self._escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window, self.leave)
        self.state.set_presenting(True)

    def leave(self) -> None:
        before = self.before
        if before is None:
            return
        self.before = None
        if self._escape is not None:
            self._escape.setParent(None)
            self._escape.deleteLater()
            self._escape = None
        self.set_scale(1.0)
        for part in before.hidden:
            part.show()
        if before.full_screen:
            self.window.showFullScreen()
        elif before.maximised:
            self.window.showMaximized()
        else:
            self.window.showNormal()
        self.workspace.show_perspective(before.perspective if before.perspective != PRESENTATION else TEACHING)
        self.state.set_presenting(False)

    def set_scale(self, scale: float) -> None:
        """Every text of the teaching panels ``scale`` times its size, and black on white."""
        self.scale = scale
        contrast = CONTRAST if scale != 1.0 else ""
        for panel in self.panels:
            panel.setStyleSheet(contrast)
            panel.set_text_scale(scale)
        presenting = scale != 1.0
        self.graphs.set_stacked(presenting)  # the presentation's column is narrow: test above gold
        self.graphs.tools.setVisible(not presenting)  # (the graphs' height for the class; wheel and keys still zoom)
        # whole where their text stays 9 px or more, else readable at the top and a clicked cell's nodes
        # brought into view (ui.teach.graphs): a 28-node pair fitted whole had 4 px text
        self.graphs.views.start()
