"""The document-level panel alone with a state."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle

from ui.corpus.document_panel import DocumentPanel

from .conftest import required
from .ui_support import SPEC_PAIR, UMR_PAIR, UMR_VERSIONS, score_now, scored_state


def test_the_document_of_the_selected_sentence(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert required(panel.scores.item(0, 0)).text() == "0.5000"  # modal F1 of the sample (F1 first, modal first)
    assert panel.is_available()
    assert {row[0] for row in panel.model.rows} == {"modal", "temporal"}
    assert panel.title.text().startswith("Document level · ")  # one document: none named ("of the document")
    state.shutdown()


def test_amr_has_no_document(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert panel.title.text().startswith("Document level: open UMR files") and panel.model.rows == []
    assert not panel.is_available()
    state.shutdown()


def test_available_only_while_the_files_have_documents(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    changes: list[bool] = []
    panel.availability_changed.connect(changes.append)
    score_now(state, *UMR_PAIR)
    score_now(state, *SPEC_PAIR)
    assert changes == [True, False]
    state.shutdown()


def test_a_side_without_document_level_relations_is_named(qtbot, tmp_path):
    """nw_afp_0024 v2 (gold) has no document-level annotation: every relation is "only in test"
    and gold's recall n/a; the title says why rather than leaving 0.0000 to be puzzled over."""
    state = scored_state(tmp_path, UMR_VERSIONS)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    assert {row[1] for row in panel.model.rows} == {"only in test"}
    assert "gold has no document-level annotation: every relation is only in test" in panel.title.text()
    score_now(state, *UMR_PAIR)  # both sides annotated: no such note
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert "no document-level annotation" not in panel.title.text()
    state.shutdown()


def test_an_unaligned_test_variable_is_named_so(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_VERSIONS)  # test s17s3 and s4h have no gold partner
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    tests = [row[2] for row in panel.model._cells]
    assert "(s17p :full-affirmative s17s3 (unaligned))" in tests
    assert "(s17s3 (unaligned) :after s17h3)" in tests
    assert not any("?" in text for text in tests)
    assert "no gold partner" in panel.title.text() and "(unaligned)" in panel.title.text()
    tip = panel.model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "(unaligned)" in tip and "no gold partner" in tip
    state.shutdown()


def test_scores_beside_the_relations_when_wide_above_when_narrow(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    narrow_height = panel.minimumSizeHint().height()  # never shown: beside, the least height behind a tab
    panel.resize(1000, 300)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.scores.geometry().right() < panel.table.geometry().left()
    assert panel.scores.geometry().top() < panel.table.geometry().top() < panel.scores.geometry().bottom()
    panel.resize(500, 500)
    qtbot.waitUntil(lambda: panel.width() == 500)
    QApplication.processEvents()
    assert panel.scores.geometry().bottom() < panel.table.geometry().top()
    assert panel.minimumSizeHint().height() > narrow_height + 40  # above: more height asked
    panel.hide()  # behind another tab: the least height again
    assert panel.minimumSizeHint().height() == narrow_height
    state.shutdown()


def test_test_and_gold_share_the_width_by_their_texts(qtbot, tmp_path):
    """The two versions of nw_afp_0024: many relations only in test, whose Gold cell is empty;
    the Test column is no longer cut to half while Gold is wide and empty (tryout u02)."""
    state = scored_state(tmp_path, UMR_VERSIONS)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    QApplication.processEvents()
    metrics, header = panel.table.fontMetrics(), panel.table.horizontalHeader()
    longest = [max(metrics.horizontalAdvance(row[k]) for row in panel.model._cells) for k in (2, 3)]
    test, gold = header.sectionSize(2), header.sectionSize(3)
    assert sum(header.sectionSize(c) for c in range(4)) <= panel.table.viewport().width()
    assert longest[0] > longest[1] and test > gold  # the longer texts get the wider column
    assert test >= min(longest[0], 0.5 * panel.table.viewport().width())
    state.shutdown()


@pytest.mark.parametrize("width", [460, 810])  # the document tab at 1366x768 in Corpus and in Pair
def test_at_its_room_at_1366_no_score_is_cut_and_both_relations_are_readable(qtbot, tmp_path, width):
    """The scores are whole ("0.0..." before, beside the relations in Pair), and Test and Gold
    each show a readable start of their relations - up to 18 characters - before the longer
    one takes more."""
    state = scored_state(tmp_path, UMR_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    panel.resize(width, 260)
    panel.show()
    qtbot.waitExposed(panel)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    QApplication.processEvents()
    grid, margins = panel.scores, 2 * (panel.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    for row in range(grid.rowCount()):
        for column in range(grid.columnCount()):
            item = grid.item(row, column)
            assert item is not None
            assert grid.columnWidth(column) >= QFontMetrics(item.font()).horizontalAdvance(item.text()) + margins
    metrics, header = panel.table.fontMetrics(), panel.table.horizontalHeader()
    longest = {k: max(metrics.horizontalAdvance(row[k]) for row in panel.model._cells) for k in (2, 3)}
    assert longest[2] > 18 * metrics.averageCharWidth() and longest[3] > 18 * metrics.averageCharWidth()
    for column in (2, 3):
        assert header.sectionSize(column) >= 18 * metrics.averageCharWidth(), column
    state.shutdown()
