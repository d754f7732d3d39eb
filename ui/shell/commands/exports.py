"""Exports: the scores (CSV/JSON), the graphs (PNG at 300 DPI, SVG or PDF, drawn from the layout),
the heatmaps (PNG at a chosen DPI, SVG or PDF, drawn from the matrices), the triples (CSV),
the pair report (HTML, with the run's files and parameters and every round's heatmaps).

Each dialog command has a ``write_*`` twin that takes the path, for scripts and tests. The
dialogs (:func:`.save_dialog.ask_save_path`) are titled by what they export, open in the last
export's folder and offer a name made of the pair's id (or the test file's name for the scores).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QDialog, QInputDialog

from engine.output.printers import render
from engine.output.report import Run, pair_report
from engine.registry import params_dict

from ...pair.graph_export import export_graphs, side_svg
from ...pair.triples_panel import triples_csv
from ...rounds.export import export_heatmaps, report_rounds
from ...rounds.model import RoundsModel
from .context import Context
from .save_dialog import ask_save_path, pair_stem, safe_name

__all__ = [
    "PANELS",
    "export_heatmaps_dialog",
    "export_panel",
    "export_report",
    "export_scores",
    "export_triples",
    "write_heatmaps",
    "write_panel",
    "write_report",
    "write_scores",
    "write_triples",
]

PANELS = ("graphs", "rounds")
FIGURE_KINDS = ("SVG (*.svg)", "PNG image (*.png)", "PDF (*.pdf)")


def _ask(ctx: Context, title: str, name: str, kinds: tuple[str, ...]) -> Path | None:
    chosen = ask_save_path(ctx, title, name, kinds)
    return chosen[0] if chosen is not None else None


def _write_text(ctx: Context, path: Path, text: str) -> bool:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        ctx.state.messages.show_problem(f"Could not write {path}: {error.strerror or error}")
        return False
    ctx.state.messages.show(f"Saved {path}.")
    return True


def _roles(ctx: Context) -> str:
    """Which file the scores take as test and which as gold, and why when these are not the
    roles the user chose (an adjudication session scores its annotators so)."""
    files, chosen = ctx.state.scoring.files, ctx.state.scoring.chosen
    if files is None:
        return ""
    roles = "{} (test) against {} (gold)".format(*files.annotators())
    return roles + (", as the adjudication session scores them" if chosen is not None and chosen != files else "")


def export_scores(ctx: Context) -> None:
    """Ask where to save the corpus scores: the dialog's title and the name offered say which
    file is the test and which the gold."""
    files = ctx.state.scoring.files
    name = "scores.csv"
    if files is not None:
        test, gold = (safe_name(name) for name in files.annotators())
        name = f"{test or 'test'}-vs-{gold or 'gold'}-scores.csv"
    if ctx.state.scoring.corpus is not None and (
        path := _ask(ctx, f"Export scores: {_roles(ctx)}", name, ("CSV (*.csv)", "JSON (*.json)"))
    ):
        write_scores(ctx, path)


def write_scores(ctx: Context, path: Path) -> bool:
    """The corpus scores as JSON when the name ends in .json, else as CSV - the command line's,
    which any CSV reader takes - with the profile, the parameters and the files scored in
    NAME.params.json beside it (the JSON holds them already)."""
    corpus, files = ctx.state.scoring.corpus, ctx.state.scoring.files
    if corpus is None:
        return False
    if path.suffix.lower() == ".json":
        return _write_text(ctx, path, render(corpus, "json"))
    beside = path.with_suffix(".params.json")
    run: dict[str, object] = {"scores": path.name}
    run |= {"test": str(files.test_path), "gold": str(files.gold_path)} if files else {}
    run |= {"profile": corpus.params.profile, "params": params_dict(corpus.params)}
    if not (_write_text(ctx, path, render(corpus, "csv")) and _write_text(ctx, beside, json.dumps(run, indent=2))):
        return False
    ctx.state.messages.show(f"Saved {path} ({_roles(ctx)}), its files, profile and parameters in {beside.name}.")
    return True


def export_panel(ctx: Context, key: str) -> None:
    """Ask where to save the graphs ("graphs") or the heatmaps of the round shown ("rounds"), then save them."""
    if key != "graphs":
        export_heatmaps_dialog(ctx)
        return
    result = ctx.state.selection.pair
    if result is None:
        ctx.state.messages.show("No graphs to export: select a pair first.")
        return
    if path := _ask(ctx, f"Export graphs of pair {result.number}", f"{pair_stem(result)}-graphs.svg", FIGURE_KINDS):
        write_panel(ctx, key, path)


def write_panel(ctx: Context, key: str, path: Path) -> bool:
    """The graphs (drawn from the layout: PNG at 300 DPI, SVG or PDF, with the parameters
    they were scored under) or the heatmaps of the round shown (PNG at 300 DPI, SVG or PDF)."""
    if key != "graphs":
        return write_heatmaps(ctx, path)
    done = export_graphs(ctx.graphs, path, dpi=300, params=_params(ctx))
    ctx.state.messages.show(f"Saved {path}." if done else f"Could not save {path}.")
    return done


def _params(ctx: Context):
    """The parameters the shown scores were computed under."""
    corpus = ctx.state.scoring.corpus
    return corpus.params if corpus else ctx.state.scoring.params


def _rounds(ctx: Context) -> tuple[RoundsModel, int] | None:
    """The selected pair's rounds and the round shown (traced now if the trace has not come yet)."""
    trace = ctx.state.traces.wait_for_trace()
    if trace is None or trace.alignment is None:
        return None
    panel = ctx.heatmaps
    if panel.trace is trace and panel.model is not None:
        return panel.model, panel.round_number
    return RoundsModel(trace), 1


def export_heatmaps_dialog(ctx: Context) -> None:
    """Ask for a file (PNG, SVG or PDF) and, for PNG, the resolution; then export."""
    result = ctx.state.selection.pair
    if result is None:
        ctx.state.messages.show("No heatmaps to export: select a pair first.")
        return
    number = ctx.heatmaps.round_number
    path = _ask(
        ctx,
        f"Export heatmaps of round {number} of pair {result.number}",
        f"{pair_stem(result)}-round-{number}-heatmaps.svg",
        FIGURE_KINDS,
    )
    if path is None:
        return
    dpi = 300
    if path.suffix.lower() not in (".svg", ".pdf"):
        asked = ask_resolution(ctx)
        if asked is None:
            return
        dpi = asked
    write_heatmaps(ctx, path, dpi)


RESOLUTION_TITLE = "PNG resolution"
TITLE_BAR_ROOM = 160  # px a window title bar keeps for its icon and buttons


def ask_resolution(ctx: Context) -> int | None:
    """The PNG's dots per inch (300 offered, 72-1200), None when cancelled; the dialog is wide
    enough for its whole title in the window's title bar (a narrow one was cut: "PNG re...lution")."""
    dialog = QInputDialog(ctx.window)
    dialog.setWindowTitle(RESOLUTION_TITLE)
    dialog.setLabelText("Dots per inch of the PNG (300 for print):")
    dialog.setIntRange(72, 1200)
    dialog.setIntStep(50)
    dialog.setIntValue(300)
    bold = QFont(dialog.font())
    bold.setBold(True)
    dialog.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(RESOLUTION_TITLE) + TITLE_BAR_ROOM)
    return dialog.intValue() if dialog.exec() == QDialog.DialogCode.Accepted else None


def write_heatmaps(ctx: Context, path: Path, dpi: int = 300) -> bool:
    """The heatmaps of the round shown, drawn from the matrices: .svg, .pdf, else PNG at ``dpi``."""
    rounds = _rounds(ctx)
    if rounds is None or ctx.state.selection.pair is None:
        ctx.state.messages.show("No heatmaps to export: select a pair that was scored.")
        return False
    model, number = rounds
    done = export_heatmaps(model, number, ctx.state.selection.pair, _params(ctx), path, dpi)
    ctx.state.messages.show(f"Saved {path}." if done else f"Could not save {path}.")
    return done


def export_triples(ctx: Context) -> None:
    result = ctx.state.selection.pair
    if result is None:
        ctx.state.messages.show("No triples to export: select a pair first.")
        return
    name = f"{pair_stem(result)}-triples.csv"
    if path := _ask(ctx, f"Export triples of pair {result.number}", name, ("CSV (*.csv)",)):
        write_triples(ctx, path)


def write_triples(ctx: Context, path: Path) -> bool:
    return _write_text(ctx, path, triples_csv(ctx.state.selection.triple_rows))


def export_report(ctx: Context) -> None:
    result = ctx.state.selection.pair
    if result is not None and (
        path := _ask(
            ctx, f"Export report of pair {result.number}", f"{pair_stem(result)}-report.html", ("HTML (*.html)",)
        )
    ):
        write_report(ctx, path)


def write_report(ctx: Context, path: Path) -> bool:
    """An HTML report of the selected pair: the run's files and parameters, scores, both graphs,
    every round's heatmaps with its caption, the alignment, the triples."""
    result, files = ctx.state.selection.pair, ctx.state.scoring.files
    if result is None:
        return False
    figures, rounds = {}, []
    if result.alignment is not None:
        figures = {"Test graph": side_svg(ctx.graphs, "test"), "Gold graph": side_svg(ctx.graphs, "gold")}
        traced = _rounds(ctx)
        rounds = report_rounds(traced[0]) if traced is not None else []
    paths = (("test", str(files.test_path)), ("gold", str(files.gold_path))) if files else ()
    run = Run(paths, _params(ctx), drs=result.drs is not None)
    return _write_text(ctx, path, pair_report(result, ctx.state.selection.triple_rows, figures, rounds, run))
