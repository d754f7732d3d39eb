"""Going through disagreements and finding nodes: the Qt-free rules, then the window's Go menu,
the find box and the tooltips the tables share with the graphs."""

import pytest
from PySide6.QtCore import QEvent, QKeyCombination, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from engine.read import read_graph
from engine.scoring import PairResult, score_graphs
from ui.common.navigation import disagrees, find_nodes, next_position
from ui.pair.comparison_panel import READABLE_SCALE

from .conftest import FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST
from .ui_support import SPEC_PAIR, SYS_PAIR, UMR_VERSIONS, broken_pair, scored_state, shown_window

LR_COLUMN = 5


def pair_of(test_text, gold_text):
    test, gold = read_graph(test_text), read_graph(gold_text)
    alignment, tallies = score_graphs(test, gold)
    return PairResult(0, None, test, gold, alignment=alignment, tallies=tallies)


def test_next_position_goes_round():
    wanted = {1, 3}.__contains__
    assert next_position(5, None, 1, wanted) == (1, False)
    assert next_position(5, 1, 1, wanted) == (3, False)
    assert next_position(5, 3, 1, wanted) == (1, True)
    assert next_position(5, None, -1, wanted) == (3, False)
    assert next_position(5, 1, -1, wanted) == (3, True)
    assert next_position(5, 3, 1, {3}.__contains__) == (3, True)  # the only one: itself, after going round
    assert next_position(0, None, 1, wanted) == (None, False)
    assert next_position(5, 2, 1, lambda k: False) == (None, False)


def test_which_pairs_disagree(tmp_path):
    state = scored_state(tmp_path, SYS_PAIR)
    # sentences 3 and 5 have every F1 at 1 (see the corpus table); the others do not
    assert state.scoring.corpus is not None
    assert [r.id for r in state.scoring.corpus.pairs if disagrees(r)] == ["sentence 1", "sentence 2", "sentence 4"]
    state.shutdown()
    state = scored_state(tmp_path, broken_pair(tmp_path))
    assert state.scoring.corpus is not None
    assert [disagrees(r) for r in state.scoring.corpus.pairs] == [True, True, False]  # go-02/go-01; unreadable; same
    state.shutdown()


def test_find_nodes_by_variable_concept_or_value():
    result = pair_of(READ_TEST, READ_GOLD)  # h/he - s/she, h2/house - h2/home, b/book - p/paper
    assert find_nodes(result, "h") == [("test", "h"), ("test", "h2")]  # variable first; partners left out
    assert find_nodes(result, "HOME") == [("gold", "h2")]
    assert find_nodes(result, "paper") == [("gold", "p")]
    assert find_nodes(result, "  ") == [] and find_nodes(None, "h") == []
    fry = pair_of(FRY_TEST, FRY_GOLD)  # constants 5, -, imperative / 7, -
    assert find_nodes(fry, "imperative") == [("test", "=2")]
    assert find_nodes(fry, "-") == [("test", "f"), ("test", "=1"), ("gold", "=1")]  # fry-03 has a "-" too
    assert find_nodes(fry, "fry") == [("test", "f")]  # stir-fry-01 is f's partner


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, SYS_PAIR)


def test_next_and_previous_disagreeing_pair(window):
    state, go = window.state, window.action_set
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    assert state.selection.pair.id == "sentence 1"
    go["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 2"
    go["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 4"  # sentence 3 agrees everywhere
    go["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 1" and messages[-1] == "Went round to the first pair that disagrees."
    go["previous_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 4" and messages[-1] == "Went round to the last pair that disagrees."
    selected = window.corpus_panel.table.selectionModel().selectedRows()
    assert [window.corpus_panel.proxy.result(index.row()).id for index in selected] == ["sentence 4"]


def test_the_next_disagreement_follows_the_table_as_sorted_and_filtered(window):
    state = window.state
    window.corpus_panel.table.sortByColumn(LR_COLUMN, Qt.SortOrder.AscendingOrder)  # LR F1: 0.4, 0.59, 0.7, 1, 1
    state.selection.select_pair_id("sentence 4")
    window.action_set["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 1"
    window.action_set["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 2"
    state.selection.set_filter("sentence 3, ok")  # keeps one pair, which agrees
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    window.action_set["next_disagreement"].trigger()
    assert state.selection.pair.id == "sentence 3" and messages == ["No other pair shown disagrees: every F1 is 1."]


def test_next_unmatched_triple_from_the_menu(window):
    state = window.state
    window.workspace.show_perspective("corpus")
    window.action_set["next_mismatch"].trigger()
    assert state.selection.triple is not None and state.selection.triple.category.value != "matched"
    assert window.workspace.current == "pair"  # the triples are shown
    assert window.penman_panel.test_text.extraSelections() or window.penman_panel.gold_text.extraSelections()


def test_a_triple_of_one_graph_is_shown_in_both_at_one_scale(qtbot, tmp_path):
    """F8 on a triple only the test graph has, the graphs fitted small (a 30-node pair at 1366x768):
    the test graph zoomed in to it and the gold graph stayed fitted, Link views on. Both come to
    one readable scale; the gold graph centred where the partners of the triple's ends are."""
    window = shown_window(qtbot, tmp_path, UMR_VERSIONS, size=(1000, 640))
    state, graphs = window.state, window.graphs
    state.selection.select_pair_id("snt16")
    window.workspace.show_perspective("pair")
    QApplication.processEvents()
    graphs.views.fit()
    assert graphs.test_view.scale_factor() < READABLE_SCALE
    window.action_set["next_mismatch"].trigger()
    row = state.selection.triple
    assert row.test is not None and row.gold is None
    assert graphs.gold_view.scale_factor() == graphs.test_view.scale_factor() >= READABLE_SCALE
    partners = [graphs.gold_scene.node_items[node.var].sceneBoundingRect() for node in row.test_partners if node]
    assert partners
    middle = partners[0].united(partners[-1]).center()
    assert (graphs.gold_view.visible_center() - middle).manhattanLength() < 3


def test_the_find_box_says_what_it_finds_whole(qtbot, tmp_path):
    """Its hint is not cut ("... (Ctrl+S..." at 1920x1080); what it finds is in it or its tooltip."""
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    edit = window.find_bar.edit
    QApplication.processEvents()
    room = edit.contentsRect().width() - 2 * edit.height()  # the text margins and the clear button
    assert edit.fontMetrics().horizontalAdvance(edit.placeholderText()) <= room, edit.placeholderText()
    assert "Ctrl+Shift+F" in edit.placeholderText() and "concept" in edit.toolTip()


def test_find_selects_and_centres_the_node_and_its_partner(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    state, bar = window.state, window.find_bar
    state.selection.select_pair_id("read")
    window.workspace.show_perspective("corpus")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.action_set["find"].trigger()
    assert bar.edit.hasFocus()
    qtbot.keyClicks(bar.edit, "h")
    assert bar.matches == [("test", "h"), ("test", "h2")] and bar.count.text() == "1 of 2"
    assert state.selection.node == ("test", "h") and window.workspace.current == "pair"  # the graphs are shown
    assert (
        window.graphs.gold_scene.node_items["s"].pen().color() == window.graphs.test_scene.node_items["h"].pen().color()
    )
    window.graphs.test_view.zoom_by(4.0)  # so that there is somewhere to scroll to
    window.action_set["find_next"].trigger()
    assert state.selection.node == ("test", "h2") and bar.count.text() == "2 of 2"
    for view, scene, key in (
        (window.graphs.test_view, window.graphs.test_scene, "h2"),
        (window.graphs.gold_view, window.graphs.gold_scene, "h2"),
    ):
        centre = scene.node_items[key].sceneBoundingRect().center()
        assert (view.visible_center() - centre).manhattanLength() < 3, key
    window.action_set["find_next"].trigger()
    assert state.selection.node == ("test", "h")  # round to the first
    window.action_set["find_previous"].trigger()
    assert state.selection.node == ("test", "h2")
    bar.edit.clear()
    qtbot.keyClicks(bar.edit, "zzz")
    assert bar.count.text() == "no match" and "background" in bar.edit.styleSheet()


class EmacsEndOfLine(QObject):
    """Ctrl+E claimed by a line edit as Qt's X11 key scheme does (end of line); offscreen Qt has
    the plain scheme, where only End moves there."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and event.keyCombination() == QKeyCombination(
            Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_E
        ):
            event.accept()
        return False


@pytest.mark.parametrize("box", ["find", "filter"])
def test_the_windows_keys_work_in_the_find_and_filter_boxes(qtbot, tmp_path, monkeypatch, box):
    """Ctrl+E just after finding a node opens Export Scores (the find box kept it as "end of
    line" and nothing happened); keys that edit the text stay the box's (Ctrl+Z undoes typing)."""
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    edit = window.find_bar.edit if box == "find" else window.corpus_panel.filter_edit
    window.workspace.show_perspective("corpus")
    window.action_set["find" if box == "find" else "filter"].trigger()
    assert edit.hasFocus()
    emulation = EmacsEndOfLine()
    edit.installEventFilter(emulation)
    qtbot.keyClicks(edit, "h")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    dialogs = []

    def cancel(dialog):
        dialogs.append(dialog.windowTitle())
        return 0

    monkeypatch.setattr(QFileDialog, "exec", cancel)
    qtbot.keyClick(edit, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert dialogs and "Export" in dialogs[0] and edit.text() == "h"
    edit.setFocus()
    undone = []
    window.action_set["undo"].triggered.connect(lambda: undone.append(1))
    qtbot.keyClick(edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert edit.text() == "" and not undone  # the box's own undo


def test_the_find_box_looks_again_in_the_pair_selected_and_a_miss_there_is_not_red(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    state, bar = window.state, window.find_bar
    state.selection.select_pair_id("read")
    qtbot.keyClicks(bar.edit, "fry")
    assert bar.count.text() == "no match" and "background" in bar.edit.styleSheet()  # typed: red
    state.selection.select_pair_id("fry")
    # found again in another pair, none shown yet: how many, said so ("1" read as "1 of 1", shown)
    assert bar.matches == [("test", "f")] and bar.count.text() == "1 match" and bar.edit.styleSheet() == ""
    window.action_set["find_next"].trigger()
    assert bar.count.text() == "1 of 1" and state.selection.node == ("test", "f")
    state.selection.select_pair_id("read")  # the text kept, looked for in this pair: a miss, said in grey
    assert bar.edit.text() == "fry" and bar.matches == []
    assert bar.count.text() == "not in this pair" and bar.edit.styleSheet() == ""
    window.action_set["find_next"].trigger()  # asked again here: red
    assert bar.count.text() == "no match" and "background" in bar.edit.styleSheet()
    bar.edit.clear()
    qtbot.keyClicks(bar.edit, "h")
    state.selection.select_pair_id("fry")
    state.selection.select_pair_id("read")
    assert bar.count.text() == "2 matches"


def test_the_find_box_stays_in_place_whatever_its_count_says(qtbot, tmp_path):
    """ "1 of 1", "not in this pair", "no match", "no pair": the box does not move (it shifted
    left when the count's text grew), and the count is never cut."""
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    state, bar = window.state, window.find_bar
    state.selection.select_pair_id("fry")
    qtbot.keyClicks(bar.edit, "fry")
    QApplication.processEvents()
    place, width = bar.edit.mapTo(window, QPoint(0, 0)), bar.edit.width()
    seen = []
    for change in (
        lambda: window.action_set["find_next"].trigger(),  # 1 of 1
        lambda: state.selection.select_pair_id("read"),  # not in this pair
        lambda: window.action_set["find_next"].trigger(),  # no match
        lambda: state.selection.set_filter("no such words"),  # no pair
    ):
        change()
        QApplication.processEvents()
        seen.append(bar.count.text())
        assert bar.edit.mapTo(window, QPoint(0, 0)) == place and bar.edit.width() == width, bar.count.text()
        assert bar.count.fontMetrics().horizontalAdvance(bar.count.text()) <= bar.count.contentsRect().width()
    assert seen == ["1 of 1", "not in this pair", "no match", "no pair"]


def test_tables_show_the_graphs_tooltips(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    window.state.selection.select_pair_id("read")
    panel = window.alignment_panel
    row = next(number for number, row in enumerate(panel.model.rows) if row.test is not None and row.test.var == "h")
    tip = panel.model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == window.graphs.test_scene.node_items["h"].toolTip()
    assert "aligned to gold s / she" in tip and "S = " in tip and "fixed in: " in tip
    assert (
        panel.model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
        == window.graphs.gold_scene.node_items["s"].toolTip()
    )
    panel.table.selectRow(row)
    assert window.state.selection.node == ("test", "h")
    window.state.selection.select_node("gold", "p")
    selected = panel.table.selectionModel().selectedRows()
    assert [panel.model.rows[index.row()].gold.var for index in selected] == ["p"]
    triples = window.triples_panel
    number = next(k for k in range(triples.proxy.rowCount()) if triples.proxy.item(k).test.target == "h")
    assert window.graphs.test_scene.node_items["h"].toolTip() in triples.proxy.index(number, 1).data(
        Qt.ItemDataRole.ToolTipRole
    )
