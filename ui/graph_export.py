"""Exports of a pair's graphs drawn from the layout data, not grabbed from the
screen: SVG (real text, generic sans-serif), PDF (vector, real text) and PNG
at a chosen DPI, all from one SVG document whose title and caption give the
pair id, the profile and the parameters."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from PySide6.QtCore import QByteArray, QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QColor, QImage, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgRenderer

from engine.params import Params

from .comparison_panel import ComparisonPanel
from .graph_style import LEGEND
from .graph_svg import Panel, Sheet, graph_svg, sheet_svg

__all__ = ["SCENE_DPI", "export_graphs", "graphs_sheet", "graphs_svg", "side_svg"]

SCENE_DPI = 96.0  # one scene unit is one pixel at 96 DPI: a PNG at d DPI is d/96 pixels per unit


def _parameters(params: Params | None) -> str:
    if params is None:
        return ""
    values = " ".join(f"{field.name}={getattr(params, field.name)}" for field in fields(params) if field.name != "profile")
    return f"profile {params.profile} · {values}"


def graphs_sheet(panel: ComparisonPanel, params: Params | None = None) -> Sheet:
    """The pair on the panel as a sheet: test and gold side by side at one scale."""
    result, drawing = panel.result, panel.drawing
    if result is None or drawing is None:
        return Sheet("graphagree: no pair", [], [Panel("Test", note="No pair selected."), Panel("Gold")])
    name = result.id or f"pair {result.index}"
    caption = [f"pair {result.index} ({name})" if result.id else name]  # numbered as in the corpus table
    if result.test is not None and result.test.text:
        caption.append(f"sentence: {result.test.text}")
    if params is not None:
        caption.append(_parameters(params))
    panels = [Panel(f"{title}: {side.summary}", side.geometry, side.marks, side.note)
              for title, side in (("Test", drawing.test), ("Gold", drawing.gold))]
    return Sheet(f"graphagree: test and gold graphs of {name}", caption, panels, LEGEND)


def graphs_svg(panel: ComparisonPanel, params: Params | None = None) -> str:
    return sheet_svg(graphs_sheet(panel, params), panel.measure)


def side_svg(panel: ComparisonPanel, side: str) -> str:
    """One graph of the pair ("test" or "gold") as inline SVG markup (for reports)."""
    drawing = panel.drawing
    chosen = None if drawing is None else drawing.test if side == "test" else drawing.gold
    if chosen is None or chosen.geometry is None:
        return sheet_svg(Sheet(side, [], [Panel(side.capitalize(), note=chosen.note if chosen else "No graph.")]), panel.measure)
    bounds = chosen.geometry.bounds.grown(4.0)
    body = "\n".join(graph_svg(chosen.geometry, chosen.marks, panel.measure))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{bounds.width:.0f}" height="{bounds.height:.0f}" '
            f'viewBox="{bounds.x:.2f} {bounds.y:.2f} {bounds.width:.2f} {bounds.height:.2f}">'
            f"<title>{side} graph</title>\n{body}\n</svg>")


def _renderer(svg: str) -> QSvgRenderer:
    return QSvgRenderer(QByteArray(svg.encode("utf-8")))


def export_graphs(panel: ComparisonPanel, path: Path, dpi: float = 300.0, params: Params | None = None) -> bool:
    """Write the pair's graphs to ``path``: SVG, PDF, or else PNG at ``dpi``
    (``width x dpi/96`` pixels). True when the file was written."""
    path = Path(path)
    sheet = graphs_sheet(panel, params)
    svg = sheet_svg(sheet, panel.measure)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        try:
            path.write_text(svg, encoding="utf-8")
        except OSError:
            return False
        return True
    renderer = _renderer(svg)
    size = renderer.viewBoxF().size()
    if suffix == ".pdf":
        writer = QPdfWriter(str(path))
        writer.setTitle(sheet.title)
        writer.setCreator("graphagree")
        writer.setResolution(round(dpi))
        writer.setPageSize(QPageSize(QSizeF(size.width() * 72 / SCENE_DPI, size.height() * 72 / SCENE_DPI),
                                     QPageSize.Unit.Point, sheet.title, QPageSize.SizeMatchPolicy.ExactMatch))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0))
        painter = QPainter()
        if not painter.begin(writer):
            return False
        renderer.render(painter, QRectF(0, 0, writer.width(), writer.height()))
        return painter.end()
    image = QImage(round(size.width() * dpi / SCENE_DPI), round(size.height() * dpi / SCENE_DPI), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.setText("Title", sheet.title)
    image.setText("Description", "\n".join(sheet.caption))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return image.save(str(path))
