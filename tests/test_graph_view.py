"""The Graphs panel driven offscreen: zoom and pan that survive resizes, linked
views, the readable start, tooltips, error rows and exports drawn from data."""

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QNativeGestureEvent, QPointingDevice, QWheelEvent
from PySide6.QtWidgets import QApplication, QToolTip

from bench.generate import write_corpus
from bench.layout_quality import corpus_quality
from engine.errors import InputError
from engine.layout.geometry import Rect
from engine.layout.viewport import READABLE_TEXT_PX, SMALLEST_TEXT_PX, fit_scale, frame
from engine.params import Params
from engine.read import read_graph
from engine.scoring import PairResult, score_files, score_graphs
from ui.pair.comparison_panel import ComparisonPanel
from ui.pair.graph_export import SCENE_DPI, export_graphs, side_svg
from ui.pair.graph_view import QtText

from .conftest import DEMO, FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST

SVG = "{http://www.w3.org/2000/svg}"


def pair(test_text, gold_text, name="read"):
    test, gold = read_graph(test_text), read_graph(gold_text)
    alignment, tallies = score_graphs(test, gold)
    return PairResult(0, name, test, gold, alignment=alignment, tallies=tallies)


@pytest.fixture
def panel(qtbot):
    panel = ComparisonPanel()
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    panel.show()
    qtbot.waitExposed(panel)
    result = pair(READ_TEST, READ_GOLD)
    panel.set_result(result, result.triples())
    QApplication.processEvents()
    return panel


def wheel(view, steps=1):
    position = QPointF(view.viewport().rect().center())
    event = QWheelEvent(
        position,
        QPointF(view.viewport().mapToGlobal(position.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def scales(panel):
    return panel.test_view.scale_factor(), panel.gold_view.scale_factor()


def test_wheel_zoom_survives_a_resize(panel, qtbot):
    before = panel.test_view.scale_factor()
    wheel(panel.test_view)
    assert panel.test_view.scale_factor() == pytest.approx(before * 1.2)
    transform = panel.test_view.transform()
    panel.resize(900, 520)
    qtbot.waitUntil(lambda: panel.test_view.width() < 600)
    QApplication.processEvents()
    assert panel.test_view.transform() == transform
    assert panel.gold_view.scale_factor() == pytest.approx(before * 1.2)


def test_an_untouched_view_follows_resizes(panel, qtbot):
    frame_rect = panel.test_scene.sceneRect()
    panel.resize(700, 420)
    qtbot.waitUntil(lambda: panel.test_view.width() < 400)
    QApplication.processEvents()
    sizes = [view.available_size() for view in (panel.test_view, panel.gold_view)]
    width, height = min(w for w, _ in sizes), min(h for _, h in sizes)
    expected = fit_scale(Rect(frame_rect.x(), frame_rect.y(), frame_rect.width(), frame_rect.height()), width, height)
    assert scales(panel) == pytest.approx((expected, expected))


def fitted_scale(panel):
    """The scale that shows the whole frame in the smaller of the two views, as they are now."""
    frame_rect = panel.test_scene.sceneRect()
    sizes = [view.available_size() for view in (panel.test_view, panel.gold_view)]
    width, height = min(w for w, _ in sizes), min(h for _, h in sizes)
    return fit_scale(Rect(frame_rect.x(), frame_rect.y(), frame_rect.width(), frame_rect.height()), width, height)


def test_a_fitted_view_starts_again_in_less_room(panel, qtbot):
    """The graphs moved into a smaller place (the Rounds perspective's column): a pair that
    started fitted starts again there - fitted while its text stays readable, else zoomed in to
    a readable size (it used to be fitted again, its text shrunk to a few pixels)."""
    assert scales(panel)[0] == pytest.approx(fitted_scale(panel))  # it started fitted
    panel.resize(560, 400)
    qtbot.waitUntil(lambda: panel.test_view.width() < 300)
    QApplication.processEvents()
    assert fitted_scale(panel) * QtText.node_px >= SMALLEST_TEXT_PX  # still readable fitted: fitted
    assert scales(panel) == pytest.approx((fitted_scale(panel),) * 2)
    panel.resize(360, 300)
    qtbot.waitUntil(lambda: panel.test_view.width() < 200)
    QApplication.processEvents()
    assert fitted_scale(panel) * QtText.node_px < SMALLEST_TEXT_PX  # fitting would shrink the text
    readable = READABLE_TEXT_PX / QtText.node_px
    assert scales(panel) == pytest.approx((readable, readable))
    panel.resize(1200, 700)  # and back: fitted at the larger size
    qtbot.waitUntil(lambda: panel.test_view.width() > 400)
    QApplication.processEvents()
    assert scales(panel)[0] == pytest.approx(fitted_scale(panel))


def test_a_zoom_that_brings_scroll_bars_is_kept(panel, qtbot):
    view = panel.test_view
    zoomed = view.scale_factor() * 1.2**3
    wheel(view, 3)
    QApplication.processEvents()  # the scroll bars appear, the viewport shrinks
    assert view.horizontalScrollBar().isVisible() or view.verticalScrollBar().isVisible()
    assert scales(panel) == pytest.approx((zoomed, zoomed))
    panel.resize(800, 500)
    qtbot.waitUntil(lambda: panel.test_view.width() < 420)
    QApplication.processEvents()
    assert scales(panel) == pytest.approx((zoomed, zoomed))


def test_keys_zoom_and_fit_on_request(panel, qtbot):
    fitted = scales(panel)
    qtbot.keyClick(panel.gold_view, Qt.Key.Key_Plus)
    qtbot.keyClick(panel.gold_view, Qt.Key.Key_Plus)
    assert scales(panel) == pytest.approx((fitted[0] * 1.44, fitted[1] * 1.44))
    qtbot.keyClick(panel.gold_view, Qt.Key.Key_Minus)
    assert scales(panel) == pytest.approx((fitted[0] * 1.2, fitted[1] * 1.2))
    qtbot.keyClick(panel.test_view, Qt.Key.Key_0)
    assert scales(panel) == pytest.approx(fitted)


def test_a_native_zoom_gesture_zooms(panel):
    view = panel.test_view
    before = view.scale_factor()
    position = QPointF(view.viewport().rect().center())
    event = QNativeGestureEvent(
        Qt.NativeGestureType.ZoomNativeGesture,
        QPointingDevice.primaryPointingDevice(),
        2,
        position,
        position,
        QPointF(view.viewport().mapToGlobal(position.toPoint())),
        0.5,
        QPointF(),
        0,
    )
    QApplication.sendEvent(view.viewport(), event)
    assert view.scale_factor() == pytest.approx(before * 1.5)


def test_linked_views_pan_and_zoom_together(panel):
    test_view, gold_view = panel.test_view, panel.gold_view
    for _ in range(4):
        wheel(test_view)
    assert gold_view.scale_factor() == pytest.approx(test_view.scale_factor())
    bar = test_view.horizontalScrollBar()
    assert bar.maximum() > bar.minimum()
    bar.setValue(bar.minimum())
    assert gold_view.visible_center().x() == pytest.approx(test_view.visible_center().x(), abs=1.0)
    bar.setValue(bar.maximum())
    assert gold_view.visible_center().x() == pytest.approx(test_view.visible_center().x(), abs=1.0)
    panel.link_box.setChecked(False)
    gold_center = gold_view.visible_center()
    bar.setValue(bar.minimum())
    wheel(test_view)
    assert gold_view.visible_center() == gold_center
    assert gold_view.scale_factor() < test_view.scale_factor()


def test_both_graphs_share_one_frame_and_scale(qtbot):
    panel = ComparisonPanel()
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    panel.show()
    result = pair(
        "(a / and :op1 (b / boy) :op2 (g / girl) :op3 (c / cat) :op4 (d / dog) :op5 (e / eel))",
        "(a / and :op1 (b / boy))",
    )
    panel.set_result(result, result.triples())
    assert panel.test_scene.sceneRect() == panel.gold_scene.sceneRect()
    assert panel.test_view.scale_factor() == panel.gold_view.scale_factor()
    # the one-child gold graph is drawn at the size of the wide test graph, not blown up
    test_box = panel.test_scene.node_items["b"].sceneBoundingRect()
    gold_box = panel.gold_scene.node_items["b"].sceneBoundingRect()
    assert test_box.height() == gold_box.height()


def test_a_large_pair_starts_readable_at_its_top_node(qtbot, tmp_path):
    test, gold = write_corpus(tmp_path, 1, 60, 60, 7)
    result = score_files(test, gold).pairs[0]
    panel = ComparisonPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_result(result, result.triples())
    QApplication.processEvents()
    view = panel.gold_view
    assert view.scale_factor() == pytest.approx(READABLE_TEXT_PX / QtText.node_px)
    assert result.gold is not None
    root = panel.gold_scene.node_items[result.gold.top].sceneBoundingRect()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(root) and root.top() - visible.top() < 40
    qtbot.keyClick(view, Qt.Key.Key_F)  # the whole pair on request
    QApplication.processEvents()  # the scroll bars go
    assert view.mapToScene(view.viewport().rect()).boundingRect().contains(panel.gold_scene.itemsBoundingRect())


def test_tooltips_name_the_partner_s_and_round(panel):
    tip = panel.test_scene.node_items["h"].toolTip()
    assert "aligned to gold s / she" in tip and "S = " in tip and "fixed in: round 1" in tip
    assert "aligned to test h / he" in panel.gold_scene.node_items["s"].toolTip()


def test_a_node_tooltip_goes_with_its_pair(panel, qtbot):
    view = panel.test_view
    node = panel.test_scene.node_items["h"]
    where = view.viewport().mapToGlobal(view.mapFromScene(node.sceneBoundingRect().center()))
    QToolTip.showText(where, node.toolTip(), view.viewport())
    qtbot.waitUntil(QToolTip.isVisible)
    other = pair(FRY_TEST, FRY_GOLD, "fry")
    panel.set_result(other, other.triples())  # the next pair, as Alt+Down shows it, the mouse not moved
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=1000)  # Qt hides it in 300 ms (shown: 10 s)


def test_fry_labels_do_not_overlap(qtbot):
    panel = ComparisonPanel()
    qtbot.addWidget(panel)
    result = pair(FRY_TEST, FRY_GOLD, "fry")
    panel.set_result(result, result.triples())
    for scene in (panel.test_scene, panel.gold_scene):
        rects = [item.label_rect for item in scene.edge_items.values()]
        metrics = QFontMetricsF(panel.measure.role_font)
        assert all(
            item.label_rect.width() >= metrics.horizontalAdvance(item.edge.role) for item in scene.edge_items.values()
        )
        nodes = [item.sceneBoundingRect() for item in scene.node_items.values()]
        assert len(rects) >= 2
        assert not any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1 :])
        assert not any(a.intersects(b) for a in rects for b in nodes)
    assert panel.test_box.title() == "Test: 1 node, 3 relations"


def test_an_error_row_draws_the_readable_side(qtbot):
    panel = ComparisonPanel()
    qtbot.addWidget(panel)
    broken = PairResult(
        3,
        "x",
        read_graph("(a / and :op1 (b / boy))"),
        None,
        problems=(InputError("gold.amr", 9, "unbalanced parenthesis"),),
    )
    panel.set_result(broken, None)
    assert set(panel.test_scene.node_items) == {"a", "b"} and not panel.gold_scene.node_items
    assert panel.test_box.title() == "Test: 2 nodes, 1 relation"
    assert panel.gold_box.title() == "Gold: could not be read"
    assert panel.gold_box.note.text() == "Could not be read: gold.amr:9: unbalanced parenthesis"
    assert panel.test_box.note.text() == "Not compared: the other graph could not be read."
    assert panel.partner("test", "a") is None
    panel.set_result(None)
    assert not panel.test_scene.items() and panel.test_box.title() == "Test" and panel.test_box.note.isHidden()


def test_exports_are_drawn_from_data(panel, tmp_path):
    params = Params()
    assert export_graphs(panel, tmp_path / "g.svg", params=params)
    root = ET.parse(tmp_path / "g.svg").getroot()
    texts = root.findall(f".//{SVG}text")
    words = {text.text for text in texts}
    assert {"h / he", "s / she", ":poss", ":part"} <= words
    assert {text.get("font-family") for text in texts} == {"sans-serif"}
    assert len(root.findall(f".//{SVG}rect")) >= 10 and len(root.findall(f".//{SVG}path")) == 8
    title, desc = root.findtext(f"{SVG}title"), root.findtext(f"{SVG}desc")
    assert title is not None and desc is not None
    assert "read" in title and "profile paper" in desc
    width, height = float(root.attrib["width"]), float(root.attrib["height"])

    assert export_graphs(panel, tmp_path / "g.png", dpi=192, params=params)
    image = QImage(str(tmp_path / "g.png"))
    assert (image.width(), image.height()) == (round(width * 192 / SCENE_DPI), round(height * 192 / SCENE_DPI))
    assert image.dotsPerMeterX() == round(192 / 0.0254)
    assert "read" in image.text("Title")
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
    assert "#c6dcf5" in colours and "#ffcf99" in colours  # matched and concept-differs fills were painted

    assert export_graphs(panel, tmp_path / "g.pdf", params=params)
    data = (tmp_path / "g.pdf").read_bytes()
    assert data.startswith(b"%PDF") and b"/FontFile" in data and b"/Title" in data

    inline = side_svg(panel, "gold")
    assert inline.startswith("<svg") and "s / she" in inline and "Sans Serif" not in inline


def test_layout_quality_with_the_gui_fonts_on_a_demo(qtbot):
    report = corpus_quality(
        score_files(DEMO / "umr" / "nw_afp_0024_v1.umr", DEMO / "umr" / "nw_afp_0024_v2.umr"), QtText()
    )
    assert (report["label_overlaps"], report["edges_through_nodes"], report["labels_on_edges"]) == (0, 0, 0)


def test_the_frame_covers_both_drawings(panel):
    drawing = panel.drawing
    engine_frame = frame(drawing.geometries)
    rect = panel.test_scene.sceneRect()
    assert rect.left() <= engine_frame.x and rect.right() >= engine_frame.right
