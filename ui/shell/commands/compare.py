"""Comparing two systems or annotators against one gold: File > Compare Two Files Against Gold (three
files), Compare Two Annotators of the Matrix (from the annotators' matrix, nothing scored again),
and the comparison's export - an HTML report, the JSON document (setup, every metric's result with
its verdict, per-sentence F1), the CSV of every metric, or the per-sentence CSV of the metric shown.
:func:`write_comparison` is the dialog command's twin that takes the path, for scripts and tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from engine.output.comparison import comparison_csv, comparison_document, sentence_csv

from ...annotators.views import compare_blocked
from ...compare.dialogs import CompareAnnotatorsDialog, CompareFilesDialog
from ...compare.report import comparison_report
from ...compare.views import differences_plot, draws_plot, scatter_plot
from ...plots.svg import plot_svg
from .context import Context
from .exports import _write_text
from .save_dialog import ask_save_path, safe_name

__all__ = ["COMPARISON_KINDS", "choose_annotators", "choose_files", "export_comparison", "write_comparison"]

ComparisonKind = Literal["html", "json", "csv", "sentences"]
COMPARISON_KINDS: dict[str, ComparisonKind] = {
    "HTML report (*.html)": "html",
    "JSON, the whole comparison (*.json)": "json",
    "CSV, every metric (*.csv)": "csv",
    "CSV, each sentence's F1 of the metric shown (*.csv)": "sentences",
}


def choose_files(ctx: Context) -> None:
    """Ask for A, B and the gold, then compare. Offered: with the annotators' matrix and its gold
    chosen, that gold and the cell's two other annotators; else the last ones compared, else A and
    the gold from the files shown."""
    files, settings = ctx.state.scoring.files, ctx.state.settings
    start = {"a": files.test_path, "gold": files.gold_path} if files is not None else {}
    offered = start | settings.compared_files()
    matrix = ctx.state.annotators.result
    if matrix is not None and matrix.gold is not None:
        paths = [Path(path) for path in matrix.annotations.paths]
        gold, cell = matrix.gold, ctx.state.annotators.cell or ()
        others = [k for k in (*cell, *range(len(paths))) if k != gold]
        offered = {"a": paths[others[0]], "b": paths[next(k for k in others if k != others[0])], "gold": paths[gold]}
    dialog = CompareFilesDialog(offered, ctx.window)
    if dialog.exec():
        settings.remember_compared(*dialog.paths())
        ctx.state.compare.open_files(*dialog.paths())


def choose_annotators(ctx: Context) -> None:
    """Ask for two annotators of the matrix, then test them against its gold."""
    matrix = ctx.state.annotators.result
    blocked = compare_blocked(matrix)
    if blocked is not None:
        ctx.state.messages.show(blocked)
        return
    assert matrix is not None and matrix.gold is not None  # as compare_blocked checked
    dialog = CompareAnnotatorsDialog(matrix.names, matrix.gold, ctx.window)
    if dialog.exec():
        ctx.state.compare.open_annotators(*dialog.chosen())


def export_comparison(ctx: Context) -> None:
    comparison = ctx.state.compare.comparison
    if comparison is None:
        ctx.state.messages.show("No comparison to export: compare two files against a gold one first.")
        return
    a, b, gold = comparison.setup.names
    chosen = ask_save_path(ctx, "Export comparison", f"{safe_name(f'{a}-{b}-{gold}')}.html", tuple(COMPARISON_KINDS))
    if chosen is not None:
        write_comparison(ctx, chosen[0], COMPARISON_KINDS.get(chosen[1], "html"))


def write_comparison(ctx: Context, path: Path, kind: ComparisonKind = "html") -> bool:
    """The comparison shown as ``kind`` (module docstring) to ``path``."""
    compare = ctx.state.compare
    comparison, metric = compare.comparison, compare.metric
    if comparison is None:
        return False
    if kind == "html":
        plots = (scatter_plot(comparison, metric), differences_plot(comparison, metric), draws_plot(comparison, metric))
        text = comparison_report(comparison, metric, {plot.title: plot_svg(plot) for plot in plots if not plot.empty})
    elif kind == "json":
        text = json.dumps(comparison_document(comparison), indent=2, ensure_ascii=False) + "\n"
    elif kind == "csv":
        text = comparison_csv(comparison)
    else:
        text = sentence_csv(comparison, metric)
    return _write_text(ctx, path, text)
