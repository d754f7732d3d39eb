"""Several annotators: File > Open Annotators, and the exports of the matrix (CSV per cell,
annotator or sentence, JSON, heatmap PNG at 300 DPI or SVG), of the label confusion (CSV,
JSON, heatmaps) and of everything as an HTML report.

Each dialog command has a ``write_*`` twin that takes the path, for scripts and tests; the
dialog commands compute the bootstrap intervals in the background (the "export" lane), then
write the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from PySide6.QtWidgets import QFileDialog

from engine.metrics.confusion import KINDS
from engine.output.comparison import comparison_html
from engine.output.matrix import CsvTable, confusion_csv, confusion_data, matrix_csv, matrix_data

from ...annotators.dialog import OpenAnnotatorsDialog
from ...annotators.grid_heatmap import grid_svg, save_grid
from ...annotators.report import annotators_report
from ...annotators.tasks import ConfusionOutcome
from ...annotators.views import confusion_grid, matrix_grid
from .context import Context
from .exports import _write_text
from .save_dialog import ask_save_path

__all__ = [
    "CONFUSION_KINDS",
    "MATRIX_KINDS",
    "choose_annotators",
    "export_annotators_report",
    "export_confusion",
    "export_matrix",
    "write_annotators_report",
    "write_confusion",
    "write_matrix",
]

EXPORT = "export"
DPI = 300.0
MatrixKind = Literal["cells", "annotators", "sentences", "json", "png", "svg"]
CSV_TABLES: dict[MatrixKind, CsvTable] = {"cells": "cells", "annotators": "annotators", "sentences": "sentences"}
MATRIX_KINDS: dict[str, MatrixKind] = {
    "Matrix cells CSV (*.csv)": "cells",
    "Annotators table CSV (*.csv)": "annotators",
    "Sentences table CSV (*.csv)": "sentences",
    "Matrix JSON (*.json)": "json",
    "Matrix heatmap PNG, 300 DPI (*.png)": "png",
    "Matrix heatmap SVG (*.svg)": "svg",
}
CONFUSION_KINDS = {
    "Confusion CSV (*.csv)": "csv",
    "Confusion JSON (*.json)": "json",
    **{f"{kind.capitalize()} confusion heatmap (*.png *.svg)": kind for kind in KINDS},
}


def choose_annotators(ctx: Context) -> None:
    """Ask for the files, then for the gold among them, and open them as annotators."""
    files = ctx.state.scoring.files
    start = str(files.test_path.parent) if files else ""
    chosen, _ = QFileDialog.getOpenFileNames(ctx.window, "Choose 2 to 20 annotators' files", start)
    if not chosen:
        return
    dialog = OpenAnnotatorsDialog([Path(path) for path in chosen], ctx.window)
    if dialog.exec():
        ctx.state.annotators.open(dialog.paths, dialog.gold())


Kind = TypeVar("Kind", bound=str)


def _ask(ctx: Context, title: str, name: str, kinds: dict[str, Kind]) -> tuple[Path, Kind] | None:
    chosen = ask_save_path(ctx, title, name, tuple(kinds))  # in the last export's folder
    return (chosen[0], kinds.get(chosen[1], next(iter(kinds.values())))) if chosen is not None else None


def _in_background(ctx: Context, compute: Callable[[], Any], finish: Callable[[Any], bool]) -> None:
    """``finish(compute())``, the computing on a worker thread."""
    if not ctx.state.runner.start(
        EXPORT,
        lambda progress, cancelled: compute(),
        finish,
        lambda text: ctx.state.messages.show_problem(f"Could not export: {text}"),
    ):
        ctx.state.messages.show("Still exporting: wait a moment.")
        return
    ctx.state.messages.show("Preparing the export (bootstrap intervals)...")


# ------------------------------------------------------------------- matrix
def _matrix_parts(ctx: Context, kind: MatrixKind) -> tuple[Callable[[], Any], Callable[[Path, Any], bool]]:
    annotators = ctx.state.annotators
    result, metric, average = annotators.result, annotators.metric, annotators.average
    assert result is not None
    if kind in ("png", "svg"):
        grid = matrix_grid(result, metric, average)
        return (lambda: grid), lambda path, grid: _saved(ctx, path, save_grid(grid, path, DPI))

    def compute() -> str:
        data = matrix_data(result, metric, ci=kind in ("cells", "json"), hardest_first=kind == "sentences")
        if kind == "json":
            return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        return matrix_csv(data, CSV_TABLES[kind])

    return compute, lambda path, text: _write_text(ctx, path, text)


def _saved(ctx: Context, path: Path, done: bool) -> bool:
    ctx.state.messages.show(f"Saved {path}." if done else f"Could not save {path}.")
    return done


def export_matrix(ctx: Context) -> None:
    if ctx.state.annotators.result is not None and (chosen := _ask(ctx, "Export matrix", "matrix.csv", MATRIX_KINDS)):
        path, kind = chosen
        compute, finish = _matrix_parts(ctx, kind)
        _in_background(ctx, compute, lambda value: finish(path, value))


def write_matrix(ctx: Context, path: Path, kind: MatrixKind) -> bool:
    """The matrix of the metric shown: ``cells``, ``annotators`` or ``sentences`` CSV, ``json``
    (the ``matrix`` command's object, with the bootstrap intervals), or the heatmap of the
    average shown as ``png`` (300 DPI) or ``svg``."""
    if ctx.state.annotators.result is None:
        return False
    compute, finish = _matrix_parts(ctx, kind)
    return finish(path, compute())


# ---------------------------------------------------------------- confusion
def _confusion_data(outcome: ConfusionOutcome) -> dict:
    return confusion_data(outcome.confusion, outcome.test, outcome.gold, outcome.labels)


def write_confusion(ctx: Context, path: Path, kind: str) -> bool:
    """The label confusion of the pair shown: ``csv``, ``json``, or one kind's heatmap
    (``concept``, ``role``, ``attribute``) as PNG (300 DPI) or SVG by the file's suffix."""
    outcome = ctx.state.annotators.confusion
    if outcome is None:
        return False
    if kind in KINDS:
        grid = confusion_grid(outcome.confusion.table(kind), outcome.test, outcome.gold)
        return _saved(ctx, path, save_grid(grid, path, DPI))
    data = _confusion_data(outcome)
    return _write_text(
        ctx, path, json.dumps(data, indent=2, ensure_ascii=False) + "\n" if kind == "json" else confusion_csv(data)
    )


def export_confusion(ctx: Context) -> None:
    if ctx.state.annotators.confusion is not None and (
        chosen := _ask(ctx, "Export label confusion", "confusion.csv", CONFUSION_KINDS)
    ):
        write_confusion(ctx, *chosen)


# ------------------------------------------------------------------- report
def _report_parts(ctx: Context) -> tuple[Callable[[], dict], Callable[[Path, dict], bool]]:
    annotators = ctx.state.annotators
    result, metric, outcome = annotators.result, annotators.metric, annotators.confusion
    assert result is not None
    comparison = ctx.state.compare.comparison
    compared = [comparison_html(comparison)] if comparison is not None and comparison.matrix is result else []

    def finish(path: Path, data: dict) -> bool:
        figures = {
            f"{average} F1 of every pair": grid_svg(matrix_grid(result, metric, average))
            for average in ("micro", "macro")
        }
        confusion, confusion_figures = None, {}
        if outcome is not None:
            confusion = _confusion_data(outcome)
            for kind in KINDS:
                table = outcome.confusion.table(kind)
                if table.confusions():
                    grid = confusion_grid(table, outcome.test, outcome.gold)
                    confusion_figures[f"most frequent {kind} confusions"] = grid_svg(grid)
        return _write_text(ctx, path, annotators_report(data, figures, confusion, confusion_figures, compared))

    return lambda: matrix_data(result, metric, ci=True, hardest_first=True), finish


def export_annotators_report(ctx: Context) -> None:
    if ctx.state.annotators.result is not None and (
        chosen := _ask(ctx, "Export annotators report", "annotators.html", {"HTML (*.html)": "html"})
    ):
        compute, finish = _report_parts(ctx)
        _in_background(ctx, compute, lambda data: finish(chosen[0], data))


def write_annotators_report(ctx: Context, path: Path) -> bool:
    """An HTML report: the matrix micro and macro with bootstrap intervals and heatmaps, the
    annotator and sentence tables, problems, the label confusion of the pair shown, and the
    comparison of two of the annotators against the gold when one is shown."""
    if ctx.state.annotators.result is None:
        return False
    compute, finish = _report_parts(ctx)
    return finish(path, compute())
