"""The app's icon: ``graphagree.svg`` (two small graphs, test and gold, laid over each other),
rendered to a PNG per size so that no SVG plug-in is needed to show it.

``python -m ui.desktop.icon`` renders the PNGs again after the SVG changed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QIcon, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from .files import HERE, ICON_SIZES, SVG, png

__all__ = ["app_icon", "render_pngs"]


def app_icon() -> QIcon:
    """The window icon, every size of it (Qt picks the one that fits)."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(png(size)))
    return icon


def render_pngs(folder: Path = HERE) -> list[Path]:
    """Render :data:`SVG` to a PNG of every size in ``folder`` (this package's by default); needs a
    QGuiApplication."""
    renderer = QSvgRenderer(str(SVG))
    written = []
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = png(size, folder)
        if not image.save(str(path)):
            raise OSError(f"{path}: cannot write")
        written.append(path)
    return written


if __name__ == "__main__":
    application = QGuiApplication(["render_pngs", "-platform", "offscreen"])
    for path in render_pngs():
        print(path)
