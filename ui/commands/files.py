"""Opening files: test and gold through dialogs, one side replaced, swapped, recent sets, demos, drops."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from ..annotators import AnnotatorFiles
from ..demos import DEMOS
from ..selection import Side, other_side
from .context import Context

__all__ = ["choose_pair", "choose_side", "demo_entries", "open_dropped", "recent_entries", "swap"]


def _ask(ctx: Context, title: str, start: Path | None) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(ctx.window, title, str(start) if start else "")
    return Path(path) if path else None


def choose_pair(ctx: Context) -> None:
    """Ask for the test file, then the gold file, and open them."""
    files = ctx.state.files
    test = _ask(ctx, "Choose the TEST file (annotator A / system)", files.test_path.parent if files else None)
    gold = test and _ask(ctx, "Choose the GOLD file (annotator B / reference)", test.parent)
    if test and gold:
        ctx.state.open_pair(test, gold)


def choose_side(ctx: Context, side: Side) -> None:
    """Replace one file; with nothing loaded yet, ask for the other one too."""
    files = ctx.state.files
    path = _ask(ctx, f"Choose the {side.upper()} file", files.path(side).parent if files else None)
    if path is None:
        return
    if files is not None:
        ctx.state.replace_file(side, path)
        return
    other = _ask(ctx, f"Choose the {other_side(side).upper()} file", path.parent)
    if other is not None:
        ctx.state.open_pair(*((path, other) if side == "test" else (other, path)))


def swap(ctx: Context) -> None:
    ctx.state.swap()


def open_dropped(ctx: Context, paths: Sequence[Path]) -> None:
    """Two files: test and gold; three or more: several annotators (the matrix); one file with
    files loaded: the new gold file."""
    state = ctx.state
    if len(paths) >= 3:
        state.annotators.open(paths)
    elif len(paths) == 2:
        state.open_pair(paths[0], paths[1])
    elif len(paths) == 1 and state.files is not None:
        if state.replace_file("gold", paths[0]):
            state.show_message(f"Dropped {paths[0].name} as the new gold file (Ctrl+Shift+W swaps).")
    else:
        state.show_problem(
            "Drop two files at once (the first becomes the test file, the second the gold file), "
            "or three or more annotators' files of the same sentences."
        )


MenuEntry = tuple[str, str, object]  # (text, status tip, handler taking the context)


def recent_entries(ctx: Context) -> list[MenuEntry]:
    """File > Recent Pairs, most recent first."""
    return [
        (
            f"&{number} {files.title()}",
            f"test: {files.test_path}   gold: {files.gold_path}",
            lambda ctx, files=files: ctx.state.open_files(files),
        )
        for number, files in enumerate(ctx.state.settings.recent(), start=1)
    ]


def demo_entries(ctx: Context) -> list[MenuEntry]:
    """File > Open Demo: the pairs bundled in resources/demo."""
    return [
        (
            demo.title,
            f"test: {demo.test.name}   gold: {demo.gold.name}",
            lambda ctx, demo=demo: ctx.state.open_files(AnnotatorFiles.of((demo.test, demo.gold))),
        )
        for demo in DEMOS
    ]
