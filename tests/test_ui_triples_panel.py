"""The triples panel alone with a state."""

import pytest

from engine.metrics.triples import Category
from ui.triples_panel import TriplesPanel, triples_csv

from .ui_support import scored_state


@pytest.fixture
def state(tmp_path):
    state = scored_state(tmp_path)
    state.select_pair_id("read")
    yield state
    state.shutdown()


@pytest.fixture
def panel(qtbot, state):
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    state.select_pair_id("fry")
    state.select_pair_id("read")
    return panel


def test_rows_and_counts_of_the_selected_pair(panel, state):
    assert panel.model.rows == state.triple_rows and panel.proxy.rowCount() == 4
    assert panel.counts.text() == ("matched: 0  label differs: 1  concept differs: 3  only in test: 0  only in gold: 0")
    panel.category.setCurrentIndex(panel.category.findData(Category.CONCEPT_DIFFERS.value))
    assert panel.proxy.rowCount() == 3


def test_choosing_a_row_selects_the_triple(panel, state):
    panel.table.selectRow(0)
    assert state.triple is panel.proxy.item(0)


def test_a_selected_node_shows_its_first_row_without_selecting_a_triple(panel, state):
    state.select_node("gold", "s")
    selected = panel.table.selectionModel().selectedRows()
    assert [panel.proxy.index(index.row(), 2).data() for index in selected] == ["(r1/read-03 :ARG0 s/she)"]
    assert state.triple is None
    state.select_node("test", "nothing-here")
    assert panel.table.selectionModel().selectedRows() == []


def test_triples_csv():
    assert triples_csv([]) == "category,test_triple,gold_triple,similarity\n"


def test_csv_of_the_pair(state):
    lines = triples_csv(state.triple_rows).splitlines()
    assert lines[0] == "category,test_triple,gold_triple,similarity" and len(lines) == 5
    assert "label differs,(b/book :poss i/i),(p/paper :part i/i)," in "\n".join(lines)
