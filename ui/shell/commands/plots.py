"""Exporting a plot - the corpus's, the annotators' or the comparison's - as SVG (real text), PDF
(vector) or PNG at a chosen DPI, drawn from its data (:func:`ui.plots.svg.plot_svg`) with the
files, metric and parameters it shows written over it; what is chosen and the sentence selected
are drawn as on screen, and so is the part of the plot in sight after zooming.

A plot's key is "<panel>/<plot>": ``corpus/distribution``, ``corpus/size``, ``annotators/strip``,
``annotators/size``, ``compare/scatter``, ``compare/differences``, ``compare/test``.
:func:`write_plot` is the dialog command's twin that takes the path, for scripts and tests."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QInputDialog

from ...common.export import write_figure
from ...plots.figure import Plot
from ...plots.plot_view import PlotView
from ...plots.svg import plot_svg
from .context import Context
from .exports import FIGURE_KINDS, ask_resolution
from .save_dialog import ask_save_path, safe_name

__all__ = ["PANEL_TITLES", "export_plot", "plot_choices", "plot_figure", "write_plot"]

PANEL_TITLES = {"corpus": "Corpus", "annotators": "Annotators", "compare": "Compare"}
DPI = 300


class PlotPanel(Protocol):
    views: dict[str, PlotView]

    def plots(self) -> dict[str, Plot]: ...


def _panels(ctx: Context) -> dict[str, PlotPanel]:
    found = {"corpus": ctx.corpus_plots, "annotators": ctx.annotator_plots, "compare": ctx.compare}
    return {prefix: panel for prefix, panel in found.items() if panel is not None}


def plot_choices(ctx: Context) -> dict[str, str]:
    """The plots that have something to show, by key, with their titles."""
    choices = {}
    for prefix, panel in _panels(ctx).items():
        for name, plot in panel.plots().items():
            if not plot.empty:
                choices[f"{prefix}/{name}"] = f"{PANEL_TITLES[prefix]}: {plot.title}"
    return choices


def plot_figure(ctx: Context, key: str) -> tuple[Plot, str] | None:
    """The plot of ``key`` and its SVG document as the view shows it (None: no such plot)."""
    prefix, _, name = key.partition("/")
    panel = _panels(ctx).get(prefix)
    plot = panel.plots().get(name) if panel is not None else None
    if panel is None or plot is None or plot.empty:
        return None
    view = panel.views[name]
    drawn = view.plot is plot  # on screen: what is chosen, the mark and the range in sight
    svg = plot_svg(
        plot, view.chosen if drawn else frozenset(), view.marked if drawn else None, view.ranges() if drawn else None
    )
    return plot, svg


def export_plot(ctx: Context, key: str | None = None) -> None:
    """Ask which plot (unless ``key`` says), where, and for PNG at what resolution; then export."""
    choices = plot_choices(ctx)
    if key is None:
        if not choices:
            ctx.state.messages.show("No plot to export: open files first.")
            return
        titles = list(choices.values())
        title, chosen = QInputDialog.getItem(ctx.window, "Export plot", "Plot:", titles, 0, False)
        if not chosen:
            return
        key = next(k for k, t in choices.items() if t == title)
    if key not in choices:
        ctx.state.messages.show("This plot has nothing to show.")
        return
    found = ask_save_path(ctx, f"Export plot: {choices[key]}", f"{safe_name(choices[key])[:80]}.svg", FIGURE_KINDS)
    if found is None:
        return
    path, dpi = found[0], DPI
    if path.suffix.lower() not in (".svg", ".pdf"):
        asked = ask_resolution(ctx)
        if asked is None:
            return
        dpi = asked
    write_plot(ctx, key, path, dpi)


def write_plot(ctx: Context, key: str, path: Path, dpi: int = DPI) -> bool:
    """Plot ``key`` to ``path``: .svg, .pdf, else PNG at ``dpi``."""
    figure = plot_figure(ctx, key)
    if figure is None:
        ctx.state.messages.show(f"No plot {key!r} to export.")
        return False
    plot, svg = figure
    done = write_figure(svg, path, dpi, plot.title, "\n".join(plot.header))
    ctx.state.messages.show(f"Saved {path}." if done else f"Could not save {path}.")
    return done
