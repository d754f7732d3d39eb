"""The graphs panel connected to a state (no window)."""

import pytest

from ui.pair.comparison_binding import ComparisonBinding
from ui.pair.comparison_panel import ComparisonPanel
from ui.pair.graph_view import HIGHLIGHT

from .ui_support import broken_pair, scored_state


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


def test_the_selected_pair_is_drawn(panel):
    assert set(panel.test_scene.node_items) == {"r1", "h2", "h", "b", "i"}
    assert set(panel.gold_scene.node_items) == {"r1", "h2", "s", "p", "i"}


def test_a_click_selects_the_node_in_the_state(panel, state):
    panel.test_scene.node_clicked.emit("b")
    assert state.selection.node == ("test", "b")
    assert highlighted(panel.test_scene) == {"b"} and highlighted(panel.gold_scene) == {"p"}


def test_hovering_selects_and_leaving_keeps_the_selection(panel, state):
    panel.gold_scene.node_hovered.emit("s")
    assert state.selection.node == ("gold", "s") and highlighted(panel.test_scene) == {"h"}
    panel.gold_scene.node_hovered.emit("")
    assert state.selection.node == ("gold", "s")


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
    state.selection.select_pair(state.scoring.corpus.pairs[1])  # its test graph cannot be read
    assert panel.result is state.selection.pair and not panel.test_scene.node_items
    assert set(panel.gold_scene.node_items) == {"l", "g", "c"} and panel.test_box.note.text()
    state.selection.set_filter("no such words")
    assert panel.result is None and not panel.gold_scene.node_items
    state.shutdown()
