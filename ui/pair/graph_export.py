"""Exports of a pair's graphs drawn from the layout data, not grabbed from the
screen: SVG (real text, generic sans-serif), PDF (vector, real text) and PNG
at a chosen DPI, all from one SVG document whose title and caption give the
pair id, the profile and the parameters."""

from __future__ import annotations

from pathlib import Path

from engine.output.report import parameters_text
from engine.params import Params

from ..common.export import SVG_DPI, write_figure
from .comparison_panel import ComparisonPanel
from .graph_style import LEGEND
from .graph_svg import Panel, Sheet, graph_svg, sheet_svg

__all__ = ["SCENE_DPI", "export_graphs", "graphs_sheet", "graphs_svg", "side_svg"]

SCENE_DPI = SVG_DPI  # one scene unit is one pixel at 96 DPI: a PNG at d DPI is d/96 pixels per unit


def graphs_sheet(panel: ComparisonPanel, params: Params | None = None) -> Sheet:
    """The pair on the panel as a sheet: test and gold side by side at one scale."""
    result, drawing = panel.result, panel.drawing
    if result is None or drawing is None:
        return Sheet("graphagree: no pair", [], [Panel("Test", note="No pair selected."), Panel("Gold")])
    name = result.id or f"pair {result.number}"
    caption = [f"pair {result.number} ({name})" if result.id else name]  # numbered as in the corpus table
    if result.sentence:  # the gold's, as the pair's scores show it
        caption.append(f"sentence: {result.sentence}")
    if params is not None:
        caption.append(parameters_text(params, drs=result.drs is not None))
    panels = [
        Panel(f"{title}: {side.summary}", side.geometry, side.marks, side.note)
        for title, side in (("Test", drawing.test), ("Gold", drawing.gold))
    ]
    return Sheet(f"graphagree: test and gold graphs of {name}", caption, panels, LEGEND)


def graphs_svg(panel: ComparisonPanel, params: Params | None = None) -> str:
    return sheet_svg(graphs_sheet(panel, params), panel.measure)


def side_svg(panel: ComparisonPanel, side: str) -> str:
    """One graph of the pair ("test" or "gold") as inline SVG markup (for reports)."""
    drawing = panel.drawing
    chosen = None if drawing is None else drawing.test if side == "test" else drawing.gold
    if chosen is None or chosen.geometry is None:
        return sheet_svg(
            Sheet(side, [], [Panel(side.capitalize(), note=chosen.note if chosen else "No graph.")]), panel.measure
        )
    bounds = chosen.geometry.bounds.grown(4.0)
    body = "\n".join(graph_svg(chosen.geometry, chosen.marks, panel.measure))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{bounds.width:.0f}" height="{bounds.height:.0f}" '
        f'viewBox="{bounds.x:.2f} {bounds.y:.2f} {bounds.width:.2f} {bounds.height:.2f}">'
        f"<title>{side} graph</title>\n{body}\n</svg>"
    )


def export_graphs(panel: ComparisonPanel, path: Path, dpi: float = 300.0, params: Params | None = None) -> bool:
    """Write the pair's graphs to ``path``: SVG, PDF, or else PNG at ``dpi``
    (``width x dpi/96`` pixels). True when the file was written."""
    sheet = graphs_sheet(panel, params)
    return write_figure(sheet_svg(sheet, panel.measure), path, dpi, sheet.title, "\n".join(sheet.caption))
