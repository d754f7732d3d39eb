"""Help > About."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ...state.settings import APP_NAME
from .context import Context

__all__ = ["show_about"]


def show_about(ctx: Context) -> None:
    QMessageBox.about(
        ctx.window,
        f"About {APP_NAME}",
        f"<b>{APP_NAME}</b><br>Agreement between semantic-graph annotations: anchor-broadcast "
        "alignment and the AnCast metrics (concept, labeled/unlabeled/weighted relation F1, mock Smatch).",
    )
