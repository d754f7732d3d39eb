"""Exports leave the app's text as it was: painting text in a pixel size on a device of another
resolution than the screen's (a 300 DPI PDF or PNG) left Qt's shared font cache with engines of
the wrong size, and every menu label was drawn ~3 px high until the app restarted."""

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QFontMetricsF, QImage
from PySide6.QtWidgets import QApplication, QMenu

from ui.common.export import write_figure
from ui.common.svg import FigureText, text_element
from ui.rounds.svg import svg_document
from ui.teach.pdf import export_lesson

from .test_ui_teaching import teaching_window


def label_ink_height(menu: QMenu) -> int:
    """How many pixel rows of the menu's first item's label (its left half) have dark ink."""
    menu.popup(QPoint(0, 0))
    QApplication.processEvents()
    image: QImage = menu.grab().toImage()
    menu.hide()
    rect = menu.actionGeometry(menu.actions()[0])
    rows = [
        y
        for y in range(rect.top(), rect.bottom() + 1)
        if any(QColor(image.pixel(x, y)).lightness() < 100 for x in range(rect.left() + 24, rect.center().x()))
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def slides(window, tmp_path):
    graphs = window.teaching_graphs
    assert export_lesson(window.state.teaching, graphs.drawing, graphs.measure, tmp_path / "lesson.pdf")


def figure(suffix):
    def write(window, tmp_path):
        svg = svg_document(200, 100, FigureText("t", ()), [text_element(10, 20, 12, "Hello world")])
        assert write_figure(svg, tmp_path / f"figure.{suffix}", 300.0, "t")

    return write


@pytest.mark.parametrize("export", [slides, figure("pdf"), figure("png")], ids=["slides", "pdf", "png"])
def test_menu_labels_keep_their_size_after_an_export(qtbot, tmp_path, export):
    window = teaching_window(qtbot, tmp_path)
    menu = window.menuBar().actions()[0].menu()  # File
    ascent = QFontMetricsF(menu.font()).ascent()
    before = label_ink_height(menu)
    assert before >= 0.6 * ascent  # "Open Test and Gold..." drawn in the menu's font
    export(window, tmp_path)
    assert label_ink_height(menu) == before
