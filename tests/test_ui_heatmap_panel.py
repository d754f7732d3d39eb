"""The rounds panel alone with a state: the trace comes from the state and stepping never
re-aligns; heatmaps in diagonal order with labels that never overlap, linked zoom, readout
and selection, one heatmap enlarged; captions complete at any size; empty states explained."""

from itertools import combinations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip

import ui.state.tasks
from bench.generate import write_corpus
from ui.rounds.panel import HINT, TRACING, HeatmapPanel

from .conftest import required
from .ui_support import SYS_PAIR, UMR_VERSIONS, broken_pair, move_pointer, score_now, scored_state, wheel_up


@pytest.fixture
def calls(monkeypatch):
    made = []
    original = ui.state.tasks.traced_alignment

    def counting(test, gold, params):
        made.append(len(test))
        return original(test, gold, params)

    monkeypatch.setattr(ui.state.tasks, "traced_alignment", counting)
    return made


@pytest.fixture
def state(tmp_path, calls):
    state = scored_state(tmp_path)
    yield state
    state.shutdown()


@pytest.fixture
def panel(qtbot, state):
    panel = HeatmapPanel(state)
    qtbot.addWidget(panel)
    return panel


@pytest.fixture
def umr_state(tmp_path):
    state = scored_state(tmp_path, UMR_VERSIONS)
    yield state
    state.shutdown()


def shown(qtbot, state, pair_id: str, width: int, height: int) -> HeatmapPanel:
    """A panel of this size in a window, with the pair's trace shown."""
    panel = HeatmapPanel(state)
    qtbot.addWidget(panel)
    panel.resize(width, height)
    panel.show()
    assert state.selection.select_pair_id(pair_id)
    state.traces.wait_for_trace()
    qtbot.waitUntil(lambda: panel.model is not None, timeout=10000)
    QApplication.processEvents()
    return panel


def select_and_wait(qtbot, state, wanted):
    with qtbot.waitSignal(state.traces.trace_ready, timeout=10000):
        state.selection.select_pair_id(wanted)


def overlaps(labels) -> list:
    return [(a.text, b.text) for a, b in combinations(labels, 2) if a.box.intersects(b.box)]


def cell_centre(plot, row: int, column: int) -> QPoint:
    return plot._cell_rect(plot.geometry_now(), row, column).center().toPoint()


def test_waits_for_the_trace_then_shows_round_one(qtbot, state, panel):
    state.selection.select_pair_id("read")
    assert panel.message.text() == TRACING and panel.trace is None and panel.body.currentWidget() is panel.message
    qtbot.waitUntil(lambda: panel.trace is not None, timeout=10000)
    assert panel.initial.text().startswith("Initial anchors: 1 pair")
    assert panel.slider.maximum() == 2 and panel.round_label.text() == "round 1 of 2"
    assert panel.plots["adjusted"].row_names == ["read-01", "house", "he", "book", "i"]
    assert panel.plots["adjusted"].matrix[1, 1] == pytest.approx(0.082)
    assert not panel.previous_button.isEnabled() and panel.next_button.isEnabled()
    assert panel.headline.text().startswith("Round 1 (14 broadcast iterations): 4 new anchors")
    text = panel.details.toPlainText()
    assert "house–home: house ties with home, she and paper at 0.082" in text
    assert "read-01–read-03: initial anchor" in text  # round 1 also lists what the rounds started from


def test_stepping_rounds_and_reselecting_never_realign(qtbot, state, panel, calls):
    select_and_wait(qtbot, state, "read")
    made = len(calls)
    first = np.array(panel.plots["broadcast"].matrix, copy=True)
    panel.step(1)
    assert panel.slider.value() == 2 and "no new mutual best match" in panel.headline.text()
    assert not np.array_equal(first, panel.plots["broadcast"].matrix)
    panel.step(1)  # past the last round: stays
    assert panel.slider.value() == 2
    panel.previous_button.click()
    assert panel.slider.value() == 1 and np.array_equal(first, panel.plots["broadcast"].matrix)
    state.selection.select_pair_id("fry")
    state.selection.select_pair_id("read")
    assert panel.slider.value() == 1 and panel.trace is state.traces.trace  # at once, from the cache
    assert len(calls) == made


def test_empty_states_say_why_and_draw_no_axes(qtbot, tmp_path, calls):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    panel = HeatmapPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert panel.message.text() == "No trace: the pair could not be read." and panel.trace is None
    assert panel.body.currentWidget() is panel.message and not panel.slider.isEnabled()
    assert panel.details.isHidden() and panel.readout.isHidden()  # no empty list, no readout
    assert all(plot.heatmap is None and plot.label_boxes() == [] for plot in panel.plots.values())
    state.selection.set_filter("no such words")
    assert panel.message.text() == state.selection.empty_text() and "no such words" in panel.message.text()
    assert panel.captions == () and panel.headline.text() == ""
    state.shutdown()


def test_aligned_pairs_lie_on_the_diagonal_of_every_heatmap(qtbot, umr_state):
    panel = shown(qtbot, umr_state, "snt16", 1200, 800)
    model, alignment = panel.model, umr_state.traces.trace.alignment
    assert model is not None
    assert model.shape == (30, 33) and model.order.aligned == len(alignment.pairs())
    similarity = panel.plots["similarity"].matrix
    for k in range(model.order.aligned):
        i, j = model.order.rows[k], model.order.columns[k]
        assert alignment.gold_of[i] == j and similarity[k, k] == alignment.similarity[i, j]
    assert all(alignment.gold_of[i] is None for i in model.order.rows[model.order.aligned :])
    # the unaligned gold nodes are the last columns, after the line
    assert panel.plots["adjusted"].aligned == model.order.aligned < len(model.column_names)


@pytest.mark.parametrize("key", ["adjusted", "similarity"])
def test_the_enlarged_heatmap_of_a_30_node_pair_shows_every_label_without_overlap(qtbot, umr_state, key):
    """A teacher steps through the rounds of the 30-node UMR pair with one heatmap enlarged in a
    1400 x 900 panel (a maximised window's rounds area): every name is drawn, whole, apart."""
    panel = shown(qtbot, umr_state, "snt16", 1400, 900)
    assert panel.model is not None
    plot = panel.plots[key]
    QTest.mouseDClick(plot, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert panel.enlarged == key
    assert [p.isVisible() for p in panel.plots.values()].count(True) == 1
    for number in range(1, panel.model.rounds + 1):
        panel.slider.setValue(number)
        QApplication.processEvents()  # the new arrangement laid out
        labels = plot.label_boxes()
        assert [label.text for label in labels if label.axis == "row"] == panel.model.row_names
        assert [label.text for label in labels if label.axis == "column"] == panel.model.column_names
        assert overlaps(labels) == []
        assert all(plot.rect().toRectF().contains(label.box) for label in labels)
        assert min(label.box.height() if label.axis == "row" else label.box.width() for label in labels) >= 11
        assert plot.geometry_now().value_font is not None  # values printed: they fit at this size
    QTest.mouseDClick(plot, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert panel.enlarged is None and all(p.isVisible() for p in panel.plots.values())


@pytest.mark.parametrize("size", [(700, 450), (500, 330), (1100, 700)])
def test_labels_are_thinned_never_overlapping_and_zoom_brings_them_back(qtbot, umr_state, size):
    panel = shown(qtbot, umr_state, "snt16", *size)
    for plot in panel.plots.values():
        assert overlaps(plot.label_boxes()) == []
    broadcast = panel.plots["broadcast"]
    rows_before = [label.index for label in broadcast.label_boxes() if label.axis == "row"]
    steps = 0
    while True:  # zoom in at the middle of the heatmap, with the wheel, until every row in view is named
        window = panel.shared.window
        rows_now = [label.index for label in broadcast.label_boxes() if label.axis == "row"]
        if len(rows_now) >= len(window.visible_rows()) - 1 or steps == 20:
            break
        wheel_up(broadcast, QPointF(broadcast.geometry_now().plot.center()))
        steps += 1
    assert steps < 20  # named before the deepest zoom is passed
    assert rows_now == [k for k in window.visible_rows() if k in rows_now] and set(rows_now) <= set(range(30))
    if len(rows_before) < 30:  # it was thinned: zooming in named rows that were not named before
        assert steps > 0 and set(rows_now) - set(rows_before)
    assert all(overlaps(plot.label_boxes()) == [] for plot in panel.plots.values())
    QTest.keyClick(broadcast, Qt.Key.Key_0)
    assert panel.shared.window.is_full


def test_the_hovered_and_selected_rows_are_named_even_when_labels_are_thinned(qtbot, umr_state):
    panel = shown(qtbot, umr_state, "snt16", 700, 450)
    assert panel.model is not None
    plot = panel.plots["broadcast"]
    named = {label.index for label in plot.label_boxes() if label.axis == "row"}
    hidden = next(k for k in range(1, 30) if k not in named)
    move_pointer(plot, cell_centre(plot, hidden, 2))
    qtbot.waitUntil(lambda: panel.hover == (hidden, 2), timeout=2000)
    labels = plot.label_boxes()
    assert hidden in {label.index for label in labels if label.axis == "row"} and overlaps(labels) == []
    umr_state.selection.select_node("test", panel.model.row_vars[hidden + 1])
    labels = plot.label_boxes()
    rows = {label.index for label in labels if label.axis == "row"}
    assert hidden + 1 in rows and overlaps(labels) == []


def test_the_four_heatmaps_zoom_and_pan_together(qtbot, umr_state):
    panel = shown(qtbot, umr_state, "snt16", 900, 600)
    plot = panel.plots["similarity"]
    plot.setFocus()
    for _ in range(3):
        QTest.keyClick(plot, Qt.Key.Key_Plus)
    zoomed = panel.shared.window
    assert zoomed.width == pytest.approx(33 / 1.25**3)
    QTest.keyClick(plot, Qt.Key.Key_Right)
    assert panel.shared.window.left > zoomed.left
    before, adjusted = panel.shared.window, panel.plots["adjusted"]
    geometry = adjusted.geometry_now()
    start = cell_centre(adjusted, 15, 15)
    QTest.mousePress(adjusted, Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(adjusted, start + QPoint(30, 20))
    QTest.mouseRelease(adjusted, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 20))
    dragged = panel.shared.window  # dragging down and right shows what is up and left
    assert dragged.left == pytest.approx(max(0.0, before.left - 30 / geometry.cell_width))
    assert dragged.top == pytest.approx(max(0.0, before.top - 20 / geometry.cell_height))
    assert umr_state.selection.node is None  # a drag is not a click
    # one window for all four: the same cell is at the top left of each heatmap
    corners = {p.cell_at(p.geometry_now().plot.topLeft() + QPointF(1, 1)) for p in panel.plots.values()}
    assert corners == {(int(dragged.top), int(dragged.left))}


def test_hover_readout_is_linked_and_cleared_when_another_corpus_is_loaded(qtbot, umr_state):
    panel = shown(qtbot, umr_state, "snt16", 1000, 700)
    plot = panel.plots["adjusted"]
    move_pointer(plot, cell_centre(plot, 3, 3))
    qtbot.waitUntil(lambda: panel.hover == (3, 3), timeout=2000)
    model = panel.model
    assert model is not None
    text = panel.readout.text()
    assert text.startswith(f"test {model.row_names[3]} × gold {model.column_names[3]}:")
    for part in ("S = ", "A = ", "F = ", "anchor", "aligned pair, fixed in"):
        assert part in text
    assert all(p.hover == (3, 3) for p in panel.plots.values())  # the row and column shown on all four
    score_now(umr_state, *SYS_PAIR)
    assert panel.readout.text() == HINT and all(p.hover == (-1, -1) for p in panel.plots.values())


def test_clicking_selects_the_node_and_the_selection_is_highlighted(qtbot, umr_state):
    """A click selects the row's node and, as the alignment table does, asks the graphs to
    centre it and its partner (a node out of sight stayed so)."""
    panel = shown(qtbot, umr_state, "snt16", 1000, 700)
    model, plot = panel.model, panel.plots["broadcast"]
    assert model is not None
    revealed = []
    umr_state.selection.node_revealed.connect(lambda side, var: revealed.append((side, var)))
    QTest.mouseClick(plot, Qt.MouseButton.LeftButton, pos=cell_centre(plot, 5, 9))
    assert umr_state.selection.node == ("test", model.row_vars[5])
    assert revealed == [("test", model.row_vars[5])]
    assert all(p.selected_rows == {5} and p.selected_columns == {5} for p in panel.plots.values())  # the partner
    last = len(model.column_names) - 1  # an unaligned gold node: no partner row
    umr_state.selection.select_node("gold", model.column_vars[last])
    assert all(p.selected_rows == set() and p.selected_columns == {last} for p in panel.plots.values())
    label = next(label for label in plot.label_boxes() if label.axis == "column" and label.index == 2)
    QTest.mouseClick(plot, Qt.MouseButton.LeftButton, pos=label.box.center().toPoint())
    assert umr_state.selection.node == ("gold", model.column_vars[2])


def test_escape_brings_the_four_heatmaps_back(qtbot, umr_state):
    panel = shown(qtbot, umr_state, "snt16", 900, 600)
    panel.enlarge("anchors")
    assert panel.plots["anchors"].show_rows and panel.plots["anchors"].show_colour_bar
    QTest.keyClick(panel.plots["anchors"], Qt.Key.Key_Escape)
    assert panel.enlarged is None and not panel.plots["anchors"].show_rows


def test_captions_of_a_150_node_pair_are_complete_and_reachable(qtbot, tmp_path):
    test, gold = write_corpus(tmp_path / "big", 1, 150, 150, 11)
    state = scored_state(tmp_path, (test, gold))
    panel = shown(qtbot, state, "gen-0", 700, 420)
    try:
        assert panel.model is not None
        assert min(panel.model.shape) >= 145
        for number in range(1, panel.model.rounds + 1):
            panel.slider.setValue(number)
            QApplication.processEvents()
            caption = panel.model.captions[number]
            headline = panel.headline
            assert headline.text() == caption.headline and len(caption.headline) < 220
            assert headline.height() >= headline.heightForWidth(headline.width())  # not cut
            shown_text = panel.details.toPlainText()
            assert all(line in shown_text for line in caption.details)
            if number == 1:
                assert all(line in shown_text for line in panel.model.captions[0].details)
            bar = panel.details.verticalScrollBar()
            document = panel.details.document().size().height()
            assert bar.maximum() + panel.details.viewport().height() >= document - 1  # the end can be scrolled to
            bar.setValue(bar.maximum())
            bottom = panel.details.cursorForPosition(QPoint(5, panel.details.viewport().height() - 4))
            last_line = (
                (caption.details or ("No pair changed in this round.",))[-1]
                if number > 1
                else (panel.model.captions[0].details[-1])
            )
            assert bottom.block().text() == last_line
        assert sum(len(c.details) for c in panel.model.captions) >= 140  # every pair is listed somewhere
    finally:
        state.shutdown()


def test_anchor_outlines_show_on_yellow_cells(qtbot, umr_state):
    """The anchors' cells are yellow (1) in the anchors heatmap: their outline has a black line
    at the cell's edge and a white one inside it."""
    panel = shown(qtbot, umr_state, "snt16", 1400, 900)
    plot = panel.plots["anchors"]
    anchors = np.argwhere(required(plot.heatmap).anchors)
    assert len(anchors)
    image = plot.grab().toImage()
    ratio = image.devicePixelRatio()
    for row, column in anchors:
        rect = plot._cell_rect(plot.geometry_now(), int(row), int(column))
        assert min(rect.width(), rect.height()) >= 8
        y = int(rect.center().y() * ratio)
        across = [image.pixelColor(x, y) for x in range(int(rect.left() * ratio), int(rect.center().x() * ratio) + 1)]
        assert across[-1].name() == "#fde725"  # yellow in the middle
        black = [k for k, colour in enumerate(across) if max(colour.red(), colour.green(), colour.blue()) < 80]
        white = [k for k, colour in enumerate(across) if min(colour.red(), colour.green(), colour.blue()) > 180]
        assert black and white and black[0] < white[0] < len(across) - 2, [c.name() for c in across]  # black, white
    assert "Black-and-white outline: anchor" in HINT


def enlarged(qtbot, panel, key: str = "broadcast"):
    plot = panel.plots[key]
    QTest.mouseDClick(plot, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert panel.enlarged == key and plot.enlarged
    qtbot.waitUntil(lambda: plot.size() == panel.grid_page.size(), timeout=2000)
    QApplication.processEvents()
    return plot


def label_px(plot, axis: str) -> int:
    geometry = plot.geometry_now()
    return geometry.row_px if axis == "row" else geometry.column_px


@pytest.mark.parametrize("size", [(1075, 980), (760, 680), (500, 400)], ids=["1920x1080", "1366x768", "small"])
def test_the_enlarged_heatmap_of_an_80_node_pair_names_every_row_and_column(qtbot, tmp_path, size):
    """A generated 79 / 80-node pair in the rounds area of a maximised window (and smaller): the
    enlarged heatmap names every row and column, at 7 px or more, none touching another; where
    its room is too small for that the page scrolls (tryout b04: every other row was dropped)."""
    state = scored_state(tmp_path, write_corpus(tmp_path / "big", 1, 79, 80, 5))
    try:
        panel = shown(qtbot, state, "gen-0", *size)
        assert panel.model is not None
        plot = enlarged(qtbot, panel)
        rows, columns = panel.model.shape
        assert rows >= 79 and columns >= 80
        labels = plot.label_boxes()
        assert [label.text for label in labels if label.axis == "row"] == panel.model.row_names
        assert [label.text for label in labels if label.axis == "column"] == panel.model.column_names
        assert overlaps(labels) == []
        assert all(plot.rect().toRectF().contains(label.box) for label in labels)
        assert min(label_px(plot, "row"), label_px(plot, "column")) >= 7
        seven = QFontMetricsF(plot._font(7)).height()
        assert min(label.box.height() if label.axis == "row" else label.box.width() for label in labels) >= seven
        page, viewport = panel.grid_page, panel.scroller.viewport()
        needs_room = (
            plot.readable_size().height() > viewport.height() or plot.readable_size().width() > viewport.width()
        )
        assert (page.height() > viewport.height() or page.width() > viewport.width()) == needs_room
        if size == (500, 400):
            assert needs_room and panel.scroller.verticalScrollBar().maximum() > 0  # it scrolls
        QTest.keyClick(panel, Qt.Key.Key_Escape)  # the four again, in the panel's room
        QApplication.processEvents()
        assert panel.enlarged is None and page.size() == viewport.size() and not plot.enlarged
        assert all(p.isVisible() for p in panel.plots.values())
    finally:
        state.shutdown()


def test_the_enlarged_heatmap_sizes_labels_and_values_to_its_cells(qtbot, state):
    """The 5-node reading example enlarged in 1400 x 900: cells of ~250 px get labels and
    values larger than the four heatmaps' 12 and 11 px (tryout u06: 8 px in 100 px cells)."""
    panel = shown(qtbot, state, "read", 1400, 900)
    four = panel.plots["adjusted"].geometry_now()
    assert four.value_font is not None and four.value_font.pixelSize() <= 11
    plot = enlarged(qtbot, panel, "adjusted")
    geometry = plot.geometry_now()
    assert geometry.cell_height > 100 and geometry.value_font.pixelSize() == 18
    assert label_px(plot, "row") == label_px(plot, "column") == 16
    assert overlaps(plot.label_boxes()) == [] and len(plot.label_boxes()) == 10


def test_a_cut_label_is_at_the_smallest_font_and_whole_in_its_tooltip(qtbot, umr_state):
    """The four heatmaps in the Rounds perspective's room at 1366x768 (about 760 x 420): a column
    name is made smaller before it is cut (to the smallest font), and one cut shows its whole
    name in a tooltip when pointed at; none runs past the edge."""
    panel = shown(qtbot, umr_state, "snt16", 760, 420)
    assert panel.model is not None
    plot = panel.plots["adjusted"]
    geometry = plot.geometry_now()
    labels = [label for label in plot.label_boxes() if label.axis == "column"]
    names = panel.model.column_names
    cut = [label for label in labels if label.text != names[label.index]]
    whole = [label for label in labels if label.text == names[label.index]]
    assert whole and cut and geometry.column_px == plot.label_px[0]  # cut only at the smallest font
    assert all(plot.rect().toRectF().contains(label.box) for label in labels)  # none clipped by the edge
    if cut:
        label = cut[0]
        tip = QHelpEvent(
            QEvent.Type.ToolTip, label.box.center().toPoint(), plot.mapToGlobal(label.box.center().toPoint())
        )
        QApplication.sendEvent(plot, tip)
        assert QToolTip.text() == names[label.index]


def line_bottoms(document) -> list[float]:
    """Where each laid-out line of the list ends, from its top."""
    bottoms, block = [], document.begin()
    while block.isValid():
        top, lines = document.documentLayout().blockBoundingRect(block).top(), block.layout()
        bottoms += [top + lines.lineAt(k).y() + lines.lineAt(k).height() for k in range(lines.lineCount())]
        block = block.next()
    return bottoms


@pytest.mark.parametrize("size", [(760, 600), (1060, 860)])  # the Rounds heatmaps at 1366x768 and 1920x1080
def test_the_list_of_pairs_shows_whole_lines_as_many_as_it_has_up_to_seven(qtbot, umr_state, size):
    """Under the heatmaps the round's pairs fill the list's height with whole lines (a fourth
    line was cut in half): all of them when they are few, else up to seven and a scroll bar."""
    panel = shown(qtbot, umr_state, "snt16", *size)
    assert panel.model is not None
    details = panel.details
    for number in range(1, panel.model.rounds + 1):
        panel.slider.setValue(number)
        QApplication.processEvents()
        bottoms = line_bottoms(details.document())
        seen = details.viewport().height()
        if details.verticalScrollBar().maximum() == 0:  # every line in sight
            assert bottoms and max(bottoms) <= seen
        else:
            assert any(abs(seen - bottom) <= 1 for bottom in bottoms), (seen, bottoms)  # ends at a whole line
            assert len([bottom for bottom in bottoms if bottom <= seen + 1]) >= 3
