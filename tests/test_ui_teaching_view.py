"""What the class sees of the Teaching perspective, as found by trying it in a real window: a verdict
belongs to its lesson, an explained cell's nodes are brought into view in both graphs, the
convergence plot's title and a 30-node heatmap's names are whole in presentation mode, and a slide's
header stays on the page."""

import html
import re
import xml.etree.ElementTree as ET

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from engine.layout.text import ApproximateText, approximate_width
from engine.params import Params
from engine.read import load_pairs, read_graph
from engine.teach import build_lesson, trace_pair
from ui.rounds.labels import two_lines
from ui.teach.convergence import ConvergencePlot
from ui.teach.model import Convergence
from ui.teach.presentation import text_scale
from ui.teach.slides import MARGIN, WIDTH, slide_svg

from .conftest import DEMO, READ_GOLD, READ_TEST, graph_of
from .test_ui_teaching import HOUSE, SHE, index_of, settle, teaching_window
from .ui_support import UMR_VERSIONS, shown_window


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
    svg = slide_svg(lesson, 0, None, ApproximateText(), "pair read")  # no drawing: nothing measured
    [subtitle] = [
        html.unescape(text) for text in re.findall(r'font-size="13"[^>]*>([^<]*)<', svg) if "pair read" in text
    ]
    assert approximate_width(subtitle, 13) <= WIDTH - 2 * MARGIN
    assert subtitle.startswith("pair read: She is reading my book") and "…" in subtitle
    assert subtitle.endswith("initial anchors from the text and token alignments")


SVG = "{http://www.w3.org/2000/svg}"


def slide_column_names(lesson, index: int = 1) -> list[ET.Element]:
    """The ``<text>`` elements of a slide's heatmap's column names (or of their lines): upright
    (turned), or level under the row names."""
    svg = slide_svg(lesson, index, None, ApproximateText(), "pair 1")  # no drawing: nothing measured
    texts = list(ET.fromstring(svg).iter(f"{SVG}text"))
    rows = [text for text in texts if text.get("text-anchor") == "end" and text.text in lesson.test_names]
    below = max(float(text.get("y", "nan")) for text in rows)
    lines = {line for name in lesson.gold_names for line in (name, *two_lines(name, len))}
    return [
        text
        for text in texts
        if text.text in lines and ("rotate" in (text.get("transform") or "") or float(text.get("y", "nan")) > below)
    ]


def lesson_of(test, gold, wanted: int = 0):
    pair = load_pairs(test, gold).pairs[wanted]
    return build_lesson(trace_pair(graph_of(pair.test), graph_of(pair.gold)))


def test_a_slides_column_names_are_level_where_they_fit_their_columns():
    """The Cardiff sentence (six columns, "have-org-role-91" the longest name): written level on
    screen, the slides wrote every name upright; now level too, on two lines where one is too
    long for its column ("have-org-" / "role-91"), each line within its column, as large as the
    row names."""
    lesson = lesson_of(*CARDIFF)
    texts = slide_column_names(lesson)
    assert texts and not any("rotate" in (text.get("transform") or "") for text in texts)
    centres = sorted({float(text.get("x", "nan")) for text in texts})
    assert len(centres) == len(lesson.gold_names) == 6
    column = centres[1] - centres[0]
    by_centre = {centre: [text.text for text in texts if float(text.get("x", "nan")) == centre] for centre in centres}
    assert list(by_centre.values()) == [
        ["have-org-", "role-91"],
        ["city"],
        ["name (n)"],
        ["country"],
        ["name (n2)"],
        ["capital"],
    ]
    [px] = {float(text.get("font-size", "nan")) for text in texts}
    assert all(approximate_width(text.text or "", px) + 2 <= column for text in texts)
    rows = ET.fromstring(slide_svg(lesson, 1, None, ApproximateText(), "p")).iter(f"{SVG}text")
    assert {float(text.get("font-size", "nan")) for text in rows if text.text == "capital"} == {px}


def test_a_slides_column_names_are_upright_where_they_do_not_fit():
    """UMR sentence 16's 33 columns are too narrow for its names even on two lines: upright, as
    on screen."""
    lesson = lesson_of(*UMR_VERSIONS, 15)
    texts = slide_column_names(lesson)
    assert len(texts) == len(lesson.gold_names) == 33
    assert all((text.get("transform") or "").endswith("rotate(-90)") for text in texts)


def dark_pixels(widget) -> int:
    image = widget.grab().toImage()
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if max(image.pixelColor(x, y).getRgb()[:3]) < 80  # near black: the enabled text
    )


def test_presentation_still_greys_what_is_disabled(qtbot, tmp_path):
    """Presentation's black text is for what the class reads: at the first step, First and Back
    (disabled) still look disabled, unlike Next."""
    window = teaching_window(qtbot, tmp_path)
    panel = window.lesson_panel
    window.action_set["presentation"].trigger()
    settle()
    assert not panel.home_button.isEnabled() and panel.forward_button.isEnabled()
    assert dark_pixels(panel.forward_button) > 0
    assert dark_pixels(panel.home_button) == 0 and dark_pixels(panel.parameters.reset_button) == 0


def caption_line(panel) -> float:
    font = QFont(panel.caption.font())
    font.setPixelSize(round(13 * panel.text_scale))
    return QFontMetricsF(font).lineSpacing()


def test_at_1366x768_the_text_keeps_eight_lines_beside_a_small_heatmap(qtbot, tmp_path):
    """The paper's example (5 x 5) at 1366x768: the step's text, what the class reads, gets room for
    eight lines (it had three, under rows of 48 px); the heatmap's rows keep 20 px or more."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 768 - 50))
    settle()
    panel = window.lesson_panel
    assert panel.caption.viewport().height() >= 8 * caption_line(panel)
    assert panel.heatmap.geometry_now().cell_height >= 20


def test_a_30_node_heatmap_keeps_its_room_at_1920x1080(qtbot, tmp_path):
    """UMR sentence 16 (30 x 33) at 1920x1080: the text's room is not taken from a heatmap that needs it
    all (it keeps four fifths: rows of 11.5 px, names in 9 px; the text three lines)."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt16", (1920, 1080 - 50))
    settle()
    panel = window.lesson_panel
    geometry = panel.heatmap.geometry_now()
    assert geometry.cell_height >= 11.5 and geometry.row_px >= 9
    assert panel.caption.viewport().height() >= 3 * caption_line(panel)


def test_presentation_at_1366x768_draws_the_papers_graphs_in_readable_text(qtbot, tmp_path):
    """The paper's example on a 1366x768 projector: both graphs whole, their node names at 11.5 px or
    more (they were 7.7 px: the graphs had 42 % of the narrow column, under the zoom buttons)."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 718))
    window.action_set["presentation"].trigger()
    window.showNormal()  # the offscreen screen is not a projector's: its size and text scale by hand
    window.resize(1366, 768)
    window.presenter.set_scale(text_scale(768))
    settle()
    graphs = window.teaching_graphs
    assert not graphs.tools.isVisible()
    for view in (graphs.test_view, graphs.gold_view):
        assert view.scale_factor() * graphs.views.node_px >= 11.5
        assert visible(view).contains(view.graph_scene.itemsBoundingRect())  # whole
    window.action_set["presentation"].trigger()
    assert graphs.tools.isVisible()


def test_the_convergence_axis_name_is_whole_or_left_out(qtbot, tmp_path):
    """In presentation at 1366x768 the plot is ~120 px high: its left axis name would be cut ("largest change" read
    "est change (x" in a real window); it is fitted to the height or left out, without an SI suffix."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 718))
    window.action_set["presentation"].trigger()
    window.showNormal()
    window.resize(1366, 768)
    window.presenter.set_scale(text_scale(768))
    settle()
    item = window.convergence_panel.plot.getPlotItem()
    axis = item.getAxis("left")
    assert "(x" not in axis.labelString()
    if axis.label.isVisible():
        assert axis.label.boundingRect().width() <= item.vb.height()
    window.action_set["presentation"].trigger()
    window.resize(1920, 1030)
    settle()
    assert axis.label.isVisible() and axis.labelText == "max |ΔA|"  # with room: named
    assert axis.label.boundingRect().width() <= item.vb.height()


def test_hovering_a_cell_does_not_move_the_heatmap(qtbot, tmp_path):
    """The readout under the heatmap says what a hovered cell holds in one line where the step's
    legend took three (at 1366x768): the heatmap grew under the pointer and a click meant for book x
    paper explained he x paper. The readout keeps its height; the cells stay where they are."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 718))
    panel = window.lesson_panel
    window.state.teaching.go_to(2)
    settle()
    before = panel.heatmap.geometry_now().plot
    height = panel.readout.height()
    panel.heatmap.hovered.emit(3, 3)  # book x paper
    settle()
    assert "book" in panel.readout.text() and panel.readout.height() == height
    assert panel.heatmap.geometry_now().plot == before
    panel.heatmap.hovered.emit(-1, -1)  # the pointer leaves: the legend again
    settle()
    assert panel.readout.height() == height and panel.heatmap.geometry_now().plot == before


def test_the_convergence_plot_keeps_a_readable_height_at_1366x768(qtbot, tmp_path):
    """At 1366x768 the plot's curves had 22 px: its ticks 1, 0.01 and 0.0001 ran into each other. They
    keep 60 px (the bottom axis unnamed there: the title names the iteration)."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 718))
    settle()
    assert window.convergence_panel.plot.getPlotItem().vb.height() >= 60


def test_notes_name_a_pair_without_an_id_by_its_number_from_1(qtbot, tmp_path):
    """The app numbers pairs from 1 (# column, Pair N): "# 1" in the notes is the first pair."""
    test, gold = tmp_path / "mine.amr", tmp_path / "gold.amr"
    test.write_text("(r / read-01 :ARG0 (h / he))\n\n(s / sing-01)\n", encoding="utf-8")
    gold.write_text("(r / read-01 :ARG0 (s / she))\n\n(s / sing-01)\n", encoding="utf-8")
    (tmp_path / "mine.lesson.md").write_text("# 1\n\n## initial\nThe first pair's note.\n", encoding="utf-8")
    window = shown_window(qtbot, tmp_path, (test, gold))
    window.action_set["perspective_teach"].trigger()
    settle()
    teaching = window.state.teaching
    assert teaching.pair is not None and teaching.pair.number == 1 and teaching.pair.id is None
    assert teaching.note() == "The first pair's note."


def test_the_convergence_plot_ticks_whole_iterations(qtbot):
    """A new user saw 1.2, 1.4, ... between the two iterations of a short round."""
    plot = ConvergencePlot()
    qtbot.addWidget(plot)
    plot.resize(400, 200)
    plot.show()
    plot.show_convergence(Convergence(((0.5, 1e-5),), 1, 2, 1e-4))
    axis = plot.getPlotItem().getAxis("bottom")
    spacings = [spacing for spacing, _ in axis.tickValues(1.0, 2.0, 400)]
    assert spacings and all(spacing == 1 for spacing in spacings)
    plot.show_convergence(Convergence((tuple(10.0**-k for k in range(1, 30)),), 1, 3, 1e-4))  # a long round
    assert all(spacing >= 1 and spacing == int(spacing) for spacing, _ in axis.tickValues(1.0, 29.0, 400))


CARDIFF = (DEMO / "metamorphosed" / "comptest_annot3.txt", DEMO / "metamorphosed" / "comptest_gold.txt")


def test_at_1366x768_the_column_names_are_as_large_as_the_row_names(qtbot, tmp_path):
    """ "Cardiff is the Welsh capital" at 1366x768: the gold's names are written level, the longest
    (have-org-role-91) on two lines, as large as the row names beside them (they were 7 px beside
    rows of 16: upright names had at most a third of a heatmap 200 px high)."""
    window = teaching_window(qtbot, tmp_path, CARDIFF, "sentence 1", size=(1366, 768 - 50))
    settle()
    geometry = window.lesson_panel.heatmap.geometry_now()
    columns = [label for label in geometry.labels if label.axis == "column"]
    assert len(columns) == 6 and all(label.level for label in columns)
    assert geometry.column_px == geometry.row_px >= 14
    drawn = {window.lesson_panel.heatmap.column_names[label.index]: label.text for label in columns}
    assert drawn["have-org-role-91"] == "have-org-\nrole-91"  # too long for its column on one line
    assert drawn["country"] == "country"
    assert all(label.box.right() - label.box.left() + 2 <= geometry.cell_width for label in columns)


def test_at_1920x1080_level_column_names_are_whole(qtbot, tmp_path):
    """The same sentence at 1920x1080: every name fits its column on one line, drawn whole in a
    margin of one line (not cut to that margin's height: "…")."""
    window = teaching_window(qtbot, tmp_path, CARDIFF, "sentence 1", size=(1920, 1080 - 50))
    settle()
    geometry = window.lesson_panel.heatmap.geometry_now()
    columns = [label for label in geometry.labels if label.axis == "column"]
    assert [label.text for label in columns] == window.lesson_panel.heatmap.column_names
    assert all(label.level for label in columns) and geometry.column_px == geometry.row_px


def test_the_window_fits_a_1024_wide_screen_with_the_teaching_perspective(qtbot, tmp_path):
    """The lesson's parameter bar (three sliders, two check boxes, Reset: 753 px on one row) held the
    window to 1141 px or more once Teaching had been shown; narrow, the boxes and Reset go under the
    sliders, and back beside them when there is room."""
    window = teaching_window(qtbot, tmp_path, CARDIFF, "sentence 1", size=(1366, 768 - 50))
    bar = window.lesson_panel.parameters

    def in_bar(widget) -> QRectF:
        return QRectF(widget.mapTo(bar, widget.rect().topLeft()), widget.mapTo(bar, widget.rect().bottomRight()))

    def one_row() -> bool:
        return in_bar(bar.reset_button).top() < in_bar(bar.sliders["gamma"]).bottom()

    assert one_row()
    assert window.minimumSizeHint().width() <= 1000
    window.resize(1000, 718)
    qtbot.waitUntil(lambda: window.width() == 1000)
    settle()
    assert not one_row() and in_bar(bar.reset_button).right() <= bar.width()
    window.resize(1366, 718)
    qtbot.waitUntil(lambda: window.width() == 1366)
    settle()
    assert one_row()
