"""The triples panel alone with a state: partners, reasons, the next unmatched triple."""

import pytest
from PySide6.QtCore import Qt

from engine.metrics.triples import Category
from ui.common.sides import Side
from ui.pair.triples_panel import TriplesPanel, triple_text, triples_csv

from .ui_support import UMR_VERSIONS, reentrant_pair, scored_state

CSV_HEADER = "category,test_triple,gold_triple,similarity,test_ends_aligned_to,gold_ends_aligned_to,why"


@pytest.fixture
def state(scored_app_state):
    scored_app_state.selection.select_pair_id("read")
    return scored_app_state


@pytest.fixture
def panel(qtbot, state):
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair_id("fry")
    state.selection.select_pair_id("read")
    return panel


@pytest.fixture
def reentrant(qtbot, tmp_path):
    state = scored_state(tmp_path, reentrant_pair(tmp_path))
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    yield state, panel
    state.shutdown()


def column(panel, number):
    return [panel.proxy.index(row, number).data() for row in range(panel.proxy.rowCount())]


def test_rows_and_counts_of_the_selected_pair(panel, state):
    assert panel.model.rows == state.selection.triple_rows and panel.proxy.rowCount() == 4
    assert panel.counts.text() == ("matched: 0  label differs: 1  concept differs: 3  only in test: 0  only in gold: 0")
    panel.category.setCurrentIndex(panel.category.findData(Category.CONCEPT_DIFFERS.value))
    assert panel.proxy.rowCount() == 3


def test_each_end_shows_its_aligned_partner(panel):
    assert column(panel, 1)[1] == "(r1/read-01 → r1′/read-03  :ARG0  h/he → s′/she)"
    assert column(panel, 2)[1] == "(r1/read-03 → r1′/read-01  :ARG0  s/she → h′/he)"
    assert panel.model.headers == ("Category", "Test triple", "Gold triple", "S", "Why")
    tip = panel.proxy.index(1, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert "h / he" in tip and "aligned to gold s / she" in tip  # the graphs' tooltip of each end


def test_the_reason_of_identical_looking_triples(reentrant):
    state, panel = reentrant
    only = {
        row.category: row for row in panel.model.rows if row.category in (Category.ONLY_IN_TEST, Category.ONLY_IN_GOLD)
    }
    test_row, gold_row = only[Category.ONLY_IN_TEST], only[Category.ONLY_IN_GOLD]
    assert triple_text(test_row.test, test_row.test_partners) == "(u/understand-01  :ARG1  i2/it → none)"
    assert triple_text(gold_row.gold, gold_row.gold_partners) == "(u/understand-01  :ARG1  i2/it → i3′)"
    assert column(panel, 4)[panel.proxy.row_of(test_row)] == (
        "test i2 has no partner in gold; it looks like gold (u/understand-01 :ARG1 i2/it), "
        "but gold i2 is aligned to test i3"
    )
    state.selection.select_triple(gold_row)
    assert panel.table.selectionModel().selectedRows()[0].row() == panel.proxy.row_of(gold_row)
    assert panel.detail.text().startswith("<b>only in gold</b>: its ends are aligned to test u and i3")


def test_next_and_previous_unmatched_triple(reentrant):
    state, panel = reentrant
    unmatched = [row for row in panel.model.rows if row.category is not Category.MATCHED]
    assert len(unmatched) == 2
    requested: list[str] = []
    state.selection.panel_requested.connect(requested.append)
    panel.step_mismatch(1)
    assert state.selection.triple is unmatched[0] and requested == ["triples"]
    panel.step_mismatch(1)
    assert state.selection.triple is unmatched[1]
    panel.step_mismatch(1)  # round to the first again
    assert state.selection.triple is unmatched[0]
    panel.step_mismatch(-1)
    assert state.selection.triple is unmatched[1]
    selected = panel.table.selectionModel().selectedRows()
    assert [panel.proxy.item(index.row()) for index in selected] == [unmatched[1]]


def test_no_unmatched_triple_says_so(qtbot, tmp_path):
    state = scored_state(tmp_path)
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    state.selection.set_filter("matched: 0")  # no such pair
    panel.step_mismatch(1)
    assert state.selection.triple is None and messages[-1] == "No unmatched triple is shown for this pair."
    assert panel.counts.text().startswith("No pair matches the filter")
    state.shutdown()


def test_choosing_a_row_selects_the_triple(panel, state):
    panel.table.selectRow(0)
    assert state.selection.triple is panel.proxy.item(0)


def test_a_selected_node_shows_its_first_row_without_selecting_a_triple(panel, state):
    state.selection.select_node("gold", "s")
    selected = panel.table.selectionModel().selectedRows()
    assert [str(panel.proxy.item(index.row()).gold) for index in selected] == ["(r1/read-03 :ARG0 s/she)"]
    assert state.selection.triple is None
    state.selection.select_node("test", "nothing-here")
    assert panel.table.selectionModel().selectedRows() == []


def test_after_a_node_click_f8_starts_at_the_first_unmatched_triple(qtbot, tmp_path):
    """The annotator's guide, sections 3 and 4 on snt6: a click on a node shows its first row
    but chooses no triple, so F8 selects the first unmatched triple of the pair (it went on from
    the node's row, past it: the second one, "gold s6s2 and s6m"); Shift+F8 the last. Once a
    triple is chosen, F8 goes on from it."""
    state = scored_state(tmp_path, UMR_VERSIONS)
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair_id("snt6")
    unmatched = [panel.proxy.item(r) for r in range(panel.proxy.rowCount())]
    unmatched = [row for row in unmatched if row.category is not Category.MATCHED]
    assert "gold s6s and s6s2" in unmatched[0].why and "gold s6s2 and s6m" in unmatched[1].why
    nodes: tuple[tuple[Side, str], ...] = (("test", "s6s2"), ("test", "s6m"), ("gold", "s6m"))
    for side, var in nodes:
        state.selection.select_node(side, var)
        assert panel.table.selectionModel().selectedRows() and state.selection.triple is None  # its row shown
        panel.step_mismatch(1)
        assert state.selection.triple is unmatched[0], (side, var)
        state.selection.select_triple(None)
        state.selection.select_node("test", "")
        state.selection.select_node(side, var)
        panel.step_mismatch(-1)
        assert state.selection.triple is unmatched[-1], (side, var)
        panel.step_mismatch(-1)  # chosen now: on from it
        assert state.selection.triple is unmatched[-2]
        state.selection.select_triple(None)
        state.selection.select_node("test", "")
    state.shutdown()


def test_triples_csv():
    assert triples_csv([]) == CSV_HEADER + "\n"


def test_csv_of_the_pair(state):
    lines = triples_csv(state.selection.triple_rows).splitlines()
    assert lines[0] == CSV_HEADER and len(lines) == 5
    assert (
        "label differs,(b/book :poss i/i),(p/paper :part i/i),0.5000,p i,b i,\"same aligned ends, role :poss"
        in lines[4]
    )


def widths(panel):
    header = panel.table.horizontalHeader()
    return [header.sectionSize(c) for c in range(header.count())]


def text_width(panel, number):
    metrics = panel.table.fontMetrics()
    return max(metrics.horizontalAdvance(text) for text in column(panel, number))


def test_why_and_the_triples_share_the_width(qtbot, reentrant):
    """In the room of the triples tab at 1366x768 (about 800 px) the reasons get a column that
    shows their start and the triples most of the rest (tryout u14: why was 40 px wide); in a
    wide panel the triples are shown whole and why takes the rest. Cut triples are whole in
    their tooltips."""
    _, panel = reentrant
    panel.resize(800, 300)
    panel.show()
    qtbot.waitExposed(panel)
    room = panel.table.viewport().width()
    category, test, gold, similarity, why = widths(panel)
    assert category + test + gold + similarity + why <= room  # nothing out of sight sideways
    assert why >= 100 and min(test, gold) > why  # room for a reason's start; the triples first
    assert test >= text_width(panel, 1)  # whole: a partner of the same name is not repeated (u → u′)
    row = next(r for r in range(panel.proxy.rowCount()) if panel.proxy.index(r, 1).data())
    assert panel.proxy.index(row, 1).data(Qt.ItemDataRole.ToolTipRole).startswith(panel.proxy.index(row, 1).data())
    panel.resize(1800, 300)
    qtbot.waitUntil(lambda: panel.table.viewport().width() > 1500)
    category, test, gold, similarity, why = widths(panel)
    assert test >= text_width(panel, 1) and gold >= text_width(panel, 2)  # whole
    assert sum(widths(panel)) == panel.table.viewport().width() and why > text_width(panel, 4) / 2


@pytest.mark.parametrize("width", [810, 600])  # the triples tab at 1366x768; narrower still
def test_long_triples_leave_why_a_readable_start(qtbot, tmp_path, width):
    """A 30-node UMR pair's long triples in the triples tab's room at 1366x768: each of the
    triples and why first gets up to 18 characters, so why is never cut to a few characters
    (it was, by the triples' longer texts); the rest goes by what each still wants."""
    state = scored_state(tmp_path, UMR_VERSIONS)
    assert state.selection.select_pair_id("snt16")
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    panel.resize(width, 300)
    panel.show()
    qtbot.waitExposed(panel)
    readable = 18 * panel.table.fontMetrics().averageCharWidth()
    _, test, gold, _, why = widths(panel)
    assert min(text_width(panel, k) for k in (1, 2, 4)) > readable  # long texts in all three
    assert min(test, gold, why) >= readable, (test, gold, why)
    assert sum(widths(panel)) <= panel.table.viewport().width()
    if width == 810:  # most triples whole (96 of 122 cells were cut: every end repeated its namesake partner)
        metrics, margin = panel.table.fontMetrics(), 8
        cut = [
            text
            for k, room in ((1, test), (2, gold))
            for text in column(panel, k)
            if metrics.horizontalAdvance(text) + margin > room
        ]
        assert len(cut) <= 2 * panel.proxy.rowCount() // 3, len(cut)
    state.shutdown()


def test_differing_tops_are_a_row_of_their_own(qtbot, tmp_path):
    """The tops not aligned to each other (mock Smatch's root triple, AnCast paper §2.3.1) are a
    *top differs* row with its reason, as in the Adjudication view; the relations' counts stay."""
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text("# ::id heavy\n(h / heavy :domain (i / it))\n")
    gold.write_text("# ::id heavy\n(h / have-degree-91 :ARG1 (i / it) :ARG2 (h2 / heavy))\n")
    state = scored_state(tmp_path, (test, gold))
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    top = panel.model.rows[0]
    assert top.category is Category.TOP_DIFFERS and str(top.test) == "top: h/heavy"
    assert top.why == "test top h is aligned to gold h2; the gold top is h"
    assert panel.counts.text().endswith("  top differs: 1")
    assert panel.counts.text().startswith("matched: ")
    panel.category.setCurrentIndex(panel.category.findData(Category.TOP_DIFFERS.value))
    assert panel.proxy.rowCount() == 1
    state.shutdown()


def test_choosing_the_top_row_highlights_the_top_nodes(qtbot, tmp_path):
    from .ui_support import shown_window

    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text("# ::id heavy\n(h / heavy :domain (i / it))\n")
    gold.write_text("# ::id heavy\n(h / have-degree-91 :ARG1 (i / it) :ARG2 (h2 / heavy))\n")
    window = shown_window(qtbot, tmp_path, (test, gold))
    top = window.state.selection.triple_rows[0]
    window.state.selection.select_triple(top)
    for scene in (window.graphs.test_scene, window.graphs.gold_scene):
        assert {key for key, item in scene.node_items.items() if item.emphasis == "highlight"} == {"h"}
    window.close()
