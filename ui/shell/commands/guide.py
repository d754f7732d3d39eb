"""Help > User Guide: the one help window of the main window, made the first time and brought to
the front (minimised or not) after."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ...help import HelpWindow, guide_folder
from .context import Context

__all__ = ["show_user_guide"]


def show_user_guide(ctx: Context) -> None:
    window = ctx.window.findChild(HelpWindow)
    if window is None:
        folder = guide_folder()
        if folder is None:
            ctx.state.messages.show("The user guide is not installed with this copy of the app.")
            return
        window = HelpWindow(folder, ctx.state.settings, ctx.window)
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()
