"""The graphs panel connected to a state (no window)."""

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QSplitter

from engine.metrics.triples import Category
from ui.pair.comparison_binding import ComparisonBinding
from ui.pair.comparison_panel import ComparisonPanel
from ui.pair.graph_view import HIGHLIGHT, HOVER
from ui.pair.triples_panel import TriplesPanel

from .conftest import required
from .ui_support import broken_pair, move_pointer, scored_state, wheel_up


@pytest.fixture
def state(scored_app_state):
    return scored_app_state


@pytest.fixture
def panel(qtbot, state):
    panel = ComparisonPanel()
    ComparisonBinding(panel, state)
    qtbot.addWidget(panel)
    state.selection.select_pair_id("read")
    return panel


def highlighted(scene):
    return {key for key, item in scene.node_items.items() if item.pen().color() == HIGHLIGHT}


def hovered(scene):
    return {key for key, item in scene.node_items.items() if item.pen().color() == HOVER}


def test_the_selected_pair_is_drawn(panel):
    assert set(panel.test_scene.node_items) == {"r1", "h2", "h", "b", "i"}
    assert set(panel.gold_scene.node_items) == {"r1", "h2", "s", "p", "i"}


def test_a_click_selects_the_node_in_the_state(panel, state):
    panel.test_scene.node_clicked.emit("b")
    assert state.selection.node == ("test", "b")
    assert highlighted(panel.test_scene) == {"b"} and highlighted(panel.gold_scene) == {"p"}


def hover_at(view, item) -> None:
    """The mouse moved over ``item`` (a real move: the view makes the hover events)."""
    move_pointer(view.viewport(), view.mapFromScene(item.sceneBoundingRect().center()))


def test_hovering_or_zooming_over_a_node_never_changes_the_selection(qtbot, state):
    """Hover only highlights: the chosen triple (its row, its reason, its edge) stays chosen while
    the mouse crosses nodes and while the wheel zooms with a node under the mouse."""
    both = QSplitter()
    panel, triples = ComparisonPanel(), TriplesPanel(state)
    ComparisonBinding(panel, state)
    both.addWidget(panel)
    both.addWidget(triples)
    qtbot.addWidget(both)
    both.resize(1400, 700)
    both.show()
    qtbot.waitExposed(both)
    state.selection.select_pair_id("read")
    chosen = next(row for row in state.selection.triple_rows if row.category is Category.LABEL_DIFFERS)
    state.selection.select_triple(chosen)
    row, reason = triples.table.currentIndex().row(), triples.detail.text()
    edge = panel.test_scene.edge_items[("b", ":poss", "i")]
    assert edge.pen().color() == HIGHLIGHT and highlighted(panel.test_scene) == {"b", "i"}

    def unchanged() -> bool:
        return (
            state.selection.node is None
            and state.selection.triple is chosen
            and triples.table.currentIndex().row() == row
            and triples.detail.text() == reason
            and edge.pen().color() == HIGHLIGHT
            and highlighted(panel.test_scene) == {"b", "i"}
        )

    hover_at(panel.gold_view, panel.gold_scene.node_items["s"])  # a node of no triple chosen
    assert unchanged()
    assert hovered(panel.gold_scene) == {"s"} and hovered(panel.test_scene) == {"h"}  # it and its partner
    QTest.mouseMove(panel.gold_view.viewport(), QPoint(2, 2))  # off the nodes
    assert unchanged() and not hovered(panel.gold_scene) and not hovered(panel.test_scene)
    view = panel.test_view
    point = QPointF(view.mapFromScene(panel.test_scene.node_items["h"].sceneBoundingRect().center()))
    move_pointer(view.viewport(), point.toPoint())
    for _ in range(3):  # zooming in moves other nodes under the mouse
        wheel_up(view.viewport(), point)
    assert unchanged()


def test_the_state_selection_is_drawn(panel, state):
    state.selection.select_node("gold", "p")
    assert highlighted(panel.gold_scene) == {"p"} and highlighted(panel.test_scene) == {"b"}
    row = next(row for row in state.selection.triple_rows if row.category.value == "label differs")
    state.selection.select_triple(row)
    assert panel.test_scene.edge_items[("b", ":poss", "i")].pen().color() == HIGHLIGHT


def test_an_unreadable_pair_draws_the_readable_side_and_no_pair_clears(qtbot, tmp_path):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    panel = ComparisonPanel()
    ComparisonBinding(panel, state)
    qtbot.addWidget(panel)
    assert panel.test_scene.node_items  # the first pair is drawn
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])  # its test graph cannot be read
    assert panel.result is state.selection.pair and not panel.test_scene.node_items
    assert set(panel.gold_scene.node_items) == {"l", "g", "c"} and panel.test_box.note.text()
    state.selection.set_filter("no such words")
    assert panel.result is None and not panel.gold_scene.node_items
    state.shutdown()
