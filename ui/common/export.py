"""Writing a figure made as an SVG document (from the data, never a screen grab) to a file
chosen by its suffix: the SVG itself, a vector PDF (real text), or a PNG at a chosen DPI
(one SVG unit is one pixel at 96 DPI), with the title and description in the file."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QColor, QImage, QImageWriter, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgRenderer

__all__ = ["SVG_DPI", "png_data_uri", "set_image_dpi", "write_figure", "write_pdf"]

SVG_DPI = 96.0


def write_figure(svg: str, path: Path, dpi: float, title: str, description: str = "") -> bool:
    """Write ``svg`` to ``path``: .svg as is, .pdf as vector pages, anything else as PNG at
    ``dpi`` (width x dpi/96 pixels). True when the file was written."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        try:
            path.write_text(svg, encoding="utf-8")
        except OSError:
            return False
        return True
    if suffix == ".pdf":
        return write_pdf([svg], path, title)
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    size = renderer.viewBoxF().size()
    width, height = round(size.width() * dpi / SVG_DPI), round(size.height() * dpi / SVG_DPI)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    if image.isNull():
        return False
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    set_image_dpi(image, dpi)  # after painting: see set_image_dpi
    image.setText("Title", title)
    image.setText("Description", description)
    return image.save(str(path))


def set_image_dpi(image: QImage, dpi: float) -> None:
    """Record ``dpi`` in the image's file. Only once it is painted: text in a pixel size painted on a
    device of another resolution than the screen's leaves Qt's shared font cache with engines of the
    wrong size, and every menu label of the app is drawn about 3 px high until it restarts (Qt 6)."""
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)


def write_pdf(svgs: Sequence[str], path: Path, title: str) -> bool:
    """SVG documents as the pages of one vector PDF (real text), each page the size of its
    document (one SVG unit is 1/96 inch). True when the file was written.

    The writer's resolution is the SVG's own, 96 DPI: the pages are vector, so it changes nothing
    in the file, while painting the SVG's pixel-size text at a higher one (300 DPI) spoils Qt's
    shared font cache and shrinks the app's menu labels to ~3 px (see :func:`set_image_dpi`)."""
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("graphagree")
    writer.setResolution(round(SVG_DPI))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    painter = QPainter()
    for number, svg in enumerate(svgs):
        renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
        size = renderer.viewBoxF().size()
        points = QSizeF(size.width() * 72 / SVG_DPI, size.height() * 72 / SVG_DPI)
        writer.setPageSize(QPageSize(points, QPageSize.Unit.Point, title, QPageSize.SizeMatchPolicy.ExactMatch))
        if number == 0:
            if not painter.begin(writer):
                return False
        elif not writer.newPage():
            painter.end()
            return False
        renderer.render(painter, QRectF(0, 0, writer.width(), writer.height()))
    return painter.end() if painter.isActive() else False


def png_data_uri(rgb: np.ndarray) -> str:
    """An RGB array (rows x columns x 3, uint8) as a ``data:image/png;base64,...`` URI, one pixel a cell."""
    pixels = np.ascontiguousarray(rgb, dtype=np.uint8)
    height, width = pixels.shape[:2]
    image = QImage(pixels.data, width, height, 3 * width, QImage.Format.Format_RGB888)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    QImageWriter(buffer, QByteArray(b"PNG")).write(image)
    return "data:image/png;base64," + base64.b64encode(buffer.data().data()).decode("ascii")
