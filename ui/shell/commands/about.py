"""Help > About, and Help > Open Log Folder."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from ...state.settings import APP_NAME
from ..logs import LOG_FILE, log_folder
from .context import Context

__all__ = ["open_log_folder", "show_about"]


def show_about(ctx: Context) -> None:
    QMessageBox.about(
        ctx.window,
        f"About {APP_NAME}",
        f"<b>{APP_NAME}</b><br>Agreement between semantic-graph annotations: anchor-broadcast "
        "alignment and the AnCast metrics (concept, labeled/unlabeled/weighted relation F1, mock Smatch).",
    )


def open_log_folder(ctx: Context) -> None:
    """Show the folder of the app's log in the file manager, for a bug report."""
    folder = log_folder()
    if folder is None:
        ctx.state.messages.show("No log file is written in this run (started with --screenshot).")
        return
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
    ctx.state.messages.show(f"The log is {folder / LOG_FILE}: attach it to a bug report.")
