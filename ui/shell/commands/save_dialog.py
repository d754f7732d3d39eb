"""Where an export goes: a save dialog titled by what it exports, opened in the folder of the
last export (remembered in the settings) on a default name made of what is exported - the pair's
id, made safe for a file name - and large enough that the file list's Size, Type and Date
columns are not cut (when Qt's own dialog is used; a platform's native one keeps its size)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QHeaderView, QTreeView

from engine.demos import is_bundled
from engine.scoring import PairResult

from .context import Context

__all__ = ["DIALOG_SIZE", "ask_save_path", "pair_stem", "safe_name", "start_folder"]

DIALOG_SIZE = (960, 580)
UNSAFE = re.compile(r"[^\w.\-]+")  # letters, digits, _, . and - are kept


def safe_name(text: str) -> str:
    """``text`` as a file name: runs of other characters (spaces, slashes, colons...) become one
    "_", and no leading dot or trailing "_" or "." ("" stays "")."""
    return UNSAFE.sub("_", text.strip()).lstrip(".").rstrip("_.")


def pair_stem(result: PairResult) -> str:
    """A pair's part of a file name: its id (safe), else ``pair-N``."""
    return safe_name(result.id or "") or f"pair-{result.number}"


def start_folder(ctx: Context) -> Path:
    """The last export's folder while it exists, else the test file's - unless it is the bundled
    demo data, installed with the package -, else the home folder."""
    remembered = ctx.state.settings.export_folder()
    if remembered is not None and remembered.is_dir():
        return remembered
    files = ctx.state.scoring.files
    return files.test_path.parent if files is not None and not is_bundled(files.test_path) else Path.home()


def _first_suffix(name_filter: str) -> str:
    """ ".png" of "PNG image (*.png)" ("" when the filter names none)."""
    found = re.search(r"\*(\.[\w.]+)", name_filter)
    return found.group(1) if found else ""


def ask_save_path(ctx: Context, title: str, name: str, kinds: Sequence[str]) -> tuple[Path, str] | None:
    """Ask where to save ``name`` (the first of the name filters ``kinds`` chosen); the path and
    the filter chosen, or None when cancelled. A name typed without a suffix gets the chosen
    filter's; the folder is remembered for the next export."""
    dialog = QFileDialog(ctx.window, title, str(start_folder(ctx) / name), ";;".join(kinds))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.selectNameFilter(kinds[0])
    dialog.selectFile(name)
    dialog.resize(*DIALOG_SIZE)
    files = dialog.findChild(QTreeView, "treeView")  # Qt's own dialog: the name takes what the columns leave
    if files is not None:
        files.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, files.header().count()):
            files.header().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    path, chosen = Path(dialog.selectedFiles()[0]), dialog.selectedNameFilter()
    if not path.suffix:
        path = path.with_suffix(_first_suffix(chosen))
    ctx.state.settings.save_export_folder(path.parent)
    return path, chosen
