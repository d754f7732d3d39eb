"""Going through the corpus and the pair: perspectives, the next disagreement, finding a node."""

from __future__ import annotations

from .context import Context

__all__ = ["find", "find_step", "reset_layout", "show_perspective", "step_pair", "step_triple"]


def show_perspective(ctx: Context, key: str) -> None:
    if ctx.workspace is not None:
        ctx.workspace.show_perspective(key)


def reset_layout(ctx: Context) -> None:
    """Every perspective back to its default arrangement."""
    if ctx.workspace is not None:
        ctx.workspace.reset()
        ctx.state.messages.show("The perspectives are back to their default arrangement.")


def step_pair(ctx: Context, step: int) -> None:
    """The next (``step`` 1) or previous (-1) pair in the corpus table that disagrees."""
    ctx.corpus.step_disagreement(step)


def step_triple(ctx: Context, step: int) -> None:
    """The next or previous triple of the pair that does not match."""
    if ctx.triples is not None:
        ctx.triples.step_mismatch(step)


def find(ctx: Context) -> None:
    """Put the cursor in the find box."""
    if ctx.find is not None:
        ctx.find.focus()


def find_step(ctx: Context, step: int) -> None:
    if ctx.find is not None:
        ctx.find.step(step)
