"""Opening files: test and gold through dialogs, one side replaced, swapped, recent pairs and annotator
sets, demos, drops, and what the app opens when started without files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from engine.demos import DEFAULT_DEMO, DEMOS

from ...common.sides import Side, other_side
from ...state.files import AnnotatorFiles
from ...state.settings import RecentFiles
from . import teaching
from .adjudication import return_to
from .context import Context

__all__ = [
    "choose_pair",
    "choose_side",
    "demo_entries",
    "open_at_start",
    "open_dropped",
    "open_recent",
    "quit_app",
    "recent_entries",
    "recent_titles",
    "swap",
]


def _ask(ctx: Context, title: str, start: Path | None) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(ctx.window, title, str(start) if start else "")
    return Path(path) if path else None


def choose_pair(ctx: Context) -> None:
    """Ask for the test file, then the gold file, and open them."""
    files = ctx.state.scoring.files
    test = _ask(ctx, "Choose the TEST file (annotator A / system)", files.test_path.parent if files else None)
    gold = test and _ask(ctx, "Choose the GOLD file (annotator B / reference)", test.parent)
    if test and gold:
        ctx.state.scoring.open_pair(test, gold)


def choose_side(ctx: Context, side: Side) -> None:
    """Replace one file; with nothing loaded yet, ask for the other one too."""
    files = ctx.state.scoring.files
    path = _ask(ctx, f"Choose the {side.upper()} file", files.path(side).parent if files else None)
    if path is None:
        return
    if files is not None:
        ctx.state.scoring.replace_file(side, path)
        return
    other = _ask(ctx, f"Choose the {other_side(side).upper()} file", path.parent)
    if other is not None:
        ctx.state.scoring.open_pair(*((path, other) if side == "test" else (other, path)))


def swap(ctx: Context) -> None:
    ctx.state.scoring.swap()


def quit_app(ctx: Context) -> None:
    """Close the window, which ends the app (the session and the layout are saved as it closes)."""
    ctx.window.close()


def open_dropped(ctx: Context, paths: Sequence[Path]) -> None:
    """Two files: test and gold; three or more: several annotators (the matrix); one file with
    files loaded: the new gold file."""
    state = ctx.state
    if len(paths) >= 3:
        state.annotators.open(paths)
    elif len(paths) == 2:
        state.scoring.open_pair(paths[0], paths[1])
    elif len(paths) == 1 and state.scoring.files is not None:
        gold = state.scoring.files.with_file("gold", paths[0]).names()[1]
        if state.scoring.replace_file("gold", paths[0]):
            state.messages.show(f"Dropped {gold} as the new gold file (Ctrl+Shift+W swaps).")
    else:
        state.messages.show_problem(
            "Drop two files at once (the first becomes the test file, the second the gold file), "
            "or three or more annotators' files of the same sentences."
        )


MenuEntry = tuple[str, str, object]  # (text, status tip, handler taking the context)


def _folder_tails(folders: Sequence[Path]) -> list[str]:
    """Each folder by as few of its last parts as tell it from the others ("…/" when cut).

    >>> _folder_tails([Path("/a/demo/x"), Path("/b/demo/x"), Path("/c/y")])
    ['…/a/demo/x', '…/b/demo/x', '…/y']
    """
    tails = []
    for folder in folders:
        parts = folder.parts or (".",)
        tail = folder
        for count in range(1, len(parts) + 1):
            tail = Path(*parts[-count:])
            if sum(1 for other in folders if other != folder and Path(*other.parts[-count:]) == tail) == 0:
                break
        tails.append(str(tail) if count == len(parts) else f"…/{tail}")
    return tails


def recent_titles(entries: Sequence[RecentFiles]) -> list[str]:
    """The entries' titles (file names), each with its folder where another entry has the same title."""
    titles = [entry.title() for entry in entries]
    shown = list(titles)
    for title in set(titles):
        alike = [k for k, other in enumerate(titles) if other == title]
        if len(alike) > 1:
            for k, tail in zip(alike, _folder_tails([entries[k].folder() for k in alike])):
                shown[k] = f"{title}  in {tail}"
    return shown


def open_recent(ctx: Context, entry: RecentFiles, select: str | None = None) -> bool:
    """Open files opened before: the pair, or the annotators with their gold (the matrix)."""
    if entry.annotators:
        return ctx.state.annotators.open(entry.paths, entry.gold, select)
    return ctx.state.scoring.open_files(entry.files, select)


def recent_entries(ctx: Context) -> list[MenuEntry]:
    """File > Recent Files, most recent first: pairs and annotator sets, by name (with their
    folder when names alike), every path in the tip."""
    entries = ctx.state.settings.recent()
    return [
        (f"&{number} {title}", entry.description(), lambda ctx, entry=entry: open_recent(ctx, entry))
        for number, (entry, title) in enumerate(zip(entries, recent_titles(entries)), start=1)
    ]


def open_at_start(ctx: Context, select: str | None = None) -> None:
    """What the app opens when started without files: the files opened last when they are all
    still there - at the pair that was selected when the app closed, with its filter, the corpus
    table's sort and its adjudication session (:func:`.adjudication.return_to`) -, else the bundled demo; the status
    line says which."""
    recent = ctx.state.settings.recent()
    last = recent[0] if recent else None
    missing = last.missing() if last is not None else []
    if last is not None and not missing:
        ctx.state.scoring.note_next_report(f"Reopened the files opened last ({last.title()}; demos: File > Open Demo)")
        place = ctx.state.settings.place()
        if place is not None and place.of(last.every_path()):
            select = select or place.pair
            return_to(ctx, place)
        open_recent(ctx, last, select)
        return
    why = f"{missing[0]}, opened last, is no longer there" if missing else "no files were opened before"
    ctx.state.scoring.note_next_report(f"Opened the bundled demo ({why})")
    ctx.state.scoring.open_files(AnnotatorFiles.of((DEFAULT_DEMO.test, DEFAULT_DEMO.gold)), select)


def demo_entries(ctx: Context) -> list[MenuEntry]:
    """File > Open Demo: the pairs bundled in resources/demo."""
    return [
        (
            teaching.demo_title(demo),
            f"test: {demo.test.name}   gold: {demo.gold.name}"
            + (f"   (pair {lesson} as a lesson in the Teaching perspective)" if lesson else ""),
            lambda ctx, demo=demo, lesson=lesson: (
                teaching.open_lesson(ctx, demo, lesson)
                if lesson
                else ctx.state.scoring.open_files(AnnotatorFiles.of((demo.test, demo.gold)))
            ),
        )
        for demo in DEMOS
        for lesson in [teaching.LESSONS.get(demo.name)]
    ]
