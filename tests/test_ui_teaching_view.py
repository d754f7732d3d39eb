"""What the class sees of the Teaching perspective, as found by trying it in a real window: a verdict
belongs to its lesson, an explained cell's nodes are brought into view in both graphs, the
convergence plot's title and a 30-node heatmap's names are whole in presentation mode, and a slide's
header stays on the page."""

import html
import re

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from engine.layout.text import approximate_width
from engine.params import Params
from engine.read import read_graph
from engine.teach import build_lesson, trace_pair
from ui.teach.slides import MARGIN, WIDTH, slide_svg

from .conftest import READ_GOLD, READ_TEST
from .test_ui_teaching import HOUSE, SHE, index_of, settle, teaching_window
from .ui_support import UMR_VERSIONS


def visible(view) -> QRectF:
    return view.mapToScene(view.viewport().rect()).boundingRect()


def test_a_verdict_does_not_outlive_its_lesson(qtbot, tmp_path):
    """A wrong answer on the paper's example, then another pair (or a slider): its verdict is gone."""
    window = teaching_window(qtbot, tmp_path)
    teaching, panel = window.state.teaching, window.lesson_panel
    teaching.set_predicting(True)
    teaching.go_to(index_of(teaching.lesson, "anchors", 1))
    teaching.click(HOUSE, SHE)
    assert teaching.verdict is not None and "Not this one" in panel.caption.toPlainText()
    teaching.set_params(Params(beta=0.001))  # the lesson re-aligned, the step kept
    assert teaching.verdict is None and "Not this one" not in panel.caption.toPlainText()
    teaching.go_to(index_of(teaching.lesson, "anchors", 1))
    teaching.click(HOUSE, SHE)
    assert teaching.verdict is not None
    assert window.state.selection.select_pair_id("fry")  # another pair
    settle()
    assert teaching.verdict is None
    assert "Not this one" not in panel.caption.toPlainText()
    assert "Not this one" not in window.explanation_panel.text.toPlainText()


def test_an_explained_cell_is_brought_into_view_in_both_graphs(qtbot, tmp_path):
    """UMR sentence 16 (30 and 33 nodes) is larger than its views at a readable size: the nodes of
    the cell clicked are scrolled into view, in each graph, where they were out of it."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt16", (1600, 1000))
    teaching, graphs = window.state.teaching, window.teaching_graphs
    lesson = teaching.lesson
    test_view, gold_view = graphs.test_view, graphs.gold_view
    teaching.go_to(index_of(lesson, "finalisation"))
    cells = [
        (i, j)
        for i in range(len(lesson.test_names))
        for j in range(len(lesson.gold_names))
        if not visible(test_view).contains(
            graphs.test_scene.node_items[lesson.trace.test.nodes[i].var].sceneBoundingRect()
        )
        and not visible(gold_view).contains(
            graphs.gold_scene.node_items[lesson.trace.gold.nodes[j].var].sceneBoundingRect()
        )
    ]
    assert cells, "every node is in view already: the pair does not test this"
    i, j = cells[-1]
    teaching.click(i, j)
    settle()
    test_item = graphs.test_scene.node_items[lesson.trace.test.nodes[i].var]
    gold_item = graphs.gold_scene.node_items[lesson.trace.gold.nodes[j].var]
    assert test_item.emphasis == "highlight" and gold_item.emphasis == "highlight"
    assert visible(test_view).contains(test_item.sceneBoundingRect())
    assert visible(gold_view).contains(gold_item.sceneBoundingRect())
    centre = test_view.visible_center()
    teaching.forward()  # the same cell at the next step: the views stay where they are
    settle()
    assert test_view.visible_center() == centre


def test_presentation_keeps_the_convergence_title_whole_and_names_every_row_of_30(qtbot, tmp_path):
    """Presentation mode at 1920x1080 (text 2.25 times larger) on UMR sentence 16: the convergence
    plot's title fits its plot, and all 30 rows of the heatmap are named (none left out)."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt16", (1920, 1030))
    teaching = window.state.teaching
    teaching.go_to(index_of(teaching.lesson, "iteration", 1, 15))
    window.action_set["presentation"].trigger()
    window.showNormal()  # the offscreen screen is not a projector's: its size and text scale by hand
    window.resize(1920, 1080)
    window.presenter.set_scale(2.25)
    settle()
    plot = window.convergence_panel.plot
    item = plot.getPlotItem()
    assert item.titleLabel.text.startswith("round 1, iteration 15")
    assert item.sceneBoundingRect().right() <= plot.width()  # the plot, its last tick and title not cut
    font = QFont(plot.font())
    font.setPixelSize(int(item.titleLabel.opts["size"].removesuffix("px")))
    assert QFontMetricsF(font).horizontalAdvance(item.titleLabel.text) <= item.vb.width()
    geometry = window.lesson_panel.heatmap.geometry_now()
    assert len([label for label in geometry.labels if label.axis == "row"]) == 30
    assert geometry.row_px >= 12


def test_a_slides_header_stays_on_the_page():
    """A long sentence is cut (with an ellipsis) so that the header line fits the slide's width."""
    lesson = build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))
    long = "She is reading my book in the house " * 8
    lesson.trace.test.text = long
    svg = slide_svg(lesson, 0, None, None, "pair read")
    [subtitle] = [
        html.unescape(text) for text in re.findall(r'font-size="13"[^>]*>([^<]*)<', svg) if "pair read" in text
    ]
    assert approximate_width(subtitle, 13) <= WIDTH - 2 * MARGIN
    assert subtitle.startswith("pair read: She is reading my book") and "…" in subtitle
    assert subtitle.endswith("initial anchors from the text and token alignments")
