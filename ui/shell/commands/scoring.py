"""Scoring commands: the parameters (in a dialog), scoring again."""

from __future__ import annotations

from ..params_dialog import ParamsDialog
from .context import Context

__all__ = ["edit_params", "rescore"]


def edit_params(ctx: Context) -> None:
    """Show the parameters; OK re-scores with the new ones (and remembers them)."""
    matrix = ctx.state.annotators.result
    read = (ctx.state.scoring.loaded, matrix.annotations if matrix is not None else None)
    dialog = ParamsDialog(ctx.state.scoring.params, ctx.window, {files.format for files in read if files is not None})
    if dialog.exec():
        ctx.state.scoring.set_params(dialog.params())


def rescore(ctx: Context) -> None:
    """Score the loaded files again (after they changed on disk, say)."""
    ctx.state.scoring.rescore()
