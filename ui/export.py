"""Saving panels as PNG or SVG (by file suffix) and graph scenes as inline SVG."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter, QRegion
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene, QWidget


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


def scene_svg(scene: QGraphicsScene, title: str = "graph") -> str:
    """The whole scene (not just the visible part) as SVG markup."""
    rect = scene.sceneRect()
    size = QSize(max(1, int(rect.width())), max(1, int(rect.height())))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = _svg_generator(size, title)
    generator.setOutputDevice(buffer)
    painter = QPainter(generator)
    scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect)
    painter.end()
    text = bytes(data).decode("utf-8")
    return text[text.index("<svg"):] if "<svg" in text else text


def save_scenes(scenes: list[QGraphicsScene], path: Path, title: str = "graphs") -> bool:
    """Scenes side by side in one PNG or SVG file, each at full size."""
    rects = [scene.sceneRect() for scene in scenes]
    gap = 40
    width = int(sum(r.width() for r in rects) + gap * (len(rects) - 1))
    height = int(max((r.height() for r in rects), default=1))
    size = QSize(max(1, width), max(1, height))
    if path.suffix.lower() == ".svg":
        device = _svg_generator(size, title)
        device.setFileName(str(path))
    else:
        device = QImage(size * 2, QImage.Format.Format_ARGB32)
        device.setDevicePixelRatio(2.0)
        device.fill(QColor("white"))
    painter = QPainter(device)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    x = 0.0
    for scene, rect in zip(scenes, rects):
        scene.render(painter, QRectF(x, 0, rect.width(), rect.height()), rect)
        x += rect.width() + gap
    painter.end()
    return True if path.suffix.lower() == ".svg" else device.save(str(path))
