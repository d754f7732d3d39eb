"""Saving panels as PNG or SVG (by file suffix). The graphs have their own exports (:mod:`ui.graph_export`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, QSize
from PySide6.QtGui import QPainter, QRegion
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget


def _svg_generator(size: QSize, title: str) -> QSvgGenerator:
    generator = QSvgGenerator()
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    return generator


def save_widget(widget: QWidget, path: Path) -> bool:
    """A widget as it looks on screen: PNG, or SVG when ``path`` ends in .svg."""
    if path.suffix.lower() == ".svg":
        generator = _svg_generator(widget.size(), widget.windowTitle() or path.stem)
        generator.setFileName(str(path))
        painter = QPainter(generator)
        try:
            widget.render(painter, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren | QWidget.RenderFlag.DrawWindowBackground)
        finally:
            done = painter.end()
        return done
    return widget.grab().save(str(path))
