"""Nothing stale and nothing unexplained: every panel after a filter that keeps no pair, after
another corpus is loaded, with no files, after a cancelled first load, and on an unreadable pair."""

import pytest
from PySide6.QtCore import Qt

from engine.metrics.triples import Category
from ui.app_state import AppState
from ui.state.files import AnnotatorFiles
from ui.state.tasks import ScoreRequest, ScoringOutcome, read_and_score

from .ui_support import SPEC_PAIR, SYS_PAIR, broken_pair, score_now, shown_window, temporary_settings

EMPTY = "No pair matches the filter \u201cno such words\u201d"


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, SPEC_PAIR)


def test_a_filter_that_keeps_nothing_clears_and_explains_every_panel(window):
    window.state.selection.select_pair_id("read")
    window.state.selection.select_node("test", "h")
    window.find_bar.edit.setText("book")
    window.find_bar.search(reveal=True)
    window.state.selection.set_filter("no such words")
    assert window.state.selection.pair is None
    graphs = window.graphs
    assert graphs.test_box.title() == "Test" and graphs.gold_box.title() == "Gold"  # no old header
    assert not graphs.test_scene.node_items and not graphs.gold_scene.node_items
    assert window.pair_view.header.text().startswith(EMPTY) and window.pair_view.scores.item(0, 0) is None
    assert (
        window.penman_panel.test_text.toPlainText() == ""
        and window.penman_panel.test_text.placeholderText().startswith(EMPTY)
    )
    assert window.alignment_panel.model.rowCount() == 0 and window.alignment_panel.note.text().startswith(EMPTY)
    assert window.triples_panel.model.rowCount() == 0 and window.triples_panel.counts.text().startswith(EMPTY)
    assert window.triples_panel.detail.text() == ""
    assert window.corpus_panel.note.isVisibleTo(window.corpus_panel) and window.corpus_panel.note.text().startswith(
        EMPTY
    )
    assert window.heatmaps.trace is None and window.heatmaps.headline.text() == ""  # not "could not be read"
    assert window.heatmaps.message.text().startswith(EMPTY) and not window.heatmaps.readout.isVisibleTo(window.heatmaps)
    assert "could not be read" not in window.heatmaps.initial.text()
    assert window.find_bar.matches == [] and window.find_bar.count.text() == "no pair"  # and not red
    assert window.find_bar.edit.styleSheet() == ""
    assert window.document_panel.model.rowCount() == 0
    assert graphs.test_box.note.text().startswith(EMPTY)
    window.state.selection.set_filter("nor these")  # still nothing: every explanation names the new filter
    for text in (
        window.pair_view.header.text(),
        window.alignment_panel.note.text(),
        window.triples_panel.counts.text(),
        window.penman_panel.gold_text.placeholderText(),
        graphs.gold_box.note.text(),
    ):
        assert text.startswith("No pair matches the filter \u201cnor these\u201d"), text
    window.state.selection.set_filter("")
    assert window.state.selection.pair is not None and not window.corpus_panel.note.isVisibleTo(window.corpus_panel)
    assert window.pair_view.header.text().startswith("<b>Pair")


def test_another_corpus_leaves_nothing_of_the_first(qtbot, window):
    window.state.selection.select_pair_id("read")
    window.state.selection.select_node("test", "h")
    window.triples_panel.table.selectRow(0)
    window.heatmaps.readout.setText("S[read-01, read-03] = 0.9000")  # as a hover leaves it
    score_now(window.state, *SYS_PAIR)
    result = window.state.selection.pair
    assert result.id == "sentence 1"  # the new corpus's first pair (not the index selected before, 1)
    assert window.state.selection.node is None and window.state.selection.triple is None
    assert window.pair_view.header.text() == "<b>Pair 1</b> &middot; sentence 1"  # numbered from 1
    assert set(window.graphs.test_scene.node_items) >= {node.var for node in result.test.nodes}
    assert window.graphs.test_box.title().startswith("Test: ")
    assert window.penman_panel.test_text.toPlainText().startswith(result.test.penman.splitlines()[0][:3])
    assert window.triples_panel.model.rows == window.state.selection.triple_rows
    assert window.triples_panel.table.selectionModel().selectedRows() == []
    assert window.alignment_panel.model.rowCount() == len(result.test.nodes) + sum(
        1 for j in range(len(result.gold.nodes)) if j not in result.alignment.test_of
    )
    assert "read-01" not in window.heatmaps.readout.text()  # no readout of the other corpus
    assert window.penman_panel.test_text.extraSelections() == []


def test_another_corpus_starts_unfiltered_and_a_filter_may_hide_it_entirely(window):
    window.state.selection.select_pair_id("read")
    window.state.selection.set_filter("fry")
    assert window.state.selection.pair.id == "fry"
    score_now(window.state, *SYS_PAIR)  # other files: their first pair, no filter kept
    assert window.state.selection.filter_text == "" and window.state.selection.pair is not None
    window.state.selection.set_filter("fry")  # no sentence of it mentions fry
    assert window.state.selection.pair is None
    assert not window.graphs.test_scene.node_items and window.graphs.test_box.title() == "Test"
    assert window.pair_view.header.text().startswith("No pair matches the filter \u201cfry\u201d (5 pairs hidden)")
    assert window.penman_panel.test_text.toPlainText() == "" and window.triples_panel.model.rowCount() == 0


def test_no_files_and_a_cancelled_first_load(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None)
    text = window.pair_view.header.text()
    assert text.startswith("No files are open") and "Ctrl+O" in text
    assert window.corpus_panel.note.text() == window.state.selection.empty_text()
    assert window.triples_panel.counts.text().startswith("No files are open")
    state = window.state
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    outcome = read_and_score(ScoreRequest(AnnotatorFiles.of(SYS_PAIR), state.scoring.params))
    outcome.corpus.cancelled = True
    outcome.corpus.pairs = outcome.corpus.pairs[:2]
    state.show_scores(ScoringOutcome(outcome.files, outcome.loaded, outcome.corpus))
    assert messages[-1] == "Cancelled after 2 of 5 pairs; nothing is loaded."
    assert state.scoring.corpus is None and window.pair_view.header.text().startswith("No files are open")


def test_an_unreadable_pair_shows_its_readable_side_and_what_is_wrong(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, broken_pair(tmp_path))
    window.state.selection.select_pair(window.state.scoring.corpus.pairs[1])
    test, gold = window.penman_panel.panes["test"], window.penman_panel.panes["gold"]
    assert test.note.isVisibleTo(test) and test.note.text() == (
        "Could not be read - line 5: unbalanced parenthesis: '(' opened on line 5 is never closed"
    )
    assert not gold.note.isVisibleTo(gold) and gold.text.toPlainText().startswith("(l / like-01")
    assert window.graphs.test_box.note.text().startswith("Could not be read: ")
    assert window.graphs.gold_box.note.text() == "Not compared: the other graph could not be read."
    assert set(window.graphs.gold_scene.node_items) >= {"l", "g", "c"}  # the readable side is drawn
    assert window.alignment_panel.note.text().startswith("No alignment: the pair could not be read")
    assert window.triples_panel.counts.text() == "No triples: the pair could not be read."
    assert window.pair_view.scores.item(0, 0).text() == "—"


def test_plurals(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    score_now(state, *broken_pair(tmp_path))
    assert messages[-1].startswith("3 pairs from broken_test.amr") and "2 scored; 1 could not be read" in messages[-1]
    state.selection.set_filter("error")
    assert messages[-1] == "1 of 3 pairs shown."
    state.shutdown()
    window = shown_window(qtbot, tmp_path, SPEC_PAIR)
    window.state.selection.select_pair_id("fry")  # one node against one node
    assert window.graphs.test_box.title() == "Test: 1 node, 3 relations"
    assert window.alignment_panel.note.text() == "1 aligned pair, 0 unaligned nodes."
    assert Category.ONLY_IN_TEST.value in window.triples_panel.counts.text()
    assert window.triples_panel.table.model().headerData(3, Qt.Orientation.Horizontal) == "S"


def test_an_unreadable_side_is_numbered_with_its_file_lines_and_its_error_line_shaded(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, broken_pair(tmp_path))
    window.state.selection.select_pair(
        window.state.scoring.corpus.pairs[1]
    )  # "two": lines 4-5, '(' of line 5 never closed
    panel = window.penman_panel
    test, gold = panel.panes["test"], panel.panes["gold"]
    assert test.text.toPlainText() == "# ::id two\n(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))"
    assert (test.text.first, test.text.marked, test.error_lines) == (4, frozenset({5}), [1])
    assert test.text.margin.isVisible() and test.text.margin_width() > 0
    assert test.text.viewportMargins().left() == test.text.margin_width()  # the text beside the numbers
    assert gold.text.first is None and not gold.text.margin.isVisible()  # a readable side: as before

    def shaded(pane):
        return {(s.cursor.blockNumber(), s.format.background().color().name()) for s in pane.text.extraSelections()}

    assert shaded(test) == {(1, "#ffcdd2")} and test.text.textCursor().blockNumber() == 1
    window.state.selection.select_node("gold", "g")  # selecting elsewhere keeps the error line shaded
    assert (1, "#ffcdd2") in shaded(test) and (1, "#ffe0b2") in shaded(gold)
    image = test.text.margin.grab().toImage()  # the numbers are painted
    assert any(image.pixelColor(x, y).name() != "#f0f0f0" for x in range(image.width()) for y in range(image.height()))
    window.state.selection.select_pair(window.state.scoring.corpus.pairs[0])
    assert test.text.first is None and not test.text.margin.isVisible() and test.error_lines == []
