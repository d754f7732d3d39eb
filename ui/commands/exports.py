"""Exports: the scores (CSV/JSON), the graphs (PNG at 300 DPI, SVG or PDF, drawn from the layout),
the heatmaps (PNG/SVG), the triples (CSV), the pair report (HTML).

Each dialog command has a ``write_*`` twin that takes the path, for scripts and tests.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from engine.output.printers import render
from engine.output.report import pair_report

from ..export import save_widget
from ..graph_export import export_graphs, side_svg
from ..triples_panel import triples_csv
from .context import Context

__all__ = [
    "PANELS",
    "export_panel",
    "export_report",
    "export_scores",
    "export_triples",
    "write_panel",
    "write_report",
    "write_scores",
    "write_triples",
]

PANELS = ("graphs", "rounds")


def _ask(ctx: Context, title: str, name: str, kinds: str) -> Path | None:
    path, _ = QFileDialog.getSaveFileName(ctx.window, title, name, kinds)
    return Path(path) if path else None


def _write_text(ctx: Context, path: Path, text: str) -> bool:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        ctx.state.show_problem(f"Could not write {path}: {error.strerror or error}")
        return False
    ctx.state.show_message(f"Saved {path}.")
    return True


def export_scores(ctx: Context) -> None:
    if ctx.state.corpus is not None and (
        path := _ask(ctx, "Export scores", "scores.csv", "CSV (*.csv);;JSON (*.json)")
    ):
        write_scores(ctx, path)


def write_scores(ctx: Context, path: Path) -> bool:
    """The corpus scores as CSV, or JSON when the name ends in .json."""
    kind = "json" if path.suffix.lower() == ".json" else "csv"
    return ctx.state.corpus is not None and _write_text(ctx, path, render(ctx.state.corpus, kind))


def export_panel(ctx: Context, key: str) -> None:
    kinds = "PNG image (*.png);;SVG (*.svg)" + (";;PDF (*.pdf)" if key == "graphs" else "")
    if path := _ask(ctx, "Export panel", f"{key}.png", kinds):
        write_panel(ctx, key, path)


def write_panel(ctx: Context, key: str, path: Path) -> bool:
    """The graphs (drawn from the layout: PNG at 300 DPI, SVG or PDF, with the parameters
    they were scored under) or the heatmap panel (PNG or SVG)."""
    if key == "graphs":
        corpus = ctx.state.corpus
        done = export_graphs(ctx.graphs, path, dpi=300, params=corpus.params if corpus else ctx.state.params)
    else:
        done = save_widget(ctx.heatmaps, path)
    ctx.state.show_message(f"Saved {path}." if done else f"Could not save {path}.")
    return done


def export_triples(ctx: Context) -> None:
    if path := _ask(ctx, "Export triples", "triples.csv", "CSV (*.csv)"):
        write_triples(ctx, path)


def write_triples(ctx: Context, path: Path) -> bool:
    return _write_text(ctx, path, triples_csv(ctx.state.triple_rows))


def export_report(ctx: Context) -> None:
    result = ctx.state.pair
    if result is not None and (path := _ask(ctx, "Export pair report", f"pair-{result.index}.html", "HTML (*.html)")):
        write_report(ctx, path)


def write_report(ctx: Context, path: Path) -> bool:
    """An HTML report of the selected pair: scores, both graphs, the rounds' captions, the triples."""
    result = ctx.state.pair
    if result is None:
        return False
    figures, texts = {}, []
    if result.alignment is not None:
        figures = {"Test graph": side_svg(ctx.graphs, "test"), "Gold graph": side_svg(ctx.graphs, "gold")}
        trace = ctx.state.wait_for_trace()
        texts = list(trace.captions) if trace is not None else []
    return _write_text(ctx, path, pair_report(result, ctx.state.triple_rows, texts, figures))
